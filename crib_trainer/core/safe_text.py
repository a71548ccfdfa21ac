"""Untrusted text made safe to show: one rule for every place text reaches a person.

Text from outside (a puzzle file someone shared, a name, a line of a batch file, an
argument) may hold control characters that a terminal obeys: ESC sequences that set the
clipboard or the window title, clear the screen, or bidirectional overrides that make
text read differently from what it is. Wherever such text is shown or printed, every C0
control (but the newline and tab where lines are allowed), DEL, every C1 control, the
bidirectional controls and the line and paragraph separators are written as ``\\uXXXX``:
visible, the same in text and inside a JSON string (where it is a valid escape). So is a
lone surrogate: Python's stand-in for a byte that is not UTF-8 in an argument or a file
name (``\\udc9b`` for the byte 0x9b), which would otherwise be written back as that raw
byte (0x9b is the C1 control CSI to an 8-bit terminal).

>>> shown("Count it.\\x1b]52;c;ZWNobyBwd25lZA==\\x07")
'Count it.\\\\u001b]52;c;ZWNobyBwd25lZA==\\\\u0007'
>>> shown("B\\udc9b[2J")
'B\\\\udc9b[2J'
>>> shown("two\\nlines"), shown("two\\nlines", lines=True)
('two\\\\u000alines', 'two\\nlines')
>>> csv_cell("=HYPERLINK(1)"), csv_cell("-3"), csv_cell("plain")
("'=HYPERLINK(1)", "'-3", 'plain')
"""

from __future__ import annotations

import re

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_SURROGATES = "\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}\u2028\u2029{_SURROGATES}]")
_UNSAFE_ONE_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}\u2028\u2029{_SURROGATES}]")


#: The ASCII characters of each pattern: ASCII text is checked for them in C, bytewise,
#: many times faster than the pattern scans it (a ``discard --batch`` line is 6 KB).
_ASCII_UNSAFE = bytes([*range(9), *range(11, 32), 127])
_ASCII_UNSAFE_ONE_LINE = bytes([*range(32), 127])


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def shown(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character a terminal would obey written as
    ``\\uXXXX``. With ``lines=True`` newlines and tabs are kept (a note of several lines);
    otherwise the text stays on one line."""
    if text.isascii():
        raw = text.encode("ascii")
        if len(raw.translate(None, _ASCII_UNSAFE if lines else _ASCII_UNSAFE_ONE_LINE)) == len(raw):
            return text
    pattern = _UNSAFE if lines else _UNSAFE_ONE_LINE
    return pattern.sub(_escape, text)


def is_safe(text: str, *, lines: bool = True) -> bool:
    """Whether ``text`` holds nothing :func:`shown` would escape."""
    pattern = _UNSAFE if lines else _UNSAFE_ONE_LINE
    return pattern.search(text) is None


#: What a spreadsheet reads as the start of a formula (OWASP: CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A cell for a CSV file that a spreadsheet will show, never run: a cell that starts
    like a formula gets a leading apostrophe (as OWASP advises), and control characters
    are escaped as by :func:`shown`."""
    text = shown(text)
    return f"'{text}" if text.startswith(_FORMULA_START) else text

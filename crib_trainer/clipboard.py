"""Copy text to the clipboard: pyperclip first, else the terminal's OSC 52 sequence.

Never raises for a missing clipboard: the result says what happened, in one sentence.
"""

from __future__ import annotations

import base64
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

import pyperclip


@dataclass(frozen=True, slots=True)
class CopyResult:
    method: str | None  # "pyperclip", "osc52" or None when nothing could copy
    message: str

    @property
    def ok(self) -> bool:
        return self.method is not None


def osc52_sequence(text: str) -> str:
    """The escape sequence that asks a terminal to put ``text`` on its clipboard.

    >>> osc52_sequence("hi")
    '\\x1b]52;c;aGk=\\x07'
    """
    payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f"\x1b]52;c;{payload}\x07"


def _open_terminal() -> TextIO | None:
    """The controlling terminal, or None when there is none (pipes, CI)."""
    if os.environ.get("CRIB_TRAINER_NO_TTY"):
        return None
    try:
        return open("/dev/tty", "w", encoding="utf-8")
    except OSError:
        # (the command line escapes control characters on stderr; this one is meant)
        stderr = getattr(sys.stderr, "unescaped", sys.stderr)
        return stderr if stderr.isatty() else None


def copy_text(text: str, send_osc52: Callable[[str], None] | None = None) -> CopyResult:
    """Copy ``text``; say which way it went, or why it could not.

    ``send_osc52`` writes the OSC 52 request when pyperclip has no clipboard to use; a
    full-screen app passes its own writer (Textual's ``App.copy_to_clipboard``), the
    command line leaves it to us to write to the terminal.
    """
    try:
        pyperclip.copy(text)
        if _arrived(text):
            return CopyResult("pyperclip", "Copied to the clipboard.")
    except (pyperclip.PyperclipException, OSError, ValueError):
        pass  # no clipboard tool here, or it failed: try the terminal instead
    if send_osc52 is not None:
        send_osc52(text)
        return CopyResult("osc52", _OSC52_SENT)
    terminal = _open_terminal()
    if terminal is None:
        return CopyResult(
            None,
            "Could not copy: no clipboard tool worked (install xclip, xsel or wl-clipboard) "
            "and no terminal to send OSC 52 to.",
        )
    try:
        terminal.write(osc52_sequence(text))
        terminal.flush()
    finally:
        if terminal is not getattr(sys.stderr, "unescaped", sys.stderr):
            terminal.close()
    return CopyResult("osc52", _OSC52_SENT)


def _arrived(text: str, tries: int = 5) -> bool:
    """Whether the clipboard now holds ``text``. pyperclip does not check that its tool
    worked (xclip with a stale DISPLAY fails quietly), so read it back; a few times, as
    xclip's background process may take the selection a moment after xclip returns."""
    for attempt in range(tries):
        if _lines(pyperclip.paste()) == _lines(text):
            return True
        if attempt + 1 < tries:
            time.sleep(0.05 * (attempt + 1))
    return False


def _lines(text: str) -> str:
    """Text as clipboards may hand it back: Windows line ends, a newline added at the end."""
    return text.replace("\r\n", "\n").rstrip("\n")


_OSC52_SENT = "Sent to the terminal's clipboard (OSC 52); it arrives if your terminal allows it."

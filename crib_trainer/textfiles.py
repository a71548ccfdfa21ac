"""Reading text files from outside (puzzle files, game logs) without trusting them.

A file named by a user, or shared by another player, may be no file at all (a FIFO that
blocks for ever, ``/dev/zero`` that never ends), huge, binary, or TOML nested so deep
that the parser recurses itself to death. :func:`read_text_file` reads only regular files,
within a size and a line length, as UTF-8 (:func:`read_text_stream`: the same limits on
standard input); :func:`check_toml_shape` refuses nesting and dotted keys past sane limits
before ``tomllib`` sees the text. Each refusal is a :class:`TextFileError` (a
``ValueError``) with one sentence naming the file and the limit.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.toml"
>>> _ = path.write_text("x = [[[1]]]\\n")
>>> check_toml_shape(read_text_file(path, what="puzzle file"), name="a.toml")
>>> check_toml_shape("x = " + "[" * 40 + "]" * 40, name="b.toml")
Traceback (most recent call last):
...
crib_trainer.textfiles.TextFileError: b.toml: nesting deeper than 32 levels (line 1)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TextIO

#: Limits for files read from outside: far above any real puzzle file or game log.
MAX_BYTES = 1_000_000
MAX_LINE = 10_000
MAX_DEPTH = 32
MAX_KEY_PARTS = 64


class TextFileError(ValueError):
    """A file that is not one crib-trainer will read, and why (one sentence)."""


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_text_file(
    path: Path | str, *, what: str, max_bytes: int = MAX_BYTES, max_line: int = MAX_LINE
) -> str:
    """The text of ``path``, a regular file of UTF-8 (a byte order mark is skipped), at
    most ``max_bytes`` long with no line over ``max_line`` characters. Anything else — a
    FIFO, a device, a folder, a file too big or not text — is refused without blocking,
    with a :class:`TextFileError`; a file that cannot be opened raises ``OSError``."""
    name = str(path)
    info = os.stat(path)  # (follows links: a link to /dev/zero is a device)
    if not stat.S_ISREG(info.st_mode):
        raise TextFileError(f"{name} is {_kind_of(info.st_mode)}, not a {what}")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # (swapped since the stat)
            raise TextFileError(f"{name} is not a regular file, not a {what}")
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TextFileError(f"{name} is over {max_bytes:,} bytes: too big for a {what}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise TextFileError(
            f"{name} is not UTF-8 text (byte {err.start + 1}): not a {what}"
        ) from None
    return _short_lines(text, name=name, what=what, max_line=max_line)


def read_text_stream(
    stream: TextIO, *, name: str, what: str, max_chars: int = MAX_BYTES, max_line: int = MAX_LINE
) -> str:
    """All of ``stream`` (standard input, a pipe), read as :func:`read_text_file` reads a
    file: at most ``max_chars`` characters with no line over ``max_line``. An endless
    stream (``yes``, ``/dev/zero``) is refused once past the limit, in bounded memory.

    >>> import io
    >>> read_text_stream(io.StringIO("x" * 20), name="standard input", what="log", max_chars=8)
    Traceback (most recent call last):
    ...
    crib_trainer.textfiles.TextFileError: standard input is over 8 characters: too big for a log
    """
    text = stream.read(max_chars + 1)
    if len(text) > max_chars:
        raise TextFileError(f"{name} is over {max_chars:,} characters: too big for a {what}")
    return _short_lines(text, name=name, what=what, max_line=max_line)


def _short_lines(text: str, *, name: str, what: str, max_line: int) -> str:
    """``text``, if no line of it is over ``max_line`` characters."""
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > max_line:
            raise TextFileError(
                f"{name}: line {number} is over {max_line:,} characters, too long for a {what}"
            )
    return text


def check_toml_shape(
    text: str, *, name: str, max_depth: int = MAX_DEPTH, max_key_parts: int = MAX_KEY_PARTS
) -> None:
    """Refuse TOML nested deeper than ``max_depth`` arrays and inline tables, or a line
    with a dotted key of more than ``max_key_parts`` parts, before a parser sees it (a
    recursive parser can exhaust the stack or memory on such input). Strings and
    comments are skipped, so brackets and dots inside them do not count."""
    depth = 0
    i, n = 0, len(text)
    line = 1
    dots = 0
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            dots = 0
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            end = _skip_string(text, i)
            line += text.count("\n", i, end)
            i = end
            continue
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise TextFileError(f"{name}: nesting deeper than {max_depth} levels (line {line})")
        elif ch in "]}":
            depth = max(depth - 1, 0)
        elif ch == "." and not _in_number(text, i):
            dots += 1
            if dots >= max_key_parts:
                raise TextFileError(
                    f"{name}: a key of more than {max_key_parts} dotted parts (line {line})"
                )
        i += 1


def _in_number(text: str, i: int) -> bool:
    """Whether the dot at ``i`` is a decimal point (a digit on each side)."""
    return 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()


def _skip_string(text: str, start: int) -> int:
    """The index just past the TOML string that starts at ``start`` (or the end of the
    text for one never closed: the parser will report it)."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    close = quote * 3 if triple else quote
    i = start + len(close)
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text.startswith(close, i):
            end = i + len(close)
            if triple:  # up to two quotes just before the closing three are in the string
                while end < min(i + 5, len(text)) and text[end] == quote:
                    end += 1
            return end
        if not triple and text[i] == "\n":
            return i  # a single-line string cannot span lines
        i += 1
    return len(text)

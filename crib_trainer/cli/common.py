"""What every command shares: errors, the parser class, common options, input and copy."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import select
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn, TextIO

from crib_trainer.core.safe_text import shown

PROG = "crib-trainer"


class SafeText(io.TextIOBase):
    """A text stream that writes through :func:`~crib_trainer.core.safe_text.shown`: every
    control character a terminal would obey is written as ``\\uXXXX`` (newlines and tabs
    pass). ``unescaped`` is the stream beneath, for writers that must send a control
    character on purpose (the clipboard's OSC 52, ``match``'s progress bar)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.unescaped = stream

    def write(self, text: str) -> int:
        """Write ``text`` with its control characters shown, not obeyed."""
        self.unescaped.write(shown(text, lines=True))
        return len(text)

    def flush(self) -> None:
        """Flush the stream beneath."""
        self.unescaped.flush()

    def isatty(self) -> bool:
        """Whether the stream beneath is a terminal."""
        return self.unescaped.isatty()

    def fileno(self) -> int:
        """The file descriptor of the stream beneath."""
        return self.unescaped.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of the stream beneath."""
        return getattr(self.unescaped, "encoding", "utf-8")


class ClosedStream(io.TextIOBase):
    """Standard output the shell closed (``>&-``: ``sys.stdout`` is None): writing to it
    fails as a closed descriptor does, so the command says so in one line."""

    def write(self, text: str) -> int:
        """Fail: there is nowhere to write."""
        raise OSError(errno.EBADF, "standard output is closed")


class UsageError(Exception):
    """A mistake in what the user typed; shown as one line, exit status 2."""


def terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` reads it (``COLUMNS``, then
    standard output's terminal, else 80), without importing :mod:`shutil`: it brings in
    three compression modules, a twentieth of the start-up of ``score``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, its width from :func:`terminal_columns` (argparse makes a
    formatter for every option it adds, each importing :mod:`shutil` for the width)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2), not a usage dump (what
    was typed is quoted on that line, a newline in it written ``\\u000a``), and the help's
    width read without :mod:`shutil` (:class:`HelpFormatter`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Exit 2 with one line naming what was wrong (argparse's errors, made safe to print)."""
        self.exit(2, f"{self.prog}: error: {shown(message)} (see --help)\n")


def writes_suits(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding holds the suits. When it does not (a file redirected
    on Windows is cp1252, an old terminal Latin-1), the stream is set to write any
    character it cannot hold as ``\\uXXXX`` (still valid inside a JSON string) rather
    than fail, and the caller writes cards as ``--ascii`` does.

    >>> import io
    >>> writes_suits(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    True
    >>> cp1252 = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    >>> writes_suits(cp1252), cp1252.errors
    (False, 'backslashreplace')
    """
    try:
        "♠♥♦♣".encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeError, LookupError):
        pass
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # (one that cannot change: as it is)
            reconfigure(errors="backslashreplace")
    return False


def output_options() -> argparse.ArgumentParser:
    """``--json`` and ``--ascii``, for every command that prints cards or results."""
    parent = Parser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print JSON instead of text")
    parent.add_argument("--ascii", action="store_true", help="write cards as 5H rather than 5♥")
    return parent


def variant_option() -> argparse.ArgumentParser:
    """The shared ``--variant`` option (default six-card), for commands that take one."""
    from crib_trainer.core.variants import VARIANTS  # (not loaded to open the trainer)

    parent = Parser(add_help=False)
    parent.add_argument(
        "--variant",
        default="six-card",
        metavar="V",
        help=f"game variant: {', '.join(VARIANTS)} (default six-card)",
    )
    return parent


def open_input(name: str, what: str) -> TextIO:
    """Open a file of lines to read (``-`` is standard input) as UTF-8, skipping a byte order
    mark (as Windows editors write), lines ending in any of ``\n``, ``\r\n`` or ``\r``
    (standard input as a file); bad bytes spoil only their line."""
    if name == "-":
        if sys.stdin is None:  # (closed by the shell: <&-)
            raise UsageError(f"cannot read {what} '-': standard input is closed")
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(encoding="utf-8-sig", errors="replace", newline=None)
        return sys.stdin
    try:
        return open(name, encoding="utf-8-sig", errors="replace")
    except OSError as err:
        raise UsageError(f"cannot read {what} '{shown(name)}': {err.strerror}") from None


def copy_to_clipboard(text: str) -> None:
    """Copy ``text`` and say on stderr how (or why not)."""
    from crib_trainer.clipboard import copy_text

    print(copy_text(text).message, file=sys.stderr)


#: The longest line a batch file may have: a deal is a few dozen characters, so a line
#: past this is not a deal (a binary file, ``/dev/zero``) and reading it would not end.
MAX_LINE = 10_000


def read_lines(source: TextIO, what: str) -> Iterator[tuple[int, str]]:
    """Each line of ``source`` with its number, reading at most :data:`MAX_LINE` characters
    at a time: a longer line stops the reading with a :class:`UsageError` naming it."""
    number = 0
    while True:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            raise UsageError(
                f"line {number} of the {what} is longer than {MAX_LINE:,} characters; "
                "give one deal a line in a text file"
            )
        yield number, line


def run_batch(
    name: str, record: Callable[[str], dict[str, Any] | str], out: TextIO, what: str
) -> int:
    """One JSON line out for each line in: ``record(line)`` (a record, or its JSON text),
    or ``{"line": N, "error": …}`` when the line is bad (the rest go on). Blank lines and
    ``#`` comments are skipped. Exit status 2 if any line was bad, with one line on stderr
    saying how many. A line too long to be a deal stops the batch (see
    :func:`read_lines`)."""
    return run_batches(name, lambda lines: [attempt(record, line) for line in lines], out, what)


def attempt(work: Callable[[str], Any], line: str) -> Any:
    """``work(line)``, or the :class:`ValueError` (a bad card, say) it raised."""
    try:
        return work(line)
    except ValueError as err:  # (CardError is one)
        return err


#: Lines a batch writes at once when its output is not a terminal (a pipe or a file): a
#: write per line costs a system call each, and a reader woken for each.
BLOCK = 512


def run_batches(
    name: str,
    records: Callable[[list[str]], list[Any]],
    out: TextIO,
    what: str,
    size: int = 1,
    *,
    safe: bool = False,
) -> int:
    """:func:`run_batch` with the lines taken a chunk at a time: ``records(lines)`` gives
    each line's record (or its JSON text), or the :class:`ValueError` that made the line
    bad, so that one piece of work serves many lines, and the chunk's lines are written at
    once. A chunk is ``size`` lines at a terminal, :data:`BLOCK` (or ``size`` if more) into
    a pipe or a file (``records`` gives the same records whatever the chunk). A chunk
    ends early when no more input is waiting (:func:`input_waiting`), so lines typed at a
    terminal, or written to a pipe by a program that waits for each answer, are answered
    as they come. ``safe`` says that every record given as text
    holds nothing :func:`~crib_trainer.core.safe_text.shown` would change, so it is
    written to ``out``'s stream beneath as it is (the rest, error records among them,
    are still made safe)."""
    import json  # (here, not at the top: most commands print no JSON, and it costs 1 ms)

    bad = 0
    target = out.unescaped if safe and isinstance(out, SafeText) else out
    block = size if _is_terminal(target) else max(size, BLOCK)
    with open_input(name, "batch file") as source:
        lines = read_lines(source, "batch file")
        waiting = (lambda: True) if _is_file(source) else (lambda: input_waiting(source))
        for chunk in _chunks(lines, block, waiting):
            results = records([line for _, line in chunk])
            texts = []
            for (number, _), result in zip(chunk, results, strict=True):
                if isinstance(result, ValueError):
                    result = {"line": number, "error": str(result)}
                    bad += 1
                if isinstance(result, str):
                    texts.append(result)
                else:
                    text = json.dumps(result, ensure_ascii=False)
                    texts.append(text if target is out else shown(text, lines=True))
            texts.append("")
            target.write("\n".join(texts))
            target.flush()
    if bad:
        print(
            f"{PROG}: {bad} line(s) could not be {what}; see their error records", file=sys.stderr
        )
        return 2
    return 0


def _is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` writes to a terminal (a stream that cannot say is taken as one:
    line by line is never wrong, only slower)."""
    try:
        return stream.isatty()
    except (AttributeError, OSError, ValueError):
        return True


def _is_file(source: TextIO) -> bool:
    """Whether ``source`` reads a regular file, whose input never waits for a writer.

    >>> import io
    >>> with open(__file__) as source:
    ...     _is_file(io.StringIO("5H")), _is_file(source)
    (False, True)
    """
    import stat

    try:
        return stat.S_ISREG(os.fstat(source.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        return False


def input_waiting(source: TextIO) -> bool:
    """Whether reading ``source`` now would not wait for its writer: a file, a pipe or
    a terminal with input (or its end) ready. A stream without a file descriptor (text
    in memory) never waits.

    >>> import io
    >>> input_waiting(io.StringIO("5H 5C 5S JD 5D"))
    True
    """
    try:
        ready, _, _ = select.select([source.fileno()], [], [], 0)
    except (AttributeError, OSError, ValueError):  # no descriptor, or one select refuses
        return True
    return bool(ready)


def _chunks(
    lines: Iterator[tuple[int, str]], size: int, waiting: Callable[[], bool]
) -> Iterator[list[tuple[int, str]]]:
    """The numbered lines that are not blank or ``#`` comments, at most ``size`` at a
    time, a chunk ending early when ``waiting()`` says the next line is not yet written;
    the lines read before a line too long to be a deal are given before it stops the
    batch.

    >>> numbered = enumerate(["5H\\n", "# note\\n", "6H\\n", "7H\\n"], start=1)
    >>> [len(c) for c in _chunks(numbered, 2, lambda: True)]
    [2, 1]
    """
    chunk: list[tuple[int, str]] = []
    try:
        for number, line in lines:
            if line.strip() and not line.lstrip().startswith("#"):
                chunk.append((number, line))
                if len(chunk) == size or not waiting():
                    yield chunk
                    chunk = []
    except UsageError:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk

"""What every command shares: errors, the parser class, common options, input and copy."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TextIO

from crib_trainer.core.rules import VARIANTS

PROG = "crib-trainer"


class UsageError(Exception):
    """A mistake in what the user typed; shown as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def output_options() -> argparse.ArgumentParser:
    """``--json`` and ``--ascii``, for every command that prints cards or results."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print JSON instead of text")
    parent.add_argument("--ascii", action="store_true", help="write cards as 5H rather than 5♥")
    return parent


def variant_option() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--variant",
        default="six-card",
        metavar="V",
        help=f"game variant: {', '.join(VARIANTS)} (default six-card)",
    )
    return parent


def open_input(name: str, what: str) -> TextIO:
    """Open a file of lines to read (``-`` is standard input) as UTF-8, skipping a byte order
    mark (as Windows editors write); bad bytes spoil only their line."""
    if name == "-":
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(encoding="utf-8-sig", errors="replace")
        return sys.stdin
    try:
        return open(name, encoding="utf-8-sig", errors="replace")
    except OSError as err:
        raise UsageError(f"cannot read {what} {name!r}: {err.strerror}") from None


def copy_to_clipboard(text: str) -> None:
    """Copy ``text`` and say on stderr how (or why not)."""
    from crib_trainer.clipboard import copy_text

    print(copy_text(text).message, file=sys.stderr)


def run_batch(name: str, record: Callable[[str], dict[str, Any]], out: TextIO, what: str) -> int:
    """One JSON line out for each line in: ``record(line)``, or ``{"line": N, "error": …}``
    when the line is bad (the rest go on). Blank lines and ``#`` comments are skipped.
    Exit status 2 if any line was bad, with one line on stderr saying how many."""
    from crib_trainer.core.cards import CardError

    bad = 0
    with open_input(name, "batch file") as source:
        for number, line in enumerate(source, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                result = record(line)
            except (CardError, ValueError) as err:
                result = {"line": number, "error": str(err)}
                bad += 1
            print(json.dumps(result, ensure_ascii=False), file=out, flush=True)
    if bad:
        print(
            f"{PROG}: {bad} line(s) could not be {what}; see their error records", file=sys.stderr
        )
        return 2
    return 0

"""What every command shares: errors, the parser class, common options, input and copy."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, TextIO

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
    """Open a file of lines to read (``-`` is standard input); bad bytes spoil only their line."""
    if name == "-":
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        return sys.stdin
    try:
        return open(name, encoding="utf-8", errors="replace")
    except OSError as err:
        raise UsageError(f"cannot read {what} {name!r}: {err.strerror}") from None


def copy_to_clipboard(text: str) -> None:
    """Copy ``text`` and say on stderr how (or why not)."""
    from crib_trainer.clipboard import copy_text

    print(copy_text(text).message, file=sys.stderr)

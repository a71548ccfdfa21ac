"""The command line: ``crib-trainer score|discard|peg|odds|stats|puzzles|game|match|winprob``;
with no subcommand, the trainer.

Every command prints text for people by default and stable JSON with ``--json``.
Bad input exits with status 2 and one line on stderr, never a traceback. Each command
lives in its own module with an ``add_parser(sub)`` that registers it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import TextIO, cast

from crib_trainer.cli import discard, game, match, odds, peg, puzzles, score, stats, winprob
from crib_trainer.cli.common import PROG, Parser, SafeText, UsageError
from crib_trainer.core.cards import CardError
from crib_trainer.core.pegging import PlayError
from crib_trainer.core.safe_text import shown

COMMANDS = (score, discard, peg, odds, stats, puzzles, game, match, winprob)


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Cribbage trainer: with no command, opens the trainer in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _version() -> str:
    """The installed version (from the package's metadata)."""
    try:
        return metadata.version("crib-trainer")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


#: The most words, and the longest word, a command line may have: past these it is not
#: something a person typed (a runaway script, a file pasted in), and saying so beats
#: working through it.
MAX_WORDS = 1000
MAX_WORD = 10_000


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line (``argv`` without the program name); with no command, open the
    trainer. Returns the exit status. Everything printed goes through one rule for
    untrusted text (:mod:`crib_trainer.core.safe_text`): no control character reaches the
    terminal, whatever was typed or read."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from crib_trainer.ui.app import run as run_trainer

        run_trainer()
        return 0
    raw_stderr = sys.stderr
    sys.stderr = SafeText(raw_stderr)
    try:
        return _run(argv, SafeText(out or sys.stdout))
    except KeyboardInterrupt:  # (before a command runs: while parsing, loading)
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    finally:
        sys.stderr = raw_stderr


def _run(argv: list[str], out: SafeText) -> int:
    if len(argv) > MAX_WORDS or any(len(word) > MAX_WORD for word in argv):
        print(
            f"{PROG}: error: the command line is too long ({len(argv)} words, the longest "
            f"{max(map(len, argv))} characters; at most {MAX_WORDS} words of "
            f"{MAX_WORD} characters): put long input in a file and use --batch",
            file=sys.stderr,
        )
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace, TextIO], int] | None = getattr(args, "run", None)
    if run is None:
        from crib_trainer.ui.app import run as run_trainer

        run_trainer()
        return 0
    try:
        code = run(args, cast(TextIO, out))  # SafeText is a text stream
        out.flush()  # a full disk or a broken pipe shows here, not at exit
        return code
    except (UsageError, CardError, PlayError, ValueError) as err:
        print(f"{PROG} {args.command}: error: {shown(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG} {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _discard(out.unescaped)
        return 0
    except OSError as err:  # an input or output error: a full disk, a failing device
        _discard(out.unescaped)
        print(
            f"{PROG} {args.command}: error: input/output failed: {err.strerror or err}",
            file=sys.stderr,
        )
        return 1


def _discard(out: TextIO) -> None:
    """Point standard output, if that is ``out``, at the null device, so that Python's
    final flush of what could not be written does not fail again at exit."""
    if out is not sys.stdout:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's StringIO)
        pass

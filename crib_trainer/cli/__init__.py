"""The command line:
``crib-trainer score|discard|peg|odds|stats|coach|puzzles|game|serve|match|winprob``; with no
subcommand, the trainer.

Every command prints text for people by default and stable JSON with ``--json``.
Bad input exits with status 2 and one line on stderr, never a traceback. Each command
lives in its own module with an ``add_parser(sub)`` that registers it; :data:`COMMANDS`
names them, and only the module of the command being run is imported (start-up stays
fast: ``score`` never loads the analysis, nor ``--help`` any command).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TextIO, cast

from crib_trainer.cli.common import (
    PROG,
    ClosedStream,
    Parser,
    SafeText,
    UsageError,
    writes_suits,
)
from crib_trainer.core.safe_text import shown

#: Every command, in the order ``--help`` lists them, with its one-line help. The command
#: ``NAME`` is the module ``crib_trainer.cli.NAME``, whose ``add_parser(sub)`` registers it
#: (with this same help): a new command is one line here and its module.
COMMANDS: dict[str, str] = {
    "score": "count a hand or crib, item by item; judge a claim",
    "discard": "rank every throw to the crib by exact expected points",
    "peg": "score a sequence of play, or rank the plays for the next card",
    "odds": "exact distribution of show scores",
    "stats": "your progress: accuracy, speed, streaks, weak spots",
    "coach": "the habits behind your mistakes, what they cost, what to practise",
    "puzzles": "check or list the curated puzzles",
    "game": "replay or analyse a game log: every ruling and result; every decision graded",
    "serve": "the trainer as a web page (each browser tab its own trainer)",
    "users": "the members who sign in to `serve --users`",
    "match": "play computer against computer and report the results",
    "winprob": "the chance to win from a score",
}


def build_parser(command: str | None = None, others: bool = True) -> Parser:
    """The parser, with ``command``'s own subparser built from its module and the other
    commands as names and help only (enough for ``--help`` and for an unknown command's
    error); with ``others`` false, the other commands are left out (each costs a parser
    of its own, and running ``command`` needs none of them)."""
    parser = Parser(
        prog=PROG,
        description="Cribbage trainer: with no command, opens the trainer in the terminal.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, help_text in COMMANDS.items():
        if name == command:
            import_module(f"{__name__}.{name}").add_parser(sub)
        elif others:
            sub.add_parser(name, help=help_text)
    return parser


class _Version(argparse.Action):
    """``--version``: the installed version, read from the package's metadata only when
    asked (reading it costs more than the rest of start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        kwargs.setdefault("nargs", 0)
        super().__init__(option_strings, dest, **kwargs)  # type: ignore[arg-type]

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _version() -> str:
    """The installed version (from the package's metadata)."""
    from importlib import metadata

    try:
        return metadata.version("crib-trainer")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def _command_word(argv: Sequence[str]) -> str | None:
    """The command named on the line: the first word that is not an option (the top-level
    options take no value)."""
    return next((word for word in argv if not word.startswith("-")), None)


#: The most words, and the longest word, a command line may have: past these it is not
#: something a person typed (a runaway script, a file pasted in), and saying so beats
#: working through it.
MAX_WORDS = 1000
MAX_WORD = 10_000


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line (``argv`` without the program name); with no command, open the
    trainer. Returns the exit status. Everything printed goes through one rule for
    untrusted text (:mod:`crib_trainer.core.safe_text`): no control character reaches the
    terminal, whatever was typed or read. Run as the program (``argv`` None), a command
    leaves the process ready to end (:func:`_ready_to_exit`)."""
    program = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        return _open_trainer()
    raw_stderr = sys.stderr
    # (a stream the shell closed is None: errors then go nowhere, output fails in one line)
    sys.stderr = SafeText(raw_stderr or io.StringIO())
    try:
        return _run(argv, SafeText(out or sys.stdout or cast(TextIO, ClosedStream())))
    except KeyboardInterrupt:  # (before a command runs: while parsing, loading)
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    finally:
        sys.stderr = raw_stderr
        if program:
            _ready_to_exit()


def _ready_to_exit() -> None:
    """Put every object out of the cyclic garbage collector's reach (:func:`gc.freeze`),
    for a process that ends next: the interpreter's collections at exit then skip walking
    them all, about 5 ms of a short command's time (``score`` one hand: 52 ms with it, 57
    without). Nothing else changes: objects are freed by their counts as before, and the
    memory goes back with the process."""
    import gc

    gc.freeze()


def _open_trainer() -> int:
    """Open the trainer, the garbage collector paused until its first screen is drawn
    (:mod:`crib_trainer.ui.startup`: a tenth of its start-up)."""
    from crib_trainer.ui.startup import pause_collector

    pause_collector()
    from crib_trainer.ui.app import run as run_trainer

    return run_trainer()  # (1 when the history file refused what the session made)


def _run(argv: list[str], out: SafeText) -> int:
    if len(argv) > MAX_WORDS or any(len(word) > MAX_WORD for word in argv):
        print(
            f"{PROG}: error: the command line is too long ({len(argv)} words, the longest "
            f"{max(map(len, argv))} characters; at most {MAX_WORDS} words of "
            f"{MAX_WORD} characters): put long input in a file and use --batch",
            file=sys.stderr,
        )
        return 2
    command = _command_word(argv)
    # The command first on the line is the one run: the others are not needed (a top-level
    # --help before it, or a word that is no command, lists them all).
    parser = build_parser(command, others=command not in COMMANDS or argv[0] != command)
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace, TextIO], int] | None = getattr(args, "run", None)
    if run is None:
        return _open_trainer()
    if not writes_suits(out.unescaped) and getattr(args, "ascii", None) is False:
        args.ascii = True  # (an output that cannot hold ♥: cards as 5H)
    try:
        code = run(args, cast(TextIO, out))  # SafeText is a text stream
        out.flush()  # a full disk or a broken pipe shows here, not at exit
        return code
    except (UsageError, ValueError) as err:  # CardError, PlayError and the rest
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
        what = err.strerror or str(err)
        if err.filename:  # (a file of the package's or the user's: which one)
            what += f": {shown(os.fsdecode(err.filename))}"
        print(f"{PROG} {args.command}: error: input/output failed: {what}", file=sys.stderr)
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

"""The command line run in the test's own process, as ``python -m crib_trainer.cli`` runs it.

A fresh interpreter costs 60–400 ms of start-up a run; tests that check what a command
prints and its exit status, not the process itself, call :func:`crib_trainer.cli.main`
here instead. Tests about the process (start-up imports, signals, a terminal on standard
input, bytes that are not text) keep a real one.

>>> done = run_cli("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "x")
>>> done.returncode, done.stdout, done.stderr.count("\\n")
(2, '', 1)
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from crib_trainer.cli import main


@dataclass(frozen=True)
class Ran:
    """What a run left: its exit status and all it wrote to standard output and error."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*argv: str, stdin: str = "") -> Ran:
    """``crib-trainer ARGV`` with ``stdin`` as standard input: the status is ``main``'s
    answer or the code it exits with (argparse exits 0 after ``--help``, 2 on a usage
    error), as ``sys.exit(main())`` in ``crib_trainer/cli/__main__.py`` makes it. An
    exception ``main`` lets out fails the test, as a traceback would."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exited:
                code = _status(exited.code, err)
    finally:
        sys.stdin = saved
    return Ran(code, out.getvalue(), err.getvalue())


def _status(code: object, err: io.StringIO) -> int:
    """The exit status ``SystemExit(code)`` gives a process: a number as it is, None 0,
    anything else printed to standard error and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)
    return 1

"""``crib-trainer puzzles check|list``: validate the puzzle files; list the puzzles."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import TextIO

from crib_trainer.cli.common import PROG, UsageError, output_options
from crib_trainer.training.puzzles import (
    check_puzzles,
    default_puzzle_dir,
    load_puzzles,
    puzzle_files,
)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``puzzles check|list``."""
    puzzles = sub.add_parser(
        "puzzles",
        help="check or list the curated puzzles",
        description="Check puzzle files (every field, and every answer recomputed by the "
        "engine) or list the puzzles.",
    )
    actions = puzzles.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        parents=[output_options()],
        help="validate puzzle files and recompute every answer",
        description="Validate puzzle files and recompute every answer with the engine. "
        "Each problem names the file, the puzzle id and the field. Exit status 2 if any.",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or folders")
    check.set_defaults(run=cmd_check)
    listing = actions.add_parser(
        "list",
        parents=[output_options()],
        help="list the puzzles by theme",
        description="List the puzzles by theme. A file or puzzle that cannot be read is "
        "reported on stderr (exit status 2); the rest are listed.",
    )
    listing.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or folders")
    listing.add_argument("--theme", help="only this theme")
    listing.set_defaults(run=cmd_list)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer puzzles check``: recompute every puzzle's answer; each problem one line."""
    paths = args.paths or [default_puzzle_dir()]
    result = check_puzzles(paths)
    if args.json:
        payload = {
            "ok": [p.id for p in result.puzzles],
            "problems": [
                {"file": p.file, "puzzle": p.puzzle_id, "field": p.field, "message": p.message}
                for p in result.problems
            ],
        }
        print(json.dumps(payload, ensure_ascii=False), file=out)
    else:
        for problem in result.problems:
            print(problem, file=out)
        files = len(puzzle_files(paths))
        print(
            f"{counted(len(result.puzzles), 'puzzle')} right, "
            f"{counted(len(result.problems), 'problem')}, in {counted(files, 'file')}.",
            file=out,
        )
    return 2 if result.problems else 0


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer puzzles list``: the puzzles by theme."""
    result = load_puzzles(args.paths or [default_puzzle_dir()])
    for problem in result.problems:  # listed apart, so the list itself stays clean
        print(f"{PROG} puzzles: {problem}", file=sys.stderr)
    status = 2 if result.problems else 0
    themes = sorted({p.theme for p in result.puzzles})
    if args.theme and args.theme not in themes:
        raise UsageError(f"no theme {args.theme!r}; the themes are {', '.join(themes) or '(none)'}")
    puzzles = [p for p in result.puzzles if not args.theme or p.theme == args.theme]
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": p.id,
                        "theme": p.theme,
                        "kind": p.kind,
                        "difficulty": p.difficulty,
                        "question": p.question,
                    }
                    for p in puzzles
                ],
                ensure_ascii=False,
            ),
            file=out,
        )
        return status
    for theme, n in Counter(p.theme for p in puzzles).items():
        print(f"{theme} ({n})", file=out)
        for p in (q for q in puzzles if q.theme == theme):
            print(f"  {p.id:<34} {p.kind:<14} {'★' * p.difficulty:<5} {p.question}", file=out)
    return status


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: ``1 file``, ``0 problems``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"

"""``crib-trainer coach``: the habits behind your mistakes, costliest first, with their
evidence and what to practise, over every answer (drills and practice games) and every
game kept with the scorekeeper."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import TextIO

from crib_trainer.cli.common import UsageError


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``coach``."""
    coach = sub.add_parser(
        "coach",
        help="the habits behind your mistakes, what they cost, what to practise",
        description="The habits behind your mistakes, costliest first: each with its "
        "evidence in your words, its state (weak, learning, learnt), its cost in points a "
        "deal and its trend, and what to practise next. Reads every answer (drills and "
        "practice games) and the games kept with the scorekeeper: each game's shows, and "
        "its cards once analysed (--analyse, or the scorekeeper's offer when a game ends).",
        epilog="Examples: coach | coach --json | coach --name Ann --analyse",
    )
    coach.add_argument("--json", action="store_true", help="print the report as JSON")
    coach.add_argument(
        "--name",
        metavar="NAME",
        help="your name in the scorekeeper's games (default: the name in most of them)",
    )
    coach.add_argument(
        "--analyse",
        action="store_true",
        help="grade the cards of games not analysed yet (a few seconds a game; kept)",
    )
    coach.set_defaults(run=cmd_coach)


def _now() -> datetime:
    """The time now (tests replace this)."""
    return datetime.now().astimezone()


def cmd_coach(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer coach``: the coach's report, in words or JSON."""
    from crib_trainer.cli.stats import open_history_to_read
    from crib_trainer.storage.analyses import game_decisions
    from crib_trainer.storage.db import (
        StorageError,
    )
    from crib_trainer.storage.progress import attempts
    from crib_trainer.training.learning.coach import coach

    store = open_history_to_read()
    with store:
        if store.notice:
            print(store.notice, file=sys.stderr)
        try:
            history = attempts(store)
            games, unread = game_decisions(store, name=args.name, analyse=args.analyse)
        except StorageError as err:
            raise UsageError(str(err)) from None
    report = coach(history, now=_now(), games=games)
    if args.json:
        print(json.dumps(report.to_json() | {"not_analysed": unread}), file=out)
        return 0
    for line in report.lines():
        print(line, file=out)
    if unread:
        print(
            f"{unread} game{'s' * (unread != 1)} with only the shows read: "
            "crib-trainer coach --analyse grades their cards (a few seconds a game).",
            file=out,
        )
    return 0

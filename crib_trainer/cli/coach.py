"""``crib-trainer coach``: the habits behind your mistakes, costliest first, with their
evidence and what to practise, over every answer (drills and practice games) and every
game kept with the scorekeeper."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import datetime
from typing import TYPE_CHECKING, TextIO

from crib_trainer.cli.common import UsageError

if TYPE_CHECKING:
    from crib_trainer.storage.db import Store
    from crib_trainer.training.coach import GameDecisions

#: Scorekeeper games read (the most recent first).
GAMES = 10_000


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
    from crib_trainer.storage.db import (
        StorageError,
        StoreTooNewError,
        open_memory_copy,
        open_store,
    )
    from crib_trainer.storage.progress import attempts
    from crib_trainer.training.coach import coach

    try:
        store = open_store()
    except StoreTooNewError as err:
        raise UsageError(str(err)) from None
    except StorageError as err:
        from crib_trainer.cli.stats import history_file_reads

        if not history_file_reads():
            raise UsageError(str(err)) from None
        store = open_memory_copy()
        print(f"{err} Reading your history as it reads now.", file=sys.stderr)
    with store:
        if store.notice:
            print(store.notice, file=sys.stderr)
        try:
            history = attempts(store)
            games, unread = _games(store, args.name, args.analyse)
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


def usual_name(names: list[tuple[str, ...]]) -> str | None:
    """The name in the most games (you play in all of yours; your opponents change), ties
    to the one in the most recent game; names compare without case.

    >>> usual_name([("Ann", "Bob"), ("ann", "Cy"), ("Bob", "Dee")])
    'ann'
    """
    counts = Counter(n.lower() for game in names for n in set(game))
    if not counts:
        return None
    best = max(counts.values())
    for game in names:  # (the most recent first)
        for n in game:
            if counts[n.lower()] == best:
                return n.lower()
    return None  # pragma: no cover - the loop always finds one


def _games(store: Store, name: str | None, analyse: bool) -> tuple[list[GameDecisions], int]:
    """Your graded decisions in each finished scorekeeper game (as kept, else the shows
    only, or analysed now with ``analyse``), and how many have their shows only."""
    from crib_trainer.storage.analyses import FOLDER, finished_with_analyses, save_analysis
    from crib_trainer.training.game_analysis import analyse_game

    folder = store.path.parent / FOLDER
    if name is None:  # (the name in most games: read once, names only)
        rows = store.read("SELECT game FROM games WHERE finished = 1 ORDER BY updated_at DESC")
        name = usual_name([_names(text) for (text,) in rows])
    me = (name or "").lower()

    def mine(names: tuple[str, ...]) -> str | None:
        return next((n for n in names if n.lower() == me), None)

    saved = finished_with_analyses(store, folder, GAMES, player=mine)
    out, shows_only = [], 0
    for s in saved:
        names = [n.lower() for n in s.names]
        if s.partners:
            continue  # (partners share a name: whose card is whose is not known)
        analysis = s.analysis
        if analysis is None:
            game = s.game()
            if analyse:
                analysis = analyse_game(game, when=s.updated_at)
                save_analysis(folder, game, analysis)
            else:
                analysis = analyse_game(game, when=s.updated_at, cards=False)
                shows_only += 1
        out.append(analysis.decisions(names.index(me), f"game {s.id}"))
    return out, shows_only


def _names(text: str) -> tuple[str, ...]:
    """The names of a saved game's JSON (none if it does not read)."""
    try:
        return tuple(str(n) for n in json.loads(text)["config"]["names"])
    except (ValueError, KeyError, TypeError):
        return ()

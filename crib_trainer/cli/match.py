"""``crib-trainer match``: computer against computer, the engine's own benchmark."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TextIO

from crib_trainer.cli.common import UsageError, output_options, variant_option
from crib_trainer.core.rules import RULESETS, get_ruleset, get_variant

STRENGTHS = ("expert", "good", "beginner")  # analysis.players.PLAYERS, without numpy
MAX_GAMES = 1_000_000
#: Runs of at least this many games use every core unless --workers says otherwise.
POOL_FROM = 100


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``match PLAYER PLAYER`` (games, seed, variant, rules, workers)."""
    match = sub.add_parser(
        "match",
        parents=[output_options(), variant_option()],
        help="play computer against computer and report the results",
        description=(
            "Play games between two computer players (expert, good, beginner) and report "
            "the wins, lurches and skunks, the first dealer's win rate and the mean points "
            "per deal as dealer and as pone (pegging, hand, crib). Two-player games only."
        ),
    )
    match.add_argument("first", metavar="PLAYER", help="expert, good or beginner")
    match.add_argument("second", metavar="PLAYER", help="expert, good or beginner")
    match.add_argument("--games", type=int, default=100, metavar="N", help="games (default 100)")
    match.add_argument("--seed", type=int, default=0, metavar="S", help="seed (default 0)")
    match.add_argument(
        "--rules",
        metavar="R",
        help=f"rule set for lurches and skunks: {', '.join(RULESETS)} (default: the target's)",
    )
    match.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help=f"processes (default: every core for {POOL_FROM} games or more, else 1)",
    )
    match.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    match.set_defaults(run=cmd_match)


def _check(args: argparse.Namespace) -> None:
    for name in (args.first, args.second):
        if name not in STRENGTHS:
            raise UsageError(f"unknown player {name!r}; choose {', '.join(STRENGTHS)}")
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise UsageError(f"--workers must be 1 to 256, not {args.workers}")
    variant = get_variant(args.variant)
    if variant.players != 2:
        raise UsageError(
            f"the match plays two-player games (six-card, five-card), not {variant.name}"
        )
    if args.rules is not None:
        get_ruleset(args.rules)


class ProgressBar:
    """``[#####.....] 120/200 games`` on one line of stderr, redrawn as games finish."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.started = time.perf_counter()

    def __call__(self, done: int) -> None:
        filled = self.width * done // self.total
        rate = done / max(time.perf_counter() - self.started, 1e-9)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} games "
            f"({rate:.1f}/s)"
        )
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def cmd_match(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer match``: computer against computer, the results for each side."""
    _check(args)
    from crib_trainer.analysis.selfplay import run_match, summarise

    variant = get_variant(args.variant)
    workers = args.workers or ((os.cpu_count() or 1) if args.games >= POOL_FROM else 1)
    progress = None
    if not args.quiet and sys.stderr.isatty():
        progress = ProgressBar(args.games, sys.stderr)
    started = time.perf_counter()
    records = run_match(
        args.first,
        args.second,
        games=args.games,
        seed=args.seed,
        variant=variant,
        ruleset=args.rules,
        workers=workers,
        progress=progress,
    )
    summary = summarise(records, (args.first, args.second), seconds=time.perf_counter() - started)
    if args.json:
        print(json.dumps(summary), file=out)
        return 0
    _print_text(summary, variant.name, args.seed, out)
    return 0


def _print_text(summary: dict, variant: str, seed: int, out: TextIO) -> None:
    players = summary["players"]
    games = summary["games"]
    print(
        f"{players[0]} against {players[1]}: {games} {variant} games, seed {seed}, "
        f"{summary['seconds']:.1f} s",
        file=out,
    )
    width = max(len(p) for p in players) + 2
    print(f"{'':{width}}{'wins':>6} {'share':>7}  by kind", file=out)
    for p in players:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(summary["results"][p].items()))
        share = summary["wins"][p] / games
        print(f"{p:{width}}{summary['wins'][p]:>6} {share:>7.1%}  {kinds}", file=out)
    print(f"The first dealer won {summary['first_dealer_wins']:.1%} of the games.", file=out)
    print("Mean points per deal (deals that ended before the game did):", file=out)
    print(f"{'':{width}}{'role':<7}{'pegging':>8}{'hand':>7}{'crib':>7}{'total':>7}", file=out)
    for p in players:
        for role in ("dealer", "pone"):
            row = summary["per_deal"][p][role]
            print(
                f"{p:{width}}{role:<7}{row['pegging']:>8.2f}{row['hand']:>7.2f}"
                f"{row['crib']:>7.2f}{row['total']:>7.2f}",
                file=out,
            )

"""``crib-trainer match``: computer against computer, the engine's own benchmark."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TextIO

from crib_trainer.cli.common import PROG, UsageError, output_options, variant_option
from crib_trainer.core.engine import sides_of
from crib_trainer.core.rules import RULESETS, get_ruleset
from crib_trainer.core.variants import Variant, get_variant

STRENGTHS = ("master", "expert", "good", "beginner")  # analysis.players.PLAYERS, without numpy
MAX_GAMES = 1_000_000
DEFAULT_GAMES = 100
#: Runs of at least this many games use every core unless --workers says otherwise.
POOL_FROM = 100


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``match PLAYER PLAYER`` (games, seed, variant, rules, workers)."""
    match = sub.add_parser(
        "match",
        parents=[output_options(), variant_option()],
        help="play computer against computer and report the results",
        description=(
            "Play games between computer players (master, expert, good, beginner) and report "
            "the wins, lurches and skunks, the first dealer's win rate and the mean points "
            "per deal as dealer and as pone (pegging, hand, crib). Name one player a seat: "
            "two, three with --variant three-player, four (or two, one a side of partners) "
            "with --variant four-player; at a table the wins by the seat taken from the "
            "first dealer come with their 95% interval. --duplicate plays every deal seed "
            "once per seating, the strengths rotated round the seats, so each holds every "
            "hand: a small difference in strength shows through the luck of the cards."
        ),
    )
    match.add_argument(
        "players", metavar="PLAYER", nargs="+", help="master, expert, good or beginner, one a seat"
    )
    match.add_argument(
        "--games",
        type=int,
        metavar="N",
        help="games played (default 100; with --duplicate a multiple of the seatings: "
        "2, or 3 at three players, default 102 there)",
    )
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
    match.add_argument(
        "--duplicate",
        action="store_true",
        help="play each seed once per seating (seats swapped; with three, each strength in "
        "each seat; with four, the sides swapped): shares with 95%% intervals from the seeds",
    )
    match.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    match.set_defaults(run=cmd_match)


def _check(args: argparse.Namespace) -> None:
    """Raise :class:`UsageError` for a bad choice; fill in ``--games``' default."""
    for name in args.players:
        if name not in STRENGTHS:
            raise UsageError(f"unknown player {name!r}; choose {', '.join(STRENGTHS)}")
    variant = get_variant(args.variant)
    per_seed = sides_of(variant)  # (a duplicate match's seatings: duplicate.rotations)
    if args.games is None:  # (100, or with --duplicate the whole seeds from 100 up)
        whole = -(-DEFAULT_GAMES // per_seed) * per_seed
        args.games = whole if args.duplicate else DEFAULT_GAMES
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise UsageError(f"--workers must be 1 to 256, not {args.workers}")
    wanted = (2, 4) if variant.partnerships else (variant.players,)
    if len(args.players) not in wanted:
        each = "one a seat, or two: one a side" if variant.partnerships else "one a seat"
        raise UsageError(
            f"the {variant.name} game takes {variant.players} players ({each}), "
            f"not {len(args.players)}"
        )
    if args.rules is not None:
        get_ruleset(args.rules)
    if args.duplicate and args.games % per_seed:
        raise UsageError(
            f"--games counts games, and --duplicate plays each seed in {per_seed} seatings "
            f"at the {variant.name} game: give a multiple of {per_seed}, not {args.games}"
        )


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
    from crib_trainer.analysis import duplicate, selfplay

    variant = get_variant(args.variant)
    run = duplicate.run_duplicate if args.duplicate else selfplay.run_match
    workers = args.workers or ((os.cpu_count() or 1) if args.games >= POOL_FROM else 1)
    progress = None
    if not args.quiet and sys.stderr.isatty():
        # (its own text, numbers only: the carriage return that redraws it is not escaped)
        progress = ProgressBar(args.games, getattr(sys.stderr, "unescaped", sys.stderr))
    started = time.perf_counter()
    try:
        records = run(
            *args.players,
            games=args.games,
            seed=args.seed,
            variant=variant,
            ruleset=args.rules,
            workers=workers,
            progress=progress,
        )
    except KeyboardInterrupt as stop:
        if progress is not None:
            progress.stream.write("\n")  # (ctrl+c is then said on a line of its own)
        done = getattr(stop, "done", None) or []  # (selfplay.Interrupted: workers stopped)
        kept = _whole_seeds(done, variant) if args.duplicate else done
        if not done:
            raise
        finished = f"{PROG} match: interrupted after {len(done):,} of {args.games:,} games"
        if not kept:
            print(f"{finished}; no seed played in every seating yet: no results", file=sys.stderr)
            return 130
        if args.duplicate:
            seeds = len(kept) // sides_of(variant)
            print(
                f"{finished}; the results of the {len(kept):,} in whole seeds "
                f"({seeds:,} seed{'s' * (seeds != 1)}, every seating played):",
                file=sys.stderr,
            )
        else:
            print(f"{finished}; the results of those finished:", file=sys.stderr)
        _report(args, variant, kept, time.perf_counter() - started, out)
        return 130
    _report(args, variant, records, time.perf_counter() - started, out)
    return 0


def _whole_seeds(records: list, variant: Variant) -> list:
    """The first of ``records`` (a duplicate match's, in order) that make whole seeds."""
    return records[: len(records) - len(records) % sides_of(variant)]


def _report(
    args: argparse.Namespace, variant: Variant, records: list, seconds: float, out: TextIO
) -> None:
    """Print the match's summary of ``records`` (JSON with ``--json``)."""
    from crib_trainer.analysis.duplicate import duplicate_summary
    from crib_trainer.analysis.selfplay import summarise, summarise_table

    if variant.players == 2:
        first, second = args.players
        summary = summarise(records, (first, second), seconds=seconds)
    else:
        summary = summarise_table(records, args.players, variant, seconds=seconds)
    dup = None
    if args.duplicate:
        winners = [record.winner for record in records]
        summary["duplicate"] = dup = duplicate_summary(winners, args.players, variant)
    if args.json:
        print(json.dumps(summary), file=out)
        return
    _print_text(summary, variant.name, args.seed, out)
    if variant.players > 2:
        _print_table(summary, out)
    if dup is not None:
        _print_duplicate(dup, out)


def _print_text(summary: dict, variant: str, seed: int, out: TextIO) -> None:
    players = summary["players"]
    games = summary["games"]
    print(
        f"{' against '.join(players)}: {games} {variant} games, seed {seed}, "
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
        for role, row in summary["per_deal"][p].items():
            print(
                f"{p:{width}}{role:<7}{row['pegging']:>8.2f}{row['hand']:>7.2f}"
                f"{row['crib']:>7.2f}{row['total']:>7.2f}",
                file=out,
            )


def _print_table(summary: dict, out: TextIO) -> None:
    """The seats' places at a table: points per deal by place, wins by first-deal seat."""
    print("Every seat by its place from the dealer, points per deal:", file=out)
    print(f"{'':9}{'pegging':>8}{'hand':>7}{'crib':>7}{'total':>7}", file=out)
    for place, row in summary["per_position"].items():
        print(
            f"{place:9}{row['pegging']:>8.2f}{row['hand']:>7.2f}{row['crib']:>7.2f}"
            f"{row['total']:>7.2f}",
            file=out,
        )
    print("Wins by the seat taken from the first dealer (95% interval):", file=out)
    for place, row in summary["first_deal_seat"].items():
        low, high = row["ci95"]
        print(
            f"{place:9}{row['wins']:>6} of {row['games']}  {row['share']:>6.1%}  "
            f"({low:.1%} to {high:.1%})",
            file=out,
        )


def _print_duplicate(dup: dict, out: TextIO) -> None:
    """The duplicate result: each side's share with its interval from the paired seeds."""
    seatings, seeds = dup["seatings"], dup["seeds"]
    times, how = (("twice", "the seats swapped"), ("three times", "each strength in each seat"))[
        seatings - 2
    ]
    if len(dup["seats"][0]) == 4:
        how = "the sides swapped"
    print(
        f"Duplicate: {seeds:,} deal seeds, each played {times} ({how}; the same "
        f"cards to the same seats), {seeds * seatings:,} games. Each share's 95% interval "
        f"is from the {seeds:,} seeds' totals (the paired seatings), not from the games:",
        file=out,
    )
    sides = dup["sides"]
    width = max(len(label) for label in sides) + 2
    for label, row in sides.items():
        low, high = row["ci95"]
        print(
            f"{label:{width}}{row['wins']:>6} of {seeds * seatings:,}  {row['share']:>6.2%}  "
            f"({low:.2%} to {high:.2%})",
            file=out,
        )
    alike = seeds - dup["differed"]
    won_all = ", ".join(f"{label} {row['won_all']:,}" for label, row in sides.items())
    print(
        f"The seatings came out differently on {dup['differed']:,} of the {seeds:,} seeds "
        f"(of those, the seeds one side won in every seating: {won_all}); on the other "
        f"{alike:,} the same seat won every seating (the cards decided).",
        file=out,
    )
    if seeds > 1 and all(row["ci95"][0] == row["ci95"][1] for row in sides.values()):
        print(
            "Every seed gave each side the same share, so the intervals have no width: "
            "these seeds show no spread, not a certain result.",
            file=out,
        )

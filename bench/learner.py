"""Issue 22's and issue 35's targets for the practice session, measured with scripted
learners.

Run:  python bench/learner.py [--seeds N] [--deals N] [--peg-deals N]

Issue 22: each planted counting mistake (crib_trainer/training/learning/simulate.py) is played by
``--seeds`` seeded learners through ``Session``, 150 answers each, the mistake made up to
answer 50. Issue 35: each habit's learner (counting habits, throwing a 5 to the dealer,
leading a 5), 200 answers each, the habit shown up to answer 50; then a learner with no
weak spot and a slow one, and the fifteens-of-3+ learner's first answers (ask, don't
guess). The base rate is the share of ``--deals`` random deals of the drill's kind holding
the category (``--peg-deals`` for pegging, whose deals are played out; seeded; its standard
error is printed). Shares are pooled over the seeds, with the lowest (or highest) single
seed in brackets. Prints the tables; docs/learning.md keeps a copy.
"""

from __future__ import annotations

import argparse
import compileall
import math
import platform
import time
from collections.abc import Callable
from pathlib import Path

import crib_trainer
from crib_trainer.training.learning.session import HARDER
from crib_trainer.training.learning.simulate import MISTAKES, SLOW_SECONDS, Run, base_rate, play

#: Issue 22's learners (150 answers) and issue 35's habits (200 answers).
COUNTING = ("nobs", "double-run", "crib-flush-trap", "fifteen-3plus", "double-run-pair")
HABITS = ("double-run-four", "hand-four-flush", "heels", "throws-five-to-dealer", "leads-five")


def pooled(runs: list[Run], measure: Callable[[Run], float]) -> tuple[float, float, float]:
    """The mean over the seeds, the lowest seed and the highest."""
    values = [measure(r) for r in runs]
    return sum(values) / len(values), min(values), max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--peg-deals", type=int, default=1000)
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)
    start = time.perf_counter()
    head = (
        "mistake", "base", "1-20 held", "x base", "101-150 held", "x base",
        "named 1st 21-50", "named 1st 101-150", "same cards 1-100",
    )  # fmt: skip
    rows = [head]
    worst_guess = 0.0
    for mistake in COUNTING:
        category = MISTAKES[mistake].category
        base = base_rate(mistake, seed=1, deals=args.deals)
        runs = [play(mistake, seed=s, answers=150, stop_at=50) for s in range(args.seeds)]
        first, first_min, _ = pooled(runs, lambda r: r.share_holding(1, 20))
        late, _, late_max = pooled(runs, lambda r: r.share_holding(101, 150))
        named, named_min, _ = pooled(
            runs, lambda r, c=category: sum(f == c for f in r.weak_first[20:50]) / 30
        )
        named_late, _, _ = pooled(
            runs, lambda r, c=category: sum(f == c for f in r.weak_first[100:150]) / 50
        )
        same, _, _ = pooled(runs, lambda r: r.share_identical(1, 100))
        rows.append(
            (
                mistake,
                f"{100 * base:.1f}% ±{100 * math.sqrt(base * (1 - base) / args.deals):.1f}",
                f"{100 * first:.0f}% [{100 * first_min:.0f}]",
                f"{first / base:.1f}",
                f"{100 * late:.1f}% [max {100 * late_max:.0f}]",
                f"{late / base:.2f}",
                f"{100 * named:.0f}% [{100 * named_min:.0f}]",
                f"{100 * named_late:.0f}%",
                f"{100 * same:.1f}%",
            )
        )
        if mistake == "double-run-pair":
            worst_guess = max(
                max(rate_all or 0.0, now or 0.0)
                for r in runs
                for rates in r.rates
                for rate_all, now in [rates.get("fifteen-3plus", (None, None))]
            )
    table(rows)
    print(
        f"\ndouble-run-pair learner: fifteens of 3+ cards shown missed at most "
        f"{100 * worst_guess:.1f}% (all time or now, any answer, any seed)\n"
    )
    habits(args)
    moving_on(args.seeds)
    asking(args.seeds)
    print(
        f"{args.seeds} seeds x 150 answers a counting mistake, 200 a habit; "
        f"{time.perf_counter() - start:.1f} s; "
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )


def table(rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        cells = zip(r, widths, strict=True)
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(cells)))


def habits(args: argparse.Namespace) -> None:
    """Issue 35: each habit found fast (answers 1-30), let go after the fix at 50 (101-200),
    named first while weak (after answers 21-50) and never after (101-200)."""
    head = (
        "habit", "base", "1-30 held", "x base", "101-200 held", "x base",
        "named 1st 21-50", "named 1st 101-200", "first named",
    )  # fmt: skip
    rows = [head]
    for mistake in HABITS:
        deals = args.peg_deals if MISTAKES[mistake].kind == "peg-play" else args.deals
        base = base_rate(mistake, seed=1, deals=deals)
        runs = [play(mistake, seed=s, answers=200, stop_at=50) for s in range(args.seeds)]
        first, first_min, _ = pooled(runs, lambda r: r.share_holding(1, 30))
        late, _, late_max = pooled(runs, lambda r: r.share_holding(101, 200))
        named, named_min, _ = pooled(runs, lambda r: r.named(21, 50))
        named_late, _, _ = pooled(runs, lambda r: r.named(101, 200))
        found = [
            next((i + 1 for i, f in enumerate(r.weak_first) if f == r.category), 0) for r in runs
        ]
        rows.append(
            (
                mistake,
                f"{100 * base:.1f}% ±{100 * math.sqrt(base * (1 - base) / deals):.1f}",
                f"{100 * first:.0f}% [{100 * first_min:.0f}]",
                f"{first / base:.1f}" if base else "—",
                f"{100 * late:.1f}% [max {100 * late_max:.0f}]",
                f"{late / base:.2f}" if base else "—",
                f"{100 * named:.0f}% [{100 * named_min:.0f}]",
                f"{100 * named_late:.0f}%",
                f"{min(found)}-{max(found)}",
            )
        )
    table(rows)
    print()


def moving_on(seeds: int) -> None:
    """A learner right every time, quick (8 s) or slow (45 s): the share of hands holding a
    run with pairs or a pair royal, and the speed goals given."""
    for seconds in (8.0, SLOW_SECONDS):
        runs = [play("none", seed=s, answers=200, seconds=seconds) for s in range(seeds)]

        def harder(r: Run, first: int, last: int) -> float:
            asked = r.questions[first - 1 : last]
            return sum(bool(set(HARDER) & q.holds) for q in asked) / len(asked)

        early, _, _ = pooled(runs, lambda r: harder(r, 1, 30))
        late, late_min, _ = pooled(runs, lambda r: harder(r, 101, 200))
        goals = sorted({q.goal for r in runs for q in r.questions if q.goal is not None})
        goaled, _, _ = pooled(runs, lambda r: sum(q.goal is not None for q in r.questions) / 200)
        print(
            f"no weak spot, {seconds:.0f} s a hand: runs with pairs or pairs royal in "
            f"{100 * early:.0f}% of answers 1-30, {100 * late:.0f}% of 101-200 (lowest seed "
            f"{100 * late_min:.0f}%); a speed goal on {100 * goaled:.0f}% of questions"
            + (f" ({', '.join(f'{g:.0f} s' for g in goals)})" if goals else "")
        )
    print()


def asking(seeds: int) -> None:
    """The fifteens-of-3+ learner (most of his misses a total several misses explain): what
    answers 4-21 were aimed at besides his weakness, and what the stats named first."""
    runs = [play("fifteen-3plus", seed=s, answers=60) for s in range(seeds)]
    other = sum(
        q.aimed_at not in (None, "fifteen-3plus") and q.reason in ("weak", "confirm")
        for r in runs
        for q in r.questions[3:21]
    )
    first = [next((f for f in r.weak_first if f), None) for r in runs]
    right = sum(f == "fifteen-3plus" for f in first)
    print(
        f"fifteen-3plus learner: {other} of {18 * seeds} questions 4-21 aimed at a weak spot "
        f"or a doubt he counts right; the first weak spot named was his in {right} of "
        f"{seeds} seeds ({', '.join(str(f) for f in first)})"
    )


if __name__ == "__main__":
    main()

"""Issue 22's targets for the practice session, measured with scripted learners.

Run:  python bench/learner.py [--seeds N] [--deals N]

Each planted mistake (crib_trainer/training/simulate.py) is played by ``--seeds`` seeded
learners through ``Session``, 150 answers each, the mistake made up to answer 50. The base
rate is the share of ``--deals`` random deals of the drill's kind holding the category
(seeded; its standard error is printed). Shares are pooled over the seeds, with the lowest
single seed in brackets. Prints one table; docs/learning.md keeps a copy.
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
from crib_trainer.training.simulate import MISTAKES, Run, base_rate, play


def pooled(runs: list[Run], measure: Callable[[Run], float]) -> tuple[float, float, float]:
    """The mean over the seeds, the lowest seed and the highest."""
    values = [measure(r) for r in runs]
    return sum(values) / len(values), min(values), max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20000)
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)
    start = time.perf_counter()
    head = (
        "mistake", "base", "1-20 held", "x base", "101-150 held", "x base",
        "named 1st 21-50", "named 1st 101-150", "same cards 1-100",
    )  # fmt: skip
    rows = [head]
    worst_guess = 0.0
    for mistake in MISTAKES:
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
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        cells = zip(r, widths, strict=True)
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(cells)))
    print(
        f"\ndouble-run-pair learner: fifteens of 3+ cards shown missed at most "
        f"{100 * worst_guess:.1f}% (all time or now, any answer, any seed)"
    )
    print(
        f"{args.seeds} seeds x 150 answers per mistake; {time.perf_counter() - start:.1f} s; "
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )


if __name__ == "__main__":
    main()

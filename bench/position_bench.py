"""Position-aware discard speed (issue 18: ``discard --score`` within 50 ms a hand in a batch).

Run:  python bench/position_bench.py [--hands N] [--seed S]
Analyses N seeded six-card deals (alternately as dealer and pone, at scores drawn from
the last 30 holes of the game), after a warm-up pass that loads the table and the deal
sample: the points analysis alone (``analyse_discards``) and the position-aware one
(``analyse_position``, which includes it), and a whole line of ``discard --batch
--score`` (the analysis, its reason and the JSON), in this process; a line of ``discard
--batch --with-pegging`` (the points analysis with the pegging table); and the whole
command, ``crib-trainer discard --batch - --score ME HIM`` in a fresh process fed every
hand (start-up included), as milliseconds per line. Prints one table of milliseconds
per hand.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.position import analyse_position
from crib_trainer.cli.discard import analysis_json, position_json
from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.variants import SIX_CARD

Job = tuple[tuple[Card, ...], bool, int, int]


def jobs(n: int, seed: int) -> list[Job]:
    rng = random.Random(seed)
    return [
        (tuple(rng.sample(FULL_DECK, 6)), i % 2 == 0, rng.randint(90, 120), rng.randint(90, 120))
        for i in range(n)
    ]


def timed(work: list[Job], run: Callable[[Job], object]) -> list[float]:
    out = []
    for job in work:
        start = time.perf_counter()
        run(job)
        out.append((time.perf_counter() - start) * 1000)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    work = jobs(args.hands, args.seed)
    runs: dict[str, Callable[[Job], object]] = {
        "points (analyse_discards)": lambda j: analyse_discards(j[0], dealer=j[1]),
        "position (analyse_position)": lambda j: analyse_position(
            j[0], dealer=j[1], me=j[2], him=j[3]
        ),
        "a `discard --batch --score` line (JSON with reasons)": lambda j: json.dumps(
            position_json(j[0], j[1], SIX_CARD, (j[2], j[3]))
        ),
        "a `discard --batch --with-pegging` line (JSON with reasons)": lambda j: json.dumps(
            analysis_json(j[0], j[1], SIX_CARD, "random", pegging=True)
        ),
    }
    start = time.perf_counter()
    for run in runs.values():
        timed(work[:5], run)  # warm-up: tables, the deal sample
    warm = (time.perf_counter() - start) * 1000
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{args.hands} hands, seed {args.seed}; first use (warm-up of 5 hands) {warm:.0f} ms")
    print("| analysis | median ms | p90 ms | max ms | mean ms |")
    print("|---|---:|---:|---:|---:|")
    results = {}
    for name, run in runs.items():
        t = timed(work, run)
        results[name] = statistics.fmean(t)
        print(
            f"| {name} | {statistics.median(t):.1f} | {t[int(0.9 * len(t))]:.1f} | "
            f"{t[-1]:.1f} | {results[name]:.1f} |"
        )
    lines = "".join(
        f"{' '.join(c.code for c in j[0])} {'dealer' if j[1] else 'pone'}\n" for j in work
    )
    command = [sys.executable, "-m", "crib_trainer.cli", "discard", "--batch", "-"]
    start = time.perf_counter()
    subprocess.run([*command, "--score", "110", "117"], input=lines, text=True,
                   capture_output=True, check=True)  # fmt: skip
    whole = (time.perf_counter() - start) * 1000 / len(work)
    print(
        f"| the whole `discard --batch - --score 110 117` command, per line | | | | {whole:.1f} |"
    )
    points, position = results["points (analyse_discards)"], results["position (analyse_position)"]
    print(f"position / points (means): {position / points:.2f}")


if __name__ == "__main__":
    main()

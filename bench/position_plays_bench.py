"""Dealing the position drill's plays: how often a try finds a teaching moment, and the
time to deal a question (``training/drills/position_plays.py``).

Run:  python bench/position_plays_bench.py [--tries N] [--questions N] [--seed S]

First N single tries (``deal_try``: a deal played out, one moment late in the play, every
pair of needs tried), counting those that teach (a best chance at least ``TEACHES`` above
the points-best's at some pair of needs), with the milliseconds of each; then N whole
questions (``position_play``, up to ``TRIES`` tries each), counting those that teach and
the seconds each took (wall and CPU: the CPU time is what the load does not inflate). A
warm-up question first loads the win table and the deal sample.
Prints one table.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import time

from crib_trainer.training.drills.position_plays import TEACHES, TRIES, deal_try, position_play


def share(hits: int, n: int) -> str:
    """A share with its binomial standard error."""
    p = hits / n
    return f"{hits}/{n} = {p:.0%} ± {math.sqrt(p * (1 - p) / n):.0%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    position_play(random.Random(0))  # warm-up: the table and the deal sample
    rng = random.Random(args.seed)
    hits, try_ms = 0, []
    for _ in range(args.tries):
        start = time.perf_counter()
        _, teaches = deal_try(rng)
        try_ms.append((time.perf_counter() - start) * 1000)
        hits += teaches
    taught, question_s, question_cpu = 0, [], []
    for seed in range(args.seed, args.seed + args.questions):
        start, cpu = time.perf_counter(), time.process_time()
        d = position_play(random.Random(seed))
        question_s.append(time.perf_counter() - start)
        question_cpu.append(time.process_time() - cpu)
        c = d.chances()
        taught += c.wins[c.best] - c.wins[0] >= TEACHES
    question_s.sort()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"| measure (seed {args.seed}, up to {TRIES} tries a question) | value |")
    print("|---|---|")
    print(f"| tries that teach | {share(hits, args.tries)} |")
    print(f"| ms per try (mean, median, max) | {statistics.mean(try_ms):.0f}, "
          f"{statistics.median(try_ms):.0f}, {max(try_ms):.0f} |")  # fmt: skip
    print(f"| questions that teach | {share(taught, args.questions)} |")
    print(f"| s per question (mean, median, 90th, max) | {statistics.mean(question_s):.2f}, "
          f"{statistics.median(question_s):.2f}, {question_s[int(0.9 * len(question_s))]:.2f}, "
          f"{question_s[-1]:.2f} |")  # fmt: skip
    print(f"| CPU s per question (mean, max) | {statistics.mean(question_cpu):.2f}, "
          f"{max(question_cpu):.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()

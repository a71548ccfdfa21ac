"""Discard analysis speed: every throw of a six-card hand, hand and crib, exactly.

Run:  python bench/discard_bench.py [--hands N] [--seed S] [--variant V]
Measures, in this process: the first-use cost (import, building the rank-multiset
tables, loading the weighted opponent's table), then ``analyse_discards`` on N seeded
deals (alternately as dealer and pone) for each opponent model, after a warm-up pass.
Prints one table in milliseconds per hand.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

T0 = time.perf_counter()
from crib_trainer.analysis.discard import analyse_discards, crib_model, prepare_tables  # noqa: E402
from crib_trainer.core.cards import FULL_DECK, Card  # noqa: E402
from crib_trainer.core.variants import VARIANTS, get_variant  # noqa: E402

IMPORTED = time.perf_counter()


def deals(n: int, seed: int, size: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, size)) for _ in range(n)]


def per_hand_ms(hands: list[tuple[Card, ...]], variant: str, opponent: str) -> list[float]:
    times = []
    for i, hand in enumerate(hands):
        start = time.perf_counter()
        analyse_discards(hand, dealer=i % 2 == 0, variant=variant, opponent=opponent)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variant", default="six-card", choices=list(VARIANTS))
    args = parser.parse_args()
    variant = get_variant(args.variant)

    start = time.perf_counter()
    prepare_tables()
    tables = time.perf_counter() - start
    start = time.perf_counter()
    crib_model(variant.name, True, "weighted")
    crib_model(variant.name, False, "weighted")
    weighted_load = time.perf_counter() - start

    hands = deals(args.hands, args.seed, variant.dealt)
    rows = []
    for opponent in ("random", "weighted"):
        per_hand_ms(hands[:20], variant.name, opponent)  # warm-up
        times = sorted(per_hand_ms(hands, variant.name, opponent))
        p90 = times[int(0.9 * (len(times) - 1))]
        rows.append((opponent, statistics.median(times), p90, max(times)))

    print(
        f"discard analysis, {variant.name}: {args.hands} seeded hands (seed {args.seed}), "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    print(f"{'what':<34} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for opponent, median, p90, worst in rows:
        print(f"{'analyse_discards, ' + opponent:<34} {median:>10.2f} {p90:>8.2f} {worst:>8.2f}")
    print(f"{'first use: import':<34} {(IMPORTED - T0) * 1000:>10.0f}")
    print(f"{'first use: rank-multiset tables':<34} {tables * 1000:>10.0f}")
    print(f"{'first use: weighted opponent table':<34} {weighted_load * 1000:>10.0f}")


if __name__ == "__main__":
    main()

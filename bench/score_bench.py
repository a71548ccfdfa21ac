"""Show-scoring throughput: itemised and total-only, beside the PyPI peer `cribbage-scorer`.

Run:  python bench/score_bench.py [--deals N] [--seed S]
The peer is measured when it is importable (pip install cribbage-scorer into this
environment); otherwise its rows say so. Prints one table.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

from crib_trainer.analysis.tables import score_distribution, show_total
from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.show import score_show


def deals(n: int, seed: int) -> list[tuple[tuple[Card, ...], Card, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        five = rng.sample(FULL_DECK, 5)
        out.append((tuple(five[:4]), five[4], rng.random() < 0.25))
    return out


def rate(fn: Callable[[], object], count: int, repeats: int = 5) -> float:
    """Best of ``repeats`` runs, in deals per second."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    sample = deals(args.deals, args.seed)

    def itemised() -> None:
        for hand, starter, crib in sample:
            score_show(hand, starter, crib=crib)

    def totals() -> None:
        for hand, starter, crib in sample:
            show_total(hand, starter, crib=crib, check=False)

    rows: list[tuple[str, float | None]] = [
        ("crib-trainer itemised (score_show)", rate(itemised, len(sample))),
        ("crib-trainer total only (show_total)", rate(totals, len(sample))),
    ]
    score_distribution.cache_clear()
    start = time.perf_counter()
    dist = score_distribution(4, False)
    rows.append(
        ("crib-trainer exhaustive (numpy, all deals)", dist.total / (time.perf_counter() - start))
    )

    try:
        from cribbage_scorer import cribbage_scorer as peer
    except ImportError:
        peer_rate = None
    else:

        def as_peer(c: Card) -> tuple[int, str]:
            return (int(c.rank), c.suit.value)

        peer_sample = [([as_peer(c) for c in h], as_peer(s), crib) for h, s, crib in sample]
        for (hand, starter, crib), (h, s, _) in zip(sample, peer_sample, strict=True):
            assert peer.show_calc_score(s, h, crib)[0] == score_show(hand, starter, crib=crib).total

        def peer_run() -> None:
            for h, s, crib in peer_sample:
                peer.show_calc_score(s, h, crib)

        peer_rate = rate(peer_run, len(sample), repeats=3)
    rows.append(("cribbage-scorer 0.x show_calc_score (itemised)", peer_rate))

    print(
        f"# {args.deals:,} seeded deals (seed {args.seed}), Python {platform.python_version()}, "
        f"{platform.machine()}"
    )
    print(f"{'what':<48} {'deals/s':>14} {'vs peer':>9}")
    for name, value in rows:
        shown = f"{value:>14,.0f}" if value else f"{'not installed':>14}"
        ratio = f"{value / peer_rate:>8.1f}x" if value and peer_rate else f"{'':>9}"
        print(f"{name:<48} {shown} {ratio}")


if __name__ == "__main__":
    main()

"""Pegging analysis speed: ranking every legal play, from the opening lead to late in the play.

Run:  python bench/pegging_bench.py [--deals N] [--seed S]
Seeded deals are kept the way the pegging drills keep them (the discard analysis when
installed, else the drills' heuristic) and played out; at each stage the player to move's
plays are ranked against a random opponent with a fresh cache (nothing carried over from
one call to the next). Wall-clock seconds per call; prints one table.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from crib_trainer.analysis.pegging import PegSituation, analyse
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.training.drills.pegdrills import deal_moments

STAGES = (
    ("opening lead (0 cards played)", range(0, 1)),
    ("first reply (1 card played)", range(1, 2)),
    ("2-3 cards played", range(2, 4)),
    ("4-5 cards played", range(4, 6)),
    ("6-7 cards played", range(6, 8)),
)
# The slowest opening lead we know of: four low cards in sequence, so the first count can
# take in all eight cards.
LOW_LEAD = PegSituation(
    parse_cards("AH 2H 3C 4D"), (), parse_card("KS"), parse_cards("QS JS"), dealer=False
)


def timed(situation: PegSituation) -> tuple[float, int, int]:
    start = time.perf_counter()
    result = analyse(situation)
    return time.perf_counter() - start, result.holdings, result.states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    samples: dict[str, list[tuple[float, int, int]]] = {name: [] for name, _ in STAGES}
    for _ in range(args.deals):
        for moment in deal_moments(rng):
            played = len(moment.situation.cards_played)
            for name, stage in STAGES:
                if played in stage and len(samples[name]) < args.deals * len(stage):
                    samples[name].append(timed(moment.situation))
    low = [timed(LOW_LEAD) for _ in range(3)]

    print(
        f"# {args.deals} seeded deals (seed {args.seed}), random opponent, "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    print(
        f"{'stage':<36} {'calls':>5} {'median s':>9} {'max s':>7} {'holdings':>9} {'positions':>10}"
    )
    rows = [(name, samples[name]) for name, _ in STAGES]
    rows.append(("opening lead A-2-3-4 (worst known)", low))
    for name, got in rows:
        if not got:
            print(f"{name:<36} {0:>5}")
            continue
        secs = [t for t, _, _ in got]
        print(
            f"{name:<36} {len(got):>5} {statistics.median(secs):>9.3f} {max(secs):>7.3f} "
            f"{max(h for _, h, _ in got):>9,} {max(n for _, _, n in got):>10,}"
        )


if __name__ == "__main__":
    main()

"""Pegging analysis at a table of three or four: ranking the plays, from the opening lead to
late in the play (issue 20).

Run:  python bench/pegging_table_bench.py [--deals N] [--seed S] [--samples N]
Seeded deals of four cards a seat are played at random; at every moment of each play the
player to move's plays are ranked (``analyse_table``, the default 300 samples, seed 0) with
a fresh search. Seconds per call, wall clock and CPU (this process only: the CPU figure
does not grow when other work shares the machine); "mid-play" is half the cards played.
Prints one table.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from crib_trainer.analysis.pegging import DEFAULT_SAMPLES, TableSituation, analyse_table
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import PlayState
from crib_trainer.core.variants import get_variant

STAGES = {
    "three-player": (
        ("opening lead (0 of 12 played)", range(0, 1)),
        ("1-3 played", range(1, 4)),
        ("4-5 played", range(4, 6)),
        ("mid-play (6 played)", range(6, 7)),
        ("7-11 played", range(7, 12)),
    ),
    "four-player": (
        ("opening lead (0 of 16 played)", range(0, 1)),
        ("1-3 played", range(1, 4)),
        ("4-7 played", range(4, 8)),
        ("mid-play (8 played)", range(8, 9)),
        ("9-15 played", range(9, 16)),
    ),
}


def timed(situation: TableSituation, samples: int) -> tuple[float, float, str, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    a = analyse_table(situation, samples=samples)
    return time.perf_counter() - wall, time.process_time() - cpu, a.method, a.states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = parser.parse_args()
    print(
        f"# {args.deals} seeded deals a variant (seed {args.seed}), {args.samples} samples, "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    print(
        f"{'variant':<13} {'stage':<31} {'calls':>5} {'exact':>5} {'cpu med':>8} "
        f"{'cpu max':>8} {'wall max':>8} {'positions':>10}"
    )
    for variant, stages in STAGES.items():
        v = get_variant(variant)
        rng = random.Random(args.seed)
        got: dict[str, list[tuple[float, float, str, int]]] = {name: [] for name, _ in stages}
        for _ in range(args.deals):
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            state = PlayState.start([deck[4 * q : 4 * q + 4] for q in range(v.players)], v)
            while not state.over:
                played = len(state.plays)
                for name, stage in stages:
                    if played in stage and len({c.rank for c in state.legal_cards()}) >= 2:
                        got[name].append(timed(TableSituation.from_state(state), args.samples))
                state = state.play(rng.choice(state.legal_cards()))
        for name, _ in stages:
            rows = got[name]
            if not rows:
                print(f"{variant:<13} {name:<31} {0:>5}")
                continue
            cpu = [c for _, c, _, _ in rows]
            print(
                f"{variant:<13} {name:<31} {len(rows):>5} "
                f"{sum(m == 'exact' for _, _, m, _ in rows):>5} {statistics.median(cpu):>8.3f} "
                f"{max(cpu):>8.3f} {max(w for w, _, _, _ in rows):>8.3f} "
                f"{max(n for _, _, _, n in rows):>10,}"
            )


if __name__ == "__main__":
    main()

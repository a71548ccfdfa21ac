"""Build the opening lead's expected nets (``analysis/data/peg_lead_nets.bin``, read by
:mod:`.leadnets`, which describes its layout).

Every rank hand of four (1,820) with each starter slot (none turned, then ace to king),
each rank led worked out by the exact search (:func:`~.ranking.expected_nets`) against
the random opponent. Nothing is sampled, so no seed is needed. The hands share nothing,
so the pool's job is one hand, its fourteen starters sharing one search table and the
play-out of each rank against each holding (they recur under every starter: a starter
only takes some holdings out and changes the weights)::

    nice -n 10 python -m crib_trainer.analysis.build.leadnets

about 9 minutes of CPU (521 s on a 2-core AMD EPYC, 21 minutes of wall clock at nice 10
under a load of 9-16).
"""

from __future__ import annotations

import math
import os
import sys

from crib_trainer.analysis.pegging.holdings import holding_distribution
from crib_trainer.analysis.pegging.leadnets import (
    LEAD_NETS_FILE,
    RECORD,
    SLOTS,
    STARTER_SLOTS,
    rank_hands,
)
from crib_trainer.analysis.pegging.ranking import expected_nets
from crib_trainer.analysis.pegging.situation import PegSituation, read_situation
from crib_trainer.analysis.pegging.solver import Solver
from crib_trainer.analysis.pegging.tablefile import write_built
from crib_trainer.core.cards import Card, Rank, Suit
from crib_trainer.core.variants import SIX_CARD


def hand_records(ranks: tuple[int, ...]) -> bytes:
    """The file's records for one rank hand: its fourteen starter slots, each worked out
    by the exact search (one search table shared by all of them)."""
    suits = tuple(Suit)
    hand = tuple(Card(Rank(r), suits[ranks[:i].count(r)]) for i, r in enumerate(ranks))
    distinct = sorted(set(ranks))
    solver = Solver(SIX_CARD)
    nets: dict[tuple[int, tuple[int, ...]], int] = {}  # (the same for every starter)
    out = []
    for slot in range(STARTER_SLOTS):
        values = [math.nan] * SLOTS
        if slot == 0 or ranks.count(slot) < 4:
            starter = Card(Rank(slot), suits[ranks.count(slot)]) if slot else None
            position = read_situation(PegSituation(hand, starter=starter))
            nets_by_rank = expected_nets(position, holding_distribution(position), solver, nets)
            values[: len(distinct)] = [nets_by_rank[r] for r in distinct]
        out.append(RECORD.pack(*values))
    return b"".join(out)


def build(workers: int | None = None) -> bytes:
    """The whole file, worked out over a pool of ``workers`` processes (every core)."""
    from concurrent.futures import ProcessPoolExecutor

    hands = rank_hands()
    parts = []
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        for done, part in enumerate(pool.map(hand_records, hands, chunksize=4), 1):
            parts.append(part)
            if done % 100 == 0:
                print(f"{done}/{len(hands)}", file=sys.stderr, flush=True)
    return b"".join(parts)


def main() -> None:
    write_built(LEAD_NETS_FILE, build)


if __name__ == "__main__":
    main()

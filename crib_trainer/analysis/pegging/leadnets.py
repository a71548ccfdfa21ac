"""The opening lead's expected nets, shipped: the exact analysis' slowest question answered
ahead of time (``analysis/data/peg_lead_nets.bin``).

The leader (the non-dealer) holds four cards and nothing has been played; against the
random opponent (every holding of the unseen cards alike) each rank he can lead has an
expected net that depends only on his ranks and the starter's rank (suits play no part):
1,820 rank hands × 14 starters (none turned yet, or ace to king). Answering it takes the
search (:func:`~.ranking.expected_nets`) a fifth of a second or more; the file holds the
very floats it gives, so :func:`~.ranking.analyse` shows the same figures either way.

Layout: for each hand (in the order of ``combinations_with_replacement(range(1, 14), 4)``)
and each starter slot (0 for none, else its rank), four little-endian doubles: the nets of
the hand's distinct ranks, lowest rank first, NaN in unused slots and for a starter that
would be a fifth card of a rank.

Built by a process pool over every core; nothing is sampled, so no seed is needed. The
hands share nothing, so each job is one hand, its fourteen starters sharing one search
table (every holding's play-out recurs under every starter)::

    nice -n 10 python -m crib_trainer.analysis.pegging.leadnets   # about 12 CPU-minutes
"""

from __future__ import annotations

import math
import os
import struct
import sys
import time
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from crib_trainer.core.rules import SIX_CARD

if TYPE_CHECKING:
    from crib_trainer.analysis.pegging.situation import PegSituation, Position

LEAD_NETS_FILE = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "peg_lead_nets.bin"
)
STARTER_SLOTS = 14  # none turned (0), then ace to king
_SLOTS = 4  # a hand's distinct ranks
_RECORD = struct.Struct(f"<{_SLOTS}d")


def rank_hands() -> list[tuple[int, ...]]:
    """Every multiset of four ranks, in the file's order.

    >>> hands = rank_hands()
    >>> len(hands), hands[0], hands[-1]
    (1820, (1, 1, 1, 1), (13, 13, 13, 13))
    """
    return list(combinations_with_replacement(range(1, 14), 4))


@cache
def _hand_rows() -> dict[tuple[int, ...], int]:
    return {hand: i for i, hand in enumerate(rank_hands())}


def shipped_lead_nets(situation: PegSituation, position: Position) -> dict[int, float] | None:
    """Each rank's expected net for an opening lead against the random opponent, from the
    shipped file, or None when the file does not cover the situation (another variant,
    cards played, or discards known, which change the unseen cards).

    >>> from crib_trainer.core.cards import parse_card, parse_cards
    >>> from crib_trainer.analysis.pegging.situation import PegSituation, read_situation
    >>> s = PegSituation(parse_cards("5H 9C 2D 8S"), starter=parse_card("3C"))
    >>> {r: round(v, 4) for r, v in shipped_lead_nets(s, read_situation(s)).items()}
    {2: -1.9503, 5: -3.3478, 8: -1.9228, 9: -2.0343}
    """
    if situation.variant != SIX_CARD or situation.played or situation.discards:
        return None
    ranks = tuple(sorted(int(c.rank) for c in position.hand))
    slot = 0 if situation.starter is None else int(situation.starter.rank)
    offset = (_hand_rows()[ranks] * STARTER_SLOTS + slot) * _RECORD.size
    with open(LEAD_NETS_FILE, "rb") as data:
        data.seek(offset)
        values = _RECORD.unpack(data.read(_RECORD.size))
    return dict(zip(sorted(set(ranks)), values, strict=False))


def hand_records(ranks: tuple[int, ...]) -> bytes:
    """The file's records for one rank hand: its fourteen starter slots, each worked out
    by the exact search (one search table shared by all of them)."""
    from crib_trainer.analysis.pegging.holdings import holding_distribution
    from crib_trainer.analysis.pegging.ranking import expected_nets
    from crib_trainer.analysis.pegging.situation import PegSituation, read_situation
    from crib_trainer.analysis.pegging.solver import Solver
    from crib_trainer.core.cards import Card, Rank, Suit

    suits = tuple(Suit)
    hand = tuple(Card(Rank(r), suits[ranks[:i].count(r)]) for i, r in enumerate(ranks))
    distinct = sorted(set(ranks))
    solver = Solver(SIX_CARD)
    nets: dict[tuple[int, tuple[int, ...]], int] = {}  # (the same for every starter)
    out = []
    for slot in range(STARTER_SLOTS):
        values = [math.nan] * _SLOTS
        if slot == 0 or ranks.count(slot) < 4:
            starter = Card(Rank(slot), suits[ranks.count(slot)]) if slot else None
            position = read_situation(PegSituation(hand, starter=starter))
            nets_by_rank = expected_nets(position, holding_distribution(position), solver, nets)
            values[: len(distinct)] = [nets_by_rank[r] for r in distinct]
        out.append(_RECORD.pack(*values))
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
    started = time.perf_counter()
    cpu = time.process_time()
    data = build()
    with open(LEAD_NETS_FILE, "wb") as out:
        out.write(data)
    times = os.times()
    cpu = time.process_time() - cpu + times.children_user + times.children_system
    wall = time.perf_counter() - started
    print(f"wrote {LEAD_NETS_FILE} ({len(data):,} bytes): {wall:.0f} s, CPU {cpu:.0f} s")


if __name__ == "__main__":
    main()

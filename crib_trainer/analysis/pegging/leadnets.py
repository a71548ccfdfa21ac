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

Built by :mod:`.build_leadnets` (``nice -n 10 python -m
crib_trainer.analysis.build.leadnets``, every core).
"""

from __future__ import annotations

import os
import struct
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from crib_trainer.core.variants import SIX_CARD

if TYPE_CHECKING:
    from crib_trainer.analysis.pegging.situation import PegSituation, Position

LEAD_NETS_FILE = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "peg_lead_nets.bin"
)
STARTER_SLOTS = 14  # none turned (0), then ace to king
SLOTS = 4  # a hand's distinct ranks
RECORD = struct.Struct(f"<{SLOTS}d")


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
    return lead_nets_row(ranks, 0 if situation.starter is None else int(situation.starter.rank))


def lead_nets_row(ranks: tuple[int, ...], slot: int) -> dict[int, float]:
    """The shipped nets of the lead from the four sorted ``ranks``, the starter's rank
    ``slot`` (0: none turned), by rank led (NaN where the starter would be a fifth card).

    >>> round(lead_nets_row((2, 5, 8, 9), 3)[8], 4)
    -1.9228
    """
    offset = (_hand_rows()[ranks] * STARTER_SLOTS + slot) * RECORD.size
    with open(LEAD_NETS_FILE, "rb") as data:
        data.seek(offset)
        values = RECORD.unpack(data.read(RECORD.size))
    return dict(zip(sorted(set(ranks)), values, strict=False))

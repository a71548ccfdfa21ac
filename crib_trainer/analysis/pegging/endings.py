"""The play's endings, shipped: the exact value of every position late in the play
(``analysis/data/peg_endings.bin``), so that the search (:class:`~.solver.Solver`) looks
them up instead of playing them out in every process.

A position is an *ending* when each player holds at most two cards and no card of the
count can score again (the search's canonical tail is the count alone, see
:func:`~.solver.canonical_tail`): its value, the best net for the player to move, then
depends only on the two hands' ranks, the count and the variant's rules. Such positions
are about half of those a reply's search visits (the first reply to a lead: a third of its
time).

Layout: for each two-player variant (six-card, then five-card), for each hand of the
player to move and each hand of his opponent (the :data:`HANDS` rank multisets of at most
two cards, in :func:`ending_hands` order) and each count from 0 to 30, one signed byte:
the value. Positions that cannot arise (no card of the mover comes in, or five of a rank)
hold :data:`NONE`. 2 × 105 × 105 × 31 bytes.

Built by :mod:`.build_endings` (``nice -n 10 python -m
crib_trainer.analysis.build.endings``, every core); nothing is sampled.
"""

from __future__ import annotations

import os
from array import array
from functools import cache
from itertools import combinations_with_replacement

from crib_trainer.core.variants import FIVE_CARD, SIX_CARD, Variant

ENDINGS_FILE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "peg_endings.bin")
#: The variants the file holds, in its order.
VARIANTS = (SIX_CARD, FIVE_CARD)
#: The most cards a hand holds in an ending.
MOST_CARDS = 2
COUNTS = 31  # 0 to 30: at 31 the count starts again
NONE = -128  # a position that cannot arise


def ending_hands() -> list[tuple[int, ...]]:
    """Every hand of an ending as sorted ranks, in the file's order: none, then each single
    rank, then each pair of ranks.

    >>> hands = ending_hands()
    >>> len(hands), hands[:2], hands[-1]
    (105, [(), (1,)], (13, 13))
    """
    return [
        hand
        for size in range(MOST_CARDS + 1)
        for hand in combinations_with_replacement(range(1, 14), size)
    ]


HANDS = len(ending_hands())


def packed(ranks: tuple[int, ...]) -> int:
    """A hand's ranks packed as :func:`~.solver.pack_hand` packs them (three bits a rank)."""
    return sum(1 << (3 * (r - 1)) for r in ranks)


@cache
def ending_index() -> dict[int, int]:
    """Each ending hand, packed, to its place in the file's order."""
    return {packed(hand): i for i, hand in enumerate(ending_hands())}


def offset(mover: int, other: int, count: int) -> int:
    """Where a position's value is in a variant's part of the file, from the places of the
    two hands (:func:`ending_index`) and the count."""
    return (mover * HANDS + other) * COUNTS + count


@cache
def shipped_endings(variant: Variant) -> array | None:
    """A variant's values (signed bytes, indexed by :func:`offset`), read from the shipped
    file once per process, or None for a variant the file does not hold.

    >>> from crib_trainer.core.variants import SIX_CARD, THREE_PLAYER
    >>> index = ending_index()
    >>> values = shipped_endings(SIX_CARD)
    >>> values[offset(index[packed((5,))], index[packed((10,))], 0)]  # a 5 led: 15, last card
    -3
    >>> shipped_endings(THREE_PLAYER) is None
    True
    """
    if variant not in VARIANTS:
        return None
    size = HANDS * HANDS * COUNTS
    with open(ENDINGS_FILE, "rb") as data:
        data.seek(VARIANTS.index(variant) * size)
        values = array("b")
        values.frombytes(data.read(size))
    return values

"""The opponent's hidden cards: every holding that fits the play so far, and its weight.

The unseen cards are the 52 less your hand, your discards, the starter and every card
played; his holding is any set of the right size of them, with every card over the pip
bound the play sets (:attr:`~crib_trainer.analysis.pegging.situation.Position.opponent_min_pips`).
Suits do not matter in the play, so holdings are rank multisets, each weighted by the
number of card sets it stands for (a product of binomials) and, for the ``weighted``
opponent, by how likely a good player is to have kept that hand (:func:`weighted_opponent`).

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.analysis.pegging.situation import PegSituation, read_situation
>>> dist = holding_distribution(read_situation(PegSituation(parse_cards("5H 9C 2D 8S"))))
>>> len(dist), round(sum(p for _, p in dist), 9)
(1816, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from math import comb

from crib_trainer.analysis import OPPONENTS
from crib_trainer.analysis.pegging.situation import PegSituation, Position
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: Relative likelihood that the opponent kept a hand, given its ranks (sorted, ace = 1):
#: his cards played so far plus a holding. Suits are not seen (see :func:`weighted_opponent`).
HoldingWeight = Callable[[tuple[int, ...]], float]


class OpponentModelError(ValueError):
    """The requested opponent model cannot be used (e.g. it gives no holding any weight)."""


def holdings(available: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks drawable from ``available[r]`` cards of rank ``r``
    (index 0 unused), with how many sets of cards it stands for.

    >>> sum(n for _, n in holdings([0] + [4] * 13, 2)) == comb(52, 2)
    True
    """

    def rec(r: int, left: int, prefix: tuple[int, ...], ways: int):
        if left == 0:
            yield prefix, ways
            return
        if r > 13:
            return
        for k in range(min(left, available[r]), -1, -1):
            yield from rec(r + 1, left - k, prefix + (r,) * k, ways * comb(available[r], k))

    yield from rec(1, size, (), 1)


def holding_distribution(
    position: Position, weight: HoldingWeight | None = None
) -> list[tuple[tuple[int, ...], float]]:
    """The opponent's possible holdings as (sorted ranks, probability).

    Each rank multiset is weighted by the number of card sets it stands for, times
    ``weight(his kept ranks)`` when a weight is given (his kept hand is his cards played
    plus the holding). Cards worth fewer pips than :attr:`Position.opponent_min_pips` are
    left out: he said go while holding them, so he does not hold them.
    """
    available = [0] * 14
    for c in position.unseen:
        if c.value >= position.opponent_min_pips:
            available[c.rank] += 1
    played = [int(c.rank) for c in position.opponent_played]
    out: list[tuple[tuple[int, ...], float]] = []
    total = 0.0
    for ranks, ways in holdings(available, position.opponent_left):
        w = float(ways)
        if weight is not None:
            w *= weight(tuple(sorted((*played, *ranks))))
        if w > 0:
            out.append((ranks, w))
            total += w
    if total <= 0:
        raise OpponentModelError("the opponent model gives no weight to any holding that fits")
    return [(ranks, w / total) for ranks, w in out]


# --- The opponent models ---------------------------------------------------------------------


def weighted_opponent(*, dealer: bool, variant: Variant | str = SIX_CARD) -> HoldingWeight:
    """How likely a good player — the dealer if ``dealer`` — is to keep a hand, as a weight
    on its ranks: the discard analysis' opponent model.

    This is the one place the pegging analysis depends on the discard analysis (issue 3):
    ``crib_trainer.analysis.opponent.keep_weight(cards, *, variant, own_crib)``, the chance
    a good player dealt at random keeps one particular set of cards with these ranks (the
    dealer throws to his own crib). A holding of rank multiset R then weighs (the number of
    card sets R stands for) × ``keep_weight(his cards played + R)``.
    """
    v = get_variant(variant)
    from crib_trainer.analysis import opponent  # its table is read only when it is used

    def weight(ranks: tuple[int, ...]) -> float:
        return float(opponent.keep_weight(ranks, variant=v, own_crib=dealer))

    return weight


def opponent_weight(situation: PegSituation, opponent: str) -> HoldingWeight | None:
    """The weight function for an opponent model name (None for ``random``)."""
    if opponent == "random":
        return None
    if opponent == "weighted":
        return weighted_opponent(dealer=not situation.dealer, variant=situation.variant)
    raise ValueError(f"unknown opponent model {opponent!r}; choose one of {', '.join(OPPONENTS)}")

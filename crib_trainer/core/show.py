"""The show: score a hand or crib with its starter, item by item.

Every scoring combination is one item: each fifteen (its cards), each pair (a pair royal
is three pairs), each run (a double run is two runs), the flush, and his nob.

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> b = score_show(parse_cards("5H 5C 5S JD"), parse_card("5D"))
>>> b.total
29
>>> b.points_by_kind()
{'fifteen': 16, 'pair': 12, 'run': 0, 'flush': 0, 'nobs': 1}
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, pairwise
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.points import is_run
from crib_trainer.core.variants import SIX_CARD, Variant, check_show_cards, get_variant

# The most any show scores, in every variant (the 29 hand: J and three 5s, the fourth 5 cut).
MAX_SHOW = 29
#: What players say for a show worth nothing: no show scores 19 (Hoyle, Showing; All about,
#: Finale).
NINETEEN = 19

_INDEX = attrgetter("index")


class ItemKind(StrEnum):
    """Kinds of item in a show, in the order they are listed."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


class ShowItem(NamedTuple):
    """One scoring combination: its kind, the cards that make it, and its points."""

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "cards": [c.code for c in self.cards],
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A scored show: the cards, the starter, and every item that scores."""

    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    variant: Variant
    items: tuple[ShowItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def short(self) -> int:
        """How many cards a short hand lacks (0 for a full hand or crib)."""
        return self.variant.shown_size(self.crib) - len(self.cards)

    def of_kind(self, kind: ItemKind | str) -> tuple[ShowItem, ...]:
        return tuple([item for item in self.items if item.kind == kind])

    def points_by_kind(self) -> dict[str, int]:
        """Points per kind, every kind present (zero when it scored nothing)."""
        return {str(k): sum(i.points for i in self.of_kind(k)) for k in ItemKind}

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "items": [item.to_json() for item in self.items]}


def score_show(
    cards: tuple[Card, ...] | list[Card],
    starter: Card,
    *,
    crib: bool = False,
    variant: Variant | str = SIX_CARD,
    short: bool = False,
) -> Breakdown:
    """Score a hand (or crib, ``crib=True``) with its starter.

    Raises :class:`~crib_trainer.core.cards.CardError` for the wrong number of cards
    for the variant or a card given twice. With ``short=True`` a hand may lack cards (it
    is played and shown short, Britannica law 10); a short hand scores no flush, which
    needs every card a full hand holds (Hoyle, Flush; All about, Flush).

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> score_show(parse_cards("5H 5C JD"), parse_card("5D"), short=True).total
    15
    """
    variant = get_variant(variant)
    cards = tuple(cards)
    check_show_cards(cards, starter, crib=crib, variant=variant, short=short)
    every = tuple(sorted((*cards, starter), key=_INDEX))  # (as Card sorts, but faster)
    full = len(cards) == variant.shown_size(crib)
    items = tuple(
        [
            ShowItem(kind, get(every), points)
            for kind, get, points in rank_items(tuple([c.rank for c in every]))
        ]
    )
    if full:
        items += flush(cards, starter, crib=crib)
    return Breakdown(cards, starter, crib, variant, items + nobs(cards, starter))


def _subsets(n: int) -> tuple[itemgetter[Any], ...]:
    """Getters for every set of two or more of ``n`` cards, smallest sets first."""
    return tuple(
        itemgetter(*idx) for size in range(2, n + 1) for idx in combinations(range(n), size)
    )


_SUBSETS = {n: _subsets(n) for n in range(2, 7)}


@cache
def rank_items(ranks: tuple[int, ...]) -> tuple[tuple[ItemKind, itemgetter[Any], int], ...]:
    """The fifteens, pairs and runs of cards in rank order with these ``ranks``, each as
    (kind, a getter of its cards' positions, points). They depend on the ranks alone, so
    each multiset of ranks is worked out once and every deal with those ranks reuses it.

    - Each distinct set of two or more cards whose values add to 15 scores 2; smallest
      sets first, then in card order.
    - Each two cards of the same rank score 2 (so three of a kind is three pairs, 6).
    - Runs of the greatest length present (three or more ranks in sequence) score one a
      card, each set of cards that makes one counting separately: a double run is two.

    >>> items = rank_items((4, 5, 5, 6, 11))  # 4-5-5-6 and a jack
    >>> [(str(kind), "".join(get("abcdj")), points) for kind, get, points in items]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('fifteen', 'bj', 2), ('fifteen', 'cj', 2), ('fifteen', 'abd', 2), ('fifteen', 'acd', 2),
     ('pair', 'bc', 2), ('run', 'abd', 3), ('run', 'acd', 3)]
    """
    n = len(ranks)
    items = [(ItemKind.FIFTEEN, get, 2) for get in fifteen_sets(tuple([min(r, 10) for r in ranks]))]
    items += [
        (ItemKind.PAIR, itemgetter(i, j), 2)
        for i, j in combinations(range(n), 2)
        if ranks[i] == ranks[j]
    ]
    distinct = sorted(set(ranks))
    longest = stretch = 1
    for a, b in pairwise(distinct):
        stretch = stretch + 1 if b == a + 1 else 1
        longest = max(longest, stretch)
    if longest >= 3:
        items += [
            (ItemKind.RUN, itemgetter(*idx), longest)
            for idx in combinations(range(n), longest)
            if is_run([ranks[i] for i in idx])
        ]
    return tuple(items)


@cache
def fifteen_sets(values: tuple[int, ...]) -> tuple[itemgetter[Any], ...]:
    """Getters of every set of two or more cards, of these counting ``values``, that adds
    to 15: smallest sets first, then in card order. Cards in rank order have their values
    in order too, so many multisets of ranks share one tuple of values (a king and a
    queen both count ten).

    >>> [get("abcde") for get in fifteen_sets((5, 5, 5, 10, 10))]
    [('a', 'd'), ('a', 'e'), ('b', 'd'), ('b', 'e'), ('c', 'd'), ('c', 'e'), ('a', 'b', 'c')]
    """
    return tuple([get for get in _SUBSETS[len(values)] if sum(get(values)) == 15])


def flush(cards: tuple[Card, ...], starter: Card, *, crib: bool) -> tuple[ShowItem, ...]:
    """A hand whose cards share a suit scores one a card, one more if the starter matches.
    A crib scores a flush only when the starter matches too.
    """
    suits = {c.suit for c in cards}
    if len(suits) != 1:
        return ()
    if starter.suit in suits:
        return (ShowItem(ItemKind.FLUSH, tuple(sorted((*cards, starter))), len(cards) + 1),)
    if crib:
        return ()
    return (ShowItem(ItemKind.FLUSH, tuple(sorted(cards)), len(cards)),)


def nobs(cards: tuple[Card, ...], starter: Card) -> tuple[ShowItem, ...]:
    """The jack of the starter's suit in hand or crib scores 1 for his nob.

    A jack turned as the starter is "his heels" (2 to the dealer, scored at the cut);
    it is never part of the show.
    """
    return tuple(
        ShowItem(ItemKind.NOBS, (c,), 1)
        for c in cards
        if c.rank == Rank.JACK and c.suit == starter.suit
    )

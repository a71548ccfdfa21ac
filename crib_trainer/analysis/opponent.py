"""The weighted opponent: how often a good player throws, and keeps, each set of ranks.

The table ``data/throw_weights.json`` is built offline by
``python -m crib_trainer.analysis.build.weights`` (see that module for the method): for
every variant and for both kinds of thrower, "own" (throwing to his own or his side's
crib: the dealer, and with four players the dealer's partner) and "other" (throwing to an
opponent's crib), it counts over every deal how many deals a good player throws each
multiset of ranks, and keeps each multiset of ranks.

The weights are per set of cards: a good player dealt at random throws *these particular
cards* with probability :func:`throw_weight`. To get the chance of each throw that is
still possible (the cards not seen), divide each set's weight by their sum;
:func:`throw_weights` and :func:`keep_weights` do that for every set of given unseen
cards at once (the pegging analysis can use :func:`keep_weights` for the hand an opponent
holds).

>>> throw_probability("55", own_crib=False) < throw_probability("KT", own_crib=False)
True
>>> from crib_trainer.core.cards import parse_cards
>>> kt = throw_probability("TK", own_crib=False)
>>> throw_weight(parse_cards("KS TH"), own_crib=False) == kt / 16
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import combinations
from math import comb, prod
from typing import Any

import numpy as np

from crib_trainer.analysis.ranksets import multisets
from crib_trainer.core.cards import RANK_LETTERS, Card, Rank
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

DATA_FILE = "throw_weights.json"

RankLike = int | Rank | Card | str


@cache
def table() -> dict[str, Any]:
    """The shipped table, as loaded from JSON."""
    text = (files("crib_trainer.analysis") / "data" / DATA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def rank_key(ranks: Iterable[RankLike] | str) -> str:
    """The table's key for a multiset of ranks: rank letters, lowest first.

    >>> rank_key("k5"), rank_key([13, 1]), rank_key("JT")
    ('5K', 'AK', 'TJ')
    """
    return "".join(RANK_LETTERS[r - 1] for r in sorted(_ranks(ranks)))


def _ranks(ranks: Iterable[RankLike] | str) -> list[int]:
    out = []
    for r in ranks:
        if isinstance(r, Card):
            out.append(int(r.rank))
        elif isinstance(r, str):
            out.append(RANK_LETTERS.index(r.upper()) + 1)
        else:
            out.append(int(r))
    return out


def card_sets(ranks: Iterable[RankLike] | str) -> int:
    """How many sets of cards in a full pack have these ranks (4 per single rank).

    >>> card_sets("55"), card_sets("5K"), card_sets("5")
    (6, 16, 4)
    """
    ranks = _ranks(ranks)
    return prod(comb(4, ranks.count(r)) for r in set(ranks))


def _section(variant: Variant | str, own_crib: bool) -> dict[str, Any]:
    name = get_variant(variant).name
    return table()["variants"][name]["own" if own_crib else "other"]


def _share(counts: dict[str, int], key: str, variant: Variant | str) -> float:
    return counts.get(key, 0) / table()["variants"][get_variant(variant).name]["deals"]


def throw_probability(
    ranks: Iterable[RankLike] | str, *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> float:
    """The share of all deals in which a good player throws cards of these ranks."""
    return _share(_section(variant, own_crib)["throws"], rank_key(ranks), variant)


def throw_weight(
    cards: Iterable[RankLike] | str, *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> float:
    """The chance a good player dealt at random throws exactly these cards (any cards of
    these ranks are equally likely); renormalise over the sets still possible.
    """
    return throw_probability(cards, variant=variant, own_crib=own_crib) / card_sets(cards)


def keep_probability(
    ranks: Iterable[RankLike] | str, *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> float:
    """The share of all deals in which a good player keeps cards of these ranks."""
    return _share(_section(variant, own_crib)["keeps"], rank_key(ranks), variant)


def keep_weight(
    cards: Iterable[RankLike] | str, *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> float:
    """The chance a good player dealt at random keeps exactly these cards; renormalise
    over the hands still possible.

    >>> keep_weight("5JQK", own_crib=True) > keep_weight("A29K", own_crib=True)
    True
    """
    return keep_probability(cards, variant=variant, own_crib=own_crib) / card_sets(cards)


def crib_average(
    ranks: Iterable[RankLike] | str, *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> float:
    """The table's average crib when a player throws cards of these ranks (suits averaged
    over the pack), the other throwers playing as a good player does.
    """
    return _section(variant, own_crib)["crib"][rank_key(ranks)]


@cache
def slot_weights(variant: str, own_crib: bool) -> np.ndarray:
    """Per-card-set throw weights over ``multisets(k)`` (the crib model's input)."""
    k = get_variant(variant).discard
    keys, _ = multisets(k)
    counts = _section(variant, own_crib)["throws"]
    weights = np.array([counts.get(rank_key(r), 0) / card_sets(r) for r in keys], dtype=float)
    weights.setflags(write=False)
    return weights


@dataclass(frozen=True, slots=True)
class SetWeights:
    """Every set of ``size`` cards from ``cards`` with the chance a good player holds it.

    ``sets[i]`` are indexes into ``cards``; ``probability`` sums to 1 over the sets.
    """

    cards: tuple[Card, ...]
    sets: np.ndarray
    probability: np.ndarray

    def as_dict(self) -> dict[tuple[Card, ...], float]:
        return {
            tuple(self.cards[i] for i in row): float(p)
            for row, p in zip(self.sets.tolist(), self.probability, strict=True)
        }


def keep_weights(
    unseen: Iterable[Card], *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> SetWeights:
    """The chance a good player's kept hand is each set of the ``unseen`` cards, given
    only that his cards are among them (for the pegging analysis).

    >>> from crib_trainer.analysis.discard import unseen_cards
    >>> from crib_trainer.core.cards import parse_cards
    >>> w = keep_weights(unseen_cards(parse_cards("5H 5D 5S JC 2C 9D")), own_crib=False)
    >>> len(w.sets), round(float(w.probability.sum()), 9)
    (163185, 1.0)
    """
    size = get_variant(variant).hand_size
    return _set_weights(tuple(unseen), size, _section(variant, own_crib)["keeps"])


def throw_weights(
    unseen: Iterable[Card], *, variant: Variant | str = SIX_CARD, own_crib: bool
) -> SetWeights:
    """The chance a good player's throw is each set of the ``unseen`` cards."""
    size = get_variant(variant).discard
    return _set_weights(tuple(unseen), size, _section(variant, own_crib)["throws"])


def _set_weights(cards: tuple[Card, ...], size: int, counts: dict[str, int]) -> SetWeights:
    sets = _combinations(len(cards), size)
    ranks = np.array([int(c.rank) for c in cards], dtype=np.int64)
    keys = (5 ** ranks[sets]).sum(axis=1)
    table_keys, table_weights = _weight_lookup(size, tuple(sorted(counts.items())))
    found = np.minimum(np.searchsorted(table_keys, keys), len(table_keys) - 1)
    weights = np.where(table_keys[found] == keys, table_weights[found], 0.0)
    return SetWeights(cards, sets, weights / weights.sum())


@cache
def _combinations(n: int, size: int) -> np.ndarray:
    """Every ``size``-subset of ``range(n)``, one a row (cached: read-only)."""
    sets = np.array(list(combinations(range(n), size)), dtype=np.int64).reshape(-1, size)
    sets.setflags(write=False)
    return sets


@cache
def _weight_lookup(size: int, counts: tuple[tuple[str, int], ...]) -> tuple[np.ndarray, ...]:
    """Sorted base-5 keys (Σ 5**rank) of the rank multisets in ``counts``, per-set weights."""
    entries = sorted(
        (sum(5**r for r in _ranks(key)), n / card_sets(key))
        for key, n in counts
        if len(key) == size
    )
    keys = np.array([k for k, _ in entries], dtype=np.int64)
    weights = np.array([w for _, w in entries], dtype=np.float64)
    return keys, weights

"""Precomputed score tables and exact score distributions.

The part of a show that ignores suits (fifteens, pairs, runs) depends only on the
multiset of ranks, so it is tabulated once for every multiset of four or five ranks.
The tables are built here by counting (a subset-sum over rank counts, products of
counts for runs), independently of the item-by-item scorer in ``core.show``; the
tests check that the two agree on every multiset.

>>> rank_points((5, 5, 5, 5, 11))
28
>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> show_total(parse_cards("5H 5C 5S JD"), parse_card("5D"))
29
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.variants import SIX_CARD, VARIANTS, Variant, check_show_cards, get_variant

if TYPE_CHECKING:
    import numpy as np

RANKS = range(1, 14)
MAX_SCORE = 29


def _pip(rank: int) -> int:
    return min(rank, 10)


def points_from_counts(counts: Sequence[int]) -> int:
    """Fifteens + pairs + runs for rank counts ``counts[0]`` (aces) … ``counts[12]`` (kings).

    >>> points_from_counts([0, 0, 0, 0, 0, 2, 2, 1, 0, 0, 0, 0, 0])  # 6-6-7-7-8
    20
    """
    # Fifteens: ways to choose cards (distinct cards, any ranks) whose pips total 15.
    ways = [1] + [0] * 15
    for rank, n in zip(RANKS, counts, strict=True):
        if n:
            pip = _pip(rank)
            new = ways[:]
            for k in range(1, n + 1):
                for total in range(15 - k * pip, -1, -1):
                    if total >= 0 and ways[total]:
                        new[total + k * pip] += comb(n, k) * ways[total]
            ways = new
    fifteen_points = 2 * ways[15]
    pair_points = sum(2 * comb(n, 2) for n in counts)
    # Runs: each maximal stretch of three or more consecutive ranks present scores its
    # length once for every way of picking one card of each rank.
    run_points = 0
    start = 0
    for i in range(14):
        if i == 13 or counts[i] == 0:
            length = i - start
            if length >= 3:
                run_points += length * prod(counts[start:i])
            start = i + 1
    return fifteen_points + pair_points + run_points


def _counts(ranks: Iterable[int]) -> list[int]:
    counts = [0] * 13
    for r in ranks:
        counts[r - 1] += 1
    return counts


@cache
def _rank_table() -> dict[tuple[int, ...], int]:
    """Suit-free points for every sorted multiset of 4 or 5 ranks (no rank more than 4 times)."""
    table: dict[tuple[int, ...], int] = {}
    for size in (4, 5):
        for ranks in combinations_with_replacement(RANKS, size):
            counts = _counts(ranks)
            if max(counts) <= 4:
                table[ranks] = points_from_counts(counts)
    return table


def rank_points(ranks: Iterable[int]) -> int:
    """Fifteens + pairs + runs of four or five cards given by rank (1 = ace … 13 = king)."""
    return _rank_table()[tuple(sorted(ranks))]


def show_total(
    cards: Sequence[Card],
    starter: Card,
    *,
    crib: bool = False,
    variant: Variant | str = SIX_CARD,
    check: bool = True,
) -> int:
    """The total of a show, without the items: a table lookup plus flush and nobs.

    ``check=False`` skips validating the cards (for callers that dealt them).
    """
    if check:
        check_show_cards(tuple(cards), starter, crib=crib, variant=get_variant(variant))
    weights, points = _weight_table()
    key = weights[starter.index]
    suit = cards[0].suit
    one_suit = True
    for c in cards:
        key += weights[c.index]
        if c.suit is not suit:
            one_suit = False
    total = points[key]
    if one_suit:
        if starter.suit is suit:
            total += len(cards) + 1
        elif not crib:
            total += len(cards)
    for c in cards:
        if c.rank is Rank.JACK and c.suit is starter.suit:
            total += 1
    return total


@cache
def _weight_table() -> tuple[list[int], dict[int, int]]:
    """Per-card weights (5 ** rank) whose sums key the rank table, and that table."""
    weights = [5 ** (i // 4 + 1) for i in range(52)]
    points = {sum(5**r for r in ranks): pts for ranks, pts in _rank_table().items()}
    return weights, points


# --- Exact distributions over every hand (or crib) and starter -------------------------


@dataclass(frozen=True, slots=True)
class Distribution:
    """How many hand+starter combinations score each total (exact, by enumeration)."""

    counts: tuple[int, ...]  # counts[score]

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return sum(s * n for s, n in enumerate(self.counts)) / self.total

    def as_dict(self) -> dict[int, int]:
        """Scores that occur, with their counts (scores that never occur are left out)."""
        return {s: n for s, n in enumerate(self.counts) if n}

    def rarity(self, score: int) -> Rarity:
        """How often exactly ``score`` occurs, and how often at least ``score``."""
        exact = self.counts[score] if 0 <= score < len(self.counts) else 0
        at_least = sum(self.counts[max(score, 0) :])
        return Rarity(score, exact, at_least, self.total)


@dataclass(frozen=True, slots=True)
class Rarity:
    score: int
    exact: int
    at_least: int
    out_of: int

    @property
    def one_in(self) -> float | None:
        """``out_of / exact``: this score turns up once in this many deals (None if never)."""
        return self.out_of / self.exact if self.exact else None


@cache
def score_distribution(hand_size: int = 4, crib: bool = False) -> Distribution:
    """Exact distribution of show totals over every ``hand_size`` cards and every starter.

    ``hand_size`` 4 is a six-card (or three/four-player) hand or any crib; 3 is a
    five-card-game hand. Enumerates all C(52, n) hands × (52 − n) starters with numpy
    (imported here: the shipped tables spare every other caller its start-up).
    """
    import numpy as np

    combos = np.array(list(combinations(range(52), hand_size)), dtype=np.int64)
    ranks = combos // 4 + 1
    suits = combos % 4
    power = 5 ** np.arange(14, dtype=np.int64)
    hand_key = power[ranks].sum(axis=1)
    held = (np.int64(1) << combos).sum(axis=1)  # the hand as a 52-bit mask
    one_suit = (suits == suits[:, :1]).all(axis=1)
    hand_suit = suits[:, 0]
    jack_suits = np.zeros(len(combos), dtype=np.int64)  # bit s set: holds the jack of suit s
    for col in range(hand_size):
        is_jack = ranks[:, col] == Rank.JACK
        jack_suits |= np.where(is_jack, np.int64(1) << suits[:, col], 0)

    keys, points = _key_table(hand_size + 1)
    totals = np.zeros(MAX_SCORE + 1, dtype=np.int64)
    for starter_rank in RANKS:
        key = hand_key + power[starter_rank]
        # A starter already in the hand can make a key no table entry has (five of a
        # rank); clip it, those combinations are dropped below.
        base = points[np.minimum(np.searchsorted(keys, key), len(keys) - 1)]
        for starter_suit in range(4):
            card = (starter_rank - 1) * 4 + starter_suit
            valid = ((held >> card) & 1) == 0
            matches = one_suit & (hand_suit == starter_suit)
            flush_points = np.where(matches, hand_size + 1, 0)
            if not crib:
                flush_points = np.where(one_suit & ~matches, hand_size, flush_points)
            nob_points = (jack_suits >> starter_suit) & 1
            score = (base + flush_points + nob_points)[valid]
            totals += np.bincount(score, minlength=MAX_SCORE + 1)[: MAX_SCORE + 1]
    return Distribution(tuple(int(n) for n in totals))


def _key_table(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted base-5 keys (sum of 5**rank) of every rank multiset of ``size``, and points."""
    import numpy as np

    entries = sorted(
        (sum(5**r for r in ranks), pts)
        for ranks, pts in _rank_table().items()
        if len(ranks) == size
    )
    keys = np.array([k for k, _ in entries], dtype=np.int64)
    points = np.array([p for _, p in entries], dtype=np.int64)
    return keys, points


DISTRIBUTIONS_FILE = Path(__file__).with_name("data") / "distributions.json"


def distribution_for(variant: Variant | str = SIX_CARD, crib: bool = False) -> Distribution:
    """The exact show-score distribution for a variant's hand or crib.

    Read from the table shipped with the package (written by :func:`write_distributions`
    and checked against a fresh enumeration by the tests), so it costs nothing at start-up.
    """
    variant = get_variant(variant)
    key = f"{variant.shown_size(crib)}-{'crib' if crib else 'hand'}"
    return _shipped_distributions()[key]


@cache
def _shipped_distributions() -> dict[str, Distribution]:
    raw = json.loads(DISTRIBUTIONS_FILE.read_text(encoding="utf-8"))
    return {key: Distribution(tuple(counts)) for key, counts in raw.items()}


# The (cards shown, crib or not) of every variant's hand and crib: (4, False), (4, True),
# and the five-card game's 3-card hand, (3, False).
SHIPPED = tuple(
    sorted(
        {(v.shown_size(crib), crib) for v in VARIANTS.values() for crib in (False, True)},
        reverse=True,
    )
)


def write_distributions(path: Path = DISTRIBUTIONS_FILE) -> None:
    """Enumerate every shipped distribution afresh and write them to ``path``."""
    tables = {
        f"{size}-{'crib' if crib else 'hand'}": list(score_distribution(size, crib).counts)
        for size, crib in SHIPPED
    }
    path.write_text(json.dumps(tables, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":  # python -m crib_trainer.analysis.tables
    write_distributions()

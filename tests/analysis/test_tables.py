"""Exhaustive checks of the score tables and distributions."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import pytest

from crib_trainer.analysis.tables import (
    SHIPPED,
    distribution_for,
    points_from_counts,
    rank_points,
    score_distribution,
    show_total,
)
from crib_trainer.core.cards import FULL_DECK, SUIT_ORDER, Card, Rank, Suit
from crib_trainer.core.show import ItemKind, score_show

# Lumetta, "Amusing Cribbage Facts": hand scores over all 12,994,800 hand+starter deals.
PUBLISHED_HAND_COUNTS = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}  # fmt: skip


def test_hand_distribution_equals_the_published_table():
    dist = score_distribution(4, crib=False)
    assert dist.as_dict() == PUBLISHED_HAND_COUNTS
    assert dist.total == 12_994_800 == comb(52, 4) * 48
    for never in (19, 25, 26, 27):
        assert dist.counts[never] == 0


def test_crib_distribution_differs_only_by_four_card_flushes():
    hand = score_distribution(4, crib=False)
    crib = score_distribution(4, crib=True)
    assert crib.total == hand.total
    # A four-card flush without the starter counts in hand only. Such deals: 4 suits ×
    # C(13,4) hands × 39 starters of other suits.
    assert crib.mean * crib.total == pytest.approx(hand.mean * hand.total - 4 * 4 * 715 * 39)


@pytest.mark.slow
def test_five_card_game_hand_distribution_covers_every_deal():
    dist = distribution_for("five-card")
    assert dist.total == comb(52, 3) * 49
    assert max(dist.as_dict()) == 20  # 5-5-5 with the fourth five: four fifteens and 12


def _suited(ranks: tuple[int, ...]) -> list[Card]:
    """Distinct cards of these ranks (suits do not matter to the points compared)."""
    seen: dict[int, int] = {}
    out = []
    for r in ranks:
        k = seen.get(r, 0)
        seen[r] = k + 1
        out.append(Card(Rank(r), SUIT_ORDER[k]))
    assert len(set(out)) == len(out)
    return out


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.slow
def test_rank_table_agrees_with_the_itemised_scorer_on_every_multiset(size):
    checked = 0
    for ranks in combinations_with_replacement(range(1, 14), size):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        dealt = _suited(ranks)
        variant = "six-card" if size == 5 else "five-card"
        b = score_show(tuple(dealt[:-1]), dealt[-1], variant=variant)
        by_kind = b.points_by_kind()
        suit_free = by_kind[ItemKind.FIFTEEN] + by_kind[ItemKind.PAIR] + by_kind[ItemKind.RUN]
        assert rank_points(ranks) == suit_free, ranks
        checked += 1
    assert checked == {4: 1820, 5: 6175}[size]


@pytest.mark.slow
def test_every_one_suit_hand_with_every_starter_agrees():
    """Flush and nobs: all 715 four-card heart hands × 48 starters, hand and crib."""
    hearts = [c for c in FULL_DECK if c.suit is Suit.HEARTS]
    for hand in combinations(hearts, 4):
        for starter in FULL_DECK:
            if starter in hand:
                continue
            for crib in (False, True):
                assert show_total(hand, starter, crib=crib) == (
                    score_show(hand, starter, crib=crib).total
                )


def test_points_from_counts_examples():
    def counts(*ranks):
        c = [0] * 13
        for r in ranks:
            c[r - 1] += 1
        return c

    assert points_from_counts(counts(5, 5, 5, 5, 11)) == 28
    assert points_from_counts(counts(6, 7, 7, 8, 8)) == 24
    assert points_from_counts(counts(1, 2, 3, 4, 5)) == 7  # run of five, 1+2+3+4+5
    assert points_from_counts(counts(13, 13, 13, 12, 11)) == 15


@pytest.mark.parametrize(("size", "crib"), SHIPPED)
@pytest.mark.slow
def test_shipped_distributions_equal_a_fresh_enumeration(size, crib):
    from crib_trainer.analysis.tables import _shipped_distributions

    key = f"{size}-{'crib' if crib else 'hand'}"
    assert _shipped_distributions()[key] == score_distribution(size, crib)


def test_rarity():
    r = distribution_for("six-card").rarity(24)
    assert r.exact == 3680
    assert round(r.one_in) == 3531
    assert distribution_for("six-card").rarity(19).exact == 0

"""Invariants of the show, over random deals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis.tables import show_total
from crib_trainer.core.cards import SUIT_ORDER, Card
from crib_trainer.core.show import ItemKind, score_show
from tests.conftest import deals, examples


@given(deals(4), st.booleans())
def test_total_is_the_sum_of_items(deal, crib):
    hand, starter = deal
    b = score_show(hand, starter, crib=crib)
    assert b.total == sum(i.points for i in b.items)
    assert b.total == sum(b.points_by_kind().values())
    assert 0 <= b.total <= 29 and b.total not in (19, 25, 26, 27)


@settings(max_examples=examples(100))
@given(deals(4), st.booleans(), st.randoms(use_true_random=False))
def test_order_of_cards_never_matters(deal, crib, rng):
    hand, starter = deal
    shuffled = list(hand)
    rng.shuffle(shuffled)
    a = score_show(hand, starter, crib=crib)
    b = score_show(tuple(shuffled), starter, crib=crib)
    assert a.items == b.items


@given(deals(4), st.booleans(), st.permutations(SUIT_ORDER))
def test_renaming_suits_changes_nothing(deal, crib, perm):
    hand, starter = deal
    rename = dict(zip(SUIT_ORDER, perm, strict=True))

    def moved(c: Card) -> Card:
        return Card(c.rank, rename[c.suit])

    a = score_show(hand, starter, crib=crib)
    b = score_show(tuple(map(moved, hand)), moved(starter), crib=crib)
    assert a.total == b.total
    assert a.points_by_kind() == b.points_by_kind()


@given(deals(4), st.booleans(), st.randoms(use_true_random=False))
def test_other_suits_change_only_flush_and_nobs(deal, crib, rng):
    hand, starter = deal
    # Deal the same ranks again with fresh suits, keeping the cards distinct.
    ranks = [c.rank for c in (*hand, starter)]
    for _ in range(20):
        new = [Card(r, rng.choice(SUIT_ORDER)) for r in ranks]
        if len(set(new)) == 5:
            break
    else:
        return
    a = score_show(hand, starter, crib=crib).points_by_kind()
    b = score_show(tuple(new[:4]), new[4], crib=crib).points_by_kind()
    for kind in (ItemKind.FIFTEEN, ItemKind.PAIR, ItemKind.RUN):
        assert a[kind] == b[kind]


@given(deals(4), st.booleans())
def test_table_total_equals_itemised_total(deal, crib):
    hand, starter = deal
    assert show_total(hand, starter, crib=crib) == score_show(hand, starter, crib=crib).total


@given(deals(3), st.booleans())
def test_five_card_hand_table_total_equals_itemised(deal, crib):
    hand, starter = deal
    if crib:
        return
    assert (
        show_total(hand, starter, variant="five-card")
        == score_show(hand, starter, variant="five-card").total
    )


def test_items_are_distinct_combinations():
    rng = random.Random(7)
    deck = [Card.from_index(i) for i in range(52)]
    for _ in range(500):
        five = rng.sample(deck, 5)
        b = score_show(tuple(five[:4]), five[4])
        keys = [(i.kind, i.cards) for i in b.items]
        assert len(keys) == len(set(keys))

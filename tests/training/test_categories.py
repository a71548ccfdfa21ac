"""Learning categories: what each item of a show is, and what a claim missed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.show import ItemKind, ShowItem, score_show
from crib_trainer.training import categories as cat
from crib_trainer.training.categories import (
    count_categories,
    is_crib_flush_trap,
    item_categories,
    missed_by_category,
)
from tests.conftest import card, cards, deals, examples


def show(hand: str, starter: str, crib: bool = False):
    return score_show(cards(hand), card(starter), crib=crib)


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "expected"),
    [
        # The 29 hand: four fives make a double pair royal, the jack of the starter's suit.
        (
            "5H 5C 5S JD",
            "5D",
            False,
            {"fifteen-2": 8, "fifteen-3plus": 8, "pair-royal": 12, "nobs": 1},
        ),
        # A double run takes in its pair: 8 points, not a run and a pair.
        ("7H 8C 8D KS", "9D", False, {"fifteen-2": 4, "double-run": 8}),
        # A pair of another rank stays a pair.
        ("3H 4C 5D KS", "KD", False, {"fifteen-2": 4, "pair": 2, "run": 3}),
        # Triple run: 3 runs of three and the pair royal inside them.
        ("3H 3C 3D 4S", "5D", False, {"fifteen-3plus": 6, "triple-run": 15}),
        # Double-double run: four runs of three and two pairs.
        ("3H 3C 4D 4S", "5D", False, {"fifteen-3plus": 4, "double-double-run": 16}),
        # Double run of four.
        ("6H 7C 8D 9S", "9D", False, {"fifteen-2": 6, "double-run-four": 10}),
        # Hand flush of four (its own category), a hand's five and a crib flush of five.
        ("2H 4H 6H 8H", "KS", False, {"hand-four-flush": 4}),
        ("2H 4H 6H 8H", "KH", False, {"flush": 5}),
        ("2H 4H 6H 8H", "KH", True, {"flush": 5}),
        # The trap: a crib of one suit whose starter is another suit scores no flush.
        ("2H 4H 6H 8H", "KS", True, {"crib-flush-trap": 0}),
    ],
)
def test_count_categories(hand, starter, crib, expected):
    got = count_categories(show(hand, starter, crib))
    want = {k: v for k, v in expected.items() if v or k == "crib-flush-trap"} | {"over-claim": 0}
    assert got == want


def test_categories_come_in_a_fixed_order():
    got = list(count_categories(show("5H 5C 5S JD", "5D")))
    assert got == sorted(got, key=cat.COUNT_CATEGORIES.index)


@settings(max_examples=examples(300), deadline=None)
@given(deals(4), st.booleans())
def test_every_point_is_in_exactly_one_category(deal, crib):
    hand, starter = deal
    b = score_show(hand, starter, crib=crib)
    assert sum(count_categories(b).values()) == b.total
    assert set(item_categories(b)) == set(b.items)
    assert set(count_categories(b)) <= set(cat.COUNT_CATEGORIES)


@settings(max_examples=examples(200), deadline=None)
@given(deals(4), st.booleans(), st.integers(0, 32))
def test_a_total_claim_is_explained_to_the_point(deal, crib, claim):
    hand, starter = deal
    b = score_show(hand, starter, crib=crib)
    missed = missed_by_category(b, claimed_total=claim)
    over = missed.get("over-claim", 0) + missed.get("crib-flush-trap", 0)
    under = sum(missed.values()) - over
    assert under == max(b.total - claim, 0)
    assert over == max(claim - b.total, 0)
    assert all(p > 0 for p in missed.values())


def test_total_claims():
    b = show("5H 5C 5S JD", "5D")
    assert missed_by_category(b, claimed_total=29) == {}
    assert missed_by_category(b, claimed_total=28) == {"nobs": 1.0}
    assert missed_by_category(b, claimed_total=31) == {"over-claim": 2.0}
    # Short by one with no nob to miss: the count went wrong, we cannot say where.
    assert missed_by_category(show("7H 8C 8D KS", "9D"), claimed_total=11) == {"miscount": 1.0}


def test_crib_flush_trap_claims():
    trap = show("2H 4H 6H 8H", "KS", crib=True)
    assert is_crib_flush_trap(trap)
    assert not is_crib_flush_trap(show("2H 4H 6H 8H", "KS"))  # a hand flush is real
    assert missed_by_category(trap, claimed_total=4) == {"crib-flush-trap": 4.0}
    assert missed_by_category(trap, claimed_total=5) == {"crib-flush-trap": 4.0, "over-claim": 1.0}
    assert missed_by_category(trap, claimed_total=2) == {"over-claim": 2.0}
    flush = ShowItem(ItemKind.FLUSH, cards("2H 4H 6H 8H"), 4)
    assert missed_by_category(trap, claimed_items=[flush]) == {"crib-flush-trap": 4.0}
    assert missed_by_category(trap, claimed_items={ItemKind.FLUSH: 4}) == {"crib-flush-trap": 4.0}


def test_itemised_claims_are_exact():
    b = show("7H 8C 8D KS", "9D")
    claimed = [i for i in b.items if not (i.kind == ItemKind.RUN and card("8D") in i.cards)]
    assert missed_by_category(b, claimed_items=claimed) == {"double-run": 3.0}
    assert missed_by_category(b, claimed_items=b.items) == {}
    invented = ShowItem(ItemKind.FIFTEEN, cards("7H 8C"), 2)  # claimed twice
    assert missed_by_category(b, claimed_items=[*b.items, invented]) == {"over-claim": 2.0}
    # The pair inside the double run is missed as part of the double run.
    no_pair = [i for i in b.items if i.kind != ItemKind.PAIR]
    assert missed_by_category(b, claimed_items=no_pair) == {"double-run": 2.0}


def test_claims_by_kind():
    b = show("5H 5C 5S JD", "5D")
    got = missed_by_category(b, claimed_items={"fifteen": 12, ItemKind.PAIR: 12, "nobs": 1})
    assert got == {"fifteen-3plus": 4.0}  # two fives-and-a-ten (3 cards) more likely than 2+2
    got = missed_by_category(b, claimed_items={"fifteen": 16, "pair": 12, "nobs": 1, "run": 3})
    assert got == {"over-claim": 3.0}


def test_bad_claims_are_refused():
    b = show("5H 5C 5S JD", "5D")
    with pytest.raises(ValueError, match="either"):
        missed_by_category(b)
    with pytest.raises(ValueError, match="either"):
        missed_by_category(b, claimed_total=3, claimed_items={})
    with pytest.raises(ValueError, match="negative"):
        missed_by_category(b, claimed_items={"pair": -2})
    with pytest.raises(ValueError, match="unknown kind"):
        missed_by_category(b, claimed_items={"double-run": 8})


def test_other_category_ids():
    assert cat.peg_category("reply-5") == "peg-reply-5"
    assert cat.discard_category(True) == "discard-dealer"
    assert cat.discard_category(False) == "discard-pone"


def test_every_category_has_words_for_the_screen():
    from crib_trainer.training.categories import (
        COUNT_CATEGORIES,
        DISCARD_CATEGORIES,
        PEG_THEME_WORDS,
        PEG_THEMES,
        category_label,
    )
    from crib_trainer.training.drills.pegdrills import THEMES

    assert set(PEG_THEME_WORDS) == set(PEG_THEMES) == set(THEMES)
    for category in (*COUNT_CATEGORIES, *DISCARD_CATEGORIES, *(f"peg-{t}" for t in THEMES)):
        label = category_label(category)
        assert (label and label != category.replace("-", " ")) or category in ("pair", "run")


def test_split_categories_tell_one_miss_from_another():
    """A double run of three and of four, a hand's four-card flush and a five-card one,
    his nob and his heels are each their own category."""
    assert count_categories(show("9H 9C TS QD", "JS")) == {
        "double-run-four": 10,
        "heels": 0,
        "over-claim": 0,
    }
    assert "double-run" in count_categories(show("9H 9C TS 2D", "JS"))
    assert count_categories(show("2H 4H 6H 8H", "KS"))["hand-four-flush"] == 4
    assert count_categories(show("2H 4H 6H 8H", "KH"))["flush"] == 5
    assert "heels" not in count_categories(show("2H 4H 6H 8H", "KH"))


def test_his_heels_counted_as_his_nob_is_booked_to_heels():
    b = show("2C 4D 6H 8S", "JS")  # a turned jack, and no jack in the hand
    assert cat.book_misses(b, claimed_total=b.total + 1).missed == {"heels": 1.0}
    assert cat.book_misses(b, claimed_total=b.total + 2).missed == {"heels": 2.0}
    # No jack turned: one too many is an over-claim, as before.
    other = show("2C 4D 6H 8S", "KS")
    assert cat.book_misses(other, claimed_total=other.total + 1).missed == {"over-claim": 1.0}


def test_a_row_stored_before_the_split_is_read_by_its_cards():
    from datetime import UTC, datetime

    from crib_trainer.training.attempt import Attempt
    from crib_trainer.training.learning.learner import Learner

    def old(hand: str, starter: str, missed: dict, present: dict) -> Attempt:
        q = {"cards": hand.split(), "starter": starter, "crib": False}
        t = datetime(2025, 1, 1, tzinfo=UTC)
        return Attempt("count-hand", q, {}, {}, not missed, "under", missed, 5, t, None, present)

    four = old("9H 9C TS JD", "QS", {"double-run": 2}, {"double-run": 10})
    three = old("9H 9C TS 2D", "KS", {"double-run": 2}, {"double-run": 8})
    flush = old("2H 4H 6H 8H", "KS", {"flush": 4}, {"flush": 4})
    assert cat.read_old(four).missed == {"double-run-four": 2.0}
    assert cat.read_old(three) == three  # (a double run of three keeps its id)
    assert cat.read_old(flush).present == {"hand-four-flush": 4.0}
    unreadable = old("9H 9C TS JD", "QS", {"double-run": 2}, {"double-run": 10})
    unreadable.question["cards"] = ["not a card"]
    assert cat.read_old(unreadable) == unreadable
    learner = Learner.of([four, three, flush])
    assert set(learner.tracks) == {"double-run", "double-run-four", "hand-four-flush"}
    assert learner.tracks["double-run-four"].missed == 1

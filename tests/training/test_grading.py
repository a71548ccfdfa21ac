from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_trainer.core.rules import ACC, BRITANNICA, HOYLE, RuleOptions
from crib_trainer.core.show import ItemKind, score_show
from crib_trainer.training.grading.claims import grade_items, judge_claim, likely_missed
from crib_trainer.training.words.explain import explain_verdict
from tests.conftest import card, cards, deals

HAND_29 = score_show(cards("5H 5C 5S JD"), card("5D"))


def test_correct_claim():
    v = judge_claim(HAND_29, 29)
    assert v.verdict == "correct" and v.difference == 0 and v.to_opponent == 0
    assert explain_verdict(v) == "Claimed 29: correct."


def test_missed_nob_is_named_for_certain():
    v = judge_claim(HAND_29, 28)
    assert v.verdict == "under" and v.difference == 1
    assert [i.kind for i in v.missed] == [ItemKind.NOBS] and v.missed_certain


def test_under_claim_with_muggins_gives_the_points_away():
    """ACC rule 10 (muggins, optional); Hoyle [003], Muggins."""
    v = judge_claim(HAND_29, 25, RuleOptions(muggins=True))
    assert v.to_opponent == 4 and v.ruling.scored == 25
    assert sum(i.points for i in v.missed) == 4
    assert "Muggins: the opponent scores the 4 overlooked (ACC, rule 10)." in explain_verdict(v)


@pytest.mark.parametrize("rules", [ACC, BRITANNICA, HOYLE])
def test_under_claim_without_muggins_is_lost(rules):
    """Britannica [000] law 19: scoring too few, no penalty and no assistance; Hoyle [003];
    ACC rule 8.3. The claimer pegs what he claimed; nothing is raised to the truth."""
    v = judge_claim(HAND_29, 25, RuleOptions(rules))
    assert v.ruling.scored == 25 and v.to_opponent == 0
    assert f"The 4 overlooked points are lost: he pegs 25 ({rules.under_claim.cite()})" in (
        explain_verdict(v)
    )
    assert v.to_json()["scored"] == 25 and v.to_json()["rules"] == rules.name


def test_friendly_correction_raises_a_short_claim():
    v = judge_claim(HAND_29, 25, RuleOptions(correction=True))
    assert v.ruling.scored == 29 and "By agreement" in explain_verdict(v)


@pytest.mark.parametrize(
    ("rules", "bob", "words"),
    [
        (BRITANNICA, 3, 'Britannica, "Cribbage", law 19'),
        (ACC, 3, "ACC, rule 8.4"),
        (HOYLE, 0, 'no penalty (Hoyle, "Cribbage", Muggins)'),
    ],
)
def test_over_claim_under_each_rule_set(rules, bob, words):
    """Britannica [000] law 19 and ACC rule 8.4: the opponent adds the excess. Hoyle [003],
    Muggins: the opponent may require correction; its 2 points are for pegging more than
    was announced, a separate fault (rules.HOYLE.over_peg)."""
    b = score_show(cards("7H 8C 8D KS"), card("9C"))  # 12
    v = judge_claim(b, 15, RuleOptions(rules))
    assert v.verdict == "over" and v.to_opponent == bob and v.ruling.scored == 12
    assert words in explain_verdict(v)


def test_shortfall_no_item_can_explain():
    b = score_show(cards("7H 8C 8D KS"), card("9C"))  # 12: every item is 2 or 3 points
    v = judge_claim(b, 11)
    assert v.missed == () and "went wrong" in explain_verdict(v)


def test_likely_missed_prefers_fewest_items_then_the_oft_missed():
    b = score_show(cards("2H 3H 5H JH"), card("KH"))  # flush of five and nob among others
    missed, _ = likely_missed(b.items, 6)
    assert sum(i.points for i in missed) == 6
    assert {i.kind for i in missed} == {ItemKind.FLUSH, ItemKind.NOBS}


@given(deals(4), st.integers(min_value=0, max_value=29))
def test_missed_items_always_add_up_to_the_shortfall(deal, claim):
    hand, starter = deal
    b = score_show(hand, starter)
    v = judge_claim(b, claim)
    if v.verdict == "under" and v.missed:
        assert sum(i.points for i in v.missed) == v.difference
        assert all(i in b.items for i in v.missed)


def test_grade_items():
    b = score_show(cards("7H 8C 8D KS"), card("9C"))
    grades = {
        g.kind: g for g in grade_items(b, {ItemKind.FIFTEEN: 4, ItemKind.PAIR: 4, ItemKind.RUN: 3})
    }
    assert grades[ItemKind.PAIR].over == 2
    assert grades[ItemKind.RUN].missed == 3
    assert grades[ItemKind.FIFTEEN].missed == grades[ItemKind.FIFTEEN].over == 0


def test_a_crib_flush_over_claim_is_explained():
    b = score_show(cards("2H 4H 8H QH"), card("KS"), crib=True)
    text = explain_verdict(judge_claim(b, 4))
    assert "the crib is worth 0: 4 too many" in text
    assert "four of a suit in the crib count nothing" in text

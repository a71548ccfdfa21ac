"""Hints before answering: the steps say where to look, never the total, and cost credit."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given

from crib_trainer.core.show import ItemKind, score_show
from crib_trainer.training.drills.hands import CountDrill, JudgeDrill
from crib_trainer.training.grading.answers import count_attempt, judge_attempt
from crib_trainer.training.grading.credit import answer_credit
from crib_trainer.training.grading.hints import credit, hints, with_hints
from crib_trainer.training.words.explain import number_word
from tests.conftest import card, cards, deals

T = datetime(2026, 1, 1, tzinfo=UTC)


def show(hand: str, starter: str, crib: bool = False):
    return score_show(cards(hand), card(starter), crib=crib)


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "steps"),
    [
        # The examples: the fifteens counted, the run's cards named, his nob.
        ("7H 8C 8D KS", "9D", False, ("Two fifteens here.", "Look at the 7-8-8-9.", None)),
        ("9H 6C 5D 4S", "4D", False, ("Three fifteens here.", "Look at the 4-4-5-6.", None)),
        ("5H 5C 5S JD", "5D", False, (None, "Look at the 5-5-5-5.", "One card pays his nob.")),
        ("2H 7C 9D KS", "QD", False, ("No fifteens here.", "No pairs and no runs.", None)),
        # A run and a pair apart are both named; the pair of kings is not in the run.
        ("3H 4C 5D KS", "KD", False, (None, "Look at the 3-4-5 and the K-K.", None)),
        # A hand's flush, and the crib's four of a suit that the starter does not match.
        ("2H 4H 6H 8H", "KS", False, (None, None, "Four of a suit make a flush.")),
        ("2H 4H 6H 8H", "KS", True, (None, None, "Four of a suit in the crib, but not")),
        ("2H 4H 6H 8H", "KH", True, (None, None, "Five of a suit make a flush.")),
    ],
)
def test_each_step_says_where_to_look(hand, starter, crib, steps):
    got = hints(show(hand, starter, crib))
    for text, want in zip(got, steps, strict=True):
        if want is not None:
            assert text.startswith(want), (text, want)


@given(deals(4))
def test_the_steps_are_true_of_the_hand_and_never_give_the_total(deal):
    hand, starter = deal
    b = score_show(hand, starter)
    fifteens, look, suits = hints(b)
    n = len(b.of_kind(ItemKind.FIFTEEN))
    assert fifteens.lower().startswith(number_word(n) if n else "no fifteens")
    # Every card named in "look at" is a card of a pair or a run, and all of them are named.
    scoring = sorted(
        c.rank.label for i in b.items if i.kind in (ItemKind.PAIR, ItemKind.RUN) for c in i.cards
    )
    named = re.findall(r"(?:10|[A2-9JQK])", look.removeprefix("Look at the "))
    assert set(named) == set(scoring)
    assert ("his nob" in suits) == bool(b.of_kind(ItemKind.NOBS))
    assert ("make a flush" in suits) == bool(b.of_kind(ItemKind.FLUSH))
    if b.total > 15:  # (a small total is bound to be some number in the text)
        assert not any(number_word(b.total) in s.lower() for s in (fifteens, look, suits))


def test_credit_falls_with_each_step():
    assert [credit(n) for n in range(5)] == [1.0, 0.75, 0.5, 0.25, 0.25]
    with pytest.raises(ValueError, match="negative"):
        credit(-1)


def test_a_right_answer_after_hints_is_partly_right_and_keeps_the_steps():
    drill = CountDrill(cards("7H 8C 8D KS"), card("9D"), crib=False)
    b = drill.breakdown()
    shown = list(hints(b)[:2])
    right = with_hints(count_attempt(drill, total=b.total, seconds=5, answered_at=T), shown)
    assert right.grade == "hinted" and not right.correct
    assert right.answer == {"total": 12, "hints": shown, "credit": 0.5}
    assert answer_credit(right.correct, right.grade, right.answer) == 0.5
    wrong = with_hints(count_attempt(drill, total=8, seconds=5, answered_at=T), shown[:1])
    assert wrong.grade == "under" and wrong.answer["credit"] == 0.0
    assert answer_credit(wrong.correct, wrong.grade, wrong.answer) == 0.0
    plain = count_attempt(drill, total=b.total, seconds=5, answered_at=T)
    assert with_hints(plain, []) is plain and answer_credit(True, "correct", plain.answer) == 1


def test_a_judged_claim_takes_hints_too():
    deal = CountDrill(cards("5H 5C 5S JD"), card("5D"), crib=False)
    a = judge_attempt(JudgeDrill(deal, 28), verdict="under", total=29, seconds=4, answered_at=T)
    hinted = with_hints(a, [hints(deal.breakdown())[2]])
    assert hinted.grade == "hinted" and hinted.answer["credit"] == 0.75
    assert hinted.answer["hints"] == ["One card pays his nob."]


@pytest.mark.parametrize("stored", ["lots", None, True, -3, 7])
def test_a_stored_credit_out_of_shape_counts_within_zero_and_one(stored):
    worth = answer_credit(False, "hinted", {"credit": stored})
    assert worth == {-3: 0.0, 7: 1.0}.get(stored, 0.0)

"""Over-claims diagnosed, "nineteen", and claims no show can make (issue 19.4, 19.5)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from crib_trainer.cli import main
from crib_trainer.core.show import score_show
from crib_trainer.training.grading.claims import judge_claim
from crib_trainer.training.grading.overclaims import (
    diagnose_over,
    impossible_claim,
    known_mistakes,
    possible_totals,
)
from crib_trainer.training.words.explain import explain_verdict
from tests.conftest import card, cards, deals


def verdict(hand: str, starter: str, claim: int, crib: bool = False):
    return judge_claim(score_show(cards(hand), card(starter), crib=crib), claim)


def test_a_turned_jack_counted_as_his_nob():
    v = verdict("5H 5C 5S 5D", "JS", 29)
    assert v.verdict == "over" and v.difference == 1
    assert [m.key for m in v.mistakes] == ["heels-for-nob"] and v.mistakes_certain
    assert "his heels, 2 for the dealer when it is cut" in explain_verdict(v)


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "excess", "key"),
    [
        ("2H 4H 6H 8H", "KS", True, 4, "crib-four-flush"),  # a crib flush needs the starter
        ("2H 4H 6H 9H", "KS", False, 1, "flush-with-starter"),  # a flush of 4 counted as 5
        ("JH 2C 7D 9S", "4S", False, 1, "nob-wrong-suit"),  # the jack of another suit
        ("7H 8C 9D TS", "2C", False, 3, "run-inside-run"),  # run of 4 plus the 3 inside
        ("7H 8C 8D 9S", "2C", False, 2, "pair-in-double-run"),  # the pair counted again
        ("5H 6C 2D 9S", "JS", False, 2, "heels-in-show"),  # heels counted in the show
    ],
)
def test_each_known_mistake_is_found_from_its_excess(hand, starter, crib, excess, key):
    b = score_show(cards(hand), card(starter), crib=crib)
    mistakes, _ = diagnose_over(b, b.total + excess)
    assert key in [m.key for m in mistakes]
    assert sum(m.points for m in mistakes) == excess


def test_an_excess_no_common_mistake_makes_says_so():
    v = verdict("7H 8C 8D 9S", "2C", 16)
    assert v.mistakes == ()
    assert "No common mistake makes 4 too many" in explain_verdict(v)


def test_nineteen_on_a_hand_worth_nothing_is_correct():
    v = verdict("2H 7C 9D KS", "QD", 19)
    assert v.nineteen and v.verdict == "correct" and v.difference == 0
    assert v.ruling.scored == 0 and v.to_opponent == 0
    assert "nineteen" in explain_verdict(v).lower() and "correct" in explain_verdict(v)


@pytest.mark.parametrize("claim", [19, 25, 26, 27, 30, 40])
def test_impossible_totals_say_why(claim):
    v = verdict("2H 7C 9D KS", "4D", claim)  # worth 2
    assert v.verdict == ("under" if claim == 19 else "over")
    assert v.impossible and str(min(claim, 29)) in v.impossible
    assert v.impossible in explain_verdict(v)


@pytest.mark.parametrize(("law", "to_opponent"), [("acc", 2), ("hoyle", 2), ("britannica", 0)])
def test_nineteen_on_a_hand_worth_something_claims_nothing(law, to_opponent, capsys):
    # Hoyle, Showing: saying "I have nineteen" shows a hand with no counting combination;
    # All about, Finale: a zero hand. On a hand worth 2 it claims nothing: the 2 are
    # overlooked (lost, or the opponent's by muggins), not 17 points over-claimed.
    v = verdict("2H 7C 9D KS", "4D", 19)
    assert v.nineteen and v.counted == 0 and v.verdict == "under" and v.difference == 2
    assert [i.kind for i in v.missed] == ["fifteen"] and v.ruling.scored == 0
    text = explain_verdict(v)
    assert text.startswith("Claimed nineteen (nothing), but the hand is worth 2: 2 missed.")
    assert "he pegs 0" in text
    muggins = ["--muggins"] if to_opponent else []
    argv = ["score", "2H", "7C", "9D", "KS", "--starter", "4D", "--claim", "19", "--json"]
    assert main([*argv, "--law", law, *muggins]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["verdict"], data["scored"], data["to_opponent"]) == ("under", 0, to_opponent)


def test_impossible_under_claims_too():
    v = verdict("5H 5C 5S JD", "5D", 26)  # the 29 hand, claimed 26
    assert v.verdict == "under" and "25, 26 or 27" in v.impossible


@settings(max_examples=150)
@given(deals(4))
def test_every_real_total_is_possible_and_every_mistake_is_found(deal):
    hand, starter = deal
    b = score_show(hand, starter)
    assert impossible_claim(b, b.total) is None
    assert b.total in possible_totals(b)
    for m in known_mistakes(b):
        found, _ = diagnose_over(b, b.total + m.points)
        assert found and sum(x.points for x in found) == m.points


def test_json_keys(capsys):
    code = main(["score", "2H", "7C", "9D", "KS", "--starter", "QD", "--claim", "19", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["verdict"] == "correct" and data["nineteen"] is True
    assert data["impossible"] is None and data["mistakes"] == [] and data["notes"] == []
    main(["score", "5H", "5C", "5S", "5D", "--starter", "JS", "--claim", "29", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["mistakes"][0]["key"] == "heels-for-nob" and data["mistakes_certain"] is True


def test_the_crib_flush_rule_is_shown_whenever_a_crib_holds_four_of_a_suit(capsys):
    main(["score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib"])
    assert "No flush: a crib scores a flush only when the starter" in capsys.readouterr().out
    main(["score", "2H", "4H", "6H", "8H", "--starter", "KH", "--crib", "--json"])
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert notes and "as here" in notes[0]


def test_a_learner_who_says_nineteen_for_nothing_is_right():
    from datetime import UTC, datetime

    from crib_trainer.training.drills.hands import CountDrill
    from crib_trainer.training.grading.answers import count_attempt

    drill = CountDrill(cards("2H 7C 9D KS"), card("QD"), crib=False)
    a = count_attempt(drill, total=19, seconds=3, answered_at=datetime.now(UTC))
    assert a.correct and a.answer == {"total": 19}
    # On a hand worth 2 (a fifteen) "nineteen" says nothing is there: the fifteen missed.
    worth_two = CountDrill(cards("2H 7C 9D KS"), card("4D"), crib=False)
    b = count_attempt(worth_two, total=19, seconds=3, answered_at=datetime.now(UTC))
    assert not b.correct and b.grade == "under"

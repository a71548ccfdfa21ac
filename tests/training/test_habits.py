"""Habits: seen in a decision and its best, or in a count's misses; dealt on demand."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime

import pytest

from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.show import score_show
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import count_categories
from crib_trainer.training.drills.hands import discard_drill
from crib_trainer.training.kinds import KINDS
from crib_trainer.training.learning import habits
from crib_trainer.training.learning.habits import HABITS, count_now, holds, sightings
from crib_trainer.training.learning.learner import Learner, weak_spots

T = datetime(2026, 1, 1, tzinfo=UTC)


def throw(cards: str, role: str, thrown: str, best: str, grade: str, gave_up: float) -> Attempt:
    q = {"cards": cards.split(), "role": role, "variant": "six-card"}
    truth = {"best": best.split(), "gave_up": gave_up, "unit": "points", "error": 0.0}
    cat = f"discard-{role}"
    ok = grade in ("best", "as-good")
    return Attempt("discard", q, {"discard": thrown.split()}, truth, ok, grade,
                   {cat: 0 if ok else gave_up}, 3, T, present={cat: 0})  # fmt: skip


def lay(hand: str, played: list[str], card: str, best: str, grade: str, gave_up: float,
        themes: tuple[str, ...] = ()) -> Attempt:  # fmt: skip
    q = {"hand": hand.split(), "played": played, "starter": "KD", "discards": [],
         "dealer": False, "themes": list(themes), "opponent": []}  # fmt: skip
    truth = {"best": best, "gave_up": gave_up, "unit": "points", "error": 0.0}
    ok = grade in ("best", "as-good")
    return Attempt("peg-play", q, {"card": card}, truth, ok, grade, {"peg-lead": 0 if ok else 1},
                   2, T, present={"peg-lead": 0})  # fmt: skip


def shown(a: Attempt) -> dict[str, float]:
    return {s.habit: s.shown for s in sightings(a)}


def test_a_five_thrown_to_the_dealer_is_seen_only_where_the_best_keeps_it():
    hand = "2H 5C 7D 9S JC KH"
    assert shown(throw(hand, "pone", "5C KH", "2H 9S", "fair", 1.2)) == {
        "throws-five-to-dealer": 1.0
    }
    # The 5 kept: held, not shown. The best throws a 5 too: not the habit.
    assert shown(throw(hand, "pone", "2H 9S", "2H 9S", "best", 0.0)) == {
        "throws-five-to-dealer": 0.0
    }
    assert shown(throw(hand, "pone", "5C KH", "5C JC", "close", 0.3)) == {
        "throws-five-to-dealer": 0.0
    }
    # As good as the best (within the judge's margin): no habit shown.
    assert shown(throw(hand, "pone", "5C KH", "2H 9S", "as-good", 0.05)) == {
        "throws-five-to-dealer": 0.0
    }
    # As dealer the 5 goes to his own crib: not held.
    assert shown(throw(hand, "dealer", "5C KH", "2H 9S", "fair", 1.0)) == {}
    cost = sightings(throw(hand, "pone", "5C KH", "2H 9S", "fair", 1.2))[0].cost
    assert cost == 1.2


def test_pairs_thrown_and_broken():
    hand = "4H 4C 7D 9S JC KH"
    assert shown(throw(hand, "pone", "4H 4C", "9S KH", "costly", 2.0)) == {
        "throws-pair-to-dealer": 1.0,
        "breaks-pair": 0.0,
    }
    assert shown(throw(hand, "dealer", "4H KH", "9S KH", "fair", 1.0)) == {"breaks-pair": 1.0}
    assert shown(throw(hand, "dealer", "4H KH", "4C KH", "best", 0.0)) == {"breaks-pair": 0.0}


def test_a_lead_and_a_play_to_21():
    lead = lay("5H 9C TD KS", [], "5H", "9C", "costly", 1.1, themes=("lead",))
    assert shown(lead) == {"leads-five": 1.0}
    assert shown(lay("5H 9C TD KS", [], "9C", "9C", "best", 0, themes=("lead",))) == {
        "leads-five": 0.0
    }
    assert shown(lay("5H 5C", [], "5H", "5C", "best", 0, themes=("lead",))) == {}  # (no choice)
    to_21 = lay("6H 2C", ["A:KS", "B:5D"], "6H", "2C", "fair", 0.8)
    assert shown(to_21) == {"plays-to-21": 1.0}
    assert count_now(["A:KS", "B:QH", "go", "A:4C"]) == 4
    assert count_now(["A:KS", "B:QH", "A:AS", "B:KH", "A:3C"]) == 3  # (31, then a new count)


def test_counting_habits_read_the_categories_of_a_count():
    q = {"cards": ["9H", "9C", "TS", "JD"], "starter": "QS", "crib": False}
    present = {"double-run-four": 10, "over-claim": 0}
    a = Attempt("count-hand", q, {"total": 8}, {"total": 10}, False, "under", {}, 5, T,
                present=present, maybe={"double-run-four": 0.6})  # fmt: skip
    assert [(s.habit, s.shown) for s in sightings(a)] == [("double-run-four", 0.6)]
    assert sightings(a, counts=False) == []


def test_a_row_that_does_not_read_shows_no_habit():
    bad = throw("2H 5C 7D 9S JC KH", "pone", "5C KH", "2H 9S", "fair", 1.2)
    bad.truth["best"] = ["??"]
    assert sightings(bad) == []


def test_one_decision_is_not_a_habit_two_are():
    hand = "2H 5C 7D 9S JC KH"
    learner = Learner()
    learner.add(throw(hand, "pone", "5C KH", "2H 9S", "fair", 1.2))
    m = learner.mastery("throws-five-to-dealer", now=T)
    assert m.state == "fine" and m.doubt == 1.0
    assert "throws-five-to-dealer" not in [s.category for s in weak_spots({m.category: m})]
    learner.add(throw(hand, "pone", "5C KH", "2H 9S", "fair", 1.2))
    m = learner.mastery("throws-five-to-dealer", now=T)
    assert m.state == "weak" and m.certain and m.doubt == 0.0
    assert weak_spots({m.category: m})[0].category == "throws-five-to-dealer"


@pytest.mark.parametrize("habit", ["throws-five-to-dealer", "throws-pair-to-dealer", "breaks-pair"])
def test_a_throw_habit_is_dealt_and_held(habit):
    rng = random.Random(3)
    for _ in range(10):
        drill = KINDS["discard"].generate(rng, habit)
        assert habit in KINDS["discard"].holds(drill)


@pytest.mark.parametrize("habit", ["leads-five", "plays-to-21"])
def test_a_play_habit_is_dealt_and_held(habit):
    drill = KINDS["peg-play"].generate(random.Random(5), habit)
    assert habit in KINDS["peg-play"].holds(drill) and habit in holds(drill)


def test_every_habit_has_words_and_a_kind_that_aims_at_it():
    for h in HABITS.values():
        assert h.label and h.practise and 0 < h.per_deal < 1
        assert h.id in KINDS[h.kind].targets
        assert h.evidence(2, 5, 1.04).endswith("about 1.0 point a time")


def test_how_often_a_deal_holds_each_throw_habit():
    """per_deal against a seeded sample (bench/habit_rates.py measures them all)."""
    rng = random.Random(2)
    n = 4000
    seen = {h: 0 for h in habits.DECISION_HABITS["discard"]}
    for _ in range(n):
        for h in holds(discard_drill(rng)):
            seen[h] += 1
    for h, k in seen.items():
        rate, p = k / n, HABITS[h].per_deal
        assert abs(rate - p) <= 4 * math.sqrt(p * (1 - p) / n), (h, rate, p)


def test_how_often_a_hand_holds_each_counting_habit():
    """A counting habit's per_deal is the hand's share plus half the crib's; the crib's is
    between none and twice the hand's for these, so per_deal is within half the hand's
    share of 1.5 times it (the crib's flush trap is a crib's alone)."""
    rng = random.Random(4)
    n = 6000
    held = {h.id: 0 for h in HABITS.values() if h.category and h.kind == "count-hand"}
    for _ in range(n):
        cards = rng.sample(FULL_DECK, 5)
        for c in count_categories(score_show(tuple(cards[:4]), cards[4])):
            if c in held:
                held[c] += 1
    for h, k in held.items():
        hand = k / n
        slack = 0.5 * hand + 4 * math.sqrt(max(hand, 1 / n) / n)
        assert abs(HABITS[h].per_deal - 1.5 * hand) <= slack + 0.002, (h, hand)


def test_a_choice_is_evidence_of_the_most_particular_habit_it_shows():
    """A pair of 5s thrown as pone: throwing a 5 to the dealer, not also a pair thrown; one
    5 of a pair thrown: not also a pair broken."""
    hand = "5H 5C 7D 9S JC KH"
    assert shown(throw(hand, "pone", "5H 5C", "9S KH", "costly", 3.0)) == {
        "throws-five-to-dealer": 1.0,
        "breaks-pair": 0.0,
    }
    assert shown(throw(hand, "pone", "5H KH", "7D 9S", "costly", 2.0)) == {
        "throws-five-to-dealer": 1.0,
        "throws-pair-to-dealer": 0.0,
    }

"""The coach's report: habits named only when shown twice and weak, their state as the
learner model folds it, their cost a deal and their trend made from the numbers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.learning.coach import coach
from crib_trainer.training.learning.habits import HABITS

T = datetime(2026, 1, 1, tzinfo=UTC)


def throw(n: int, *, five: bool, gave_up: float = 1.0) -> Attempt:
    """A pone throw from a hand holding a 5: the 5 thrown (a fair choice) or the best."""
    q = {"cards": ["2H", "5C", "7D", "9S", "JC", "KH"], "role": "pone"}
    truth = {"best": ["2H", "9S"], "gave_up": gave_up if five else 0.0, "unit": "points",
             "error": 0.0}  # fmt: skip
    thrown = ["5C", "KH"] if five else ["2H", "9S"]
    grade = "fair" if five else "best"
    missed = {"discard-pone": gave_up if five else 0}
    at = T + timedelta(minutes=n)
    return Attempt("discard", q, {"discard": thrown}, truth, not five, grade, missed, 4, at, id=n)


def report(shows: list[bool]):
    return coach([throw(n, five=s) for n, s in enumerate(shows, 1)], now=T + timedelta(days=1))


def test_one_show_is_not_a_habit_two_are_and_the_numbers_make_the_words():
    assert report([True]).habits == ()
    assert report([True, False, False, False]).habits == ()  # (once only)
    h = report([True, False, True]).habits[0]
    assert (h.habit.id, h.state, h.shown, h.times) == ("throws-five-to-dealer", "weak", 2, 3)
    assert h.per_time == 1.0 and h.cost == HABITS["throws-five-to-dealer"].per_deal * 2 / 3
    assert h.answers == (3, 1)
    assert "in 2 of 3 hands that held one: about 1.0 point a time" in h.words()


def test_learning_then_learnt_as_the_model_folds_it():
    assert report([True, True, False, False]).habits[0].state == "learning"
    learnt = report([True, True, False, False, False, False, False]).habits[0]
    assert learnt.state == "learnt"
    back = report([True, True, *[False] * 5, True])
    assert back.habits[0].state == "weak"
    assert report([True, True] + [False] * 5).next is None  # (nothing left to practise)


def test_the_trend_compares_the_last_five_with_those_before():
    better = report([True, True, True, True, False, False, False, False, True])
    assert better.habits[0].trend == "better"
    assert better.habits[0].trend_words() == "better: 1 of the last 5, 4 of 4 before"
    worse = report([False, False, False, True, True, True, True, True])
    assert worse.habits[0].trend == "worse"
    assert report([True, True, True]).habits[0].trend == "new"


def test_costliest_first_and_learnt_last():
    pair = {"cards": ["4H", "4C", "7D", "9S", "JC", "KH"], "role": "pone"}

    def pair_throw(n: int) -> Attempt:
        truth = {"best": ["9S", "KH"], "gave_up": 3.0, "unit": "points", "error": 0.0}
        at = T + timedelta(minutes=100 + n)
        missed = {"discard-pone": 3.0}
        thrown = {"discard": ["4H", "4C"]}
        return Attempt("discard", pair, thrown, truth, False, "costly", missed, 4, at, id=100 + n)

    history = [throw(1, five=True), throw(2, five=True), pair_throw(1), pair_throw(2)]
    r = coach(history, now=T + timedelta(days=1))
    assert [h.habit.id for h in r.habits] == ["throws-pair-to-dealer", "throws-five-to-dealer"]
    assert r.habits[0].cost > r.habits[1].cost
    assert r.next is r.habits[0] and r.to_json()["next"]["aimed_at"] == "throws-pair-to-dealer"

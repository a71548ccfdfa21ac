"""The session: one place that decides what is asked next and records what was answered."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.training.learning import session as session_module
from crib_trainer.training.learning.learner import (
    CHECK_INTERVALS,
    LEARN_STREAK,
    Learner,
    weak_spots,
)
from crib_trainer.training.learning.session import MemoryHistory, Plan, Session

T0 = datetime(2025, 11, 24, 19, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def new_session(seed: int = 0, store=None) -> tuple[Session, Clock]:
    clock = Clock()
    return Session(store or MemoryHistory(), rng=random.Random(seed), clock=clock), clock


def answer(session: Session, clock: Clock, q, *, miss: str | None = None) -> None:
    b = q.drill.breakdown()
    from crib_trainer.training.categories import item_categories

    lost = sum(i.points for i, c in item_categories(b).items() if c == miss)
    session.answer(q, total=b.total - lost, seconds=5.0)
    clock.now += timedelta(seconds=20)


def test_the_contract():
    s, _ = new_session()
    q = s.next_question({"count-hand"})
    assert (q.kind, q.crib, q.review, q.aimed_at) == ("count-hand", False, False, None)
    assert len(q.cards) == 4 and q.starter is not None
    a = s.answer(q, total=q.drill.breakdown().total, seconds=8.0)
    assert a.correct and a.attempt.id == 1 and s.store.load_attempts()[0].seconds == 8.0
    items = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
    q2 = s.next_question({"count-hand"})
    wrong = s.answer(q2, items=items, seconds=3.0)
    assert wrong.correct == (q2.drill.breakdown().total == 0)
    with pytest.raises(ValueError, match="at least one"):
        s.next_question(set())


@pytest.mark.parametrize("kind", ["count-hand", "count-crib", "judge", "discard"])
def test_an_aimed_question_holds_its_category_every_time(kind):
    from crib_trainer.training.kinds import KINDS, can_aim

    s, _ = new_session(3)
    for category in KINDS[kind].targets:
        if not can_aim(kind, category):
            continue
        for _ in range(3):
            q = s.deal(Plan(kind, category, "weak"))
            assert category in q.holds, (kind, category)


def test_same_seed_same_questions():
    def questions(seed):
        s, clock = new_session(seed)
        out = []
        for n in range(15):
            q = s.next_question({"count-hand", "count-crib"})
            answer(s, clock, q, miss="nobs" if n < 10 else None)
            out.append((q.kind, [c.code for c in q.cards], q.reason))
        return out

    assert questions(4) == questions(4) != questions(5)


def test_weak_then_learnt_then_checked_then_weak_again_at_once():
    s, clock = new_session(2)
    while True:  # nobs missed until it is found and drilled
        q = s.next_question({"count-hand"})
        answer(s, clock, q, miss="nobs")
        if s.masteries().get("nobs") and s.masteries()["nobs"].state == "weak":
            break
    reasons = []
    for _ in range(30):
        q = s.next_question({"count-hand"})
        reasons.append(q.reason)
        answer(s, clock, q)
        if s.masteries()["nobs"].state == "learnt":
            break
    m = s.masteries()["nobs"]
    assert m.state == "learnt" and m.learnt_after == LEARN_STREAK and m.due is not None
    assert reasons.count("final-check") == 1  # the missed cards again, once
    assert not any(w.category == "nobs" for w in weak_spots(s.masteries()))
    clock.now = m.due + timedelta(minutes=1)
    q = s.next_question({"count-hand"})
    assert (q.reason, q.aimed_at, "nobs" in q.holds) == ("check", "nobs", True)
    answer(s, clock, q, miss="nobs")
    assert s.masteries()["nobs"].state == "weak"  # missed on a check: weak at once


def test_a_check_passed_puts_the_next_one_further_off():
    from crib_trainer.training.attempt import Attempt

    learner = Learner()

    def a(n, when, missed):
        return Attempt("count-hand", {"n": n}, {}, {}, not missed, "", missed, 1, when,
                       present={"nobs": 1})  # fmt: skip

    learner.add(a(0, T0, {"nobs": 1}))
    for n in range(1, LEARN_STREAK + 1):
        learner.add(a(n, T0 + timedelta(minutes=n), {}))
    first = learner.mastery("nobs", now=T0).due
    learner.add(a(99, first + timedelta(hours=1), {}))
    m = learner.mastery("nobs", now=first)
    assert m.box == 2 and m.due - (first + timedelta(hours=1)) == CHECK_INTERVALS[1]


def test_a_store_is_a_history(tmp_path):
    from crib_trainer.storage.db import open_store

    with open_store(tmp_path / "h.sqlite3") as store:
        s, clock = new_session(1, store)
        q = s.next_question({"count-crib"})
        given = s.answer(q, total=q.drill.breakdown().total + 1, seconds=4.0).attempt
    with open_store(tmp_path / "h.sqlite3") as store:
        again = Session(store, rng=random.Random(1), clock=clock)
        # (a jack was turned: one too many is his heels counted as his nob, certainly)
        assert q.starter.rank == 11 and given.missed == {"heels": 1.0}
        assert [a.missed for a in again.history] == [given.missed]


def test_no_clock_and_no_global_random(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the session must not use global random or the clock")

    for name in ("random", "choice", "choices", "shuffle", "sample", "randint"):
        monkeypatch.setattr(random, name, boom)
    s, clock = new_session(8)
    for _ in range(15):
        answer(s, clock, s.next_question({"count-hand"}), miss="double-run")
    assert 0 < session_module.EXPLORE < session_module.FOCUS < 1


def test_a_count_right_only_with_hints_comes_back_until_counted_without():
    from crib_trainer.training.grading.hints import with_hints

    s, clock = new_session(5)
    q = s.next_question({"count-hand"})
    right = s.grade(q, total=q.drill.breakdown().total, seconds=9.0)
    s.record(with_hints(right, ["Three fifteens here."]))
    clock.now += timedelta(minutes=11)
    again = s.next_question({"count-hand"})
    assert (again.reason, again.review, again.cards) == ("hinted", True, q.cards)
    answer(s, clock, again)  # right, without help this time
    clock.now += timedelta(minutes=11)
    assert s.next_question({"count-hand"}).reason != "hinted"


@pytest.mark.parametrize(
    ("kind", "aim", "variant"),
    [
        ("discard", "discard-pone", "five-card"),
        ("peg-play", None, "three-player"),
        ("position", "position-dealer", "six-card"),
    ],
)
def test_a_random_plan_deals_the_learners_game_through_the_registry(kind, aim, variant):
    """A screen's random question (a role the learner chose), or a game the session does
    not plan (a table of three, the five-card game), is dealt by ``Session.deal`` as the
    kind's own dealer deals it."""
    from crib_trainer.training.drills.hands import discard_drill
    from crib_trainer.training.drills.position_drill import position_drill
    from crib_trainer.training.drills.tabledrills import TableDrill, table_drill

    s, _ = new_session(seed=3)
    q = s.deal(Plan(kind, aim, "random", variant=variant))
    if kind == "discard":
        assert q.drill == discard_drill(random.Random(3), dealer=False, variant="five-card")
        assert q.holds == {"discard-pone"}
    elif kind == "position":
        assert q.drill == position_drill(random.Random(3), dealer=True)
    else:
        assert isinstance(q.drill, TableDrill) and q.drill.situation.players == 3
        assert q.drill == table_drill(random.Random(3), variant="three-player")
    assert q.why == "" and not q.review


def count_answer(hand: str, starter: str, *, missed=None, maybe=None, at=T0, present=None):
    from crib_trainer.training.attempt import Attempt

    q = {"cards": hand.split(), "starter": starter, "crib": False, "variant": "six-card"}
    return Attempt("count-hand", q, {"total": 0}, {"total": 0}, False, "under", missed or {}, 5,
                   at, present=present or {}, maybe=maybe or {})  # fmt: skip


def test_a_guess_is_never_aimed_at_ahead_of_a_certain_weakness():
    """A certain miss (his nob) and a likely one (a pair, 0.6): the guess is never booked
    weak, never aimed at as a weak spot while the certain one is there; it is settled on
    its own (confirm) only in the share of plans not spent on the certain one."""
    history = MemoryHistory()
    history.save_attempt(count_answer("5H JC 9D 2S", "4C", missed={"nobs": 1}))
    history.save_attempt(count_answer("3H 3C 9D KS", "AC", maybe={"pair": 0.6},
                                      at=T0 + timedelta(seconds=20)))  # fmt: skip
    s = Session(history, rng=random.Random(0), clock=lambda: T0 + timedelta(minutes=1))
    model = s.masteries()
    assert model["nobs"].state == "weak" and model["nobs"].certain
    assert model["pair"].state == "fine" and model["pair"].doubt == 0.6
    assert weak_spots(model)[0].category == "nobs"
    plans = [s.plan({"count-hand"}) for _ in range(200)]
    aims = {(p.reason, p.aimed_at) for p in plans}
    assert aims <= {("weak", "nobs"), ("confirm", "pair")}
    weak_share = sum(p.reason == "weak" for p in plans) / len(plans)
    assert 0.8 <= weak_share <= 0.97


def test_a_total_several_misses_explain_is_settled_by_a_hand_that_tells_them_apart():
    from crib_trainer.core.cards import parse_card, parse_cards
    from crib_trainer.training.drills.hands import CountDrill

    s, clock = new_session(5)
    q = s.given(CountDrill(parse_cards("6H 7C 8D 9S"), parse_card("9D"), crib=False))
    b = q.drill.breakdown()
    booked = s.answer(q, total=b.total - 2, seconds=5.0).attempt  # (2 short: who can say?)
    clock.now += timedelta(seconds=20)
    assert not booked.missed.get("double-run-four") and len(booked.maybe) >= 2
    plan = s.plan({"count-hand"})
    assert plan.reason == "confirm" and plan.aimed_at in booked.maybe
    assert plan.avoid == frozenset(booked.maybe) - {plan.aimed_at}
    dealt = s.deal(plan)
    assert plan.aimed_at in dealt.holds and not plan.avoid & dealt.holds
    assert "To settle a doubt" in dealt.why


def test_a_speed_goal_comes_from_his_own_pace_once_accuracy_holds():
    from crib_trainer.training.learning.learner import GOAL_SHARE, PACE_ANSWERS

    s, clock = new_session(2)
    for n in range(PACE_ANSWERS):
        q = s.next_question({"count-hand"})
        s.answer(q, total=q.drill.breakdown().total, seconds=40.0 + n)
        clock.now += timedelta(seconds=60)
    goal = s.plan({"count-hand"}).goal
    assert goal == round(GOAL_SHARE * (40 + (PACE_ANSWERS - 1) / 2))
    q = s.next_question({"count-hand"})
    assert q.goal == goal and f"Aim for {goal:.0f} s" in q.why
    fast, clock = new_session(2)
    for _ in range(PACE_ANSWERS):
        q = fast.next_question({"count-hand"})
        fast.answer(q, total=q.drill.breakdown().total, seconds=6.0)
    assert fast.plan({"count-hand"}).goal is None  # (already at a practised pace)


def test_no_weak_spot_moves_on_to_harder_hands_then_decisions_at_the_score():
    """Thirty right answers, none on a harder hand: harder hands (counts only); with twenty
    harder hands answered right, decisions at the score too (the position drill)."""
    from crib_trainer.training.attempt import Attempt
    from crib_trainer.training.learning.session import HARDER, MOVE_ON_AFTER

    def right(n: int, present: dict) -> Attempt:
        return Attempt("count-hand", {"n": n}, {}, {}, True, "correct", {}, 5.0,
                       T0 + timedelta(minutes=n), present=present)  # fmt: skip

    def plans(history: list[Attempt], kinds: set[str]) -> set[str]:
        store = MemoryHistory()
        for a in history:
            store.save_attempt(a)
        s = Session(store, rng=random.Random(1), clock=lambda: T0 + timedelta(days=1))
        return {s.plan(kinds).reason for _ in range(200)}

    every = {c: 1.0 for c in ("fifteen-2", "fifteen-3plus", "pair", "pair-royal", "run",
             "triple-run", "double-double-run", "flush", "hand-four-flush", "nobs", "heels",
             "double-run-four", "double-run")}  # fmt: skip
    plain = [right(n, {"fifteen-2": 2.0}) for n in range(MOVE_ON_AFTER)]
    met = [right(100, every)]  # (every category met: no placement left)
    assert plans(plain + met, {"count-hand"}) == {"harder", "fresh"}
    assert "at-score" not in plans(plain + met, {"count-hand", "position"})
    harder = [right(200 + n, {HARDER[n % 2]: 8.0}) for n in range(20)]
    assert "at-score" in plans(plain + met + harder, {"count-hand", "position"})

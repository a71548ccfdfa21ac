"""Answers graded into attempts: grade, what was missed, what was present."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from crib_trainer.core.show import ItemKind
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import count_categories
from crib_trainer.training.drills.hands import CountDrill, JudgeDrill
from crib_trainer.training.grading.answers import count_attempt, judge_attempt, peg_score_attempt
from tests.conftest import card, cards

T = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
HAND = CountDrill(cards("7H 8C 8D KS"), card("9D"), crib=False)  # 12: 4 fifteen-2, 8 double run
TRAP = CountDrill(cards("2H 4H 6H 8H"), card("KS"), crib=True)


def test_count_by_total():
    a = count_attempt(HAND, total=12, seconds=5, answered_at=T)
    assert (a.kind, a.correct, a.grade, a.missed) == ("count-hand", True, "correct", {})
    assert a.present == {k: float(v) for k, v in count_categories(HAND.breakdown()).items()}
    assert a.question["cards"] == ["7H", "8C", "8D", "KS"] and a.truth["total"] == 12
    a = count_attempt(HAND, total=9, seconds=5, answered_at=T)
    assert (a.correct, a.grade, a.missed) == (False, "under", {"double-run": 3.0})
    a = count_attempt(TRAP, total=4, seconds=5, answered_at=T)
    assert (a.kind, a.grade, a.missed) == ("count-crib", "over", {"crib-flush-trap": 4.0})


def test_count_by_items_and_by_kind():
    b = HAND.breakdown()
    runs = [i for i in b.items if i.kind == ItemKind.RUN]
    a = count_attempt(HAND, items=[*runs, *runs[:1]], seconds=5, answered_at=T)
    # Missed both fifteens and the pair; claimed one run twice: both at once is "mixed".
    assert a.grade == "mixed"
    assert a.missed == {"fifteen-2": 4.0, "double-run": 2.0, "over-claim": 3.0}
    assert a.answer["items"][0]["kind"] == "run"
    a = count_attempt(HAND, by_kind={"fifteen": 4, "pair": 2, "run": 6}, seconds=1, answered_at=T)
    assert a.correct and a.answer == {"by_kind": {"fifteen": 4, "pair": 2, "run": 6}}
    with pytest.raises(ValueError, match="exactly one"):
        count_attempt(HAND, total=3, by_kind={}, seconds=1, answered_at=T)


def test_judge():
    under = JudgeDrill(HAND, 8)
    a = judge_attempt(under, verdict="under", seconds=3, answered_at=T)
    assert (a.correct, a.grade, a.missed) == (True, "correct", {})
    a = judge_attempt(under, verdict="correct", seconds=3, answered_at=T)
    assert (a.correct, a.grade) == (False, "wrong-verdict")
    # the claimant's four points the learner let stand: a two-card fifteen for certain,
    # and another fifteen or the pair of the double run
    assert a.missed == {"fifteen-2": 2.0} and a.maybe == {"double-run": 0.667}
    a = judge_attempt(under, verdict="under", total=10, seconds=3, answered_at=T)
    assert (a.correct, a.grade, a.missed) == (False, "wrong-total", {})  # 2 short: which?
    assert a.maybe == {"fifteen-2": 0.667, "double-run": 0.333}
    a = judge_attempt(JudgeDrill(TRAP, 4), verdict="correct", seconds=3, answered_at=T)
    assert a.missed == {"crib-flush-trap": 4.0} and a.truth["verdict"] == "over"
    a = judge_attempt(JudgeDrill(HAND, 12), verdict="over", seconds=3, answered_at=T)
    assert (a.correct, a.missed) == (False, {})  # wrong, but nothing says what was missed
    with pytest.raises(ValueError, match="verdict"):
        judge_attempt(under, verdict="maybe", seconds=3, answered_at=T)


def test_the_last_cards_points():
    a = peg_score_attempt(
        theme="run-trap", question={"seq": ["4S", "5H", "6D"]}, claimed=5, actual=3, seconds=2,
        answered_at=T,
    )  # fmt: skip
    assert (a.grade, a.missed) == ("over", {"over-claim": 2.0})


def test_attempt_values():
    local = datetime(2025, 3, 2, 7, 0, tzinfo=timezone(timedelta(hours=11)))
    a = Attempt("judge", {}, {}, {}, 1, "x", {"nobs": 1, "pair": 0}, 2, local)  # type: ignore[arg-type]
    assert a.answered_at == datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
    assert a.answered_at.tzinfo is UTC and a.correct is True
    assert a.missed == {"nobs": 1.0} and a.present == {"nobs": 0.0}
    assert a.points_missed == 1.0
    with pytest.raises(ValueError, match="timezone-aware"):
        Attempt("judge", {}, {}, {}, True, "x", {}, 2, datetime(2025, 1, 1))
    with pytest.raises(ValueError, match="negative"):
        Attempt("judge", {}, {}, {}, True, "x", {}, -1, T)
    with pytest.raises(ValueError, match="negative"):
        Attempt("judge", {}, {}, {}, True, "x", {"nobs": -1}, 1, T)
    assert Attempt("judge", {}, {}, {}, True, "x", {}, 1, T, puzzle_id="p7").item_key == "puzzle p7"

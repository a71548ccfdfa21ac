"""What the record says: attempts back as stored, accuracy over time, streaks, categories."""

from __future__ import annotations

import csv
import io
import json
import math
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import (
    CSV_COLUMNS,
    LossStats,
    accuracy_over_time,
    attempts,
    category_stats,
    count_attempts,
    discard_loss,
    export_csv,
    get_attempt,
    kind_stats,
    peg_loss_by_theme,
    recent_mistakes,
    record_attempt,
    summary,
)
from crib_trainer.training.drills.hands import CountDrill
from crib_trainer.training.grading.answers import count_attempt
from tests.conftest import card, cards
from tests.decision_support import card_attempt, throw_attempt
from tests.storage.support import T0, make_attempt

SYDNEY = timezone(timedelta(hours=11))


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "h.sqlite3") as s:
        yield s


def test_an_attempt_comes_back_as_it_was_given(store):
    drill = CountDrill(cards("7H 8C 8D KS"), card("9D"), crib=False)
    local = datetime(2025, 3, 2, 7, 30, 15, 123456, tzinfo=SYDNEY)
    given = count_attempt(drill, total=9, seconds=7.25, answered_at=local, puzzle_id="p1")
    attempt_id = record_attempt(store, given)
    (back,) = attempts(store)
    assert back.id == attempt_id
    assert back == given.with_id(attempt_id)
    assert back.answered_at == local and back.answered_at.tzinfo == UTC
    assert get_attempt(store, attempt_id) == back
    assert get_attempt(store, 999) is None
    assert CountDrill.from_question(back.question) == drill  # enough to replay it


def test_filters(store):
    for i, kind in enumerate(["count-hand", "judge", "count-hand", "discard"]):
        record_attempt(store, make_attempt(kind, at=T0 + timedelta(days=i), n=i))
    assert [a.question["n"] for a in attempts(store, since=T0 + timedelta(days=1))] == [1, 2, 3]
    assert [a.question["n"] for a in attempts(store, until=T0 + timedelta(days=1))] == [0]
    assert [a.question["n"] for a in attempts(store, kind="count-hand")] == [0, 2]
    assert count_attempts(store) == 4


def test_what_cannot_be_stored_is_refused(store):
    with pytest.raises(ValueError, match="unknown drill kind"):
        record_attempt(store, make_attempt("puzzle"))
    bad = make_attempt()
    bad.question["when"] = datetime.now(UTC)
    with pytest.raises(ValueError, match="question is not plain JSON"):
        record_attempt(store, bad)
    with pytest.raises(ValueError, match="finite"):
        record_attempt(store, make_attempt(seconds=math.inf))
    assert count_attempts(store) == 0


def test_summary_and_streaks_in_local_days(store):
    now = datetime(2025, 3, 10, 9, 0, tzinfo=SYDNEY)
    # Sydney days: 10th (today) twice, 9th, 8th, then a gap, then 3rd-6th (four days).
    local_times = [
        datetime(2025, 3, 10, 8, 0),
        datetime(2025, 3, 10, 0, 30),  # 13:30 UTC on the 9th: still the 10th in Sydney
        datetime(2025, 3, 9, 23, 0),
        datetime(2025, 3, 8, 12, 0),
        *(datetime(2025, 3, d, 12, 0) for d in (3, 4, 5, 6)),
    ]
    for i, t in enumerate(local_times):
        record_attempt(
            store, make_attempt(at=t.replace(tzinfo=SYDNEY), correct=i % 2 == 0, seconds=2 * i)
        )
    s = summary(store, now)
    assert (s.answered, s.correct, s.accuracy) == (8, 4, 0.5)
    assert s.mean_seconds == pytest.approx(7.0)
    assert (s.today_answered, s.today_correct, s.today_accuracy) == (2, 1, 0.5)
    assert (s.current_streak, s.best_streak) == (3, 4)
    # Tomorrow morning, before any answer, the streak is still alive; the day after, gone.
    assert summary(store, now + timedelta(days=1)).current_streak == 3
    assert summary(store, now + timedelta(days=2)).current_streak == 0
    # In UTC the days fall differently: three answers on the 9th, a streak of two days.
    utc = summary(store, now.astimezone(UTC))
    assert (utc.today_answered, utc.current_streak) == (3, 2)


def test_summary_of_nothing(store):
    s = summary(store, T0)
    assert (s.answered, s.accuracy, s.mean_seconds, s.current_streak, s.best_streak) == (
        0,
        None,
        None,
        0,
        0,
    )
    assert s.last_answered_at is None


def test_accuracy_over_time_by_day_and_week(store):
    # Monday 3 March 2025: two answers; Wednesday: one; the next Monday: one.
    for day, correct, seconds in [(3, True, 4), (3, False, 6), (5, True, 3), (10, True, 5)]:
        record_attempt(
            store,
            make_attempt(
                at=datetime(2025, 3, day, 12, tzinfo=UTC), correct=correct, seconds=seconds
            ),
        )
    record_attempt(store, make_attempt("judge", at=datetime(2025, 3, 4, 12, tzinfo=UTC)))
    now = datetime(2025, 3, 11, 12, tzinfo=UTC)
    days = accuracy_over_time(store, kind="count-hand", period="day", now=now)
    assert [d.start for d in days] == [date(2025, 3, n) for n in range(3, 12)]  # no gaps
    assert (days[0].answered, days[0].correct, days[0].accuracy, days[0].mean_seconds) == (
        2,
        1,
        0.5,
        5.0,
    )
    assert (days[1].answered, days[1].accuracy, days[1].mean_seconds) == (0, None, None)
    weeks = accuracy_over_time(store, period="week", now=now)
    assert [(w.start, w.answered, w.correct) for w in weeks] == [
        (date(2025, 3, 3), 4, 3),
        (date(2025, 3, 10), 1, 1),
    ]
    window = accuracy_over_time(
        store,
        since=datetime(2025, 3, 5, tzinfo=UTC),
        until=datetime(2025, 3, 7, tzinfo=UTC),
        now=now,
    )
    assert [(d.start, d.answered) for d in window] == [(date(2025, 3, 5), 1), (date(2025, 3, 6), 0)]
    # A clock behind the answers still shows them all.
    early = accuracy_over_time(store, period="week", now=datetime(2025, 1, 1, tzinfo=UTC))
    assert sum(w.answered for w in early) == 5
    with pytest.raises(ValueError, match="period"):
        accuracy_over_time(store, period="month", now=now)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timezone-aware"):
        accuracy_over_time(store, now=datetime(2025, 3, 11))


def test_kind_stats(store):
    record_attempt(store, make_attempt("judge", correct=False, seconds=4))
    record_attempt(store, make_attempt("count-hand", seconds=2))
    record_attempt(store, make_attempt("count-hand", correct=False, seconds=6))
    got = [(k.kind, k.answered, k.correct, k.accuracy, k.mean_seconds) for k in kind_stats(store)]
    assert got == [("count-hand", 2, 1, 0.5, 4.0), ("judge", 1, 0, 0.0, 4.0)]


def test_category_stats(store):
    for i in range(10):
        missed = {"nobs": 1.0} if i < 8 else {}
        if i == 0:
            missed |= {"fifteen-3plus": 4.0}
        record_attempt(
            store,
            make_attempt(
                correct=not missed,
                missed=missed,
                present={"nobs": 1, "fifteen-3plus": 4, "pair": 2, "over-claim": 0},
            ),
        )
    stats = {s.category: s for s in category_stats(store)}
    assert [s.category for s in category_stats(store)] == [
        "nobs",
        "fifteen-3plus",
        "over-claim",
        "pair",
    ]
    nobs = stats["nobs"]
    assert (nobs.attempts, nobs.missed, nobs.miss_rate, nobs.mean_points_missed) == (
        10,
        8,
        0.8,
        0.8,
    )
    assert stats["fifteen-3plus"].points_missed == 4.0
    assert stats["pair"].missed == 0 and stats["pair"].miss_rate == 0.0
    assert category_stats(store, kind="judge") == []
    assert [s.category for s in category_stats(store, prefix="fifteen")] == ["fifteen-3plus"]
    assert category_stats(store, prefix="fifteen_") == []  # LIKE wildcards are literal


def test_decision_losses(store):
    six = cards("5H 5C JD QS 2H 3C")
    for dealer, lost in [(True, 1.0), (True, 0.0), (False, 2.0)]:
        record_attempt(
            store,
            throw_attempt(
                cards=six,
                dealer=dealer,
                thrown=six[:2],
                best=six[2:4],
                gave_up=lost,
                seconds=5,
                answered_at=T0,
            ),
        )
    assert discard_loss(store) == {"dealer": LossStats(2, 0.5), "pone": LossStats(1, 2.0)}
    for theme, lost in [("near-31", 2.0), ("lead", 0.5), ("lead", 0.0)]:
        record_attempt(
            store,
            card_attempt(
                theme=theme,
                question={"count": 0},
                played=six[0],
                best=six[1],
                gave_up=lost,
                seconds=2,
                answered_at=T0,
            ),
        )
    assert peg_loss_by_theme(store) == {"near-31": LossStats(1, 2.0), "lead": LossStats(2, 0.25)}


def test_empty_losses(store):
    assert discard_loss(store) == {"dealer": LossStats(0, None), "pone": LossStats(0, None)}
    assert peg_loss_by_theme(store) == {}


def test_recent_mistakes(store):
    for i in range(6):
        record_attempt(store, make_attempt(at=T0 + timedelta(minutes=i), correct=i % 2 == 1, n=i))
    assert [a.question["n"] for a in recent_mistakes(store, limit=2)] == [4, 2]
    assert [a.question["n"] for a in recent_mistakes(store)] == [4, 2, 0]


def test_export_csv(store):
    assert export_csv(store, io.StringIO()) == 0
    record_attempt(store, make_attempt(correct=False, missed={"nobs": 1}, puzzle_id="p-3"))
    record_attempt(store, make_attempt("judge", at=T0 + timedelta(seconds=1)))
    out = io.StringIO()
    assert export_csv(store, out) == 2
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == CSV_COLUMNS
    first = rows[0]
    assert (first["id"], first["kind"], first["correct"], first["puzzle_id"]) == (
        "1",
        "count-hand",
        "0",
        "p-3",
    )
    assert first["answered_at"] == "2025-03-01T20:00:00.000000+00:00"
    assert json.loads(first["missed"]) == {"nobs": 1.0} and first["points_missed"] == "1"
    assert json.loads(first["question"])["cards"] == ["5H", "5C", "5S", "JD"]
    assert rows[1]["puzzle_id"] == "" and rows[1]["kind"] == "judge"


def test_a_row_changed_outside_the_trainer_is_passed_over(store):
    keep = record_attempt(store, make_attempt())
    with store.write() as conn:
        conn.execute("UPDATE attempts SET answered_at = 'garbage-date' WHERE id = ?", (keep,))
    record_attempt(store, make_attempt())
    assert len(attempts(store)) == 1
    assert summary(store, datetime(2026, 1, 1, tzinfo=UTC)).answered == 1


def test_a_hinted_answer_counts_its_credit_towards_accuracy(store):
    from crib_trainer.training.grading.hints import with_hints

    drill = CountDrill(cards("7H 8C 8D KS"), card("9D"), crib=False)
    right = count_attempt(drill, total=12, seconds=4, answered_at=T0)
    wrong = count_attempt(drill, total=8, seconds=4, answered_at=T0)
    for attempt in (right, with_hints(right, ["a", "b"]), wrong, with_hints(wrong, ["a"])):
        record_attempt(store, attempt)
    s = summary(store, now=T0)
    assert (s.answered, s.correct) == (4, 1)  # right unaided: one
    assert s.accuracy == s.today_accuracy == pytest.approx(1.5 / 4)  # 1 + 0.5 + 0 + 0
    (day,) = accuracy_over_time(store, since=T0, now=T0)
    assert day.correct == 1 and day.accuracy == pytest.approx(1.5 / 4)
    (kind,) = kind_stats(store)
    assert kind.correct == 1 and kind.accuracy == pytest.approx(1.5 / 4)
    # A hinted answer is not mastered: it is among the mistakes to look at again.
    assert sum(a.grade == "hinted" for a in recent_mistakes(store)) == 1

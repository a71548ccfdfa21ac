"""The summary counted by the hour in SQL is the summary counted answer by answer: any
history (empty, one answer, the same day, across midnight, dated ahead, credit after
hints), any fixed-offset zone; other zones, times written outside crib-trainer and odd
credits are counted answer by answer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crib_trainer.storage.db import open_memory_copy
from crib_trainer.storage.progress import (
    _summary_by_hour,
    _summary_by_row,
    record_attempt,
    summary,
)
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.grading.credit import HINTED
from tests.conftest import examples

MISSING = Path("/nonexistent/crib-trainer/history.sqlite3")  # (a copy of nothing: empty)
NOW = datetime(2026, 3, 29, 0, 30, tzinfo=UTC)  # (just after the clocks went forward in London)
CREDITS = [0.25, 0.5, 0.75, 1.0]
#: Minutes from NOW around the midnights of the zones below.
NEAR = st.sampled_from([-1, -30, -31, -90, -600, -1410, -1470, -2000, 600, 900])


@st.composite
def answers(draw: st.DrawFn) -> Attempt:
    grade = draw(st.sampled_from(["correct", "under", HINTED, HINTED]))
    credit = draw(st.sampled_from(CREDITS))
    return Attempt(
        kind="count-hand",
        question={},
        answer={"total": 3, "credit": credit} if grade == HINTED else {"total": 3},
        truth={"total": 3},
        correct=grade == "correct",
        grade=grade,
        missed={} if grade == "correct" else {"nobs": 1.0},
        seconds=draw(st.floats(0.1, 120)),
        answered_at=NOW + timedelta(minutes=draw(NEAR | st.integers(-60 * 24 * 9, 60 * 24))),
    )


def _right(at: datetime) -> Attempt:
    return Attempt("count-hand", {}, {}, {}, True, "correct", {}, 3.0, at)


ZONES = st.one_of(
    st.integers(-12 * 4, 14 * 4).map(lambda q: timezone(timedelta(minutes=15 * q))),
    st.integers(-700, 800).map(lambda m: timezone(timedelta(minutes=m))),
    st.just(timezone(timedelta(hours=5, seconds=30))),  # (not whole minutes: by row)
    st.sampled_from([ZoneInfo("Europe/London"), ZoneInfo("America/St_Johns")]),  # (by row)
)


@settings(max_examples=examples(60), deadline=None)
@example(  # (answers at 09:30, 00:30 and two days before in the zone: today is their day)
    [_right(NOW + timedelta(minutes=m)) for m in (-60, -600, -3000)],
    timezone(timedelta(hours=10)),
    0,
    None,
)
@given(
    st.lists(answers(), max_size=25),
    ZONES,
    st.integers(-36, 36),
    st.sampled_from([None, 0.3, "2026-03-28T22:00:00+01:00", "2026-02-30T10:00:00.000000+00:00"]),
)
def test_the_summary_by_the_hour_is_the_summary_by_answer(history, zone, hours, odd) -> None:
    now = (NOW + timedelta(hours=hours)).astimezone(zone)
    with open_memory_copy(MISSING) as store:  # (in memory: no wait for the disk per answer)
        for a in history:
            record_attempt(store, a)
        if odd is not None and history:  # one answer changed outside crib-trainer
            with store.write() as conn:
                if isinstance(odd, float):
                    conn.execute(
                        "UPDATE attempts SET correct = 0, grade = ?, answer = ? WHERE id = 1",
                        [HINTED, f'{{"credit": {odd}}}'],
                    )
                else:
                    conn.execute("UPDATE attempts SET answered_at = ? WHERE id = 1", [odd])
        by_row = _summary_by_row(store, now)
        assert summary(store, now) == by_row
        by_hour = _summary_by_hour(store, now)
        fixed = isinstance(zone, timezone) and not zone.utcoffset(None) % timedelta(minutes=1)
        assert (by_hour is not None) == (fixed and (odd is None or not history))
        if by_hour is not None:
            assert by_hour == by_row

"""The learner model kept in the file: a start that restores it knows exactly what a start
that folds every answer knows (the model, the suggestion, the answers), whatever the
history: empty, one answer, answers at the same moment, dated ahead, written by another
trainer since, out of time order; and a kept model that does not fit is not used."""

from __future__ import annotations

import random
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_trainer.storage import learner_cache
from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import attempts, record_attempt
from crib_trainer.storage.records import Records
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.learning.learner import Learner
from crib_trainer.training.learning.session import MemoryHistory, Session
from tests.conftest import examples

T0 = datetime(2026, 3, 28, 23, 30, tzinfo=UTC)  # (the night the clocks go forward in Europe)
KINDS = ("count-hand", "count-crib", "judge", "discard", "peg-play")
CATEGORIES = ("nobs", "pair", "run", "double-run", "fifteen-2", "discard-dealer", "peg-lead")
DRILLS = ["count-hand", "count-crib", "judge"]


@st.composite
def answers(draw: st.DrawFn) -> Attempt:
    """One answer: few questions (so some are asked again), often missed, some after
    hints, a few puzzles, at times from minutes to weeks apart (or the same moment)."""
    present = draw(st.sets(st.sampled_from(CATEGORIES), min_size=1, max_size=3))
    missed = {c: 1.0 for c in present if draw(st.integers(0, 2)) == 0}
    maybe = {c: 0.5 for c in present if c not in missed and draw(st.integers(0, 5)) == 0}
    grade = draw(st.sampled_from(["correct", "under", HINTED, "close"]))
    return Attempt(
        kind=draw(st.sampled_from(KINDS)),
        question={"n": draw(st.integers(0, 6))},
        answer={"total": 1, "credit": 0.5} if grade == HINTED else {"total": 2},
        truth={"total": 3},
        correct=not missed and grade == "correct",
        grade=grade,
        missed=missed,
        maybe=maybe,
        seconds=draw(st.floats(0.5, 60)),
        answered_at=T0 + timedelta(minutes=draw(st.sampled_from([0, 1, 90, 600, 1440, 20160]))),
        puzzle_id=draw(st.sampled_from([None, None, None, "p1"])),
        present={c: 2.0 for c in present},
    )


def in_time(history: list[Attempt]) -> list[Attempt]:
    """Answers spread forward in time as recorded (``answered_at`` taken as a step)."""
    out, at = [], T0
    for a in history:
        at += a.answered_at - T0
        out.append(Attempt(**{**_fields(a), "answered_at": at}))
    return out


def _fields(a: Attempt) -> dict:
    names = ("kind", "question", "answer", "truth", "correct", "grade", "missed", "seconds")
    more = ("answered_at", "puzzle_id", "present", "maybe")
    return {n: getattr(a, n) for n in names + more}


def start(path: Path) -> tuple[Records, Session]:
    """A trainer's start on the file: its records and session (seeded)."""
    records = Records.open(path)
    return records, Session(records.history, rng=random.Random(5), clock=lambda: T0)


def assert_same(session: Session, history: list[Attempt], *, now: datetime) -> None:
    """The session knows what a session folding every answer knows."""
    full = Session(MemoryHistory(list(history)), rng=random.Random(9), clock=lambda: now)
    assert session.answered == len(history)
    assert session.learner.masteries(now=now) == full.learner.masteries(now=now)
    assert session.learner.hinted == full.learner.hinted
    for key, n in full.learner.asked.items():
        assert session.learner.times_asked(key) == n
    session.rng, session.clock = random.Random(9), (lambda: now)
    for kinds in (DRILLS, KINDS, ["discard"]):
        assert session.plan(kinds) == full.plan(kinds)
    assert session.history == full.history


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(answers(), max_size=10), min_size=2, max_size=4),
    st.booleans(),
    st.integers(0, 40),
)
def test_a_start_from_the_kept_model_knows_what_a_full_fold_knows(
    parts: list[list[Attempt]], forward: bool, hours: int
) -> None:
    """Answers in parts, another trainer's between starts; each start after the first
    restores the model the start before kept, if it fits."""
    if forward:  # (else the times are as drawn: later answers may be older, or the same)
        spread = in_time([a for part in parts for a in part])
        parts = [spread[sum(map(len, parts[:i])) :][: len(p)] for i, p in enumerate(parts)]
    now = T0 + timedelta(hours=hours)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "h.sqlite3"
        folded: list[Attempt] = []  # (the answers the kept model folded)
        for part in parts:
            with open_store(path) as other:  # another trainer answers meanwhile
                for a in part:
                    record_attempt(other, a)
                history = attempts(other)
                fits = bool(folded) and all(
                    b.answered_at >= max(a.answered_at for a in folded) for b in part
                )
                assert (learner_cache.restore(other) is not None) == fits
            records, session = start(path)  # keeps the model of every answer at close
            assert (session._history is None) == fits  # (restored: the answers not read yet)
            assert_same(session, history, now=now)
            records.close()
            folded = history


def test_answers_recorded_before_the_history_is_read_come_after_it(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    record_hourly(path, 3)
    records, session = start(path)
    records.close()
    records, session = start(path)
    assert session._history is None
    earlier = _answer(9, T0 - timedelta(days=1))  # (the clock set back: recorded last all the same)
    session.record(earlier)
    session.record(_answer(8, T0 + timedelta(days=1)))
    assert [a.question["n"] for a in session.history] == [0, 1, 2, 9, 8]
    assert [a.id for a in session.history] == [1, 2, 3, 4, 5]
    records.close()


def test_a_kept_model_that_does_not_fit_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    record_hourly(path, 6)
    records, _ = start(path)
    records.close()
    with open_store(path) as store:
        assert learner_cache.restore(store) is not None
    changes = [
        "DELETE FROM attempts WHERE id = 2",  # an answer removed outside the trainer
        "UPDATE learner_snapshot SET model = 'another fold'",  # an older or newer fold
        "UPDATE learner_snapshot SET state = '{\"tracks\": 3}'",  # a state that does not read
        "UPDATE learner_snapshot SET state = 'not json'",
        "UPDATE attempts SET answered_at = 'yesterday' WHERE id = 6",  # a row that won't read
    ]
    for change in changes:
        copy = tmp_path / f"copy-{changes.index(change)}.sqlite3"
        with open_store(path) as store, sqlite3.connect(copy) as out:
            store._conn.backup(out)
        with sqlite3.connect(copy) as conn:
            conn.execute(change)
        conn.close()
        with open_store(copy) as store:
            assert learner_cache.restore(store) is None, change
        records, session = start(copy)  # folds it all again, as before, and keeps that
        with open_store(copy) as store:
            history = attempts(store)
        assert_same(session, history, now=T0)
        records.close()
        with open_store(copy) as store:
            assert learner_cache.restore(store) is not None, change


def test_a_model_kept_by_another_trainer_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with open_store(path) as store:
        record_attempt(store, _answer(0, T0))
    first, _ = start(path)  # two trainers open, neither finds a kept model
    second, _ = start(path)
    with open_store(path) as store:
        record_attempt(store, _answer(1, T0 + timedelta(hours=1)))
    first.close()  # keeps the model of answer 1
    with open_store(path) as store:
        kept = learner_cache.kept_point(store)
    second.close()  # its model (the same answer) would replace it: it is not written
    with open_store(path) as store:
        assert learner_cache.kept_point(store) == kept == 1
        history = attempts(store)
    records, session = start(path)
    assert_same(session, history, now=T0)
    records.close()


def test_a_history_that_cannot_be_written_is_folded_from_its_copy(
    tmp_path: Path, monkeypatch
) -> None:
    from crib_trainer.storage import records as records_module
    from crib_trainer.storage.db import StorageError

    path = tmp_path / "h.sqlite3"
    record_hourly(path, 3)
    records, _ = start(path)
    records.close()
    with open_store(path) as store:
        history = attempts(store)

    def locked(*args, **kwargs):
        raise StorageError("Your history is locked by another program.")

    monkeypatch.setattr(records_module, "open_store", locked)  # (a read-only folder)
    records, session = start(path)
    assert not records.keeping  # (a copy in memory, whose model is folded, not kept)
    assert_same(session, history, now=T0)
    records.close()


def test_the_kept_times_asked_count_every_answer_to_a_question(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    record_hourly(path, 5, questions=2)
    records, _ = start(path)
    records.close()
    records, session = start(path)
    key = attempts(records.store)[0].item_key
    assert session.learner.times_asked(key) == 3 and not session.learner.asked
    session.record(_answer(0, T0 + timedelta(days=1)))
    assert session.learner.times_asked(key) == 4
    records.close()
    assert Learner.of(attempts(open_store(path))).asked[key] == 4


def record_hourly(path: Path, count: int, *, questions: int | None = None) -> None:
    """``count`` answers an hour apart from T0, to questions 0, 1, 2 … (or taken in turn
    from the first ``questions``)."""
    with open_store(path) as store:
        for n in range(count):
            record_attempt(store, _answer(n % (questions or count), T0 + timedelta(hours=n)))


def _answer(n: int, at: datetime) -> Attempt:
    return Attempt(
        "count-hand",
        {"n": n},
        {"total": 1},
        {"total": 2},
        False,
        "under",
        {"nobs": 1},
        5.0,
        at,
        present={"nobs": 1, "pair": 2},
    )

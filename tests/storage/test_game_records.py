"""The record across practice games: each finished game's outcome kept, read back in order,
games finished before the record existed read into it, rows changed by hand passed over."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta

from crib_trainer.storage import db
from crib_trainer.storage.db import open_store
from crib_trainer.storage.game_records import game_outcomes
from crib_trainer.storage.practice_games import last_practice_settings, save_practice
from crib_trainer.storage.records import Records
from crib_trainer.training.gamerecord import outcome_of
from crib_trainer.training.practice import Practice, PracticeSettings, grade_pending
from tests.training.test_practice import learner_step

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def finished(settings: PracticeSettings, seed: int) -> Practice:
    rng = random.Random(seed)
    p = Practice.new(settings, seed=seed).advance()
    while not p.over:
        p = learner_step(p, rng, short=rng.choice([0, 1])).advance()
    return p


def test_each_finished_game_is_recorded_once_and_its_late_grades_join_it(tmp_path):
    records = Records.open(tmp_path / "h.sqlite3")
    games = [
        finished(PracticeSettings("five-card", strength=s), seed)
        for seed, s in ((1, "beginner"), (2, "good"))
    ]
    for n, game in enumerate(games):
        unfinished = Practice.new(game.settings, seed=n + 10).advance()
        game_id = records.save_practice(unfinished, None, now=T0 + timedelta(hours=n))
        assert records.game_outcomes()[n:] == []  # not finished: not in the record
        at = T0 + timedelta(hours=n, minutes=30)
        records.save_practice(game, game_id, now=at)
        # a grade worked out after the last card: saved again, the outcome brought up to date
        graded = game
        for pending in game.pending:
            graded = graded.graded(pending, grade_pending(graded, pending))
        records.save_practice(graded, game_id, now=at + timedelta(minutes=1))
        assert records.game_outcomes()[n] == outcome_of(graded, at)
    outcomes = records.game_outcomes()
    assert [o.opponent for o in outcomes] == ["beginner", "good"]
    assert [o.you for o in outcomes] == [g.game.scores[0] for g in games]
    assert records.last_practice_settings() == games[-1].settings
    records.close()


def test_games_finished_before_the_record_are_read_into_it(tmp_path):
    """A version-6 file with a finished game, an unfinished one and a finished row that
    does not read opens with the finished game alone in the record, as of its last save."""
    path = tmp_path / "h.sqlite3"
    done = finished(PracticeSettings("five-card", strength="beginner"), 3)
    going = Practice.new(PracticeSettings(strength="good"), seed=4).advance()
    conn = sqlite3.connect(path, isolation_level=None)
    for step in db.MIGRATIONS[:6]:
        step(conn)
    rows = [
        (T0.isoformat(), 1, json.dumps(done.to_json())),
        (T0.isoformat(), 0, json.dumps(going.to_json())),
        (T0.isoformat(), 1, '{"version": 1, "settings": "changed by hand"}'),
    ]
    conn.executemany(
        "INSERT INTO practice_games (started_at, updated_at, finished, game) VALUES (?, ?, ?, ?)",
        [(at, at, f, game) for at, f, game in rows],
    )
    conn.execute("PRAGMA user_version = 6")
    conn.close()
    with open_store(path) as store:
        assert store.schema_version == 7 and store.notice is None
        assert game_outcomes(store) == [outcome_of(done, T0)]
        assert last_practice_settings(store) == going.settings  # (the same time: the last row)


def test_a_record_changed_by_hand_is_passed_over(tmp_path):
    done = finished(PracticeSettings("five-card", strength="beginner"), 5)
    with open_store(tmp_path / "h.sqlite3") as store:
        game_id = save_practice(store, done, None, now=T0)
        with store.write() as conn:
            conn.execute(
                "INSERT INTO game_records VALUES (?, ?, ?)", (game_id + 1, T0.isoformat(), "{}")
            )
        assert game_outcomes(store) == []

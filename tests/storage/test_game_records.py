"""The record across practice games: each finished game's outcome read from its saved
game, a game saved before games kept one worked out from it, rows changed by hand passed
over."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

from crib_trainer.storage.db import open_store
from crib_trainer.storage.game_records import game_outcomes
from crib_trainer.storage.practice_games import save_practice
from crib_trainer.storage.records import Records
from crib_trainer.training.game.gamerecord import outcome_of
from crib_trainer.training.game.practice import Practice, PracticeSettings, grade_pending
from tests.training.test_practice import learner_step

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def finished(settings: PracticeSettings, seed: int) -> Practice:
    rng = random.Random(seed)
    p = Practice.new(settings, seed=seed).advance()
    while not p.over:
        p = learner_step(p, rng, short=rng.choice([0, 1])).advance()
    return p


def test_each_finished_game_is_in_the_record_and_its_late_grades_join_it(tmp_path):
    records = Records.open(tmp_path / "h.sqlite3")
    games = [
        finished(PracticeSettings("five-card", strength=s), seed)
        for seed, s in ((1, "beginner"), (2, "good"))
    ]
    for n, game in enumerate(games):
        unfinished = Practice.new(game.settings, seed=n + 10).advance()
        game_id = records.save_practice(unfinished, None, now=T0 + timedelta(hours=n))
        assert len(records.game_outcomes()) == n  # not finished: not in the record
        at = T0 + timedelta(hours=n, minutes=30)
        records.save_practice(game, game_id, now=at)
        graded = game  # a grade worked out after the last card, saved again
        for pending in game.pending:
            graded = graded.graded(pending, grade_pending(graded, pending))
        records.save_practice(graded, game_id, now=at + timedelta(minutes=1))
        assert records.game_outcomes()[n] == outcome_of(graded, at + timedelta(minutes=1))
    outcomes = records.game_outcomes()
    assert [o.opponent for o in outcomes] == ["beginner", "good"]
    assert [o.you for o in outcomes] == [g.game.scores[0] for g in games]
    assert records.last_practice_settings() == games[-1].settings
    records.close()
    with open_store(tmp_path / "h.sqlite3") as store:  # the file has them too
        assert [o.opponent for o in game_outcomes(store)] == ["beginner", "good"]


def test_a_game_saved_before_games_kept_their_outcome_is_worked_out_once(tmp_path):
    done = finished(PracticeSettings("five-card", strength="beginner"), 3)
    old = done.to_json()
    del old["outcome"]
    with open_store(tmp_path / "h.sqlite3") as store:
        game_id = save_practice(store, done, None, now=T0)
        with store.write() as conn:
            conn.execute(
                "UPDATE practice_games SET game = ? WHERE id = ?", (json.dumps(old), game_id)
            )
        cache: dict = {}
        assert game_outcomes(store, cache) == [outcome_of(done, T0)]
        assert list(cache) == [(game_id, T0.isoformat())]
        assert game_outcomes(store, cache) == [outcome_of(done, T0)]  # (from the cache)


def test_a_record_changed_by_hand_is_passed_over(tmp_path):
    done = finished(PracticeSettings("five-card", strength="beginner"), 5)
    with open_store(tmp_path / "h.sqlite3") as store:
        kept = save_practice(store, done, None, now=T0)
        bad = save_practice(store, done, None, now=T0 + timedelta(minutes=1))
        data = done.to_json()
        data["outcome"] = ["not", "an", "outcome"]
        with store.write() as conn:
            conn.execute("UPDATE practice_games SET game = ? WHERE id = ?", (json.dumps(data), bad))
        assert game_outcomes(store) == [outcome_of(done, T0)] and kept != bad

"""Practice games in the store: saved after every move, resumed exactly, bad rows passed over."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.practice_games import save_practice, unfinished_practice
from crib_trainer.training.game.practice import Practice, PracticeSettings
from tests.training.test_practice import learner_step

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


@pytest.mark.parametrize("variant", ["five-card", "three-player", "four-player"])
def test_a_practice_game_is_saved_each_move_and_resumed_after_closing(tmp_path, variant):
    path = tmp_path / "h.sqlite3"
    rng = random.Random(2)
    game = Practice.new(PracticeSettings(variant, strength="beginner"), seed=2).advance()
    with open_store(path) as store:
        game_id = save_practice(store, game, None, now=T0)
        for minute in range(1, 6):
            game = learner_step(game, rng).advance()
            assert save_practice(store, game, game_id, now=T0 + timedelta(minutes=minute)) == (
                game_id
            )
    with open_store(path) as store:  # as after quitting (or a crash: each save is a commit)
        assert unfinished_practice(store) == (game_id, game)
        while not game.over:
            game = learner_step(game, rng).advance()
        save_practice(store, game, game_id, now=T0 + timedelta(hours=1))
        assert unfinished_practice(store) is None  # a finished game is not resumed


def test_a_row_changed_by_hand_is_passed_over_and_noted(tmp_path):
    game = Practice.new(PracticeSettings(strength="beginner"), seed=4).advance()
    with open_store(tmp_path / "h.sqlite3") as store:
        good = save_practice(store, game, None, now=T0)
        bad = save_practice(store, game, None, now=T0 + timedelta(minutes=1))
        with store.write() as conn:
            conn.execute("UPDATE practice_games SET game = '{\"version\": 1}' WHERE id = ?", (bad,))
        damaged = []
        assert unfinished_practice(store, damaged) == (good, game)
        assert [d.id for d in damaged] == [bad]  # (for the trainer to set aside)
        assert len(store.read("SELECT id FROM practice_games")) == 2  # (not by itself)

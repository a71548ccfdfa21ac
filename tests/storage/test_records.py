"""The records every screen goes through: a game whose save failed is kept in memory
under a negative id and saved by its next save; a history that cannot be written is a
copy in memory that keeps nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from crib_trainer.core.game import Cut, Game, GameConfig, Pegged
from crib_trainer.storage import games, records
from crib_trainer.storage.db import StorageError, open_store
from crib_trainer.storage.progress import count_attempts
from crib_trainer.storage.records import Records
from crib_trainer.training.answers import count_attempt
from crib_trainer.training.drills import count_drill
from tests.conftest import card

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def locked(*args, **kwargs):
    raise StorageError("Your history is locked by another program.")


def a_game() -> Game:
    return Game.new(GameConfig(names=("Ann", "Bob"), target=61), 1).add(Cut(card("2D")))


def test_a_game_whose_save_fails_is_kept_in_memory_until_a_save_succeeds(tmp_path, monkeypatch):
    kept = Records.open(tmp_path / "h.sqlite3")
    first = a_game()
    with monkeypatch.context() as patch:
        patch.setattr(games, "save_game", locked)
        game_id, err = kept.save_game(first, None, now=T0)
        second = first.add(Pegged(0, 2))
        again, err2 = kept.save_game(second, game_id, now=T0)
    assert game_id == again == -1 and "locked" in str(err) and err2 is not None
    assert kept.unfinished_game() == (-1, second)  # the newest copy is the one resumed
    other_id, _ = kept.save_game(first, None, now=T0)  # another game, saved to the file
    assert kept.unfinished_game() == (-1, second)  # (still the one kept in memory first)
    stored_id, err = kept.save_game(second.add(Pegged(1, 3)), game_id, now=T0)
    assert err is None and stored_id > 0 and stored_id != other_id and kept.unsaved == {}
    assert kept.unfinished_game()[1].state().scores == [2, 3]
    kept.close()


def test_a_second_failed_game_takes_the_next_negative_id(tmp_path, monkeypatch):
    kept = Records.open(tmp_path / "h.sqlite3")
    monkeypatch.setattr(games, "save_game", locked)
    assert [kept.save_game(a_game(), None, now=T0)[0] for _ in range(2)] == [-1, -2]
    kept.close()


def test_a_history_that_cannot_be_written_is_a_copy_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite3"
    drill = count_drill(random.Random(1), crib=False)
    answer = count_attempt(drill, total=drill.breakdown().total, seconds=3.0, answered_at=T0)
    with open_store(path) as store:
        store.save_attempt(answer)
    monkeypatch.setattr(records, "open_store", locked)  # (as a read-only folder would)
    kept = Records.open(path)
    assert not kept.keeping and "locked" in str(kept.problem) and kept.writer is None
    kept.history.save_attempt(answer)
    game_id, err = kept.save_game(a_game(), None, now=T0)
    assert err is None and kept.unfinished_game() == (game_id, a_game())  # in the copy
    assert kept.count_attempts() == 2 and len(kept.attempts("count-hand")) == 2
    assert kept.close() == 0
    with open_store(path) as store:
        assert count_attempts(store) == 1 and games.unfinished_game(store) is None


def test_answers_are_read_from_the_writers_copy(tmp_path):
    kept = Records.open(tmp_path / "h.sqlite3")
    assert kept.keeping and kept.history is kept.writer
    drill = count_drill(random.Random(2), crib=False)
    wrong = count_attempt(drill, total=drill.breakdown().total + 1, seconds=3.0, answered_at=T0)
    kept.history.save_attempt(wrong)
    assert kept.count_attempts() == 1 and len(kept.recent_mistakes(5)) == 1  # at once
    assert kept.close() == 0
    with open_store(tmp_path / "h.sqlite3") as store:
        assert count_attempts(store) == 1  # and in the file once closed

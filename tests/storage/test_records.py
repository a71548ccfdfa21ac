"""The records every screen goes through: answers and saved games go to a copy at once
and to the file behind the screen (a lock never holds a save up, and quitting gives up
soon, saying what was lost); another window's change to a game is not written over; a
history that cannot be written is a copy in memory that keeps nothing."""

from __future__ import annotations

import random
import sqlite3
import time
from datetime import UTC, datetime

from crib_trainer.core.game import Cut, Game, GameConfig, Pegged
from crib_trainer.storage import games, records
from crib_trainer.storage.db import StorageError, open_store
from crib_trainer.storage.progress import count_attempts
from crib_trainer.storage.records import Records
from crib_trainer.storage.writer import Unkept
from crib_trainer.training.drills.hands import count_drill
from crib_trainer.training.grading.answers import count_attempt
from tests.conftest import card

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def locked(*args, **kwargs):
    raise StorageError("Your history is locked by another program.")


def a_game() -> Game:
    return Game.new(GameConfig(names=("Ann", "Bob"), target=61), 1).add(Cut(card("2D")))


def hold_lock(path) -> sqlite3.Connection:
    """Another program's write transaction on the history, held until rolled back."""
    other = sqlite3.connect(path, timeout=0.1, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


def in_file(path) -> tuple[int, Game] | None:
    with open_store(path) as store:
        return games.unfinished_game(store)


def wait_for(done, limit_s: float = 5.0) -> None:
    deadline = time.monotonic() + limit_s
    while not done() and time.monotonic() < deadline:
        time.sleep(0.005)
    assert done()


def test_a_game_saved_while_the_file_is_locked_waits_then_is_written(tmp_path):
    path = tmp_path / "h.sqlite3"
    kept = Records.open(path, busy_timeout_s=10.0)
    other = hold_lock(path)
    started = time.monotonic()
    game_id = kept.save_game(a_game(), None, now=T0)
    second = a_game().add(Pegged(0, 2))
    assert kept.save_game(second, game_id, now=T0) == game_id
    assert time.monotonic() - started < 0.5  # (the file is not waited for)
    assert kept.unfinished_game() == (game_id, second)  # from the copy, at once
    assert kept.waiting_games == 1  # one game waits (its latest save, or the two in turn)
    other.rollback()
    other.close()
    wait_for(lambda: kept.waiting_games == 0)
    assert in_file(path) == (game_id, second)
    assert not kept.close()


def test_quitting_while_the_file_stays_locked_gives_up_soon_and_says_what_is_lost(tmp_path):
    path = tmp_path / "h.sqlite3"
    kept = Records.open(path, busy_timeout_s=10.0)
    other = hold_lock(path)
    kept.save_game(a_game(), None, now=T0)
    drill = count_drill(random.Random(1), crib=False)
    kept.history.save_attempt(count_attempt(drill, total=3, seconds=3.0, answered_at=T0))
    started = time.monotonic()
    unkept = kept.close()
    assert time.monotonic() - started < 2.0 and unkept == Unkept(answers=1, games=1)
    other.rollback()
    other.close()
    assert in_file(path) is None


def test_a_game_another_window_changed_is_not_written_over_but_taken(tmp_path):
    path = tmp_path / "h.sqlite3"
    kept = Records.open(path)
    game_id = kept.save_game(a_game(), None, now=T0)
    wait_for(lambda: kept.waiting_games == 0)
    theirs = a_game().add(Pegged(1, 2))  # the other window's entry, saved first
    with open_store(path) as store:
        games.save_game(store, theirs, game_id, now=T0)
    kept.save_game(a_game().add(Pegged(0, 3)), game_id, now=T0)
    wait_for(lambda: kept.writer.conflicts)
    kept.save_game(a_game().add(Pegged(0, 3)).add(Pegged(0, 1)), game_id, now=T0)  # stale
    [(changed_id, changed)] = kept.take_conflicts()
    assert changed_id == game_id and changed.game == theirs and "another window" in str(changed)
    assert kept.unfinished_game() == (game_id, theirs)  # the copy has theirs now
    assert in_file(path) == (game_id, theirs)  # and the file was not written over
    mine = theirs.add(Pegged(0, 3))  # entered again, on their game
    kept.save_game(mine, game_id, now=T0)
    wait_for(lambda: kept.waiting_games == 0)
    assert in_file(path) == (game_id, mine) and not kept.take_conflicts()
    assert not kept.close()


def test_a_new_game_goes_to_its_own_row_when_another_window_took_the_next_id(tmp_path):
    path = tmp_path / "h.sqlite3"
    kept = Records.open(path)
    theirs = Game.new(GameConfig(names=("Cy", "Di")))
    with open_store(path) as store:  # another window's game, after this one's copy
        other_id = games.save_game(store, theirs, None, now=T0)
    game_id = kept.save_game(a_game(), None, now=T0)
    assert game_id == other_id  # (the copy's id: the copy does not have the other's row)
    mine = a_game().add(Pegged(0, 2))
    kept.save_game(mine, game_id, now=T0)
    assert not kept.close()
    with open_store(path) as store:
        saved = [games.read_game(text) for (text,) in store.read("SELECT game FROM games")]
    assert saved == [theirs, mine]  # each in its own row: theirs not written over


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
    game_id = kept.save_game(a_game(), None, now=T0)
    assert kept.unfinished_game() == (game_id, a_game())  # in the copy
    assert kept.count_attempts() == 2 and len(kept.attempts("count-hand")) == 2
    assert not kept.close()
    with open_store(path) as store:
        assert count_attempts(store) == 1 and games.unfinished_game(store) is None


def test_answers_are_read_from_the_writers_copy(tmp_path):
    kept = Records.open(tmp_path / "h.sqlite3")
    assert kept.keeping and kept.history is kept.writer
    drill = count_drill(random.Random(2), crib=False)
    wrong = count_attempt(drill, total=drill.breakdown().total + 1, seconds=3.0, answered_at=T0)
    kept.history.save_attempt(wrong)
    assert kept.count_attempts() == 1 and len(kept.recent_mistakes(5)) == 1  # at once
    assert not kept.close()

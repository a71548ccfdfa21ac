"""Scorekeeper games in the store: saved each entry, resumed, finished ones kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from crib_trainer.core.game import Cut, Game, GameConfig, Pegged
from crib_trainer.storage.db import open_store
from crib_trainer.storage.games import (
    finished_games,
    last_game,
    save_game,
    unfinished_game,
    write_game_log,
)
from tests.conftest import card

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def test_save_resume_and_finish(tmp_path):
    path = tmp_path / "h.sqlite3"
    game = Game.new(GameConfig(names=("Ann", "Bob"), target=61), 1).add(Cut(card("2D")))
    with open_store(path) as store:
        game_id = save_game(store, game, None, now=T0)
        game = game.add(Pegged(0, 5))
        assert save_game(store, game, game_id, now=T0 + timedelta(minutes=1)) == game_id
    with open_store(path) as store:  # as after closing the trainer
        resumed_id, resumed = unfinished_game(store)
        assert resumed_id == game_id and resumed == game
        for _ in range(4):
            game = game.add(Pegged(0, 15))
        save_game(store, game, game_id, now=T0 + timedelta(minutes=2))
        assert unfinished_game(store) is None
        [done] = finished_games(store)
        assert done.game.state().winner == 0 and done.finished


def test_an_unreadable_game_is_passed_over(tmp_path):
    with open_store(tmp_path / "h.sqlite3") as store:
        good = save_game(store, Game.new(GameConfig()), None, now=T0)
        with store.write() as conn:
            conn.execute(
                "INSERT INTO games (started_at, updated_at, finished, game) VALUES (?, ?, 0, ?)",
                (T0.isoformat(), (T0 + timedelta(hours=1)).isoformat(), '{"config": "nonsense"}'),
            )
        damaged = []
        assert unfinished_game(store, damaged)[0] == good
        [bad] = damaged  # (noted, for the trainer to set aside)
        assert bad.table == "games" and bad.id == good + 1 and "not a game" in bad.reason


def test_a_game_row_changed_outside_the_trainer_is_passed_over(tmp_path):
    with open_store(tmp_path / "h.sqlite3") as store:
        with store.write() as conn:
            conn.execute(
                "INSERT INTO games (started_at, updated_at, finished, game) VALUES (?, ?, 0, ?)",
                (
                    T0.isoformat(),
                    T0.isoformat(),
                    '{"config": {"variant": "six-card", '
                    '"names": ["A", "B"], "target": 121, "muggins": false, "lurch": true, '
                    '"overscore": "britannica"}, "first_dealer": 0, "entries": [1]}',
                ),
            )
            conn.execute(
                "INSERT INTO games (started_at, updated_at, finished, game) VALUES (?, ?, 1, ?)",
                ("garbage", "garbage", "{}"),
            )
        damaged = []
        assert unfinished_game(store, damaged) is None
        assert finished_games(store, damaged=damaged) == []
        assert [d.id for d in damaged] == [1, 2]


def test_an_old_saved_game_row_still_loads_and_replays_as_it_was(tmp_path):
    """A game saved before rule sets (an overscore law, no rules; a 31 pegged at once; a
    short claim put right) is read under the rules it was kept by, not passed over."""
    old = (
        '{"config": {"variant": "six-card", "names": ["A", "B"], "target": 61, '
        '"muggins": false, "lurch": true, "overscore": "hoyle"}, "first_dealer": 0, '
        '"entries": [{"type": "cut", "starter": "5D"}, '
        '{"type": "pegged", "side": 1, "points": 31, "note": ""}, {"type": "play-over"}, '
        '{"type": "shown", "side": 1, "crib": false, "cards": ["5H", "5C", "5S", "JD"], '
        '"claim": 28}]}'
    )
    with open_store(tmp_path / "h.sqlite3") as store:
        with store.write() as conn:
            conn.execute(
                "INSERT INTO games (started_at, updated_at, finished, game) VALUES (?, ?, 0, ?)",
                (T0.isoformat(), T0.isoformat(), old),
            )
        _, game = unfinished_game(store)
        assert game.state().scores == [0, 31 + 29]
        assert game.config.rules.name == "hoyle-first" and last_game(store) == game


def test_the_last_game_played_starts_the_next_form(tmp_path):
    with open_store(tmp_path / "h.sqlite3") as store:
        assert last_game(store) is None
        first = Game.new(GameConfig(names=("Ann", "Bob")))
        second = Game.new(GameConfig(names=("Cy", "Di"), target=61))
        save_game(store, first, None, now=T0)
        save_game(store, second, None, now=T0 + timedelta(minutes=1))
        assert last_game(store) == second


def test_a_game_written_as_a_log_goes_to_the_data_folder(tmp_path):
    from crib_trainer.core.gamelog import replay_log

    game = Game.new(GameConfig(names=("Ann", "Bob"))).add(Cut(card("JH")))
    path = write_game_log(game, 7, now=T0)
    assert path.parent.name == "games" and path.name == "game-7-20261122-120000.txt"
    assert replay_log(path.read_text(encoding="utf-8").splitlines()).game == game

"""The scorekeeper's games: saved after every entry, resumed, and kept when finished.

>>> import tempfile, pathlib
>>> from datetime import datetime, UTC
>>> from crib_trainer.core.game import Game, GameConfig
>>> from crib_trainer.storage.db import open_store
>>> with tempfile.TemporaryDirectory() as folder:
...     with open_store(pathlib.Path(folder) / "h.sqlite3") as store:
...         game_id = save_game(store, Game.new(GameConfig()), None, now=datetime.now(UTC))
...         unfinished_game(store)[0] == game_id
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from crib_trainer.core.cards import CardError
from crib_trainer.core.game import Game, GameError
from crib_trainer.storage.db import StorageError, Store


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    started_at: datetime
    updated_at: datetime
    finished: bool
    game: Game


def save_game(store: Store, game: Game, game_id: int | None, *, now: datetime) -> int:
    """Write the game (a new row when ``game_id`` is None); one commit; returns its id."""
    data = json.dumps(game.to_json(), separators=(",", ":"))
    finished = game.state().winner is not None
    stamp = now.isoformat()
    with store.write() as conn:
        if game_id is None:
            cursor = conn.execute(
                "INSERT INTO games (started_at, updated_at, finished, game) VALUES (?, ?, ?, ?)",
                (stamp, stamp, int(finished), data),
            )
            return int(cursor.lastrowid or 0)
        conn.execute(
            "UPDATE games SET updated_at = ?, finished = ?, game = ? WHERE id = ?",
            (stamp, int(finished), data, game_id),
        )
        return game_id


def _load(row) -> SavedGame | None:
    """A saved game, or None for one this version cannot read (it stays in the file)."""
    try:
        return SavedGame(
            int(row[0]),
            datetime.fromisoformat(row[1]),
            datetime.fromisoformat(row[2]),
            bool(row[3]),
            Game.from_json(json.loads(row[4])),
        )
    except (ValueError, KeyError, TypeError, AttributeError, GameError, CardError):
        return None


def unfinished_game(store: Store) -> tuple[int, Game] | None:
    """The game most recently played and not yet won, if any."""
    rows = store.read(
        "SELECT id, started_at, updated_at, finished, game FROM games "
        "WHERE finished = 0 ORDER BY updated_at DESC, id DESC"
    )
    for row in rows:
        saved = _load(row)
        if saved is not None:
            return saved.id, saved.game
    return None


def finished_games(store: Store, limit: int = 50) -> list[SavedGame]:
    """Finished games, the most recent first."""
    rows = store.read(
        "SELECT id, started_at, updated_at, finished, game FROM games "
        "WHERE finished = 1 ORDER BY updated_at DESC LIMIT ?",
        (limit,),
    )
    return [g for g in map(_load, rows) if g is not None]


__all__ = ["SavedGame", "StorageError", "finished_games", "save_game", "unfinished_game"]

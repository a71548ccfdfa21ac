"""The scorekeeper's games: saved after every entry, resumed, kept when finished, and
written out as game logs.

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
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.storage.db import StorageError, Store
from crib_trainer.storage.paths import data_dir

if TYPE_CHECKING:  # (the game's rules are loaded when a game is read: start-up needs none)
    from crib_trainer.core.game import Game


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    started_at: datetime
    updated_at: datetime
    finished: bool
    game: Game


class GameChangedError(StorageError):
    """The saved game is no longer the one this window last saw: another trainer on the
    same history changed it. ``game`` is the game as saved now."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            "This game was changed in another window; here it is as saved there, "
            "and what you just entered was not recorded: enter it again if it still stands."
        )
        self.game = game


def save_game(
    store: Store,
    game: Game,
    game_id: int | None,
    *,
    now: datetime,
    replacing: Game | None = None,
) -> int:
    """Write the game (a new row when ``game_id`` is None); one commit; returns its id.

    With ``replacing`` (the game as this window last saved or loaded it), a saved game
    that has changed since, in another window, is left as it is: ``GameChangedError``.
    """
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
        if replacing is not None:
            row = conn.execute(
                "SELECT id, started_at, updated_at, finished, game FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            saved = _load(row) if row is not None else None
            if saved is not None and saved.game != replacing:
                raise GameChangedError(saved.game)
        conn.execute(
            "UPDATE games SET updated_at = ?, finished = ?, game = ? WHERE id = ?",
            (stamp, int(finished), data, game_id),
        )
        return game_id


def _load(row) -> SavedGame | None:
    """A saved game, or None for one this version cannot read (it stays in the file)."""
    from crib_trainer.core.cards import CardError
    from crib_trainer.core.game import Game, GameError

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


def last_game(store: Store) -> Game | None:
    """The game played most recently, finished or not (its settings start the next)."""
    rows = store.read(
        "SELECT id, started_at, updated_at, finished, game FROM games "
        "ORDER BY updated_at DESC, id DESC LIMIT 20"
    )
    return next((saved.game for saved in map(_load, rows) if saved is not None), None)


def write_game_log(
    game: Game, game_id: int | None, *, now: datetime, folder: Path | None = None
) -> Path:
    """Write the game as a log (``crib-trainer game replay`` reads it) into ``folder``
    (the data folder's ``games``), named by its number and the time; returns the path."""
    folder = folder or data_dir() / "games"
    from crib_trainer.core.gamelog import export_log

    text = export_log(game)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game-{game_id or 0}-{now:%Y%m%d-%H%M%S}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def finished_games(store: Store, limit: int = 50) -> list[SavedGame]:
    """Finished games, the most recent first."""
    rows = store.read(
        "SELECT id, started_at, updated_at, finished, game FROM games "
        "WHERE finished = 1 ORDER BY updated_at DESC LIMIT ?",
        (limit,),
    )
    return [g for g in map(_load, rows) if g is not None]


__all__ = [
    "GameChangedError",
    "SavedGame",
    "StorageError",
    "finished_games",
    "last_game",
    "save_game",
    "unfinished_game",
    "write_game_log",
]

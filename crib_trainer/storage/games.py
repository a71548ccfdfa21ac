"""The scorekeeper's games: saved after every entry, resumed, kept when finished, and
written out as game logs. A row is read back as text from outside (``storage.saves``):
one that does not read is noted, for the trainer to set aside.

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
from typing import TYPE_CHECKING, Any

from crib_trainer.core.safe_text import shown
from crib_trainer.storage.db import StorageError, Store
from crib_trainer.storage.paths import data_dir
from crib_trainer.storage.saves import GAME, Damaged, SaveError, put_row, read_json

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
    same history changed it. ``game`` is the game as saved there (None if it does not
    read); ``lost`` the lines entered here since, which were not recorded."""

    def __init__(self, game: Game | None, lost: tuple[str, ...] = ()) -> None:
        entered = f" ({', '.join(lost)})" if lost else ""
        super().__init__(
            "This game was changed in another window; here it is as saved there, and "
            f"what you entered here since{entered} was not recorded: enter it again if it "
            "still stands."
        )
        self.game = game
        self.lost = lost


def game_data(game: Game) -> tuple[str, bool]:
    """A game as its row keeps it: the JSON text, and whether it is finished."""
    data = json.dumps(game.to_json(), separators=(",", ":"))
    return data, game.state().winner is not None


def save_game(store: Store, game: Game, game_id: int | None, *, now: datetime) -> int:
    """Write the game (a new row when ``game_id`` is None); one commit; returns its id.
    (The trainer writes through ``storage.records``: to a copy at once, to the file
    behind the screen.)"""
    data, finished = game_data(game)
    with store.write() as conn:
        return put_row(conn, "games", game_id, data=data, finished=finished, stamp=now.isoformat())


def read_game(text: object) -> Game:
    """The game a row's text holds; ``SaveError`` if it does not read (any text)."""
    from crib_trainer.core.cards import CardError
    from crib_trainer.core.game import Game, GameError

    data = read_json(text)
    try:
        return Game.from_json(data)
    except Exception as err:  # (a row changed outside the trainer may break anywhere)
        raise SaveError(unreadable("game", err, (GameError, CardError))) from None


def unreadable(what: str, err: Exception, ours: tuple[type[Exception], ...]) -> str:
    """Why a saved game did not read, in one short phrase: the rules' own words when one
    of ``ours`` said why (``GameError``…), never Python's (a ``KeyError``'s, a
    ``TypeError``'s: they would mean nothing to the learner).

    >>> unreadable("game", KeyError("config"), ())
    'not a game this version reads'
    """
    head = f"not a {what} this version reads"
    if not isinstance(err, ours) or not str(err):
        return head
    text = shown(str(err))
    return f"{head}: {text if len(text) <= 80 else text[:79] + '…'}"


_COLUMNS = f"id, started_at, updated_at, finished, {GAME}"


def _load(row: Any, damaged: list[Damaged] | None) -> SavedGame | None:
    """A saved game, or None for one that does not read (noted in ``damaged``)."""
    try:
        game = read_game(row[4])
        return SavedGame(
            int(row[0]),
            datetime.fromisoformat(row[1]),
            datetime.fromisoformat(row[2]),
            bool(row[3]),
            game,
        )
    except (SaveError, ValueError, TypeError) as err:
        if damaged is not None:
            damaged.append(Damaged("games", int(row[0]), str(row[2]), str(err)))
        return None


def unfinished_game(store: Store, damaged: list[Damaged] | None = None) -> tuple[int, Game] | None:
    """The game most recently played and not yet won, if any; the rows that do not read
    on the way are noted in ``damaged``."""
    rows = store.read(
        f"SELECT {_COLUMNS} FROM games WHERE finished = 0 ORDER BY updated_at DESC, id DESC"
    )
    for row in rows:
        saved = _load(row, damaged)
        if saved is not None:
            return saved.id, saved.game
    return None


def last_game(store: Store, damaged: list[Damaged] | None = None) -> Game | None:
    """The game played most recently, finished or not (its settings start the next)."""
    rows = store.read(f"SELECT {_COLUMNS} FROM games ORDER BY updated_at DESC, id DESC LIMIT 20")
    for row in rows:
        saved = _load(row, damaged)
        if saved is not None:
            return saved.game
    return None


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


def finished_games(
    store: Store, limit: int = 50, damaged: list[Damaged] | None = None
) -> list[SavedGame]:
    """Finished games, the most recent first."""
    rows = store.read(
        f"SELECT {_COLUMNS} FROM games WHERE finished = 1 ORDER BY updated_at DESC LIMIT ?",
        (limit,),
    )
    return [g for g in (_load(row, damaged) for row in rows) if g is not None]


__all__ = [
    "GameChangedError",
    "SavedGame",
    "StorageError",
    "finished_games",
    "game_data",
    "last_game",
    "read_game",
    "save_game",
    "unfinished_game",
    "write_game_log",
]

"""Practice games against the computer (schema v4): saved after every move, resumed
exactly where they stood.

A row the trainer cannot read (changed outside crib-trainer) is passed over; it stays in
the file.

>>> import tempfile, pathlib
>>> from datetime import datetime, UTC
>>> from crib_trainer.training.practice import Practice, PracticeSettings
>>> from crib_trainer.storage.db import open_store
>>> game = Practice.new(PracticeSettings(strength="beginner"), seed=1).advance()
>>> with tempfile.TemporaryDirectory() as folder:
...     with open_store(pathlib.Path(folder) / "h.sqlite3") as store:
...         game_id = save_practice(store, game, None, now=datetime.now(UTC))
...         unfinished_practice(store) == (game_id, game)
True
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING

from crib_trainer.storage.db import Store

if TYPE_CHECKING:  # (loaded when a game is resumed: the game's rules bring in every
    # analysis it grades with, which start-up does not need)
    from crib_trainer.training.practice import Practice, PracticeSettings


def save_practice(store: Store, practice: Practice, game_id: int | None, *, now: datetime) -> int:
    """Write the game (a new row when ``game_id`` is None); one commit; returns its id."""
    data = json.dumps(practice.to_json(), separators=(",", ":"), ensure_ascii=False)
    stamp = now.isoformat()
    with store.write() as conn:
        if game_id is None:
            cursor = conn.execute(
                "INSERT INTO practice_games (started_at, updated_at, finished, game) "
                "VALUES (?, ?, ?, ?)",
                (stamp, stamp, int(practice.over), data),
            )
            return int(cursor.lastrowid or 0)
        conn.execute(
            "UPDATE practice_games SET updated_at = ?, finished = ?, game = ? WHERE id = ?",
            (stamp, int(practice.over), data, game_id),
        )
        return game_id


def unfinished_practice(store: Store) -> tuple[int, Practice] | None:
    """The practice game most recently played and not yet won, if any."""
    rows = store.read(
        "SELECT id, game FROM practice_games WHERE finished = 0 ORDER BY updated_at DESC, id DESC"
    )
    if not rows:
        return None  # (the game's module, and every analysis it loads, only for a row)
    from crib_trainer.training.practice import Practice, PracticeError

    for game_id, text in rows:
        try:
            return int(game_id), Practice.from_json(json.loads(text))
        except (ValueError, TypeError, PracticeError):
            continue  # a row changed by hand: passed over
    return None


def last_practice_settings(store: Store) -> PracticeSettings | None:
    """The settings of the practice game played most recently, finished or not (they start
    the next game's form); None before the first, or when no recent row reads."""
    rows = store.read(
        "SELECT json_extract(game, '$.settings') FROM practice_games "
        "ORDER BY updated_at DESC, id DESC LIMIT 20"
    )
    if not rows:
        return None
    from crib_trainer.training.practice import PracticeError, PracticeSettings

    for (text,) in rows:
        try:
            return PracticeSettings.from_json(json.loads(text))
        except (ValueError, TypeError, KeyError, PracticeError):
            continue  # a row changed by hand: passed over
    return None

"""Practice games against the computer (schema v5): saved after every move, resumed
exactly where they stood.

A row is read back as text from outside (``storage.saves``): one the trainer cannot read
(changed outside crib-trainer) is noted, for the trainer to set aside.

>>> import tempfile, pathlib
>>> from datetime import datetime, UTC
>>> from crib_trainer.training.game.practice import Practice, PracticeSettings
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
from crib_trainer.storage.games import unreadable
from crib_trainer.storage.saves import GAME, Damaged, SaveError, put_row, read_json

if TYPE_CHECKING:  # (loaded when a game is resumed: the game's rules bring in every
    # analysis it grades with, which start-up does not need)
    from crib_trainer.training.game.practice import Practice, PracticeSettings


def practice_data(practice: Practice) -> tuple[str, bool]:
    """A practice game as its row keeps it: the JSON text, and whether it is over."""
    data = json.dumps(practice.to_json(), separators=(",", ":"), ensure_ascii=False)
    return data, practice.over


def save_practice(store: Store, practice: Practice, game_id: int | None, *, now: datetime) -> int:
    """Write the game (a new row when ``game_id`` is None); one commit; returns its id.
    (The trainer writes through ``storage.records``: to a copy at once, to the file
    behind the screen.)"""
    data, over = practice_data(practice)
    with store.write() as conn:
        return put_row(
            conn, "practice_games", game_id, data=data, finished=over, stamp=now.isoformat()
        )


def read_practice(text: object) -> Practice:
    """The practice game a row's text holds; ``SaveError`` if it does not read (any
    text), or if it is not one the trainer could have saved: a seat's name the trainer
    never gives (a bracket, which the screens' markup would read, or over
    :data:`MAX_NAME` characters; the names are the trainer's own, never typed)."""
    from crib_trainer.core.cards import CardError
    from crib_trainer.core.engine import EngineError
    from crib_trainer.training.game.practice import Practice, PracticeError

    data = read_json(text)
    try:
        practice = Practice.from_json(data)
    except Exception as err:  # (a row changed outside the trainer may break anywhere)
        ours = (PracticeError, EngineError, CardError)
        raise SaveError(unreadable("practice game", err, ours)) from None
    odd = next((n for n in practice.game.names if _odd_name(n)), None)
    if odd is not None:
        raise SaveError(f"a seat's name the trainer never gives: {odd[:MAX_NAME]!r}")
    return practice


#: The longest seat name the practice game gives (``Partner``, a strength's name).
MAX_NAME = 20


def _odd_name(name: str) -> bool:
    return not name or len(name) > MAX_NAME or any(ch in name for ch in "[]\\")


def unfinished_practice(
    store: Store, damaged: list[Damaged] | None = None
) -> tuple[int, Practice] | None:
    """The practice game most recently played and not yet won, if any; the rows that do
    not read on the way are noted in ``damaged``."""
    rows = store.read(
        f"SELECT id, updated_at, {GAME} FROM practice_games WHERE finished = 0 "
        "ORDER BY updated_at DESC, id DESC"
    )
    for game_id, updated_at, text in rows:
        try:
            return int(game_id), read_practice(text)
        except SaveError as err:
            if damaged is not None:
                damaged.append(Damaged("practice_games", int(game_id), str(updated_at), str(err)))
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
    from crib_trainer.training.game.practice import PracticeError, PracticeSettings

    for (text,) in rows:
        try:
            return PracticeSettings.from_json(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError, PracticeError):
            continue  # a row changed by hand: passed over
    return None

"""The record across practice games, read from the practice games themselves: each
finished game's row keeps its outcome (``"outcome"`` in the saved game, the
:class:`~crib_trainer.training.game.gamerecord.GameOutcome` without its time; the row's last
save is when it finished), so the record is read without replaying a game.

A game finished before its row kept an outcome is read whole and replayed once (about
25 ms), and the outcome remembered in ``cache`` (by row and save) for the rest of the
run; a row that does not read is passed over (the practice games' own reading sets such a
row aside).

>>> import tempfile, pathlib
>>> from datetime import datetime, UTC
>>> from crib_trainer.storage.db import open_store
>>> from crib_trainer.storage.practice_games import save_practice
>>> from crib_trainer.training.game.practice import Practice, PracticeSettings
>>> game = Practice.new(PracticeSettings(strength="beginner"), seed=1).advance()
>>> with tempfile.TemporaryDirectory() as folder:
...     with open_store(pathlib.Path(folder) / "h.sqlite3") as store:
...         _ = save_practice(store, game, None, now=datetime(2026, 1, 5, tzinfo=UTC))
...         game_outcomes(store)  # (a game not yet won is not in the record)
[]
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from crib_trainer.storage.db import Store
from crib_trainer.training.game.gamerecord import GameOutcome  # (light: no analysis)

#: Outcomes worked out from games saved without one: (row id, its last save) → outcome.
Cache = dict[tuple[int, str], GameOutcome]


def game_outcomes(store: Store, cache: Cache | None = None) -> list[GameOutcome]:
    """Every finished practice game's outcome, oldest first."""
    rows = store.read(
        "SELECT id, updated_at, json_extract(game, '$.outcome') FROM practice_games "
        "WHERE finished = 1 ORDER BY updated_at, id"
    )
    cache = {} if cache is None else cache
    out = []
    for row_id, updated_at, text in rows:
        try:
            finished = datetime.fromisoformat(updated_at)
            if text is not None:
                kept = {**_mapping(json.loads(text)), "finished_at": finished.isoformat()}
                outcome = GameOutcome.from_json(kept)
            else:
                outcome = cache.get((row_id, updated_at)) or _worked_out(store, row_id, finished)
                cache[row_id, updated_at] = outcome
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # a row changed by hand: passed over
        out.append(outcome)
    return out


def _mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("an outcome is a mapping")
    return value


def _worked_out(store: Store, row_id: int, finished: datetime) -> GameOutcome:
    """The outcome of a game saved before its row kept one (its whole game replayed)."""
    from crib_trainer.storage.practice_games import read_practice
    from crib_trainer.storage.saves import SaveError
    from crib_trainer.training.game.gamerecord import outcome_of

    [(text,)] = store.read("SELECT game FROM practice_games WHERE id = ?", (row_id,))
    try:
        return outcome_of(read_practice(text), finished)
    except SaveError as err:
        raise ValueError(str(err)) from None

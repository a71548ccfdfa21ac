"""The record across practice games (schema v7): one row per finished game, its outcome
(:class:`~crib_trainer.training.gamerecord.GameOutcome`) kept beside the game itself so
the record is read without replaying games.

A game's row is written when it is saved finished, and again at each later save (grades
worked out after the last card still join its points given up); its ``finished_at`` stays
the first. A row that does not read (changed outside crib-trainer) is passed over.

>>> import tempfile, pathlib
>>> from crib_trainer.training.gamerecord import GameOutcome, T0
>>> from crib_trainer.storage.db import open_store
>>> won = GameOutcome(T0, "six-card", "expert", True, "single", 121, 98, {"play": 1.5})
>>> with tempfile.TemporaryDirectory() as folder:
...     with open_store(pathlib.Path(folder) / "h.sqlite3") as store:
...         record_game(store, 1, won)
...         game_outcomes(store) == [won]
True
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime

from crib_trainer.storage.db import Store
from crib_trainer.training.gamerecord import GameOutcome  # (light: no analysis)


def record_game(store: Store, practice_id: int, outcome: GameOutcome) -> None:
    """Write (or bring up to date) the outcome of the finished practice game
    ``practice_id``; one commit."""
    data = json.dumps(outcome.to_json(), separators=(",", ":"))
    with store.write() as conn:
        conn.execute(
            "INSERT INTO game_records (practice_id, finished_at, outcome) VALUES (?, ?, ?) "
            "ON CONFLICT (practice_id) DO UPDATE SET outcome = excluded.outcome",
            (practice_id, outcome.finished_at.isoformat(), data),
        )


def game_outcomes(store: Store) -> list[GameOutcome]:
    """Every finished practice game's outcome, oldest first."""
    rows = store.read(
        "SELECT finished_at, outcome FROM game_records ORDER BY finished_at, practice_id"
    )
    out = []
    for finished_at, text in rows:
        try:
            outcome = GameOutcome.from_json(json.loads(text))
            out.append(replace(outcome, finished_at=datetime.fromisoformat(finished_at)))
        except (ValueError, TypeError, KeyError):
            continue  # a row changed by hand: passed over
    return out

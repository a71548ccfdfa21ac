"""Helpers for the storage tests: attempts to store, and the version 1 schema as shipped."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from crib_trainer.training.attempt import Attempt

T0 = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def make_attempt(
    kind: str = "count-hand",
    *,
    at: datetime = T0,
    correct: bool = True,
    missed: dict[str, float] | None = None,
    present: dict[str, float] | None = None,
    seconds: float = 5.0,
    n: int = 0,
    puzzle_id: str | None = None,
) -> Attempt:
    return Attempt(
        kind=kind,
        question={"cards": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": False, "n": n},
        answer={"total": 28},
        truth={"total": 29, "items": []},
        correct=correct,
        grade="correct" if correct else "under",
        missed=missed or {},
        seconds=seconds,
        answered_at=at,
        puzzle_id=puzzle_id,
        present=present or {},
    )


# Version 1 exactly as it shipped: tests build old files from this, never from the code.
V1_SCHEMA = """
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    truth TEXT NOT NULL,
    correct INTEGER NOT NULL,
    grade TEXT NOT NULL,
    missed TEXT NOT NULL,
    seconds REAL NOT NULL,
    answered_at TEXT NOT NULL,
    puzzle_id TEXT
);
CREATE INDEX attempts_by_time ON attempts (answered_at);
PRAGMA user_version = 1;
"""


def build_v1(path: Path, rows: list[tuple]) -> None:
    """A version 1 file holding ``rows`` (every column but id), in WAL mode as v1 left it."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.executescript(V1_SCHEMA)
    conn.executemany(
        "INSERT INTO attempts (kind, question, answer, truth, correct, grade, missed, seconds,"
        " answered_at, puzzle_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    conn.commit()
    conn.close()


def keep_outcome(store, outcome) -> None:
    """A finished practice game's row holding only its outcome (``GameOutcome``), saved
    when it finished: what the record across games reads of it."""
    import json

    data = outcome.to_json()
    at = data.pop("finished_at")
    with store.write() as conn:
        conn.execute(
            "INSERT INTO practice_games (started_at, updated_at, finished, game) "
            "VALUES (?, ?, 1, ?)",
            (at, at, json.dumps({"outcome": data})),
        )

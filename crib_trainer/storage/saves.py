"""The saved games' rows (the scorekeeper's ``games``, the ``practice_games``): written,
read back without trusting them, and set aside when they do not read.

A row is written by the trainer, but the file is the learner's: another program may have
changed it, and whatever it holds is read as it would be from a file from outside.

- **Bounded**: :func:`read_json` refuses text over :data:`MAX_CHARS`, nesting deeper than
  :data:`MAX_DEPTH` (before the parser sees it: a parser recurses), and any list or object
  of more than :data:`MAX_ITEMS` items or string of more than :data:`MAX_TEXT`
  characters, each with one sentence (:class:`SaveError`). A real game is far inside
  them: a whole six-card practice game is about 16,000 characters, 9 levels deep, its
  longest list 110 items and longest string 135 characters.
- **Filtered**: every string read back is passed through the one rule for untrusted text
  (``core.safe_text.shown``): no escape sequence, no bidirectional override, no control
  character reaches the screen. (Markup is the screen's to keep out: it shows these
  strings as text, never as markup.)
- **Set aside**: a row that does not read (:class:`Damaged`) is copied as it is into a
  file of the ``set-aside`` folder beside the history (:func:`set_aside`), read in slices
  (a row of any size in bounded memory); the trainer then drops the row, and says once,
  on Home, which game and where its copy is.

>>> read_json('{"names": ["Ann\\\\u001b]0;pwned\\\\u0007"]}')
{'names': ['Ann\\\\u001b]0;pwned\\\\u0007']}
>>> read_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
crib_trainer.storage.saves.SaveError: nested deeper than 32 levels
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crib_trainer.core.safe_text import shown

if TYPE_CHECKING:
    import sqlite3

    from crib_trainer.storage.db import Store

MAX_CHARS = 1_000_000
MAX_DEPTH = 32
MAX_ITEMS = 2_000
MAX_TEXT = 5_000

#: The ``game`` column as the saved-games queries select it: text over :data:`MAX_CHARS`
#: comes back as None rather than read (its length is all it takes to refuse it).
GAME = f"CASE WHEN length(game) <= {MAX_CHARS} THEN game END"

#: The tables of saved games, and what a person calls a row of each.
TABLES = {"games": "scorekeeper game", "practice_games": "practice game"}

#: A JSON string (skipped whole) or a bracket: what the depth check looks at.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class SaveError(ValueError):
    """A saved row that cannot be read, and why (one sentence)."""


def read_json(text: object) -> Any:
    """The JSON value of a saved row, within the bounds above, every string filtered.
    Raises :class:`SaveError` for anything else (not text, too big, too deep, not JSON)."""
    return _filtered(bounded_json(text))


def bounded_json(text: object) -> Any:
    """The JSON value of any text read back from the history (an answer's question, the
    learner model kept), refused with :class:`SaveError` (a ``ValueError``) past
    :data:`MAX_CHARS` or :data:`MAX_DEPTH` before the parser sees it; its strings as
    stored (:func:`read_json` filters them too, and bounds every list).

    >>> bounded_json('{"total": 4}'), isinstance(SaveError("x"), ValueError)
    ({'total': 4}, True)
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveError(f"not UTF-8 text (byte {err.start + 1})") from None
    if text is None:  # (as GAME selects a text too long to read)
        raise SaveError(f"over {MAX_CHARS:,} characters")
    if not isinstance(text, str):
        raise SaveError(f"not text but {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise SaveError(f"over {MAX_CHARS:,} characters")
    _check_depth(text)
    try:
        return json.loads(text)
    except ValueError as err:
        raise SaveError(f"not JSON ({err})") from None


def _check_depth(text: str) -> None:
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return  # (no string or bracket can nest deeper)
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SaveError(f"nested deeper than {MAX_DEPTH} levels")
        elif bracket in "]}":
            depth -= 1


def _filtered(value: Any) -> Any:
    """``value`` with every string (keys too) through ``shown``; bounds checked."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise SaveError(f"a text of over {MAX_TEXT:,} characters")
        return shown(value)
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise SaveError(f"a list of over {MAX_ITEMS:,} items")
        return [_filtered(v) for v in value]
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise SaveError(f"an object of over {MAX_ITEMS:,} items")
        return {_filtered(k): _filtered(v) for k, v in value.items()}
    return value


# --- writing rows -------------------------------------------------------------------------


def put_row(
    conn: sqlite3.Connection,
    table: str,
    row_id: int | None,
    *,
    data: str,
    finished: bool,
    stamp: str,
) -> int:
    """Write a saved game into ``table`` (``games`` or ``practice_games``): over row
    ``row_id``, or a new row when it is None or no longer there; returns the row's id."""
    assert table in TABLES  # (a table name cannot be a parameter)
    if row_id is not None:
        cursor = conn.execute(
            f"UPDATE {table} SET updated_at = ?, finished = ?, game = ? WHERE id = ?",
            (stamp, int(finished), data, row_id),
        )
        if cursor.rowcount:
            return row_id
    cursor = conn.execute(
        f"INSERT INTO {table} (started_at, updated_at, finished, game) VALUES (?, ?, ?, ?)",
        (stamp, stamp, int(finished), data),
    )
    return int(cursor.lastrowid or 0)


def row_text(store: Store, table: str, row_id: int) -> str | None:
    """The saved text of a row (None if there is none), read only when within bounds."""
    assert table in TABLES
    rows = store.read(f"SELECT {GAME} FROM {table} WHERE id = ?", (row_id,))
    return rows[0][0] if rows else None


# --- rows that do not read ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Damaged:
    """A saved row that does not read: which, when it was saved, and why."""

    table: str
    id: int
    updated_at: str
    reason: str

    @property
    def what(self) -> str:
        """``the practice game saved 22 Nov 09:30`` (or with the date as stored)."""
        try:
            when = f"{datetime.fromisoformat(self.updated_at):%d %b %H:%M}"
        except (TypeError, ValueError):
            when = shown(str(self.updated_at))[:40]
        return f"the {TABLES[self.table]} saved {when}"


def set_aside(store: Store, damaged: Damaged, folder: Path) -> Path:
    """Copy a row that does not read, exactly as stored, into ``folder`` (created if
    need be), a slice at a time; returns the file. Raises ``OSError`` if it cannot be
    written (the row is then left where it is)."""
    stamp = re.sub(r"[^0-9]", "", str(damaged.updated_at))[:14] or "0"
    name = f"{damaged.table.replace('_', '-')}-{damaged.id}-{stamp}.json"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    step = 1 << 20
    part = path.with_name(f"{name}.part")
    with open(part, "wb") as out:
        start = 1
        while True:
            rows = store.read(
                f"SELECT CAST(substr(CAST(game AS BLOB), ?, ?) AS BLOB) FROM {damaged.table} "
                "WHERE id = ?",
                (start, step, damaged.id),
            )
            chunk = rows[0][0] if rows else None
            if not chunk:
                break
            out.write(chunk if isinstance(chunk, bytes) else str(chunk).encode())
            start += step
        out.flush()
        os.fsync(out.fileno())
    os.replace(part, path)
    return path

"""The answers' rows: one answer written in its own transaction, and answers read back.

The store (:class:`crib_trainer.storage.db.Store`) reads and writes its answers through
these functions (``Store.load_attempts``, ``Store.save_attempt``), and
:mod:`crib_trainer.storage.progress` builds its figures on them; this module imports
neither (a store is anything with :class:`Rows`' two methods).
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from crib_trainer.storage.saves import bounded_json
from crib_trainer.training.attempt import DRILL_KINDS, Attempt


class Rows(Protocol):
    """What the answers' rows need of a store: a query, and a write transaction."""

    def read(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]: ...

    def write(self) -> AbstractContextManager[sqlite3.Connection]: ...


# --- writing -----------------------------------------------------------------------------


def record_attempt(store: Rows, attempt: Attempt) -> int:
    """Store one answer in its own transaction and return its id (``attempt.id`` is
    ignored). When this returns the answer is committed.

    Raises ``ValueError`` for an unknown kind or a question/answer/truth that is not
    JSON, and :class:`~crib_trainer.storage.db.StorageError` if it cannot be written.
    """
    if attempt.kind not in DRILL_KINDS:
        raise ValueError(f"unknown drill kind {attempt.kind!r}; kinds are {', '.join(DRILL_KINDS)}")
    row = (
        attempt.kind,
        _to_json(attempt.question, "question"),
        _to_json(attempt.answer, "answer"),
        _to_json(attempt.truth, "truth"),
        int(attempt.correct),
        attempt.grade,
        attempt.seconds,
        stamp(attempt.answered_at),
        attempt.puzzle_id,
    )
    cats = sorted(set(attempt.present) | set(attempt.missed) | set(attempt.maybe))
    for value in (
        attempt.seconds,
        *attempt.present.values(),
        *attempt.missed.values(),
        *attempt.maybe.values(),
    ):
        if not math.isfinite(value):
            raise ValueError(f"seconds and points must be finite numbers, not {value}")
    with store.write() as conn:
        cursor = conn.execute(
            "INSERT INTO attempts (kind, question, answer, truth, correct, grade, seconds, "
            "answered_at, puzzle_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            row,
        )
        attempt_id = cursor.lastrowid
        assert attempt_id is not None
        conn.executemany(
            "INSERT INTO attempt_categories (attempt_id, category, present, missed, maybe) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (
                    attempt_id,
                    c,
                    attempt.present.get(c, 0.0),
                    attempt.missed.get(c, 0.0),
                    attempt.maybe.get(c, 0.0),
                )
                for c in cats
            ],
        )
    return attempt_id


def _to_json(value: Any, what: str) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError) as err:
        raise ValueError(f"the attempt's {what} is not plain JSON data: {err}") from None


def stamp(moment: datetime) -> str:
    """UTC ISO text of one fixed width, so text order is time order."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("times must be timezone-aware, e.g. datetime.now(UTC)")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


# --- reading attempts --------------------------------------------------------------------

COLUMNS = "id, kind, question, answer, truth, correct, grade, seconds, answered_at, puzzle_id"


def where_clause(
    since: datetime | None,
    until: datetime | None,
    kind: str | None,
    *more: tuple[str, Any],
    table: str = "",
) -> tuple[str, list[Any]]:
    """A WHERE clause (or nothing) and its parameters; ``more`` adds (clause, param)."""
    clauses, params = [], []
    if since is not None:
        clauses.append(f"{table}answered_at >= ?")
        params.append(stamp(since))
    if until is not None:
        clauses.append(f"{table}answered_at < ?")
        params.append(stamp(until))
    if kind is not None:
        clauses.append(f"{table}kind = ?")
        params.append(str(kind))
    for clause, param in more:
        clauses.append(clause)
        params.append(param)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def also(where: str, clause: str) -> str:
    """A WHERE clause from :func:`where_clause` with ``clause`` added."""
    return f"{where} AND {clause}" if where else f" WHERE {clause}"


def _load(store: Rows, where: str, params: list[Any], tail: str = "") -> list[Attempt]:
    rows = store.read(f"SELECT {COLUMNS} FROM attempts{where}{tail}", params)
    if not rows:
        return []
    present: dict[int, dict[str, float]] = defaultdict(dict)
    missed: dict[int, dict[str, float]] = defaultdict(dict)
    maybe: dict[int, dict[str, float]] = defaultdict(dict)
    ids = [r["id"] for r in rows]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ", ".join("?" * len(part))
        for r in store.read(
            "SELECT attempt_id, category, present, missed, maybe FROM attempt_categories "
            f"WHERE attempt_id IN ({marks})",
            part,
        ):
            present[r[0]][r[1]] = r[2]
            if r[3]:
                missed[r[0]][r[1]] = r[3]
            elif r[4]:
                maybe[r[0]][r[1]] = r[4]
    out = []
    for r in rows:
        try:
            out.append(
                Attempt(
                    kind=r["kind"],
                    question=_from_json(r["question"]),
                    answer=_from_json(r["answer"]),
                    truth=_from_json(r["truth"]),
                    correct=bool(r["correct"]),
                    grade=r["grade"],
                    missed=missed[r["id"]],
                    seconds=r["seconds"],
                    answered_at=stored_time(r["answered_at"]),
                    puzzle_id=r["puzzle_id"],
                    present=present[r["id"]],
                    id=r["id"],
                    maybe=maybe[r["id"]],
                )
            )
        except (TypeError, ValueError):
            continue  # a row changed outside crib-trainer: left in the file, not used
    return out


#: The stored times read: a day inside the calendar's ends, so that every zone has a
#: local day for them (only a change made outside crib-trainer puts a time beyond).
FIRST_TIME = datetime(1, 1, 2, tzinfo=UTC)
LAST_TIME = datetime(9999, 12, 30, tzinfo=UTC)


def stored_time(text: str) -> datetime:
    """A stored time (UTC, ISO 8601); raises ValueError for anything else."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"a stored time without a zone: {text!r}")
    if not FIRST_TIME <= moment <= LAST_TIME:
        raise ValueError(f"a stored time at the calendar's end: {text!r}")
    return moment


def _from_json(text: str) -> dict[str, Any]:
    """A stored dict; text that is not a JSON object (only ever from outside this code)
    is kept, not lost: ``{"unreadable": text}``."""
    if isinstance(text, bytes):  # (stored as a blob: kept as the text it reads as)
        text = text.decode("utf-8", "replace")
    try:
        value = bounded_json(text)  # (any text: bounded before it is parsed)
    except ValueError:
        return {"unreadable": text}
    return value if isinstance(value, dict) else {"unreadable": text}


def attempts(
    store: Rows,
    since: datetime | None = None,
    until: datetime | None = None,
    kind: str | None = None,
) -> list[Attempt]:
    """Every attempt in the period (of one kind, if given), oldest first, with ids."""
    where, params = where_clause(since, until, kind)
    return _load(store, where, params, " ORDER BY answered_at, id")


def attempts_after(store: Rows, attempt_id: int) -> list[Attempt]:
    """Every attempt with an id above ``attempt_id`` (stored after it), oldest first."""
    return _load(store, " WHERE id > ?", [attempt_id], " ORDER BY answered_at, id")


def attempts_by_id(store: Rows, ids: Iterable[int]) -> list[Attempt]:
    """The attempts with these ids (those that exist and read), by id."""
    wanted, found = sorted(ids), []
    for chunk in range(0, len(wanted), 500):
        part = wanted[chunk : chunk + 500]
        found += _load(store, f" WHERE id IN ({', '.join('?' * len(part))})", part, " ORDER BY id")
    return found


def get_attempt(store: Rows, attempt_id: int) -> Attempt | None:
    """One attempt by id (e.g. to replay the question a review brings back)."""
    found = _load(store, " WHERE id = ?", [attempt_id])
    return found[0] if found else None


def recent_mistakes(store: Rows, limit: int = 10) -> list[Attempt]:
    """The latest answers that were wrong, newest first."""
    return _load(
        store, " WHERE correct = 0", [], f" ORDER BY answered_at DESC, id DESC LIMIT {int(limit)}"
    )


def count_attempts(store: Rows) -> int:
    """How many answers are stored."""
    return int(store.read("SELECT COUNT(*) FROM attempts")[0][0])

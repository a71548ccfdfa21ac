"""The learner model kept in the history file, so a start folds only the answers after it.

A learner's model (``training.learner``) is a fold over every answer, oldest first: a year
of practice is 20,000 answers to read and fold before the first screen. So the model is
kept (schema version 6, ``learner_snapshot`` and ``learner_asked``) as of the answer with
the highest id folded, and :func:`restore` folds only the answers after it:

- **Kept** — after a start folds the history, :func:`kept_from` (the whole fold) or
  :func:`restore` (the answers after the kept point) say what to write, and :func:`save`
  writes it when the trainer closes (``storage.writer``), only if the file still holds
  the state that was read (another trainer may have kept a newer one meanwhile).
- **Used only when it fits** — the answers with ids up to the kept point must be exactly
  those it folded (their number and the sum of their ids), every later answer must be
  no older than the latest it folded (answers are folded in time order), the answers it
  names must still read, and it must be made by this fold (``learner_state.MODEL``).
  Anything else (an answer another program changed or removed, a clock set back, an
  older crib-trainer's own model) and :func:`restore` returns None: the caller folds the
  whole history, as before, and keeps that.
- **Times asked** — a model needs how many answers each question had; those are kept by
  a 64-bit hash of the question's key (two questions sharing a hash, about one chance in
  10^11 for 20,000 questions, would count together).

>>> import tempfile, pathlib
>>> from datetime import UTC, datetime
>>> from crib_trainer.storage.db import open_store
>>> from crib_trainer.storage.progress import attempts, record_attempt
>>> from crib_trainer.training.attempt import Attempt
>>> from crib_trainer.training.learning.learner import Learner
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "h.sqlite3")
>>> def answer(n):
...     return Attempt("count-hand", {"n": n}, {}, {}, n > 1, "", {} if n > 1 else {"nobs": 1},
...                    5, datetime(2026, 1, n, tzinfo=UTC), present={"nobs": 1})
>>> _ = record_attempt(store, answer(1))
>>> restore(store) is None  # nothing kept yet
True
>>> history = attempts(store)
>>> save(store, kept_from(Learner.of(history), history, replacing=None))
True
>>> _ = record_attempt(store, answer(2))
>>> restored = restore(store)
>>> restored.count, restored.learner.tracks == Learner.of(attempts(store)).tracks
(2, True)
>>> store.close()
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from crib_trainer.storage import progress
from crib_trainer.storage.db import Store
from crib_trainer.storage.saves import bounded_json
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.learning.learner import Learner
from crib_trainer.training.learning.learner_state import (
    MODEL,
    StateError,
    attempt_ids,
    from_state,
    to_state,
)


@dataclass(frozen=True, slots=True)
class Kept:
    """A model to write: as of the answer ``through_id``, having folded ``rows`` answers
    whose ids sum to ``id_sum``, the latest at ``last_at``; its ``state`` (JSON text);
    times asked by question key (``whole``: all of them, else only those that changed);
    ``replacing``: the kept point it was read over (None: none was used)."""

    through_id: int
    rows: int
    id_sum: int
    last_at: datetime
    state: str
    asked: dict[str, int]
    whole: bool
    replacing: int | None


@dataclass(frozen=True, slots=True)
class Restored:
    """A model restored: the learner, how many answers it folded, and what to keep
    (None when nothing was folded since the kept point)."""

    learner: Learner
    count: int
    kept: Kept | None


def kept_point(store: Store) -> int | None:
    """The answer id the file's kept model was made as of (None: none)."""
    rows = store.read("SELECT through_id FROM learner_snapshot WHERE id = 1")
    return int(rows[0][0]) if rows else None


def restore(store: Store) -> Restored | None:
    """The kept model with every later answer folded in, or None when there is none or
    it does not fit the history (see the module notes)."""
    rows = store.read(
        "SELECT through_id, rows, id_sum, last_at, model, state FROM learner_snapshot WHERE id = 1"
    )
    if not rows or rows[0]["model"] != MODEL:
        return None
    row = rows[0]
    through = row["through_id"]
    count, id_sum = store.read(
        "SELECT COUNT(*), COALESCE(SUM(id), 0) FROM attempts WHERE id <= ?", [through]
    )[0]
    if (count, id_sum) != (row["rows"], row["id_sum"]):
        return None
    try:
        last_at = datetime.fromisoformat(row["last_at"])
        state = bounded_json(row["state"])  # (any text: bounded before it is parsed)
        ids = attempt_ids(state)
    except (TypeError, ValueError):
        return None
    later = sorted(progress.attempts_after(store, through), key=lambda a: (a.answered_at, a.id))
    if any(a.answered_at < last_at for a in later):
        return None
    named = {a.id: a for a in progress.attempts_by_id(store, ids) if a.id is not None}
    if set(named) != ids:
        return None
    try:
        learner = from_state(state, named, asked_before=lambda key: _asked(store, key))
    except StateError:
        return None
    for a in later:
        learner.add(a)
    kept = None
    if later:
        kept = Kept(
            through_id=max(a.id or 0 for a in later),
            rows=row["rows"] + len(later),
            id_sum=row["id_sum"] + sum(a.id or 0 for a in later),
            last_at=later[-1].answered_at,
            state=json.dumps(to_state(learner)),
            asked={k: learner.times_asked(k) for k in learner.asked},
            whole=False,
            replacing=through,
        )
    return Restored(learner, row["rows"] + len(later), kept)


def kept_from(learner: Learner, history: Sequence[Attempt], *, replacing: int | None) -> Kept:
    """What to keep of a model folded from the whole ``history`` (stored answers, oldest
    first); ``replacing``: the file's kept point when it was read (:func:`kept_point`)."""
    return Kept(
        through_id=max(a.id or 0 for a in history),
        rows=len(history),
        id_sum=sum(a.id or 0 for a in history),
        last_at=max(a.answered_at for a in history),
        state=json.dumps(to_state(learner)),
        asked=dict(learner.asked),
        whole=True,
        replacing=replacing,
    )


def save(store: Store, kept: Kept) -> bool:
    """Write ``kept`` in one transaction, unless the file's kept point is no longer the
    one it was read over (False: another trainer kept its own since). Raises
    ``StorageError`` if the file cannot be written."""
    counts: dict[int, int] = {}
    for key, n in kept.asked.items():
        counts[ask_key(key)] = counts.get(ask_key(key), 0) + n
    with store.write() as conn:
        row = conn.execute("SELECT through_id FROM learner_snapshot WHERE id = 1").fetchone()
        if (row[0] if row else None) != kept.replacing:
            return False
        if kept.whole:
            conn.execute("DELETE FROM learner_asked")
        conn.executemany(
            "INSERT INTO learner_asked (key, n) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET n = excluded.n",
            counts.items(),
        )
        conn.execute(
            "INSERT OR REPLACE INTO learner_snapshot "
            "(id, through_id, rows, id_sum, last_at, model, state) VALUES (1, ?, ?, ?, ?, ?, ?)",
            (
                kept.through_id,
                kept.rows,
                kept.id_sum,
                kept.last_at.isoformat(),
                MODEL,
                kept.state,
            ),
        )
    return True


def ask_key(item_key: str) -> int:
    """A question's key as a signed 64-bit integer (how ``learner_asked`` finds it).

    >>> ask_key("judge {}") == ask_key("judge {}"), -(2**63) <= ask_key("x") < 2**63
    (True, True)
    """
    digest = hashlib.blake2b(item_key.encode("utf-8", "surrogatepass"), digest_size=8)
    return int.from_bytes(digest.digest(), "big", signed=True)


def _asked(store: Store, item_key: str) -> int:
    rows = store.read("SELECT n FROM learner_asked WHERE key = ?", [ask_key(item_key)])
    return int(rows[0][0]) if rows else 0

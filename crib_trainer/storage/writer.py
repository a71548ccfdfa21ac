"""Answers and saved games kept behind the screen: a copy in memory takes each at once
(every read uses it), and one writer thread carries them to the history file, in order.

>>> import tempfile, pathlib
>>> from datetime import UTC, datetime
>>> from crib_trainer.storage.db import open_memory_copy, open_store
>>> from crib_trainer.training.attempt import Attempt
>>> path = pathlib.Path(tempfile.mkdtemp()) / "h.sqlite3"
>>> kept = WriteBehind(open_store(path), open_memory_copy(path))
>>> a = Attempt("count-hand", {}, {"total": 4}, {"total": 4}, True, "correct", {}, 3.0,
...             datetime(2026, 1, 5, tzinfo=UTC))
>>> kept.save_attempt(a), len(kept.load_attempts())   # at once, from the copy
(1, 1)
>>> kept.close(), len(kept.file.load_attempts())      # and in the file once written
(Unkept(answers=0, games=0), 1)
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from crib_trainer.storage import learner_cache
from crib_trainer.storage.db import StorageError, StoreLockedError
from crib_trainer.storage.saves import put_row

if TYPE_CHECKING:
    from collections.abc import Sequence

    from crib_trainer.storage.db import Store
    from crib_trainer.training.attempt import Attempt
    from crib_trainer.training.learning.learner import Learner

#: Seconds between tries of a write the file refused (a lock may be released meanwhile).
RETRY_S = 2.0
#: How long one try waits for another program's lock: short, so that the thread notices
#: at once when it must stop (quitting), and tries again until the store's busy timeout.
TRY_WAIT_S = 0.1
#: How long quitting goes on trying what waits while the file stays locked.
CLOSE_WAIT_S = 1.0


@dataclass(frozen=True, slots=True)
class RowSave:
    """A saved game to write: ``table``'s row ``key`` (its id in the copy; ``new``: not
    yet in the file) holds ``data``. ``expect``: the text the file's row held when this
    window last saw it (None: no check); if another window has changed it since, it is
    left as it is (a conflict)."""

    table: str
    key: int
    data: str
    finished: bool
    stamp: str
    new: bool
    expect: str | None = None


@dataclass(frozen=True, slots=True)
class RowDrop:
    """A saved game set aside: its row goes, if it is still the one set aside (saved at
    ``stamp``)."""

    table: str
    key: int
    stamp: str


@dataclass(frozen=True, slots=True)
class Unkept:
    """What the file still refused when the writer closed: lost, as the trainer quits."""

    answers: int = 0
    games: int = 0

    def __bool__(self) -> bool:
        return bool(self.answers or self.games)

    def text(self) -> str:
        """``2 answers and 1 game's last moves`` (what is lost, in words).

        >>> Unkept(2, 1).text(), Unkept(1, 2).text()
        ("2 answers and 1 game's last moves", "1 answer and 2 games' last moves")
        """
        parts = []
        if self.answers:
            parts.append(f"{self.answers} answer{'s' if self.answers > 1 else ''}")
        if self.games:
            games = "1 game's" if self.games == 1 else f"{self.games} games'"
            parts.append(f"{games} last moves")
        return " and ".join(parts)


class WriteBehind:
    """A history (``training.session.History``) whose writes never wait on the caller.

    ``mirror`` is a copy in memory of ``file`` (``storage.db.open_memory_copy``): each
    answer is saved there at once (that gives its id, and every read sees it) and queued for
    the writer thread, which saves the queue to ``file`` oldest first. Saved games are
    queued the same way (:meth:`save_row`, once the copy has them): a game saved again
    before its last save was written replaces it in the queue. A write the file refuses
    (locked past its busy timeout, disk full, read-only) stays first in the queue and is
    tried again every ``retry_s`` seconds, when the next write comes, and at :meth:`close`:
    none is lost or written out of order. ``on_change`` is called from the writer thread
    after each pass (to redraw what is shown).

    A try waits :data:`TRY_WAIT_S` for another program's lock; ``error`` is set (and the
    learner told) once the file has refused for the store's ``busy_timeout_s``.

    The learner model is restored from the copy (:meth:`load_learner`) and kept in the
    file when the writer closes (``storage.learner_cache``).
    """

    def __init__(
        self,
        file: Store,
        mirror: Store,
        *,
        on_change: Callable[[], object] = lambda: None,
        retry_s: float = RETRY_S,
    ) -> None:
        self.file = file
        self.mirror = mirror
        self.retry_s = retry_s
        self.error: StorageError | None = None  # the last refusal, until the queue empties
        self.conflicts: dict[tuple[str, int], str] = {}  # rows another window changed
        self._on_change = on_change
        self._queue: deque[Attempt | RowSave | RowDrop] = deque()
        self._file_ids: dict[tuple[str, int], int] = {}  # rows new this run: the file's id
        self._blocked: set[tuple[str, int]] = set()  # conflicts not yet taken
        self._writing: Attempt | RowSave | RowDrop | None = None  # the job being written
        self._model: learner_cache.Kept | None = None  # the model to keep, at close
        self._cond = threading.Condition()
        self._due = False  # a pass is asked for
        self._closing = False
        self._deadline = float("inf")  # when closing stops trying
        file.wait_for_locks(min(TRY_WAIT_S, file.busy_timeout_s))
        self._thread = threading.Thread(target=self._run, name="history-writer", daemon=True)
        self._thread.start()

    def load_attempts(self) -> list[Attempt]:
        return self.mirror.load_attempts()

    def load_learner(self) -> tuple[Learner, int] | None:
        """The kept model with the later answers folded in, and how many answers it
        folded; None when there is none that fits (then :meth:`keep_learner`)."""
        try:
            restored = learner_cache.restore(self.mirror)
        except StorageError:
            return None
        if restored is None:
            return None
        self._model = restored.kept or self._model
        return restored.learner, restored.count

    def keep_learner(self, learner: Learner, history: Sequence[Attempt]) -> None:
        """Keep the model of the whole ``history`` (as read here), written at close."""
        if history and all(a.id is not None for a in history):
            replacing = learner_cache.kept_point(self.mirror)
            self._model = learner_cache.kept_from(learner, history, replacing=replacing)

    def save_attempt(self, attempt: Attempt) -> int:
        """Keep ``attempt`` in the copy now (its id there) and queue it for the file."""
        attempt_id = self.mirror.save_attempt(attempt)
        self._put(attempt)
        return attempt_id

    def save_row(self, save: RowSave) -> None:
        """Queue a saved game (already in the copy) for the file; one of the same row
        still waiting is replaced (keeping what it expected, and that it is new)."""
        where = (save.table, save.key)
        with self._cond:
            if where in self._blocked:
                return  # (another window's version is being taken: this one is stale)
            for i, job in enumerate(self._queue):
                same = isinstance(job, RowSave) and (job.table, job.key) == where
                if same and job is not self._writing:
                    assert isinstance(job, RowSave)
                    self._queue[i] = replace(save, new=job.new, expect=job.expect)
                    self._due = True
                    self._cond.notify()
                    return
        self._put(save)

    def drop_row(self, drop: RowDrop) -> None:
        """Queue the removal of a saved game set aside (already gone from the copy)."""
        self._put(drop)

    def take_conflict(self, table: str, key: int) -> str | None:
        """The text another window saved over a row of ours, if it did (once): the row is
        then written again only from what the window makes of it."""
        with self._cond:
            self._blocked.discard((table, key))
            return self.conflicts.pop((table, key), None)

    def _put(self, job: Attempt | RowSave | RowDrop) -> None:
        with self._cond:
            self._queue.append(job)
            self._due = True
            self._cond.notify()

    @property
    def waiting(self) -> int:
        """Answers not in the file yet (being written, or refused and waiting to retry)."""
        with self._cond:
            return sum(not isinstance(job, RowSave | RowDrop) for job in self._queue)

    @property
    def waiting_games(self) -> int:
        """Saved games not in the file yet (each game counted once)."""
        with self._cond:
            return len({(job.table, job.key) for job in self._queue if isinstance(job, RowSave)})

    def close(self, wait_s: float = CLOSE_WAIT_S) -> Unkept:
        """Write what is waiting, trying for at most ``wait_s`` seconds while the file is
        locked (one try each for other refusals), and stop the thread; returns what the
        file still refused (nothing: every answer and game is kept)."""
        with self._cond:
            self._closing = self._due = True
            self._deadline = time.monotonic() + wait_s
            self._cond.notify()
        self._thread.join()
        return Unkept(self.waiting, self.waiting_games)

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._due:
                    self._cond.wait(self.retry_s if self._queue else None)
                closing = self._closing
                self._due = False
            self._write_queue()
            if closing and not self._queue and time.monotonic() < self._deadline:
                self._write_model()
            self._on_change()
            if closing:
                return

    def _write_model(self) -> None:
        """Keep the learner model in the file, if there is one to keep (a cache: if the
        file refuses it, the next start folds the history again)."""
        if self._model is not None:
            with contextlib.suppress(StorageError):
                learner_cache.save(self.file, self._model)
            self._model = None

    def _write_queue(self) -> None:
        """Write the queue, oldest first, until it is empty or the file refuses. A lock
        is tried again at once until it has lasted the store's busy timeout (or, closing,
        until the deadline); then the refusal is the ``error`` shown."""
        refused_since: float | None = None
        while True:
            with self._cond:
                if not self._queue:
                    self.error = None
                    return
                job = self._writing = self._queue[0]
            try:
                self._write(job)
            except StorageError as err:
                now = time.monotonic()
                refused_since = now if refused_since is None else refused_since
                waited = refused_since + self.file.busy_timeout_s
                locked = isinstance(err, StoreLockedError)
                if locked and now < (self._deadline if self._closing else waited):
                    continue
                with self._cond:
                    self.error = err
                    self._writing = None  # (a save of it may be replaced while it waits)
                return
            refused_since = None
            with self._cond:
                self._writing = None
                self._queue.popleft()  # (the job written: never replaced while written)
                if isinstance(job, RowSave):  # a later save of the row finds it there
                    for i, later in enumerate(self._queue):
                        if isinstance(later, RowSave) and (later.table, later.key) == (
                            job.table,
                            job.key,
                        ):
                            self._queue[i] = replace(later, new=False, expect=job.data)

    def _write(self, job: Attempt | RowSave | RowDrop) -> None:
        if isinstance(job, RowSave):
            self._write_row(job)
        elif isinstance(job, RowDrop):
            row_id = self._file_ids.get((job.table, job.key), job.key)
            with self.file.write() as conn:
                conn.execute(
                    f"DELETE FROM {job.table} WHERE id = ? AND updated_at = ?",
                    (row_id, job.stamp),
                )
        else:
            self.file.save_attempt(job)

    def _write_row(self, save: RowSave) -> None:
        where = (save.table, save.key)
        with self._cond:
            if where in self._blocked:
                return  # (a conflict not yet taken: this save is stale)
        row_id = None if save.new else self._file_ids.get(where, save.key)
        with self.file.write() as conn:
            if row_id is not None and save.expect is not None:
                found = conn.execute(
                    f"SELECT game FROM {save.table} WHERE id = ?",
                    (row_id,),
                ).fetchone()
                if found is not None and found[0] != save.expect:
                    with self._cond:
                        self.conflicts[where] = found[0]
                        self._blocked.add(where)
                    return
            written = put_row(
                conn,
                save.table,
                row_id,
                data=save.data,
                finished=save.finished,
                stamp=save.stamp,
            )
        self._file_ids[where] = written

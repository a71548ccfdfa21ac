"""Answers kept behind the screen: a copy in memory takes each answer at once (every read
uses it), and one writer thread carries them to the history file, in order.

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
(0, 1)
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from crib_trainer.storage import learner_cache
from crib_trainer.storage.db import StorageError, Store

if TYPE_CHECKING:
    from collections.abc import Sequence

    from crib_trainer.training.attempt import Attempt
    from crib_trainer.training.learner import Learner

#: Seconds between tries of an answer the file refused (a lock may be released meanwhile).
RETRY_S = 2.0


class WriteBehind:
    """A history (``training.session.History``) whose writes never wait on the caller.

    ``mirror`` is a copy in memory of ``file`` (``storage.db.open_memory_copy``): each
    answer is saved there at once (that gives its id, and every read sees it) and queued for
    the writer thread, which saves the queue to ``file`` oldest first. An answer the file
    refuses (locked past its busy timeout, disk full, read-only) stays first in the queue
    and is tried again every ``retry_s`` seconds, when the next answer comes, and at
    :meth:`close`: none is lost or written out of order. ``on_change`` is called from the
    writer thread after each pass (to redraw what is shown).

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
        self._on_change = on_change
        self._queue: deque[Attempt] = deque()
        self._model: learner_cache.Kept | None = None  # the model to keep, at close
        self._cond = threading.Condition()
        self._due = False  # a pass is asked for
        self._closing = False
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
        with self._cond:
            self._queue.append(attempt)
            self._due = True
            self._cond.notify()
        return attempt_id

    @property
    def waiting(self) -> int:
        """Answers not in the file yet (being written, or refused and waiting to retry)."""
        with self._cond:
            return len(self._queue)

    def close(self) -> int:
        """Write what is waiting (one last try each) and stop the thread; returns how many
        answers the file still refused (0: every answer is kept)."""
        with self._cond:
            self._closing = self._due = True
            self._cond.notify()
        self._thread.join()
        return self.waiting

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._due:
                    self._cond.wait(self.retry_s if self._queue else None)
                closing = self._closing
                self._due = False
            self._write_queue()
            if closing:
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
        while True:
            with self._cond:
                if not self._queue:
                    self.error = None
                    return
                attempt = self._queue[0]
            try:
                self.file.save_attempt(attempt)
            except StorageError as err:
                self.error = err
                return
            with self._cond:
                self._queue.popleft()

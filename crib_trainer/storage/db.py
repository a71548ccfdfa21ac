"""The history database: SQLite, versioned schema, one commit per answer, safe recovery.

``open_store()`` opens (or creates) the file, checks it, and brings its schema up to date:

- **Schema versions** live in ``PRAGMA user_version``; :data:`MIGRATIONS` ``[v]`` takes a
  file from version ``v`` to ``v + 1``, each in its own transaction, so a new file runs
  them all. Version 1 kept each answer's missed points as JSON in ``attempts.missed``;
  version 2 moves them to ``attempt_categories`` (one row per category present, with the
  points it was worth and the points missed), backfilling presence from the stored
  questions, and rebuilds ``attempts`` without the old column. Version 3 adds ``games``
  (the scorekeeper's games, each its settings and entries as JSON, saved after every
  entry). Version 4 adds ``attempt_categories.maybe`` (the chance a category was missed
  where the answer cannot say) and books again the counts answered with a total, so a
  guessed miss no longer stands as a certain one. Version 5 adds ``practice_games``
  (games against the computer, saved after every move). Version 6 adds
  ``learner_snapshot`` and ``learner_asked``: the learner model kept as of a point of
  the history, so a start folds only the answers after it (``storage.learner_cache``),
  and the index ``attempts_summary`` (what the summary counts).
- **Damage**: a file SQLite says is not a database or is malformed (``quick_check``), or
  one with a schema that is not ours (tables but no version, or a version whose tables are
  wrong), is renamed ``<name>.damaged-<UTC time>`` (its ``-wal`` and ``-shm`` files with
  it; nothing is deleted), a fresh file is started, and :attr:`Store.notice` holds the
  one sentence to show the learner.
- **Newer versions**: a file from a newer crib-trainer (``user_version`` above
  :data:`SCHEMA_VERSION`) is left untouched and :class:`StoreTooNewError` says to upgrade.
- **Locking**: WAL mode (readers never wait for a writer) and a busy timeout: a write
  waits up to ``busy_timeout_s`` for another trainer's write to finish, then
  :class:`StoreLockedError` says so.

Every error is a :class:`StorageError` whose message is one sentence for people.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     with open_store(pathlib.Path(folder) / "h.sqlite3") as store:
...         store.schema_version, store.notice, store.journal_mode
(6, None, 'wal')
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crib_trainer.storage.paths import database_path
from crib_trainer.storage.saves import bounded_json

if TYPE_CHECKING:
    from crib_trainer.training.attempt import Attempt

SCHEMA_VERSION = 6
DEFAULT_BUSY_TIMEOUT_S = 5.0
MEMORY = Path(":memory:")  # the path of a history kept in memory (open_memory_copy)

_DAMAGED_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


class StorageError(Exception):
    """The history could not be read or written; the message is one sentence for people."""


class StoreLockedError(StorageError):
    """Another program kept the history file locked for longer than the busy timeout."""


class StoreTooNewError(StorageError):
    """The history file was written by a newer crib-trainer; it is left untouched."""


class StoreDamagedError(StorageError):
    """The history file turned out damaged while in use (it is set aside on next open)."""


class _Damaged(Exception):
    """Internal: the file must be set aside (why is in the message)."""


# --- migrations --------------------------------------------------------------------------


def _to_v1(conn: sqlite3.Connection) -> None:
    """Version 1: one row per answer, missed points per category as JSON."""
    conn.execute(
        """
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
        )
        """
    )
    conn.execute("CREATE INDEX attempts_by_time ON attempts (answered_at)")


def _to_v2(conn: sqlite3.Connection) -> None:
    """Version 2: categories in their own table, with presence, so miss rates are queries.

    ``attempts`` is rebuilt without ``missed`` (the portable way: rename, create, copy,
    drop); each old row's missed JSON becomes category rows, and the categories its
    question held are worked out again from the question (see :func:`_present_v1`).
    """
    conn.execute("DROP INDEX IF EXISTS attempts_by_time")
    conn.execute("ALTER TABLE attempts RENAME TO attempts_v1")
    conn.execute(
        """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            question TEXT NOT NULL,
            answer TEXT NOT NULL,
            truth TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            grade TEXT NOT NULL,
            seconds REAL NOT NULL,
            answered_at TEXT NOT NULL,
            puzzle_id TEXT
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE attempt_categories (
            attempt_id INTEGER NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
            category TEXT NOT NULL,
            present REAL NOT NULL DEFAULT 0,
            missed REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (attempt_id, category)
        ) WITHOUT ROWID
        """
    )
    conn.execute(
        """
        INSERT INTO attempts (id, kind, question, answer, truth, correct, grade, seconds,
                              answered_at, puzzle_id)
        SELECT id, kind, question, answer, truth, correct != 0, grade, seconds,
               answered_at, puzzle_id
        FROM attempts_v1
        """
    )
    rows = conn.execute("SELECT id, kind, question, missed FROM attempts_v1").fetchall()
    for attempt_id, kind, question, missed_json in rows:
        missed = _json_dict(missed_json)
        present = _present_v1(kind, _json_dict(question), missed)
        conn.executemany(
            "INSERT INTO attempt_categories (attempt_id, category, present, missed) "
            "VALUES (?, ?, ?, ?)",
            [
                (attempt_id, c, float(present.get(c, 0)), float(missed.get(c, 0)))
                for c in sorted(set(present) | set(missed))
            ],
        )
    conn.execute("DROP TABLE attempts_v1")
    _create_v2_indexes(conn)


def _to_v3(conn: sqlite3.Connection) -> None:
    """Version 3: the scorekeeper's games, so a game survives closing the trainer."""
    conn.execute(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
            game TEXT NOT NULL
        )
        """
    )
    conn.execute("CREATE INDEX games_by_update ON games (finished, updated_at)")


def _to_v4(conn: sqlite3.Connection) -> None:
    """Version 4: a miss only guessed from a total is a chance, not a miss.

    Version 3 booked a total's shortfall to its likeliest explanation as if certain. Each
    count or judged claim answered with a total is booked again
    (:func:`~crib_trainer.training.categories.book_misses`): certain points stay in
    ``missed``, the rest become chances in the new column ``maybe``. A row whose question
    does not read keeps what it had.
    """
    conn.execute("ALTER TABLE attempt_categories ADD COLUMN maybe REAL NOT NULL DEFAULT 0")
    rows = conn.execute(
        "SELECT id, kind, question, answer FROM attempts "
        "WHERE kind IN ('count-hand', 'count-crib', 'judge')"
    ).fetchall()
    for attempt_id, kind, question, answer in rows:
        booked = _rebook(kind, _json_dict(question), _json_dict(answer))
        if booked is None:
            continue
        missed, maybe = booked
        conn.execute(
            "UPDATE attempt_categories SET missed = 0, maybe = 0 WHERE attempt_id = ?",
            (attempt_id,),
        )
        for category in sorted(set(missed) | set(maybe)):
            conn.execute(
                "INSERT INTO attempt_categories (attempt_id, category, present, missed, maybe) "
                "VALUES (?, ?, 0, ?, ?) ON CONFLICT (attempt_id, category) "
                "DO UPDATE SET missed = excluded.missed, maybe = excluded.maybe",
                (attempt_id, category, missed.get(category, 0.0), maybe.get(category, 0.0)),
            )


def _rebook(
    kind: str, question: dict[str, Any], answer: dict[str, Any]
) -> tuple[dict[str, float], dict[str, float]] | None:
    """A stored count's booking (certain, chances), or None when it was not answered
    with a total or does not read."""
    from crib_trainer.core.show import NINETEEN
    from crib_trainer.training.categories import book_misses
    from crib_trainer.training.drills.hands import CountDrill

    try:
        b = CountDrill.from_question(question).breakdown()
        total = answer.get("total")
        if kind == "judge" and total is None and answer.get("verdict") != "correct":
            total = int(question["claim"])  # (the claim's error the learner let stand)
        if not isinstance(total, int) or isinstance(total, bool) or total < 0:
            return None
        if total == NINETEEN:  # the players' word for nothing (no show makes 19)
            total = 0
        if kind == "judge" and answer.get("total") is None:
            truth = "correct" if total == b.total else "under" if total < b.total else "over"
            if truth == answer.get("verdict"):
                return {}, {}
        booked = book_misses(b, claimed_total=total)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return booked.missed, booked.maybe


def _to_v5(conn: sqlite3.Connection) -> None:
    """Version 5: the practice games against the computer, saved after every move."""
    conn.execute(
        """
        CREATE TABLE practice_games (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
            game TEXT NOT NULL
        )
        """
    )
    conn.execute("CREATE INDEX practice_games_by_update ON practice_games (finished, updated_at)")


def _to_v6(conn: sqlite3.Connection) -> None:
    """Version 6: the learner model kept between runs (a cache: empty, it is rebuilt).

    ``learner_snapshot`` has one row: the model's state as JSON (``training.learner_state``)
    as of the answer ``through_id``, with what it folded (``rows`` answers, ids summing
    to ``id_sum``, the latest at ``last_at``) and the fold it was made by (``model``).
    ``learner_asked`` counts the answers each question had by then, by a 64-bit hash of
    its ``item_key``. The index ``attempts_summary`` holds what the summary counts, so it
    is counted without reading the answers themselves (``storage.progress.summary``)."""
    conn.execute(
        """
        CREATE TABLE learner_snapshot (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            through_id INTEGER NOT NULL,
            rows INTEGER NOT NULL,
            id_sum INTEGER NOT NULL,
            last_at TEXT NOT NULL,
            model TEXT NOT NULL,
            state TEXT NOT NULL
        )
        """
    )
    conn.execute("CREATE TABLE learner_asked (key INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
    conn.execute(
        "CREATE INDEX attempts_summary ON attempts (answered_at, id, correct, grade, seconds)"
    )


def _create_v2_indexes(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE INDEX attempts_by_time ON attempts (answered_at)")
    conn.execute("CREATE INDEX attempts_by_kind ON attempts (kind, answered_at)")
    conn.execute("CREATE INDEX attempt_categories_by_category ON attempt_categories (category)")


def _json_dict(text: str) -> dict[str, Any]:
    try:
        value = bounded_json(text)  # (any text: bounded before it is parsed)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _present_v1(kind: str, question: dict[str, Any], missed: dict[str, Any]) -> dict[str, float]:
    """The categories a version-1 answer's question held (version 1 kept only what was
    missed): counting questions are scored again; discards and pegging name their role or
    theme; otherwise the categories missed are all we know."""
    from crib_trainer.training import categories as cat

    present: dict[str, float] = {}
    try:
        if kind in ("count-hand", "count-crib", "judge"):
            from crib_trainer.training.drills.hands import CountDrill

            breakdown = CountDrill.from_question(question).breakdown()
            present = {c: float(p) for c, p in cat.count_categories(breakdown).items()}
        elif kind == "discard" and question.get("role") in ("dealer", "pone"):
            present = {cat.discard_category(question["role"] == "dealer"): 0.0}
        elif kind.startswith("peg-") and isinstance(question.get("theme"), str):
            present = {cat.peg_category(question["theme"]): 0.0}
    except (KeyError, TypeError, ValueError):
        present = {}
    for c in missed:
        present.setdefault(c, 0.0)
    return present


#: ``MIGRATIONS[v]`` takes a file from schema version ``v`` to ``v + 1``.
MIGRATIONS: Sequence[Callable[[sqlite3.Connection], None]] = (
    _to_v1,
    _to_v2,
    _to_v3,
    _to_v4,
    _to_v5,
    _to_v6,
)
assert len(MIGRATIONS) == SCHEMA_VERSION

_V1_ATTEMPTS = {
    "id",
    "kind",
    "question",
    "answer",
    "truth",
    "correct",
    "grade",
    "missed",
    "seconds",
    "answered_at",
    "puzzle_id",
}
#: The tables and columns each schema version has; a file without them is not ours.
SCHEMAS: dict[int, dict[str, set[str]]] = {
    1: {"attempts": _V1_ATTEMPTS},
    2: {
        "attempts": _V1_ATTEMPTS - {"missed"},
        "attempt_categories": {"attempt_id", "category", "present", "missed"},
    },
}
SCHEMAS[3] = SCHEMAS[2] | {"games": {"id", "started_at", "updated_at", "finished", "game"}}
SCHEMAS[4] = SCHEMAS[3] | {
    "attempt_categories": {"attempt_id", "category", "present", "missed", "maybe"}
}
SCHEMAS[5] = SCHEMAS[4] | {"practice_games": SCHEMAS[3]["games"]}
SCHEMAS[6] = SCHEMAS[5] | {
    "learner_snapshot": {"id", "through_id", "rows", "id_sum", "last_at", "model", "state"},
    "learner_asked": {"key", "n"},
}
assert set(SCHEMAS) == set(range(1, SCHEMA_VERSION + 1))


# --- the store ---------------------------------------------------------------------------


class Store:
    """An open history file. Use as a context manager, or call :meth:`close`.

    ``notice`` is the one sentence to show the learner when a damaged file was set aside
    while opening (else None). Safe to share between threads (calls are serialised).
    """

    def __init__(
        self, path: Path, conn: sqlite3.Connection, busy_timeout_s: float, notice: str | None
    ) -> None:
        self.path = path
        self.notice = notice
        self.busy_timeout_s = busy_timeout_s
        self._conn = conn
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"<Store {str(self.path)!r}>"

    def wait_for_locks(self, seconds: float) -> None:
        """How long one write waits for another program's lock before it is refused
        (``StoreLockedError``; its message still gives ``busy_timeout_s``: the writer
        thread tries again until that has passed, ``storage.writer``)."""
        with self._lock, self._translate():
            self._conn.execute(f"PRAGMA busy_timeout = {max(int(seconds * 1000), 1)}")

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def load_attempts(self) -> list[Attempt]:
        """Every answer, oldest first (``storage.attempt_rows.attempts``): with
        :meth:`save_attempt`, a store is a history a ``training.session.Session`` keeps."""
        from crib_trainer.storage.attempt_rows import attempts

        return attempts(self)

    def save_attempt(self, attempt: Attempt) -> int:
        """Record one answer, committed on return (``storage.attempt_rows.record_attempt``)."""
        from crib_trainer.storage.attempt_rows import record_attempt

        return record_attempt(self, attempt)

    @property
    def schema_version(self) -> int:
        return int(self.read("PRAGMA user_version")[0][0])

    @property
    def journal_mode(self) -> str:
        return str(self.read("PRAGMA journal_mode")[0][0])

    def read(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        """Run a query and return every row (``sqlite3.Row``: by index or column name)."""
        with self._lock, self._translate():
            return self._conn.execute(sql, params).fetchall()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: ``BEGIN IMMEDIATE`` (waiting for other writers up to the busy
        timeout), committed when the block ends, rolled back if it raises."""
        with self._lock, self._translate():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as err:
            raise _storage_error(err, self.path, self.busy_timeout_s, opening=False) from err


def open_store(
    path: Path | None = None, *, busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S
) -> Store:
    """Open the history at ``path`` (default :func:`~crib_trainer.storage.paths.database_path`),
    creating it and its folder if need be, migrating it to :data:`SCHEMA_VERSION`.

    A damaged file is set aside and a fresh one started (see :attr:`Store.notice`).
    Raises :class:`StoreLockedError` when another program holds it past the busy timeout,
    :class:`StoreTooNewError` for a newer schema, :class:`StorageError` otherwise.
    """
    try:
        path = Path(path) if path is not None else database_path()
    except ValueError as err:
        raise StorageError(f"Cannot find the folder for your history: {err}.") from None
    try:
        # Only the learner should read their history: the folder 0700, the file 0600.
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except FileExistsError:
        raise StorageError(
            f"Cannot keep your history there: {path.parent} is a file, not a folder."
        ) from None
    except OSError as err:
        raise StorageError(
            f"Cannot create the folder for your history, {path.parent}: {err.strerror}."
        ) from None
    if path.is_file() and not os.access(path, os.W_OK):
        raise StorageError(
            f"Cannot write your history file {path}: the file is read-only (make it "
            "writable, e.g. chmod u+w, to keep your answers)."
        )
    _create_private(path)
    try:
        return _open(path, busy_timeout_s, notice=None)
    except _Damaged as damaged:
        kept = set_aside(path)
        _create_private(path)
        notice = (
            f"Your history file was damaged ({_brief(damaged)}); it was kept as {kept} "
            "and a fresh one started."
        )
        try:
            return _open(path, busy_timeout_s, notice=notice)
        except _Damaged as again:  # a fresh file cannot be damaged; if it is, say so
            raise StorageError(
                f"Cannot start a fresh history file at {path}: {_brief(again)}."
            ) from None


def _create_private(path: Path) -> None:
    """Create an empty history file that only its owner can read (mode 0600; SQLite gives
    its ``-wal`` and ``-shm`` files the same mode); an existing file is left as it is."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return
    except OSError:
        return  # (a read-only folder and the like: opening it says so, in one sentence)
    os.close(fd)


def open_memory_copy(path: Path | None = None, *, checked: bool = False) -> Store:
    """A history kept in memory for this session only, starting from a copy of the file
    at ``path`` if it can still be read: for when :func:`open_store` fails (a read-only
    folder, a lock), so the trainer still shows what was learnt and counts this session's
    answers, keeping nothing. A damaged file, or one from a newer crib-trainer, is not
    copied: the copy starts empty. ``checked``: the file was just opened by
    :func:`open_store`, which checked it (so it is not looked over again).

    >>> import tempfile, pathlib
    >>> home = pathlib.Path(tempfile.mkdtemp())
    >>> with open_memory_copy(home / "none.sqlite3") as store:
    ...     store.schema_version, store.read("SELECT COUNT(*) FROM attempts")[0][0]
    (6, 0)
    """
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    with contextlib.suppress(OSError, ValueError):  # (no data folder: start empty)
        _copy_history(Path(path) if path is not None else database_path(), conn, checked)
    try:
        _prepare(conn)
    except (sqlite3.Error, _Damaged):  # the copy would not migrate: start empty
        conn.close()
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        _prepare(conn)
    conn.row_factory = sqlite3.Row
    return Store(MEMORY, conn, DEFAULT_BUSY_TIMEOUT_S, None)


#: How long a copy in memory waits for a file another program holds locked, to look at it
#: and then to read it, before it reads what it can without the lock (or starts empty).
COPY_WAIT_S = 0.5


def _copy_history(path: Path, conn: sqlite3.Connection, checked: bool) -> None:
    """Copy the history file at ``path`` into ``conn`` if it reads; nothing for a missing,
    damaged or newer file (unless ``checked``: known to be none of these)."""
    try:
        if not checked:  # (a check reads the whole file: 13 ms for 20,000 answers)
            _check(path, COPY_WAIT_S)
    except (_Damaged, StoreTooNewError):
        return
    except StorageError:
        pass  # it could not be looked at (a read-only folder): copy what reads anyway
    if not path.is_file():
        return
    # immutable: no -shm file and no lock needed (a file another program holds locked)
    for flags in ("mode=ro", "mode=ro&immutable=1"):
        try:
            source = sqlite3.connect(f"{path.absolute().as_uri()}?{flags}", uri=True, timeout=0)
        except sqlite3.Error:
            continue
        try:
            source.backup(conn, progress=_give_up_when_busy(COPY_WAIT_S), sleep=0.01)
            return
        except (sqlite3.Error, _Busy):
            continue
        finally:
            source.close()


class _Busy(Exception):
    """A copy found the file locked past its wait."""


def _give_up_when_busy(wait_s: float) -> Callable[[int, int, int], None]:
    """A progress callback for :meth:`sqlite3.Connection.backup` that stops the copy once
    the file has been busy (locked by another program) for ``wait_s`` seconds: the backup
    itself retries a busy file for ever."""
    deadline = time.monotonic() + wait_s

    def progress(status: int, _remaining: int, _total: int) -> None:
        if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) and (
            time.monotonic() >= deadline
        ):
            raise _Busy

    return progress


def _open(path: Path, busy_timeout_s: float, *, notice: str | None) -> Store:
    _check(path, busy_timeout_s)
    try:
        conn = sqlite3.connect(
            path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as err:
        raise _storage_error(err, path, busy_timeout_s, opening=True) from None
    try:
        _prepare(conn, busy_timeout_s)
    except BaseException as err:
        conn.close()
        if isinstance(err, sqlite3.Error):
            raise _storage_error(err, path, busy_timeout_s, opening=True) from None
        raise
    conn.row_factory = sqlite3.Row
    return Store(path, conn, busy_timeout_s, notice)


def _check(path: Path, busy_timeout_s: float) -> None:
    """Look at an existing file through a read-only connection, which changes nothing
    (a read-write one would, on closing, fold away or delete a ``-wal`` file we may need
    to keep): raise :class:`_Damaged` for damage or a schema not ours, and
    :class:`StoreTooNewError` for a newer version."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as err:
        raise StorageError(f"Cannot read your history file {path}: {err.strerror}.") from None
    if stat.S_ISDIR(info.st_mode):  # (before the size: an empty folder may have size 0)
        raise StorageError(f"Cannot use your history file: {path} is a folder, not a file.")
    if info.st_size == 0:
        return
    uri = path.absolute().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout_s, isolation_level=None)
    except sqlite3.Error as err:
        raise _storage_error(err, path, busy_timeout_s, opening=True) from None
    try:
        check = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
        if check != ["ok"]:
            raise _Damaged(f"integrity check: {check[0]}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if not isinstance(version, int) or version < 0:
            raise _Damaged(f"schema version {version!r} is not one crib-trainer writes")
        if version > SCHEMA_VERSION:
            raise StoreTooNewError(
                f"Your history file was written by a newer crib-trainer (schema version "
                f"{version}; this one knows up to {SCHEMA_VERSION}); upgrade crib-trainer "
                "to use it."
            )
        if version == 0 and _table_names(conn):
            raise _Damaged("it holds tables crib-trainer did not make")
        if version:
            _check_schema(conn, version)
    except sqlite3.Error as err:
        raise _storage_error(err, path, busy_timeout_s, opening=True) from None
    finally:
        conn.close()


def _prepare(conn: sqlite3.Connection, busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S) -> None:
    """Migrate, check the tables are ours, then switch to WAL (so a file found wrong on
    the way is set aside exactly as it was)."""
    conn.execute("PRAGMA synchronous = FULL")  # a committed answer survives a power cut too
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version < SCHEMA_VERSION:
        _migrate(conn)
    _check_schema(conn, SCHEMA_VERSION)
    _use_wal(conn, busy_timeout_s)
    conn.execute("PRAGMA foreign_keys = ON")


def _use_wal(conn: sqlite3.Connection, busy_timeout_s: float) -> None:
    """Switch the file to WAL (it stays so). The switch needs the file to itself, and
    where waiting for it could deadlock (another trainer opening the same new file at
    the same moment) SQLite refuses at once rather than wait: so it is tried again every
    few milliseconds up to the busy timeout, as a write would wait."""
    deadline = time.monotonic() + busy_timeout_s
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if err.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() >= deadline:
                raise
            time.sleep(0.005)


def _migrate(conn: sqlite3.Connection) -> None:
    """Run the migrations still due, all in one transaction (a fresh file's six steps
    commit, and wait for the disk, once; a failure leaves the file as it was). Another
    trainer opening the file at the same moment waits; the version is read again inside
    the lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == 0 and version < SCHEMA_VERSION and _table_names(conn):
            raise _Damaged("it holds tables crib-trainer did not make")
        while version < SCHEMA_VERSION:
            try:
                MIGRATIONS[version](conn)
            except sqlite3.OperationalError as err:
                if err.sqlite_errorcode != sqlite3.SQLITE_ERROR:
                    raise
                raise _Damaged(f"schema version {version} is not what it should be: {err}") from err
            version += 1
            conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def _table_names(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {r[0] for r in rows}


def _check_schema(conn: sqlite3.Connection, version: int) -> None:
    for table, columns in SCHEMAS[version].items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})").fetchall()}
        if not columns <= have:
            raise _Damaged(
                f"its {table} table is not the one crib-trainer's schema version {version} has"
            )


def set_aside(path: Path, *, now: datetime | None = None) -> Path:
    """Rename a damaged file (and its ``-wal``/``-shm``) to ``<name>.damaged-<UTC time>``,
    adding ``-2``, ``-3``… if that name is taken. Returns the new path of the file."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.damaged-{stamp}")
    kept, n = base, 1
    while any(Path(f"{kept}{s}").exists() for s in ("", "-wal", "-shm")):
        n += 1
        kept = base.with_name(f"{base.name}-{n}")
    try:
        for suffix in ("", "-wal", "-shm"):
            old = Path(f"{path}{suffix}")
            if old.exists():
                os.replace(old, f"{kept}{suffix}")
    except OSError as err:
        raise StorageError(
            f"Your history file {path} is damaged and could not be set aside: {err.strerror}."
        ) from None
    return kept


def _brief(err: BaseException, limit: int = 80) -> str:
    """An error's text on one line, without a closing full stop, at most ``limit`` long.

    >>> _brief(ValueError("*** in database main ***\\nPage 3: never used."))
    '*** in database main *** Page 3: never used'
    """
    text = " ".join(str(err).split()).rstrip(".")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _storage_error(
    err: sqlite3.Error, path: Path, busy_timeout_s: float, *, opening: bool
) -> StorageError | _Damaged:
    """The exception to raise for an SQLite error: damage found while opening is set
    aside; damage found later is reported; busy means locked; anything else, plainly."""
    code = getattr(err, "sqlite_errorcode", None)
    if code in _DAMAGED_CODES:
        if opening:
            return _Damaged(str(err))
        return StoreDamagedError(
            f"Your history file {path} is damaged ({_brief(err)}); restart crib-trainer to set it "
            "aside and start a fresh one."
        )
    if code in _BUSY_CODES:
        return StoreLockedError(
            f"Your history file {path} stayed locked by another program for "
            f"{busy_timeout_s:g} seconds; close other crib-trainer windows and try again."
        )
    opens = (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY)
    if code is not None and code & 0xFF in opens and not os.access(path.parent, os.W_OK):
        return StorageError(
            f"Cannot use your history file {path}: the folder {path.parent} is read-only "
            "(SQLite needs to write its journal beside the file)."
        )
    return StorageError(f"Cannot use your history file {path}: {_brief(err)}.")

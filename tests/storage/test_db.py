"""The history file: schema and migrations, damage set aside, newer files refused, locks."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from crib_trainer.storage import db
from crib_trainer.storage.db import (
    SCHEMA_VERSION,
    StorageError,
    StoreLockedError,
    StoreTooNewError,
    open_memory_copy,
    open_store,
    set_aside,
)
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.progress import attempts, category_stats, count_attempts, record_attempt
from crib_trainer.training.categories import count_categories
from crib_trainer.training.drills.hands import CountDrill
from tests.storage.support import T0, build_v1, make_attempt

REPO = Path(__file__).resolve().parents[2]


def one_sentence(message: str) -> bool:
    return "\n" not in message and message.endswith(".") and message[0].isupper()


# --- a fresh file ------------------------------------------------------------------------


def test_fresh_store_in_the_data_dir(tmp_path):
    with open_store() as store:
        assert store.path == database_path() == tmp_path / "home" / "history.sqlite3"
        assert store.schema_version == SCHEMA_VERSION
        assert store.journal_mode == "wal"
        assert store.notice is None
        names = {r[0] for r in store.read("SELECT name FROM sqlite_master WHERE type='table'")}
        assert names == {
            "attempts",
            "attempt_categories",
            "games",
            "practice_games",
            "learner_snapshot",
            "learner_asked",
        }
        record_attempt(store, make_attempt())
    with open_store() as again:
        assert count_attempts(again) == 1 and again.notice is None


def test_a_closed_store_says_so(tmp_path):
    store = open_store(tmp_path / "h.sqlite3")
    store.close()
    with pytest.raises(StorageError) as err:
        record_attempt(store, make_attempt())
    assert one_sentence(str(err.value))


def test_an_empty_file_is_a_new_store(tmp_path):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"")
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION and store.notice is None


def test_a_folder_that_cannot_be_made_is_one_clear_error(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StorageError) as err:
        open_store(tmp_path / "file" / "h.sqlite3")
    assert one_sentence(str(err.value)) and "folder" in str(err.value)


# --- migrations ----------------------------------------------------------------------------


def v1_rows():
    """Version 1 answers of every kind, as the version 1 code wrote them."""
    count_q = CountDrill.from_question(
        {"cards": ["7H", "8C", "8D", "KS"], "starter": "9D", "crib": False}
    ).question()
    at = [(T0 + timedelta(minutes=i)).isoformat(timespec="microseconds") for i in range(5)]
    return [
        ("count-hand", json.dumps(count_q), '{"total": 9}', '{"total": 12}', 0, "under",
         '{"double-run": 3.0}', 6.5, at[0], None),
        ("judge", json.dumps(count_q | {"claim": 12}), '{"verdict": "correct"}',
         '{"verdict": "correct"}', 1, "correct", "{}", 3.0, at[1], "judge-7"),
        ("discard", '{"cards": ["5H", "5C", "JD", "QS", "2H", "3C"], "role": "pone"}',
         '{"discard": ["2H", "3C"]}', '{"points_lost": 1.5}', 0, "costly",
         '{"discard-pone": 1.5}', 12.0, at[2], None),
        ("peg-play", '{"count": 25, "theme": "near-31"}', '{"card": "6H"}', "{}", 1, "best",
         "{}", 2.0, at[3], None),
        ("count-crib", "not json at all", "{}", "{}", 0, "under", '{"nobs": 1}', 4.0, at[4], None),
    ]  # fmt: skip


def test_migration_from_version_1(tmp_path):
    path = tmp_path / "h.sqlite3"
    build_v1(path, v1_rows())
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION and store.notice is None
        columns = {r[1] for r in store.read("PRAGMA table_info(attempts)")}
        assert "missed" not in columns
        assert store.read("PRAGMA foreign_key_check") == []
        indexes = {r[0] for r in store.read("SELECT name FROM sqlite_master WHERE type='index'")}
        assert {"attempts_by_time", "attempts_by_kind", "attempt_categories_by_category"} <= indexes
        got = attempts(store)
    assert [a.id for a in got] == [1, 2, 3, 4, 5]
    count, judge, discard, peg, broken = got
    # Missed points survive; presence is worked out again from each question.
    assert count.missed == {"double-run": 3.0} and not count.correct
    assert count.present == {
        k: float(v)
        for k, v in count_categories(CountDrill.from_question(count.question).breakdown()).items()
    }
    assert (judge.puzzle_id, judge.correct, judge.missed) == ("judge-7", True, {})
    assert "double-run" in judge.present
    assert discard.present == {"discard-pone": 0.0} and discard.missed == {"discard-pone": 1.5}
    assert peg.present == {"peg-near-31": 0.0}
    # A question that cannot be read keeps what was missed.
    assert broken.present == {"nobs": 0.0}
    assert broken.question == {"unreadable": "not json at all"}
    assert count.answered_at == T0 and count.seconds == 6.5


def test_migrated_file_takes_new_answers(tmp_path):
    path = tmp_path / "h.sqlite3"
    build_v1(path, v1_rows())
    with open_store(path) as store:
        new_id = record_attempt(store, make_attempt(missed={"nobs": 1}))
        assert new_id == 6
        stats = {s.category: s for s in category_stats(store)}
        assert stats["nobs"].attempts >= 2


def test_every_earlier_version_reaches_the_current_one(tmp_path):
    # Version 0 (a new, empty file) and every version built by the migrations up to it.
    for version in range(SCHEMA_VERSION + 1):
        path = tmp_path / f"v{version}.sqlite3"
        conn = sqlite3.connect(path, isolation_level=None)
        for step in db.MIGRATIONS[:version]:
            step(conn)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.close()
        with open_store(path) as store:
            assert store.schema_version == SCHEMA_VERSION and store.notice is None
            record_attempt(store, make_attempt())
            assert count_attempts(store) == 1


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite3"
    build_v1(path, v1_rows())

    def half_done(conn):
        conn.execute("ALTER TABLE attempts RENAME TO attempts_v1")
        raise RuntimeError("power cut")

    monkeypatch.setattr(db, "MIGRATIONS", (db.MIGRATIONS[0], half_done))
    with pytest.raises(RuntimeError):
        open_store(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 5
    conn.close()
    monkeypatch.undo()
    with open_store(path) as store:
        assert count_attempts(store) == 5


def test_a_fresh_file_is_made_in_one_transaction(tmp_path, monkeypatch):
    """Every step of a new file commits at once (one wait for the disk, not one a step):
    the last step failing leaves no table behind and the version at 0."""
    path = tmp_path / "h.sqlite3"

    def last_fails(conn):
        raise RuntimeError("power cut")

    monkeypatch.setattr(db, "MIGRATIONS", (*db.MIGRATIONS[:-1], last_fails))
    with pytest.raises(RuntimeError):
        open_store(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0
    conn.close()
    monkeypatch.undo()
    with open_store(path) as store:
        assert store.schema_version == db.SCHEMA_VERSION


# --- damage --------------------------------------------------------------------------------


def damaged_files(tmp_path) -> dict[str, Path]:
    good = tmp_path / "good.sqlite3"
    with open_store(good) as store:
        for n in range(300):
            record_attempt(store, make_attempt(n=n, missed={"nobs": 1.0}))
        store.read("PRAGMA wal_checkpoint(TRUNCATE)")
    data = good.read_bytes()
    files = {}

    def put(name: str, content: bytes) -> None:
        (tmp_path / name).mkdir()
        files[name] = tmp_path / name / "history.sqlite3"
        files[name].write_bytes(content)

    put("random", os.urandom(20000))
    put("truncated-header", data[:60])
    put("truncated-half", data[: len(data) // 2])
    put("text", b"this is my shopping list\n" * 50)
    # SQLite files that are not ours: unrelated tables; our version but wrong tables.
    for name, script in {
        "unrelated": "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        "wrong-v2": "CREATE TABLE attempts (x); PRAGMA user_version = 2;",
        "wrong-v1": "CREATE TABLE attempts (x); PRAGMA user_version = 1;",
    }.items():
        (tmp_path / name).mkdir()
        files[name] = tmp_path / name / "history.sqlite3"
        conn = sqlite3.connect(files[name])
        conn.executescript(script)
        conn.close()
    return files


def test_damaged_files_are_set_aside_and_a_fresh_one_starts(tmp_path):
    for name, path in damaged_files(tmp_path).items():
        before = path.read_bytes()
        with open_store(path) as store:
            assert store.notice, name
            assert one_sentence(store.notice), store.notice
            kept = [p for p in path.parent.iterdir() if p.name.endswith("Z")]
            assert len(kept) == 1, name  # (with any -wal and -shm beside it)
            assert kept[0].read_bytes() == before  # never deleted, never changed
            assert str(kept[0]) in store.notice
            assert store.schema_version == SCHEMA_VERSION
            record_attempt(store, make_attempt())
            assert count_attempts(store) == 1
        with open_store(path) as again:  # the fresh file is fine next time
            assert again.notice is None and count_attempts(again) == 1


def test_the_write_ahead_log_goes_aside_with_its_file(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(os.urandom(5000))
    Path(f"{path}-wal").write_bytes(b"stale log")
    with open_store(path) as store:
        assert store.notice
    (kept,) = [p for p in tmp_path.iterdir() if p.name.endswith("Z")]
    assert Path(f"{kept}-wal").read_bytes() == b"stale log"
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").read_bytes() != b"stale log"


def test_set_aside_never_overwrites(tmp_path):
    path = tmp_path / "h.sqlite3"
    names = []
    for content in (b"one", b"two", b"three"):
        path.write_bytes(content)
        names.append(set_aside(path, now=T0))
    assert [p.name for p in names] == [
        "h.sqlite3.damaged-20250301T200000Z",
        "h.sqlite3.damaged-20250301T200000Z-2",
        "h.sqlite3.damaged-20250301T200000Z-3",
    ]
    assert [p.read_bytes() for p in names] == [b"one", b"two", b"three"]


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path):
    path = tmp_path / "h.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE attempts (future TEXT); PRAGMA user_version = 99;")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreTooNewError) as err:
        open_store(path)
    assert one_sentence(str(err.value)) and "newer crib-trainer" in str(err.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite3"]


# --- a copy in memory, for when the file cannot be written -----------------------------------


def test_a_copy_in_memory_holds_the_history_and_writes_nothing(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(path) as store:  # answers left in the write-ahead log, not yet folded in
        for n in range(5):
            record_attempt(store, make_attempt(n=n))
        # (the -shm file is SQLite's shared index, which any reader touches: not data)
        files = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.suffix != ".sqlite3-shm"}
        with open_memory_copy(path) as copy:
            assert count_attempts(copy) == 5
            record_attempt(copy, make_attempt(n=9))
            assert count_attempts(copy) == 6
        assert files == {
            p.name: p.read_bytes() for p in tmp_path.iterdir() if p.suffix != ".sqlite3-shm"
        }
        assert f"{path.name}-wal" in files
        assert count_attempts(store) == 5


def test_a_copy_in_memory_is_taken_even_when_the_file_cannot_be_checked(tmp_path, monkeypatch):
    """In a read-only folder the check's read-only open can fail ("attempt to write a
    readonly database"); the copy is still taken (as root, folder modes cannot show it)."""
    path = tmp_path / "history.sqlite3"
    with open_store(path) as store:
        for n in range(3):
            record_attempt(store, make_attempt(n=n))

    def cannot_check(*_):
        raise StorageError("Cannot use your history file: attempt to write a readonly database.")

    monkeypatch.setattr(db, "_check", cannot_check)
    with open_memory_copy(path) as copy:
        assert count_attempts(copy) == 3


def test_a_copy_in_memory_of_what_cannot_be_read_starts_empty(tmp_path):
    damaged = damaged_files(tmp_path)
    newer = tmp_path / "newer.sqlite3"
    conn = sqlite3.connect(newer)
    conn.executescript("CREATE TABLE attempts (future TEXT); PRAGMA user_version = 99;")
    conn.close()
    for path in (*damaged.values(), newer, tmp_path / "missing.sqlite3", tmp_path):
        before = path.read_bytes() if path.is_file() else None
        with open_memory_copy(path) as copy:
            assert copy.schema_version == SCHEMA_VERSION and count_attempts(copy) == 0, path
            record_attempt(copy, make_attempt())
        assert (path.read_bytes() if path.is_file() else None) == before  # left as it was


# --- locks and concurrency -----------------------------------------------------------------


def test_a_locked_file_waits_then_says_so(tmp_path):
    path = tmp_path / "h.sqlite3"
    open_store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another trainer in the middle of a write
    try:
        with open_store(path, busy_timeout_s=0.3) as store:  # reading is fine (WAL)
            assert count_attempts(store) == 0
            started = time.monotonic()
            with pytest.raises(StoreLockedError) as err:
                record_attempt(store, make_attempt())
            assert time.monotonic() - started >= 0.25  # it waited first
            assert one_sentence(str(err.value)) and "locked" in str(err.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]


def test_a_write_waits_for_another_to_finish(tmp_path):
    path = tmp_path / "h.sqlite3"
    open_store(path).close()
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    threading.Timer(0.2, lambda: holder.execute("COMMIT")).start()
    with open_store(path, busy_timeout_s=5) as store:
        record_attempt(store, make_attempt())
        assert count_attempts(store) == 1
    holder.close()


def test_a_file_locked_while_opening_is_not_taken_for_damage(tmp_path):
    path = tmp_path / "h.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)  # a rollback-journal file
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreLockedError):
            open_store(path, busy_timeout_s=0.2)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite3"]


def test_two_connections_writing_at_once(tmp_path):
    path = tmp_path / "h.sqlite3"
    open_store(path).close()
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def writer(tag: int) -> None:
        try:
            with open_store(path) as store:
                barrier.wait()
                for n in range(40):
                    record_attempt(store, make_attempt(n=tag * 100 + n, missed={"pair": 2}))
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=writer, args=(t,)) for t in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with open_store(path) as store:
        stored = attempts(store)
        assert len(stored) == 80 and len({a.id for a in stored}) == 80
        assert {a.question["n"] for a in stored} == {*range(100, 140), *range(200, 240)}
        assert all(a.missed == {"pair": 2.0} for a in stored)


def test_trainers_opening_a_new_file_at_once(tmp_path):
    path = tmp_path / "new" / "h.sqlite3"
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def trainer() -> None:
        try:
            barrier.wait()
            with open_store(path) as store:
                assert store.notice is None
                record_attempt(store, make_attempt())
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=trainer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with open_store(path) as store:
        assert count_attempts(store) == 4 and store.schema_version == SCHEMA_VERSION


def test_one_store_shared_by_threads(tmp_path):
    with open_store(tmp_path / "h.sqlite3") as store:
        threads = [
            threading.Thread(
                target=lambda t=t: [record_attempt(store, make_attempt(n=t)) for _ in range(25)]
            )
            for t in range(4)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert count_attempts(store) == 100


WRITER = """
import sys
from pathlib import Path
from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import record_attempt
from tests.storage.support import make_attempt
path, tag = Path(sys.argv[1]), int(sys.argv[2])
with open_store(path) as store:
    print("ready", flush=True)
    sys.stdin.readline()  # start together
    for n in range(40):
        record_attempt(store, make_attempt(n=tag * 100 + n))
print("done", flush=True)
"""


def test_two_processes_writing_at_once(tmp_path):
    path = tmp_path / "h.sqlite3"
    open_store(path).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(tag)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag in (1, 2)
    ]
    for p in procs:
        assert p.stdout.readline().strip() == "ready"
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        out, _ = p.communicate(timeout=60)
        assert p.returncode == 0 and out.strip() == "done"
    with open_store(path) as store:
        assert count_attempts(store) == 80


def test_version_4_books_guessed_misses_again_as_chances(tmp_path):
    """A version-3 history booked a total's likeliest explanation as a certain miss; the
    migration keeps the answers and books again only what the total makes certain."""
    path = tmp_path / "h.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for step in db.MIGRATIONS[:3]:
        step(conn)
    conn.execute("PRAGMA user_version = 3")
    question = '{"cards": ["7H", "9C", "8D", "7C"], "starter": "AC", "crib": false}'
    rows = [  # (kind, answer, what version 3 booked)
        ("count-hand", '{"total": 12}', "fifteen-3plus"),  # 2 short: a guess
        ("count-hand", '{"total": 99}', "over-claim"),  # too many: certain
        ("count-hand", '{"items": []}', "fifteen-3plus"),  # not a total: left alone
    ]
    for n, (kind, answer, booked) in enumerate(rows, 1):
        conn.execute(
            "INSERT INTO attempts VALUES (?, ?, ?, ?, '{}', 0, 'under', 3, ?, NULL)",
            (n, kind, question, answer, T0.isoformat(timespec="microseconds")),
        )
        conn.execute("INSERT INTO attempt_categories VALUES (?, 'fifteen-2', 6, 0)", (n,))
        conn.execute("INSERT INTO attempt_categories VALUES (?, ?, 2, 2)", (n, booked))
    conn.close()
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        guess, over, items = attempts(store)
    assert guess.missed == {} and set(guess.maybe) == {"fifteen-2", "fifteen-3plus", "double-run"}
    assert guess.present["fifteen-2"] == 6.0  # presence kept
    assert over.missed == {"over-claim": 85.0} and over.maybe == {}
    assert items.missed == {"fifteen-3plus": 2.0} and items.maybe == {}


def test_the_switch_to_wal_waits_while_another_opener_reads_the_new_file(tmp_path):
    """The switch needs the file to itself: while another connection reads it, SQLite
    refuses (at once where waiting could deadlock, as two trainers opening a new file at
    the same moment met: one failed as locked), so the opener tries again."""
    from crib_trainer.storage.db import _use_wal

    path = tmp_path / "h.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE t (x)")
    other.execute("BEGIN")
    other.execute("SELECT * FROM t").fetchall()  # a reader holds the file
    conn = sqlite3.connect(path, isolation_level=None, timeout=0.05)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        conn.execute("PRAGMA journal_mode = WAL")  # (what the opener met)
    release = threading.Timer(0.1, other.execute, ("COMMIT",))
    release.start()
    _use_wal(conn, 5.0)
    release.join()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    other.close()


def test_a_copy_in_memory_of_a_file_held_locked_does_not_wait_for_the_lock(tmp_path, monkeypatch):
    """A program holding the file with an exclusive lock (SQLite's ``locking_mode =
    EXCLUSIVE``) that never lets go: ``stats`` and the trainer read what the file holds,
    rather than wait for ever (SQLite's backup retries a busy file without end)."""
    path = tmp_path / "history.sqlite3"
    with open_store(path) as store:
        for n in range(3):
            record_attempt(store, make_attempt(n=n))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO learner_asked VALUES (1, 1)")
    holder.execute("COMMIT")  # (the lock stays: exclusive mode keeps it)
    copied: list[int] = []
    monkeypatch.setattr(db, "COPY_WAIT_S", 0.05)

    def copy() -> None:
        with open_memory_copy(path) as store:
            copied.append(count_attempts(store))

    thread = threading.Thread(target=copy, daemon=True)
    thread.start()
    thread.join(timeout=10)
    holder.close()
    assert not thread.is_alive(), "the copy waited for a lock that never clears"
    assert copied == [3]

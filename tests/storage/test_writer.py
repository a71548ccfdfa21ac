"""The writer thread keeps answers in order and loses none while the file refuses some."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.storage.db import StorageError, open_memory_copy
from crib_trainer.storage.writer import WriteBehind
from crib_trainer.training.attempt import Attempt
from tests.conftest import examples

START = datetime(2026, 1, 5, tzinfo=UTC)


def attempt(n: int) -> Attempt:
    return Attempt(
        "count-hand", {}, {"total": n}, {"total": n}, True, "correct", {}, 2.0,
        START + timedelta(seconds=n),
    )  # fmt: skip


@dataclass
class FlakyFile:
    """A history file that refuses the writes whose turn is in ``refusals``."""

    refusals: set[int]
    kept: list[Attempt] = field(default_factory=list)
    tries: int = 0
    busy_timeout_s: float = 5.0

    def wait_for_locks(self, seconds: float) -> None:
        pass

    def save_attempt(self, a: Attempt) -> int:
        self.tries += 1
        if self.tries in self.refusals:
            raise StorageError("The disk is full.")
        self.kept.append(a)
        return len(self.kept)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 12), st.sets(st.integers(1, 30), max_size=10))
def test_every_answer_reaches_the_file_once_in_order(n, refusals):
    file = FlakyFile(refusals)
    writer = WriteBehind(file, open_memory_copy(None), retry_s=0.001)  # type: ignore[arg-type]
    ids = [writer.save_attempt(attempt(i)) for i in range(n)]
    assert ids == list(range(1, n + 1))  # from the copy, at once
    assert len(writer.load_attempts()) == n
    wait_for(lambda: writer.waiting == 0)  # (retried every millisecond)
    assert not writer.close()
    assert [a.answer["total"] for a in file.kept] == list(range(n))


def test_a_refusal_is_kept_as_the_error_until_the_queue_empties():
    file = FlakyFile({1})
    writer = WriteBehind(file, open_memory_copy(None), retry_s=60)  # type: ignore[arg-type]
    writer.save_attempt(attempt(0))
    wait_for(lambda: writer.error is not None)
    assert writer.error is not None and writer.waiting == 1 and not file.kept
    assert not writer.close() and writer.error is None and len(file.kept) == 1


def wait_for(done, limit_s: float = 5.0) -> None:
    deadline = time.monotonic() + limit_s
    while not done() and time.monotonic() < deadline:
        time.sleep(0.001)

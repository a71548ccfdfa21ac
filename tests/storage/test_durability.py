"""An answer is on disk the moment record_attempt returns: kill -9 cannot lose it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import attempts

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import sys, time
from pathlib import Path
from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import record_attempt
from tests.storage.support import make_attempt
store = open_store(Path(sys.argv[1]))
for n in range(int(sys.argv[2])):
    attempt_id = record_attempt(store, make_attempt(n=n, missed={"nobs": 1}))
    print(attempt_id, flush=True)  # the answer has been given
time.sleep(60)  # never closes: the parent kills it
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("answers", [1, 25])
def test_an_answer_survives_kill_9_right_after_it_is_given(tmp_path, answers):
    path = tmp_path / "h.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(answers)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        reported = [int(child.stdout.readline()) for _ in range(answers)]
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    with open_store(path) as store:
        assert store.notice is None
        stored = attempts(store)
    assert [a.id for a in stored] == reported
    assert stored[-1].question["n"] == answers - 1
    assert stored[-1].missed == {"nobs": 1.0}

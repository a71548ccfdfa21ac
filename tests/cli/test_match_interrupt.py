"""Ctrl-C on ``crib-trainer match``: the workers stop at once and the games finished
are reported (issue 38; before, the workers finished their chunks, 18-23 s, and a match
of a million games went on for minutes)."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from crib_trainer.analysis import selfplay
from tests.conftest import hears_ctrl_c

pytestmark = pytest.mark.slow  # (real matches and their workers, signalled: the slow checks)


def _slow_after_three(job: int) -> int:
    """A pool job: the first three are quick, the rest would take a minute each."""
    if job >= 3:
        time.sleep(60)
    return job * 10


def test_ctrl_c_stops_the_pool_at_once_with_the_results_so_far():
    """Ctrl-C while the workers are busy (raised here in the main process, as the signal
    raises it there) ends them without waiting for their jobs, and hands back the results
    finished before it, in order."""

    def progress(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(selfplay.Interrupted) as stopped:
        selfplay._in_pool(_slow_after_three, list(range(6)), 2, progress)
    assert stopped.value.done == [0, 10, 20]
    assert time.monotonic() - started < 30  # (not the minute a running job would take)


def test_ctrl_c_in_one_process_keeps_the_games_finished(monkeypatch):
    played = []

    def play(job: int) -> int:
        if job == 2:
            raise KeyboardInterrupt
        played.append(job)
        return job

    with pytest.raises(selfplay.Interrupted) as stopped:
        selfplay._in_pool(play, list(range(5)), 1, None)
    assert stopped.value.done == [0, 1] == played


@pytest.mark.parametrize("duplicate", [[], ["--duplicate"]])
def test_ctrl_c_at_the_terminal_reports_the_games_finished(duplicate):
    """A terminal's Ctrl-C (SIGINT to the whole process group, the workers too) once the
    progress bar shows games finished: exit status 130, the summary of those games on
    standard output (a duplicate match's whole seeds), how many on stderr, and no process
    left behind."""
    main_side, terminal = pty.openpty()  # (stderr a terminal: the progress bar is drawn)
    match = ["match", "beginner", "beginner", "--games", "320", "--workers", "2", "--json"]
    match += duplicate
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", *match],
        stdout=subprocess.PIPE,
        stderr=terminal,
        start_new_session=True,
        text=True,
        preexec_fn=hears_ctrl_c,  # (as under a terminal, whatever the suite inherited)
    )
    os.close(terminal)
    drawn = b""
    try:
        wanted = 2 if duplicate else 1  # (games, a whole seed when each is played twice)
        while max(map(int, re.findall(rb"(\d+)/320 games", drawn)), default=0) < wanted:
            ready, _, _ = select.select([main_side], [], [], 60)  # (the bar, as games finish)
            assert ready, "no progress drawn"
            drawn += os.read(main_side, 1024)
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
        said = b""
        while select.select([main_side], [], [], 0)[0]:
            try:
                said += os.read(main_side, 4096)
            except OSError:  # (the terminal's other side closed)
                break
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(main_side)
    assert proc.returncode == 130
    summary = json.loads(out)
    text = said.decode().replace("\r\n", "\n")
    assert 0 < summary["games"] < 320 and sum(summary["wins"].values()) == summary["games"]
    if duplicate:
        finished = int(text.split("interrupted after ")[1].split(" of 320 games")[0])
        assert finished - summary["games"] in (0, 1)
        assert f"; the results of the {summary['games']:,} in whole seeds" in text
        assert summary["duplicate"]["seeds"] * 2 == summary["games"]
    else:
        assert f"interrupted after {summary['games']:,} of 320 games" in text
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True)
    assert left.stdout.split() == []

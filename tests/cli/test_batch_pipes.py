"""A batch fed through a pipe by a program that waits for each answer (a coprocess) gets
each answer as its line is written, not when 256 lines or the end of input have come."""

from __future__ import annotations

import json
import select
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("command", "lines", "check"),
    [
        (
            ["score", "--batch", "-"],
            ["5H 5C 5S JD | 5D", "AH 2C 3D 4S | KD"],
            lambda first, second: (
                first["total"] == 29 and second["cards"] == ["AH", "2C", "3D", "4S"]
            ),
        ),
        (
            ["discard", "--batch", "-", "--json"],
            ["5H 5D 5S JC 2C 9D dealer", "AH 2C 3D 4S 9D KD pone"],
            lambda first, second: (first["role"], second["role"]) == ("dealer", "pone"),
        ),
    ],
    ids=["score", "discard"],
)
def test_a_program_waiting_for_each_answer_gets_it(command, lines, check):
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers = []
    try:
        for line in lines:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, f"no answer to {line!r} while the pipe is still open"
            answers.append(json.loads(proc.stdout.readline()))
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert check(*answers)
    assert proc.returncode == 0

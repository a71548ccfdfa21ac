"""A batch fed through a pipe by a program that waits for each answer (a coprocess) gets
each answer as its line is written, not when 256 lines or the end of input have come."""

from __future__ import annotations

import io
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


class Writes(io.StringIO):
    """A stream that counts its writes and says whether it is a terminal."""

    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal, self.writes = terminal, 0

    def isatty(self) -> bool:
        return self.terminal

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


@pytest.mark.parametrize(
    ("command", "line", "n", "at_a_terminal"),
    [
        ("score", "5H 5C 5S JD | 5D", 600, 600),  # a line at a time
        ("discard", "5H 5D 5S JC 2C 9D dealer", 600, 3),  # 256 hands analysed at a time
    ],
)
@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "pipe"])
def test_a_batch_writes_in_blocks_unless_to_a_terminal(
    tmp_path, command, line, n, at_a_terminal, terminal
):
    """Into a pipe or a file the lines go out in blocks of ``BLOCK`` (512); at a terminal
    as they are made. The lines are the same either way."""
    from crib_trainer.cli import main
    from crib_trainer.cli.common import BLOCK

    batch = tmp_path / "batch.txt"
    batch.write_text(f"{line}\n" * n, encoding="utf-8")
    out = Writes(terminal)
    assert main([command, "--batch", str(batch), "--json"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == n and len(set(lines)) == 1
    assert out.writes == (at_a_terminal if terminal else -(-n // BLOCK))

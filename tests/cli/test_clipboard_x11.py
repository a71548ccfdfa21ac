"""--copy on a real X clipboard (Xvfb + xclip), as a desktop user has it.

CI installs Xvfb and xclip (see .ci/run); where they are missing this test is skipped.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xclip")), reason="needs Xvfb and xclip"
)


@pytest.fixture
def display():
    number = ":97"
    server = subprocess.Popen(
        ["Xvfb", number, "-screen", "0", "640x480x16"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Ready once its socket is there (a fixed pause was too short on a loaded machine).
    socket = pathlib.Path("/tmp/.X11-unix") / f"X{number.lstrip(':')}"
    deadline = time.monotonic() + 30
    while not socket.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not socket.exists():
        server.terminate()
        pytest.fail(f"Xvfb {number} did not start (exit {server.poll()})")
    try:
        yield number
    finally:
        server.terminate()
        server.wait(timeout=5)


def test_copy_puts_the_verdict_on_the_x_clipboard(display, tmp_path):
    env = dict(os.environ, DISPLAY=display, CRIB_TRAINER_HOME=str(tmp_path))
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    # Files, not pipes: xclip stays behind to serve the selection and would hold a pipe open.
    with out.open("w") as stdout, err.open("w") as stderr:
        code = subprocess.run(
            [sys.executable, "-m", "crib_trainer.cli", "score", "5H", "5C", "5S", "JD",
             "--starter", "5D", "--claim", "28", "--copy"],
            env=env, stdout=stdout, stderr=stderr, timeout=60,
        ).returncode  # fmt: skip
    assert code == 0, err.read_text()
    assert "Copied to the clipboard." in err.read_text()
    pasted = subprocess.run(
        ["xclip", "-o", "-selection", "clipboard"],
        env=env, capture_output=True, text=True, timeout=10,
    )  # fmt: skip
    assert "Claimed 28, but the hand is worth 29: 1 missed." in pasted.stdout
    assert pasted.stdout.strip() == out.read_text().strip()

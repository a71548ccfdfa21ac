"""The trainer served for a test: a real ``crib-trainer serve`` on a free port."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served() -> Iterator[str]:
    """``crib-trainer serve`` on a free port, with the test's history folder (the
    environment's ``CRIB_TRAINER_HOME``); its address, once it says it is serving."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line == f"Serving the trainer at http://localhost:{port}/ (ctrl+c stops it)\n"
        yield f"http://localhost:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)

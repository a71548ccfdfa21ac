"""The trainer served for a test: a real ``crib-trainer serve`` on a free port."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.conftest import hears_ctrl_c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server() -> tuple[subprocess.Popen[str], str]:
    """``crib-trainer serve`` on a free port, with this environment (the test's history
    folder in ``CRIB_TRAINER_HOME``); the process and its address, once it listens."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=hears_ctrl_c,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert line == f"Serving the trainer at http://localhost:{port}/ (ctrl+c stops it)\n", line
    return server, f"http://localhost:{port}/"


@pytest.fixture
def served() -> Iterator[str]:
    """The address of a server started by :func:`start_server`, stopped afterwards."""
    server, address = start_server()
    try:
        yield address
    finally:
        server.terminate()
        server.wait(timeout=10)

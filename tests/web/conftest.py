"""The trainer served for a test: a real ``crib-trainer serve`` on a free port."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from crib_trainer.ui.members import add_member
from tests.conftest import cheap_hasher, hears_ctrl_c

#: The members of :func:`club` and their passwords.
PASSWORDS = {"alice": "alice's long secret", "bob": "bob's long secret"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(*options: str, scheme: str = "http") -> tuple[subprocess.Popen[str], str]:
    """``crib-trainer serve`` on a free port with ``options``, in this environment (the
    test's history folder in ``CRIB_TRAINER_HOME``); the process and its address, once it
    listens. What it says after that (its log, standard error with it) stays to be read
    from ``server.stdout``."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=hears_ctrl_c,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    address = f"{scheme}://localhost:{port}/"
    assert line == f"Serving the trainer at {address} (ctrl+c stops it)\n", line
    return server, address


def stop(server: subprocess.Popen[str]) -> str:
    """Stop a server from :func:`start_server`; what it said after listening."""
    server.terminate()
    try:
        out, _ = server.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        out, _ = server.communicate()
    return out


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and its key, made by openssl in ``folder``
    (the test is skipped where openssl cannot)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        made = subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
            capture_output=True, timeout=60,
        )  # fmt: skip
    except OSError:
        pytest.skip("no openssl to make a certificate")
    if made.returncode != 0:
        pytest.skip("openssl could not make a certificate")
    return cert, key


@pytest.fixture
def certificate(tmp_path) -> tuple[Path, Path]:
    """:func:`make_certificate` in the test's folder."""
    return make_certificate(tmp_path)


@pytest.fixture
def served() -> Iterator[str]:
    """The address of a server started by :func:`start_server`, stopped afterwards."""
    server, address = start_server()
    try:
        yield address
    finally:
        stop(server)


@pytest.fixture(scope="session")
def _club_made(tmp_path_factory) -> Path:
    """:data:`PASSWORDS`' members file as ``add_member`` writes it, made once a run, at
    Argon2id's least cost (as :func:`tests.conftest.cheap_hashes`: a hash at the served
    trainer's cost is about 0.25 CPU-s, and 11 tests read the same two; a password is
    checked by the parameters its hash names, so the servers read it as any other)."""
    from crib_trainer.ui import members

    file = tmp_path_factory.mktemp("club") / "members.txt"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(members, "_hasher", cheap_hasher())
        for name, password in PASSWORDS.items():
            add_member(file, name, password)
    return file


@pytest.fixture
def club(tmp_path, _club_made) -> Path:
    """A members file of the test's own (``club/members.txt`` in its folder): alice and bob,
    a copy of the one ``add_member`` made, its mode with it."""
    file = tmp_path / "club" / "members.txt"
    file.parent.mkdir()
    shutil.copy2(_club_made, file)
    return file

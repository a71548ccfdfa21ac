"""``crib-trainer serve``'s command line: its arguments, its warning, its errors (the
server itself is tested in tests/web)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

import crib_trainer.ui.web
from crib_trainer.cli import main


@pytest.fixture
def serving(monkeypatch) -> list[tuple[str, int]]:
    """Where ``serve`` was asked to listen (nothing listens; the warning it was given is
    said as the server says it once listening)."""
    calls: list[tuple[str, int]] = []

    def serve(host, port, out, warn=None):
        calls.append((host, port))
        if warn:
            print(warn, file=sys.stderr)

    monkeypatch.setattr(crib_trainer.ui.web, "serve", serve)
    return calls


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--port", "0"], "argument --port: invalid port (1-65535) value: '0'"),
        (["--port", "65536"], "argument --port: invalid port (1-65535) value: '65536'"),
        (["--port", "http"], "argument --port: invalid port (1-65535) value: 'http'"),
        (["--host", " "], "--host is empty: give a name or an address, e.g. localhost"),
        (["--hots", "x"], "unrecognized arguments: --hots x"),
    ],
)
def test_argument_errors_are_one_line(argv, error, serving, capsys):
    with pytest.raises(SystemExit) as exit_:
        code = main(["serve", *argv])
        raise SystemExit(code)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and not serving
    assert err.count("\n") == 1 and error in err and "Traceback" not in err


def test_defaults_to_localhost_port_8000_without_a_warning(serving, capsys):
    assert main(["serve"]) == 0
    assert serving == [("localhost", 8000)]
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "LOCALHOST"])
def test_no_warning_on_this_machine_alone(host, serving, capsys):
    assert main(["serve", "--host", host, "--port", "8001"]) == 0
    assert serving == [(host, 8001)]
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "box.example"])
def test_one_warning_line_anywhere_else(host, serving, capsys):
    assert main(["serve", "--host", host]) == 0
    assert serving == [(host, 8000)]
    assert capsys.readouterr().err == (
        f"crib-trainer serve: warning: serving on {host} with no login: anyone who can "
        "reach it can use the trainer and read and change your history\n"
    )


def test_a_port_in_use_is_one_line_and_status_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "crib_trainer.cli", "serve", "--host", "127.0.0.1",
             "--port", str(port)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(
        f"crib-trainer serve: error: cannot serve on 127.0.0.1 port {port}:"
    )
    assert result.stderr.count("\n") == 1 and "in use" in result.stderr


def test_a_host_it_cannot_listen_on_is_one_line_of_error_and_no_warning():
    """192.0.2.1 (an address kept for documentation) is no address of this machine: the
    warning that anyone reaching it could use the trainer is said only once it listens."""
    result = subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", "serve", "--host", "192.0.2.1", "--port",
         "8123"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("crib-trainer serve: error: cannot serve on 192.0.2.1")
    assert result.stderr.count("\n") == 1, result.stderr

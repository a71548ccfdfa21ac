"""``crib-trainer serve``'s command line: its arguments, its warning, its errors (the
server itself is tested in tests/web)."""

from __future__ import annotations

import socket
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

import crib_trainer.ui.web
from crib_trainer.cli import main
from crib_trainer.storage.paths import data_dir
from crib_trainer.ui.members import add_member
from crib_trainer.ui.web import IDLE_MINUTES, Settings, default_max_sessions
from tests.web.conftest import make_certificate


@pytest.fixture
def serving(monkeypatch) -> list[Settings]:
    """What ``serve`` was asked to serve (nothing listens; the warning it was given is
    said as the server says it once listening)."""
    calls: list[Settings] = []

    def serve(settings, out, warn=None):
        calls.append(settings)
        if warn:
            print(warn, file=sys.stderr)

    monkeypatch.setattr(crib_trainer.ui.web, "serve", serve)
    return calls


@pytest.fixture
def club(tmp_path, cheap_hashes) -> Path:
    """A members file with one member, written as ``users add`` writes it (at the least
    cost: these tests read where the file is and what is said, not the hash)."""
    file = tmp_path / "club.txt"
    add_member(file, "alice", "a long secret")
    return file


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--port", "0"], "argument --port: invalid port (1-65535) value: '0'"),
        (["--port", "65536"], "argument --port: invalid port (1-65535) value: '65536'"),
        (["--port", "http"], "argument --port: invalid port (1-65535) value: 'http'"),
        (["--host", " "], "--host is empty: give a name or an address, e.g. localhost"),
        (["--hots", "x"], "unrecognized arguments: --hots x"),
        (["--max-sessions", "0"], "argument --max-sessions: invalid number of tabs (1-10000)"),
        (["--idle-minutes", "0"], "argument --idle-minutes: invalid minutes (more than 0, "),
        (["--users", "f", "--no-login"], "argument --no-login: not allowed with argument"),
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
    [settings] = serving
    assert (settings.host, settings.port) == ("localhost", 8000)
    assert settings.max_sessions == default_max_sessions()
    assert settings.idle_seconds == IDLE_MINUTES * 60 == 1800
    assert settings.members is None and settings.tls is None
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "LOCALHOST"])
def test_no_warning_on_this_machine_alone(host, serving, capsys):
    assert main(["serve", "--host", host, "--port", "8001"]) == 0
    assert [(s.host, s.port) for s in serving] == [(host, 8001)]
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "box.example"])
def test_another_host_is_refused_without_users_or_no_login(host, serving, capsys):
    assert main(["serve", "--host", host]) == 2
    assert not serving
    assert capsys.readouterr().err == (
        f"crib-trainer serve: error: --host {host} lets others on the network in: give "
        "--users FILE so members sign in, or --no-login to let anyone who reaches it use "
        "your history\n"
    )


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "box.example"])
def test_no_login_says_one_warning_line_anywhere_else(host, serving, capsys):
    assert main(["serve", "--host", host, "--no-login"]) == 0
    assert [s.host for s in serving] == [host]
    assert capsys.readouterr().err == (
        f"crib-trainer serve: warning: serving on {host} with no login: anyone who can "
        "reach it can use the trainer and read and change your history\n"
    )


def test_users_over_plain_http_on_a_network_warns_about_passwords(club, serving, capsys):
    assert main(["serve", "--host", "0.0.0.0", "--users", str(club)]) == 0
    [settings] = serving
    assert settings.members == club.resolve()
    assert capsys.readouterr().err == (
        "crib-trainer serve: warning: serving on 0.0.0.0 over plain http: passwords cross "
        "the network readable (give --certfile and --keyfile for https)\n"
    )


def test_bounds_from_the_command_line(serving):
    assert main(["serve", "--max-sessions", "3", "--idle-minutes", "0.5"]) == 0
    [settings] = serving
    assert (settings.max_sessions, settings.idle_seconds) == (3, 30)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    """A certificate and key, made once for the tests here that only read them (an RSA
    key is about 0.7 CPU-s of openssl; four tests asked for one each)."""
    return make_certificate(tmp_path_factory.mktemp("certificate"))


def test_certfile_and_keyfile_serve_https(certificate, club, serving, capsys):
    cert, key = certificate
    argv = ["serve", "--host", "0.0.0.0", "--users", str(club), "--certfile", str(cert)]
    assert main([*argv, "--keyfile", str(key)]) == 0
    [settings] = serving
    assert isinstance(settings.tls, ssl.SSLContext)
    assert capsys.readouterr().err == ""  # (https: no warning about passwords)


@pytest.mark.parametrize(
    ("given", "error"),
    [
        (["--keyfile", "key.pem"], "--keyfile needs --certfile, the certificate it belongs to"),
        (["--certfile", "nowhere.pem"], "cannot read the certificate or key (nowhere.pem): "),
        (["--certfile", "{key}"], " are not a PEM certificate and its private key"),
    ],
)
def test_a_bad_certificate_is_one_line(given, error, certificate, serving, capsys):
    given = [word.format(key=certificate[1]) for word in given]
    assert main(["serve", *given]) == 2
    err = capsys.readouterr().err
    assert not serving and err.count("\n") == 1 and error in err, err


def test_a_members_file_that_is_missing_or_empty_is_one_line(tmp_path, serving, capsys):
    missing = tmp_path / "nobody.txt"
    assert main(["serve", "--users", str(missing)]) == 2
    assert capsys.readouterr().err == (
        f"crib-trainer serve: error: {missing}: no such members file (make it with: "
        f"crib-trainer users add NAME --file {missing})\n"
    )
    missing.write_text("# no one yet\n")
    assert main(["serve", "--users", str(missing)]) == 2
    assert capsys.readouterr().err == (
        f"crib-trainer serve: error: {missing} has no members: add one with "
        f"crib-trainer users add NAME --file {missing}\n"
    )
    assert not serving


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
         "8123", "--no-login"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("crib-trainer serve: error: cannot serve on 192.0.2.1")
    assert result.stderr.count("\n") == 1, result.stderr


def test_users_without_a_file_is_the_one_users_keeps_in_the_data_folder(serving):
    add_member(data_dir() / "members.txt", "bob", "a long secret")
    assert main(["serve", "--users"]) == 0
    [settings] = serving
    assert settings.members == (data_dir() / "members.txt").resolve()

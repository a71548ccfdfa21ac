"""``crib-trainer users``: the members of a served trainer, managed from the command line."""

from __future__ import annotations

import io
import sys

import pytest

from crib_trainer.cli import main
from crib_trainer.storage.paths import data_dir
from crib_trainer.ui.members import password_matches, read_members

pytestmark = pytest.mark.usefixtures("cheap_hashes")  # (what is kept, not the hash's cost)


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """Run ``crib-trainer users ...`` with ``stdin`` as standard input; status and output."""
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return main(["users", *argv], out=out), out.getvalue()
    finally:
        sys.stdin = old


def test_add_list_change_and_remove(tmp_path):
    file = tmp_path / "club.txt"
    home = tmp_path / "members"
    with_file = ["--file", str(file)]
    assert run(["add", "Alice", *with_file, "--password-stdin"], "a long secret\n") == (
        0,
        f"Added alice to {file}; history folder: {home / 'alice'}\n",
    )
    assert run(["add", "bob", *with_file, "--password-stdin"], "bob's long secret\r\n")[0] == 0
    members = read_members(file)
    assert password_matches(members["alice"], "a long secret")
    assert password_matches(members["bob"], "bob's long secret")  # (the line's end not in it)
    assert run(["list", *with_file]) == (
        0,
        f"alice  (history: {home / 'alice'})\nbob  (history: {home / 'bob'})\n",
    )
    assert run(["password", "bob", *with_file, "--password-stdin"], "another secret\n") == (
        0,
        f"New password for bob in {file}\n",
    )
    assert password_matches(read_members(file)["bob"], "another secret")
    assert run(["remove", "alice", *with_file]) == (
        0,
        f"Removed alice from {file}; the history folder stays: {home / 'alice'}\n",
    )
    assert list(read_members(file)) == ["bob"]


def test_the_file_is_in_the_data_folder_unless_given():
    assert run(["add", "carol", "--password-stdin"], "a long secret\n")[0] == 0
    assert list(read_members(data_dir() / "members.txt")) == ["carol"]
    assert run(["list"])[1] == f"carol  (history: {data_dir() / 'members' / 'carol'})\n"


@pytest.mark.parametrize(
    ("argv", "stdin", "error"),
    [
        (["add", "bob smith"], "a long secret\n", "a member's name is 1 to 32 letters, digits,"),
        (["add", "dave"], "short\n", "the password is 5 characters long: give at least 8"),
        (["add", "alice"], "a long secret\n", "alice is a member already (a new password: "),
        (["remove", "erin"], "", "erin is not a member of "),
        (["password", "erin"], "a long secret\n", "erin is not a member of "),
        (["list", "--file", "nowhere.txt"], "", "nowhere.txt: no such members file"),
        (["add"], "", "the following arguments are required: NAME"),
        (["rename", "x"], "", "invalid choice: 'rename'"),
    ],
)
def test_mistakes_are_one_line_and_change_nothing(argv, stdin, error, tmp_path, capsys):
    file = tmp_path / "club.txt"
    assert run(["add", "alice", "--file", str(file), "--password-stdin"], "a long secret\n")[0] == 0
    before = file.read_text()
    if "--file" not in argv:
        argv = [*argv, "--file", str(file), *(["--password-stdin"] if stdin else [])]
    with pytest.raises(SystemExit) as exit_:
        raise SystemExit(run(argv, stdin)[0])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and error in err, err
    assert err.startswith("crib-trainer users")
    assert file.read_text() == before


def test_without_a_terminal_the_password_must_be_piped(tmp_path, capsys):
    assert run(["add", "alice", "--file", str(tmp_path / "club.txt")], "a long secret\n")[0] == 2
    assert capsys.readouterr().err == (
        "crib-trainer users: error: no terminal to ask the password on: pipe it in with "
        "--password-stdin\n"
    )


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("again", "status"), [("a long secret", 0), ("a long secreT", 2)])
def test_on_a_terminal_the_password_is_asked_twice(again, status, tmp_path, monkeypatch, capsys):
    answers = iter(["a long secret", again])
    asked: list[str] = []

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("getpass.getpass", getpass)
    monkeypatch.setattr(sys, "stdin", Terminal())
    file = tmp_path / "club.txt"
    assert main(["users", "add", "alice", "--file", str(file)], out=io.StringIO()) == status
    assert asked == ["Password for alice: ", "The same again: "]
    if status:
        assert capsys.readouterr().err == (
            "crib-trainer users: error: the two passwords differ: nothing changed\n"
        )
        assert not file.exists()
    else:
        assert password_matches(read_members(file)["alice"], "a long secret")

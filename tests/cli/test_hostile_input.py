"""Odd and hostile input to the command line: each case gets a clear answer, never a
traceback, and nothing is lost."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from crib_trainer.cli import main
from tests.inprocess import run_cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def cli(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", *argv], input=stdin, capture_output=True
    )


# --- batch files ---------------------------------------------------------------------


BOM = b"\xef\xbb\xbf"


def test_score_batch_file_saved_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_bytes(BOM + b"5H 5C 5S JD | 5D\r\n6H 7C 7D 8S | 8D crib\r\n")
    code, out = run("score", "--batch", str(path))
    assert [json.loads(line)["total"] for line in out.splitlines()] == [29, 24]
    assert code == 0


def test_discard_batch_file_saved_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_bytes(BOM + b"5H 5D 5S JC 2C 9D dealer\n")
    code, out = run("discard", "--batch", str(path))
    assert code == 0 and json.loads(out)["role"] == "dealer"


def test_batch_from_stdin_with_a_byte_order_mark():
    proc = cli("score", "--batch", "-", stdin=BOM + b"5H 5C 5S JD | 5D\n")
    assert proc.returncode == 0, proc.stdout
    assert json.loads(proc.stdout)["total"] == 29


@pytest.mark.parametrize("ending", [b"\r", b"\r\n"], ids=["old-mac", "windows"])
def test_batch_from_stdin_reads_line_endings_as_a_file_does(tmp_path, ending):
    data = ending.join([b"5H 5C 5S JD | 5D", b"6H 7C 7D 8S | 8D crib", b""])
    path = tmp_path / "deals.txt"
    path.write_bytes(data)
    from_file = cli("score", "--batch", str(path))
    from_stdin = cli("score", "--batch", "-", stdin=data)
    assert [json.loads(line)["total"] for line in from_file.stdout.splitlines()] == [29, 24]
    assert from_stdin.stdout == from_file.stdout and from_stdin.returncode == 0


# --- output that cannot be written ---------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["score", "5H", "5C", "5S", "JD", "--starter", "5D"],
        ["odds", "--json"],
        ["peg", "4S", "2H", "5D", "3C", "6S"],
        ["stats", "--json"],
    ],
)
def test_a_full_disk_is_one_line_not_a_traceback(argv, tmp_path):
    env = dict(os.environ, CRIB_TRAINER_HOME=str(tmp_path))
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "crib_trainer.cli", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        f"crib-trainer {argv[0]}: error: input/output failed: No space left on device"
    ]


# --- --copy ----------------------------------------------------------------------------


def test_copy_that_did_not_reach_the_clipboard_is_not_reported_as_copied(capsys, monkeypatch):
    """pyperclip runs xclip without checking it worked: with a stale DISPLAY (an old ssh -X
    session) xclip fails, pyperclip returns quietly, and the clipboard is unchanged."""
    import pyperclip

    monkeypatch.setattr(pyperclip, "copy", lambda text: None)
    monkeypatch.setattr(pyperclip, "paste", lambda: "what was there before")
    naps: list[float] = []  # (it reads the clipboard back five times, waiting between)
    monkeypatch.setattr("crib_trainer.clipboard.time.sleep", naps.append)
    code, out = run("score", "9H", "6C", "5D", "4S", "--starter", "4D", "--copy")
    assert len(naps) == 4
    assert code == 0 and "Total" in out
    err = capsys.readouterr().err
    assert "Copied" not in err and "Could not copy" in err


# --- stats and the history folder -----------------------------------------------------


def test_history_folder_under_an_unknown_users_home(monkeypatch, capsys):
    monkeypatch.setenv("CRIB_TRAINER_HOME", "~no-such-user-here/crib")
    code, _ = run("stats")
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "CRIB_TRAINER_HOME" in err and "~no-such-user-here" in err


def test_history_folder_that_is_a_file(tmp_path, monkeypatch, capsys):
    home = tmp_path / "not-a-folder"
    home.write_text("x")
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(home))
    code, _ = run("stats")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{home} is a file, not a folder" in err


def test_history_file_that_is_a_folder(tmp_path, monkeypatch, capsys):
    (tmp_path / "home" / "history.sqlite3").mkdir(parents=True)
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path / "home"))
    code, _ = run("stats", "--json")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "history.sqlite3 is a folder, not a file" in err


def test_history_folder_that_is_read_only(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o555)
    if os.access(home, os.W_OK):  # root writes anyway
        pytest.skip("the folder is writable to this user whatever its mode")
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(home))
    code, _ = run("stats")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{home} is read-only" in err


# --- peg -------------------------------------------------------------------------------


def test_peg_refuses_more_cards_than_a_player_holds(capsys):
    code, out = run("peg", *"AS AH AD AC 2S 2H 2D 2C 3S 3H 3D".split(), "--json")
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "that would be A's fifth card" in err


# --- puzzles ---------------------------------------------------------------------------

PUZZLE = """
[[puzzle]]
id = "runs-four"
theme = "runs"
kind = "count"
difficulty = 1
cards = "9S TH JC QD"
starter = "2H"
question = "Count it."
answer = 4
note = "A run of four."
source = "constructed"
"""


def test_puzzles_list_says_what_it_could_not_read(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text(PUZZLE)
    code, out = run("puzzles", "list", str(good), str(tmp_path / "missing.toml"))
    assert "runs-four" in out
    err = capsys.readouterr().err
    assert code == 2 and "missing.toml: cannot read: No such file or directory" in err


def test_puzzles_list_of_nothing_readable_is_not_silent(tmp_path, capsys):
    code, out = run("puzzles", "list", str(tmp_path), "--json")
    assert code == 2 and json.loads(out) == []
    assert "no .toml puzzle files in it" in capsys.readouterr().err


@pytest.mark.parametrize("action", ["check", "list"])
def test_a_puzzle_file_name_too_long_for_the_system_is_a_problem_named(tmp_path, action, capsys):
    """(``Path.is_dir`` raises for a name past the system's limit rather than say False.)"""
    name = str(tmp_path / ("x" * 300 + ".toml"))
    code, out = run("puzzles", action, name, "--json")
    said = out + capsys.readouterr().err
    assert code == 2 and "cannot read: File name too long" in said


def test_puzzle_file_saved_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(BOM + PUZZLE.encode())
    code, out = run("puzzles", "check", str(path), "--json")
    assert json.loads(out) == {"ok": ["runs-four"], "problems": []} and code == 0


def test_puzzle_file_named_twice_is_checked_once(tmp_path):
    path = tmp_path / "runs.toml"
    path.write_text(PUZZLE)
    code, out = run("puzzles", "check", str(path), str(tmp_path), "--json")
    assert json.loads(out) == {"ok": ["runs-four"], "problems": []} and code == 0


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("id", "5", "must be text, not 5"),
        ("question", "[1, 2]", "must be text, not [1, 2]"),
        ("starter", "5", "give one card like '5D' as text, not 5"),
        ("cards", "true", "give cards as text like '5H 5C 5S JD', not True"),
    ],
)
def test_puzzle_field_of_the_wrong_type_says_so(tmp_path, field, value, message):
    path = tmp_path / "typed.toml"
    path.write_text(
        "\n".join(
            f"{field} = {value}" if line.startswith(f"{field} = ") else line
            for line in PUZZLE.splitlines()
        )
    )
    code, out = run("puzzles", "check", str(path), "--json")
    (problem,) = json.loads(out)["problems"]
    assert code == 2 and problem["field"] == field and problem["message"] == message


# --- score --claim ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "claim",
    ["1_0", "٣", "+5", "1e3", "1000", "99999999999999999999", "9" * 5000, "-" + "9" * 5000],
    ids=["underscore", "arabic-indic", "plus", "float", "1000", "20-digits", "5000", "-5000"],
)
def test_claim_must_be_plain_digits_of_a_believable_size(claim):
    proc = run_cli("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", claim, "--json")
    err = proc.stderr
    assert proc.returncode == 2 and proc.stdout == "" and err.count("\n") == 1
    assert len(err) < 200
    assert "a claim is a whole number of points" in err or "cannot be negative" in err


def test_score_crib_said_twice_is_still_a_crib():
    code, out = run("score", "2H", "4H", "8H", "QH", "|", "KS", "crib", "--crib", "--json")
    assert code == 0 and json.loads(out)["crib"] is True


def test_discard_batch_line_with_two_roles_says_so(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("4S 5H 6D KC 9C 2H pone dealer\n")
    code, out = run("discard", "--batch", str(path))
    assert code == 2
    assert json.loads(out)["error"] == "give one role, 'dealer' or 'pone', at the end of the line"


# --- standard streams the shell closed (``<&-``, ``>&-``, ``2>&-``: None in Python) ---


def test_batch_from_a_closed_standard_input_says_so(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    code, out = run("score", "--batch", "-")
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "cannot read batch file '-': standard input is closed" in err


def test_game_log_from_a_closed_standard_input_says_so(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    code, _ = run("game", "replay", "-")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "standard input is closed" in err


def test_output_to_a_closed_standard_output_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)
    code = main(["score", "5H", "5C", "5S", "JD", "--starter", "5D"])
    assert code == 1
    assert capsys.readouterr().err.splitlines() == [
        "crib-trainer score: error: input/output failed: standard output is closed"
    ]


def test_a_closed_standard_error_keeps_the_exit_status(monkeypatch):
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["score", "5H", "--starter", "5H"]) == 2
    with pytest.raises(SystemExit) as usage:  # (argparse's own errors exit as they are)
        main(["score", "--claim", "x"])
    assert usage.value.code == 2


# --- output in an encoding without the suits (a file redirected on Windows: cp1252) ---


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
@pytest.mark.parametrize(
    "argv",
    [
        ["score", "5H", "5C", "5S", "JD", "--starter", "5D"],
        ["peg", "5H", "5S", "--json"],
        ["puzzles", "list", "--theme", "runs"],
    ],
    ids=["score", "peg-json", "puzzles-list"],
)
def test_output_the_encoding_cannot_hold_is_written_plainly_not_refused(encoding, argv):
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding)
    code = main(argv, out=out)
    out.flush()
    text = raw.getvalue().decode(encoding)
    assert code == 0 and text
    if argv[0] == "score":
        assert "Hand 5H 5C 5S JD  starter 5D" in text  # (cards as --ascii writes them)
    if "--json" in argv:
        assert json.loads(text)["plays"][1]["card"] == "5S"


def test_a_missing_file_of_the_package_is_named(monkeypatch, tmp_path, capsys):
    """A data file gone from the install (a damaged install): the one line names it."""
    from crib_trainer.analysis import keepplay
    from crib_trainer.cli import main

    gone = tmp_path / "keep_play.npz"
    monkeypatch.setattr(keepplay, "TABLE_PATH", gone)
    kept = (keepplay._table, keepplay._keep_play)  # (what this worker read before)
    for cached in kept:
        cached.cache_clear()
    try:
        code = main("discard 5H 5D 5S JC 2C 9D --dealer --score 100 110".split())
    finally:
        for cached in kept:
            cached.cache_clear()
    assert code == 1
    assert capsys.readouterr().err.splitlines() == [
        f"crib-trainer discard: error: input/output failed: No such file or directory: {gone}"
    ]

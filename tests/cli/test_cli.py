"""The command line, as a user runs it."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from crib_trainer.cli import COMMANDS, main
from tests.inprocess import run_cli


def run(*argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv), out=out)
    return code, out.getvalue()


# --- score ---------------------------------------------------------------------------


def test_score_text():
    code, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert code == 0
    assert "Total" in out and "29" in out and "1 hand in 3,248,700" in out


def test_score_json_contract():
    _, out = run("score", "5h", "5c", "5s", "jd", "--starter", "5d", "--json")
    data = json.loads(out)
    assert data["total"] == 29
    assert {i["kind"] for i in data["items"]} == {"fifteen", "pair", "nobs"}
    assert all(len(c) == 2 and c.isascii() for i in data["items"] for c in i["cards"])
    assert sum(i["points"] for i in data["items"]) == 29
    assert "claim" not in data and "verdict" not in data


def test_score_names_the_pattern_in_text_and_json():
    _, out = run("score", "9H", "6C", "5D", "4S", "--starter", "4D")
    assert "By pattern: Fifteen six and a double run is fourteen. A double run is eight" in out
    _, out = run("score", "7H", "8C", "8D", "9S", "--starter", "7D", "--json")
    p = json.loads(out)["pattern"]
    assert p["family"] == "double-double-run" and p["says"].startswith("Fifteen eight and a")
    assert [(c["family"], c["points"]) for c in p["chunks"]] == [
        ("fifteens", 8),
        ("double-double-run", 16),
    ]
    assert p["chunks"][1]["cards"] == ["7H", "7D", "8D", "8C", "9S"]  # (suits: S H D C)


def test_score_claim_json():
    _, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "28", "--json")
    data = json.loads(out)
    assert data["claim"] == 28 and data["verdict"] == "under" and data["difference"] == 1
    assert data["missed"] == [{"kind": "nobs", "cards": ["JD"], "points": 1}]


@pytest.mark.parametrize(("claim", "verdict"), [("28", "under"), ("29", "correct"), ("31", "over")])
def test_score_claim_json_has_every_key_whatever_the_verdict(claim, verdict):
    _, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", claim, "--json")
    data = json.loads(out)
    keys = {"claim", "verdict", "difference", "missed", "missed_certain", "mistakes"}
    keys |= {"mistakes_certain", "nineteen", "impossible", "scored", "to_opponent", "rules", "law"}
    assert keys <= data.keys() and data["verdict"] == verdict  # (as the README lists them)
    assert (data["missed"] == []) == (verdict != "under")


def test_score_claim_text_over():
    code, out = run("score", "7H", "8C", "8D", "KS", "--starter", "9C", "--claim", "14")
    assert code == 0 and "2 too many" in out


def test_score_crib_and_bar_form():
    _, out = run("score", "2H", "4H", "8H", "QH", "|", "KS", "--crib", "--json")
    assert json.loads(out)["total"] == 0  # no four-card flush in a crib
    _, out = run("score", "2H", "4H", "8H", "QH", "|", "KS", "--json")
    assert json.loads(out)["total"] == 4


def test_score_variant():
    _, out = run("score", "4H", "5H", "6H", "--starter", "5D", "--variant", "five-card", "--json")
    assert json.loads(out)["total"] == 15


def test_score_say():
    _, out = run("score", "9H", "6C", "5D", "4S", "--starter", "4D", "--say")
    assert out.strip() == "Fifteen two, fifteen four, fifteen six, and a double run is fourteen."


def test_score_ascii():
    _, out = run("score", "9H", "6C", "5D", "4S", "--starter", "4D", "--ascii")
    assert "9H 6C 5D 4S" in out and "♥" not in out


def test_score_copy_without_any_clipboard_says_so(capsys, monkeypatch):
    import pyperclip

    def no_clipboard(text):
        raise pyperclip.PyperclipException("no mechanism")

    monkeypatch.setattr(pyperclip, "copy", no_clipboard)
    code, _ = run("score", "9H", "6C", "5D", "4S", "--starter", "4D", "--copy")
    assert code == 0
    assert "Could not copy" in capsys.readouterr().err


def test_score_copy_with_pyperclip(capsys, monkeypatch):
    import pyperclip

    copied = []
    monkeypatch.setattr(pyperclip, "copy", copied.append)
    monkeypatch.setattr(pyperclip, "paste", lambda: copied[-1])
    run("score", "9H", "6C", "5D", "4S", "--starter", "4D", "--say", "--copy")
    assert copied == ["Fifteen two, fifteen four, fifteen six, and a double run is fourteen."]
    assert "Copied" in capsys.readouterr().err


def test_score_batch(tmp_path, capsys):
    path = tmp_path / "deals.txt"
    path.write_text("5H 5C 5S JD | 5D\n\n# a comment\n5H 5C | 5D\n6H 7C 7D 8S | 8D crib\n")
    code, out = run("score", "--batch", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert [d.get("total") for d in lines] == [29, None, 24]
    assert lines[1]["line"] == 4 and "4 cards" in lines[1]["error"]
    assert lines[2]["crib"] is True
    assert code == 2 and "1 line(s)" in capsys.readouterr().err


def test_score_batch_from_stdin(monkeypatch):
    code, out = run("score", "--batch", "-", stdin="9H 6C 5D 4S | 4D\n", monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["total"] == 14


def test_score_batch_binary_garbage(tmp_path):
    path = tmp_path / "junk.bin"
    path.write_bytes(b"\xff\xfe\x00garbage | \x80\n")
    code, out = run("score", "--batch", str(path))
    assert code == 2 and "error" in json.loads(out)


# --- peg -----------------------------------------------------------------------------


def test_peg_json_contract():
    _, out = run("peg", "2D", "9S", "4C", "4D", "JH", "A:2S", "B:9D", "B:6H", "--json")
    data = json.loads(out)
    assert data["totals"] == {"A": 4, "B": 5}
    assert data["plays"][2] == {
        "player": "A",
        "card": "4C",
        "count": 15,
        "points": 2,
        "items": [{"kind": "fifteen", "points": 2}],
    }
    assert data["plays"][-1]["items"][-1] == {"kind": "last", "points": 1}
    assert data["plays"][3]["items"] == [{"kind": "pair", "points": 2, "cards": ["4C", "4D"]}]


def test_peg_text_and_go():
    code, out = run("peg", "KS", "QH", "9C", "go", "5D", "5S")
    assert code == 0
    assert "the go for 1" in out and "Totals: A 4, B 0" in out


def test_peg_unfinished():
    _, out = run("peg", "KS", "5H", "--unfinished", "--json")
    assert json.loads(out)["totals"] == {"A": 0, "B": 2}


# --- odds ----------------------------------------------------------------------------


def test_odds_json():
    _, out = run("odds", "--json")
    data = json.loads(out)
    assert data["total"] == 12_994_800
    assert data["counts"]["29"] == 4 and "19" not in data["counts"]
    assert abs(data["mean"] - 4.7692) < 1e-4


def test_odds_text_crib_and_five_card():
    _, out = run("odds", "--crib")
    assert "crib" in out and "Never scored: 19, 25, 26, 27" in out
    _, out = run("odds", "--variant", "five", "--json")
    assert json.loads(out)["total"] == 22100 * 49


# --- bad input: exit 2, one line on stderr, never a traceback --------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "5H", "5C", "5S", "JD"], "which card is the starter"),
        (
            ["score", "5H", "5C", "5S", "4D", "3D", "--starter", "5D"],
            "has 4 cards plus the starter; got 5",
        ),
        (["score", "5H", "5C", "5S", "5X", "--starter", "5D"], "unknown suit 'X'"),
        (["score", "5H", "5C", "5S", "5H", "--starter", "5D"], "duplicate card 5♥"),
        (["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "-1"], "negative"),
        (["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "ten"], "whole number"),
        (["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--variant", "x"], "unknown variant"),
        (["score", "--batch", "/no/such/file"], "cannot read batch file"),
        (["score", "5H", "5C", "5S", "JD", "|", "5D", "6D"], "exactly one starter"),
        (["peg", "KS", "QH", "9C", "5D"], "past 31"),
        (["peg"], "give the cards played"),
        (["peg", "go"], "the count is 0"),
        (["frobnicate"], "invalid choice"),
        (["score", "--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_input_is_one_clear_line(argv, message):
    proc = run_cli(*argv)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert message in proc.stderr


def test_a_bad_input_exits_the_process_with_status_2():
    """The tests above run the command line in their own process (tests/inprocess.py);
    a real one exits with the status and the one line they check."""
    argv = ["score", "5H", "5C", "5S", "JD", "|", "5D", "6D"]
    proc = subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", *argv], capture_output=True, text=True
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == run_cli(*argv).stderr and proc.stderr.count("\n") == 1
    assert "exactly one starter" in proc.stderr


def test_help_works():
    proc = subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", "--help"], capture_output=True, text=True
    )
    assert proc.returncode == 0 and "score" in proc.stdout and "peg" in proc.stdout


@pytest.mark.parametrize(
    "argv",
    [[name] for name in COMMANDS] + [["puzzles", "check"], ["puzzles", "list"], ["game", "replay"]],
    ids=lambda argv: " ".join(argv),
)
def test_each_commands_help_reads_as_written(argv, capsys):
    """argparse fills in ``%`` only in an argument's help, not in a description: an
    escaped ``%%`` in a description is printed as it is."""
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"], out=io.StringIO())
    text = capsys.readouterr().out
    assert exited.value.code == 0 and "usage:" in text
    assert "%%" not in text
    root = Path(__file__).resolve().parents[2]
    for named in re.findall(r"docs/[\w.-]+\.md", text):
        assert (root / named).is_file(), f"the help names {named}, which does not exist"


def test_batch_refuses_arguments_it_would_ignore(capsys):
    code, _ = run("score", "6H", "7C", "--claim", "3", "--batch", "-")
    assert code == 2
    assert "cards, --claim cannot go with it" in capsys.readouterr().err
    code, _ = run("score", "--law", "hoyle", "--batch", "-")  # (a rule set judges a claim)
    assert code == 2
    assert "--law cannot go with it" in capsys.readouterr().err


def test_version():
    from importlib import metadata

    proc = subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"crib-trainer {metadata.version('crib-trainer')}"

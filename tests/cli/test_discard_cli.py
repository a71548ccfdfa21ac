"""``crib-trainer discard`` as a user runs it."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from crib_trainer.cli import main
from tests.inprocess import run_cli

DEAL = ["5H", "5D", "5S", "JC", "2C", "9D"]
OPTION_KEYS = {
    "discard", "keep", "hand_ev", "crib_ev", "heels_ev", "net_ev", "loss", "hand_min",
    "hand_max", "reason", "as_good", "principles",
}  # fmt: skip


def run(*argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_text_table_marks_the_best_and_says_why():
    code, out = run("discard", *DEAL, "--dealer")
    assert code == 0
    lines = out.splitlines()
    assert "you deal, the crib is yours" in lines[0]
    best = next(line for line in lines if line.startswith(" * "))
    assert "2♣ 9♦" in best and "5♥ 5♦ 5♠ J♣" in best and "14–29" in best
    assert sum(line.startswith(" * ") for line in lines) == 1
    assert "Throw 2-9. Keep the best hand: 5-5-5-J averages 16.63" in out
    assert "It beats the next best" in out
    assert "His heels" in out and "not in net" in out
    rows = lines[3:18]  # after the title, a blank line and the header: one row a throw
    assert all(row[1] in "* " and row.count(".") == 4 for row in rows) and lines[18] == ""


def test_pone_text_and_ascii():
    code, out = run("discard", "4s", "5h", "6d", "kc", "9c", "2h", "--pone", "--ascii")
    assert code == 0
    assert "you are pone, the crib is the dealer's" in out
    assert " * KC 2H " in out and "the dealer's crib" in out and "♣" not in out


def test_ascii_reaches_the_why_where_it_names_a_throw_of_the_same_ranks():
    _, plain = run("discard", "2S", "2C", "5D", "QH", "QD", "KD", "--pone")
    _, ascii = run("discard", "2S", "2C", "5D", "QH", "QD", "KD", "--pone", "--ascii")
    assert "Throwing 2♣ K♦ is just as good (a tie)." in plain
    assert "Throwing 2C KD is just as good (a tie)." in ascii
    assert not any(glyph in ascii for glyph in "♠♥♦♣")


def test_json_contract():
    code, out = run("discard", *DEAL, "--dealer", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["role"] == "dealer" and data["variant"] == "six-card"
    assert data["opponent"] == "random" and data["net_includes_heels"] is False
    assert data["heels_ev"] == pytest.approx(2 * 3 / 46)
    options = data["options"]
    assert len(options) == 15 and all(set(o) == OPTION_KEYS for o in options)
    assert options[0]["discard"] == ["2C", "9D"] and options[0]["loss"] == 0
    assert options[0]["keep"] == ["5H", "5D", "5S", "JC"]
    assert options[0]["hand_max"] == 29 and options[0]["hand_min"] == 14
    nets = [o["net_ev"] for o in options]
    assert nets == sorted(nets, reverse=True)
    for o in options:
        assert o["net_ev"] == pytest.approx(o["hand_ev"] + o["crib_ev"])
        assert o["loss"] == pytest.approx(nets[0] - o["net_ev"])
    assert "Gives up" in options[1]["reason"]
    assert options[0]["principles"] == ["keep-best-hand"] and options[0]["as_good"] is True
    assert not any(o["as_good"] for o in options[1:])
    assert data["why"].startswith("Throw 2-9")


def test_weighted_opponent_and_variants():
    _, out = run("discard", *DEAL, "--pone", "--opponent", "weighted", "--json")
    data = json.loads(out)
    assert data["opponent"] == "weighted" and data["role"] == "pone"
    for o in data["options"]:
        assert o["net_ev"] == pytest.approx(o["hand_ev"] - o["crib_ev"])
    _, out = run("discard", "5H", "5D", "5S", "JC", "2C", "--variant", "five", "--dealer", "--json")
    assert len(json.loads(out)["options"]) == 10
    for variant in ("three-player", "four-player"):
        _, out = run("discard", "5H", "5D", "5S", "JC", "2C", "--variant", variant, "--pone")
        assert "throw" in out and out.count(" * ") >= 1
    _, out = run("discard", "5H", "5D", "5S", "JC", "2C", "--variant", "four", "--dealer")
    assert "the crib is your side's" in out and "your side's crib" in out


def test_batch_one_json_line_per_hand_and_bad_lines_go_on(tmp_path, capsys):
    batch = tmp_path / "hands.txt"
    batch.write_text(
        "5H 5D 5S JC 2C 9D dealer\n"
        "# a comment\n"
        "\n"
        "4S 5H 6D KC 9C 2H PONE\n"
        "4S 5H 6D KC 9C dealer\n"
        "4S 5H 6D KC 9C 2H\n"
        "4S 5H 6D KC 9C 4S pone\n"
        "4S 5H 6D KC 9C XX pone\n",
        encoding="utf-8",
    )
    code, out = run("discard", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and "4 line(s)" in capsys.readouterr().err
    assert [r.get("role") for r in records[:2]] == ["dealer", "pone"]
    errors = {r["line"]: r["error"] for r in records[2:]}
    assert set(errors) == {5, 6, 7, 8}
    assert "dealt 6 cards" in errors[5]
    assert "end the line with 'dealer' or 'pone'" in errors[6]
    assert "duplicate card" in errors[7]
    assert "'XX'" in errors[8]


def test_batch_from_stdin_with_a_default_role(monkeypatch):
    code, out = run(
        "discard", "--batch", "-", "--pone", stdin="5H 5D 5S JC 2C 9D\n", monkeypatch=monkeypatch
    )
    assert code == 0 and json.loads(out)["role"] == "pone"


def test_batch_and_opponent_agree_with_single_runs(monkeypatch):
    _, single = run("discard", *DEAL, "--dealer", "--opponent", "weighted", "--json")
    _, batch = run(
        "discard",
        "--batch",
        "-",
        "--opponent",
        "weighted",
        stdin=" ".join(DEAL) + " dealer\n",
        monkeypatch=monkeypatch,
    )
    assert json.loads(single) == json.loads(batch)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["discard", *DEAL], "whose crib is it? add --dealer"),
        (["discard", "--dealer"], "give the 6 cards dealt to you"),
        (["discard", *DEAL[:5], "--dealer"], "a six-card hand is dealt 6 cards"),
        (["discard", *DEAL[:5], "5H", "--pone"], "duplicate card 5♥"),
        (["discard", *DEAL, "--dealer", "--pone"], "not allowed with argument"),
        (["discard", *DEAL, "--dealer", "--opponent", "clever"], "invalid choice: 'clever'"),
        (["discard", *DEAL, "--dealer", "--variant", "seven"], "unknown variant"),
        (["discard", *DEAL, "--batch", "-"], "either as cards or with --batch"),
        (["discard", "--batch", "/no/such/file"], "cannot read batch file"),
    ],
)
def test_bad_input_is_one_clear_line(argv, message):
    proc = run_cli(*argv)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert message in proc.stderr


def test_a_long_batch_is_each_hand_alone_with_bad_lines_in_place(tmp_path, capsys):
    """More hands than one batch's matrix product takes, bad lines among them: each good
    line's record is the hand's ``--json`` alone, each bad line an error in its place."""
    import random

    from crib_trainer.cli.discard import BATCH
    from crib_trainer.core.cards import FULL_DECK

    rng = random.Random(16)
    lines = [
        f"{' '.join(c.code for c in rng.sample(FULL_DECK, 6))} {rng.choice(['dealer', 'pone'])}"
        for _ in range(BATCH + 5)
    ]
    lines[3] = "5H 5H 5S JC 2C 9D dealer"  # a card twice
    lines[BATCH] = "5H 5D 5S JC 2C pone"  # five cards
    lines.insert(7, "# a comment")
    batch = tmp_path / "hands.txt"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run("discard", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(records) == BATCH + 5
    assert [r["line"] for r in records if "error" in r] == [4, BATCH + 2]
    for i in (0, 8, BATCH - 1, BATCH + 4):
        words = [w for w in lines if not w.startswith("#")][i].split()
        _, alone = run("discard", *words[:-1], f"--{words[-1]}", "--json")
        assert records[i] == json.loads(alone)


def test_lines_typed_at_a_terminal_are_answered_as_they_come():
    """A batch read from a terminal answers each line at once, not when 256 have come."""
    import os
    import pty
    import select

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "discard", "--batch", "-", "--json"],
        stdin=follower,
        stdout=subprocess.PIPE,
    )
    os.close(follower)
    try:
        os.write(leader, b"5H 5D 5S JC 2C 9D dealer\n")
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "no answer to the first line while the terminal is still open"
        record = json.loads(proc.stdout.readline())
        assert record["role"] == "dealer" and len(record["options"]) == 15
    finally:
        os.write(leader, b"\x04")  # end of input
        proc.wait(timeout=60)
        os.close(leader)

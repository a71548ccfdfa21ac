"""``crib-trainer peg --hand``: ranking the next play, as a user runs it."""

from __future__ import annotations

import io
import json

import pytest

from crib_trainer.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_rank_json_contract():
    code, out = run("peg", "KS", "--hand", "5H", "9C", "2D", "8S", "--starter", "3C", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["plays"]
    plays = data["plays"]
    assert [set(p) for p in plays] == [
        {"card", "immediate", "expected_net", "risk", "reason", "as_good", "threats"}
    ] * 4
    assert sorted(p["card"] for p in plays) == ["2D", "5H", "8S", "9C"]
    nets = [p["expected_net"] for p in plays]
    assert nets == sorted(nets, reverse=True)  # best first
    assert plays[0] == {
        "card": "5H",
        "immediate": 2,
        "expected_net": plays[0]["expected_net"],
        "risk": plays[0]["risk"],
        "reason": plays[0]["reason"],
        "as_good": True,
        "threats": plays[0]["threats"],
    }
    # Every scoring reply, most likely first: a 5 pairs the 5 (issue 19.3).
    threats = plays[0]["threats"]
    assert threats and set(threats[0]) == {"reply", "points", "items", "chance", "answer"}
    assert ["5"] in [t["reply"] for t in threats]
    assert [t["chance"] for t in threats] == sorted((t["chance"] for t in threats), reverse=True)
    assert all(t["points"] >= 2 for t in threats)
    assert plays[0]["reason"].startswith("makes 15 for 2")
    assert all(0 <= p["risk"] <= 1 for p in plays)
    assert all(p["as_good"] == (p["expected_net"] >= nets[0] - 0.1 - 1e-9) for p in plays)


def test_rank_text_marks_the_best_and_the_as_good():
    code, out = run("peg", "4S", "--hand", "4H", "4C", "9D", "KS", "--ascii")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("You (dealer) hold 4H 4C 9D KS; count 4 (4S)")
    rows = [line for line in lines if line[:3].strip().isdigit()]
    assert len(rows) == 4
    assert "best" in rows[0] and "as good" in rows[1]  # either 4 pairs: both as good
    assert {rows[0].split()[1], rows[1].split()[1]} == {"4H", "4C"}
    assert "scores a pair for 2" in rows[0]


def test_with_no_tokens_the_holder_leads():
    _, out = run("peg", "--hand", "4S 9H KD QC", "--json")
    plays = json.loads(out)["plays"]
    assert plays[0]["card"] == "4S" and plays[0]["reason"].startswith("leads 4")


def test_holder_after_a_go_and_the_player_option():
    # A: 9S, B: QH, A: 8C (27): B cannot come in; A, holding 3D 4C, plays on.
    _, out = run("peg", "A:9S", "B:QH", "A:8C", "--hand", "3D", "4C", "--json")
    plays = json.loads(out)["plays"]
    assert plays[0]["card"] == "4C" and plays[0]["immediate"] == 2  # 31 for 2
    _, same = run("peg", "A:9S", "B:QH", "A:8C", "--hand", "3D", "4C", "--player", "A", "--json")
    assert same == out


def test_a_closing_go_after_your_own_card_is_his_go():
    """'9S QH 8C go' with A holding 3D 4C: A can still come in, so the go is B's and A plays
    on at 27 (as with no go at all); after B's card a closing go restarts the count."""
    _, said = run("peg", "9S", "QH", "8C", "go", "--hand", "3D", "4C", "--json")
    _, implied = run("peg", "9S", "QH", "8C", "--hand", "3D", "4C", "--json")
    assert said == implied
    code, out = run("peg", "KS", "QH", "JC", "go", "--hand", "5D", "5S", "5C", "--ascii")
    assert code == 0 and "a new count: you lead" in out


def test_weighted_opponent():
    code, out = run("peg", "--hand", "4S 9H KD QC", "--opponent", "weighted", "--json")
    assert code == 0 and len(json.loads(out)["plays"]) == 4


def test_five_card_variant():
    code, out = run("peg", "KS", "--hand", "5H", "9C", "2D", "--variant", "five-card", "--json")
    assert code == 0 and json.loads(out)["plays"][0]["card"] == "5H"


def test_without_hand_peg_still_scores():
    code, out = run("peg", "4S", "2H", "5D", "3C", "6S", "--json")
    assert code == 0 and json.loads(out)["totals"] == {"A": 6, "B": 4}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["KS", "--starter", "5D"], "--starter goes with --hand"),
        (["KS", "--discards", "5D", "6D", "--opponent", "random"], "--discards and --opponent go"),
        (["--hand", "4S", "9H", "KD", "QC", "--variant", "nine"], "unknown variant"),
        (["KS", "QH", "9C", "--hand", "5D", "5S", "5C"], "comes in at 29: you say go"),
        (["KS", "--hand", "5D", "5S"], "no player has that many left"),
        (["KS", "--hand", "5H", "9C", "--variant", "five-card"], "no player has that many left"),
        (["KS", "--hand", "KS", "5S", "9D", "2C"], "duplicate card"),
        (["KS", "--hand", "5D", "XX", "9D"], "'XX'"),
        (["KS", "--hand", "5D", "5S", "9D", "2C", "--starter", "5D"], "duplicate card"),
        (["KS", "--hand", "5D", "5S", "9D", "2C", "--unfinished"], "--unfinished is for scoring"),
        (
            ["KS", "--hand", "5D", "5S", "9D", "2C", "--player", "Z"],
            "--player 'Z' is not one of the players: A, B",
        ),
        (["--hand", "4S", "9H", "KD", "QC", "--player", "Z"], "--player 'Z' is not one of"),
        (["--hand", "4S", "9H", "KD", "QC", "--player", "B"], "the non-dealer, A, leads"),
        (["go", "--hand", "5D", "5S", "9D", "KC"], "the count is 0"),
        (["KS", "QH", "9C", "go", "go", "--hand", "5D", "5S"], "the count is 0"),
        (["--hand", "4S", "9H", "KD", "QC", "--variant", "seven"], "unknown variant"),
    ],
)
def test_rank_errors_are_one_line_exit_2(argv, message, capsys):
    code = main(["peg", *argv], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("crib-trainer peg: error: ")
    assert message in err

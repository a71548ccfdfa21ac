"""``crib-trainer peg --hand … --variant three-player|four-player`` (issue 20): the
ranking at a table of three or four, its JSON and its refusals."""

from __future__ import annotations

import io
import json

import pytest

from crib_trainer.cli import main

LATE = "A:AS B:2S C:3S A:4S B:5S C:6S A:7S B:AH".split()  # count 29; A and B hold one each


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_json_contract_sampled():
    argv = ("peg", "KS", "QH", "--hand", "4D", "2S", "9C", "8C", "--variant", "three-player")
    code, out = run(*argv, "--samples", "40", "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["plays", "method", "deals", "samples", "seed"]
    assert (data["method"], data["deals"], data["samples"], data["seed"]) == ("sampled", 40, 40, 7)
    plays = data["plays"]
    assert [set(p) for p in plays] == [
        {"card", "immediate", "expected_net", "stderr", "reason", "as_good"}
    ] * 4
    assert sorted(p["card"] for p in plays) == ["2S", "4D", "8C", "9C"]
    nets = [p["expected_net"] for p in plays]
    assert nets == sorted(nets, reverse=True)
    assert all(p["stderr"] > 0 for p in plays)
    assert all(p["as_good"] == (p["expected_net"] >= nets[0] - 0.1 - 1e-9) for p in plays)
    # The same seed gives the same ranking, run after run.
    assert run(*argv, "--samples", "40", "--seed", "7", "--json")[1] == out


def test_exact_when_few_deals_fit():
    code, out = run("peg", *LATE, "--hand", "2H", "AD", "--variant", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "exact" and data["deals"] == 13 * 13 - 1
    assert [p["stderr"] for p in data["plays"]] == [0, 0]
    best = data["plays"][0]
    assert best["card"] == "2H" and best["immediate"] == 9  # 31 and a run of seven


def test_text_names_the_seat_and_the_method():
    code, out = run("peg", *LATE, "--hand", "2H", "AD", "--variant", "three-player", "--ascii")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == (
        "You (seat C of 3, dealer) hold 2H AD; count 29 (AS 2S 3S 4S 5S 6S 7S AH); "
        "hidden cards: A 1, B 1."
    )
    assert lines[1].startswith("exact over all")
    rows = [line for line in lines if line[:3].strip().isdigit()]
    assert [r.split()[1] for r in rows] == ["2H", "AD"] and "best" in rows[0]


def test_four_player_partners_pool():
    code, out = run(
        "peg", "A:KS", "B:QH", "C:9D", "--hand", "2S", "4D", "9C", "8C", "--variant",
        "four-player", "--samples", "20", "--ascii",
    )  # fmt: skip
    assert code == 0
    assert out.startswith("You (seat D of 4, dealer) hold 2S 4D 9C 8C; count 29")
    assert "your side's points (you and your partner)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["KS", "--hand", "4D", "2S", "9C", "--samples", "5"], "--samples goes with --variant"),
        (
            ["KS", "--hand", "4D", "2S", "9C", "8C", "--variant", "3", "--samples", "1"],
            "--samples must be 2 to",
        ),
        (
            ["KS", "--hand", "4D", "2S", "9C", "8C", "--variant", "3", "--samples", "x"],
            "invalid int value",
        ),
        (["KS", "--variant", "3", "--seed", "3"], "--variant and --seed go with --hand"),
        (
            ["KS", "--hand", "4D", "2S", "9C", "8C", "--variant", "3", "--opponent", "weighted"],
            "is for two players",
        ),
        (["KS", "--hand", "4D", "2S", "9C", "--variant", "3"], "no seat to play next"),
        (
            ["KS", "--hand", "4D", "2S", "9C", "8C", "--variant", "3", "--player", "zed"],
            "not one of the seats",
        ),
        (
            ["5S", "5H", "5D", "go", "--hand", "4D", "2S", "9C", "--variant", "3"],
            "could not come in at 15",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(argv, message, capsys):
    try:
        code = main(["peg", *argv], out=io.StringIO())
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("crib-trainer peg: error: ") and err.count("\n") == 1
    assert message in err


def test_without_samples_the_deals_are_drawn_until_the_ranking_is_clear():
    """No ``--samples``: sampled until the best card's lead is clear of its error, said in
    the JSON (``stopped``, ``lead``, ``lead_stderr``; ``samples`` null) and in words made
    from those numbers."""
    argv = ("peg", "KS", "AH", "QD", "--hand", "KC", "2D", "3H", "--variant", "three-player")
    code, out = run(*argv, "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == [
        "plays", "method", "deals", "samples", "seed", "stopped", "lead", "lead_stderr"
    ]  # fmt: skip
    assert (data["method"], data["samples"], data["stopped"]) == ("sampled", None, "clear")
    nets = [p["expected_net"] for p in data["plays"]]
    assert data["lead"] == pytest.approx(nets[0] - nets[1], abs=2e-4)
    assert data["lead"] > 2 * data["lead_stderr"] > 0
    code, text = run(*argv)
    said = (
        f"sampled: {data['deals']} deals of the hidden hands, seed 0; the best card leads the "
        f"next by {data['lead']:.2f} points, over twice its error ({data['lead_stderr']:.2f})."
    )
    assert said in text

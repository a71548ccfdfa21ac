"""The laws on the command line: ``score --claim --law``, short hands, ``peg`` refusing
plays the rules forbid (and ``--as-laid``), and ``game replay``.

Rule texts (../shared/rules): Britannica 000_9eb24ee60004c902.txt, Hoyle
003_89bcfdda3f850483.txt; ACC, the American Cribbage Congress's tournament rules."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from crib_trainer.core.pegging import parse_peg_tokens, score_sequence
from tests.cli.test_cli import run

HAND_12 = ("score", "7H", "8C", "8D", "KS", "--starter", "9C")


@pytest.mark.parametrize(
    ("law", "to_opponent", "source", "cite"),
    [
        ("acc", 3, "ACC, rule 8.4", "ACC, rule 8.4"),
        ("britannica", 3, "Britannica, law 19", 'Britannica, "Cribbage", law 19'),
        ("hoyle", 0, "Hoyle, Muggins", 'Hoyle, "Cribbage", Muggins'),
    ],
)
def test_score_claim_law_over_claim(law, to_opponent, source, cite):
    """Britannica [000] law 19 and ACC rule 8.4 give the opponent the excess; Hoyle [003]:
    the opponent may require correction (its 2 points are for over-pegging)."""
    code, out = run(*HAND_12, "--claim", "15", "--law", law, "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] == law
    assert data["scored"] == 12 and data["to_opponent"] == to_opponent
    assert data["law"]["source"] == source and data["law"]["cite"] == cite
    assert "file" not in data["law"]  # (where the project keeps a text is no citation)
    _, text = run(*HAND_12, "--claim", "15", "--law", law)
    assert f"({cite})" in text and "[00" not in text


def test_score_claim_under_without_muggins_is_lost_not_raised():
    """Britannica [000] law 19: scoring too few, no penalty (and no help counting)."""
    _, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5D", "--claim", "28", "--json")
    data = json.loads(out)
    assert data["scored"] == 28 and data["to_opponent"] == 0 and data["rules"] == "acc"


def test_the_default_law_follows_the_game_length():
    hand = ("score", "7H", "8C", "KS", "--starter", "9C", "--variant", "five-card")
    _, out = run(*hand, "--claim", "15", "--json")
    assert json.loads(out)["rules"] == "britannica"  # the five-card game is 61


def test_britannica_000_law_19_has_no_muggins(capsys):
    code, _ = run(*HAND_12, "--claim", "11", "--law", "britannica", "--muggins")
    assert code == 2 and "no muggins" in capsys.readouterr().err


@pytest.mark.parametrize(("law", "penalty"), [("britannica", "no penalty"), ("hoyle", "pegs 2")])
def test_a_short_hand_is_scored_with_its_law(law, penalty):
    """Britannica [000] laws 10 and 13: played short, no penalty; Hoyle [003], Wrong Number
    of Cards: the opponent pegs 2."""
    code, out = run("score", "5H", "5C", "JD", "--starter", "5D", "--law", law)
    assert code == 0 and "A short hand (3 of 4 cards, no flush)" in out and penalty in out
    assert "1 hand in" not in out  # no odds: they are for full hands
    _, out = run("score", "5H", "5C", "JD", "--starter", "5D", "--law", law, "--json")
    data = json.loads(out)
    assert data["total"] == 15 and data["short"] == 1


# --- peg --------------------------------------------------------------------------------


def test_peg_refuses_a_go_while_a_card_would_come_in(capsys):
    """Britannica [000], the play: bound to play while a card will come in."""
    code, _ = run("peg", "KS", "6H", "5D", "go", "5C", "5S")
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert (
        "token 4 'go': no one could say go at 21" in err
        and 'Britannica, "Cribbage", the play' in err
    )
    assert "--as-laid" in err


def test_peg_refuses_the_wrong_player_leading_after_a_go(capsys):
    """Hoyle [003], The Play: the opponent of the player who played the last card leads."""
    code, _ = run("peg", "A:KS", "B:QH", "A:9C", "go", "A:5D", "B:4C")
    assert code == 2 and "A led, but B should have" in capsys.readouterr().err


def test_peg_as_laid_scores_it_and_says_so():
    code, out = run("peg", "--as-laid", "KS", "6H", "5D", "go", "5C", "5S")
    assert code == 0 and "Scored as laid: against the rules:" in out
    _, out = run("peg", "--as-laid", "KS", "6H", "5D", "go", "5C", "5S", "--json")
    data = json.loads(out)
    assert len(data["irregular"]) == 1 and data["totals"] == {"A": 4, "B": 0}
    _, out = run("peg", "--as-laid", "4S", "2H", "5D", "3C", "6S")
    assert "nothing in it breaks the rules" in out


def test_peg_help_example_is_a_legal_play():
    help_text = subprocess.run(
        [sys.executable, "-m", "crib_trainer.cli", "peg", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    flat = " ".join(help_text.split())
    example = re.search(r"Examples: peg ([^(;]+)", flat).group(1).split()
    assert score_sequence(parse_peg_tokens(example)).irregular == ()
    code, _ = run("peg", *example)
    assert code == 0


# --- game replay --------------------------------------------------------------------------

LOG = """\
# the 1911 dialogue's deal (001_e9ff528cbb8f3f06.txt), Bob as A
game: Ann, Bob; rules acc; muggins on
2H
2D
9S
4C
4D
JH
bob:2S
9D
6H
JH 4C 2D 2S 7
9S 9D 6H 4D 9
KS 8C 3D AS 5
"""


def test_game_replay_text_and_json(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(LOG, encoding="utf-8")
    code, out = run("game", "replay", str(path))
    assert code == 0
    assert "muggins! Bob takes the 1 missed — ACC, rule 10" in out
    assert "= Ann 14, Bob 12" in out and out.rstrip().endswith("Not finished: deal 2, the cut.")
    _, out = run("game", "replay", str(path), "--json")
    data = json.loads(out)
    assert data["game"]["rules"] == "acc" and data["result"] is None
    assert data["entries"][0] == {
        "line": 3,
        "text": "2H",
        "events": [{"text": "starter 2♥", "points": [0, 0]}],
        "scores": {"Ann": 0, "Bob": 0},
    }
    assert data["entries"][-1]["scores"] == {"Ann": 19, "Bob": 12}


def test_game_replay_result(tmp_path, monkeypatch):
    """ACC rule 1.6: a loser on 72 of 121 is skunked."""
    lines = ["game: Ann, Bob", "5D", *["bob 12"] * 6, *["ann 15"] * 8, "ann 1"]
    code, out = run("game", "replay", "-", stdin="\n".join(lines), monkeypatch=monkeypatch)
    assert code == 0 and out.rstrip().endswith("Ann wins 121–72, a skunk (ACC, rule 1.6 (skunk)).")
    _, out = run("game", "replay", "-", "--json", stdin="\n".join(lines), monkeypatch=monkeypatch)
    result = json.loads(out)["result"]
    assert result["winner"] == "Ann" and result["kind"] == "skunk"
    assert result["scores"] == {"Ann": 121, "Bob": 72}


def test_game_replay_bad_line_is_one_line_with_its_number(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("game: A, B; variant five-card\n2H\nKS\nQH\n5D\n6C\n3S\n", encoding="utf-8")
    code, _ = run("game", "replay", str(path))
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert f"{path} line 7: the play is over" in err and 'Britannica, "Cribbage", the play' in err
    code, _ = run("game", "replay", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read game log" in capsys.readouterr().err


def _fenced(path: str, heading: str) -> list[str]:
    """The lines of the first ```text block after ``heading`` in a document."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8")
    after = text[text.index(heading) :]
    block = after[after.index("```text\n") + len("```text\n") :]
    return block[: block.index("```")].splitlines()


@pytest.mark.parametrize(
    ("path", "heading"),
    [("README.md", "### `game replay`"), ("docs/gamelog.md", "# The game log")],
)
def test_the_documented_game_log_replays(path, heading):
    from crib_trainer.core.gamelog import replay_log

    replay = replay_log(_fenced(path, heading))
    assert replay.game.state().scores == [19, 11]

"""``crib-trainer peg ... --hand ... --score ME HIM``: plays ranked by the chance to win."""

from __future__ import annotations

import io
import itertools
import json

import pytest

from crib_trainer.analysis.endplay import after_play
from crib_trainer.cli import main
from tests.inprocess import run_cli


def plays(*argv: str) -> list[dict]:
    out = io.StringIO()
    assert main(["peg", *argv, "--json"], out=out) == 0
    return json.loads(out.getvalue())["plays"]


def test_a_card_that_pegs_out_wins_now_and_comes_first():
    # 7 then 8 makes fifteen for 2: the pone at 119 goes out with it
    ranked = plays("7S", "--hand", "8H", "2D", "5S", "9C", "--score", "119", "100")
    assert ranked[0]["card"] == "8H" and ranked[0]["win"] == 1.0
    assert all(p["win"] < 1.0 for p in ranked[1:])
    wins = [p["win"] for p in ranked]
    assert wins == sorted(wins, reverse=True)


def test_a_play_he_can_peg_out_on_costs_at_least_that_chance():
    # he needs 2: any reply that scores 2 or more takes him out at once
    ranked = plays("7S", "--hand", "8H", "2D", "5S", "9C", "--score", "110", "119")
    for p in ranked:
        biggest = max((t["chance"] for t in p["threats"]), default=0.0)
        assert p["win"] <= 1.0 - biggest + 1e-4


def test_a_fourth_card_of_a_rank_is_ranked_without_asking_for_a_fifth():
    # 3 3 3 then the last 3: he cannot hold a fifth, so his peg-outs leave that rank out
    ranked = plays("3S", "3H", "3D", "--hand", "3C", "2H", "4D", "--score", "100", "115")
    assert {p["card"] for p in ranked} == {"3C", "2H", "4D"}
    assert all(0.0 <= p["win"] <= 1.0 for p in ranked)


def test_the_points_ranking_without_a_score_has_no_win():
    assert all("win" not in p for p in plays("7S", "--hand", "8H", "2D", "5S", "9C"))


@pytest.mark.parametrize("dealer", [True, False])
def test_after_the_play_needing_less_never_hurts(dealer):
    for his in (1, 5, 20, 60):
        wins = [after_play(m, his, dealer=dealer, variant="six-card") for m in range(1, 40)]
        assert all(a >= b - 1e-12 for a, b in itertools.pairwise(wins))
        assert all(0.0 <= w <= 1.0 for w in wins)


def test_a_known_hand_that_reaches_counting_first_wins_after_the_play():
    assert after_play(4, 2, dealer=False, variant="six-card", my_hand=6) == 1.0
    assert after_play(4, 2, dealer=False, variant="six-card", my_hand=2) < 0.5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["7S", "--hand", "8H", "2D", "5S", "9C", "--score", "121", "0"], "your score is 121"),
        (["7S", "--score", "1", "1"], "--score goes with --hand"),
        (["7S", "--hand", "8H", "2D", "--score", "1"], "expected 2 arguments"),
    ],
)
def test_bad_scores_are_one_clear_line(argv, message):
    proc = run_cli("peg", *argv)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert message in proc.stderr

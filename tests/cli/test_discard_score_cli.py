"""``crib-trainer discard ... --score ME HIM``: throws ranked by the chance to win."""

from __future__ import annotations

import io
import json
import sys

import pytest

from crib_trainer.analysis.position import analyse_position
from crib_trainer.cli import main
from tests.inprocess import run_cli

DEAL = ["3C", "3S", "QH", "AH", "JH", "6H"]


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_json_ranks_by_win_and_keeps_the_points_keys():
    code, out = run("discard", *DEAL, "--pone", "--score", "116", "100", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["me"] == 116 and data["him"] == 100 and data["role"] == "pone"
    assert isinstance(data["why"], str) and data["why"]
    wins = [o["win"] for o in data["options"]]
    assert len(wins) == 15 and all(0 <= w <= 1 for w in wins)
    assert wins == sorted(wins, reverse=True)
    assert {"discard", "keep", "hand_ev", "crib_ev", "net_ev", "loss"} <= set(data["options"][0])


def test_near_the_end_the_surer_hand_beats_the_most_points():
    # pone at 116 needs 5 and counts first: the four hearts make 4 in flush whatever is cut
    p = analyse_position(" ".join(DEAL), dealer=False, me=116, him=100)
    best, top = p.best, p.points_best
    assert best is not top and best.win > top.win + 0.05
    assert best.option.net_ev < top.option.net_ev and best.home > top.home
    code, out = run("discard", *DEAL, "--pone", "--score", "116", "100")
    assert code == 0
    star = next(line for line in out.splitlines() if line.startswith(" * "))
    assert "3♣ 3♠" in star and "%" in star
    assert "Why: you need 5 and you count first" in out


def test_pone_at_119_needing_2_keeps_the_hand_that_gets_there():
    p = analyse_position("9D 3H 7C TH KC AC", dealer=False, me=119, him=100)
    assert p.best is not p.points_best
    assert p.best.home > p.points_best.home and p.best.win > p.points_best.win


def test_far_from_the_end_the_points_best_is_the_best_chance():
    out = run("discard", *DEAL, "--pone", "--score", "10", "12", "--json")[1]
    data = json.loads(out)
    best_net = max(o["net_ev"] for o in data["options"])
    assert data["options"][0]["net_ev"] > best_net - 0.6


def test_a_batch_with_a_score_gives_the_same_records():
    line = " ".join(DEAL) + " pone\n"
    single = run("discard", *DEAL, "--pone", "--score", "90", "95", "--json")[1]
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(line)
    try:
        main(["discard", "--batch", "-", "--score", "90", "95"], out=out)
    finally:
        sys.stdin = old
    assert json.loads(out.getvalue().splitlines()[0]) == json.loads(single)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--score", "121", "5"], "your score is 121: scores run from 0 to 120"),
        (["--score", "5", "-1"], "his score is -1"),
        (["--score", "5"], "expected 2 arguments"),
        (["--score", "a", "5"], "invalid int value"),
        (["--score", "5", "5", "--variant", "four-player"], "two-player games"),
    ],
)
def test_bad_scores_are_one_clear_line(argv, message):
    proc = run_cli("discard", *DEAL, "--pone", *argv)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert message in proc.stderr


def test_json_as_good_and_win_se_are_the_texts_star_and_plus_minus():
    """(A deal where a throw keeping other ranks ties the best within the error.)"""
    deal = ["2S", "2C", "5D", "QH", "QD", "KD"]
    _, text = run("discard", *deal, "--pone", "--score", "109", "105", "--ascii")
    _, out = run("discard", *deal, "--pone", "--score", "109", "105", "--json")
    options = json.loads(out)["options"]
    rows = [line for line in text.splitlines() if line[:3] in (" * ", "   ") and "%" in line]
    assert len(rows) == len(options) == 15
    for row, o in zip(rows, options, strict=True):
        win, se = (float(x.rstrip("%")) / 100 for x in row.split()[-2:])
        assert win == pytest.approx(o["win"], abs=0.00051)  # (JSON rounds to 4 places)
        assert se == pytest.approx(o["win_se"], abs=0.00051)
        assert (row[1] == "*") == o["as_good"]
    assert [o["as_good"] for o in options[:4]] == [True, True, True, False]


def test_the_weighted_opponent_at_the_score_gives_the_position_drills_numbers():
    """`discard --score --opponent weighted` ranks as the position drill judges."""
    from crib_trainer.core.cards import parse_cards
    from crib_trainer.training.grading.judge import judge_throw_at_score

    argv = ["3C", "3S", "QH", "AH", "JH", "6H", "--pone", "--score", "116", "100"]
    code, out = run("discard", *argv, "--opponent", "weighted", "--json")
    assert code == 0
    record = json.loads(out)
    v = judge_throw_at_score(parse_cards("3C 3S QH AH JH 6H"), parse_cards("3C 3S"),
                             dealer=False, me=116, him=100)  # fmt: skip
    assert [o["win"] for o in record["options"]] == [round(c.value, 4) for c in v.ranking]
    assert record["opponent"] == "weighted"

"""Position puzzles (issue 18, item 4): discards and plays at a score, answered by the
chance to win."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.training.puzzles import (
    check_puzzles,
    default_puzzle_dir,
    load_puzzles,
    pegging_options,
    pegging_truth,
    solve,
)

DISCARD = """
theme = "test"

[[puzzle]]
id = "at-a-score"
kind = "discard"
difficulty = 1
cards = "3C 3S QH AH JH 6H"
role = "pone"
question = "Throw two."
answer = "3C 3S"
note = "Keep the flush."
source = "constructed"
"""


PLAY = """
theme = "test"

[[puzzle]]
id = "lay-at-a-score"
kind = "pegging-play"
difficulty = 1
sequence = "A:6D B:3H A:4C B:3C"
hand = "2C 7H"
starter = "5C"
discards = "JD KD"
question = "Which card?"
answer = "2C"
note = "The run."
source = "constructed"
"""


def test_each_position_answer_wins_more_than_the_points_best_choice():
    puzzles = check_puzzles([default_puzzle_dir() / "position.toml"])
    assert puzzles.problems == [] and len(puzzles.puzzles) >= 12
    kinds = {p.kind for p in puzzles.puzzles}
    assert kinds == {"discard", "pegging-play"}
    for p in puzzles.puzzles:
        assert p.score is not None and p.note
        if p.kind == "pegging-play":
            points_best = {c.rank for c in pegging_truth(pegging_options(p))}
            assert not {c.rank for c in solve(p)} & points_best, p.id
            continue
        points = analyse_discards(p.cards, dealer=p.dealer, variant=p.variant)
        points_best = {frozenset(o.discard) for o in points.options if o.as_good}
        assert not set(solve(p)) & points_best, p.id


def test_a_play_at_a_score_is_answered_by_the_chance_to_win(tmp_path: Path):
    path = tmp_path / "p.toml"
    path.write_text(PLAY, encoding="utf-8")
    assert check_puzzles([path]).problems == []  # the run of three: the most points
    path.write_text(PLAY + "score = [117, 118]\n", encoding="utf-8")
    (problem,) = check_puzzles([path]).problems
    assert problem.field == "answer" and "7♥" in problem.message
    path.write_text(PLAY.replace('"2C"', '"7H"') + "score = [117, 118]\n", encoding="utf-8")
    assert check_puzzles([path]).problems == []


def test_the_same_hand_without_a_score_is_a_points_puzzle(tmp_path: Path):
    path = tmp_path / "d.toml"
    path.write_text(DISCARD.replace('answer = "3C 3S"', 'answer = "QH 6H"'), encoding="utf-8")
    assert check_puzzles([path]).problems == []
    path.write_text(DISCARD + "score = [116, 100]\n", encoding="utf-8")
    assert check_puzzles([path]).problems == []


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("score = [121, 100]", "scores run from 0 to 120"),
        ("score = [116]", "two whole numbers"),
        ('score = "116 100"', "two whole numbers"),
    ],
)
def test_a_bad_score_is_named(tmp_path: Path, extra: str, message: str):
    path = tmp_path / "bad.toml"
    path.write_text(DISCARD + extra + "\n", encoding="utf-8")
    result = load_puzzles([path])
    assert result.puzzles == []
    (problem,) = result.problems
    assert problem.field == "score" and message in problem.message


def test_only_a_discard_puzzle_takes_a_score(tmp_path: Path):
    text = (
        DISCARD.replace('kind = "discard"', 'kind = "count"')
        .replace('role = "pone"', 'starter = "2H"')
        .replace('answer = "3C 3S"', "answer = 4")
    )
    path = tmp_path / "count.toml"
    path.write_text(text.replace("3C 3S QH AH JH 6H", "9S TH JC QD") + "score = [1, 1]\n")
    (problem,) = load_puzzles([path]).problems
    assert problem.field == "score"


def test_a_throw_at_a_score_is_graded_by_the_chance_it_gives_up():
    from datetime import UTC, datetime

    from crib_trainer.analysis.position import analyse_position
    from crib_trainer.core.cards import parse_cards
    from crib_trainer.training.drills.hands import DiscardDrill
    from crib_trainer.training.grading.decisions import decision_attempt
    from crib_trainer.training.grading.judge import position_verdict

    cards = parse_cards("3C 3S QH AH JH 6H")
    at = analyse_position(cards, dealer=False, me=116, him=100)
    top = at.points_best  # no points given up, but 7% of the game
    attempt = decision_attempt(
        DiscardDrill(cards, False),
        position_verdict(at, top.option.discard),
        seconds=3.0,
        answered_at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    assert top.option.loss == 0.0
    assert not attempt.correct and attempt.grade == "costly"
    assert attempt.truth["gave_up"] > 0.05 and attempt.truth["unit"] == "win"
    assert attempt.missed["discard-pone"] > 0

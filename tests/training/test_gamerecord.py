"""The record across games: outcomes of finished games, their sums, the rating."""

from __future__ import annotations

import random

import pytest

from crib_trainer.training.game.gamerecord import (
    K_FACTOR,
    LEVELS,
    START,
    GameOutcome,
    expected,
    games_summary,
    outcome_of,
    ratings,
)
from crib_trainer.training.game.practice import Practice, PracticeSettings
from tests.training.test_practice import T, learner_step


def game(opponent="expert", won=True, kind="single", sides=2, **lost) -> GameOutcome:
    return GameOutcome(T, "six-card", opponent, won, kind, 121 if won else 100,
                       100 if won else 121, lost, sides=sides)  # fmt: skip


def test_a_win_raises_the_rating_and_a_loss_lowers_it_by_what_was_expected():
    up, down = ratings([game(won=True)])[0], ratings([game(won=False)])[0]
    e = expected(START, LEVELS["expert"])
    assert up == pytest.approx(START + K_FACTOR * (1 - e))
    assert down == pytest.approx(START - K_FACTOR * e)
    # beating the beginner (rated as the start) is worth less than beating the expert
    assert ratings([game("beginner")])[0] - START < up - START
    # at a table of three a win was less expected, so it is worth more
    assert ratings([game(sides=3)])[0] > up


def test_the_rating_settles_where_the_results_say():
    """A learner who wins exactly the expected share against the expert settles at the
    expert's rating; one who wins more, above it."""
    rng = random.Random(1)
    even = [game(won=rng.random() < 0.5) for _ in range(2000)]
    assert abs(ratings(even)[-1] - LEVELS["expert"]) < 60
    strong = [game(won=rng.random() < 0.6) for _ in range(2000)]
    assert ratings(strong)[-1] > LEVELS["expert"] + 30


def test_the_summary_adds_up_wins_skunks_and_points_by_opponent():
    outcomes = [
        game("expert", True, "skunk", play=2.0, count=1.0),
        game("expert", False, "single", play=1.0),
        game("good", False, "lurch", discard=3.0),
    ]
    s = games_summary(outcomes)
    assert (s.played, s.won, s.skunks_given, s.skunks_taken) == (3, 1, 1, 1)
    assert s.by_opponent == {"expert": (2, 1), "good": (1, 0)}
    assert s.rating == ratings(outcomes)[-1]
    assert s.last_change == pytest.approx(ratings(outcomes)[-1] - ratings(outcomes)[-2])
    assert s.lost_per_game == pytest.approx({"play": 1.0, "count": 1 / 3, "discard": 1.0})
    data = s.to_json()
    assert data["played"] == 3 and data["won"] == 1
    assert data["by_opponent"]["expert"] == {"played": 2, "won": 1}
    words = "\n".join(s.lines())
    assert "3 games played, 1 won (33%)" in words and "against expert 1 of 2 (50%)" in words
    assert f"Rating {s.rating:.0f}" in words


def test_no_games_yet_says_so():
    s = games_summary([])
    assert s.played == 0 and s.rating == START and "No practice game finished" in s.lines()[0]


@pytest.mark.parametrize("variant", ["five-card", "three-player"])
def test_a_finished_game_reads_as_its_outcome(variant):
    rng = random.Random(3)
    p = Practice.new(PracticeSettings(variant, strength="beginner"), seed=3).advance()
    while not p.over:
        p = learner_step(p, rng).advance()
    o = outcome_of(p, T)
    g = p.game
    assert o.won == (g.winner == 0) and o.kind == g.result.kind
    assert (o.you, o.them) == g.score_of(0) and o.sides == g.sides
    assert GameOutcome.from_json(o.to_json()) == o
    with pytest.raises(ValueError, match="not over"):
        outcome_of(Practice.new(p.settings, seed=3), T)

"""Pegging drills at a table of three or four (issue 20.3)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from crib_trainer.analysis.pegging import read_table
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.pegdrills import THEMES, PegDrill
from crib_trainer.training.drills.tabledrills import (
    TableDrill,
    drill_from_question,
    replay_table,
    table_drill,
    table_themes,
)
from crib_trainer.training.grading.decisions import table_seed
from crib_trainer.training.grading.judge import table_analysis
from crib_trainer.training.grading.review import replayable
from tests.decision_support import judged

T = datetime(2026, 1, 1, tzinfo=UTC)


def first_fit_keep(cards, *, dealer, variant):  # cheap and deterministic, for speed
    return tuple(cards[:4])


@pytest.mark.parametrize("variant", ["three-player", "four-player"])
@pytest.mark.parametrize("seed", range(4))
def test_a_drill_is_a_real_choice_at_the_table(variant, seed):
    d = table_drill(random.Random(seed), variant=variant, keep=first_fit_keep)
    s = d.situation
    assert s.variant.name == variant and d.kind == "peg-play"
    pos = read_table(s)
    assert len({c.rank for c in pos.legal_cards()}) >= 2
    assert len(s.played) >= s.players  # after the first round
    # The hidden hands are the other seats' real cards: the play replays with them.
    state = replay_table(d)
    assert state.turn == s.seat and state.hands[s.seat] == s.hand
    assert d.hidden[s.seat] == () and all(
        len(h) == pos.left[q] for q, h in enumerate(d.hidden) if q != s.seat
    )
    assert d.themes == table_themes(s) and set(d.themes) <= set(THEMES)
    assert drill_from_question(d.question()) == d
    assert "--variant " + variant in d.command()


@pytest.mark.parametrize("theme", ["near-31", "run-trap"])
def test_a_theme_can_be_asked_for(theme):
    d = table_drill(random.Random(2), variant="three-player", theme=theme, keep=first_fit_keep)
    assert d.hit and theme in d.themes and d.theme == theme


def test_graded_and_stored_like_every_peg_play_answer():
    d = table_drill(random.Random(5), variant="four-player", keep=first_fit_keep)
    options = table_analysis(d.situation, seed=table_seed(d)).options
    worst = options[-1]
    a = judged(d, (worst.card,), seconds=3, answered_at=T)
    lost = options[0].expected_net - worst.expected_net
    assert a.truth["gave_up"] == pytest.approx(lost, abs=1e-6) and a.truth["error"] > 0
    assert a.kind == "peg-play" and a.question["variant"] == "four-player"
    assert isinstance(drill_from_question(a.question), TableDrill)
    assert replayable(a)
    broken = Attempt(
        "peg-play", {**a.question, "others": [["5H"]]}, {}, {}, False, "fair", {}, 3, T
    )
    assert not replayable(broken)


def test_two_player_questions_still_read_as_two_player_drills():
    from crib_trainer.training.drills.pegdrills import peg_drill

    d = peg_drill(random.Random(3))
    assert isinstance(drill_from_question(d.question()), PegDrill)


def test_refuses_a_two_player_table():
    with pytest.raises(ValueError, match="three or four"):
        table_drill(random.Random(1), variant="six-card")

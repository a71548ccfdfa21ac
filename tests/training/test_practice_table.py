"""The practice game at a table of three (two computer opponents) or four (a computer
partner and two opponents): whole games, the learner's throws and cards graded, saving."""

from __future__ import annotations

import json
import random

import pytest

from crib_trainer.training.drills.tabledrills import TableDrill, drill_from_question
from crib_trainer.training.game.practice import (
    Practice,
    PracticeError,
    PracticeSettings,
    grade_pending,
)
from crib_trainer.training.kinds import KINDS
from tests.training.test_practice import T, learner_step


def whole_game(variant: str, seed: int) -> Practice:
    rng = random.Random(seed)
    settings = PracticeSettings(variant, "hoyle", muggins=True, strength="beginner")
    p = Practice.new(settings, seed=seed)
    p = p.advance()
    while not p.over:
        p = learner_step(p, rng, short=1).advance()
        assert Practice.from_json(json.loads(json.dumps(p.to_json()))) == p
    return p


@pytest.mark.parametrize(("variant", "names"), [
    ("three-player", ("You", "Left", "Right")),
    ("four-player", ("You", "Left", "Partner", "Right")),
])  # fmt: skip
def test_a_whole_table_game_to_61_with_every_count_graded(variant, names):
    p = whole_game(variant, 4)
    g = p.game
    assert g.names == names and g.winner is not None
    assert g.scores[g.winner] >= 61 > max(s for i, s in enumerate(g.scores) if i != g.winner)
    assert p.log[-1].endswith("–".join(map(str, g.scores)) + ".")
    counts = [x for x in p.all_grades() if x.decision == "count"]
    assert counts and all(x.points_lost >= 1 for x in counts if x.attempt.truth["total"])
    assert {q.decision[0] for q in p.pending} == {"discard", "play"}
    throws = [q for q in p.pending if q.decision[0] == "discard"]
    assert all(len(q.decision[2]) == 1 for q in throws) and len(throws) == len(g.deals)


def test_partners_win_together_and_the_log_says_so():
    p = whole_game("four-player", 4)
    side = p.side_name(p.game.winner)
    assert side in ("You and Partner", "Left and Right")
    assert f"{side} win: " in p.log[-1]


def test_the_learner_is_asked_to_throw_once_the_computers_have():
    p = Practice.new(PracticeSettings("three-player"), seed=2).advance()
    assert p.waiting_for == "discard" and len(p.hand) == 5
    assert all(t is not None for t in p.game.thrown[1:]) and p.game.thrown[0] is None
    with pytest.raises(PracticeError, match="throw 1 different cards"):
        p.discard(p.hand[:2], seconds=1, answered_at=T)


def test_a_late_card_is_graded_by_the_table_analysis_and_replays_as_a_table_drill():
    rng = random.Random(7)
    p = Practice.new(PracticeSettings("three-player", strength="beginner"), seed=7).advance()
    while p.game.deal_number == 0 and not p.over:
        p = learner_step(p, rng).advance()
    plays = [q for q in p.pending if q.decision[0] == "play"]
    late = plays[-1]  # few cards left: the exact table analysis, at once
    grade = grade_pending(p, late)
    if grade is None:  # no choice of rank at that card
        grade = next(g for q in plays[::-1] if (g := grade_pending(p, q)) is not None)
    assert grade.decision == "play" and grade.points_lost >= 0
    assert grade.attempt.kind == "peg-play"
    drill = drill_from_question(grade.attempt.question)
    assert isinstance(drill, TableDrill) and drill.situation.variant.name == "three-player"
    assert KINDS["peg-play"].replay(grade.attempt.question) == drill


def test_mis_counts_are_for_two_players():
    with pytest.raises(PracticeError, match="two-player"):
        PracticeSettings("four-player", muggins=True, miscounts=True)

"""Every stored question and answer is one of its kind's typed shapes (issue 40): what
each kind deals, at every game it deals for, has exactly a shape's keys, survives JSON,
and its kind's ``replay`` reads it back as the same drill; what it stores of an answer,
hinted or timed too, has one of its answer shapes."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest

from crib_trainer.training import categories as cat
from crib_trainer.training import shapes as shape
from crib_trainer.training.grading.answers import peg_score_attempt
from crib_trainer.training.kinds import KINDS
from crib_trainer.training.shapes import fits, shape_of

NOW = datetime(2026, 11, 29, 10, tzinfo=UTC)

GAMES = {
    "count-hand": ("six-card", "five-card"),
    "count-crib": ("six-card", "five-card"),
    "judge": ("six-card", "five-card"),
    "discard": ("six-card", "five-card", "three-player"),
    "peg-score": ("six-card", "four-player"),
    "peg-play": ("six-card", "five-card", "three-player", "four-player"),
    "position": ("six-card",),
}
CASES = [(kind, game) for kind, games in GAMES.items() for game in games]


def test_every_kind_is_dealt_here():
    assert set(GAMES) == set(KINDS)


def stored_question(kind, drill):
    """What is stored with an answer: the drill's question, and for a last card's points
    the theme asked (as the pegging screen stores it, through ``peg_score_attempt``)."""
    asked = drill.question()
    if kind != "peg-score":
        return asked
    return peg_score_attempt(
        theme="pair", question=asked, claimed=2, actual=2, seconds=1.0, answered_at=NOW
    ).question


@pytest.mark.parametrize(("kind", "game"), CASES)
def test_a_dealt_question_has_its_kinds_shape_and_replays_as_the_same_drill(kind, game):
    k = KINDS[kind]
    for seed in range(2):
        drill = k.generate(random.Random(seed), None, game)
        asked = stored_question(kind, drill)
        assert shape_of(asked, k.shapes) is not None, (kind, game, sorted(asked))
        stored = json.loads(json.dumps(asked))
        assert k.replay(stored) == drill


def test_a_position_question_is_a_throw_or_a_play_each_with_its_shape():
    k = KINDS["position"]
    throw = k.generate(random.Random(1), cat.POSITION_PONE, "six-card").question()
    play = k.generate(random.Random(1), cat.POSITION_PLAY, "six-card").question()
    assert shape_of(throw, k.shapes) is shape.PositionQuestion
    assert shape_of(play, k.shapes) is shape.PositionPlayQuestion


@pytest.mark.parametrize("game", ["six-card", "four-player"])
def test_a_last_card_question_adds_its_theme(game):
    drill = KINDS["peg-play"].generate(random.Random(5), None, game)
    attempt = peg_score_attempt(
        theme="fifteen",
        question=drill.question(),
        claimed=2,
        actual=2,
        seconds=1.0,
        answered_at=NOW,
    )
    expected = shape.PegScoreQuestion if game == "six-card" else shape.TableScoreQuestion
    assert shape_of(attempt.question, KINDS["peg-score"].shapes) is expected


def test_fits_wants_every_required_key_and_no_other():
    q = {"cards": ["5H"] * 6, "role": "pone", "variant": "six-card"}
    assert fits(q, shape.DiscardQuestion)
    assert not fits({**q, "score": [1, 2]}, shape.DiscardQuestion)
    assert fits({**q, "score": [1, 2]}, shape.PositionQuestion)
    assert not fits({"cards": ["5H"], "role": "pone"}, shape.DiscardQuestion)
    count = {"cards": [], "starter": "5D", "crib": True, "variant": "six-card", "target": None}
    assert fits(count, shape.CountQuestion) and fits({**count, "throws": []}, shape.CountQuestion)


def test_every_kind_names_shapes_and_every_shape_belongs_to_a_kind():
    named = {s for k in KINDS.values() for s in k.shapes}
    assert named == {s for n, s in shape.SHAPES.items() if n.endswith("Question")}


def _answer(session, q):
    """A right answer to a dealt question, as a learner gives it."""
    drill = q.drill
    if q.kind in ("count-hand", "count-crib"):
        return session.grade(q, total=drill.breakdown().total, seconds=3.0)
    if q.kind == "judge":
        return session.grade(q, total=drill.deal.breakdown().total, seconds=3.0)
    if q.kind == "discard" or (q.kind == "position" and hasattr(drill, "cards")):
        return session.grade(q, throw=drill.cards[:2], seconds=3.0)
    return session.grade(q, card=drill.situation.hand[0], seconds=3.0)


@pytest.mark.parametrize(
    ("kind", "aim"),
    [
        ("count-hand", None),
        ("count-crib", None),
        ("judge", None),
        ("discard", None),
        ("peg-play", "peg-lead"),
        ("position", cat.POSITION_PONE),
        ("position", cat.POSITION_PLAY),
    ],
)
def test_a_graded_answer_has_its_kinds_answer_shape(kind, aim):
    from crib_trainer.training.grading.hints import with_hints
    from crib_trainer.training.learning.session import MemoryHistory, Plan, Session

    session = Session(MemoryHistory(), rng=random.Random(4), clock=lambda: NOW)
    q = session.deal(Plan(kind, aim, "random"))
    attempt = _answer(session, q)
    shapes = KINDS[kind].answers
    assert shape_of(attempt.answer, shapes) is not None, (kind, sorted(attempt.answer))
    hinted = with_hints(attempt, ["a hint"])
    assert shape_of(hinted.answer, shapes) is not None and "hints" in hinted.answer


def test_a_timed_hand_and_a_last_cards_points_have_their_shapes():
    from crib_trainer.training.drills.timed import timed_answer

    session_drill = KINDS["count-hand"].generate(random.Random(2), None, "six-card")
    attempt = KINDS["count-hand"].grade(session_drill, {"total": 4}, seconds=2.0, answered_at=NOW)
    timed = timed_answer(attempt, run=1, started=NOW, hand=3)
    assert shape_of(timed.answer, KINDS["count-hand"].answers) is shape.CountAnswer
    points = peg_score_attempt(
        theme="pair", question={}, claimed=2, actual=2, seconds=1.0, answered_at=NOW
    )
    assert shape_of(points.answer, KINDS["peg-score"].answers) is shape.PointsAnswer
    assert not shape.fits({"card": "5H", "discard": ["5H"]}, shape.CardAnswer)


def test_every_kind_names_its_answers_shapes():
    answers = {s for k in KINDS.values() for s in k.answers}
    assert all(k.answers for k in KINDS.values())
    assert answers == {s for n, s in shape.SHAPES.items() if n.endswith("Answer")}

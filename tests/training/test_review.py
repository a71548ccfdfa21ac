"""Which stored questions can be asked again: hand-edited rows are passed over."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from crib_trainer.training.drills.pegdrills import peg_drill
from crib_trainer.training.grading.review import replayable
from tests.decision_support import card_attempt

T = datetime(2026, 1, 2, tzinfo=UTC)


def peg_attempt(edit=None):
    drill = peg_drill(random.Random(11))
    question = drill.question()
    if edit:
        question = edit(question, drill)
    card = drill.situation.hand[0]
    return card_attempt(
        theme="lead",
        question=question,
        played=card,
        best=card,
        gave_up=0.0,
        seconds=3.0,
        answered_at=T,
    )


def test_a_pegging_question_as_stored_replays():
    assert replayable(peg_attempt())


@pytest.mark.parametrize(
    "edit",
    [
        lambda q, d: {**q, "themes": ["bogus"]},  # a theme no screen knows how to name
        lambda q, d: {**q, "opponent": [d.situation.hand[0].code]},  # his card is in my hand
        lambda q, d: {**q, "opponent": ["XX"]},
        lambda q, d: {**q, "hand": []},
        lambda q, d: {k: v for k, v in q.items() if k != "played"},
    ],
)
def test_a_hand_edited_pegging_question_does_not(edit):
    assert not replayable(peg_attempt(edit))

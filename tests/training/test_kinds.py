"""The registry of drill kinds: every kind deals, replays and names itself from one entry."""

from __future__ import annotations

import random

import pytest

from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import DRILL_KINDS
from crib_trainer.training.kinds import KINDS, PUZZLE_KINDS, can_aim, get_kind, kind_for_puzzle


def test_one_entry_per_stored_kind():
    assert tuple(KINDS) == DRILL_KINDS
    assert PUZZLE_KINDS == PUZZLE_KINDS
    assert {kind_for_puzzle(p) for p in PUZZLE_KINDS} <= set(KINDS)


@pytest.mark.parametrize("name", ["count-hand", "count-crib", "judge", "discard"])
def test_every_target_is_dealt_and_replays(name):
    kind = get_kind(name)
    rng = random.Random(5)
    for target in kind.targets:
        if not can_aim(name, target) or target == cat.OVER_CLAIM:
            continue
        drill = kind.generate(rng, target)
        assert drill.kind == name
        assert target in kind.holds(drill), target
        assert kind.replay(drill.question()) == drill


@pytest.mark.parametrize("name", ["count-hand", "count-crib"])
def test_a_count_aims_at_what_a_six_card_show_can_hold(name):
    """The session plans the six-card game: a count's targets are the item categories
    its hand (or crib) can hold there, so every aim can be dealt."""
    from crib_trainer.training.drills.hands import can_hold

    crib = name == "count-crib"
    held = {c for c in cat.ITEM_CATEGORIES if can_hold(c, crib=crib)}
    assert set(get_kind(name).targets) == held
    assert all(can_aim(name, c) == (c in held) for c in cat.COUNT_CATEGORIES)


def test_pegging_themes_are_defined_once():
    from crib_trainer.training.drills.pegdrills import THEMES

    assert THEMES is cat.PEG_THEMES


def test_grading_through_the_registry():
    from datetime import UTC, datetime

    kind = get_kind("count-hand")
    drill = kind.replay({"cards": ["5H", "5C", "5S", "JD"], "starter": "5D"})
    t = datetime(2025, 1, 1, tzinfo=UTC)
    assert kind.grade(drill, {"total": 29}, seconds=1, answered_at=t).correct
    wrong = kind.grade(drill, {"items": {"fifteen": 16, "pair": 12}}, seconds=1, answered_at=t)
    assert wrong.missed == {"nobs": 1.0}
    judge = get_kind("judge")
    claim = judge.replay({"cards": ["5H", "5C", "5S", "JD"], "starter": "5D", "claim": 28})
    assert judge.grade(claim, {"total": 29}, seconds=1, answered_at=t).correct
    with pytest.raises(ValueError, match="unknown drill kind"):
        get_kind("count")


def test_every_kind_the_count_screen_asks_says_what_it_asks():
    asked = {}
    for kind in (k for k in KINDS.values() if k.screen == "count"):
        drill = kind.generate(random.Random(3), None, "six-card")
        assert kind.prompt is not None
        asked[kind.name] = (drill, kind.prompt(drill))
    assert asked["count-hand"][1].startswith("Your hand, with the starter")
    assert "crib" in asked["count-crib"][1]
    judge, words = asked["judge"]
    where = "crib" if judge.deal.crib else "hand"
    assert words == f"He claims {judge.claim} for his {where}. What is it really?"


def test_the_count_kinds_are_the_kinds_the_count_screen_asks():
    from crib_trainer.training.attempt import COUNT_KINDS

    assert set(COUNT_KINDS) == {k.name for k in KINDS.values() if k.screen == "count"}

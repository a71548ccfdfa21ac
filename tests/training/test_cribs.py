"""Practice cribs thrown as players throw them (issue 15.11)."""

from __future__ import annotations

import random

import pytest

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.core.variants import get_variant
from crib_trainer.training.drills.cribs import thrown_crib
from crib_trainer.training.drills.hands import CountDrill, count_drill


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player", "four-player"])
def test_each_player_throws_the_best_against_a_good_opponent(variant):
    v = get_variant(variant)
    deal = thrown_crib(random.Random(11), variant)
    assert len(deal.hands) == v.players and len(deal.crib) == v.crib_size
    seen = [c for h in deal.hands for c in h] + [deal.starter]
    assert len(set(seen)) == len(seen)
    for q, (hand, throw) in enumerate(zip(deal.hands, deal.throws, strict=True)):
        own = q == v.players - 1 or (v.partnerships and q % 2 == 1)
        best = analyse_discards(hand, dealer=own, variant=v, opponent="weighted").best
        assert set(throw) == set(best.discard)
    thrown = [c for t in deal.throws for c in t]
    assert list(deal.crib[: len(thrown)]) == thrown
    extra = deal.crib[len(thrown) :]
    assert len(extra) == v.crib_from_pack and not set(extra) & set(seen)


def test_a_practice_crib_is_thrown_and_replays_with_its_throws():
    drill = count_drill(random.Random(2), crib=True)
    assert len(drill.throws) == 2 and set(drill.cards) == {c for t in drill.throws for c in t}
    assert CountDrill.from_question(drill.question()) == drill


def test_a_crib_aimed_at_a_category_still_holds_it():
    drill = count_drill(random.Random(1), crib=True, target_category="crib-flush-trap")
    assert drill.hit and not drill.throws

"""The reason `discard --score`, the position drill and the practice game give for the
best throw at the score (``position_reason``) is made from the numbers of its analysis:
over seeded deals near the end of the game, each kind of reason is said only when its
numbers say so, and every figure it names is the analysis's own, in its unit."""

from __future__ import annotations

import math
import random

import pytest

from crib_trainer.analysis.position import analyse_position
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.training.words.discard_principles import rank_text
from crib_trainer.training.words.position_words import CRIB_GAP, SAME, position_reason
from tests.conftest import examples


def positions(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        dealt = rng.sample(FULL_DECK, 6)
        me, him = rng.randrange(95, 121), rng.randrange(95, 121)
        yield analyse_position(dealt, dealer=rng.random() < 0.5, me=me, him=him)


@pytest.mark.parametrize("seed", range(4))
def test_each_reason_is_true_of_the_numbers_beside_it(seed):
    said = set()
    for p in positions(examples(40), seed):
        why = position_reason(p)
        best, top = p.best, p.points_best
        b, t = best.option, top.option
        mine, his = p.needs()
        assert best.win >= top.win  # (the best is ranked first by the chance to win)
        if "the most points are also the best chance" in why:
            kind = "same"
            assert best is top or best.win - top.win < SAME
            assert f"throw {rank_text(t.discard)} (win {top.win:.0%})" in why
        elif "a gap of" in why:
            kind = "within error"
            assert p.as_good_as_best(top) and best.win - top.win >= SAME
            error = math.hypot(best.error, top.error)
            assert f"wins {best.win:.0%} and the most points" in why
            assert f"(throw {rank_text(t.discard)}) {top.win:.0%}" in why
            assert f"a gap of {best.win - top.win:.1%} of the game" in why
            assert f"a standard error of {error:.1%}" in why
        elif "keep the sure" in why:
            kind = "sure"
            assert b.hand_min >= mine > t.hand_min
            assert f"you need {mine} to go out" in why and f"keep the sure {b.hand_min}," in why
        elif "gets there alone more often" in why:
            kind = "home"
            assert best.home > top.home
            assert f"({best.home:.0%} of cuts, against {top.home:.0%}" in why
        elif "only a big count" in why:
            kind = "big count"
            assert b.hand_max > t.hand_max
            assert f"make {b.hand_max} (at most {t.hand_max}" in why
        elif "throw him as little" in why:
            kind = "his crib"
            assert not p.points.dealer and t.crib_ev - b.crib_ev >= CRIB_GAP
            assert f"he needs {his}" in why
            assert f"({b.crib_ev:.1f} to his crib, not {t.crib_ev:.1f}" in why
        else:
            kind = "chances"
            assert f"wins {best.win:.0%}, against {top.win:.0%} for the most points" in why
        # each names the throws or keeps its figures are of
        if kind in ("within error", "sure", "chances"):
            assert rank_text(b.discard) in why
        if kind in ("home", "big count"):
            assert f"with {rank_text(t.keep)})" in why
        if kind == "his crib":
            assert f"with {rank_text(t.discard)})" in why
        said.add(kind)
    assert "same" in said and len(said) >= 2  # (the seeds reach more than one kind)

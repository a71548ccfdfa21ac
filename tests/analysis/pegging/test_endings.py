"""The shipped endings of the play: the file against a fresh build, and the search the
same, value for value, with the endings or without them."""

from __future__ import annotations

import os
import random

import pytest

from crib_trainer.analysis.build.endings import hand_rows, possible
from crib_trainer.analysis.pegging import Solver, pack_hand
from crib_trainer.analysis.pegging.endings import (
    COUNTS,
    ENDINGS_FILE,
    HANDS,
    NONE,
    VARIANTS,
    ending_hands,
    ending_index,
    offset,
    packed,
    shipped_endings,
)
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD, THREE_PLAYER
from tests.analysis.pegging.support import random_state, ranks, solver_tail


def test_the_file_holds_every_ending_of_both_variants():
    assert os.path.getsize(ENDINGS_FILE) == len(VARIANTS) * HANDS * HANDS * COUNTS
    assert HANDS == 1 + 13 + 13 * 14 // 2
    assert all(packed(hand) == pack_hand(hand) for hand in ending_hands())
    assert shipped_endings(THREE_PLAYER) is None


@pytest.mark.parametrize("which", range(len(VARIANTS)))
def test_rows_equal_a_fresh_build(which):
    """A few hands of the player to move, each worked out again by the builder's search
    (with no endings to lean on), give the shipped bytes."""
    rng = random.Random(which)
    size = HANDS * COUNTS
    with open(ENDINGS_FILE, "rb") as data:
        shipped = data.read()
    part = which * HANDS * size
    for i in rng.sample(range(HANDS), 6):
        mover = ending_hands()[i]
        start = part + i * size
        assert hand_rows((which, mover)) == shipped[start : start + size], mover


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_each_possible_ending_has_a_value_and_the_others_none(variant):
    values = shipped_endings(variant)
    index = ending_index()
    for mover in ending_hands():
        for other in ending_hands():
            for count in (0, 5, 21, 30):
                got = values[offset(index[packed(mover)], index[packed(other)], count)]
                assert (got != NONE) == possible(mover, other, count), (mover, other, count)
                assert got == NONE or -31 < got < 31


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_the_search_is_the_same_with_the_endings_or_without(variant):
    """From random positions of the play (most of them reach endings), one search that
    looks the endings up and one that plays them out find the same value."""
    rng = random.Random(61)
    with_endings, without = Solver(variant), Solver(variant, endings=False)
    checked = 0
    while checked < 200:
        state = random_state(rng, variant, rng.randrange(0, 2 * variant.hand_size))
        if state.over:
            continue
        me = state.turn
        position = (
            pack_hand(ranks(state.hands[me])),
            pack_hand(ranks(state.hands[1 - me])),
            solver_tail(state),
        )
        assert with_endings.value(*position) == without.value(*position), state
        checked += 1

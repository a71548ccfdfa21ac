"""The exact rank-level play-out: the search plays by PlayState's rules."""

from __future__ import annotations

import random

import pytest

from crib_trainer.analysis.pegging import (
    Solver,
    pack_hand,
)
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import PlayState
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD
from tests.analysis.pegging.support import (
    brute,
    card_net,
    random_state,
    ranks,
    solver_tail,
)

# --- the search plays by PlayState's rules ---------------------------------------------------


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_following_a_line_scores_as_playstate_does(variant):
    """Random full deals played out card by card: the solver's rules give the same net."""
    rng = random.Random(9)
    solver = Solver(variant)
    for _ in range(300):
        deck = rng.sample(FULL_DECK, 2 * variant.hand_size)
        hands = [deck[: variant.hand_size], deck[variant.hand_size :]]
        state = PlayState.start(hands, variant)
        line = []
        while not state.over:
            c = rng.choice(state.legal_cards())
            line.append(int(c.rank))
            state = state.play(c)
        net = solver.follow((ranks(hands[0]), ranks(hands[1])), line)
        assert net == state.scores[0] - state.scores[1], (hands, line)


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
@pytest.mark.slow
def test_search_equals_exhaustive_playstate_minimax(variant):
    """From random positions (the lead, or part way through), the cached rank-level search
    finds the same best net as trying every card in PlayState."""
    rng = random.Random(31)
    solver = Solver(variant)
    for i in range(150):
        # a full lead now and then; mostly positions a few cards in (cheaper to brute-force)
        plays = 0 if i % 30 == 0 else rng.randrange(2, 2 * variant.hand_size)
        state = random_state(rng, variant, plays)
        if state.over:
            continue
        me = state.turn
        value = solver.value(
            pack_hand(ranks(state.hands[me])),
            pack_hand(ranks(state.hands[1 - me])),
            solver_tail(state),
        )
        assert value == brute(state), state


def test_search_with_both_hands_full_from_the_lead():
    rng = random.Random(4)
    for _ in range(3):
        state = random_state(rng, SIX_CARD, 0)
        value = Solver().value(
            pack_hand(ranks(state.hands[0])), pack_hand(ranks(state.hands[1])), 0
        )
        assert value == brute(state)


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_playing_a_card_nets_what_playstate_gives(variant):
    """``Solver.play`` (its own fast transitions: the go, 31, the last card, playing on
    alone, a new count) against laying the same card in PlayState and trying every card
    after it."""
    rng = random.Random(44)
    checked = 0
    while checked < 120:
        state = random_state(rng, variant, rng.randrange(1, 2 * variant.hand_size))
        if state.over:
            continue
        me = state.turn
        mine = ranks(state.hands[me])
        other = pack_hand(ranks(state.hands[1 - me]))
        for c in state.legal_cards():
            rest = list(mine)
            rest.remove(int(c.rank))
            got = Solver(variant).play(pack_hand(rest), other, solver_tail(state), int(c.rank))
            assert got == card_net(state, c), (state, c)
            checked += 1

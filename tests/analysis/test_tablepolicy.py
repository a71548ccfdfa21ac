"""The table pegging policy: its points agree with the rules, its late figures with the
table analysis, and the players built on it lay legal cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis.pegging import (
    TableSituation,
    analyse_table,
    exact_deals,
    read_table,
)
from crib_trainer.analysis.pegging.tablesearch import count_tail
from crib_trainer.analysis.players import make_player
from crib_trainer.analysis.tablepolicy import (
    EXACT_DEALS,
    _points,
    exact_table_values,
    table_values,
)
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import PlayState, score_card

VARIANTS = ("three-player", "four-player")


def random_state(seed: int, variant: str, cards_played: int) -> PlayState:
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    n = 3 if variant == "three-player" else 4
    state = PlayState.start([deck[4 * i : 4 * i + 4] for i in range(n)], variant)
    for _ in range(cards_played):
        if state.over:
            break
        state = state.play(rng.choice(state.legal_cards()))
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(VARIANTS), st.integers(0, 14))
def test_points_on_the_tail_are_the_points_on_the_whole_count(seed, variant, played):
    state = random_state(seed, variant, played)
    if state.over:
        return
    for card in state.legal_cards():
        ranks = [int(c.rank) for c in state.count_cards]
        want = sum(i.points for i in score_card(state.count_cards, card))
        assert _points(count_tail(ranks), state.count, int(card.rank)) == want


@pytest.mark.parametrize(("variant", "played"), [("three-player", 8), ("four-player", 12)])
def test_late_in_the_play_the_policy_is_the_exact_table_analysis(variant, played):
    checked = 0
    for seed in range(200):
        state = random_state(seed, variant, played)
        if state.over or len({c.rank for c in state.legal_cards()}) < 2:
            continue
        s = TableSituation.from_state(state)
        position = read_table(s)
        deals = exact_deals(position, EXACT_DEALS)
        if deals is None:
            continue
        exact = analyse_table(s, samples=EXACT_DEALS, exact=True)
        values = exact_table_values(position, deals)
        assert table_values(s) == values
        for option in exact.options:
            assert values[int(option.card.rank)] == pytest.approx(option.expected_net)
        checked += 1
        if checked == 5:
            return
    pytest.fail(f"only {checked} late positions in 200 deals")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("strength", ["expert", "good", "beginner"])
def test_every_player_lays_a_legal_card_at_every_turn(variant, strength):
    player = make_player(strength, random.Random(1))
    for seed in range(6):
        state = random_state(seed, variant, 0)
        while not state.over:
            s = TableSituation.from_state(state)
            values = table_values(s)
            assert set(values) == {int(c.rank) for c in state.legal_cards()}
            card = player.play_table(s)
            assert card in state.legal_cards()
            state = state.play(card)


def test_the_beginner_takes_the_points_in_front_of_him():
    state = random_state(3, "three-player", 0)
    beginner = make_player("beginner")
    while not state.over:
        s = TableSituation.from_state(state)
        card = beginner.play_table(s)
        now = sum(i.points for i in score_card(state.count_cards, card))
        best = max(
            sum(i.points for i in score_card(state.count_cards, c)) for c in state.legal_cards()
        )
        assert now == best
        state = state.play(card)


def test_partners_lead_high_but_not_a_five():
    for seed in range(30):
        state = random_state(seed, "four-player", 0)
        card = make_player("expert").play_table(TableSituation.from_state(state))
        others = [c for c in state.legal_cards() if c.rank != 5] or state.legal_cards()
        assert card.value == max(c.value for c in others) and (card.rank != 5 or not others)

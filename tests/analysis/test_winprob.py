"""The win-probability solver against a game simulated deal by deal (issue 18)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from crib_trainer.analysis.winprob import DealRecord, solve, win_chance


def random_deals(rng: random.Random, count: int, *, zero_every: int = 0) -> list[DealRecord]:
    """Deals shaped like real ones: pegging events alternating, then pone, dealer, crib."""
    deals = []
    for i in range(count):
        if zero_every and i % zero_every == 0:
            deals.append(DealRecord(()))
            continue
        events = [(rng.randrange(2), rng.choice((0, 0, 1, 2, 2, 3))) for _ in range(6)]
        events += [(0, rng.choice((0, 2, 4, 6, 8, 12))), (1, rng.choice((2, 4, 8, 12)))]
        events.append((1, rng.choice((0, 2, 4, 6))))
        deals.append(DealRecord(tuple(events)))
    return deals


def play_game(rng: random.Random, deals, target: int, me: int, him: int, i_deal: bool) -> bool:
    """One game from (me, him), each deal drawn from ``deals``, pegged event by event."""
    score = {True: me, False: him}  # True: me
    dealer = i_deal
    while True:
        for who, points in rng.choice(deals).events:
            player = dealer if who == 1 else not dealer
            score[player] += points
            if score[player] >= target:
                return player
        dealer = not dealer


@pytest.mark.parametrize("zero_every", [0, 7])
def test_the_table_agrees_with_games_played_out(zero_every):
    rng = random.Random(5)
    target = 31
    deals = random_deals(rng, 40, zero_every=zero_every)
    table = solve(deals, target=target)
    for me, him, i_deal in ((0, 0, True), (20, 25, False), (24, 18, True), (12, 22, False)):
        want = win_chance(table, me, him, dealer=i_deal, target=target)
        games = 4000
        won = sum(play_game(rng, deals, target, me, him, i_deal) for _ in range(games))
        error = 4 * (want * (1 - want) / games) ** 0.5 + 1e-9
        assert abs(won / games - want) <= error, (me, him, i_deal, won / games, want)


def test_chances_are_probabilities_and_grow_with_my_score():
    table = solve(random_deals(random.Random(2), 60), target=61)
    inner = table[1:, 1:]
    assert np.all((inner >= 0) & (inner <= 1))
    # needing fewer points never hurts the dealer; the pone needing fewer never helps him
    assert np.all(np.diff(inner, axis=0) <= 1e-12)
    assert np.all(np.diff(inner, axis=1) >= -1e-12)


def test_scores_outside_the_game_are_refused():
    table = solve([DealRecord(((1, 2),))], target=31)
    with pytest.raises(ValueError, match="0 to 30"):
        win_chance(table, 31, 0, dealer=True, target=31)


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_the_chance_read_without_numpy_is_the_tables(variant):
    """``shipped_chance`` reads the same two numbers from the file as ``shipped_table``
    gives, for scores at both ends and between (both roles)."""
    from crib_trainer.analysis.winprob import shipped_chance, shipped_table
    from crib_trainer.core.variants import get_variant

    target = get_variant(variant).target
    table, se = shipped_table(variant)
    for me in (0, 1, target // 2, target - 2, target - 1):
        for him in (0, 7, target - 30, target - 1):
            for dealer in (True, False):
                expected = win_chance(table, me, him, dealer=dealer, target=target)
                mine, his = target - me, target - him
                error = float(se[mine, his] if dealer else se[his, mine])
                assert shipped_chance(variant, me, him, dealer=dealer) == (expected, error)
    with pytest.raises(ValueError, match="scores run from 0 to"):
        shipped_chance(variant, target, 0, dealer=True)

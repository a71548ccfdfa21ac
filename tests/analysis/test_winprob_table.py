"""The shipped win-probability tables pass their internal checks (issue 18), and the
self-play deals they are built from are shaped as the solver reads them."""

from __future__ import annotations

import numpy as np
import pytest

from crib_trainer.analysis.build.winprob import first_needs
from crib_trainer.analysis.selfplay import play_deal, play_deals
from crib_trainer.analysis.winprob import shipped_table, win_chance
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_chances_are_probabilities_monotone_in_each_score(variant):
    table, se = shipped_table(variant)
    t = variant.target
    assert table.shape == se.shape == (t + 1, t + 1)
    inner = table[1:, 1:]
    assert np.all((inner >= 0) & (inner <= 1))
    # the dealer needing fewer points never hurts him; the pone needing fewer never helps him
    assert np.all(np.diff(inner, axis=0) <= 1e-12)
    assert np.all(np.diff(inner, axis=1) >= -1e-12)
    assert np.all(se[1:, 1:] >= 0)


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_one_point_short_and_counting_first_wins_nearly_always(variant):
    table, _ = shipped_table(variant)
    t = variant.target
    for him in range(0, t - 10):
        assert win_chance(table, t - 1, him, dealer=False, target=t) > 0.95


def test_the_first_dealer_wins_53_to_58_percent_of_six_card_games():
    table, se = shipped_table(SIX_CARD)
    d, p = first_needs(SIX_CARD)
    assert 0.53 <= table[d, p] <= 0.58
    assert se[d, p] < 0.01


def test_a_self_play_deal_lists_its_points_in_pegging_order():
    record = play_deal("expert", "expert", seed=4)
    pone, dealer = record.totals
    assert pone >= 0 and dealer >= 1  # the last card always scores
    assert all(who in (0, 1) and points >= 0 for who, points in record.events)
    # seeded: the same deal again, and the same in a pool
    assert play_deal("expert", "expert", seed=4) == record
    assert play_deals(2, seed=0) == play_deals(2, seed=0, workers=2)

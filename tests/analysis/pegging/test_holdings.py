"""The hidden cards' holdings, their weights, and the opponent models."""

from __future__ import annotations

from collections import Counter

import pytest

from crib_trainer.analysis.pegging import (
    analyse,
    analyse_plays,
    holding_distribution,
    opponent_weight,
    read_situation,
)
from tests.analysis.pegging.support import (
    LEAD_5_OR_K,
    written,
)
from tests.conftest import card, cards

# --- the opponent model ------------------------------------------------------------------------


def test_weighted_model_with_the_discard_analysis():
    """The real opponent model: the same legal plays, weighted holdings summing to one."""
    situation = written(["4S"], cards("4H KC 9D 8S"))
    weighted = analyse(situation, opponent="weighted")
    assert {o.card for o in weighted.options} == set(cards("4H KC 9D 8S"))
    dist = holding_distribution(read_situation(situation), opponent_weight(situation, "weighted"))
    assert sum(p for _, p in dist) == pytest.approx(1)


def test_unknown_opponent_model():
    situation = written([], cards("4S 9H KD QC"))
    with pytest.raises(ValueError, match="unknown opponent model 'clever'"):
        analyse(situation, opponent="clever")


def test_weighted_model_adapter_calls_the_opponent_model(monkeypatch):
    """--opponent weighted asks the discard analysis' opponent model
    (``analysis.opponent.keep_weight(cards, variant=, own_crib=)``) how likely the opponent
    — the dealer when you are not — kept each hand, by its ranks."""
    from crib_trainer.analysis import opponent

    calls = []

    def keep_weight(cards, *, variant, own_crib):
        calls.append((tuple(cards), own_crib, variant.name))
        return 2.0 if 13 in cards else 1.0

    monkeypatch.setattr(opponent, "keep_weight", keep_weight)
    situation = written(LEAD_5_OR_K, cards("5H KS"))
    weighted = {o.card.code: o.expected_net for o in analyse_plays(situation, opponent="weighted")}
    stub = {
        o.card.code: o.expected_net
        for o in analyse_plays(situation, weight=lambda r: 2.0 if 13 in r else 1.0)
    }
    assert weighted == stub
    # his kept hand: the three cards he played (Q, 3, A) and one hidden card; he dealt
    assert calls and all(len(r) == 4 and {1, 3, 12} <= set(r) for r, _, _ in calls)
    assert {(own, v) for _, own, v in calls} == {(True, "six-card")}


def test_a_weight_function_reweights_holdings():
    """A stub weight: the average becomes the weighted average over rank multisets."""
    situation = written(LEAD_5_OR_K, cards("5H KS"))
    pos = read_situation(situation)
    uniform = dict(holding_distribution(pos))

    def weight(kept):  # his kept hand: the three cards he played and the hidden one
        return 3.0 if kept[-1] == 13 else 1.0

    weighted = dict(holding_distribution(pos, weight))
    assert set(weighted) == set(uniform)
    total = sum(p * (3.0 if h == (13,) else 1.0) for h, p in uniform.items())
    for h, p in uniform.items():
        assert weighted[h] == pytest.approx(p * (3.0 if h == (13,) else 1.0) / total)
    k_lead = next(o for o in analyse_plays(situation, weight=weight) if o.card.code == "KS")
    assert k_lead.expected_net == pytest.approx(1 - 2 * weighted[(13,)])


def test_holding_weights_count_suit_specific_holdings():
    situation = written([], cards("4S 9H KD QC"), starter=card("5D"))
    dist = holding_distribution(read_situation(situation))
    assert sum(p for _, p in dist) == pytest.approx(1)
    # 47 unseen cards; P(no king among his four) = C(44, 4) / C(47, 4)
    from math import comb

    assert sum(p for h, p in dist if 13 not in h) == pytest.approx(comb(44, 4) / comb(47, 4))


def test_counts_of_ranks_for_holdings_follow_the_unseen_cards():
    situation = written([], cards("5D 5S 5C 5H"))
    dist = holding_distribution(read_situation(situation))
    assert all(5 not in h for h, _ in dist)
    assert Counter(len(h) for h, _ in dist) == {4: len(dist)}

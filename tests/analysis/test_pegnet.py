"""The pegging-net table (issue 18 item 2): its builder's plays, the shrinkage, the
shipped file's own promises, and the throws ranked with the play counted."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis.build.pegnet import play_key
from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.pegnet import (
    AS_GOOD,
    TABLE_PATH,
    features,
    pegging_net,
    sample_se,
    shrink,
    with_pegging,
)
from crib_trainer.analysis.ranksets import multisets
from crib_trainer.core.cards import parse_cards
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD


def test_a_play_is_seeded_and_throws_cards_it_does_not_keep():
    a = play_key((1, 5, 5, 13), 0, 3, seed=11, variant=SIX_CARD)
    assert a == play_key((1, 5, 5, 13), 0, 3, seed=11, variant=SIX_CARD)
    net, thrown = a
    assert -31 < net < 31 and len(thrown) == 2
    # four 5s kept: no 5 can be thrown
    assert 5 not in play_key((5, 5, 5, 5), 1, 0, seed=2, variant=SIX_CARD)[1]
    assert len(play_key((2, 3, 4), 1, 0, seed=2, variant=FIVE_CARD)[1]) == 2


def test_features_count_pairs_neighbours_and_fifteens():
    _, counts = multisets(4)
    x = features(counts)
    assert x.shape == (len(counts), 16)
    row = x[next(i for i, c in enumerate(counts) if c[4] == 4)]  # four 5s
    assert row[13:].tolist() == [6.0, 0.0, 0.0]
    row = x[next(i for i, c in enumerate(counts) if list(c[6:9]) == [1, 2, 1])]  # 7-8-8-9
    assert row[13:].tolist() == [1.0, 2.0, 2.0]  # a pair, 7-8 and 8-9, 7+8 twice


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.05, 1.0), st.floats(0.0, 0.5))
def test_shrinkage_lies_between_the_model_and_the_sample_and_narrows_the_error(seed, noise, spread):
    rng = np.random.default_rng(seed)
    _, counts = multisets(3)
    truth = features(counts) @ rng.normal(0, 0.3, 16) + rng.normal(0, spread, len(counts))
    se = np.full((2, len(counts)), noise)
    raw = truth + rng.normal(0, noise, (2, len(counts)))
    prior, est, err, tau = shrink(raw, se, counts)
    lo, hi = np.minimum(prior, raw), np.maximum(prior, raw)
    assert np.all((est >= lo - 1e-9) & (est <= hi + 1e-9))
    assert np.all(err <= se + 1e-12) and np.all(tau > 0)


def test_shrinkage_recovers_a_smooth_truth_better_than_the_raw_means():
    rng = np.random.default_rng(5)
    _, counts = multisets(4)
    truth = features(counts) @ rng.normal(0, 0.3, 16) + rng.normal(0, 0.1, len(counts))
    se = np.full((1, len(counts)), 0.35)
    raw = truth + rng.normal(0, 0.35, (1, len(counts)))
    _, est, err, tau = shrink(raw, se, counts)
    assert np.mean((est - truth) ** 2) < 0.5 * np.mean((raw - truth) ** 2)
    assert 0.05 < tau[0] < 0.2  # the spread planted about the model (0.1)
    # the stated error covers the truth about as often as a standard error should
    inside = np.mean(np.abs(est - truth) <= 1.96 * err)
    assert 0.85 < inside < 0.99


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_the_shipped_table_agrees_with_its_own_samples(variant):
    key = variant.name.replace("-", "_")
    keys, counts = multisets(variant.hand_size)
    with np.load(TABLE_PATH) as data:
        raw, sd, n = data[f"{key}_raw"], data[f"{key}_sd"], int(data[f"{key}_n"])
        net, se = data[f"{key}_net"], data[f"{key}_se"]
    assert raw.shape == net.shape == (2, len(keys)) and n >= 2
    _, again, err, _ = shrink(raw, sample_se(sd, n), counts)
    assert np.allclose(again, net) and np.allclose(err, se)
    assert np.all(se > 0) and np.all(se <= sample_se(sd, n) + 1e-12)
    assert abs(raw).max() < 15


def test_the_dealer_nets_more_in_the_play_than_the_pone():
    # the pone leads and the dealer plays last: every book's first fact about pegging
    with np.load(TABLE_PATH) as data:
        raw = data["six_card_raw"]
    assert raw[1].mean() > raw[0].mean()
    assert pegging_net([1, 2, 3, 4], dealer=True).net > pegging_net([1, 2, 3, 4], dealer=False).net


def test_lookups_take_cards_or_ranks_and_refuse_a_wrong_size():
    cards = parse_cards("5H 5D JS QC")
    assert pegging_net(cards, dealer=True) == pegging_net([11, 5, 12, 5], dealer=True)
    assert pegging_net([1, 2, 3], dealer=False, variant="five-card").se > 0
    with pytest.raises(ValueError, match="keeps 4 cards"):
        pegging_net([1, 2, 3], dealer=False)
    with pytest.raises(ValueError, match="no pegging table"):
        pegging_net([1, 2, 3, 4], dealer=False, variant="three-player")


@pytest.mark.parametrize(
    ("text", "dealer"), [("5H 5D JS QC 2C 9D", True), ("AS 2H 3D KC QH 9C", False)]
)
def test_throws_ranked_by_hand_crib_and_pegging(text, dealer):
    analysis = analyse_discards(text, dealer=dealer)
    ranked = with_pegging(analysis)
    assert {r.option for r in ranked} == set(analysis.options)
    totals = [r.total for r in ranked]
    assert totals == sorted(totals, reverse=True) and ranked[0].loss == 0
    for r in ranked:
        peg = pegging_net(r.option.keep, dealer=dealer)
        assert r.pegging == peg and r.total == pytest.approx(r.option.net_ev + peg.net)
        top = ranked[0]
        same = sorted(c.rank for c in r.option.keep) == sorted(c.rank for c in top.option.keep)
        error = 0.0 if same else (peg.se**2 + top.pegging.se**2) ** 0.5
        assert r.as_good == (r.loss <= max(AS_GOOD, error))
        record = r.to_json()
        assert record["pegging"] == round(peg.net, 4) and record["total_loss"] >= 0

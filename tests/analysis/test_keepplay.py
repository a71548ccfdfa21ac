"""The play of each kept hand (issue 18 item 3): the shipped file is what its builder
makes, it holds whole plays, and it agrees with the independently built pegging table."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from crib_trainer.analysis.build.keep_play import build_game
from crib_trainer.analysis.build.pegnet import play_out
from crib_trainer.analysis.keepplay import TABLE_PATH, PlaySample, keep_play
from crib_trainer.analysis.pegnet import pegging_net
from crib_trainer.analysis.position import SAMPLE_PATH, play_ends
from crib_trainer.analysis.ranksets import multisets
from crib_trainer.analysis.winprob import DealRecord, first_reach
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD


@pytest.fixture(scope="module")
def shipped():
    with np.load(TABLE_PATH) as data:
        return {k: data[k] for k in data}


def test_when_each_side_reaches_each_need_is_read_as_the_table_reads_it():
    """The vectorised reach of a sample of plays agrees with the win-probability table's
    own (``first_reach``) on the deal sample's first 500 deals."""
    with np.load(SAMPLE_PATH) as data:
        who, points = data["six_card_play_role"], data["six_card_play_points"]
        starts = data["six_card_play_start"][:501]
    play = PlaySample.of(who[: starts[-1]], points[: starts[-1]], np.diff(starts))
    records = [
        DealRecord(tuple(zip(who[a:b].tolist(), points[a:b].tolist(), strict=True)))
        for a, b in itertools.pairwise(starts.tolist())
    ]
    pone, dealer = first_reach(records, 121)
    for need in range(1, 40):
        assert np.array_equal(play.pone_reach(need), pone[need])
        assert np.array_equal(play.dealer_reach(need), dealer[need])
    totals = np.array([r.totals for r in records])
    assert np.array_equal(play.pone_play, totals[:, 0])
    assert np.array_equal(play.dealer_play, totals[:, 1])


def test_a_play_records_each_sides_points_in_order():
    events, thrown = play_out((5, 5, 10, 13), 0, 4, seed=11, variant=SIX_CARD)
    assert events == play_out((5, 5, 10, 13), 0, 4, seed=11, variant=SIX_CARD)[0]
    assert all(who in (0, 1) and points > 0 for who, points in events)
    assert len(thrown) == 2 and events  # the last card always scores


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_the_shipped_file_holds_whole_plays_of_every_key(shipped, variant):
    key = variant.name.replace("-", "_")
    plays = int(shipped[f"{key}_plays"])
    keys, _ = multisets(variant.hand_size)
    lengths = shipped[f"{key}_events"].astype(np.int64)
    assert len(lengths) == 2 * len(keys) * plays and (lengths >= 1).all()
    assert len(shipped[f"{key}_who"]) == lengths.sum() == len(shipped[f"{key}_points"])
    assert set(np.unique(shipped[f"{key}_who"])) == {0, 1}
    assert (shipped[f"{key}_points"] > 0).all()


@pytest.mark.slow
def test_the_shipped_file_is_what_its_builder_makes(shipped):
    """Play j of a key is seeded by the key and j alone: a one-play build gives the
    first play of every five-card key and role."""
    plays = int(shipped["five_card_plays"])
    first = build_game(FIVE_CARD, 1, int(shipped["seed"]), workers=1)
    starts = np.concatenate([[0], np.cumsum(shipped["five_card_events"], dtype=np.int64)])
    ends = starts[1:][::plays]
    starts = starts[:-1][::plays]
    spans = list(zip(starts, ends, strict=True))
    who = np.concatenate([shipped["five_card_who"][a:b] for a, b in spans])
    points = np.concatenate([shipped["five_card_points"][a:b] for a, b in spans])
    assert np.array_equal(first["five_card_who"], who)
    assert np.array_equal(first["five_card_points"], points)


@pytest.mark.parametrize("variant", [SIX_CARD, FIVE_CARD])
def test_each_keys_net_agrees_with_the_pegging_table(variant):
    """The pegging table was built from other seeds: each key's mean net here should sit
    within a few of their combined standard errors of the table's."""
    keys, _ = multisets(variant.hand_size)
    z = []
    for dealer in (False, True):
        for ranks in keys[:: 7 if variant is SIX_CARD else 2]:
            play = keep_play(ranks, dealer=dealer, variant=variant)
            pone, dealer_play = np.array(play.pone_play), np.array(play.dealer_play)
            net = dealer_play - pone if dealer else pone - dealer_play
            table = pegging_net(ranks, dealer=dealer, variant=variant)
            se = np.hypot(net.std(ddof=1) / np.sqrt(play.plays), table.se)
            z.append((net.mean() - table.net) / se)
    z = np.array(z)
    assert abs(z.mean()) < 0.3 and 0.6 < z.std() < 1.4
    assert np.mean(np.abs(z) > 3) < 0.03


def test_a_pair_of_fives_pegs_worse_for_the_pone_than_split_cards():
    """From 2 4 5 5 6 10 the pegging table (other plays) says a pone keeping 5 5 6 10
    nets about 3 points less than one keeping 2 4 5 6: in the keeps' own plays the
    dealer pegs a short need first more often against the pair (a 5 led or played on
    gives him fifteen), and the pone pegs 2 first less often. (Not at every need: the
    pair's pair royal makes a long need likelier, which is why the whole play is read.)"""
    pair, split = (5, 5, 6, 10), (2, 4, 5, 6)
    a, b = pegging_net(pair, dealer=False), pegging_net(split, dealer=False)
    assert b.net - a.net > 4 * np.hypot(a.se, b.se)
    plays = [keep_play(k, dealer=False) for k in (pair, split)]
    for need in (2, 3, 4):
        dealer_out = [np.mean(play_ends(p, 12, need, dealer=False).his) for p in plays]
        assert dealer_out[0] > dealer_out[1] + 0.15
    pone_out = [np.mean(play_ends(p, 2, 12, dealer=False).mine) for p in plays]
    assert pone_out[0] < pone_out[1] - 0.15


def test_a_bad_keep_is_refused():
    with pytest.raises(ValueError, match="keeps 4 ranks"):
        keep_play((5, 5, 5), dealer=True)

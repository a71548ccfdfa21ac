"""The position analysis as it was written with numpy (before issue 38 made the package's
plain Python): kept here, in the tests only, as the reference the package must agree with
(``test_position_oracle.py``). It reads the same shipped files with numpy and works every
starter, pair and play as arrays, the way the first version did."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from crib_trainer.analysis.discard import hand_point_rows, unseen_cards
from crib_trainer.analysis.keepplay import TABLE_PATH
from crib_trainer.analysis.position import MAX_POINTS, SAMPLE_PATH
from crib_trainer.analysis.ranksets import multiset_index, points_matrix
from crib_trainer.analysis.winprob import NEVER, shipped_table
from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.variants import Variant, get_variant

JACK = int(Rank.JACK)
_OFF = 64


@cache
def his_hand(variant: str, dealer: bool) -> np.ndarray:
    """The chance of each show of his hand (the pone's when I deal) in the deal sample."""
    key = get_variant(variant).name.replace("-", "_")
    with np.load(SAMPLE_PATH) as data:
        shows = data[f"{key}_pone_hand" if dealer else f"{key}_dealer_hand"]
    return np.bincount(shows, minlength=MAX_POINTS) / len(shows)


@cache
def after_shows(variant: str, dealer: bool) -> np.ndarray:
    """My chance to win, ``[x + _OFF, y + _OFF]``, once the play is over and my hand is
    counted (see ``position._AfterShows``): the whole table folded with his hand."""
    v = get_variant(variant)
    table, _ = shipped_table(v)
    t = v.target
    size = t + 1 + _OFF
    out = np.zeros((size, size))
    his = his_hand(v.name, dealer)
    xs = np.arange(1, t + 1)
    if not dealer:
        out[: _OFF + 1, :] = 1.0
        for y in range(1, t + 1):
            for h, p in enumerate(his):
                if p and h < y:
                    out[xs + _OFF, y + _OFF] += p * table[xs, y - h]
        return out
    for y in range(1, t + 1):
        for h, p in enumerate(his):
            if not p or h >= y:
                continue
            out[: _OFF + 1, y + _OFF] += p
            out[xs + _OFF, y + _OFF] += p * (1.0 - table[y - h, xs])
    return out


@cache
def _triples(unseen: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    i, j = np.triu_indices(unseen, 1)
    k = np.tile(np.arange(unseen), len(i))
    i, j = np.repeat(i, unseen), np.repeat(j, unseen)
    keep = (k != i) & (k != j)
    return i[keep], j[keep], k[keep]


@cache
def _rank_triple_index() -> np.ndarray:
    index = multiset_index(3)
    out = np.zeros((13, 13, 13), dtype=np.int64)
    for a, b, c in np.ndindex(13, 13, 13):
        out[a, b, c] = index.get(tuple(sorted((a + 1, b + 1, c + 1))), 0)
    return out


def crib_chances(
    unseen: Sequence[Card], throws: Sequence[tuple[Card, ...]], weights: np.ndarray | None = None
) -> np.ndarray:
    """``P[t, k, c]`` over every (his pair, starter) triple of card indexes."""
    n = len(unseen)
    ranks = np.array([int(c.rank) - 1 for c in unseen])
    suits = np.array([c.suit.index for c in unseen])
    i, j, k = _triples(n)
    crib_points = points_matrix(2, 3).astype(np.int32)
    rows = [multiset_index(2)[tuple(sorted(int(c.rank) for c in t))] for t in throws]
    idx = _rank_triple_index()[ranks[i], ranks[j], ranks[k]]
    sk = suits[k]
    jack = JACK - 1
    his_nob = ((ranks[i] == jack) & (suits[i] == sk)) | ((ranks[j] == jack) & (suits[j] == sk))
    one_suit = (suits[i] == sk) & (suits[j] == sk)
    kinds = crib_points.shape[1]
    key = ((k * kinds + idx) * 2 + his_nob) * 2 + one_suit
    pair = None if weights is None else weights[ranks[i], ranks[j]]
    ways = np.bincount(key, weights=pair, minlength=n * kinds * 4)
    per_starter = None if pair is None else np.bincount(k, weights=pair, minlength=n)
    (present,) = np.nonzero(ways)
    ways = ways[present]
    one, rest = present % 2, present // 2
    nob, rest = rest % 2, rest // 2
    idx, k = rest % kinds, rest // kinds
    sk = suits[k]
    points = crib_points[rows][:, idx] + (k * MAX_POINTS + nob)
    for row, t in enumerate(throws):
        points[row] += row * n * MAX_POINTS
        for c in t:
            if c.rank == Rank.JACK:
                points[row] += sk == c.suit.index
        if all(c.suit is t[0].suit for c in t):
            points[row] += 5 * (one & (sk == t[0].suit.index))
    counts = np.bincount(
        points.ravel(), weights=np.tile(ways, len(throws)), minlength=len(throws) * n * MAX_POINTS
    )
    if per_starter is None:
        return counts.reshape(len(throws), n, MAX_POINTS) / ((n - 1) * (n - 2) // 2)
    return counts.reshape(len(throws), n, MAX_POINTS) / per_starter[None, :, None]


@cache
def _keep_table(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    key = name.replace("-", "_")
    with np.load(TABLE_PATH) as data:
        starts = np.concatenate([[0], np.cumsum(data[f"{key}_events"], dtype=np.int64)])
        return data[f"{key}_who"], data[f"{key}_points"], starts, int(data[f"{key}_plays"])


def keep_play_arrays(
    ranks: tuple[int, ...], dealer: bool, name: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(pone's play totals, dealer's, pone's reach table, dealer's) of a kept hand, as
    the numpy ``PlaySample.of`` built them (``reach[need, play]``)."""
    who, points, starts, plays = _keep_table(name)
    index = multiset_index(len(ranks))
    first = ((1 if dealer else 0) * len(index) + index[ranks]) * plays
    a, b = starts[first], starts[first + plays]
    lengths = np.diff(starts[first : first + plays + 1])
    who = who[a:b].astype(np.int64)
    points = points[a:b].astype(np.int64)
    play = np.repeat(np.arange(plays), lengths)
    local = np.arange(len(who)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    totals = np.zeros((2, plays), dtype=np.int64)
    np.add.at(totals, (who, play), points)
    reach = np.full((2, int(totals.max(initial=0)) + 1, plays), NEVER, dtype=np.int16)
    for side in (0, 1):
        mine = who == side
        pts, at, idx = points[mine], play[mine], local[mine]
        done = np.cumsum(pts) - np.concatenate([[0], np.cumsum(totals[side])])[at]
        first_need = np.repeat(done - pts, pts) + 1
        first_need += np.arange(len(first_need)) - np.repeat(np.cumsum(pts) - pts, pts)
        reach[side, first_need, np.repeat(at, pts)] = np.repeat(idx, pts)
    return totals[0], totals[1], reach[0], reach[1]


def _reach(reach: np.ndarray, need: int, plays: int) -> np.ndarray:
    return reach[need] if need < len(reach) else np.full(plays, NEVER, dtype=reach.dtype)


def pair_weights_array(weights: Sequence[Sequence[float]] | None) -> np.ndarray | None:
    return None if weights is None else np.array(weights, dtype=float)


def throw_win_plays(
    dealt: Sequence[Card],
    throws: Sequence[tuple[Card, ...]],
    keeps: Sequence[tuple[Card, ...]],
    *,
    dealer: bool,
    me: int,
    him: int,
    variant: Variant,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """Each throw's chance to win per sampled play, as the numpy version worked it."""
    unseen = unseen_cards(dealt)
    hands = np.array(hand_point_rows(unseen, keeps), dtype=np.int64)
    cribs = crib_chances(unseen, throws, weights)
    kept = [tuple(sorted(int(c.rank) for c in k)) for k in keeps]
    distinct = sorted(set(kept))
    which = np.array([distinct.index(k) for k in kept])
    samples = [keep_play_arrays(k, dealer, variant.name) for k in distinct]
    plays = len(samples[0][0])
    after = after_shows(variant.name, dealer)
    mine, his = variant.target - me, variant.target - him
    jack = np.array([c.rank == Rank.JACK for c in unseen])
    c = np.arange(MAX_POINTS)
    hand, crib = np.meshgrid(c, c, indexing="ij")
    my_shows = hand + crib if dealer else hand
    his_crib = 0 if dealer else crib
    total = np.zeros((len(throws), plays))
    for heels in (False, True):
        starters = np.flatnonzero(jack == heels)
        if not len(starters):
            continue
        my_need = mine - 2 * heels if dealer else mine
        his_need = his if dealer else his - 2 * heels
        if my_need <= 0 or his_need <= 0:
            total += len(starters) * (my_need <= 0)
            continue
        for u, (pone_play, dealer_play, pone_reach, dealer_reach) in enumerate(samples):
            pone_need, dealer_need = (his_need, my_need) if dealer else (my_need, his_need)
            tp, td = _reach(pone_reach, pone_need, plays), _reach(dealer_reach, dealer_need, plays)
            first_mine = td < tp if dealer else tp < td
            neither = (tp == NEVER) & (td == NEVER)
            my_play = dealer_play if dealer else pone_play
            his_play = pone_play if dealer else dealer_play
            pairs, inverse = np.unique(
                my_play[neither] * 1024 + his_play[neither], return_inverse=True
            )
            x = my_need - (pairs // 1024)[:, None, None] - my_shows + _OFF
            y = his_need - (pairs % 1024)[:, None, None] - his_crib + _OFF
            chances = after[x, y]
            for t in np.flatnonzero(which == u):
                h = hands[t, starters]
                by_pair = np.einsum("psc,sc->p", chances[:, h, :], cribs[t, starters, :])
                total[t] += len(starters) * first_mine
                total[t, neither] += by_pair[inverse]
    return total / len(unseen)

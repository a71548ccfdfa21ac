"""Position-aware throws: rank every throw by the chance to win the game from the score.

Near the end of a game the throw with the most expected points is not always the one
that wins most often: a pone who needs 3 and counts first keeps the sure points; a
dealer's opponent who needs 6 should be thrown nothing. For each throw and each starter
this module follows the deal in the order it is pegged and asks who gets home first:

1. his heels (the dealer pegs 2 when the starter is a jack): exact, per starter;
2. the play, card by card: **from the plays of the ranks you keep**, in your role
   (:mod:`crib_trainer.analysis.keepplay`: 64 plays of expert self-play for every kept
   rank multiset and role, 256 in the five-card game, built offline by
   :mod:`crib_trainer.analysis.build.keep_play`) — they say, for the two needs, how
   often the pone pegs out first, how often the dealer does, and the points each pegs
   when neither does;
3. the pone's hand, 4. the dealer's hand, 5. the crib: **your hand and the crib are
   exact per starter** (the crib over every pair the opponent may throw, each as likely as
   a good player throws it: the ``weighted`` opponent model, as the computer throws and
   as every throw is graded; or each equally likely with ``opponent="random"``); **his
   hand comes from the distribution of
   an expert's kept hand in a sample of deals**
   (:mod:`crib_trainer.analysis.build.deal_sample`, 4,000 deals per game), independent
   of your cards and the starter;
6. when no one gets home, the next deal: the win-probability table
   (:mod:`crib_trainer.analysis.winprob`) at the new score, he or you dealing.

Whoever reaches the target first wins at once. The parts are taken as independent of
each other (the play of the hand you keep, his hand of your cards); the chances carry
the table's error (a few tenths of a percent in most cells), the hand sample's, and the
play's: 64 plays of a kept hand give a chance of pegging out first to within about 6%
(standard error at a half), 1.5% on average over the needs 1–16; in a throw's chance to
win that is 0.8% (median standard deviation by bootstrap), up to 6.7%, and it is a
keep's own, so two throws within a percent or two are not told apart
(docs/benchmarks.md, "The play of each kept hand").

Why whole plays per kept hand: the play is pegged before any show, so near the end it
often decides who gets home first, and what it does depends on the cards kept. Before,
every throw read the same 4,000 self-play deals; measured against 600 fresh plays of ten
kept hands in each role, that put each chance of pegging out first 4–6% (on average over
the needs) from the hand's own. Bending those deals toward the hand's pegging-table net
(reweighting them so that their mean net is the table's, or keeping the deals whose kept
hand has a net near it, or both) brought it only to 3.3–5%: hands with the same mean net
peg differently (a pair of fives waits for a pair royal, a run pegs a point or two at a
time). A hand's own 64 plays, with no model between, come within 1.4–1.5%, their
sampling error alone.

>>> p = analyse_position("5H 5D 5S JC 2C 9D", dealer=True, me=60, him=60)
>>> len(p.options), 0.0 < p.options[0].win < 1.0
(15, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from crib_trainer.analysis.discard import (
    DiscardAnalysis,
    ThrowOption,
    analyse_discards,
    check_dealt,
    hand_points,
    unseen_cards,
)
from crib_trainer.analysis.keepplay import PlaySample, keep_play
from crib_trainer.analysis.ranksets import multiset_index, points_matrix
from crib_trainer.analysis.winprob import NEVER, shipped_table
from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The deal sample of expert self-play, built by
#: :mod:`crib_trainer.analysis.build.deal_sample` (read here and by the end of the play).
SAMPLE_PATH = Path(__file__).parent / "data" / "deal_sample.npz"
JACK = int(Rank.JACK)
MAX_POINTS = 30  # more than any hand or crib can score (29)
#: Chances to win closer than this are the same for teaching (half a percent).
SAME = 0.005
#: The deal sample :mod:`crib_trainer.analysis.build.deal_sample` writes.
SAMPLE_PATH = Path(__file__).parent / "data" / "deal_sample.npz"
_OFF = 64  # index offset so that needs below zero (up to two shows' worth) stay in range


# --- his hand, and the play of what you keep ----------------------------------------


@dataclass(frozen=True, eq=False)
class DealSample:
    """The chance of each show of the pone's and the dealer's hand (k = 0 … MAX_POINTS -
    1) in self-play deals between experts."""

    pone_hand: np.ndarray
    dealer_hand: np.ndarray


@cache
def deal_sample(variant: str) -> DealSample:
    """The shipped sample of ``variant`` (``six-card`` or ``five-card``)."""
    v = get_variant(variant)
    key = v.name.replace("-", "_")
    with np.load(SAMPLE_PATH) as data:
        if f"{key}_deals" not in data:
            raise ValueError(f"no deal sample for the {v.name} game")
        pone_hand, dealer_hand = data[f"{key}_pone_hand"], data[f"{key}_dealer_hand"]
    n = len(pone_hand)
    return DealSample(
        np.bincount(pone_hand, minlength=MAX_POINTS) / n,
        np.bincount(dealer_hand, minlength=MAX_POINTS) / n,
    )


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """The play from two needs: the chance the pone pegs out first, that the dealer
    does, and otherwise each pair of play totals with its chance."""

    pone_out: float
    dealer_out: float
    pone_points: np.ndarray
    dealer_points: np.ndarray
    chance: np.ndarray


def play_outcome(play: PlaySample, pone_need: int, dealer_need: int) -> PlayOutcome:
    """What the play does from these needs (each at least 1), by a sample of plays (the
    plays of one kept hand in its role: :func:`crib_trainer.analysis.keepplay.keep_play`).
    """
    tp, td = play.pone_reach(pone_need), play.dealer_reach(dealer_need)
    n = play.plays
    neither = (tp == NEVER) & (td == NEVER)
    pairs = play.pone_play[neither] * 1024 + play.dealer_play[neither]
    keys, counts = np.unique(pairs, return_counts=True)
    return PlayOutcome(
        np.count_nonzero(tp < td) / n,
        np.count_nonzero(td < tp) / n,
        keys // 1024,
        keys % 1024,
        counts / n,
    )


# --- the table folded with his hand --------------------------------------------------


@cache
def _after_shows(variant: str, dealer: bool) -> np.ndarray:
    """My chance to win, indexed ``[x + _OFF, y + _OFF]``, once the play is over and my
    hand is counted, before his hand (when I am pone) or the crib (when I deal).

    As pone: ``x`` my need after my hand, ``y`` his need before his hand and crib, which
    the caller subtracts the crib from: I win at once when ``x ≤ 0``, lose when his hand
    and crib reach ``y``, else I deal next. As dealer: ``x`` my need after my hand and
    crib, ``y`` his need before his hand, which he counts first: he wins when it reaches
    ``y``; otherwise I win when ``x ≤ 0``, else he deals next.
    """
    v = get_variant(variant)
    table, _ = shipped_table(v)
    t = v.target
    size = t + 1 + _OFF
    out = np.zeros((size, size))
    sample = deal_sample(v.name)
    xs = np.arange(1, t + 1)
    if not dealer:
        his = sample.dealer_hand
        out[: _OFF + 1, :] = 1.0  # x ≤ 0: I counted first and went out
        for y in range(1, t + 1):
            for h, p in enumerate(his):
                if p and h < y:  # his hand (and the crib, taken off y) fall short
                    out[xs + _OFF, y + _OFF] += p * table[xs, y - h]
        return out
    his = sample.pone_hand
    for y in range(1, t + 1):
        for h, p in enumerate(his):
            if not p or h >= y:
                continue  # he counts first and goes out
            out[: _OFF + 1, y + _OFF] += p  # I go out with hand and crib
            out[xs + _OFF, y + _OFF] += p * (1.0 - table[y - h, xs])
    return out


# --- the crib per starter ------------------------------------------------------------


@cache
def _triples(unseen: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (pair i < j of the opponent's throw, starter k not in it) of ``unseen`` cards."""
    i, j = np.triu_indices(unseen, 1)
    k = np.tile(np.arange(unseen), len(i))
    i, j = np.repeat(i, unseen), np.repeat(j, unseen)
    keep = (k != i) & (k != j)
    return i[keep], j[keep], k[keep]


@cache
def _rank_triple_index() -> np.ndarray:
    """The row in ``multisets(3)`` of every three ranks (0 for five of a kind: unused)."""
    index = multiset_index(3)
    out = np.zeros((13, 13, 13), dtype=np.int64)
    for a, b, c in np.ndindex(13, 13, 13):
        out[a, b, c] = index.get(tuple(sorted((a + 1, b + 1, c + 1))), 0)
    return out


@cache
def _crib_points() -> np.ndarray:
    """The crib's rank points of two thrown ranks with two more and the starter."""
    return points_matrix(2, 3).astype(np.int32)


@cache
def pair_weights(variant: str, dealer: bool) -> np.ndarray:
    """``W[a, b]``: how likely a good opponent is to throw a given pair of cards of ranks
    ``a + 1`` and ``b + 1`` (the weighted model of the discard analysis: his throw to his
    own crib when I am pone, to mine when I deal), for :func:`crib_chances`."""
    from crib_trainer.analysis.discard import other_slots
    from crib_trainer.analysis.opponent import slot_weights

    (slot,) = other_slots(variant, dealer)
    weights = slot_weights(variant, slot == "own")
    index = multiset_index(2)
    out = np.zeros((13, 13))
    for a in range(13):
        for b in range(13):
            out[a, b] = weights[index[tuple(sorted((a + 1, b + 1)))]]
    out.setflags(write=False)
    return out


def crib_chances(
    unseen: Sequence[Card],
    throws: Sequence[tuple[Card, ...]],
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """``P[t, k, c]``: the chance that throw ``t``'s crib shows ``c`` when the starter is
    ``unseen[k]``, over every pair of the other unseen cards the opponent may throw: each
    equally likely, or with ``weights`` (:func:`pair_weights`) as likely as a good player
    throws it (given the starter: the starter itself stays uniform over the unseen cards,
    as the hand's and the play's chances take it)."""
    n = len(unseen)
    ranks = np.array([int(c.rank) - 1 for c in unseen])
    suits = np.array([c.suit.index for c in unseen])
    i, j, k = _triples(n)
    rows = [multiset_index(2)[tuple(sorted(int(c.rank) for c in t))] for t in throws]
    idx = _rank_triple_index()[ranks[i], ranks[j], ranks[k]]
    sk = suits[k]
    jack = JACK - 1
    his_nob = ((ranks[i] == jack) & (suits[i] == sk)) | ((ranks[j] == jack) & (suits[j] == sk))
    one_suit = (suits[i] == sk) & (suits[j] == sk)
    # Pairs alike for every throw (same starter, rank triple, nob and suit facts) are
    # counted once: a few thousand kinds instead of tens of thousands of pairs.
    kinds = _crib_points().shape[1]
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
    points = _crib_points()[rows][:, idx] + (k * MAX_POINTS + nob)
    for row, t in enumerate(throws):
        points[row] += row * n * MAX_POINTS
        for c in t:
            if c.rank == Rank.JACK:  # a thrown jack of the starter's suit
                points[row] += sk == c.suit.index
        if all(c.suit is t[0].suit for c in t):
            points[row] += 5 * (one & (sk == t[0].suit.index))
    counts = np.bincount(
        points.ravel(), weights=np.tile(ways, len(throws)), minlength=len(throws) * n * MAX_POINTS
    )
    if per_starter is None:
        return counts.reshape(len(throws), n, MAX_POINTS) / ((n - 1) * (n - 2) // 2)
    return counts.reshape(len(throws), n, MAX_POINTS) / per_starter[None, :, None]


# --- the analysis --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PositionOption:
    """A throw with its points (:class:`ThrowOption`) and its chance to win the game."""

    option: ThrowOption
    win: float
    home: float  # the chance the kept hand alone shows my need (or more)
    error: float = 0.0  # the standard error of ``win`` from the sample of plays

    def to_json(self) -> dict[str, Any]:
        return {**self.option.to_json(), "win": round(self.win, 4), "win_se": round(self.error, 4)}

    def kept_ranks(self) -> tuple[int, ...]:
        return tuple(sorted(int(c.rank) for c in self.option.keep))


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """Every throw ranked by the chance to win (ties: more points), with the points
    analysis it came from; ``me``/``him`` are the scores before the deal."""

    points: DiscardAnalysis
    me: int
    him: int
    options: tuple[PositionOption, ...]

    @property
    def best(self) -> PositionOption:
        return self.options[0]

    @property
    def points_best(self) -> PositionOption:
        """The throw the points analysis ranks first."""
        first = self.points.best
        return next(o for o in self.options if o.option is first)

    def needs(self) -> tuple[int, int]:
        """(my need, his need) to reach the target."""
        t = self.points.variant.target
        return t - self.me, t - self.him

    def tie(self, option: PositionOption, other: PositionOption | None = None) -> float:
        """How far below ``other`` (the best) ``option``'s chance may fall and still be
        as good, for all we know: half a percent (:data:`SAME`), or two standard errors
        of the difference where the two keep different ranks (each keep's plays are a
        sample of their own; keeps of the same ranks share theirs, so the difference
        has no error from them)."""
        other = other or self.best
        if option.kept_ranks() == other.kept_ranks():
            return SAME
        return max(SAME, 2.0 * float(np.hypot(option.error, other.error)))

    def as_good_as_best(self, option: PositionOption) -> bool:
        """Whether ``option``'s chance is within :meth:`tie` of the best's."""
        return self.best.win - option.win < self.tie(option)


def check_scores(me: int, him: int, variant: Variant) -> None:
    """:class:`ValueError` unless both scores are before the game is won."""
    if variant.players != 2:
        raise ValueError(
            f"win chances are for two-player games (six-card, five-card), not {variant.name}"
        )
    for name, score in (("your score", me), ("his score", him)):
        if not 0 <= score < variant.target:
            raise ValueError(
                f"{name} is {score}: scores run from 0 to {variant.target - 1} in a game "
                f"to {variant.target}"
            )


def analyse_position(
    cards: Sequence[Card] | str,
    *,
    dealer: bool,
    me: int,
    him: int,
    variant: Variant | str = SIX_CARD,
    opponent: str = "weighted",
) -> PositionAnalysis:
    """Rank every throw from a dealt hand by the chance to win from ``me`` to ``him``,
    as dealer or pone (see the module's docstring for the method), his throw to the crib
    by the ``opponent`` model (``weighted``: as a good player throws, as the computer
    does; ``random``)."""
    v = get_variant(variant)
    dealt = check_dealt(cards, v)
    check_scores(me, him, v)
    points = analyse_discards(dealt, dealer=dealer, variant=v, opponent=opponent)
    throws = [o.discard for o in points.options]
    keeps = [o.keep for o in points.options]
    weights = pair_weights(v.name, dealer) if opponent == "weighted" else None
    plays = throw_win_plays(
        dealt, throws, keeps, dealer=dealer, me=me, him=him, variant=v, weights=weights
    )
    # sums of chances can stray past 1 by a rounding step (1.0000000000000002)
    wins, errors = np.clip(plays.mean(axis=1), 0.0, 1.0), win_errors(plays)
    home = (hand_points(unseen_cards(dealt), keeps) >= v.target - me).mean(axis=1)
    ranked = sorted(
        (
            PositionOption(o, float(w), float(h), float(e))
            for o, w, h, e in zip(points.options, wins, home, errors, strict=True)
        ),
        key=lambda p: -round(p.win, 6),
    )
    return PositionAnalysis(points, me, him, tuple(ranked))


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
    """My chance to win after each throw (rows, in the order given) when the play goes
    as each of the sampled plays of the cards kept (columns): exact over the starter,
    the crib and the shows from there. Their mean is the throw's chance to win (within a
    rounding step of [0, 1]); their spread over the plays is what the sample leaves
    uncertain (:func:`win_errors`)."""
    unseen = unseen_cards(dealt)
    hands = hand_points(unseen, keeps)  # (throws, starters)
    cribs = crib_chances(unseen, throws, weights)  # (throws, starters, points)
    kept = [tuple(sorted(int(c.rank) for c in k)) for k in keeps]
    distinct = sorted(set(kept))
    which = np.array([distinct.index(k) for k in kept])
    samples = [keep_play(k, dealer=dealer, variant=variant) for k in distinct]
    after = _after_shows(variant.name, dealer)
    mine, his = variant.target - me, variant.target - him
    jack = np.array([c.rank == Rank.JACK for c in unseen])
    c = np.arange(MAX_POINTS)
    hand, crib = np.meshgrid(c, c, indexing="ij")
    my_shows = hand + crib if dealer else hand  # the crib is mine when I deal
    his_crib = 0 if dealer else crib
    total = np.zeros((len(throws), samples[0].plays))
    for heels in (False, True):
        starters = np.flatnonzero(jack == heels)
        if not len(starters):
            continue
        my_need = mine - 2 * heels if dealer else mine
        his_need = his if dealer else his - 2 * heels
        if my_need <= 0 or his_need <= 0:  # his heels win the game for the dealer
            total += len(starters) * (my_need <= 0)
            continue
        for u, sample in enumerate(samples):
            pone_need, dealer_need = (his_need, my_need) if dealer else (my_need, his_need)
            tp, td = sample.pone_reach(pone_need), sample.dealer_reach(dealer_need)
            first_mine = td < tp if dealer else tp < td
            neither = (tp == NEVER) & (td == NEVER)
            my_play = sample.dealer_play if dealer else sample.pone_play
            his_play = sample.pone_play if dealer else sample.dealer_play
            pairs, inverse = np.unique(
                my_play[neither] * 1024 + his_play[neither], return_inverse=True
            )
            x = my_need - (pairs // 1024)[:, None, None] - my_shows + _OFF  # (pair, h, c)
            y = his_need - (pairs % 1024)[:, None, None] - his_crib + _OFF
            chances = after[x, y]  # my chance once the play has gone as each pair
            for t in np.flatnonzero(which == u):
                h = hands[t, starters]
                by_pair = np.einsum("psc,sc->p", chances[:, h, :], cribs[t, starters, :])
                total[t] += len(starters) * first_mine
                total[t, neither] += by_pair[inverse]
    return total / len(unseen)


def win_errors(plays: np.ndarray) -> np.ndarray:
    """The standard error of each throw's chance to win from its row of
    :func:`throw_win_plays` (the sample's plays are independent draws).

    >>> win_errors(np.array([[0.5, 0.5, 0.5, 0.5], [0.0, 1.0, 0.0, 1.0]])).round(3).tolist()
    [0.0, 0.289]
    """
    n = plays.shape[1]
    return plays.std(axis=1, ddof=1) / np.sqrt(n)

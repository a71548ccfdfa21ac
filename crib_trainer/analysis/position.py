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

How it is worked out, in plain Python (a command at the score imports no numpy: its import
alone took longer than the analysis): the crib per starter by the ranks of his pair
(:func:`crib_chances`: a starter rank's 91 rank pairs, then each starter card's suit
corrections), each throw's hand and crib folded over the starters into one distribution
(the dealer's hand plus crib) or one per hand value (the pone's crib), then one sum per
pair of play totals against the table folded with his hand (:func:`_after_shows`, each
cell worked out when first asked for and kept).

>>> p = analyse_position("5H 5D 5S JC 2C 9D", dealer=True, me=60, him=60)
>>> len(p.options), 0.0 < p.options[0].win < 1.0
(15, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from operator import add, itemgetter, mul
from pathlib import Path
from typing import Any, NamedTuple

from crib_trainer.analysis.discard import (
    CRIB_FLUSH,
    DiscardAnalysis,
    ThrowOption,
    analyse_discards,
    check_dealt,
    hand_point_rows,
    unseen_cards,
)
from crib_trainer.analysis.keepplay import PlaySample, keep_play
from crib_trainer.analysis.npyfile import read_arrays
from crib_trainer.analysis.ranksets import multiset_index, multiset_keys, points_table
from crib_trainer.analysis.winprob import NEVER, shipped_rows
from crib_trainer.core.cards import Card, Rank, Suit
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The deal sample of expert self-play, built by
#: :mod:`crib_trainer.analysis.build.deal_sample` (read here and by the end of the play).
SAMPLE_PATH = Path(__file__).parent / "data" / "deal_sample.npz"
JACK = int(Rank.JACK)
MAX_POINTS = 30  # more than any hand or crib can score (29)
#: Chances to win closer than this are the same for teaching (half a percent).
SAME = 0.005
_OFF = 64  # index offset so that needs below zero (up to two shows' worth) stay in range
#: His pair's weights by rank (``W[a][b]`` for ranks ``a + 1`` and ``b + 1``).
PairWeights = Sequence[Sequence[float]]


# --- his hand, and the play of what you keep ----------------------------------------


@dataclass(frozen=True, eq=False)
class DealSample:
    """The chance of each show of the pone's and the dealer's hand (k = 0 … MAX_POINTS -
    1) in self-play deals between experts."""

    pone_hand: list[float]
    dealer_hand: list[float]


@cache
def deal_sample(variant: str) -> DealSample:
    """The shipped sample of ``variant`` (``six-card`` or ``five-card``).

    >>> s = deal_sample("six-card")
    >>> len(s.pone_hand), round(sum(s.dealer_hand), 9)
    (30, 1.0)
    """
    v = get_variant(variant)
    key = v.name.replace("-", "_")
    try:
        data = read_arrays(SAMPLE_PATH, [f"{key}_pone_hand", f"{key}_dealer_hand"])
    except ValueError as err:
        raise ValueError(f"no deal sample for the {v.name} game: {err}") from None

    def chances(shows: Sequence[int]) -> list[float]:
        counts = [0] * MAX_POINTS
        for show in shows:
            counts[show] += 1
        return [c / len(shows) for c in counts]

    pone, dealer = (data[f"{key}_{who}_hand"].values for who in ("pone", "dealer"))
    return DealSample(chances(pone), chances(dealer))


class PlayEnd(NamedTuple):
    """How the play from two needs ends in each of a sample's plays: ``mine``, I peg out
    first; ``his``, he does; ``pair``, the play totals (mine, his) when neither does
    (else ``None``)."""

    mine: list[bool]
    his: list[bool]
    pair: list[tuple[int, int] | None]


def play_ends(play: PlaySample, my_need: int, his_need: int, *, dealer: bool) -> PlayEnd:
    """What each play of ``play`` (the plays of one kept hand in my role) does from these
    needs (each at least 1).

    >>> s = PlaySample.of([0, 1, 1, 0], [2, 1, 1, 1], [2, 2])
    >>> e = play_ends(s, 2, 5, dealer=False)  # I am the pone and need 2
    >>> e.mine, e.his, e.pair
    ([True, False], [False, False], [None, (1, 1)])
    """
    mine_reach = play.dealer_reach(my_need) if dealer else play.pone_reach(my_need)
    his_reach = play.pone_reach(his_need) if dealer else play.dealer_reach(his_need)
    mine_total = play.dealer_play if dealer else play.pone_play
    his_total = play.pone_play if dealer else play.dealer_play
    pairs: list[tuple[int, int] | None] = [
        (m, h) if a == b == NEVER else None
        for a, b, m, h in zip(mine_reach, his_reach, mine_total, his_total, strict=True)
    ]
    return PlayEnd(
        [a < b for a, b in zip(mine_reach, his_reach, strict=True)],
        [b < a for a, b in zip(mine_reach, his_reach, strict=True)],
        pairs,
    )


# --- the table folded with his hand --------------------------------------------------


class _AfterShows:
    """My chance to win once the play is over and my hand is counted, before his hand
    (when I am pone) or the crib (when I deal), ``A(x, y)``.

    As pone: ``x`` my need after my hand, ``y`` his need before his hand and crib, which
    the caller subtracts the crib from: I win at once when ``x ≤ 0``, lose when his hand
    and crib reach ``y``, else I deal next. As dealer: ``x`` my need after my hand and
    crib, ``y`` his need before his hand, which he counts first: he wins when it reaches
    ``y``; otherwise I win when ``x ≤ 0``, else he deals next.

    Each cell is a sum over his hand's shows in their order (the smallest first), worked
    out when first asked for and kept: a position reads a few hundred of the table's
    cells, not all 14,884 of them.
    """

    def __init__(self, variant: str, dealer: bool) -> None:
        v = get_variant(variant)
        table = shipped_rows(v)
        sample = deal_sample(v.name)
        self.dealer = dealer
        self.size = v.target + 1 + _OFF
        his = sample.pone_hand if dealer else sample.dealer_hand
        self.his = his[: max(k for k, p in enumerate(his) if p) + 1]
        # as dealer, the cells are read along x (his need fixed), the table by columns
        self.table = [list(column) for column in zip(*table, strict=True)] if dealer else table
        self.lines: dict[int, list[float]] = {}
        self.filled: dict[int, tuple[int, int]] = {}

    def line(self, fixed: int, low: int, high: int) -> list[float]:
        """The cells along the free axis (``x`` as dealer, with ``y = fixed``; ``y`` as
        pone, with ``x = fixed``), indexed by the free need plus ``_OFF``, with those from
        ``low`` to ``high`` worked out."""
        line = self.lines.get(fixed)
        if line is None:
            line = self.lines[fixed] = [0.0] * self.size
            done = (high + 1, high + 1)
        else:
            done = self.filled[fixed]
        a, b = min(low, done[0]), max(high + 1, done[1])
        for free in (*range(a, done[0]), *range(done[1], b)):
            line[free + _OFF] = self._cell(fixed, free)
        self.filled[fixed] = (a, b)
        return line

    def _cell(self, fixed: int, free: int) -> float:
        his = self.his
        if self.dealer:  # x = free, y = fixed: he counts first
            x, y = free, fixed
            if y <= 0:
                return 0.0
            shown = his[:y]
            if x <= 0:  # I go out with my hand and crib unless his hand got there
                return sum(shown)
            # (1 - V(y - k, x) at each show k of his that falls short, k ascending)
            return sum(map(mul, shown, map((1.0).__sub__, self.table[x][y : y - len(shown) : -1])))
        x, y = fixed, free
        if x <= 0:  # I counted first and went out
            return 1.0
        if y <= 0:
            return 0.0
        shown = his[:y]
        return sum(map(mul, shown, self.table[x][y : y - len(shown) : -1]))


@cache
def _after_shows(variant: str, dealer: bool) -> _AfterShows:
    """The table folded with his hand for a game and my role (kept for the process)."""
    return _AfterShows(variant, dealer)


# --- the crib per starter ------------------------------------------------------------


@cache
def pair_weights(variant: str, dealer: bool) -> tuple[tuple[float, ...], ...]:
    """``W[a][b]``: how likely a good opponent is to throw a given pair of cards of ranks
    ``a + 1`` and ``b + 1`` (the weighted model of the discard analysis: his throw to his
    own crib when I am pone, to mine when I deal), for :func:`crib_chances`."""
    from crib_trainer.analysis.discard import other_slots
    from crib_trainer.analysis.opponent import slot_weights

    (slot,) = other_slots(variant, dealer)
    weights = slot_weights(variant, slot == "own")
    index = multiset_index(2)
    return tuple(
        tuple(float(weights[index[(min(a, b) + 1, max(a, b) + 1)]]) for b in range(13))
        for a in range(13)
    )


@cache
def _triple_columns() -> list[int]:
    """The column in the crib's points table (the multisets of three ranks,
    :func:`~crib_trainer.analysis.ranksets.multiset_keys`) of any three ranks ``a``,
    ``b``, ``c`` (1 … 13, in any order), at ``(a * 14 + b) * 14 + c``.

    >>> _triple_columns()[(5 * 14 + 11) * 14 + 5] == multiset_index(3)[(5, 5, 11)]
    True
    """
    out = [0] * 14**3
    for column, ranks in enumerate(multiset_keys(3)):
        for a, b, c in set(permutations(ranks)):
            out[(a * 14 + b) * 14 + c] = column
    return out


def _picker(columns: list[int]) -> Callable[[bytes], tuple[int, ...]]:
    """A function giving a row's values at ``columns``, as a tuple (however many).

    >>> _picker([2, 0])(b"abc"), _picker([1])(b"abc"), _picker([])(b"abc")
    ((99, 97), (98,), ())
    """
    if len(columns) > 1:
        return itemgetter(*columns)
    return lambda row: tuple(row[c] for c in columns)


class _Pairs(NamedTuple):
    """His rank pairs with a starter of one rank (:meth:`_CribByRank.pairs`): each
    ``columns`` picks their points from a throw's row of the points table."""

    columns: Callable[[bytes], tuple[int, ...]]
    weights: list[int | float]
    nob_columns: Callable[[bytes], tuple[int, ...]]
    nob_weights: list[int | float]
    total: int | float


class _CribByRank:
    """The crib's points for one deal, by the ranks of the throw and the starter: for each
    starter rank, his pairs by rank (91 kinds) with their weights, and the histogram of a
    throw's rank points over them (the suit-free part), worked out once each."""

    def __init__(self, unseen: Sequence[Card], weights: PairWeights | None) -> None:
        self.unseen = set(unseen)
        self.weights = weights
        self.of_rank = [0] * 13  # unseen cards of each rank (index rank - 1)
        for c in unseen:
            self.of_rank[c.rank - 1] += 1
        self.table = points_table(2, 3)
        self.width = len(multiset_keys(3))
        self.columns = _triple_columns()
        self._pairs: dict[int, _Pairs] = {}
        self._points: dict[tuple[int, int], list[int | float]] = {}
        self._with_nob: dict[tuple[int, int], list[int | float]] = {}
        self._chances: dict[tuple[int, int, bool, bool], list[float]] = {}

    def weight(self, a: int, b: int) -> int | float:
        """One pair of cards of ranks ``a + 1`` and ``b + 1``: 1, or its weight."""
        return 1 if self.weights is None else self.weights[a][b]

    def pairs(self, rank: int) -> _Pairs:
        """With a starter of ``rank``: the rank pairs he may throw (their columns in the
        points table with the starter, and the weight of all their card pairs), those
        holding a jack with their weights less the jack of the starter's suit (for his
        nob), and the total weight of his pairs."""
        got = self._pairs.get(rank)
        if got is None:
            u = list(self.of_rank)
            u[rank - 1] -= 1
            columns, weights, nob_columns, nob_weights = [], [], [], []
            for a in range(13):
                for b in range(a, 13):
                    ways = u[a] * (u[a] - 1) // 2 if a == b else u[a] * u[b]
                    if ways:
                        columns.append(self.columns[((a + 1) * 14 + b + 1) * 14 + rank])
                        weights.append(ways * self.weight(a, b))
            u[JACK - 1] -= 1  # (his jack of the starter's suit, paired with another card)
            for b in range(13):
                if u[b] > 0:
                    nob_columns.append(self.columns[(JACK * 14 + b + 1) * 14 + rank])
                    nob_weights.append(u[b] * self.weight(JACK - 1, b))
            got = self._pairs[rank] = _Pairs(
                _picker(columns), weights, _picker(nob_columns), nob_weights, sum(weights)
            )
        return got

    def points(self, throw_row: int, rank: int) -> list[int | float]:
        """The weight of his pairs at each crib rank-points total (a throw's row in the
        points table; a starter of ``rank``)."""
        key = (throw_row, rank)
        got = self._points.get(key)
        if got is None:
            got = self._points[key] = [0] * MAX_POINTS
            pairs = self.pairs(rank)
            row = self.table[throw_row * self.width : (throw_row + 1) * self.width]
            for points, w in zip(pairs.columns(row), pairs.weights, strict=True):
                got[points] += w
        return got

    def counts(self, throw_row: int, rank: int, nob: bool) -> list[int | float]:
        """:meth:`points` with his nob counted when he may hold the jack of the
        starter's suit (``nob``): his pairs holding it score one more."""
        if not nob:
            return self.points(throw_row, rank)
        key = (throw_row, rank)
        got = self._with_nob.get(key)
        if got is None:
            got = self._with_nob[key] = list(self.points(throw_row, rank))
            pairs = self.pairs(rank)
            row = self.table[throw_row * self.width : (throw_row + 1) * self.width]
            for points, w in zip(pairs.nob_columns(row), pairs.nob_weights, strict=True):
                got[points] -= w
                got[points + 1] += w
        return got

    def chances(self, throw_row: int, rank: int, nob: bool, my_nob: bool) -> list[float]:
        """The chance of each crib (no flush possible): :meth:`counts` over all his
        pairs, one more with my jack of the starter's suit thrown (``my_nob``). Shared
        between the starters alike: not to be changed."""
        key = (throw_row, rank, nob, my_nob)
        got = self._chances.get(key)
        if got is None:
            got = self._chances[key] = self.divided(self.counts(throw_row, rank, nob), rank, my_nob)
        return got

    def divided(self, counts: list[int | float], rank: int, my_nob: bool) -> list[float]:
        """``counts`` (a starter of ``rank``) as chances, one more with ``my_nob``."""
        total = self.pairs(rank).total
        if my_nob:  # every total one more
            counts = [0, *counts[:-1]]
        return [w / total for w in counts]


def crib_chances(
    unseen: Sequence[Card],
    throws: Sequence[tuple[Card, ...]],
    weights: PairWeights | None = None,
) -> list[list[list[float]]]:
    """``P[t][k][c]``: the chance that throw ``t``'s crib shows ``c`` when the starter is
    ``unseen[k]``, over every pair of the other unseen cards the opponent may throw: each
    equally likely, or with ``weights`` (:func:`pair_weights`) as likely as a good player
    throws it (given the starter: the starter itself stays uniform over the unseen cards,
    as the hand's and the play's chances take it).

    Worked by rank: for each starter rank, his pairs' rank points against the throw's
    ranks (:class:`_CribByRank`); then for each starter card, his nob (a pair holding the
    jack of its suit: one point more), my thrown jack of its suit (every total one more)
    and the crib's flush (the throw, his pair and the starter all of one suit: five more).
    With every pair equally likely the sums are whole numbers until the last division.
    Starters alike (same rank, no flush possible, the same nobs) share one list: read the
    lists, do not change them.

    >>> from crib_trainer.core.cards import parse_cards
    >>> dealt = parse_cards("5H 5D 5S JC 2C 9D")
    >>> p = crib_chances(unseen_cards(dealt), [parse_cards("2C 9D")])
    >>> len(p[0]), round(sum(p[0][0]), 12)
    (46, 1.0)
    """
    by_rank = _CribByRank(unseen, weights)
    starters = [(c, int(c.rank), c.suit.index) for c in unseen]
    suits: list[list[Card]] = [[] for _ in range(4)]
    for c, _, suit in starters:
        suits[suit].append(c)
    # the jack of each suit when he may hold it (it is unseen)
    jacks = {s.index: Card(Rank.JACK, s) for s in Suit if Card(Rank.JACK, s) in by_rank.unseen}
    rows = multiset_index(2)
    out = []
    for throw in throws:
        row = rows[tuple(sorted(int(c.rank) for c in throw))]
        suited = throw[0].suit.index if all(c.suit is throw[0].suit for c in throw) else None
        my_jacks = {c.suit.index for c in throw if c.rank == Rank.JACK}
        per_starter = []
        for s, r, suit in starters:
            nob = suit in jacks and jacks[suit] != s  # he may hold the jack of its suit
            if suited != suit:
                per_starter.append(by_rank.chances(row, r, nob, suit in my_jacks))
                continue
            # a flush of the throw, his pair and the starter: five more
            counts = list(by_rank.counts(row, r, nob))
            start = row * by_rank.width
            for a, b in combinations([c for c in suits[suit] if c != s], 2):
                column = by_rank.columns[(a.rank * 14 + b.rank) * 14 + r]
                points = by_rank.table[start + column]
                points += a.rank == Rank.JACK or b.rank == Rank.JACK  # (his nob too)
                w = by_rank.weight(a.rank - 1, b.rank - 1)
                counts[points] -= w
                counts[points + CRIB_FLUSH] += w
            per_starter.append(by_rank.divided(counts, r, suit in my_jacks))
        out.append(per_starter)
    return out


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
        return max(SAME, 2.0 * math.hypot(option.error, other.error))

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
    need = v.target - me
    hands = hand_point_rows(unseen_cards(dealt), keeps)
    ranked = sorted(
        (
            # (the mean of the plays' chances from their exact sum, math.fsum: a position
            # whose chance is a round figure, 22 in 64, comes out as that figure; sums of
            # chances can still stray past 1 by a rounding step, 1.0000000000000002)
            PositionOption(o, min(max(math.fsum(row) / len(row), 0.0), 1.0), home, error)
            for o, row, home, error in zip(
                points.options,
                plays,
                (sum(p >= need for p in h) / len(h) for h in hands),
                win_errors(plays),
                strict=True,
            )
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
    weights: PairWeights | None = None,
) -> list[list[float]]:
    """My chance to win after each throw (rows, in the order given) when the play goes
    as each of the sampled plays of the cards kept (columns): exact over the starter,
    the crib and the shows from there. Their mean is the throw's chance to win (within a
    rounding step of [0, 1]); their spread over the plays is what the sample leaves
    uncertain (:func:`win_errors`).

    Each throw's hand and crib are folded over the starters first (as dealer, into the
    chance of each hand-plus-crib total: my need after them is all that counts; as pone,
    into the chance of each crib for each hand value), then each pair of play totals takes
    one sum against the table folded with his hand.
    """
    unseen = unseen_cards(dealt)
    hands = hand_point_rows(unseen, keeps)  # [throw][starter]
    cribs = crib_chances(unseen, throws, weights)  # [throw][starter][points]
    kept = [tuple(sorted(int(c.rank) for c in k)) for k in keeps]
    samples = {k: keep_play(k, dealer=dealer, variant=variant) for k in sorted(set(kept))}
    after = _after_shows(variant.name, dealer)
    mine, his = variant.target - me, variant.target - him
    plays = next(iter(samples.values())).plays
    total = [[0.0] * plays for _ in throws]
    for heels in (False, True):
        starters = [k for k, c in enumerate(unseen) if (c.rank == Rank.JACK) == heels]
        if not starters:
            continue
        my_need = mine - 2 * heels if dealer else mine
        his_need = his if dealer else his - 2 * heels
        if my_need <= 0 or his_need <= 0:  # his heels win the game for the dealer
            if my_need <= 0:
                total = [[w + len(starters) for w in row] for row in total]
            continue
        ends = {
            k: play_ends(sample, my_need, his_need, dealer=dealer) for k, sample in samples.items()
        }
        for t, row in enumerate(total):
            end = ends[kept[t]]
            fold = _Fold(hands[t], cribs[t], starters, dealer)
            by_pair: dict[tuple[int, int], float] = {}
            for j, pair in enumerate(end.pair):
                if end.mine[j]:
                    row[j] += len(starters)
                elif pair is not None:
                    chance = by_pair.get(pair)
                    if chance is None:
                        chance = by_pair[pair] = fold.chance(
                            after, my_need - pair[0], his_need - pair[1]
                        )
                    row[j] += chance
    return [[w / len(unseen) for w in row] for row in total]


class _Fold:
    """One throw's hand and crib over a group of starters (those of his heels, or the
    rest): as dealer, the weight of each total of my hand and crib; as pone, for each
    value of my hand the weight of each crib (his)."""

    def __init__(
        self, hands: list[int], cribs: list[list[float]], starters: list[int], dealer: bool
    ) -> None:
        self.dealer = dealer
        if dealer:
            totals = [0.0] * (max(hands[s] for s in starters) + MAX_POINTS)
            for s in starters:
                h = hands[s]
                totals[h : h + MAX_POINTS] = map(add, totals[h : h + MAX_POINTS], cribs[s])
            self.totals = totals
        else:
            by_hand: dict[int, list[float]] = {}
            starts: dict[int, int] = {}
            for s in starters:
                h = hands[s]
                got = by_hand.get(h)
                by_hand[h] = list(cribs[s]) if got is None else list(map(add, got, cribs[s]))
                starts[h] = starts.get(h, 0) + 1
            # (the weight of a hand value, all its cribs, is its starters' count: exact,
            # where the sum of their crib chances would be a rounding step off)
            self.by_hand = [(h, starts[h], c) for h, c in sorted(by_hand.items())]

    def chance(self, after: _AfterShows, my_need: int, his_need: int) -> float:
        """The weight of my winning after the play, needing ``my_need`` and ``his_need``
        (each at least 1) when it ends, times the starters' count."""
        if self.dealer:  # x = my need less hand and crib, y = his need
            totals = self.totals
            low = my_need - len(totals) + 1
            line = after.line(his_need, low, my_need)
            return sum(map(mul, totals, line[my_need + _OFF : low + _OFF - 1 : -1]))
        out = 0.0
        for h, starters, cribs in self.by_hand:  # x = my need less hand, y = his less crib
            x = my_need - h
            if x <= 0:  # I go out whatever the crib
                out += starters
                continue
            low = his_need - MAX_POINTS + 1
            line = after.line(x, low, his_need)
            out += sum(map(mul, cribs, line[his_need + _OFF : low + _OFF - 1 : -1]))
        return out


def win_errors(plays: Sequence[Sequence[float]]) -> list[float]:
    """The standard error of each throw's chance to win from its row of
    :func:`throw_win_plays` (the sample's plays are independent draws).

    >>> [round(e, 3) for e in win_errors([[0.5, 0.5, 0.5, 0.5], [0.0, 1.0, 0.0, 1.0]])]
    [0.0, 0.289]
    """
    out = []
    for row in plays:
        n = len(row)
        mean = math.fsum(row) / n
        out.append(math.sqrt(math.fsum((w - mean) ** 2 for w in row) / (n - 1) / n))
    return out

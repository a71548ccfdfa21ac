"""The play of the cards you keep: for every multiset of kept ranks and each role, the
plays of expert self-play built offline (:mod:`crib_trainer.analysis.build.keep_play`,
``analysis/data/keep_play.npz``), each kept whole, its points in the order they were
pegged. Position-aware advice (:mod:`crib_trainer.analysis.position`) reads from them
how often each side pegs out first for any pair of needs, and the points each pegs when
neither does.

>>> play = keep_play((5, 5, 10, 11), dealer=False)
>>> play.plays, bool(play.pone_reach(1).shape == (play.plays,))
(64, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from crib_trainer.analysis.ranksets import multiset_index
from crib_trainer.analysis.winprob import NEVER
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The table :mod:`crib_trainer.analysis.build.keep_play` writes.
TABLE_PATH = Path(__file__).parent / "data" / "keep_play.npz"

#: The plays of every kept hand, built by :mod:`crib_trainer.analysis.build.keep_play`.
TABLE_PATH = Path(__file__).parent / "data" / "keep_play.npz"


@dataclass(frozen=True, eq=False)
class PlaySample:
    """Plays of one kept hand in one role: each side's play total, and the index of the
    event at which each side's points first reach each need (rows ``0 … len - 1``; a
    need past the last row is never reached)."""

    plays: int
    pone_play: np.ndarray
    dealer_play: np.ndarray
    _pone_reach: np.ndarray
    _dealer_reach: np.ndarray

    @classmethod
    def of(cls, who: np.ndarray, points: np.ndarray, lengths: np.ndarray) -> PlaySample:
        """The sample of plays whose points, in the order pegged, are ``points`` (each
        of ``who``: 0 pone, 1 dealer), the first ``lengths[0]`` events the first play's,
        and so on (``reach`` as :func:`crib_trainer.analysis.winprob.first_reach` gives
        it, row ``n`` the index within its play of the event that reaches ``n``).

        >>> s = PlaySample.of(np.array([0, 1, 1, 1]), np.array([2, 1, 1, 1]), np.array([2, 2]))
        >>> s.pone_play.tolist(), s.dealer_play.tolist(), s.dealer_reach(2).tolist()
        ([2, 0], [1, 2], [32767, 1])
        """
        who = np.asarray(who, dtype=np.int64)
        points = np.asarray(points, dtype=np.int64)
        plays = len(lengths)
        play = np.repeat(np.arange(plays), lengths)
        local = np.arange(len(who)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        totals = np.zeros((2, plays), dtype=np.int64)
        np.add.at(totals, (who, play), points)
        reach = np.full((2, int(totals.max(initial=0)) + 1, plays), NEVER, dtype=np.int16)
        for side in (0, 1):
            mine = who == side
            pts, at, index = points[mine], play[mine], local[mine]
            done = np.cumsum(pts) - np.concatenate([[0], np.cumsum(totals[side])])[at]
            first = np.repeat(done - pts, pts) + 1  # the needs each event reaches
            first += np.arange(len(first)) - np.repeat(np.cumsum(pts) - pts, pts)
            reach[side, first, np.repeat(at, pts)] = np.repeat(index, pts)
        return cls(plays, totals[0], totals[1], reach[0], reach[1])

    def pone_reach(self, need: int) -> np.ndarray:
        """When the pone's points first reach ``need`` (≥ 1) in each play."""
        return _row(self._pone_reach, need, self.plays)

    def dealer_reach(self, need: int) -> np.ndarray:
        """When the dealer's points first reach ``need`` (≥ 1) in each play."""
        return _row(self._dealer_reach, need, self.plays)


def _row(reach: np.ndarray, need: int, plays: int) -> np.ndarray:
    return reach[need] if need < len(reach) else np.full(plays, NEVER, dtype=reach.dtype)


@cache
def _table(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    key = name.replace("-", "_")
    with np.load(TABLE_PATH) as data:
        if f"{key}_who" not in data:
            raise ValueError(f"no play per kept hand for the {name} game")
        starts = np.concatenate([[0], np.cumsum(data[f"{key}_events"], dtype=np.int64)])
        return data[f"{key}_who"], data[f"{key}_points"], starts, int(data[f"{key}_plays"])


@cache
def _keep_play(ranks: tuple[int, ...], dealer: bool, name: str) -> PlaySample:
    who, points, starts, plays = _table(name)
    index = multiset_index(len(ranks))
    first = ((1 if dealer else 0) * len(index) + index[ranks]) * plays
    a, b = starts[first], starts[first + plays]
    lengths = np.diff(starts[first : first + plays + 1])
    return PlaySample.of(who[a:b], points[a:b], lengths)


def keep_play(
    ranks: tuple[int, ...] | list[int], *, dealer: bool, variant: Variant | str = SIX_CARD
) -> PlaySample:
    """The plays of the kept ``ranks`` (1 ace … 13 king) as dealer or pone."""
    v = get_variant(variant)
    key = tuple(sorted(int(r) for r in ranks))
    if len(key) != v.hand_size or not all(1 <= r <= 13 for r in key):
        raise ValueError(f"a {v.name} hand keeps {v.hand_size} ranks from 1 to 13, not {key}")
    return _keep_play(key, dealer, v.name)

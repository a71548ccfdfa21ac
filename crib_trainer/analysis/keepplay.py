"""The play of the cards you keep: for every multiset of kept ranks and each role, the
plays of expert self-play built offline (:mod:`crib_trainer.analysis.build.keep_play`,
``analysis/data/keep_play.npz``), each kept whole, its points in the order they were
pegged. Position-aware advice (:mod:`crib_trainer.analysis.position`) reads from them
how often each side pegs out first for any pair of needs, and the points each pegs when
neither does. The file is read without numpy (:mod:`crib_trainer.analysis.npyfile`), and
a kept hand's plays are plain lists: a position analysis reads at most 15 of them.

>>> play = keep_play((5, 5, 10, 11), dealer=False)
>>> play.plays, len(play.pone_reach(1)) == play.plays
(64, True)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import NamedTuple

from crib_trainer.analysis.npyfile import read_arrays
from crib_trainer.analysis.ranksets import multiset_index
from crib_trainer.analysis.winprob import NEVER
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The plays of every kept hand, built by :mod:`crib_trainer.analysis.build.keep_play`.
TABLE_PATH = Path(__file__).parent / "data" / "keep_play.npz"
#: The events of this many keys' plays are summed ahead, to find a key's first event.
_BLOCK = 1024


@dataclass(frozen=True, eq=False)
class PlaySample:
    """Plays of one kept hand in one role: each side's play total (a list, one item a
    play), and when (the index of the event, within its play) each side's points first
    reach a need (a tuple, one item a play, kept once asked for; a need never reached is
    :data:`~crib_trainer.analysis.winprob.NEVER`).
    """

    plays: int
    pone_play: list[int]
    dealer_play: list[int]
    #: per side (pone, dealer) and play: the side's points after each of its events, and
    #: the index of each of those events within the play (tuples: the collector of
    #: cycles need not look into them, however many samples are kept)
    _points: tuple[tuple[tuple[int, ...], ...], ...]
    _events: tuple[tuple[tuple[int, ...], ...], ...]

    @classmethod
    def of(cls, who: Sequence[int], points: Sequence[int], lengths: Sequence[int]) -> PlaySample:
        """The sample of plays whose points, in the order pegged, are ``points`` (each
        of ``who``: 0 pone, 1 dealer), the first ``lengths[0]`` events the first play's,
        and so on (each side's reach of a need as
        :func:`crib_trainer.analysis.winprob.first_reach` gives it: the index within its
        play of the event that reaches it).

        >>> s = PlaySample.of([0, 1, 1, 1], [2, 1, 1, 1], [2, 2])
        >>> s.pone_play, s.dealer_play, s.dealer_reach(2)
        ([2, 0], [1, 2], (32767, 1))
        """
        steps: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
        events: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
        start = 0
        for length in map(int, lengths):
            so_far = [0, 0]
            play_steps: tuple[list[int], list[int]] = ([], [])
            play_events: tuple[list[int], list[int]] = ([], [])
            for index in range(length):
                side, got = int(who[start + index]), int(points[start + index])
                if got > 0:
                    so_far[side] += got
                    play_steps[side].append(so_far[side])
                    play_events[side].append(index)
            for side in (0, 1):
                steps[side].append(tuple(play_steps[side]))
                events[side].append(tuple(play_events[side]))
            start += length
        pone, dealer = ([s[-1] if s else 0 for s in side] for side in steps)
        return cls(len(pone), pone, dealer, tuple(map(tuple, steps)), tuple(map(tuple, events)))

    def pone_reach(self, need: int) -> tuple[int, ...]:
        """When the pone's points first reach ``need`` (≥ 1) in each play."""
        return self._reach(0, need)

    def dealer_reach(self, need: int) -> tuple[int, ...]:
        """When the dealer's points first reach ``need`` (≥ 1) in each play."""
        return self._reach(1, need)

    def _reach(self, side: int, need: int) -> tuple[int, ...]:
        """(Worked out each time, not kept: every kept hand's sample is kept for the
        process's life, and its reaches of every need asked were 170-300 KB a hand.)"""
        out = []
        for steps, index in zip(self._points[side], self._events[side], strict=True):
            i = bisect_left(steps, need)
            out.append(index[i] if i < len(steps) else NEVER)
        return tuple(out)


class _Table(NamedTuple):
    """One game's file: every play's events (``who``, ``points``), the events of each
    play (``events``), the plays per key and role, and the events before every
    :data:`_BLOCK`-th play (``blocks``)."""

    who: memoryview
    points: memoryview
    events: memoryview
    plays: int
    blocks: list[int]

    def first_event(self, play: int) -> int:
        """The index of the first event of the ``play``-th play in the file."""
        block = play // _BLOCK
        return self.blocks[block] + sum(self.events[block * _BLOCK : play])


@cache
def _table(name: str) -> _Table:
    key = name.replace("-", "_")
    try:
        data = read_arrays(
            TABLE_PATH, [f"{key}_{part}" for part in ("who", "points", "events", "plays")]
        )
    except ValueError as err:
        raise ValueError(f"no play per kept hand for the {name} game: {err}") from None
    events = memoryview(data[f"{key}_events"].values)
    blocks = [0]
    for start in range(0, len(events), _BLOCK):
        blocks.append(blocks[-1] + sum(events[start : start + _BLOCK]))
    return _Table(
        memoryview(data[f"{key}_who"].values),
        memoryview(data[f"{key}_points"].values),
        events,
        int(data[f"{key}_plays"].values[0]),
        blocks,
    )


@cache
def _keep_play(ranks: tuple[int, ...], dealer: bool, name: str) -> PlaySample:
    table = _table(name)
    index = multiset_index(len(ranks))
    first = ((1 if dealer else 0) * len(index) + index[ranks]) * table.plays
    a = table.first_event(first)
    lengths = table.events[first : first + table.plays]
    b = a + sum(lengths)
    return PlaySample.of(table.who[a:b], table.points[a:b], lengths)


def keep_play(
    ranks: tuple[int, ...] | list[int], *, dealer: bool, variant: Variant | str = SIX_CARD
) -> PlaySample:
    """The plays of the kept ``ranks`` (1 ace … 13 king) as dealer or pone."""
    v = get_variant(variant)
    key = tuple(sorted(int(r) for r in ranks))
    if len(key) != v.hand_size or not all(1 <= r <= 13 for r in key):
        raise ValueError(f"a {v.name} hand keeps {v.hand_size} ranks from 1 to 13, not {key}")
    return _keep_play(key, dealer, v.name)

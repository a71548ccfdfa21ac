"""Multisets of ranks: the shared vocabulary of the discard analysis, its opponent model
and the table builder.

The crib's and the hand's suit-free points depend only on the multiset of their ranks, so
the analyses index everything by rank multisets: every multiset of a size in a fixed
order (:func:`multisets`), its row number (:func:`multiset_index`), the points of two
multisets together (:func:`points_matrix`), and how many sets of cards have a multiset's
ranks (:func:`card_set_ways`).

>>> keys, counts = multisets(2)
>>> len(keys), keys[0], counts[0].tolist()[:2]
(91, (1, 1), [2, 0])
>>> multiset_index(2)[(5, 5)]
46
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from crib_trainer.analysis.tables import rank_points

#: ``BINOM[n, k]`` = C(n, k) for n, k ≤ 4: the ways to pick k cards of a rank from n.
BINOM = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
BINOM.setflags(write=False)


@cache
def multisets(size: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """Every multiset of ``size`` ranks (1-13, none more than four times), sorted, and the
    same as rows of rank counts (column 0 aces … column 12 kings)."""
    keys = tuple(
        ranks
        for ranks in combinations_with_replacement(range(1, 14), size)
        if all(ranks.count(r) <= 4 for r in set(ranks))
    )
    counts = np.zeros((len(keys), 13), dtype=np.int64)
    for row, ranks in enumerate(keys):
        for r in ranks:
            counts[row, r - 1] += 1
    counts.setflags(write=False)
    return keys, counts


@cache
def multiset_index(size: int) -> dict[tuple[int, ...], int]:
    """The row of each multiset of ``size`` ranks in :func:`multisets` (sorted ranks)."""
    return {ranks: i for i, ranks in enumerate(multisets(size)[0])}


@cache
def points_matrix(size_a: int, size_b: int) -> np.ndarray:
    """``rank_points(A + B)`` for every multiset A of ``size_a`` and B of ``size_b`` ranks
    (0 where together they hold a rank five times: such pairs never occur in a deal).

    >>> int(points_matrix(4, 1)[multiset_index(4)[(5, 5, 5, 11)], 4])  # the starter a 5
    28
    """
    keys_a, _ = multisets(size_a)
    keys_b, _ = multisets(size_b)
    table = np.zeros((len(keys_a), len(keys_b)), dtype=np.int64)
    for i, a in enumerate(keys_a):
        for j, b in enumerate(keys_b):
            ranks = a + b
            if all(ranks.count(r) <= 4 for r in set(b)):
                table[i, j] = rank_points(ranks)
    table.setflags(write=False)
    return table


def card_set_ways(available: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """How many sets of cards have each row's rank counts, choosing from ``available``
    cards of each rank (``available`` may carry leading axes).

    >>> int(card_set_ways(np.full(13, 4), multisets(2)[1])[multiset_index(2)[(5, 5)]])
    6
    """
    return BINOM[available[..., None, :], counts].prod(axis=-1)

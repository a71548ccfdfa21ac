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

The points matrices the analyses use are shipped with the package (building them takes a
quarter of a second, most of a one-hand ``discard``): ``python -m
crib_trainer.analysis.ranksets`` writes them with :func:`write_points_matrices`, and a
test checks the shipped file against a fresh build.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import Any

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


#: The (size_a, size_b) of every points matrix shipped: the crib's throw against the other
#: cards and starter (two-card and one-card throws), and the kept hand against the starter
#: (three and four cards).
SHIPPED_MATRICES = ((2, 3), (1, 4), (3, 1), (4, 1))
MATRICES_FILE = Path(__file__).with_name("data") / "points_matrices.npz"


@cache
def points_matrix(size_a: int, size_b: int) -> np.ndarray:
    """``rank_points(A + B)`` for every multiset A of ``size_a`` and B of ``size_b`` ranks
    (0 where together they hold a rank five times: such pairs never occur in a deal):
    the shipped table when there is one, else built.

    >>> int(points_matrix(4, 1)[multiset_index(4)[(5, 5, 5, 11)], 4])  # the starter a 5
    28
    """
    if (size_a, size_b) in SHIPPED_MATRICES:
        with np.load(MATRICES_FILE) as shipped:
            table = shipped[_matrix_name(size_a, size_b)].astype(np.int64)
    else:
        table = build_points_matrix(size_a, size_b)
    table.setflags(write=False)
    return table


def _matrix_name(size_a: int, size_b: int) -> str:
    return f"points_{size_a}_{size_b}"


def build_points_matrix(size_a: int, size_b: int) -> np.ndarray:
    """:func:`points_matrix` worked out from :func:`~crib_trainer.analysis.tables.rank_points`."""
    keys_a, _ = multisets(size_a)
    keys_b, _ = multisets(size_b)
    table = np.zeros((len(keys_a), len(keys_b)), dtype=np.int64)
    for i, a in enumerate(keys_a):
        for j, b in enumerate(keys_b):
            ranks = a + b
            if all(ranks.count(r) <= 4 for r in set(b)):
                table[i, j] = rank_points(ranks)
    return table


def write_points_matrices(path: Path = MATRICES_FILE) -> None:
    """Build every shipped points matrix afresh and write them to ``path`` (points are at
    most 28, so one byte each; compressed)."""
    tables = {
        _matrix_name(a, b): build_points_matrix(a, b).astype(np.uint8) for a, b in SHIPPED_MATRICES
    }
    save: Any = np.savez_compressed  # (numpy's stub reads **tables as its options)
    save(path, **tables)


def card_set_ways(available: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """How many sets of cards have each row's rank counts, choosing from ``available``
    cards of each rank (``available`` may carry leading axes).

    >>> int(card_set_ways(np.full(13, 4), multisets(2)[1])[multiset_index(2)[(5, 5)]])
    6
    """
    return BINOM[available[..., None, :], counts].prod(axis=-1)


if __name__ == "__main__":  # python -m crib_trainer.analysis.ranksets
    write_points_matrices()

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
test checks the shipped file against a fresh build. They are plain bytes (one a point),
so the one-hand analysis reads them with no numpy (:func:`points_table`); numpy is
imported only by the functions that return arrays.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.analysis.tables import rank_points

if TYPE_CHECKING:
    import numpy as np


@cache
def binomials() -> np.ndarray:
    """``binomials()[n, k]`` = C(n, k) for n, k ≤ 4: the ways to pick k cards of a rank
    from n."""
    import numpy as np

    table = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
    table.setflags(write=False)
    return table


@cache
def multiset_keys(size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` ranks (1-13, none more than four times), sorted.

    >>> len(multiset_keys(3)), multiset_keys(3)[-1]
    (455, (13, 13, 13))
    """
    return tuple(
        ranks
        for ranks in combinations_with_replacement(range(1, 14), size)
        if all(ranks.count(r) <= 4 for r in set(ranks))
    )


@cache
def multisets(size: int) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """Every multiset of ``size`` ranks (:func:`multiset_keys`), and the same as rows of
    rank counts (column 0 aces … column 12 kings)."""
    import numpy as np

    keys = multiset_keys(size)
    counts = np.zeros((len(keys), 13), dtype=np.int64)
    for row, ranks in enumerate(keys):
        for r in ranks:
            counts[row, r - 1] += 1
    counts.setflags(write=False)
    return keys, counts


@cache
def multiset_index(size: int) -> dict[tuple[int, ...], int]:
    """The row of each multiset of ``size`` ranks in :func:`multisets` (sorted ranks)."""
    return {ranks: i for i, ranks in enumerate(multiset_keys(size))}


#: The (size_a, size_b) of every points matrix shipped: the crib's throw against the other
#: cards and starter (two-card and one-card throws), and the kept hand against the starter
#: (three and four cards).
SHIPPED_MATRICES = ((2, 3), (1, 4), (3, 1), (4, 1))
#: The shipped matrices, one unsigned byte a point (at most 28), row after row, in the
#: order of :data:`SHIPPED_MATRICES`; each is ``len(multiset_keys(size_a))`` rows of
#: ``len(multiset_keys(size_b))``.
MATRICES_FILE = Path(__file__).with_name("data") / "points_matrices.bin"


@cache
def points_table(size_a: int, size_b: int) -> bytes:
    """A shipped points matrix as bytes, row after row: ``table[i * width + j]`` is the
    points of the ``i``-th multiset of ``size_a`` ranks and the ``j``-th of ``size_b``,
    ``width`` being ``len(multiset_keys(size_b))`` (no numpy needed to read it).

    >>> row = multiset_index(4)[(5, 5, 5, 11)]
    >>> points_table(4, 1)[row * 13 + 4]  # the starter a 5
    28
    """
    data = MATRICES_FILE.read_bytes()
    start = 0
    for a, b in SHIPPED_MATRICES:
        size = len(multiset_keys(a)) * len(multiset_keys(b))
        if (a, b) == (size_a, size_b):
            return data[start : start + size]
        start += size
    raise ValueError(f"no points matrix of {size_a} by {size_b} ranks is shipped")


@cache
def points_matrix(size_a: int, size_b: int) -> np.ndarray:
    """``rank_points(A + B)`` for every multiset A of ``size_a`` and B of ``size_b`` ranks
    (0 where together they hold a rank five times: such pairs never occur in a deal):
    the shipped table when there is one, else built.

    >>> int(points_matrix(4, 1)[multiset_index(4)[(5, 5, 5, 11)], 4])  # the starter a 5
    28
    """
    import numpy as np

    if (size_a, size_b) in SHIPPED_MATRICES:
        shape = (len(multiset_keys(size_a)), len(multiset_keys(size_b)))
        raw = np.frombuffer(points_table(size_a, size_b), dtype=np.uint8)
        table = raw.reshape(shape).astype(np.int64)
    else:
        table = build_points_matrix(size_a, size_b)
    table.setflags(write=False)
    return table


def build_points_matrix(size_a: int, size_b: int) -> np.ndarray:
    """:func:`points_matrix` worked out from :func:`~crib_trainer.analysis.tables.rank_points`."""
    import numpy as np

    keys_a = multiset_keys(size_a)
    keys_b = multiset_keys(size_b)
    table = np.zeros((len(keys_a), len(keys_b)), dtype=np.int64)
    for i, a in enumerate(keys_a):
        for j, b in enumerate(keys_b):
            ranks = a + b
            if all(ranks.count(r) <= 4 for r in set(b)):
                table[i, j] = rank_points(ranks)
    return table


def write_points_matrices(path: Path = MATRICES_FILE) -> None:
    """Build every shipped points matrix afresh and write them to ``path``, one byte a
    point (see :data:`MATRICES_FILE`)."""
    import numpy as np

    path.write_bytes(
        b"".join(build_points_matrix(a, b).astype(np.uint8).tobytes() for a, b in SHIPPED_MATRICES)
    )


def card_set_ways(available: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """How many sets of cards have each row's rank counts, choosing from ``available``
    cards of each rank (``available`` may carry leading axes).

    >>> import numpy as np
    >>> int(card_set_ways(np.full(13, 4), multisets(2)[1])[multiset_index(2)[(5, 5)]])
    6
    """
    return binomials()[available[..., None, :], counts].prod(axis=-1)


if __name__ == "__main__":  # python -m crib_trainer.analysis.ranksets
    write_points_matrices()

"""Build the play's endings (``analysis/data/peg_endings.bin``, read by :mod:`.endings`,
which describes its layout).

Every ending of each two-player variant (each hand of at most two cards for the player to
move, each for his opponent, each count from 0 to 30) is valued by the exact search
(:meth:`~.solver.Solver.value`) with no shipped endings to lean on. Nothing is sampled, so
no seed is needed. The pool's job is one variant and one hand of the player to move::

    nice -n 10 python -m crib_trainer.analysis.build.endings

a few seconds of CPU.
"""

from __future__ import annotations

import os
from array import array
from collections import Counter

from crib_trainer.analysis.pegging.endings import (
    COUNTS,
    ENDINGS_FILE,
    NONE,
    VARIANTS,
    ending_hands,
    packed,
)
from crib_trainer.analysis.pegging.solver import RANK_PIPS, Solver
from crib_trainer.analysis.pegging.tablefile import write_built
from crib_trainer.core.pegging import LIMIT


def possible(mover: tuple[int, ...], other: tuple[int, ...], count: int) -> bool:
    """Whether a position can arise in the search: the mover has a card that comes in,
    and no rank is held five times.

    >>> possible((5,), (10,), 0), possible((10,), (), 25), possible((5, 5), (5, 5, 5), 0)
    (True, False, False)
    """
    if not mover or RANK_PIPS[mover[0]] > LIMIT - count:
        return False
    return max(Counter(mover + other).values()) <= 4


def hand_rows(job: tuple[int, tuple[int, ...]]) -> bytes:
    """The file's values for one variant (its place in :data:`~.endings.VARIANTS`) and one
    hand of the player to move: every opponent's hand and count."""
    which, mover = job
    solver = Solver(VARIANTS[which], endings=False)
    values = array("b")
    for other in ending_hands():
        for count in range(COUNTS):
            if possible(mover, other, count):
                values.append(solver.value(packed(mover), packed(other), count))
            else:
                values.append(NONE)
    return values.tobytes()


def build(workers: int | None = None) -> bytes:
    """The whole file, worked out over a pool of ``workers`` processes (every core)."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(which, mover) for which in range(len(VARIANTS)) for mover in ending_hands()]
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        return b"".join(pool.map(hand_rows, jobs, chunksize=8))


def main() -> None:
    write_built(ENDINGS_FILE, build)


if __name__ == "__main__":
    main()

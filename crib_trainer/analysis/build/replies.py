"""Build the early-play tables of the fast pegging policy (``analysis/data/peg_replies.npz``).

After the opening lead (:mod:`~crib_trainer.analysis.build.leads`) the next two choices
of the play are the slowest the exact pegging analysis meets after it (tens of
milliseconds each): the *reply* to the lead, and the leader's *second* card. With the
player's own discards and the starter left unseen, what the exact analysis recommends
depends only on ranks: the card led and the replier's hand for the reply; the leader's
first card, the reply and the leader's three (five-card game: two) cards left for the
second. Every such key (six-card: 23,660 replies and 76,895 seconds less the impossible
ones; five-card: 5,915 and 15,379) gets the exact expected net of laying each rank of
the hand, the random opponent, in thousandths of a point.

Left out, the discards and the starter change the best card rarely: over 399 replies and
399 seconds of expert self-play, the table's card was within 0.1 of the full analysis'
best 99.7% and 99.5% of the time (``bench/match.py`` measures the whole policy).

Each array is indexed by the ranks seen (``rank - 1`` each) and then the row of the hand
in :func:`~crib_trainer.analysis.ranksets.multiset_keys`; its last axis holds the values of
the hand's ranks in sorted order. A key that cannot happen (five cards of a rank) holds
:data:`MISSING`. Nothing is sampled, so no seed is needed; the work is shared over every
core, one job per ranks seen (each with its own search table)::

    nice -n 10 python -m crib_trainer.analysis.build.replies   # about 40 minutes of one core
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from crib_trainer.analysis.pegging import PegSituation, Solver, read_situation
from crib_trainer.analysis.players import exact_values
from crib_trainer.analysis.ranksets import multiset_keys
from crib_trainer.core.cards import Card, Rank, Suit
from crib_trainer.core.pegging import Played
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD, get_variant

OUT = Path(__file__).parent / "data" / "peg_replies.npz"
VARIANTS = (SIX_CARD, FIVE_CARD)
#: The value of a key that cannot happen.
MISSING = np.iinfo(np.int16).min
#: Values are kept in thousandths of a point.
SCALE = 1000
#: A job starts a new search table past this many positions (about 1.2 GB).
TABLE_LIMIT = 2_000_000

Job = tuple[str, tuple[int, ...]]


def cards_of(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Distinct cards with these ranks, suits in turn (the play does not see suits);
    None if a rank comes more than four times."""
    seen: dict[int, int] = {}
    cards = []
    for r in ranks:
        k = seen.get(r, 0)
        if k == 4:
            return ()
        seen[r] = k + 1
        cards.append(Card(Rank(r), tuple(Suit)[k]))
    return tuple(cards)


def situation_of(
    seen: tuple[int, ...], hand: tuple[int, ...], variant_name: str
) -> PegSituation | None:
    """The situation of the player to move after the ranks ``seen`` were laid in turn
    from the lead, holding ``hand`` (None if the cards cannot all exist)."""
    cards = cards_of(seen + hand)
    if not cards:
        return None
    played, count = [], 0
    for i, card in enumerate(cards[: len(seen)]):
        count += card.value
        played.append(Played(i % 2, card, count))
    dealer = len(seen) % 2 == 1  # the pone leads; the dealer replies
    variant = get_variant(variant_name)
    return PegSituation(cards[len(seen) :], tuple(played), dealer=dealer, variant=variant)


def row_values(
    variant_name: str, seen: tuple[int, ...], hand: tuple[int, ...], solver: Solver | None = None
) -> list[int] | None:
    """One row of a table: the values of laying each rank of ``hand`` (sorted) after the
    ranks ``seen``, in thousandths of a point (None if the cards cannot all exist).

    >>> row_values("six-card", (13,), (2, 5, 8, 9))  # pegging.analyse: 0.88 2.17 1.04 1.70
    [881, 2170, 1042, 1698]
    """
    situation = situation_of(seen, hand, variant_name)
    if situation is None:
        return None
    values = exact_values(read_situation(situation), solver)
    return [round(values[r] * SCALE) for r in hand]


def build_job(job: Job) -> tuple[Job, np.ndarray]:
    """The values for every hand after the ranks seen in ``job``."""
    variant_name, seen = job
    size = get_variant(variant_name).hand_size - len(seen) // 2
    keys = multiset_keys(size)
    out = np.full((len(keys), size), MISSING, dtype=np.int16)
    solver = Solver(variant_name)  # one search table for the job: its positions recur
    gc.disable()  # (the search makes no reference cycles; see pegging.analyse)
    for row, hand in enumerate(keys):
        values = row_values(variant_name, seen, hand, solver)
        if values is not None:
            out[row] = values
        if len(solver.table) > TABLE_LIMIT:
            solver = Solver(variant_name)
    gc.enable()
    return job, out


def jobs(variant_name: str) -> dict[str, list[Job]]:
    """The jobs of each table of a variant: ``reply`` (one rank seen), ``second`` (two)."""
    ranks = range(1, 14)
    return {
        "reply": [(variant_name, (a,)) for a in ranks],
        "second": [(variant_name, (a, b)) for a in ranks for b in ranks],
    }


def array_name(variant_name: str, table: str) -> str:
    """The name of a table's array in the npz, e.g. ``reply_six-card``."""
    return f"{table}_{variant_name}"


def build(workers: int | None = None, variants: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Every table of every variant (or of ``variants``), in a pool of ``workers``."""
    names = variants or tuple(v.name for v in VARIANTS)
    arrays: dict[str, Any] = {}
    todo: list[Job] = []
    for name in names:
        for table, table_jobs in jobs(name).items():
            size = get_variant(name).hand_size - len(table_jobs[0][1]) // 2
            shape = (13,) * len(table_jobs[0][1]) + (len(multiset_keys(size)), size)
            arrays[array_name(name, table)] = np.full(shape, MISSING, dtype=np.int16)
            todo += table_jobs
    # The slowest jobs (the replies) first, so the pool ends together.
    todo.sort(key=lambda job: (len(job[1]), job[0] != SIX_CARD.name))
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        for done, ((name, seen), values) in enumerate(pool.map(build_job, todo), 1):
            table = "reply" if len(seen) == 1 else "second"
            arrays[array_name(name, table)][tuple(r - 1 for r in seen)] = values
            print(f"{done}/{len(todo)}", file=sys.stderr, flush=True)
    return arrays


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    arrays = build(args.workers)
    with args.out.open("wb") as handle:
        save: Any = np.savez_compressed  # (numpy's stub reads **arrays as its options)
        save(handle, **arrays)
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Build the win-probability tables (``analysis/data/winprob.npz``) from expert self-play.

For each two-player game (six-card to 121, five-card to 61) it plays ``--deals`` deals
between two ``expert`` players (:func:`crib_trainer.analysis.selfplay.play_deals`: deal
``i`` seeded ``seed * 1_000_003 + i``, each played to the crib whatever the score, its
points recorded in the order they are pegged), on every core, and solves the chance that
the coming deal's dealer wins from every pair of needs
(:func:`crib_trainer.analysis.winprob.solve`). The error bars come from splitting the
deals into :data:`BATCHES` equal batches and solving each: the standard error of a cell
is the batches' standard deviation over the square root of their number.

The file holds, per variant (``six-card``/``five-card`` with ``-`` written ``_``): the
table ``V`` (``V[d, p]``, needs 1 … target), its standard errors ``<name>_se``, and
``<name>_deals`` and ``seed``::

    python -m crib_trainer.analysis.build.winprob [--deals 20000] [--seed 2026]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from crib_trainer.analysis.selfplay import play_deals, run_builder
from crib_trainer.analysis.winprob import TABLE_PATH, solve
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD, Variant

BATCHES = 10
DEFAULT_DEALS = 20_000
DEFAULT_SEED = 2026


def first_needs(variant: Variant) -> tuple[int, int]:
    """The first dealer's need and the pone's at the start of a game (the five-card
    game's pone starts with three for last).

    >>> first_needs(SIX_CARD), first_needs(FIVE_CARD)
    ((121, 121), (61, 58))
    """
    return variant.target, variant.target - (3 if variant.three_for_last else 0)


def build(deals: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """The arrays of the npz file."""
    arrays: dict[str, np.ndarray] = {"seed": np.array(seed)}
    for variant in (SIX_CARD, FIVE_CARD):
        key = variant.name.replace("-", "_")
        started = time.perf_counter()

        def progress(done: int, name: str = variant.name) -> None:
            if done % 1000 == 0:
                print(f"{name}: {done}/{deals} deals", file=sys.stderr, flush=True)

        records = play_deals(deals, seed=seed, variant=variant, workers=workers, progress=progress)
        table = solve(records, target=variant.target)
        size = deals // BATCHES
        batches = np.stack(
            [
                solve(records[b * size : (b + 1) * size], target=variant.target)
                for b in range(BATCHES)
            ]
        )
        arrays[key] = table
        arrays[f"{key}_se"] = batches.std(axis=0, ddof=1) / np.sqrt(BATCHES)
        arrays[f"{key}_deals"] = np.array(deals)
        d, p = first_needs(variant)
        print(
            f"{variant.name}: {deals} deals in {time.perf_counter() - started:.0f} s; "
            f"first dealer wins {table[d, p]:.4f} ± {arrays[f'{key}_se'][d, p]:.4f}",
            file=sys.stderr,
        )
    return arrays


def main(argv: list[str] | None = None) -> None:
    """Build and write the file (``--deals``, ``--seed``, ``--workers``, ``--out``)."""
    run_builder(
        argv,
        doc=__doc__ or "",
        build=build,
        deals=DEFAULT_DEALS,
        seed=DEFAULT_SEED,
        out=TABLE_PATH,
        min_deals=BATCHES,
    )


if __name__ == "__main__":
    main()

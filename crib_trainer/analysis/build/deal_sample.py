"""Build the deal sample (``analysis/data/deal_sample.npz``) that position-aware advice
reads for the part of a deal it cannot compute exactly from your cards: the opponent's
hand (:mod:`crib_trainer.analysis.position`), and the shows after the play
(:mod:`crib_trainer.analysis.endplay`). The play of these deals, card by card, is the
same whatever anyone keeps; position-aware throws read the play of each kept hand
instead (:mod:`crib_trainer.analysis.keepplay`), and ``bench/position_keep_bench.py``
measures the two against each other.

For each two-player game (six-card, five-card) it plays ``--deals`` deals between two
``expert`` players, each to the crib whatever the score (deal ``i`` seeded
``seed * 1_000_003 + i``, as :func:`crib_trainer.analysis.selfplay.play_deals` does), on
every core, and keeps per deal: the points of the play in the order they were pegged
(``<name>_play_role``: 0 pone, 1 dealer; ``<name>_play_points``; deal ``i``'s events are
``<name>_play_start[i]`` up to ``[i + 1]``), the pone's hand, the dealer's hand and the
crib (``<name>_pone_hand``, ``<name>_dealer_hand``, ``<name>_crib``), with
``<name>_deals`` and ``seed``::

    python -m crib_trainer.analysis.build.deal_sample [--deals 4000] [--seed 2718]
"""

from __future__ import annotations

import numpy as np

from crib_trainer.analysis.position import SAMPLE_PATH
from crib_trainer.analysis.selfplay import per_game, play_first_deals, run_builder
from crib_trainer.core.engine import DEALER, PONE, Deal
from crib_trainer.core.variants import Variant

DEFAULT_DEALS = 4000
DEFAULT_SEED = 2718


def arrays_of(deals: list[Deal], key: str) -> dict[str, np.ndarray]:
    """The npz arrays of one game's deals (see the module's docstring)."""
    roles: list[int] = []
    points: list[int] = []
    starts = [0]
    for deal in deals:
        for e in deal.events:
            if e.kind == "play" and e.points > 0:
                roles.append(e.role)
                points.append(e.points)
        starts.append(len(roles))
    return {
        f"{key}_play_role": np.array(roles, dtype=np.int8),
        f"{key}_play_points": np.array(points, dtype=np.int8),
        f"{key}_play_start": np.array(starts, dtype=np.int32),
        f"{key}_pone_hand": np.array([d.points(PONE, "hand") for d in deals], dtype=np.int8),
        f"{key}_dealer_hand": np.array([d.points(DEALER, "hand") for d in deals], dtype=np.int8),
        f"{key}_crib": np.array([d.points(DEALER, "crib") for d in deals], dtype=np.int8),
        f"{key}_deals": np.array(len(deals)),
    }


def build(deals: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """Both two-player games' arrays and the seed."""

    def work(variant: Variant) -> dict[str, np.ndarray]:
        played = play_first_deals(deals, seed=seed, variant=variant, workers=workers)
        return arrays_of(played, variant.name.replace("-", "_"))

    return per_game(seed, work, lambda variant: f"{deals} deals")


def main(argv: list[str] | None = None) -> None:
    """Build and write the file (``--deals``, ``--seed``, ``--workers``, ``--out``)."""
    run_builder(
        argv,
        doc=__doc__ or "",
        build=build,
        deals=DEFAULT_DEALS,
        seed=DEFAULT_SEED,
        out=SAMPLE_PATH,
    )


if __name__ == "__main__":
    main()

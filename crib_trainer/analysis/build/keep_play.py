"""Build the play per kept hand (``analysis/data/keep_play.npz``) that position-aware
advice (:mod:`crib_trainer.analysis.position`, through
:mod:`crib_trainer.analysis.keepplay`) reads for the play of the cards each throw keeps.

Every multiset of kept ranks (1,820 of four in the six-card game, 455 of three in the
five-card) and each role gets the same number of plays (``--deals``), played as the
pegging-net table's are (:func:`crib_trainer.analysis.build.pegnet.play_out`: the kept
ranks get random suits, the keeper's throw is drawn at random, the opponent is dealt his
hand from the rest and throws as the ``expert`` does, both play by the expert's policy),
with play ``j`` of a key seeded ``f"{seed}:{variant}:{role}:{ranks}:{j}"``. The plays of
one key are one job of a process pool on every core, so the file does not depend on the
number of workers. Each play is kept whole, its points in the order they were pegged, so
that the chance of pegging out first can be read for any pair of needs. For each game
(``six_card``, ``five_card``)::

    <game>_who[e], <game>_points[e]   every play's points in order (0 pone, 1 dealer)
    <game>_events[play]               how many of them each play has; plays are ordered
                                      role (0 pone, 1 dealer), then key
                                      (ranksets.multisets order), then j
    <game>_plays                      plays per key and role

    python -m crib_trainer.analysis.build.keep_play [--deals 64] [--seed 3141]

(``--deals`` is the plays per key and role of the six-card game; five-card plays are
far cheaper, so that game gets :data:`FIVE_CARD_FACTOR` times as many.)
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np

from crib_trainer.analysis.build.pegnet import play_out
from crib_trainer.analysis.keepplay import TABLE_PATH
from crib_trainer.analysis.ranksets import multisets
from crib_trainer.analysis.selfplay import per_game, run_builder
from crib_trainer.core.variants import FIVE_CARD, Variant, get_variant

DEFAULT_DEALS = 64
DEFAULT_SEED = 3141
FIVE_CARD_FACTOR = 4

Events = tuple[tuple[int, int], ...]


def _key_job(job: tuple[tuple[int, ...], int, int, int, str]) -> list[Events]:
    ranks, role, plays, seed, name = job
    variant = get_variant(name)
    return [play_out(ranks, role, j, seed=seed, variant=variant)[0] for j in range(plays)]


def build_game(variant: Variant, plays: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """The arrays of one game (see the module's text), keys prefixed by its name."""
    keys, _ = multisets(variant.hand_size)
    jobs = [(ranks, role, plays, seed, variant.name) for role in (0, 1) for ranks in keys]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_key_job, jobs, chunksize=4))
    else:
        results = [_key_job(job) for job in jobs]
    every = [events for rows in results for events in rows]
    flat = [e for events in every for e in events]
    key = variant.name.replace("-", "_")
    return {
        f"{key}_who": np.array([who for who, _ in flat], dtype=np.int8),
        f"{key}_points": np.array([points for _, points in flat], dtype=np.int8),
        f"{key}_events": np.array([len(events) for events in every], dtype=np.int8),
        f"{key}_plays": np.array(plays),
    }


def build(plays: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """Both two-player games' arrays and the seed (five-card: ``FIVE_CARD_FACTOR`` times
    the plays)."""

    def count(variant: Variant) -> int:
        return plays * (FIVE_CARD_FACTOR if variant is FIVE_CARD else 1)

    return per_game(
        seed,
        lambda variant: build_game(variant, count(variant), seed, workers),
        lambda variant: f"{count(variant)} plays a key",
    )


def main(argv: list[str] | None = None) -> None:
    """Build and write the file (``--deals`` plays per key and role, ``--seed``,
    ``--workers``, ``--out``)."""
    run_builder(
        argv,
        doc=__doc__ or "",
        build=build,
        deals=DEFAULT_DEALS,
        seed=DEFAULT_SEED,
        out=TABLE_PATH,
    )


if __name__ == "__main__":
    main()

"""Build the pegging-net table (``analysis/data/pegnet.npz``) that
:mod:`crib_trainer.analysis.pegnet` reads: the expected net points of the play (mine less
his, his heels not counted) for every rank multiset kept and each role.

Sampling is stratified: every kept multiset of ranks and each role (pone, dealer) gets
the same number of plays (``--deals``), so no key is rarer than another. Play ``j`` of a
key is seeded ``f"{seed}:{variant}:{role}:{ranks}:{j}"``: the kept ranks get suits at
random, the two (five-card: two) thrown cards are drawn at random from the rest, the
opponent is dealt his hand from what is left and throws as the ``expert`` does (the exact
discard analysis, weighted opponent), the starter is cut, and both play by the expert's
fast policy (:func:`crib_trainer.analysis.players.fast_values`). The plays of one key are
one job of a process pool on every core, so the file does not depend on the number of
workers. For each game (``six_card``, ``five_card``) the file holds::

    <game>_raw[role, key]     the sample mean (role 0 pone, 1 dealer; keys in
                              ranksets.multisets(kept) order)
    <game>_sd[role, key]      the sample standard deviation
    <game>_n                  plays per key and role
    <game>_prior[role, key]   the fitted smooth model (see pegnet.shrink)
    <game>_net[role, key]     the shrunk estimate shipped as the answer
    <game>_se[role, key]      its standard error
    <game>_tau[role]          the spread of the keys about the model (points)
    <game>_thrown_mean[role, pair], <game>_thrown_se[role, pair]
                              the mean residual (a play's net less its key's mean) by the
                              ranks thrown (ranksets.multisets(2) order): does the throw
                              matter beyond the kept ranks?

    python -m crib_trainer.analysis.build.pegnet [--deals 16] [--seed 1729]
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from crib_trainer.analysis.pegging import PegSituation
from crib_trainer.analysis.pegnet import TABLE_PATH, sample_se, shrink
from crib_trainer.analysis.players import make_player
from crib_trainer.analysis.ranksets import multiset_index, multisets
from crib_trainer.analysis.selfplay import per_game, run_builder
from crib_trainer.core.cards import Card, Rank, Suit
from crib_trainer.core.pegging import PlayState
from crib_trainer.core.variants import Variant, get_variant

DEFAULT_DEALS = 16
DEFAULT_SEED = 1729
DECK = tuple(Card(r, s) for r in Rank for s in Suit)


def play_out(
    ranks: tuple[int, ...], role: int, j: int, *, seed: int, variant: Variant
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Play ``j`` of the kept ``ranks`` in ``role`` (0 pone, 1 dealer), seeded
    ``f"{seed}:{variant}:{role}:{ranks}:{j}"``: the points of the play in the order they
    were pegged, ``(who, points)`` with ``who`` 0 for the pone and 1 for the dealer (the
    order :class:`crib_trainer.analysis.winprob.DealRecord` reads), and the ranks the
    keeper threw (sorted).

    >>> from crib_trainer.core.variants import SIX_CARD
    >>> events, thrown = play_out((5, 5, 10, 11), 1, 0, seed=1, variant=SIX_CARD)
    >>> all(who in (0, 1) and points > 0 for who, points in events), len(thrown)
    (True, 2)
    """
    rng = random.Random(f"{seed}:{variant.name}:{role}:{ranks}:{j}")
    deck = list(DECK)
    rng.shuffle(deck)
    kept: list[Card] = []
    for r in ranks:
        card = next(c for c in deck if c.rank == r)
        deck.remove(card)
        kept.append(card)
    thrown = deck[: variant.discard]
    his = deck[variant.discard : variant.discard + variant.dealt]
    starter = deck[variant.discard + variant.dealt]
    expert = make_player("expert", rng)
    his_throw = expert.discard(his, dealer=role == 0, variant=variant)
    his_kept = [c for c in his if c not in his_throw]
    # the pone is player 0 of the play
    hands = [kept, his_kept] if role == 0 else [his_kept, kept]
    throws = [thrown, his_throw] if role == 0 else [his_throw, thrown]
    state = PlayState.start(hands, variant)
    events: list[tuple[int, int]] = []
    while not state.over:
        before = state.scores
        legal = state.legal_cards()
        if len({c.rank for c in legal}) == 1:
            state = state.play(legal[0])
        else:
            situation = PegSituation.from_state(state, starter=starter, discards=throws[state.turn])
            state = state.play(expert.play(situation))
        events.extend(
            (who, after - was)
            for who, (was, after) in enumerate(zip(before, state.scores, strict=True))
            if after > was
        )
    return tuple(events), tuple(sorted(int(c.rank) for c in thrown))


def play_key(
    ranks: tuple[int, ...], role: int, j: int, *, seed: int, variant: Variant
) -> tuple[int, tuple[int, ...]]:
    """Play ``j`` of the kept ``ranks`` in ``role`` (:func:`play_out`): the net points of
    the play for the keeper, and the ranks he threw (sorted).

    >>> from crib_trainer.core.variants import SIX_CARD
    >>> net, thrown = play_key((5, 5, 10, 11), 1, 0, seed=1, variant=SIX_CARD)
    >>> -31 < net < 31, len(thrown)
    (True, 2)
    """
    events, thrown = play_out(ranks, role, j, seed=seed, variant=variant)
    net = sum(points if who == role else -points for who, points in events)
    return net, thrown


def _key_job(job: tuple[tuple[int, ...], int, int, int, str]) -> list[tuple[int, tuple[int, ...]]]:
    ranks, role, plays, seed, name = job
    variant = get_variant(name)
    return [play_key(ranks, role, j, seed=seed, variant=variant) for j in range(plays)]


def build_game(variant: Variant, plays: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """The arrays of one game (see the module's text), keys prefixed by its name."""
    keys, counts = multisets(variant.hand_size)
    jobs = [(ranks, role, plays, seed, variant.name) for role in (0, 1) for ranks in keys]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_key_job, jobs, chunksize=8))
    else:
        results = [_key_job(job) for job in jobs]
    nets = np.array([[net for net, _ in rows] for rows in results], dtype=np.float64)
    nets = nets.reshape(2, len(keys), plays)
    raw = nets.mean(axis=2)
    sd = nets.std(axis=2, ddof=1)
    prior, net, se, tau = shrink(raw, sample_se(sd, plays), counts)
    pairs = multiset_index(2)
    thrown_mean = np.zeros((2, len(pairs)))
    thrown_se = np.zeros((2, len(pairs)))
    for role in (0, 1):
        groups: list[list[float]] = [[] for _ in pairs]
        for k in range(len(keys)):
            rows = results[role * len(keys) + k]
            for j, (value, thrown) in enumerate(rows):
                groups[pairs[thrown]].append(value - raw[role, k])
                assert nets[role, k, j] == value
        for g, values in enumerate(groups):
            if len(values) > 1:
                thrown_mean[role, g] = np.mean(values)
                thrown_se[role, g] = np.std(values, ddof=1) / np.sqrt(len(values))
    key = variant.name.replace("-", "_")
    return {
        f"{key}_raw": raw,
        f"{key}_sd": sd,
        f"{key}_n": np.array(plays),
        f"{key}_prior": prior,
        f"{key}_net": net,
        f"{key}_se": se,
        f"{key}_tau": tau,
        f"{key}_thrown_mean": thrown_mean,
        f"{key}_thrown_se": thrown_se,
    }


def build(plays: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    """Both two-player games' arrays and the seed."""
    return per_game(
        seed,
        lambda variant: build_game(variant, plays, seed, workers),
        lambda variant: f"{plays} plays a key",
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
        out=Path(TABLE_PATH),
        min_deals=2,
    )


if __name__ == "__main__":
    main()

"""Computer against computer: whole games (the match command) and single deals (the
win-probability builder), seeded and reproducible, on every core when asked.

:func:`play_game` drives an :class:`~crib_trainer.core.engine.EngineGame` with two
players; :func:`play_deal` plays one deal out to the crib whatever the score and returns
its :class:`~crib_trainer.analysis.winprob.DealRecord` (the points in the order they are
pegged). :func:`run_match` plays many games, in a process pool when ``workers`` > 1, and
:func:`summarise` turns them into the match command's numbers.

Game ``i`` of a match with seed ``s`` is the engine's game of seed ``s * 1_000_003 + i``
and each player's random numbers are seeded from it, so a game's result does not depend
on how the games are shared among processes.

>>> record = play_game("beginner", "beginner", seed=3)
>>> record.winner in (0, 1), record.scores[record.winner] >= 121 > record.scores[1 - record.winner]
(True, True)
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, stdev
from typing import Any

from crib_trainer.analysis.pegging import PegSituation
from crib_trainer.analysis.players import Player, make_player
from crib_trainer.analysis.winprob import DealRecord
from crib_trainer.core.engine import DEALER, PONE, Deal, EngineGame
from crib_trainer.core.rules import SIX_CARD, Variant, get_variant

#: The parts of a deal's points the match command reports, per role.
PARTS = ("pegging", "hand", "crib", "total")
_GAME_STRIDE = 1_000_003


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: who won (a seat), the final scores, how it was won (single,
    lurch, skunk, double-skunk), who dealt first, and its deals."""

    winner: int
    scores: tuple[int, ...]
    kind: str
    first_dealer: int
    deals: tuple[Deal, ...]


def _players(names: tuple[str, str], seed: int) -> tuple[Player, Player]:
    return (
        make_player(names[0], random.Random(f"{seed}:player:0")),
        make_player(names[1], random.Random(f"{seed}:player:1")),
    )


def _step(game: EngineGame, players: Sequence[Player]) -> EngineGame:
    """Take the next decision of ``game`` with ``players`` (indexed by seat)."""
    phase = game.phase
    if phase == "discard":
        seat = game.to_move
        assert seat is not None
        throw = players[seat].discard(
            game.hands[seat], dealer=seat == game.dealer, variant=game.variant
        )
        return game.discard(seat, throw)
    if phase == "play":
        state = game.play_state
        assert state is not None
        legal = state.legal_cards()
        if len({c.rank for c in legal}) == 1:
            return game.play(legal[0])  # no choice to make
        seat = game.seat_of(state.turn)
        situation = PegSituation.from_state(
            state, starter=game.starter, discards=game.thrown[seat] or ()
        )
        return game.play(players[seat].play(situation))
    return game.count()


def play_game(
    first: str,
    second: str,
    *,
    seed: int,
    variant: Variant | str = SIX_CARD,
    ruleset: str | None = None,
) -> GameRecord:
    """One game between two strengths (seat 0 ``first``, seat 1 ``second``)."""
    game = EngineGame.new(seed=seed, variant=variant, ruleset=ruleset, names=(first, second))
    players = _players((first, second), seed)
    while game.phase != "over":
        game = _step(game, players)
    result = game.result
    assert game.winner is not None and result is not None
    return GameRecord(game.winner, game.scores, result.kind, game.first_dealer, game.deals)


def play_deal(
    dealer: str, pone: str, *, seed: int, variant: Variant | str = SIX_CARD
) -> DealRecord:
    """One deal played to the end of the crib, whatever the score (a target no one
    reaches), as the win-probability solver reads it: ``(who, points)`` for his heels,
    each card of the play (with its go or last point), the pone's hand, the dealer's,
    the crib; ``who`` 0 for the pone and 1 for the dealer.

    >>> r = play_deal("expert", "expert", seed=1)
    >>> sum(r.totals) > 0
    True
    """
    deal = first_deal(dealer, pone, seed=seed, variant=variant)
    return DealRecord(tuple((e.role, e.points) for e in deal.events))


def first_deal(dealer: str, pone: str, *, seed: int, variant: Variant | str = SIX_CARD) -> Deal:
    """One deal played to the end of the crib whatever the score, as the engine records it
    (its events carry their kind: ``heels``, ``play``, ``hand``, ``crib``)."""
    v = get_variant(variant)
    endless = Variant(
        v.name, v.title, v.players, v.dealt, v.discard, v.crib_from_pack, target=10_000,
        play_ends_at_first_go=v.play_ends_at_first_go,
    )  # fmt: skip
    game = EngineGame.new(seed=seed, variant=endless, first_dealer=1, names=(pone, dealer))
    players = _players((pone, dealer), seed)
    while game.deal_number == 0:
        game = _step(game, players)
    return game.deals[0]


def _deal_one(job: tuple[str, int, str]) -> DealRecord:
    player, seed, variant = job
    return play_deal(player, player, seed=seed, variant=variant)


def play_deals(
    count: int,
    *,
    seed: int,
    player: str = "expert",
    variant: Variant | str = SIX_CARD,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[DealRecord]:
    """``count`` deals between two players of one strength, each played to the crib
    (deal ``i`` of seed ``s`` has seed ``s * 1_000_003 + i``), in ``workers`` processes;
    the records come back in deal order, the same for any number of workers."""
    name = get_variant(variant).name
    jobs = [(player, seed * _GAME_STRIDE + i, name) for i in range(count)]
    return _in_pool(_deal_one, jobs, workers, progress)


def _in_pool(work, jobs, workers, progress):  # type: ignore[no-untyped-def]
    """``map(work, jobs)`` in order, in a process pool when ``workers`` > 1."""
    if workers > 1 and len(jobs) > 1:
        pool = ProcessPoolExecutor(max_workers=workers)
        results = pool.map(work, jobs, chunksize=max(1, min(50, len(jobs) // (8 * workers))))
    else:
        pool = None
        results = map(work, jobs)
    out = []
    try:
        for result in results:
            out.append(result)
            if progress:
                progress(len(out))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return out


def _first_deal_job(job: tuple[int, str]) -> Deal:
    seed, variant = job
    return first_deal("expert", "expert", seed=seed, variant=variant)


def play_first_deals(
    count: int, *, seed: int, variant: Variant | str = SIX_CARD, workers: int = 1
) -> list[Deal]:
    """As :func:`play_deals` between two experts (the same seeds), but each deal as the
    engine records it, its events with their kinds."""
    name = get_variant(variant).name
    jobs = [(seed * _GAME_STRIDE + i, name) for i in range(count)]
    return _in_pool(_first_deal_job, jobs, workers, None)


def _play_one(job: tuple[str, str, int, str, str | None]) -> GameRecord:
    first, second, seed, variant, ruleset = job
    return play_game(first, second, seed=seed, variant=variant, ruleset=ruleset)


def run_match(
    first: str,
    second: str,
    *,
    games: int,
    seed: int,
    variant: Variant | str = SIX_CARD,
    ruleset: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games (``first`` in seat 0, the cut deciding the first dealer), in
    ``workers`` processes; ``progress(done)`` is called as games finish. The records come
    back in game order."""
    name = get_variant(variant).name
    jobs = [(first, second, seed * _GAME_STRIDE + i, name, ruleset) for i in range(games)]
    return _in_pool(_play_one, jobs, workers, progress)


@dataclass(frozen=True, slots=True)
class Mean:
    """A sample mean with its 95% confidence half-width (normal approximation)."""

    mean: float
    ci95: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        n = len(values)
        if n == 0:
            return cls(0.0, 0.0, 0)
        half = 1.96 * stdev(values) / math.sqrt(n) if n > 1 else 0.0
        return cls(fmean(values), half, n)


def per_deal(records: Sequence[GameRecord], seat: int, role: int) -> dict[str, Mean]:
    """Mean points per complete deal for ``seat`` in ``role`` (0 pone, 1 dealer), by part.
    The deal in which a game is won is left out: its later points were never pegged."""
    rows: dict[str, list[float]] = {part: [] for part in PARTS}
    for record in records:
        for deal in record.deals:
            if not deal.complete or (deal.dealer == seat) != (role == DEALER):
                continue
            parts = [deal.points(role, p) for p in PARTS[:3]]
            for part, points in zip(PARTS, (*parts, sum(parts)), strict=True):
                rows[part].append(points)
    return {part: Mean.of(values) for part, values in rows.items()}


def summarise(
    records: Sequence[GameRecord], names: tuple[str, str], *, seconds: float
) -> dict[str, object]:
    """The match command's JSON: ``games``, ``players``, ``wins``, ``results`` (each
    player's wins by kind), ``first_dealer_wins`` (a share), ``per_deal``
    (``{player: {"dealer": {...}, "pone": {...}}}``, means), ``seconds``.

    When both seats are the same strength the names are told apart (``expert``,
    ``expert-2``)."""
    labels = _labels(names)
    wins = {label: 0 for label in labels}
    results = {label: {} for label in labels}  # type: dict[str, dict[str, int]]
    for record in records:
        label = labels[record.winner]
        wins[label] += 1
        results[label][record.kind] = results[label].get(record.kind, 0) + 1
    first = sum(r.winner == r.first_dealer for r in records)
    out_per_deal = {
        label: {
            role_name: {p: round(m.mean, 4) for p, m in per_deal(records, seat, role).items()}
            for role_name, role in (("dealer", DEALER), ("pone", PONE))
        }
        for seat, label in enumerate(labels)
    }
    return {
        "games": len(records),
        "players": list(labels),
        "wins": wins,
        "results": results,
        "first_dealer_wins": round(first / len(records), 4) if records else 0.0,
        "per_deal": out_per_deal,
        "seconds": round(seconds, 3),
    }


def _labels(names: tuple[str, str]) -> tuple[str, str]:
    if names[0] == names[1]:
        return names[0], f"{names[1]}-2"
    return names


def run_builder(
    argv: list[str] | None,
    *,
    doc: str,
    build: Callable[[int, int, int], dict[str, Any]],
    deals: int,
    seed: int,
    out: Path,
    min_deals: int = 1,
) -> None:
    """The command line of an offline self-play builder: ``--deals``, ``--seed``,
    ``--workers`` (every core by default) and ``--out``; ``build(deals, seed, workers)``
    gives the arrays, written to ``--out`` as a compressed npz (no pickles)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=out)
    args = parser.parse_args(argv)
    if args.deals < min_deals:
        parser.error(f"--deals must be at least {min_deals}")
    import numpy as np

    arrays = build(args.deals, args.seed, args.workers)
    with args.out.open("wb") as handle:
        save: Any = np.savez_compressed  # (numpy's stub reads **arrays as its options)
        save(handle, **arrays)
    print(f"wrote {args.out}", file=sys.stderr)

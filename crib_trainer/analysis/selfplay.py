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
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, stdev
from typing import Any

from crib_trainer.analysis.pegging import PegSituation, TableSituation
from crib_trainer.analysis.players import Player, make_player
from crib_trainer.analysis.winprob import DealRecord
from crib_trainer.core.engine import DEALER, PONE, Deal, EngineGame
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

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


def _players(names: Sequence[str], seed: int) -> tuple[Player, ...]:
    return tuple(
        make_player(name, random.Random(f"{seed}:player:{seat}")) for seat, name in enumerate(names)
    )


def _step(game: EngineGame, players: Sequence[Player]) -> EngineGame:
    """Take the next decision of ``game`` with ``players`` (indexed by seat)."""
    phase = game.phase
    if phase == "discard":
        seat = game.to_move
        assert seat is not None
        own_crib = game.side_of(seat) == game.side_of(game.dealer)  # his or his partner's
        throw = players[seat].discard(
            game.hands[seat], dealer=own_crib, variant=game.variant, score=game.score_of(seat)
        )
        return game.discard(seat, throw)
    if phase == "play":
        state = game.play_state
        assert state is not None
        legal = state.legal_cards()
        if len({c.rank for c in legal}) == 1:
            return game.play(legal[0])  # no choice to make
        seat = game.seat_of(state.turn)
        discards = game.thrown[seat] or ()
        if game.seats == 2:
            situation = PegSituation.from_state(state, starter=game.starter, discards=discards)
            return game.play(players[seat].play(situation, game.score_of(seat)))
        table = TableSituation.from_state(state, starter=game.starter, discards=discards)
        return game.play(players[seat].play_table(table, game.score_of(seat)))
    return game.count()


def play_out(game: EngineGame, players: Sequence[Player]) -> EngineGame:
    """``game`` played to its end by ``players`` (indexed by seat)."""
    while game.phase != "over":
        game = _step(game, players)
    return game


def play_game(
    *names: str,
    seed: int,
    variant: Variant | str = SIX_CARD,
    ruleset: str | None = None,
) -> GameRecord:
    """One game between strengths, one a seat (seat 0 the first); with four players two
    names may be given, one a side (:func:`seat_names`)."""
    names = seat_names(names, get_variant(variant))
    game = EngineGame.new(seed=seed, variant=variant, ruleset=ruleset, names=names)
    game = play_out(game, _players(names, seed))
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


class Interrupted(KeyboardInterrupt):
    """Ctrl-C while games or deals were being played: ``done`` holds those finished before
    it, in order (a first part of the jobs), the workers already stopped."""

    def __init__(self, done: list[Any]) -> None:
        super().__init__()
        self.done = done


def _in_pool(work, jobs, workers, progress):  # type: ignore[no-untyped-def]
    """``map(work, jobs)`` in order, in a process pool when ``workers`` > 1. Ctrl-C is
    the main process's alone (the workers ignore it): it ends the workers at once and
    raises :class:`Interrupted` with the results finished before it."""
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        pool = multiprocessing.Pool(workers, initializer=_leave_ctrl_c)
        results = pool.imap(work, jobs, chunksize=max(1, min(50, len(jobs) // (8 * workers))))
    else:
        pool = None
        results = map(work, jobs)
    out = []
    finished = False
    try:
        for result in results:
            out.append(result)
            if progress:
                progress(len(out))
        finished = True
    except KeyboardInterrupt:
        raise Interrupted(out) from None
    finally:
        if pool is not None:
            if finished:
                pool.close()  # (the workers are idle: let them exit as usual)
            else:  # (stopped mid-chunk: their chunks' games are thrown away)
                pool.terminate()
            pool.join()
    return out


def _leave_ctrl_c() -> None:
    """A pool worker's start: Ctrl-C (sent to the whole terminal's process group) is
    left to the main process, which ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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


def seat_names(names: Sequence[str], variant: Variant) -> tuple[str, ...]:
    """The strength in each seat: one name a seat, or with four players one a side
    (partners, seats 0 and 2, play at one strength).

    >>> from crib_trainer.core.variants import FOUR_PLAYER
    >>> seat_names(("expert", "beginner"), FOUR_PLAYER)
    ('expert', 'beginner', 'expert', 'beginner')
    """
    n = variant.players
    if variant.partnerships and len(names) == 2:
        return tuple(names[seat % 2] for seat in range(n))
    if len(names) != n:
        each = "one a seat, or one a side" if variant.partnerships else "one a seat"
        raise ValueError(f"the {variant.name} game needs {n} players ({each}), not {len(names)}")
    return tuple(names)


def _play_one(job: tuple[tuple[str, ...], int, str, str | None]) -> GameRecord:
    names, seed, variant, ruleset = job
    return play_game(*names, seed=seed, variant=variant, ruleset=ruleset)


def run_match(
    *names: str,
    games: int,
    seed: int,
    variant: Variant | str = SIX_CARD,
    ruleset: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games (``names[0]`` in seat 0 …, the cut deciding the first dealer),
    in ``workers`` processes; ``progress(done)`` is called as games finish. The records
    come back in game order."""
    v = get_variant(variant)
    seats = seat_names(names, v)
    return play_seatings([seats], seeds=games, seed=seed, variant=v, ruleset=ruleset,
                         workers=workers, progress=progress)  # fmt: skip


def play_seatings(
    seatings: Sequence[tuple[str, ...]],
    *,
    seeds: int,
    seed: int,
    variant: Variant,
    ruleset: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """The games of seeds 0 … ``seeds`` − 1 of a match seeded ``seed``, each seed played
    once in every seating (a strength a seat) in turn: seed 0's seatings, then seed 1's …,
    in ``workers`` processes; the records in that order (Ctrl-C: :class:`Interrupted`)."""
    jobs = [
        (seats, seed * _GAME_STRIDE + i, variant.name, ruleset)
        for i in range(seeds)
        for seats in seatings
    ]
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
            if deal.complete and (deal.dealer == seat) == (role == DEALER):
                _add_parts(rows, deal, (role,))
    return {part: Mean.of(values) for part, values in rows.items()}


def _add_parts(rows: dict[str, list[float]], deal: Deal, roles: Sequence[int]) -> None:
    """Append the points ``roles`` (together) pegged in ``deal`` to each part's row."""
    parts = [sum(deal.points(role, p) for role in roles) for p in PARTS[:3]]
    for part, points in zip(PARTS, (*parts, sum(parts)), strict=True):
        rows[part].append(points)


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


#: The seats round a table by their place from the dealer's left (the role), per size.
POSITIONS = {3: ("left", "right", "dealer"), 4: ("left", "partner", "right", "dealer")}


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``wins / n``.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def side_labels(names: Sequence[str], variant: Variant) -> tuple[str, ...]:
    """A label for each side: its seat's strength (with partners, the two strengths joined
    by ``+`` when they differ), numbered when strengths repeat (``expert``, ``expert-2``).

    >>> from crib_trainer.core.variants import FOUR_PLAYER, THREE_PLAYER
    >>> side_labels(("expert",) * 3, THREE_PLAYER)
    ('expert', 'expert-2', 'expert-3')
    >>> side_labels(("expert", "good", "beginner", "good"), FOUR_PLAYER)
    ('expert+beginner', 'good')
    """
    seats = seat_names(names, variant)
    sides = 2 if variant.partnerships else variant.players
    raw = []
    for side in range(sides):
        strengths = list(dict.fromkeys(seats[side::sides]))
        raw.append("+".join(strengths))
    out = []
    for i, label in enumerate(raw):
        before = raw[:i].count(label)
        out.append(label if before == 0 else f"{label}-{before + 1}")
    return tuple(out)


def summarise_table(
    records: Sequence[GameRecord], names: Sequence[str], variant: Variant, *, seconds: float
) -> dict[str, object]:
    """The match command's JSON at a table of three or four: the two-player keys, by side
    (``players`` and ``wins`` name the sides; ``per_deal`` gives each side's points per
    deal, with three players by the seat's place (``left``, ``right``, ``dealer``), with
    four by ``dealer`` and ``pone``: the side that deals, or not), and:
    ``variant``; ``seats`` (each seat's strength); ``per_position`` (points per deal of a
    seat by its place from the dealer, every seat together: ``left``, [``partner``],
    ``right``, ``dealer``); ``first_deal_seat`` (by the place a side sat from the first
    dealer: games, wins, their share and its 95% Wilson interval ``ci95``)."""
    n = variant.players
    labels = side_labels(names, variant)
    seats = seat_names(names, variant)
    sides = len(labels)
    places = POSITIONS[n]
    wins = {label: 0 for label in labels}
    results: dict[str, dict[str, int]] = {label: {} for label in labels}
    for record in records:
        label = labels[record.winner]
        wins[label] += 1
        results[label][record.kind] = results[label].get(record.kind, 0) + 1
    per_side: dict[str, dict[str, dict[str, list[float]]]] = {}
    per_place: dict[str, dict[str, list[float]]] = {p: {q: [] for q in PARTS} for p in places}
    roles_named = ("dealer", "pone") if variant.partnerships else places
    for label in labels:
        per_side[label] = {r: {q: [] for q in PARTS} for r in roles_named}
    for record in records:
        for deal in record.deals:
            if not deal.complete:
                continue
            roles_of = [[] for _ in range(sides)]  # type: list[list[int]]
            for role in range(n):
                seat = (deal.dealer + 1 + role) % n
                roles_of[seat % sides].append(role)
                _add_parts(per_place[places[role]], deal, (role,))
            for side, roles in enumerate(roles_of):
                if variant.partnerships:
                    name = "dealer" if n - 1 in roles else "pone"
                else:
                    name = places[roles[0]]
                _add_parts(per_side[labels[side]][name], deal, roles)
    first = _first_deal_seats(records, variant)
    return {
        "games": len(records),
        "players": list(labels),
        "wins": wins,
        "results": results,
        "first_dealer_wins": first["dealer"]["share"],
        "per_deal": {
            label: {r: _means(rows) for r, rows in by_role.items()}
            for label, by_role in per_side.items()
        },
        "seconds": round(seconds, 3),
        "variant": variant.name,
        "seats": list(seats),
        "per_position": {p: _means(rows) for p, rows in per_place.items()},
        "first_deal_seat": first,
    }


def _means(rows: dict[str, list[float]]) -> dict[str, float]:
    return {part: round(Mean.of(values).mean, 4) for part, values in rows.items()}


def _first_deal_seats(records: Sequence[GameRecord], variant: Variant) -> dict[str, dict]:
    """Wins by the place a side sat from the first dealer (with partners: the first
    dealer's side and the other)."""
    n = variant.players
    places = ("pone", "dealer") if variant.partnerships else POSITIONS[n]
    won = dict.fromkeys(places, 0)
    for record in records:
        if variant.partnerships:
            won["dealer" if record.winner == record.first_dealer % 2 else "pone"] += 1
        else:
            won[places[(record.winner - record.first_dealer - 1) % n]] += 1
    total = len(records)
    out = {}
    for place in places:
        low, high = wilson(won[place], total)
        share = won[place] / total if total else 0.0
        out[place] = {
            "games": total,
            "wins": won[place],
            "share": round(share, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }
    return out


def per_game(
    seed: int,
    work: Callable[[Variant], dict[str, Any]],
    done: Callable[[Variant], str],
) -> dict[str, Any]:
    """A builder's arrays: the seed, then ``work(variant)``'s for the six-card and the
    five-card game in turn, each game's time said on stderr after ``done(variant)`` (what
    was made, e.g. ``"4000 deals"``)."""
    import time

    import numpy as np

    from crib_trainer.core.variants import FIVE_CARD

    arrays: dict[str, Any] = {"seed": np.array(seed)}
    for variant in (SIX_CARD, FIVE_CARD):
        started = time.perf_counter()
        arrays.update(work(variant))
        print(
            f"{variant.name}: {done(variant)} in {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
    return arrays


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

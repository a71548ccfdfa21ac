"""Duplicate matches: every deal seed played once per seating, as duplicate bridge does,
so each strength holds every hand and the luck of the cards cancels.

The engine's decks are fixed by the game seed and the deal number whatever the players
decide (:mod:`crib_trainer.core.engine`), and the cut for first deal by the seed alone,
so the same cards fall to the same seats in every seating. A seating rotates the
strengths round the table: with two players the seats swap, with three each strength
sits in each seat once (three seatings), with four the partners' sides swap (two).

Seed ``i`` of a duplicate match seeded ``s`` is the engine's game of seed
``s * 1_000_003 + i`` (the plain match's game ``i``), played once per seating. Each
record is given back in the named seating (:func:`relabel`: seat 0 the first name's),
so :func:`~crib_trainer.analysis.selfplay.summarise` reads it as any match's.

The result (:func:`duplicate_summary`) is each side's share of the games with a 95%
interval from the per-seed totals: the seeds are the independent units, not the games.

>>> seatings(("master", "expert"), "six-card")
[('master', 'expert'), ('expert', 'master')]
>>> seatings(("a", "b", "c"), "three-player")
[('a', 'b', 'c'), ('c', 'a', 'b'), ('b', 'c', 'a')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from statistics import fmean, stdev

from crib_trainer.analysis.selfplay import (
    GameRecord,
    Interrupted,
    play_seatings,
    seat_names,
    side_labels,
)
from crib_trainer.core.engine import sides_of
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant


def rotations(variant: Variant | str) -> int:
    """How many seatings a seed is played in: one per side (2, 3, or 2 with partners).

    >>> [rotations(v) for v in ("six-card", "five-card", "three-player", "four-player")]
    [2, 2, 3, 2]
    """
    return sides_of(get_variant(variant))


def seatings(names: Sequence[str], variant: Variant | str = SIX_CARD) -> list[tuple[str, ...]]:
    """Each seating's strength in each seat: seating ``r`` moves every strength ``r``
    seats on (``names`` as :func:`~crib_trainer.analysis.selfplay.seat_names` reads
    them: one a seat, or with four one a side).

    >>> seatings(("x", "y"), "four-player")
    [('x', 'y', 'x', 'y'), ('y', 'x', 'y', 'x')]
    """
    v = get_variant(variant)
    seats = seat_names(names, v)
    n = len(seats)
    return [tuple(seats[(s - r) % n] for s in range(n)) for r in range(rotations(v))]


def relabel(record: GameRecord, rotation: int, variant: Variant | str) -> GameRecord:
    """``record`` of a game played in seating ``rotation``, with its seats numbered as in
    the named seating (seating 0): every seat index, side and seat-ordered tuple moved
    ``rotation`` seats back. The game is unchanged; only who is called seat 0.

    >>> from crib_trainer.analysis.selfplay import play_game
    >>> r = play_game("expert", "beginner", seed=5)
    >>> back = relabel(r, 1, "six-card")
    >>> back.winner == 1 - r.winner, back.deals[0].dealt[0] == r.deals[0].dealt[1]
    (True, True)
    """
    v = get_variant(variant)
    n, sides = v.players, rotations(v)

    def seats(row: tuple) -> tuple:  # (row[s] was seat s's; seat s is now (s - r) % n)
        return tuple(row[(t + rotation) % n] for t in range(n))

    return GameRecord(
        winner=(record.winner - rotation) % sides,
        scores=tuple(record.scores[(u + rotation) % sides] for u in range(sides)),
        kind=record.kind,
        first_dealer=(record.first_dealer - rotation) % n,
        deals=tuple(
            replace(
                deal,
                dealer=(deal.dealer - rotation) % n,
                dealt=seats(deal.dealt),
                thrown=seats(deal.thrown),
            )
            for deal in record.deals
        ),
    )


#: Student's t at 97.5% (a two-sided 95% interval), degrees of freedom 1 to 30.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975 = 1.959964


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom:
    the table to 30, then the Cornish–Fisher expansion about the normal's 1.96 (within
    0.001 of the true value from 30 on).

    >>> t95(1), t95(30), round(t95(60), 3), round(t95(1999), 4)
    (12.706, 2.042, 2.0, 1.9612)
    """
    if df < 1:
        raise ValueError(f"t needs at least one degree of freedom, not {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = _Z975
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def run_duplicate(
    *names: str,
    games: int,
    seed: int,
    variant: Variant | str = SIX_CARD,
    ruleset: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games (a multiple of :func:`rotations`): ``games // rotations``
    seeds, each in every seating, one after the other (seed 0's seatings, then seed 1's
    …), in ``workers`` processes. The records come back in that order, each in the named
    seating (:func:`relabel`). Ctrl-C raises
    :class:`~crib_trainer.analysis.selfplay.Interrupted` with the games finished, so
    relabelled."""
    v = get_variant(variant)
    each = rotations(v)
    if games % each:
        raise ValueError(f"a duplicate match's games are a multiple of {each}, not {games}")
    try:
        played = play_seatings(
            seatings(names, v), seeds=games // each, seed=seed, variant=v, ruleset=ruleset,
            workers=workers, progress=progress,
        )  # fmt: skip
    except Interrupted as stop:
        raise Interrupted(_relabel_all(stop.done, v)) from None
    return _relabel_all(played, v)


def _relabel_all(records: Sequence[GameRecord], variant: Variant) -> list[GameRecord]:
    each = rotations(variant)
    return [relabel(record, i % each, variant) for i, record in enumerate(records)]


def duplicate_summary(
    winners: Sequence[int], names: Sequence[str], variant: Variant | str
) -> dict[str, object]:
    """The match command's ``duplicate`` key from the named-seating winners of whole seeds
    in :func:`run_duplicate`'s order (each seed's seatings in turn):

    ``seatings`` (a seed's games), ``seeds``, ``seats`` (each seating's strength in each
    seat), ``differed`` (the seeds whose seatings were not all won from the same seat:
    where the players, not the cards, decided) and ``sides``: for each side
    ``{"wins", "share", "ci95": [low, high], "won_all"}``: its games won, its share of
    the games, the 95% interval of that share from the seeds' shares (mean ± Student's
    :func:`t95` of seeds − 1 degrees of freedom times the standard error of the per-seed
    share: 12.7 at two seeds, 2.09 at 20, 1.96 in the limit; [0, 1] from fewer than two
    seeds) and the seeds on which it won in every seating.

    Two seeds of two players, the first won by ``a`` in both seatings, the second by
    seat 0 each time (``a``, then ``b`` sitting there):

    >>> d = duplicate_summary([0, 0, 0, 1], ("a", "b"), "six-card")
    >>> d["differed"], d["sides"]["a"]["wins"], d["sides"]["a"]["share"]
    (1, 3, 0.75)
    """
    v = get_variant(variant)
    each = rotations(v)
    labels = side_labels(names, v)
    seeds = len(winners) // each
    rows = [winners[i * each : (i + 1) * each] for i in range(seeds)]
    sides: dict[str, dict[str, object]] = {}
    for side, label in enumerate(labels):
        shares = [row.count(side) / each for row in rows]
        share = fmean(shares) if shares else 0.0
        low, high = 0.0, 1.0  # (one seed: no spread to go by)
        if seeds > 1:
            half = t95(seeds - 1) * stdev(shares) / math.sqrt(seeds)
            low, high = share - half, share + half
        sides[label] = {
            "wins": sum(row.count(side) for row in rows),
            "share": round(share, 4),
            "ci95": [round(max(0.0, low), 4), round(min(1.0, high), 4)],
            "won_all": sum(1 for row in rows if row.count(side) == each),
        }
    played_from = [{(w + r) % each for r, w in enumerate(row)} for row in rows]
    return {
        "seatings": each,
        "seeds": seeds,
        "seats": [list(seating) for seating in seatings(names, v)],
        "differed": sum(1 for won in played_from if len(won) > 1),
        "sides": sides,
    }

"""The chance to win a two-player game from any score, solved backwards from the end.

A deal is a sequence of scoring events in the order they are pegged: the play, card by
card (each card's points, the go, the last card), then the pone's hand, the dealer's
hand, the crib (his heels, when a jack is turned, comes first of all). Whoever reaches the
game hole first wins, at once, even in the middle of the play or of the shows. From a
sample of deals played by equal players (:mod:`crib_trainer.analysis.build.winprob`
makes one by self-play), the chance that the dealer of the coming deal wins, needing
``d`` more points against the pone's ``p``, is

    V(d, p) = P(the dealer's points reach d first in this deal)
            + Σ over deals where neither gets home:  P(deal) × (1 − V(p − pone's, d − dealer's))

since the pone deals next. Every deal scores (the last card always pegs one), so the
needs fall and V follows from smaller needs; a deal that scores nothing at all would
tie V(d, p) to V(p, d), and that pair is solved together.

>>> deals = [DealRecord(((1, 2), (0, 1), (0, 4), (1, 6), (1, 3)))] * 3
>>> table = solve(deals, target=31)
>>> table.shape
(32, 32)
>>> float(table[2, 30])  # the dealer needs 2 and pegs 2 with his first card
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from crib_trainer.core.variants import Variant, get_variant

if TYPE_CHECKING:  # (numpy is imported where it is used: `winprob` reads one value)
    import numpy as np

    from crib_trainer.analysis.npyfile import NpyArray

PONE, DEALER = 0, 1
NEVER = 32767  # the event index of a need never met in a deal (int16's largest)
#: The tables built by :mod:`crib_trainer.analysis.build.winprob`.
TABLE_PATH = Path(__file__).parent / "data" / "winprob.npz"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal's scoring events in the order they are pegged: ``(who, points)`` with
    ``who`` 0 for the pone and 1 for the dealer; events of no points may be left out."""

    events: tuple[tuple[int, int], ...]

    @property
    def totals(self) -> tuple[int, int]:
        """(pone's points, dealer's points) for the whole deal."""
        pone = sum(p for who, p in self.events if who == PONE)
        return pone, sum(p for who, p in self.events if who == DEALER)


def first_reach(records: Sequence[DealRecord], target: int) -> tuple[np.ndarray, np.ndarray]:
    """For each player and each need ``n`` (1 … target), the index of the event at which
    his points in the deal first reach ``n`` (:data:`NEVER` if they do not): two arrays
    of shape ``(target + 1, deals)``, row 0 unused."""
    import numpy as np

    reach = np.full((2, target + 1, len(records)), NEVER, dtype=np.int16)
    for column, record in enumerate(records):
        so_far = [0, 0]
        for index, (who, points) in enumerate(record.events):
            if points <= 0:
                continue
            low, high = so_far[who] + 1, min(so_far[who] + points, target)
            if low <= high:
                reach[who, low : high + 1, column] = index
            so_far[who] += points
    return reach[PONE], reach[DEALER]


def solve(records: Sequence[DealRecord], target: int = 121) -> np.ndarray:
    """``V[d, p]``: the chance that the dealer of the coming deal wins when he needs ``d``
    more points and the pone ``p`` (both 1 … target; row and column 0 unused), with every
    deal drawn from ``records`` (equally likely)."""
    import numpy as np

    if not records:
        raise ValueError("no deals to solve from")
    pone_reach, dealer_reach = first_reach(records, target)
    totals = np.array([r.totals for r in records], dtype=np.int64)
    pone_total, dealer_total = totals[:, 0], totals[:, 1]
    n = len(records)
    stuck = (pone_total == 0) & (dealer_total == 0)
    z = float(stuck.mean())  # the chance of a deal that scores nothing
    moving = ~stuck
    value = np.zeros((target + 1, target + 1))
    done = np.zeros((target + 1, target + 1), dtype=bool)

    def parts(d: int, p: int) -> tuple[float, float]:
        """(chance the dealer wins in this deal, and through later deals), leaving out
        the deals that score nothing."""
        t_dealer, t_pone = dealer_reach[d], pone_reach[p]
        wins_now = np.count_nonzero(t_dealer < t_pone)
        neither = (t_dealer == NEVER) & (t_pone == NEVER) & moving
        later = 1.0 - value[p - pone_total[neither], d - dealer_total[neither]]
        return wins_now / n, float(later.sum()) / n

    for total in range(2, 2 * target + 1):
        for d in range(max(1, total - target), min(target, total - 1) + 1):
            p = total - d
            if done[d, p]:
                continue
            now, later = parts(d, p)
            if z == 0.0 or d == p:
                # d == p: V(d, d) = c + z (1 − V(d, d))
                value[d, p] = (now + later + z) / (1.0 + z)
            else:
                # V(d, p) = c1 + z (1 − V(p, d)) and V(p, d) = c2 + z (1 − V(d, p))
                now2, later2 = parts(p, d)
                c1, c2 = now + later, now2 + later2
                value[d, p] = (c1 + z - z * c2 - z * z) / (1.0 - z * z)
                value[p, d] = (c2 + z - z * c1 - z * z) / (1.0 - z * z)
                done[p, d] = True
            done[d, p] = True
    return value


def win_chance(table: np.ndarray, me: int, him: int, *, dealer: bool, target: int) -> float:
    """My chance to win at ``me`` points against ``him``, before a deal in which I deal
    (``dealer=True``) or he does.

    >>> deals = [DealRecord(((1, 2), (0, 1), (0, 4), (1, 6), (1, 3)))]
    >>> table = solve(deals, target=31)
    >>> win_chance(table, 29, 0, dealer=True, target=31)
    1.0
    >>> win_chance(table, 0, 29, dealer=False, target=31)
    0.0
    """
    if not (0 <= me < target and 0 <= him < target):
        raise ValueError(f"scores run from 0 to {target - 1} before the game is won")
    mine, his = target - me, target - him
    if dealer:
        return float(table[mine, his])
    return 1.0 - float(table[his, mine])


@cache
def shipped_table(variant: Variant | str) -> tuple[np.ndarray, np.ndarray]:
    """The shipped table for a two-player game (``six-card`` or ``five-card``) and its
    standard errors, as :func:`solve` and :mod:`~crib_trainer.analysis.build.winprob`
    make them.

    >>> table, se = shipped_table("six-card")
    >>> table.shape, bool(0.5 < table[121, 121] < 0.6)
    ((122, 122), True)
    """
    import numpy as np

    v = get_variant(variant)
    key = v.name.replace("-", "_")
    with np.load(TABLE_PATH) as data:
        if key not in data:
            raise ValueError(f"no win-probability table for the {v.name} game")
        return data[key], data[f"{key}_se"]


def shipped_chance(
    variant: Variant | str, me: int, him: int, *, dealer: bool
) -> tuple[float, float]:
    """:func:`win_chance` from the shipped table, and its standard error, read from the
    file without numpy (the ``winprob`` command needs two numbers of it, and importing
    numpy would be most of its time).

    >>> win, se = shipped_chance("six-card", 0, 0, dealer=True)
    >>> table, errors = shipped_table("six-card")
    >>> win == win_chance(table, 0, 0, dealer=True, target=121), se == float(errors[121, 121])
    (True, True)
    """
    v = get_variant(variant)
    target = v.target
    if not (0 <= me < target and 0 <= him < target):
        raise ValueError(f"scores run from 0 to {target - 1} before the game is won")
    key = v.name.replace("-", "_")
    mine, his = target - me, target - him
    at = (mine, his) if dealer else (his, mine)
    arrays = _read_tables(key, (key, f"{key}_se"))
    value, se = (float(arrays[name].at(*at)) for name in (key, f"{key}_se"))
    return (value if dealer else 1.0 - value), se


@cache
def shipped_rows(variant: Variant | str) -> list[list[float]]:
    """The shipped table of :func:`shipped_table` as a list of rows, read without numpy
    (``rows[d][p]`` is ``table[d, p]``): the position analysis reads a few hundred of
    its cells.

    >>> rows = shipped_rows("five-card")
    >>> len(rows), rows[61][61] == float(shipped_table("five-card")[0][61, 61])
    (62, True)
    """
    key = get_variant(variant).name.replace("-", "_")
    return _read_tables(key, (key,))[key].rows()


def _read_tables(key: str, names: tuple[str, ...]) -> dict[str, NpyArray]:
    """Members of the shipped file, a :class:`ValueError` naming the game when its table
    is missing."""
    from crib_trainer.analysis.npyfile import read_arrays

    try:
        return read_arrays(TABLE_PATH, names)
    except ValueError as err:
        game = key.replace("_", "-")
        raise ValueError(f"no win-probability table for the {game} game: {err}") from None

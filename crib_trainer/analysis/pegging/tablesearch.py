"""The rest of the play at a table of any size with every hand known, rank by rank (suits
never score in the play).

Each player lays the card that is best for his side: his side's points minus the others'
from then to the end of the play (partners pool their points with four players; with
three, each plays for himself). With two sides (two players, or four in partnership) that
is a zero-sum game, searched by negamax with alpha-beta and a table of bounds; with three
it is not, and each position's points for every seat are searched in full ("max-n"),
ties going to the lowest rank.

The turn, the go, 31, the last card and the new count come from
:func:`crib_trainer.core.pegging.after_card`, the points of a card from
:func:`~crib_trainer.core.pegging.score_card` (on cards of the ranks laid); both are
remembered, as are positions: the seat to move, every hand (packed into ints, three bits
of count per rank), the count and the part of it that can still score (:func:`count_tail`).

>>> s = TableSearch("three-player")
>>> s.net_after(0, ((5,), (10,), (10,)), (), 5)  # 5; 10 for 15 (2); 10 pairs it (2), last (1)
-5
"""

from __future__ import annotations

from collections.abc import Sequence

from crib_trainer.analysis.pegging.table import side_of
from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.pegging import LIMIT, Turn, after_card, score_card
from crib_trainer.core.variants import Variant, get_variant

_PIPS = tuple(min(r, 10) for r in range(14))  # index 0 unused
_INF = 1 << 20

#: Every seat's cards as sorted ranks (ace 1 … king 13), seat 0 first.
RankDeal = tuple[tuple[int, ...], ...]


def pack(ranks: Sequence[int]) -> int:
    """A hand as an int: three bits of count per rank.

    >>> pack([1, 1, 13]) == 2 + (1 << 36)
    True
    """
    out = 0
    for r in ranks:
        out += 1 << (3 * (r - 1))
    return out


def _lowest_pips(hand: int) -> int:
    """The pips of a packed hand's lowest card, 0 when it is empty.

    >>> _lowest_pips(pack([13, 12])), _lowest_pips(pack([4, 9, 4])), _lowest_pips(0)
    (10, 4, 0)
    >>> hands = [[r] * k + [13] for r in range(1, 14) for k in (1, 2, 3, 4)]
    >>> all(_lowest_pips(pack(h)) == min(h[0], 10) for h in hands)
    True
    """
    return _PIPS[((hand & -hand).bit_length() - 1) // 3 + 1] if hand else 0


def count_tail(ranks: Sequence[int]) -> tuple[int, ...]:
    """The part of a count's ranks (oldest first) that can still score with the count:
    the cards of one rank that end it when there are two or more (a run cannot pass
    through a pair), else the longest suffix of distinct ranks (older cards cannot be in
    a run, as every run takes in the newest card).

    >>> count_tail([13, 4, 5, 5]), count_tail([13, 2, 4, 3]), count_tail([2, 6, 2, 3])
    ((5, 5), (13, 2, 4, 3), (6, 2, 3))
    """
    tail: tuple[int, ...] = ()
    for r in ranks:
        tail = _grow(tail, r)
    return tail


def _grow(tail: tuple[int, ...], r: int) -> tuple[int, ...]:
    """The tail once rank ``r`` is laid on it."""
    if tail and tail[-1] == r:
        return (*tail, r) if tail[0] == r else (r, r)
    if len(tail) > 1 and tail[0] == tail[-1]:  # a pair or more: only its last card runs on
        return (tail[-1], r)
    if r in tail:
        return (*tail[tail.index(r) + 1 :], r)
    return (*tail, r)


def cards_of(ranks: Sequence[int]) -> tuple[Card, ...]:
    """Cards of the given ranks, each rank's copies in different suits."""
    seen = [0] * 14
    out = []
    for r in ranks:
        out.append(FULL_DECK[4 * (r - 1) + seen[r]])
        seen[r] += 1
    return tuple(out)


class TableSearch:
    """The rest of the play with every hand known (see the module notes). One search
    remembers what it has seen, so deals that meet the same position share its work."""

    def __init__(self, variant: Variant | str) -> None:
        v = get_variant(variant)
        self.variant = v
        self.sides = tuple(side_of(q, v) for q in range(v.players))
        self.two_sides = len(set(self.sides)) == 2
        self._ends = v.play_ends_at_first_go
        self._points: dict[tuple[int, tuple[int, ...], int], int] = {}
        self._turns: dict[tuple[int, int, tuple[int, ...]], Turn] = {}
        self._ranks: dict[int, tuple[int, ...]] = {}
        self._bounds: dict[tuple[object, ...], tuple[int, int]] = {}
        self._vectors: dict[tuple[object, ...], tuple[int, ...]] = {}

    @property
    def positions(self) -> int:
        """Positions searched so far."""
        return len(self._bounds) + len(self._vectors)

    def net_after(self, seat: int, hands: RankDeal, seq: Sequence[int], r: int) -> int:
        """``seat``'s side's points minus the others' from his laying rank ``r`` on the
        count's ranks ``seq`` (oldest first) to the end of the play, every hand known."""
        packed = tuple(pack(h) for h in hands)
        seq = tuple(seq)
        count = sum(_PIPS[x] for x in seq)
        if count + _PIPS[r] > LIMIT or r not in hands[seat]:
            raise ValueError(f"seat {seat} cannot lay rank {r} at {count}")
        tail = count_tail(seq)
        if self.two_sides:
            return self._side_lay(seat, packed, seq, count, tail, r, -_INF, _INF)
        points = self._vector_lay(seat, packed, seq, count, tail, r)
        side = self.sides[seat]
        return sum(p if self.sides[q] == side else -p for q, p in enumerate(points))

    # -- shared steps

    def _distinct(self, hand: int) -> tuple[int, ...]:
        """A packed hand's distinct ranks, lowest first."""
        got = self._ranks.get(hand)
        if got is None:
            got = self._ranks[hand] = tuple(r for r in range(1, 14) if (hand >> (3 * (r - 1))) & 7)
        return got

    def _step(
        self,
        seat: int,
        hands: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        tail: tuple[int, ...],
        r: int,
    ) -> tuple[int, tuple[int, ...], int, Turn]:
        """Lay rank ``r``: its points (with the go or last card), the hands after, the
        count after, and what follows."""
        after = (*hands[:seat], hands[seat] - (1 << (3 * (r - 1))), *hands[seat + 1 :])
        count2 = count + _PIPS[r]
        # What a card scores turns on whether it makes 15 or 31, and on the tail.
        key = (count2 if count2 == 15 or count2 == LIMIT else 0, tail, r)
        own = self._points.get(key)
        if own is None:
            cards = cards_of((*seq, r))
            own = self._points[key] = sum(i.points for i in score_card(cards[:-1], cards[-1]))
        # What follows turns only on who holds cards and whether his lowest card comes in.
        lowest = tuple([_lowest_pips(h) for h in after])
        tkey = (seat, count2, lowest)
        turn = self._turns.get(tkey)
        if turn is None:
            held = [[pips] if pips else [] for pips in lowest]
            turn = self._turns[tkey] = after_card(seat, count2, held, ends_at_first_go=self._ends)
        if turn.point is not None:
            own += 1
        return own, after, count2, turn

    def _moves(self, hand: int, count: int) -> tuple[int, ...]:
        room = LIMIT - count
        return tuple(r for r in self._distinct(hand) if _PIPS[r] <= room)

    # -- two sides: negamax, alpha-beta

    def _side_lay(
        self,
        seat: int,
        hands: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        tail: tuple[int, ...],
        r: int,
        alpha: int,
        beta: int,
    ) -> int:
        own, after, count2, turn = self._step(seat, hands, seq, count, tail, r)
        nxt = turn.player
        if nxt < 0:
            return own
        if turn.new_count:
            seq2: tuple[int, ...] = ()
            count2, tail2 = 0, seq2
        else:
            seq2, tail2 = (*seq, r), _grow(tail, r)
        if self.sides[nxt] == self.sides[seat]:
            return own + self._side_value(nxt, after, seq2, count2, tail2, alpha - own, beta - own)
        return own - self._side_value(nxt, after, seq2, count2, tail2, own - beta, own - alpha)

    def _side_value(
        self,
        seat: int,
        hands: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        tail: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        key = (seat, hands, count, tail)
        lo, hi = self._bounds.get(key, (-_INF, _INF))
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        best = -_INF
        a = alpha
        for r in self._moves(hands[seat], count):
            v = self._side_lay(seat, hands, seq, count, tail, r, a, beta)
            if v > best:
                best = v
                if v > a:
                    a = v
                    if a >= beta:
                        break
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self._bounds[key] = (lo, hi)
        return best

    # -- three sides: every seat's points (max-n)

    def _vector_lay(
        self,
        seat: int,
        hands: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        tail: tuple[int, ...],
        r: int,
    ) -> tuple[int, ...]:
        own, after, count2, turn = self._step(seat, hands, seq, count, tail, r)
        nxt = turn.player
        if nxt < 0:
            rest: tuple[int, ...] = (0,) * len(hands)
        elif turn.new_count:
            rest = self._vector_value(nxt, after, (), 0, ())
        else:
            rest = self._vector_value(nxt, after, (*seq, r), count2, _grow(tail, r))
        return (*rest[:seat], rest[seat] + own, *rest[seat + 1 :])

    def _vector_value(
        self,
        seat: int,
        hands: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        tail: tuple[int, ...],
    ) -> tuple[int, ...]:
        key = (seat, hands, count, tail)
        got = self._vectors.get(key)
        if got is not None:
            return got
        best: tuple[int, ...] = ()
        best_net = -_INF
        for r in self._moves(hands[seat], count):
            points = self._vector_lay(seat, hands, seq, count, tail, r)
            net = 2 * points[seat] - sum(points)  # his points minus the others'
            if net > best_net:
                best, best_net = points, net
        self._vectors[key] = best
        return best

"""The exact play-out of the rest of the play with both hands known, on ranks.

Suits play no part in the play, so the search works on ranks: a hand is a multiset of
ranks packed into an int (:func:`pack_hand`), and the count is kept as a *tail*: the
count plus only the count's cards that can still score (:func:`tail_of`,
:func:`pack_tail`, :func:`canonical_tail`). :class:`Solver` searches the rest of the
play as a zero-sum game in net points. Its transitions are its own (for speed) but
follow the rules of :mod:`crib_trainer.core.pegging`; :meth:`Solver.follow` plays a
line by those rules, and the tests compare both with
:class:`~crib_trainer.core.pegging.PlayState`.

>>> Solver().value(pack_hand([5]), pack_hand([10]), 0)  # a 5 led: 15 for 2, last for 1
-3
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

from crib_trainer.analysis.pegging.endings import (
    COUNTS,
    HANDS,
    ending_index,
    shipped_endings,
)
from crib_trainer.core.cards import Rank
from crib_trainer.core.pegging import (
    LIMIT,
    PlayError,
    after_card,
    comes_in,
    same_rank_points,
)
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: Points for the n-th card of a rank laid running (index n): a pair, pair royal, double
#: pair royal, as :func:`crib_trainer.core.pegging.score_card` scores them.
SAME_RANK_POINTS = tuple(same_rank_points(n) for n in range(5))
#: The pips of each rank (index 0 unused): ``RANK_PIPS[rank]``.
RANK_PIPS = (0, *(Rank(r).pips for r in range(1, 14)))
# A run in the play has at most seven cards (A-2-3-4-5-6-7 is 28; eight cards pass 31), so
# cards further than six ranks from the rest of a tail can never join a run again.
_MAX_SPAN = 6
_INF = 1000


Tail = tuple[tuple[int, ...], int]


def tail_of(ranks: Sequence[int]) -> Tail:
    """The part of a count's ranks (oldest first) that can still score: the longest suffix
    of distinct ranks, cut where a card is too far in rank to join a run again, and how many
    cards of the last rank end the count (for pairs).

    >>> tail_of([13, 4, 5, 5])
    ((5,), 2)
    >>> tail_of([13, 2, 4, 3])
    ((2, 4, 3), 1)
    """
    suffix: tuple[int, ...] = ()
    same = 0
    for r in ranks:
        _, suffix, same = _score_tail(suffix, same, 0, r)
    return suffix, same


def _score_tail(
    suffix: tuple[int, ...], same: int, count: int, r: int
) -> tuple[int, tuple[int, ...], int]:
    """Points for laying rank ``r`` at ``count`` on a tail, and the new tail."""
    after = count + RANK_PIPS[r]
    points = 2 if after == 15 or after == LIMIT else 0
    if suffix and suffix[-1] == r:
        same += 1
        return points + SAME_RANK_POINTS[same], (r,), same
    if r in suffix:
        suffix = suffix[suffix.index(r) + 1 :]
    seq = (*suffix, r)
    n = len(seq)
    for size in range(n, 2, -1):
        tail = seq[-size:]
        if max(tail) - min(tail) == size - 1:
            points += size
            break
    keep, lo, hi = 1, r, r
    while keep < n:
        x = seq[-keep - 1]
        lo2, hi2 = min(lo, x), max(hi, x)
        if hi2 - lo2 > _MAX_SPAN:
            break
        lo, hi, keep = lo2, hi2, keep + 1
    return points, seq[-keep:], 1


def pack_hand(ranks: Sequence[int]) -> int:
    """A multiset of ranks as an int: three bits of count per rank (ace lowest).

    >>> pack_hand([5, 5, 11]) == 2 * 8**4 + 8**10
    True
    """
    out = 0
    for r in ranks:
        out += 1 << (3 * (r - 1))
    return out


def unpack_hand(hand: int) -> tuple[int, ...]:
    """The sorted ranks of a packed hand.

    >>> unpack_hand(pack_hand([11, 5, 5]))
    (5, 5, 11)
    """
    out: list[int] = []
    for r in range(1, 14):
        out += [r] * ((hand >> (3 * (r - 1))) & 7)
    return tuple(out)


def pack_tail(count: int, suffix: Sequence[int], same: int) -> int:
    """A count and its tail (see :func:`tail_of`) as one int: the count in six bits, the
    number of same-rank cards ending it in three, then the suffix's ranks, four bits each,
    newest lowest.
    """
    code = 0
    for r in suffix:
        code = (code << 4) | r
    return count | (same << 6) | (code << 9)


def unpack_tail(tail: int) -> tuple[int, tuple[int, ...], int]:
    """``(count, suffix, same)`` of a packed tail.

    >>> unpack_tail(pack_tail(21, (2, 4, 3), 1))
    (21, (2, 4, 3), 1)
    """
    count, same, code = tail & 63, (tail >> 6) & 7, tail >> 9
    suffix: list[int] = []
    while code:
        suffix.append(code & 15)
        code >>= 4
    return count, tuple(reversed(suffix)), same


_LOW_BITS = sum(1 << (3 * (r - 1)) for r in range(1, 14))


def present(hand: int) -> int:
    """The ranks present in a packed hand, as one bit per rank (at bit 3 * (rank - 1))."""
    return (hand | (hand >> 1) | (hand >> 2)) & _LOW_BITS


TailRules = tuple[tuple[tuple[int, int, int], ...], int, int, int]


def tail_rules(tail: int) -> TailRules:
    """What :func:`canonical_tail` needs to know of a tail, worked out once per tail.

    Returns ``(rules, last, if_held, if_not)``. Each rule ``(need, kept_if_held,
    kept_if_not)`` says: if every rank in ``need`` (bits as in :func:`present`) is still
    held, the tail keeps the cards of ``kept_*`` (``kept_if_held`` when the last card's
    rank, bit ``last``, is held too); rules are tried in order. With no rule met the tail
    is ``if_held`` or ``if_not``.

    A run laid later takes in some number k of the count's latest cards and at least one
    new card, so every rank those k cards miss in their range must come from the cards
    still held, within the room left below 31 (with none missing, a held rank at either
    end); a run taking in only the last card needs two held ranks next to it.
    Older cards than the most that pass this test can never score again. The count of
    same-rank cards matters only while someone holds that rank.
    """
    count = tail & 63
    room = LIMIT - count
    got = _SUFFIX_RULES.get(tail >> 6)
    if got is None:
        got = _SUFFIX_RULES[tail >> 6] = _suffix_rules(tail - count)
    candidates, last, last_pips, if_held = got
    rules = tuple(
        (need, kept_held + count, kept_not + count)
        for pips, need, kept_held, kept_not in candidates
        if pips <= room
    )
    # The last card pairs only while someone holds its rank and it still comes in.
    return rules, last if last_pips <= room else 0, if_held + count, count


def _suffix_rules(tail: int) -> tuple[tuple[tuple[int, int, int, int], ...], int, int, int]:
    """The part of :func:`tail_rules` that does not depend on the count, for a tail
    packed with a count of 0: each rule as ``(pips, need, kept_if_held, kept_if_not)``,
    ``pips`` being what the ranks in ``need`` add to the count (a rule holds only while
    they come in), then the last card's rank bit, its pips, and the tail of the last card
    alone. A packed tail with count c is the one with count 0 plus c."""
    _, suffix, same = unpack_tail(tail)
    last = suffix[-1]
    candidates: list[tuple[int, int, int, int]] = []
    for k in range(len(suffix), 0, -1):
        cards = suffix[-k:]
        kept = (pack_tail(0, cards, same), pack_tail(0, cards, 1))
        if k == 1:
            windows = [(last - 2, last - 1), (last - 1, last + 1), (last + 1, last + 2)]
            needs: list[tuple[int, ...]] = [(a, b) for a, b in windows if a >= 1 and b <= 13]
        else:
            lo, hi = min(cards), max(cards)
            missing = tuple(x for x in range(lo, hi + 1) if x not in cards)
            # (with none missing it is already a run: only a card at either end extends it)
            needs = [missing] if missing else [(x,) for x in (lo - 1, hi + 1) if 1 <= x <= 13]
        for need in needs:
            pips = sum(RANK_PIPS[x] for x in need)
            candidates.append((pips, sum(1 << (3 * (x - 1)) for x in need), *kept))
    return tuple(candidates), 1 << (3 * (last - 1)), RANK_PIPS[last], pack_tail(0, (last,), same)


def canonical_tail(tail: int, ranks_left: int) -> int:
    """The tail with every card that can no longer score left out, given the ranks still
    held on either side (:func:`present`): positions that differ only there play out
    alike, so they share a cache entry. See :func:`tail_rules` for why.

    >>> hand = pack_hand([9, 12])
    >>> unpack_tail(canonical_tail(pack_tail(20, (3, 5, 4), 1), present(hand)))
    (20, (), 0)
    >>> unpack_tail(canonical_tail(pack_tail(7, (3, 4), 1), present(pack_hand([2, 5]))))
    (7, (3, 4), 1)
    >>> unpack_tail(canonical_tail(pack_tail(14, (7,), 2), present(pack_hand([7, 9]))))
    (14, (7,), 2)
    """
    return tail if tail < 64 else _apply_rules(tail_rules(tail), ranks_left)


def _canon_entry(
    tail: int,
) -> tuple[int, dict[int, int], TailRules]:
    """For the search's table of canonical tails: the bits of a packed hand (both hands
    or-ed) that :func:`canonical_tail` looks at for this tail (every count bit of the ranks
    its rules name), an empty table of results by those bits, and the rules."""
    rules = tail_rules(tail)
    ranks = rules[1]
    for need, _, _ in rules[0]:
        ranks |= need
    return ranks * 7, {}, rules


def _apply_rules(rules: TailRules, held: int) -> int:
    """:func:`canonical_tail` from a tail's rules and the cards held (both hands or-ed, or
    the ranks present)."""
    ranks_left = present(held)
    need_rules, last, if_held, if_not = rules
    for need, kept_held, kept_not in need_rules:
        if not need & ~ranks_left:
            return kept_held if ranks_left & last else kept_not
    return if_held if ranks_left & last else if_not


# Tables of the rules filled in as they are needed and kept for the process (they hold
# facts such as "a 5 laid on this tail scores 2 and leaves that tail", the same for every
# position): the points and new tail for a rank laid on a tail, and the same without the
# count (pairs and runs only); the canonical tails of a tail by the cards held of the ranks
# that matter to it (see :meth:`Solver._make_search`), and the count-free part of its
# rules; each packed hand's ranks, and its fewest pips.
_STEPS: dict[int, tuple[int, int]] = {}
_SCORES: dict[int, tuple[int, int]] = {}
_CANON: dict[int, tuple[int, dict[int, int], TailRules]] = {}
_SUFFIX_RULES: dict[int, tuple[tuple[tuple[int, int, int, int], ...], int, int, int]] = {}
_MOVES: dict[int, tuple[tuple[int, int, int], ...]] = {0: ()}
_LEAST: dict[int, int] = {}
_TABLES_LIMIT = 2_000_000


class Solver:
    """Exact play-out of the rest of the play with both hands known, on ranks.

    :meth:`value` is the best net (the mover's points minus the other's, to the end of the
    play) for the player to move, both players maximising their own net — a zero-sum game,
    so it is a negamax, searched with alpha-beta pruning. Positions are cached on
    ``(mover's ranks, other's ranks, tail)`` with the bounds found so far: the hands as rank
    multisets (:func:`pack_hand`), the tail as the count plus the part of the count's cards
    that can still score (:func:`tail_of`, :func:`pack_tail`, :func:`canonical_tail`).
    The play's endings (two cards or fewer in each hand, only the count left of the tail)
    are looked up in the shipped table (:mod:`.endings`) unless ``endings`` is false.

    The rules follow :class:`~crib_trainer.core.pegging.PlayState` (:meth:`follow` plays a
    given line by them, step by step): a player must lay a card while he can; when he
    cannot, the other plays on alone; when neither can, the last player scores one for the
    go and his opponent (or, with no cards, he himself) leads a new count from 0; 31 scores
    two and ends the count with no go; the last card of the play scores one unless it makes
    31; in the five-card game the play ends at the first go (or 31).

    >>> Solver().value(pack_hand([5]), pack_hand([10]), 0)  # a 5 led: 15 for 2, last for 1
    -3
    """

    def __init__(self, variant: Variant | str = SIX_CARD, *, endings: bool = True) -> None:
        v = get_variant(variant)
        self.ends_at_go = v.play_ends_at_first_go
        # The shipped values of the play's endings (:mod:`.endings`), unless ``endings`` is
        # false (their builder's own search).
        self._endings = shipped_endings(v) if endings else None
        self.table: dict[tuple[int, int, int], tuple[int, int]] = {}
        # Facts of the rules, not of any position: shared by every solver in the process.
        self._steps = _STEPS
        self._moves = _MOVES
        self._canon = _CANON
        self._least = _LEAST
        if len(_STEPS) + len(_CANON) > _TABLES_LIMIT:  # pragma: no cover - never met in use
            for table in (_STEPS, _SCORES, _CANON, _SUFFIX_RULES):
                table.clear()
        self._search = self._make_search()

    def moves(self, hand: int) -> tuple[tuple[int, int, int], ...]:
        """``(pips, rank, hand without it)`` for each rank in a packed hand, most pips first."""
        got = self._moves.get(hand)
        if got is None:
            got = tuple(
                (RANK_PIPS[r], r, hand - (1 << (3 * (r - 1))))
                for r in range(13, 0, -1)
                if (hand >> (3 * (r - 1))) & 7
            )
            self._moves[hand] = got
        return got

    def step(self, tail: int, r: int) -> tuple[int, int]:
        """Points for laying rank ``r`` on a packed tail, and the packed tail after it."""
        key = (tail << 4) | r
        got = self._steps.get(key)
        if got is None:
            count = tail & 63
            # Pairs and runs do not depend on the count: worked out once per tail and rank.
            plain = ((tail >> 6) << 4) | r
            scored = _SCORES.get(plain)
            if scored is None:
                _, suffix, same = unpack_tail(tail - count)
                points, suffix, same = _score_tail(suffix, same, 0, r)  # no 15 or 31 from 0
                scored = _SCORES[plain] = (points, pack_tail(0, suffix, same))
            after = count + RANK_PIPS[r]
            points = scored[0] + 2 if after == 15 or after == LIMIT else scored[0]
            got = self._steps[key] = (points, after | scored[1])
        return got

    def min_pips(self, hand: int) -> int:
        """The fewest pips of any card in a packed hand (99 for no cards)."""
        got = self._least[hand] = self.moves(hand)[-1][0] if hand else 99
        return got

    def value(self, mover: int, other: int, tail: int) -> int:
        """Best net for the player to move, who must hold a card that comes in."""
        return self._search(mover, other, tail, -_INF, _INF)

    def play(self, rest: int, other: int, tail: int, r: int) -> int:
        """Net, to the end of the play, for the player who lays rank ``r`` on ``tail`` now
        (``rest`` is what he keeps, ``other`` his opponent's hand), both playing on as well
        as they can."""
        points, tail = self.step(tail, r)
        count = tail & 63
        if count == LIMIT:
            if (not rest and not other) or self.ends_at_go:
                return points
            if other:
                return points - self.value(other, rest, 0)
            return points + self.value(rest, 0, 0)
        if not rest and not other:
            return points + 1
        room = LIMIT - count
        if other and self.min_pips(other) <= room:
            return points - self.value(other, rest, tail)
        if rest and self.min_pips(rest) <= room:
            return points + self.value(rest, other, tail)
        if self.ends_at_go:
            return points + 1
        if other:
            return points + 1 - self.value(other, rest, 0)
        return points + 1 + self.value(rest, 0, 0)

    @property
    def positions(self) -> int:
        """How many positions have been searched (and cached)."""
        return len(self.table)

    def follow(self, hands: tuple[Sequence[int], Sequence[int]], line: Sequence[int]) -> int:
        """Play the ranks of ``line`` in order from the lead, player 0 leading, by the same
        rules as the search; returns player 0's net. Raises :class:`PlayError` for a rank
        that is not the mover's or does not come in. For checking against
        :class:`~crib_trainer.core.pegging.PlayState`.

        >>> Solver().follow(((5, 6), (10, 4)), [5, 10, 6, 4])  # 15 for 2, last card for 1
        -3
        """
        held = [list(hands[0]), list(hands[1])]
        scores = [0, 0]
        tail, turn = 0, 0
        for r in line:
            if turn < 0:
                raise PlayError("the play is over")
            if r not in held[turn] or not comes_in(RANK_PIPS[r], tail & 63):
                raise PlayError(f"rank {r} cannot be laid by player {turn} now")
            held[turn].remove(r)
            points, tail = self.step(tail, r)
            scores[turn] += points
            after = after_card(
                turn,
                tail & 63,
                [[RANK_PIPS[x] for x in h] for h in held],
                ends_at_first_go=self.ends_at_go,
            )
            scores[turn] += after.point is not None  # the go, or the last card
            if after.new_count:
                tail = 0
            turn = after.player
        return scores[0] - scores[1]

    def _make_search(self) -> Callable[[int, int, int, int, int], int]:
        # One closure with everything local: this is the hot loop of the whole analysis.
        # Fail-soft alpha-beta; the table keeps (lower, upper) bounds for each position.
        table = self.table
        ends = self.ends_at_go
        canon_of = self._canon
        least = self._least
        min_pips = self.min_pips
        canon_entry = _canon_entry
        apply_rules = _apply_rules
        steps = self._steps
        step = self.step
        moves_of = self._moves
        moves = self.moves
        # (with no shipped endings, no hand is found in the empty index)
        ending_values = self._endings if self._endings is not None else array("b")
        ending_of = ending_index() if self._endings is not None else {}

        def search(mover: int, other: int, tail: int, alpha: int, beta: int) -> int:
            if tail > 63:  # cards in the count: leave out those that cannot score again
                # (canonical_tail, looked up by the cards held of the ranks that matter)
                info = canon_of.get(tail)
                if info is None:
                    info = canon_of[tail] = canon_entry(tail)
                mask, seen, rules = info
                held = (mover | other) & mask
                got = seen.get(held)
                if got is None:
                    got = seen[held] = apply_rules(rules, held)
                tail = got
            if tail < 64:  # only the count is left: the position may be a shipped ending
                i = ending_of.get(mover)
                if i is not None:
                    j = ending_of.get(other)
                    if j is not None:
                        return ending_values[(i * HANDS + j) * COUNTS + tail]
            key = (mover, other, tail)
            bounds = table.get(key)
            if bounds is None:
                lower, upper = -_INF, _INF
            else:
                lower, upper = bounds
                if lower == upper or lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
            count = tail & 63
            room = LIMIT - count
            low = least.get(other) or min_pips(other)
            best = -_INF
            a = alpha
            # The mover's ranks, most pips first (more cut-offs than the fewest first).
            for pip, r, rest in moves_of.get(mover) or moves(mover):
                if pip > room:
                    continue
                points, tail2 = steps.get((tail << 4) | r) or step(tail, r)
                after = count + pip
                if after == LIMIT:
                    if (not rest and not other) or ends:
                        v = points
                    elif other:
                        v = points - search(other, rest, 0, points - beta, points - a)
                    else:
                        v = points + search(rest, 0, 0, a - points, beta - points)
                elif not rest and not other:
                    v = points + 1  # last card
                else:
                    room2 = LIMIT - after
                    if low <= room2:
                        v = points - search(other, rest, tail2, points - beta, points - a)
                    elif (least.get(rest) or min_pips(rest)) <= room2:
                        v = points + search(rest, other, tail2, a - points, beta - points)
                    elif ends:
                        v = points + 1
                    elif other:
                        g = points + 1
                        v = g - search(other, rest, 0, g - beta, g - a)
                    else:
                        g = points + 1
                        v = g + search(rest, 0, 0, a - g, beta - g)
                if v > best:
                    best = v
                    if best > a:
                        a = best
                        if a >= beta:
                            break
            if best <= alpha:
                table[key] = (lower, best)
            elif best >= beta:
                table[key] = (best, upper)
            else:
                table[key] = (best, best)
            return best

        return search

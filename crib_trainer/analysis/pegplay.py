"""Ranking pegging plays by the expected net points they lead to, to the end of the play.

A *situation* is what the player to move knows: his remaining cards, every card played so
far (with who played it), the starter if turned, his own discards, whether he dealt, and
the variant. The opponent's remaining cards are hidden. For each way they could lie (a
*holding*: any set of the right size drawn from the cards not seen, that fits the play so
far) the rest of the play is played out exactly with full information, both players
choosing cards to maximise their own net points (own minus other's), under the rules of
:class:`crib_trainer.core.pegging.PlayState`. The results are averaged over holdings,
either uniformly (``random``) or weighted by how likely a good player is to have kept the
hand (``weighted``, see :func:`weighted_opponent`).

Suits play no part in the play, so the search works on ranks: a holding is a multiset of
ranks standing for every suit-specific holding with those ranks (its weight is how many
there are), and positions are cached on a rank-level key (see :class:`Solver`).

>>> from crib_trainer.core.cards import parse_cards
>>> s = PegSituation.from_tokens(["KS"], parse_cards("5H 9C 2D 8S"))
>>> [(o.card.code, o.immediate, round(o.expected_net, 2)) for o in analyse_plays(s)]
[('5H', 2, 2.17), ('9C', 0, 1.7), ('8S', 0, 1.04), ('2D', 0, 0.88)]
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from math import comb

from crib_trainer.analysis import OPPONENTS
from crib_trainer.analysis.opponent import keep_weight
from crib_trainer.core.cards import (
    FULL_DECK,
    Card,
    CardError,
    Rank,
    check_distinct,
    format_cards,
    n_cards,
)
from crib_trainer.core.pegging import (
    LIMIT,
    PegItem,
    PegKind,
    PegToken,
    Played,
    PlayError,
    PlayState,
    SaidGo,
    parse_peg_tokens,
    score_card,
    score_sequence,
)
from crib_trainer.core.rules import SIX_CARD, Variant, get_variant

#: Relative likelihood that the opponent kept a hand, given its ranks (sorted, ace = 1):
#: his cards played so far plus a holding. Suits are not seen (see :func:`weighted_opponent`).
HoldingWeight = Callable[[tuple[int, ...]], float]

#: Plays whose expected net is within this of the best are "as good".
AS_GOOD = 0.1

_SAME_RANK_POINTS = (0, 0, 2, 6, 12)
_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # _PIP[rank]
# A run in the play has at most seven cards (A-2-3-4-5-6-7 is 28; eight cards pass 31), so
# cards further than six ranks from the rest of a tail can never join a run again.
_MAX_SPAN = 6
_INF = 1000


class OpponentModelError(ValueError):
    """The requested opponent model cannot be used (e.g. its analysis is not installed)."""


def supported(variant: Variant) -> bool:
    """Pegging analysis covers the two-player games (six-card and five-card)."""
    return variant.players == 2


def check_supported(variant: Variant) -> None:
    if not supported(variant):
        raise PlayError(
            f"pegging analysis covers the two-player games (six-card, five-card); "
            f"the {variant.name} game is not supported"
        )


# --- The situation ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PegSituation:
    """What the player about to lay a card knows.

    ``played`` is the play so far, oldest first, as :class:`PlayState` records it: each
    card a :class:`Played` whose ``player`` is 0 for the non-dealer (who leads) and 1 for
    the dealer, with its ``count``; a count that ended in a go carries a ``go`` item on its
    last card (31 needs none). :class:`SaidGo` markers may be passed in (as
    :attr:`PlayState.events` has them); they are implied by the cards and are left out.
    Build one from a :class:`PlayState` with :meth:`from_state` or from written tokens with
    :meth:`from_tokens`.

    ``starter`` is None when it is unknown (it is then one of the unseen cards, which
    changes nothing else). ``discards`` are your own crib cards (they cannot be in the
    opponent's hand). ``dealer``: are you the dealer.
    """

    hand: tuple[Card, ...]
    played: tuple[Played | SaidGo, ...] = ()
    starter: Card | None = None
    discards: tuple[Card, ...] = ()
    dealer: bool = False
    variant: Variant = SIX_CARD

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(self.hand))
        # SaidGo markers are implied by the cards (and the go items); keep the cards only.
        object.__setattr__(self, "played", tuple(e for e in self.played if isinstance(e, Played)))
        object.__setattr__(self, "discards", tuple(self.discards))
        object.__setattr__(self, "variant", get_variant(self.variant))

    @property
    def me(self) -> int:
        """Your player number in :attr:`played`: 0 for the non-dealer, 1 for the dealer."""
        return 1 if self.dealer else 0

    @property
    def cards_played(self) -> tuple[Played, ...]:
        return self.played  # type: ignore[return-value]

    @classmethod
    def from_state(
        cls, state: PlayState, *, starter: Card | None = None, discards: Sequence[Card] = ()
    ) -> PegSituation:
        """The situation of the player whose turn it is in a two-player ``state``.

        >>> from crib_trainer.core.cards import parse_cards
        >>> st = PlayState.start([parse_cards("JH 4C 2D 2S"), parse_cards("9S 9D 6H 4D")])
        >>> s = PegSituation.from_state(st.play(parse_cards("4C")[0]))
        >>> s.dealer, format_cards(s.hand, ascii=True)
        (True, '9S 9D 6H 4D')
        """
        check_supported(state.variant)
        if state.over:
            raise PlayError("the play is over; there is no card to choose")
        return cls(
            hand=state.hands[state.turn],
            played=state.events,
            starter=starter,
            discards=tuple(discards),
            dealer=state.turn == state.dealer,
            variant=state.variant,
        )

    @classmethod
    def from_tokens(
        cls,
        tokens: Sequence[str] | Sequence[PegToken],
        hand: Sequence[Card],
        *,
        starter: Card | None = None,
        discards: Sequence[Card] = (),
        variant: Variant | str = SIX_CARD,
        player: str | None = None,
        dealer: bool | None = None,
    ) -> PegSituation:
        """The situation after a written sequence (the tokens of ``crib-trainer peg``) for
        the player who holds ``hand``.

        The first card was led by the non-dealer. The holder is ``player`` (a name used in
        the tokens); by default the player after the last card's player, unless only the
        last card's player has ``len(hand)`` cards left and his opponent is out of cards or
        could have said go (the count is 22 or more). A closing ``go`` ends the count, as
        in scoring, except when the holder laid the last card and still has a card that
        comes in: then it is his opponent's go, and he plays on. With no tokens the holder
        leads: he is the non-dealer (``dealer`` may say so; it must agree with the tokens).

        >>> from crib_trainer.core.cards import parse_cards
        >>> s = PegSituation.from_tokens("KS 5H 6C".split(), parse_cards("4D 2S 9C"))
        >>> s.dealer, len(s.cards_played)
        (True, 3)
        """
        v = get_variant(variant)
        check_supported(v)
        toks = [
            t if isinstance(t, PegToken) else parse_peg_tokens([t])[0]
            for t in tokens  # type: ignore[union-attr]
        ]
        hand = tuple(hand)
        if not toks:
            if dealer:
                raise PlayError("with no cards played the holder leads, so he is the non-dealer")
            return cls(hand, (), starter, tuple(discards), False, v)
        # A closing "go" normally ends the count (no one can play). After your own card,
        # with a card that still comes in, it can only mean your opponent said go and you
        # play on; that reading is taken below (the go is then implied by the cards).
        closing_go = toks[-1].card is None
        record = score_sequence(toks[:-1] if closing_go else toks, finished=False)
        plays = record.plays
        if not plays:
            score_sequence(toks)  # a lone "go": says what is wrong
        if len(record.players) != 2:
            raise PlayError(
                f"pegging analysis is for two players; the tokens name {len(record.players)}: "
                f"{', '.join(record.players)}"
            )
        first = plays[0].player  # the non-dealer led
        size = v.hand_size
        left = {q: size - sum(1 for p in plays if p.player == q) for q in (0, 1)}
        last = plays[-1].player
        if player is not None:
            if player not in record.players:
                raise PlayError(
                    f"--player {player!r} is not one of the players: {', '.join(record.players)}"
                )
            holder = record.players.index(player)
        else:
            # The last card's player is to play again only if his opponent is out of cards
            # or could have said go (at 22 or more some cards do not come in).
            nxt = 1 - last
            again = left[nxt] == 0 or plays[-1].count >= LIMIT - 9
            fits = [q for q in (nxt, last) if left[q] == len(hand) and (q == nxt or again)]
            if not fits:
                names = ", ".join(f"{record.players[q]} {max(left[q], 0)}" for q in (0, 1))
                raise CardError(
                    f"the hand has {n_cards(len(hand))}, but no player has that many left "
                    f"(cards left of a {size}-card hand: {names})"
                )
            holder = fits[0]
        count = plays[-1].count
        plays_on = holder == last and any(c.value <= LIMIT - count for c in hand)
        if closing_go and not plays_on:
            record = score_sequence(toks, finished=False)  # the count ends, as in scoring
            plays = record.plays
        is_dealer = holder != first
        if dealer is not None and dealer != is_dealer:
            raise PlayError(
                f"the tokens make the holder the {'dealer' if is_dealer else 'non-dealer'}"
            )
        renumber = {first: 0, 1 - first: 1}
        events = tuple(Played(renumber[p.player], p.card, p.count, p.items) for p in plays)
        return cls(hand, events, starter, tuple(discards), is_dealer, v)


# --- Reading the play so far ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """The situation read: the current count and what the play tells of the hidden cards."""

    me: int
    hand: tuple[Card, ...]
    count_cards: tuple[Card, ...]  # the current count, oldest first
    opponent_left: int  # how many cards the opponent still holds
    opponent_played: tuple[Card, ...]
    unseen: tuple[Card, ...]  # cards you have not seen: the opponent's are among them
    # The opponent said go at some count c (he could not come in), so every card he still
    # holds is worth more than 31 - c: at least this many pips (1 when nothing is known).
    opponent_min_pips: int
    opponent_passed: bool  # he has said go on the current count (or holds no cards)
    variant: Variant

    @property
    def count(self) -> int:
        return sum(c.value for c in self.count_cards)

    def legal_cards(self) -> tuple[Card, ...]:
        room = LIMIT - self.count
        return tuple(c for c in self.hand if c.value <= room)


def read_situation(s: PegSituation) -> Position:
    """Check a situation against the rules and read the current count from it.

    Raises :class:`PlayError` (or :class:`CardError`) when the play so far could not have
    happened, or when it is not the holder's turn to lay a card.
    """
    v = s.variant
    check_supported(v)
    size = v.hand_size
    me, opp = s.me, 1 - s.me
    plays = s.cards_played
    for p in plays:
        if p.player not in (0, 1):
            raise PlayError(f"player {p.player} is not one of the two players (0 and 1)")
    starter = (s.starter,) if s.starter is not None else ()
    check_distinct([*s.hand, *s.discards, *starter, *(p.card for p in plays)])
    if len(s.discards) > v.discard:
        raise CardError(
            f"you threw {v.discard} cards to the crib in the {v.name} game; "
            f"got {len(s.discards)}: {format_cards(s.discards)}"
        )
    mine = [p.card for p in plays if p.player == me]
    if len(mine) + len(s.hand) != size:
        raise CardError(
            f"you have played {n_cards(len(mine))} and hold {len(s.hand)}; "
            f"a {v.name} hand has {size}"
        )
    if not s.hand:
        raise PlayError("you have no cards left to play")

    held = [size, size]
    passes: list[tuple[int, int, int]] = []  # (player, count, index of the next card)
    count = 0
    count_cards: list[Card] = []
    last = -1
    ended = False
    for i, p in enumerate(plays):
        if i == 0:
            if p.player != 0:
                raise PlayError("the non-dealer (player 0) leads the play")
        elif ended:
            if v.play_ends_at_first_go:
                raise PlayError(
                    f"card {i + 1} {p.card}: in the {v.name} game the play ends when no one "
                    "can come in (or at 31)"
                )
            leader = 1 - last if held[1 - last] else last
            if p.player != leader:
                raise PlayError(
                    f"card {i + 1} {p.card}: the new count is led by the opponent of the "
                    "last player while he has cards"
                )
            count, count_cards = 0, []
        elif p.player == last and held[1 - last]:
            passes.append((1 - last, count, i))
        if held[p.player] == 0:
            raise PlayError(
                f"card {i + 1} {p.card}: player {p.player} has already played all {size} cards"
            )
        count += p.card.value
        if count > LIMIT:
            raise PlayError(f"card {i + 1} {p.card}: the count would be {count}, past {LIMIT}")
        if p.count != count:
            raise PlayError(f"card {i + 1} {p.card}: the count is {count}, not {p.count}")
        count_cards.append(p.card)
        held[p.player] -= 1
        last = p.player
        went = any(item.kind in (PegKind.GO, PegKind.LAST) for item in p.items)
        ended = count == LIMIT or went
        if went and count < LIMIT:
            passes.extend((q, count, i + 1) for q in (0, 1) if held[q])

    if len(mine) + len(s.hand) != size or held[me] != len(s.hand):
        raise CardError("the cards you played and hold do not make a hand")  # pragma: no cover
    room_left = LIMIT - count
    can_play = any(c.value <= room_left for c in s.hand)
    passed_now = False
    if not plays:
        if s.dealer:
            raise PlayError("the non-dealer leads the play; as dealer you play second")
    elif ended:
        if v.play_ends_at_first_go:
            raise PlayError(f"the play is over: in the {v.name} game it ends at the first go")
        leader = 1 - last if held[1 - last] else last
        if leader != me:
            raise PlayError("the count has restarted and your opponent leads the new count")
        count_cards = []
    elif last == opp:
        if not can_play:
            raise PlayError(
                f"none of your cards ({format_cards(s.hand)}) comes in at {count}: you say go"
            )
    else:  # you laid the last card and it is your turn again: he said go, or has no cards
        if held[opp]:
            passes.append((opp, count, len(plays)))
        passed_now = True
        if not can_play:
            if held[opp]:
                raise PlayError(
                    f"no one can play at {count}: the count restarts and your opponent leads"
                )
            if v.play_ends_at_first_go:
                raise PlayError(f"the play is over: in the {v.name} game it ends at the first go")
            count_cards = []

    min_pips = 1
    for q, at, nxt in passes:
        need = LIMIT - at + 1  # pips of every card he still held
        later = [p.card for p in plays[nxt:] if p.player == q]
        if q == me:
            later += list(s.hand)
        bad = [c for c in later if c.value < need]
        if bad:
            who, held_word = ("you", "you held") if q == me else ("your opponent", "he held")
            raise PlayError(
                f"{who} could not come in at {at} by the play so far, yet "
                f"{held_word} {format_cards(bad)}, which would have come in"
            )
        if q == opp:
            if need > 10:
                raise PlayError(
                    f"your opponent cannot have said go at {at}: any card comes in at {at}"
                )
            min_pips = max(min_pips, need)
    seen = {*s.hand, *s.discards, *starter, *(p.card for p in plays)}
    unseen = tuple(c for c in FULL_DECK if c not in seen)
    opp_left = held[opp]
    if sum(1 for c in unseen if c.value >= min_pips) < opp_left:
        raise PlayError(
            f"no holding fits the play so far: your opponent holds {n_cards(opp_left)} of "
            f"{min_pips} pips or more, and fewer than that are unseen"
        )
    return Position(
        me=me,
        hand=s.hand,
        count_cards=tuple(count_cards),
        opponent_left=opp_left,
        opponent_played=tuple(p.card for p in plays if p.player == opp),
        unseen=unseen,
        opponent_min_pips=min_pips,
        opponent_passed=passed_now or opp_left == 0,
        variant=v,
    )


# --- The exact rank-level play-out ---------------------------------------------------------


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
    after = count + _PIP[r]
    points = 2 if after == 15 or after == LIMIT else 0
    if suffix and suffix[-1] == r:
        same += 1
        return points + _SAME_RANK_POINTS[same], (r,), same
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
            needs = [(a, b) for a, b in windows if a >= 1 and b <= 13]
        else:
            lo, hi = min(cards), max(cards)
            missing = tuple(x for x in range(lo, hi + 1) if x not in cards)
            # (with none missing it is already a run: only a card at either end extends it)
            needs = [missing] if missing else [(x,) for x in (lo - 1, hi + 1) if 1 <= x <= 13]
        for need in needs:
            pips = sum(_PIP[x] for x in need)
            candidates.append((pips, sum(1 << (3 * (x - 1)) for x in need), *kept))
    return tuple(candidates), 1 << (3 * (last - 1)), _PIP[last], pack_tail(0, (last,), same)


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
_ROWS: dict[int, tuple[tuple[int, int, int, int, int], ...]] = {}
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

    The rules follow :class:`~crib_trainer.core.pegging.PlayState` (:meth:`follow` plays a
    given line by them, step by step): a player must lay a card while he can; when he
    cannot, the other plays on alone; when neither can, the last player scores one for the
    go and his opponent (or, with no cards, he himself) leads a new count from 0; 31 scores
    two and ends the count with no go; the last card of the play scores one unless it makes
    31; in the five-card game the play ends at the first go (or 31).

    >>> Solver().value(pack_hand([5]), pack_hand([10]), 0)  # a 5 led: 15 for 2, last for 1
    -3
    """

    def __init__(self, variant: Variant | str = SIX_CARD) -> None:
        self.ends_at_go = get_variant(variant).play_ends_at_first_go
        self.table: dict[tuple[int, int, int], tuple[int, int]] = {}
        # Facts of the rules, not of any position: shared by every solver in the process.
        self._steps = _STEPS
        self._moves = _MOVES
        self._canon = _CANON
        self._rows = _ROWS
        self._least = _LEAST
        if len(_STEPS) + len(_CANON) > _TABLES_LIMIT:  # pragma: no cover - never met in use
            for table in (_STEPS, _SCORES, _CANON, _SUFFIX_RULES, _ROWS):
                table.clear()
        self._search = self._make_search()

    def moves(self, hand: int) -> tuple[tuple[int, int, int], ...]:
        """``(pips, rank, hand without it)`` for each rank in a packed hand, fewest pips first."""
        got = self._moves.get(hand)
        if got is None:
            got = tuple(
                (_PIP[r], r, hand - (1 << (3 * (r - 1))))
                for r in range(1, 14)
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
            after = count + _PIP[r]
            points = scored[0] + 2 if after == 15 or after == LIMIT else scored[0]
            got = self._steps[key] = (points, after | scored[1])
        return got

    def min_pips(self, hand: int) -> int:
        """The fewest pips of any card in a packed hand (99 for no cards)."""
        got = self._least[hand] = self.moves(hand)[0][0] if hand else 99
        return got

    def row(self, tail: int) -> tuple[tuple[int, int, int, int, int], ...]:
        """Every rank that comes in on a packed tail, as ``(points, pips, its count bits in
        a packed hand, its lowest such bit, the tail after it)``: the most points first
        (for more alpha-beta cut-offs), then the most pips, then the lowest rank."""
        got = self._rows.get(tail)
        if got is None:
            room = LIMIT - (tail & 63)
            out = []
            for r in range(1, 14):
                if _PIP[r] <= room:
                    points, after = self.step(tail, r)
                    out.append((points, _PIP[r], -r, after))
            out.sort(reverse=True)
            got = self._rows[tail] = tuple(
                (points, pip, 7 << (3 * (-m - 1)), 1 << (3 * (-m - 1)), after)
                for points, pip, m, after in out
            )
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
        if other and self.moves(other)[0][0] <= room:
            return points - self.value(other, rest, tail)
        if rest and self.moves(rest)[0][0] <= room:
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
            if r not in held[turn] or _PIP[r] > LIMIT - (tail & 63):
                raise PlayError(f"rank {r} cannot be laid by player {turn} now")
            held[turn].remove(r)
            points, tail = self.step(tail, r)
            scores[turn] += points
            count, other = tail & 63, 1 - turn
            fits = [any(_PIP[x] <= LIMIT - count for x in held[q]) for q in (0, 1)]
            if not held[0] and not held[1]:
                scores[turn] += count < LIMIT  # last card
                turn = -1
            elif count < LIMIT and fits[other]:
                turn = other
            elif count < LIMIT and fits[turn]:
                pass  # the other said go: play on
            else:
                scores[turn] += count < LIMIT  # the go
                tail = 0
                turn = -1 if self.ends_at_go else (other if held[other] else turn)
        return scores[0] - scores[1]

    def _make_search(self) -> Callable[[int, int, int, int, int], int]:
        # One closure with everything local: this is the hot loop of the whole analysis.
        # Fail-soft alpha-beta; the table keeps (lower, upper) bounds for each position.
        table = self.table
        ends = self.ends_at_go
        canon_of = self._canon
        rows = self._rows
        row_of = self.row
        least = self._least
        min_pips = self.min_pips
        canon_entry = _canon_entry
        apply_rules = _apply_rules

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
            moves = rows.get(tail) or row_of(tail)
            low = least.get(other) or min_pips(other)
            best = -_INF
            a = alpha
            for points, pip, ranks, bit, tail2 in moves:
                if not mover & ranks:
                    continue
                rest = mover - bit
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


# --- Holdings --------------------------------------------------------------------------------


def holdings(available: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks drawable from ``available[r]`` cards of rank ``r``
    (index 0 unused), with how many sets of cards it stands for.

    >>> sum(n for _, n in holdings([0] + [4] * 13, 2)) == comb(52, 2)
    True
    """

    def rec(r: int, left: int, prefix: tuple[int, ...], ways: int):
        if left == 0:
            yield prefix, ways
            return
        if r > 13:
            return
        for k in range(min(left, available[r]), -1, -1):
            yield from rec(r + 1, left - k, prefix + (r,) * k, ways * comb(available[r], k))

    yield from rec(1, size, (), 1)


def holding_distribution(
    position: Position, weight: HoldingWeight | None = None
) -> list[tuple[tuple[int, ...], float]]:
    """The opponent's possible holdings as (sorted ranks, probability).

    Each rank multiset is weighted by the number of card sets it stands for, times
    ``weight(his kept ranks)`` when a weight is given (his kept hand is his cards played
    plus the holding). Cards worth fewer pips than :attr:`Position.opponent_min_pips` are
    left out: he said go while holding them, so he does not hold them.
    """
    available = [0] * 14
    for c in position.unseen:
        if c.value >= position.opponent_min_pips:
            available[c.rank] += 1
    played = [int(c.rank) for c in position.opponent_played]
    out: list[tuple[tuple[int, ...], float]] = []
    total = 0.0
    for ranks, ways in holdings(available, position.opponent_left):
        w = float(ways)
        if weight is not None:
            w *= weight(tuple(sorted((*played, *ranks))))
        if w > 0:
            out.append((ranks, w))
            total += w
    if total <= 0:
        raise OpponentModelError("the opponent model gives no weight to any holding that fits")
    return [(ranks, w / total) for ranks, w in out]


# --- The weighted opponent model ---------------------------------------------------------


def weighted_opponent(*, dealer: bool, variant: Variant | str = SIX_CARD) -> HoldingWeight:
    """How likely a good player — the dealer if ``dealer`` — is to keep a hand, as a weight
    on its ranks: the discard analysis' opponent model.

    This is the one place the pegging analysis depends on the discard analysis (issue 3):
    ``crib_trainer.analysis.opponent.keep_weight(cards, *, variant, own_crib)``, the chance
    a good player dealt at random keeps one particular set of cards with these ranks (the
    dealer throws to his own crib). A holding of rank multiset R then weighs (the number of
    card sets R stands for) × ``keep_weight(his cards played + R)``.
    """
    v = get_variant(variant)

    def weight(ranks: tuple[int, ...]) -> float:
        return float(keep_weight(ranks, variant=v, own_crib=dealer))

    return weight


def opponent_weight(situation: PegSituation, opponent: str) -> HoldingWeight | None:
    """The weight function for an opponent model name (None for ``random``)."""
    if opponent == "random":
        return None
    if opponent == "weighted":
        return weighted_opponent(dealer=not situation.dealer, variant=situation.variant)
    raise ValueError(f"unknown opponent model {opponent!r}; choose one of {', '.join(OPPONENTS)}")


# --- Ranking the plays -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reply:
    """A card the opponent might answer with, and what it would score at once.

    ``ranks`` are the ranks that score alike and leave you the same best answer (four
    ten-cards often do); ``chance`` is the probability that he holds at least one of them;
    ``counter`` is the most your best answer to it would score at once (0 if none comes
    in), with its ``counter_items``.
    """

    ranks: tuple[Rank, ...]
    items: tuple[PegItem, ...]
    points: int
    chance: float
    counter: int = 0
    counter_items: tuple[PegItem, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"reply": ["5"], "points": 2, "items": ["thirty-one"], "chance", "answer"}``:
        the ranks he would play, what that scores, the chance he holds one, and the most
        your best answer then scores."""
        return {
            "reply": [r.letter for r in self.ranks],
            "points": self.points,
            "items": [i.kind.value for i in self.items],
            "chance": round(self.chance, 4),
            "answer": self.counter,
        }


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One legal card, and what it leads to.

    - ``immediate``: what the card scores as it is laid: fifteen, 31, pairs and runs (the
      ``items``). The go and the last card are never in it — they depend on what follows —
      but they are in ``expected_net``.
    - ``expected_net``: your points minus your opponent's from now to the end of the play,
      this card included, averaged over his possible holdings.
    - ``risk``: the chance that he holds a reply that scores 2 or more at once.
    - ``count``: the count once the card is laid.
    - ``replies``: his scoring replies, most likely first (JSON ``threats``: those that
      score 2 or more).
    - ``opponent_can_reply``: the chance that he can lay a card on it at all.
    - ``reason``: one line for people (filled in by ``training.pegreasons``).
    - ``as_good``: within :data:`AS_GOOD` of the best play's expected net.
    """

    card: Card
    immediate: int
    expected_net: float
    risk: float
    count: int
    items: tuple[PegItem, ...] = ()
    replies: tuple[Reply, ...] = ()
    opponent_can_reply: float = 0.0
    as_good: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card.code,
            "immediate": self.immediate,
            "expected_net": round(self.expected_net, 4),
            "risk": round(self.risk, 4),
            "reason": self.reason,
            "as_good": self.as_good,
            "threats": [r.to_json() for r in self.replies if r.points >= 2],
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every legal play ranked best first, with what was assumed about the hidden cards."""

    position: Position
    options: tuple[PlayOption, ...]
    opponent: str
    holdings: int  # rank multisets averaged over
    states: int = field(default=0, compare=False)  # positions searched


def analyse(
    situation: PegSituation,
    *,
    opponent: str = "random",
    weight: HoldingWeight | None = None,
) -> Analysis:
    """Rank every legal card by expected net points to the end of the play.

    ``opponent`` is ``random`` or ``weighted`` (see :func:`opponent_weight`); ``weight``
    overrides the model's holding weights (for tests and experiments). Python's cyclic
    garbage collector is paused while it runs (up to about a second for an opening lead).
    """
    # The search makes millions of small tuples and no reference cycles: the cyclic
    # garbage collector would only slow it down (by about a fifth), so it waits till the end.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _analyse(situation, opponent, weight)
    finally:
        if paused:
            gc.enable()


def _analyse(situation: PegSituation, opponent: str, weight: HoldingWeight | None) -> Analysis:
    position = read_situation(situation)
    if weight is None:
        weight = opponent_weight(situation, opponent)
    dist = holding_distribution(position, weight)
    count_ranks = [int(c.rank) for c in position.count_cards]
    my_ranks = [int(c.rank) for c in position.hand]
    # A card and a holding that are another card and holding with the ten-ranks relabelled
    # play out alike: each pair is searched as the one it relabels to, once.
    relabel = _ten_relabelling(my_ranks, count_ranks)
    nets: dict[tuple[int, tuple[int, ...]], int] = {}
    solver = Solver(position.variant)
    count = position.count
    tail = pack_tail(count, *tail_of(count_ranks))
    mine = pack_hand(my_ranks)
    representative = _representatives(position.unseen)

    by_rank: dict[int, PlayOption] = {}
    for card in position.legal_cards():
        r = int(card.rank)
        if r in by_rank:
            continue
        rest = mine - (1 << (3 * (r - 1)))
        points, tail2 = solver.step(tail, r)
        count2 = count + card.value
        room2 = LIMIT - count2
        reply_points = {s: solver.step(tail2, s)[0] for s in range(1, 14) if _PIP[s] <= room2}
        # He answers when the count goes on and he has a card that comes in (with no cards
        # on either side the play is over).
        replies_possible = count2 < LIMIT and (rest or position.opponent_left)
        expected = risk = can_reply = 0.0
        reply_chance: dict[int, float] = {}
        for ranks, p in dist:
            same = relabel(r, ranks)
            net = nets.get(same)
            if net is None:
                r2, ranks2 = same
                rest2 = mine - (1 << (3 * (r2 - 1)))
                net = nets[same] = solver.play(rest2, pack_hand(ranks2), tail, r2)
            expected += p * net
            if not replies_possible or not ranks or _PIP[ranks[0]] > room2:
                continue
            can_reply += p
            best_reply = 0
            for s in set(ranks):
                if s in reply_points:
                    reply_chance[s] = reply_chance.get(s, 0.0) + p
                    best_reply = max(best_reply, reply_points[s])
            if best_reply >= 2:
                risk += p
        by_rank[r] = PlayOption(
            card=card,
            immediate=points,
            expected_net=expected,
            risk=min(risk, 1.0),
            count=count2,
            items=score_card(position.count_cards, card),
            replies=_replies(
                dist,
                reply_chance,
                reply_points,
                count_cards=(*position.count_cards, card),
                representative=representative,
                hand=position.hand,
                played=card,
            ),
            opponent_can_reply=min(can_reply, 1.0),
        )
    options = [replace(by_rank[int(c.rank)], card=c) for c in position.legal_cards()]
    best = max(o.expected_net for o in options)
    options.sort(key=lambda o: (-o.expected_net, -o.immediate, o.risk, o.card))
    final = tuple(replace(o, as_good=o.expected_net >= best - AS_GOOD - 1e-9) for o in options)
    return Analysis(position, final, opponent, len(dist), solver.positions)


def analyse_plays(
    situation: PegSituation, *, opponent: str = "random", weight: HoldingWeight | None = None
) -> list[PlayOption]:
    """The legal plays, best first, with facts but no ``reason`` (see
    ``crib_trainer.training.pegreasons.rank_plays`` for the one with reasons)."""
    return list(analyse(situation, opponent=opponent, weight=weight).options)


_TEN_RANKS = (10, 11, 12, 13)
# The runs of three that take in a ten-rank (every longer run is a chain of these).
_TEN_WINDOWS = ((8, 9, 10), (9, 10, 11), (10, 11, 12), (11, 12, 13))


def _ten_relabelling(
    mine: Sequence[int], count_ranks: Sequence[int]
) -> Callable[[int, tuple[int, ...]], tuple[int, tuple[int, ...]]]:
    """A function taking the rank you lay and a holding (sorted ranks) to a rank and a
    holding that play out exactly alike, the same for all pairs that relabel into one
    another.

    The four ten-ranks count 10 alike; they differ only in pairs (each rank with itself)
    and runs. Swap them about by a permutation that leaves the cards of the current count
    alone and your hand as it is (a ten-rank of yours may only change places with
    another you hold as many of), and every line of play maps to a line that scores the
    same, card for card, as long as the ranks on the table and in both hands that make
    runs of three still make them after the swap and no others do (every longer run is a
    chain of runs of three, each overlapping the next by two ranks, so those go along).
    So laying ``r`` against a holding nets what laying the image of ``r`` nets against
    the image of the holding. Of all the images the least is taken: pairs that relabel
    into one another give the same.

    >>> relabel = _ten_relabelling([1, 2, 3, 4], [])
    >>> relabel(4, (5, 11, 13, 13)), relabel(4, (5, 10, 12, 12))  # no runs through tens
    ((4, (5, 10, 10, 11)), (4, (5, 10, 10, 11)))
    >>> relabel(4, (8, 9, 12, 13))  # Q-K and 8-9 want a third card that no one holds
    (4, (8, 9, 11, 12))
    >>> relabel(4, (9, 10, 11, 13))  # 9-10-J is a run, and a Q for the K would make another
    (4, (9, 10, 11, 13))
    >>> tens = _ten_relabelling([1, 4, 10, 12], [])  # a 10 and a Q in hand
    >>> tens(12, (2, 5, 6, 11)), tens(10, (2, 5, 6, 11))  # with his J: 10-J-Q either way
    ((10, (2, 5, 6, 11)), (10, (2, 5, 6, 11)))
    >>> tens(12, (2, 5, 6, 7))  # with no ten-card in his hand the Q leads as the 10 does
    (10, (2, 5, 6, 7))
    """
    held = [0] * 14
    for r in mine:
        held[r] += 1
    on_table = set(count_ranks)
    swaps = []
    for image in permutations(_TEN_RANKS):
        swap = dict(zip(_TEN_RANKS, image, strict=True))
        if all(swap[r] == r or (r not in on_table and held[swap[r]] == held[r]) for r in swap):
            swaps.append(swap)
    fixed_high = {r for r in (*mine, *count_ranks) if r >= 8}
    allowed: dict[frozenset[int], list[dict[int, int]]] = {}
    memo: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}

    def windows(ranks: set[int] | frozenset[int]) -> set[tuple[int, ...]]:
        return {w for w in _TEN_WINDOWS if ranks.issuperset(w)}

    def relabel(r: int, ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        first_ten = len(ranks)
        while first_ten and ranks[first_ten - 1] >= 10:
            first_ten -= 1
        tens = ranks[first_ten:]
        lead = r if r >= 10 else 0
        if not tens and not lead:
            return r, ranks
        # What decides the runs through ten-ranks: the 8s and 9s too.
        key = (lead, 8 in ranks, 9 in ranks, *tens)
        got = memo.get(key)
        if got is None:
            high = frozenset(fixed_high.union(x for x in ranks if x >= 8))
            valid = allowed.get(high)
            if valid is None:
                runs = windows(high)
                valid = allowed[high] = [
                    swap
                    for swap in swaps
                    if {tuple(sorted(swap.get(x, x) for x in w)) for w in runs}
                    == windows({swap.get(x, x) for x in high})
                ]
            got = memo[key] = min(  # the identity is always among them
                (swap.get(lead, lead), tuple(sorted(swap[x] for x in tens))) for swap in valid
            )
        return got[0] or r, ranks[:first_ten] + got[1]

    return relabel


def _representatives(unseen: Sequence[Card]) -> dict[int, Card]:
    out: dict[int, Card] = {}
    for c in unseen:
        out.setdefault(int(c.rank), c)
    for c in FULL_DECK:
        out.setdefault(int(c.rank), c)
    return out


def _replies(
    dist: Sequence[tuple[tuple[int, ...], float]],
    chance: dict[int, float],
    points: dict[int, int],
    *,
    count_cards: tuple[Card, ...],
    representative: dict[int, Card],
    hand: tuple[Card, ...],
    played: Card,
) -> tuple[Reply, ...]:
    """His replies that score, grouped by what they score and by what your best answer to
    them scores (a 6 and a 9 can both make a run on 7-8, but only the 9 lets your 7 make
    31 as well), most likely first."""
    rest_cards = list(hand)
    rest_cards.remove(played)
    groups: dict[tuple[object, ...], list[int]] = {}
    facts: dict[int, tuple[tuple[PegItem, ...], int, tuple[PegItem, ...]]] = {}
    for s, p in chance.items():
        if points[s] <= 0 or p <= 0:
            continue
        rep = representative[s]
        items = score_card(count_cards, rep)
        counter, counter_items = _best_answer((*count_cards, rep), rest_cards)
        facts[s] = (items, counter, counter_items)
        signature = (
            points[s],
            tuple((i.kind, i.points) for i in items),
            counter,
            tuple((i.kind, i.points) for i in counter_items),
        )
        groups.setdefault(signature, []).append(s)
    out: list[Reply] = []
    for (pts, *_), ranks in groups.items():
        rank_set = set(ranks)
        p_any = min(1.0, sum(p for h, p in dist if rank_set.intersection(h)))
        items, counter, counter_items = facts[ranks[0]]
        out.append(
            Reply(tuple(Rank(s) for s in sorted(ranks)), items, pts, p_any, counter, counter_items)
        )
    out.sort(key=lambda rp: (-rp.chance, -rp.points, rp.ranks))
    return tuple(out)


def _best_answer(
    count_cards: tuple[Card, ...], cards: Sequence[Card]
) -> tuple[int, tuple[PegItem, ...]]:
    """The most one of ``cards`` scores at once laid on ``count_cards``, and its items."""
    room = LIMIT - sum(c.value for c in count_cards)
    best, best_items = 0, ()
    for c in cards:
        if c.value <= room:
            items = score_card(count_cards, c)
            total = sum(i.points for i in items)
            if total > best:
                best, best_items = total, items
    return best, best_items

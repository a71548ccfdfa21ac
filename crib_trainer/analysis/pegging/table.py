"""The position at a table of any size: what the player about to lay a card knows, with
every other seat's cards hidden, checked against the rules.

Seats are numbered as :class:`~crib_trainer.core.pegging.PlayState` numbers them: seat 0
sits at the dealer's left and leads, the last seat deals. With four players, seats 0 and 2
are partners against 1 and 3. :func:`read_table` replays the cards played by the rules of
:mod:`crib_trainer.core.pegging` (``comes_in``, ``go_possible``, ``next_leader``), checks it
is the holder's turn, and reads what the play tells of each hidden hand: a seat passed
over at a count c held no card that would come in, so every card it still holds is worth
more than 31 − c pips.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.core.pegging import parse_peg_tokens
>>> s = TableSituation.from_sequence(
...     parse_peg_tokens("KS QH".split()), parse_cards("4D 2S 9C 8C"), variant="three-player")
>>> pos = read_table(s)
>>> s.seat, pos.count, pos.left, len(pos.unseen)
(2, 20, (3, 3, 4), 46)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from crib_trainer.core.cards import (
    FULL_DECK,
    Card,
    CardError,
    check_distinct,
    format_cards,
    n_cards,
)
from crib_trainer.core.pegging import (
    LIMIT,
    PegKind,
    PegToken,
    Played,
    PlayError,
    PlayState,
    SaidGo,
    comes_in,
    go_possible,
    next_leader,
    score_sequence,
)
from crib_trainer.core.variants import THREE_PLAYER, Variant, get_variant

#: The players' names when the tokens name none: seat 0 (who leads) is A.
SEAT_NAMES = ("A", "B", "C", "D")


def side_of(seat: int, variant: Variant) -> int:
    """The side a seat plays for: partners (0 and 2, 1 and 3) share one with four players,
    everyone else plays for himself.

    >>> from crib_trainer.core.variants import FOUR_PLAYER
    >>> [side_of(q, FOUR_PLAYER) for q in range(4)], [side_of(q, THREE_PLAYER) for q in range(3)]
    ([0, 1, 0, 1], [0, 1, 2])
    """
    return seat % 2 if variant.partnerships else seat


@dataclass(frozen=True, slots=True)
class TableSituation:
    """What the player at ``seat`` knows when he is about to lay a card.

    ``played`` is the play so far, oldest first, as :attr:`PlayState.events` has it (each
    :class:`Played` names its seat; a count that ended in a go carries a ``go`` item on its
    last card). :class:`SaidGo` markers are implied by the cards and left out. ``starter``
    is None when unknown; ``discards`` are his own crib cards; ``names`` the seats' names
    as the play gave them (:meth:`from_sequence`), seat 0 first, for messages (not compared).
    """

    hand: tuple[Card, ...]
    played: tuple[Played, ...] = ()
    seat: int = 0
    starter: Card | None = None
    discards: tuple[Card, ...] = ()
    variant: Variant = THREE_PLAYER
    names: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(
            self, "played", tuple(e for e in self.played if not isinstance(e, SaidGo))
        )
        object.__setattr__(self, "discards", tuple(self.discards))
        object.__setattr__(self, "variant", get_variant(self.variant))

    @property
    def players(self) -> int:
        return self.variant.players

    def seat_name(self, seat: int) -> str:
        """The name of ``seat`` (0: who leads) as the user knows it: ``A``, ``B``… unless
        the play named the seats."""
        return self.names[seat] if seat < len(self.names) else SEAT_NAMES[seat]

    @property
    def cards_played(self) -> tuple[Played, ...]:
        return self.played

    @property
    def dealer(self) -> bool:
        """Whether the holder deals (the last seat)."""
        return self.seat == self.players - 1

    @classmethod
    def from_state(
        cls, state: PlayState, *, starter: Card | None = None, discards: Sequence[Card] = ()
    ) -> TableSituation:
        """The situation of the player whose turn it is in ``state`` (any variant).

        >>> from crib_trainer.core.cards import parse_cards
        >>> st = PlayState.start([parse_cards(h) for h in ("JH 4C 2D 2S", "9S 9D 6H 4D",
        ...                       "KC QC 3H 5S")], "three-player")
        >>> TableSituation.from_state(st.play(parse_cards("4C")[0])).seat
        1
        """
        if state.over:
            raise PlayError("the play is over; there is no card to choose")
        return cls(
            hand=state.hands[state.turn],
            played=tuple(e for e in state.events if isinstance(e, Played)),
            seat=state.turn,
            starter=starter,
            discards=tuple(discards),
            variant=state.variant,
        )

    @classmethod
    def from_sequence(
        cls,
        tokens: Sequence[PegToken],
        hand: Sequence[Card],
        *,
        variant: Variant | str = THREE_PLAYER,
        holder: str | None = None,
        starter: Card | None = None,
        discards: Sequence[Card] = (),
    ) -> TableSituation:
        """The situation after a written sequence of play (unlabelled cards go round the
        table in turn, A first; ``go``: no one can play and the count restarts) for the
        player who holds ``hand``: ``holder`` (a name), by default the seat after the last
        card's player (or after a go, the seat that leads the new count).

        Seats are named A, B, C (D) unless the tokens name them (``NAME:CARD``): then in
        the order they first lay a card (which is the order round the table: no one can
        be passed over before the count reaches 22), the holder next if he has laid none,
        and then A, B, … for seats still unnamed.

        >>> from crib_trainer.core.cards import parse_cards
        >>> from crib_trainer.core.pegging import parse_peg_tokens
        >>> s = TableSituation.from_sequence(parse_peg_tokens(["ann:KS"]),
        ...     parse_cards("4D 2S 9C 8C"), variant="four-player", holder="cy")
        >>> s.seat
        1
        """
        v = get_variant(variant)
        names = seat_names(tokens, v.players, holder)
        record = score_sequence(list(tokens), finished=False, players=names)
        if record.irregular:
            raise PlayError(record.irregular[0].text())
        hand = tuple(hand)
        if holder is not None:
            seat = names.index(holder)
        elif not record.plays:
            seat = 0
        else:
            seat = _default_seat(record.plays, len(hand), v, names)
        return cls(hand, record.plays, seat, starter, tuple(discards), v, tuple(names))

    @classmethod
    def from_two_player(cls, situation: object) -> TableSituation:
        """A two-player :class:`~crib_trainer.analysis.pegging.PegSituation` as a table
        (its player 0, the non-dealer, is seat 0)."""
        from crib_trainer.analysis.pegging.situation import PegSituation

        assert isinstance(situation, PegSituation)
        return cls(
            situation.hand,
            situation.cards_played,
            situation.me,
            situation.starter,
            situation.discards,
            situation.variant,
        )


def seat_names(
    tokens: Sequence[PegToken], players: int, holder: str | None = None
) -> tuple[str, ...]:
    """The seats' names, seat 0 first (see :meth:`TableSituation.from_sequence`).

    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> seat_names(parse_peg_tokens(["5H", "6C"]), 3)
    ('A', 'B', 'C')
    >>> seat_names(parse_peg_tokens(["bo:5H", "al:6C"]), 4, "cy")
    ('bo', 'al', 'cy', 'A')
    """
    used: list[str] = []
    for t in tokens:
        if t.player is not None and t.player not in used:
            used.append(t.player)
    if set(used) <= set(SEAT_NAMES[:players]):
        names = list(SEAT_NAMES[:players])
        if holder is not None and holder not in names:
            raise PlayError(
                f"the holder {holder!r} is not one of the seats: {', '.join(names)} "
                "(name the seats in the play, NAME:CARD, to use other names)"
            )
    else:
        names = used
        if holder is not None and holder not in names:
            names.append(holder)
        names += [n for n in SEAT_NAMES if n not in names][: max(players - len(names), 0)]
    if len(names) > players:
        raise PlayError(
            f"the {players}-player game has {players} seats; the play names "
            f"{len(names)}: {', '.join(names)}"
        )
    return tuple(names)


def _default_seat(plays: Sequence[Played], held: int, v: Variant, names: Sequence[str]) -> int:
    """The seat to move after ``plays`` when no one is named: the first seat after the
    last card's player that has ``held`` cards left, every seat between passed over (it
    has no cards, or the count is 22 or more and it may have said go); after a go, the
    seat that leads the new count."""
    n = v.players
    left = [v.hand_size - sum(1 for p in plays if p.player == q) for q in range(n)]
    last = plays[-1]
    if any(i.kind in (PegKind.GO, PegKind.LAST) for i in last.items) or last.count == LIMIT:
        leader = next_leader(last.player, [k > 0 for k in left])
        return last.player if leader is None else leader
    for step in range(1, n + 1):
        q = (last.player + step) % n
        if left[q] == held:
            return q
        if left[q] and not go_possible(last.count):
            break
    raise CardError(
        f"the hand has {n_cards(held)}, but no seat to play next has that many left "
        f"(cards left of a {v.hand_size}-card hand: "
        + ", ".join(f"{names[q]} {max(left[q], 0)}" for q in range(n))
        + ")"
    )


# --- Reading the play so far ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TablePosition:
    """A situation read: the current count, how many cards each seat still holds, and the
    fewest pips a card each seat still holds can have (1 when the play says nothing), and
    the seats that have said go on the current count."""

    seat: int
    hand: tuple[Card, ...]
    count_cards: tuple[Card, ...]
    left: tuple[int, ...]
    min_pips: tuple[int, ...]
    unseen: tuple[Card, ...]
    variant: Variant
    # The seats holding cards that could not come in on the current count (said go).
    passed: frozenset[int] = frozenset()

    @property
    def count(self) -> int:
        return sum(c.value for c in self.count_cards)

    @property
    def hidden(self) -> tuple[int, ...]:
        """The other seats that still hold cards."""
        return tuple(q for q, k in enumerate(self.left) if k and q != self.seat)

    def legal_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if comes_in(c.value, self.count))


@dataclass(slots=True)
class _Walk:
    held: list[int]
    count: int = 0
    count_cards: list[Card] = field(default_factory=list)
    last: int = -1
    ended: bool = False
    # Each time a seat could not come in: (seat, count, index of the next card).
    passes: list[tuple[int, int, int]] = field(default_factory=list)
    passed_now: set[int] = field(default_factory=set)  # ... on the current count

    def holding(self) -> list[bool]:
        return [k > 0 for k in self.held]

    def passed_between(self, after: int, upto: int, at: int, nxt: int) -> None:
        """Seats holding cards strictly between ``after`` and ``upto`` round the table (all
        the others when they are the same) could not come in at ``at``."""
        n = len(self.held)
        q = (after + 1) % n
        while q != upto:
            if self.held[q]:
                self.passes.append((q, at, nxt))
                self.passed_now.add(q)
            q = (q + 1) % n


def read_table(s: TableSituation) -> TablePosition:
    """Check a situation against the rules and read it; :class:`PlayError` (or
    :class:`CardError`) when the play so far could not have happened or it is not the
    holder's turn."""
    v = s.variant
    _check_cards(s)
    walk = _Walk([v.hand_size] * v.players)
    for i, p in enumerate(s.played):
        _check_turn(walk, i, p, v)
        _lay(walk, i, p, v.hand_size)
    count_cards = _your_turn(s, walk)
    min_pips = _min_pips(s, walk.passes)
    starter = (s.starter,) if s.starter is not None else ()
    seen = {*s.hand, *s.discards, *starter, *(p.card for p in s.played)}
    unseen = tuple(c for c in FULL_DECK if c not in seen)
    left = tuple(walk.held)
    _check_room(unseen, left, min_pips, s.seat)
    passed = frozenset(walk.passed_now) if count_cards else frozenset()
    return TablePosition(s.seat, s.hand, tuple(count_cards), left, min_pips, unseen, v, passed)


def _check_cards(s: TableSituation) -> None:
    v = s.variant
    if not 0 <= s.seat < v.players:
        raise PlayError(f"seat {s.seat} is not one of the {v.players} seats (0 to {v.players - 1})")
    for p in s.played:
        if not 0 <= p.player < v.players:
            raise PlayError(f"player {p.player} is not one of the {v.players} seats")
    starter = (s.starter,) if s.starter is not None else ()
    check_distinct([*s.hand, *s.discards, *starter, *(p.card for p in s.played)])
    if len(s.discards) > v.discard:
        raise CardError(
            f"you threw {n_cards(v.discard)} to the crib in the {v.name} game; "
            f"got {len(s.discards)}: {format_cards(s.discards)}"
        )
    mine = sum(1 for p in s.played if p.player == s.seat)
    if mine + len(s.hand) != v.hand_size:
        raise CardError(
            f"you have played {n_cards(mine)} and hold {len(s.hand)}; "
            f"a {v.name} hand has {v.hand_size}"
        )
    if not s.hand:
        raise PlayError("you have no cards left to play")


def _check_turn(walk: _Walk, i: int, p: Played, v: Variant) -> None:
    if i == 0:
        if p.player != 0:
            raise PlayError("the player at the dealer's left (seat 0) leads the play")
        return
    if walk.ended:
        if v.play_ends_at_first_go:
            raise PlayError(
                f"card {i + 1} {p.card}: in the {v.name} game the play ends at the first go"
            )
        if p.player != next_leader(walk.last, walk.holding()):
            raise PlayError(
                f"card {i + 1} {p.card}: the new count is led by the first player after "
                "the last one to lay a card who still holds cards"
            )
        walk.count, walk.count_cards = 0, []
        walk.passed_now.clear()
        return
    walk.passed_between(walk.last, p.player, walk.count, i)


def _lay(walk: _Walk, i: int, p: Played, size: int) -> None:
    if walk.held[p.player] == 0:
        raise PlayError(f"card {i + 1} {p.card}: seat {p.player} has already played all {size}")
    count = walk.count + p.card.value
    if count > LIMIT:
        raise PlayError(f"card {i + 1} {p.card}: the count would be {count}, past {LIMIT}")
    if p.count != count:
        raise PlayError(f"card {i + 1} {p.card}: the count is {count}, not {p.count}")
    walk.count = count
    walk.count_cards.append(p.card)
    walk.held[p.player] -= 1
    walk.last = p.player
    went = any(item.kind in (PegKind.GO, PegKind.LAST) for item in p.items)
    walk.ended = count == LIMIT or went
    if went and count < LIMIT:  # no one could come in, the last player included
        walk.passes.extend((q, count, i + 1) for q, k in enumerate(walk.held) if k)


def _your_turn(s: TableSituation, walk: _Walk) -> list[Card]:
    """Check it is the holder's turn; the cards of the count he plays on."""
    v = s.variant
    if walk.last < 0:
        if s.seat != 0:
            raise PlayError("no card has been played: the player at the dealer's left leads")
        return []
    if walk.ended:
        if v.play_ends_at_first_go:
            raise PlayError(f"the play is over: in the {v.name} game it ends at the first go")
        leader = next_leader(walk.last, walk.holding())
        if leader is None:
            raise PlayError("the play is over: no one holds a card")
        if leader != s.seat:
            raise PlayError(
                f"the count has restarted and seat {s.seat_name(leader)} leads the new count"
            )
        return []
    walk.passed_between(walk.last, s.seat, walk.count, len(s.played))
    if not any(comes_in(c.value, walk.count) for c in s.hand):
        raise PlayError(
            f"none of your cards ({format_cards(s.hand)}) comes in at {walk.count}: you say go"
        )
    return walk.count_cards


def _min_pips(s: TableSituation, passes: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    """The fewest pips each seat's remaining cards can have; checks that no one passed
    over holding a card that would have come in (his later cards, and your hand)."""
    out = [1] * s.variant.players
    for q, at, nxt in passes:
        later = [p.card for p in s.played[nxt:] if p.player == q]
        if q == s.seat:
            later += list(s.hand)
        bad = [c for c in later if comes_in(c.value, at)]
        if bad:
            who = "you" if q == s.seat else f"seat {s.seat_name(q)}"
            raise PlayError(
                f"{who} could not come in at {at} by the play so far, yet held "
                f"{format_cards(bad)}, which would have come in"
            )
        if q != s.seat:
            if not go_possible(at):
                raise PlayError(
                    f"seat {s.seat_name(q)} cannot have said go at {at}: any card comes in"
                )
            out[q] = max(out[q], LIMIT - at + 1)
    return tuple(out)


def _check_room(
    unseen: Sequence[Card], left: Sequence[int], min_pips: Sequence[int], seat: int
) -> None:
    """Some deal of the unseen cards fits every hidden hand: the bounds are nested, so it
    is enough that at each bound enough cards reach it for the seats that need them."""
    for bound in sorted({m for q, m in enumerate(min_pips) if q != seat}):
        need = sum(left[q] for q, m in enumerate(min_pips) if q != seat and m >= bound)
        have = sum(1 for c in unseen if c.value >= bound)
        if have < need:
            raise PlayError(
                f"no deal fits the play so far: the other seats hold {n_cards(need)} of "
                f"{bound} pips or more, and only {have} such are unseen"
            )

"""The position: what the player about to lay a card knows, checked against the rules.

A :class:`PegSituation` holds the player's hand, the cards played (with who played
them), the starter, his discards, who dealt and the variant. :func:`read_situation`
replays the cards by the rules of :mod:`crib_trainer.core.pegging`, checks it is his
turn, and reads what the play tells of the hidden cards into a :class:`Position`.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.core.pegging import parse_peg_tokens
>>> s = PegSituation.from_sequence(parse_peg_tokens(["KS", "5H"]), parse_cards("4D 2S 9C"))
>>> pos = read_situation(s)
>>> s.dealer, pos.count, pos.opponent_left, len(pos.unseen)
(False, 15, 3, 47)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant


def supported(variant: Variant) -> bool:
    """Pegging analysis covers the two-player games (six-card and five-card)."""
    return variant.players == 2


def check_supported(variant: Variant) -> None:
    """Raise :class:`PlayError` for a game the pegging analysis does not cover."""
    if not supported(variant):
        raise PlayError(
            f"pegging analysis covers the two-player games (six-card, five-card); "
            f"the {variant.name} game is not supported"
        )


class UnknownHolderError(PlayError):
    """The holder named for a written sequence is not one of its players."""

    def __init__(self, holder: str, players: Sequence[str]) -> None:
        self.holder = holder
        self.players = tuple(players)
        super().__init__(f"the holder {holder!r} is not one of the players: {', '.join(players)}")


# --- The situation ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PegSituation:
    """What the player about to lay a card knows.

    ``played`` is the play so far, oldest first, as :class:`PlayState` records it: each
    card a :class:`Played` whose ``player`` is 0 for the non-dealer (who leads) and 1 for
    the dealer, with its ``count``; a count that ended in a go carries a ``go`` item on its
    last card (31 needs none). :class:`SaidGo` markers may be passed in (as
    :attr:`PlayState.events` has them); they are implied by the cards and are left out.
    Build one from a :class:`PlayState` with :meth:`from_state` or from a written
    sequence with :meth:`from_sequence`.

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
    def from_sequence(
        cls,
        tokens: Sequence[PegToken],
        hand: Sequence[Card],
        *,
        starter: Card | None = None,
        discards: Sequence[Card] = (),
        variant: Variant | str = SIX_CARD,
        holder: str | None = None,
        dealer: bool | None = None,
    ) -> PegSituation:
        """The situation after a written sequence of play (tokens as
        :func:`~crib_trainer.core.pegging.parse_peg_tokens` reads them) for the player who
        holds ``hand``.

        The first card was led by the non-dealer. The holder is ``holder`` (a name used in
        the tokens; :class:`UnknownHolderError` if it is not one); by default the player
        after the last card's player, unless only the last card's player has ``len(hand)``
        cards left and his opponent is out of cards or could have said go (the count is
        22 or more). A closing ``go`` ends the count, as in scoring, except when the
        holder laid the last card and still has a card that comes in: then it is his
        opponent's go, and he plays on. With no tokens the holder leads: he is the
        non-dealer (``dealer`` may say so; it must agree with the tokens).

        >>> from crib_trainer.core.cards import parse_cards
        >>> from crib_trainer.core.pegging import parse_peg_tokens
        >>> tokens = parse_peg_tokens("KS 5H 6C".split())
        >>> s = PegSituation.from_sequence(tokens, parse_cards("4D 2S 9C"))
        >>> s.dealer, len(s.cards_played)
        (True, 3)
        """
        v = get_variant(variant)
        check_supported(v)
        toks = list(tokens)
        hand = tuple(hand)
        if not toks:
            if holder not in (None, "A", "B"):  # (the seats' names when none are written)
                raise UnknownHolderError(holder, ("A", "B"))
            if holder == "B":
                raise PlayError("no card has been played: the non-dealer, A, leads")
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
        if holder is None:
            who = _default_holder(record.players, plays, len(hand), v.hand_size)
        elif holder in record.players:
            who = record.players.index(holder)
        else:
            raise UnknownHolderError(holder, record.players)
        last = plays[-1]
        plays_on = who == last.player and any(comes_in(c.value, last.count) for c in hand)
        if closing_go and not plays_on:
            plays = score_sequence(toks, finished=False).plays  # the count ends, as in scoring
        first = plays[0].player  # the non-dealer led
        is_dealer = who != first
        if dealer is not None and dealer != is_dealer:
            raise PlayError(
                f"the tokens make the holder the {'dealer' if is_dealer else 'non-dealer'}"
            )
        renumber = {first: 0, 1 - first: 1}
        events = tuple(Played(renumber[p.player], p.card, p.count, p.items) for p in plays)
        return cls(hand, events, starter, tuple(discards), is_dealer, v)


def _default_holder(players: Sequence[str], plays: Sequence[Played], held: int, size: int) -> int:
    """Who holds a hand of ``held`` cards after ``plays``, when no one is named: the player
    after the last card's player, or the last card's player again when only he has that
    many cards left and his opponent is out of cards or could have said go."""
    left = {q: size - sum(1 for p in plays if p.player == q) for q in (0, 1)}
    last = plays[-1].player
    nxt = 1 - last
    again = left[nxt] == 0 or go_possible(plays[-1].count)
    fits = [q for q in (nxt, last) if left[q] == held and (q == nxt or again)]
    if not fits:
        names = ", ".join(f"{players[q]} {max(left[q], 0)}" for q in (0, 1))
        raise CardError(
            f"the hand has {n_cards(held)}, but no player has that many left "
            f"(cards left of a {size}-card hand: {names})"
        )
    return fits[0]


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
        count = self.count
        return tuple(c for c in self.hand if comes_in(c.value, count))


def read_situation(s: PegSituation) -> Position:
    """Check a situation against the rules and read the current count from it.

    Raises :class:`PlayError` (or :class:`CardError`) when the play so far could not have
    happened, or when it is not the holder's turn to lay a card.
    """
    check_supported(s.variant)
    _check_cards(s)
    walk = _replay(s)
    count_cards, passed_now = _your_turn(s, walk)
    min_pips = _opponent_min_pips(s, walk.passes)
    opp = 1 - s.me
    unseen = _unseen(s)
    opp_left = walk.held[opp]
    if sum(1 for c in unseen if c.value >= min_pips) < opp_left:
        raise PlayError(
            f"no holding fits the play so far: your opponent holds {n_cards(opp_left)} of "
            f"{min_pips} pips or more, and fewer than that are unseen"
        )
    return Position(
        me=s.me,
        hand=s.hand,
        count_cards=tuple(count_cards),
        opponent_left=opp_left,
        opponent_played=tuple(p.card for p in s.cards_played if p.player == opp),
        unseen=unseen,
        opponent_min_pips=min_pips,
        opponent_passed=passed_now or opp_left == 0,
        variant=s.variant,
    )


def _check_cards(s: PegSituation) -> None:
    """The cards make sense: two players, no card twice, your discards and your hand the
    right number of cards."""
    v = s.variant
    for p in s.cards_played:
        if p.player not in (0, 1):
            raise PlayError(f"player {p.player} is not one of the two players (0 and 1)")
    starter = (s.starter,) if s.starter is not None else ()
    check_distinct([*s.hand, *s.discards, *starter, *(p.card for p in s.cards_played)])
    if len(s.discards) > v.discard:
        raise CardError(
            f"you threw {v.discard} cards to the crib in the {v.name} game; "
            f"got {len(s.discards)}: {format_cards(s.discards)}"
        )
    mine = [p.card for p in s.cards_played if p.player == s.me]
    if len(mine) + len(s.hand) != v.hand_size:
        raise CardError(
            f"you have played {n_cards(len(mine))} and hold {len(s.hand)}; "
            f"a {v.name} hand has {v.hand_size}"
        )
    if not s.hand:
        raise PlayError("you have no cards left to play")


class _Walk:
    """The play so far, replayed card by card. (A plain class: a dataclass would cost
    more to define, at every start of the command line, than this saves in writing.)"""

    __slots__ = ("count", "count_cards", "ended", "held", "last", "passes")

    def __init__(self, held: list[int]) -> None:
        self.held = held  # cards each player still holds
        self.count = 0
        self.count_cards: list[Card] = []
        self.last = -1  # the player of the last card (-1: none yet)
        self.ended = False  # the last card ended its count (31, or a go after it)
        # Each time a player could not come in: (player, count, index of the next card).
        self.passes: list[tuple[int, int, int]] = []

    def holding(self) -> list[bool]:
        return [n > 0 for n in self.held]


def _replay(s: PegSituation) -> _Walk:
    """Replay the cards played by the rules, checking whose turn each was."""
    size = s.variant.hand_size
    walk = _Walk([size, size])
    for i, p in enumerate(s.cards_played):
        _check_turn(walk, i, p, s.variant)
        _lay(walk, i, p, size)
    return walk


def _check_turn(walk: _Walk, i: int, p: Played, v: Variant) -> None:
    """Was it ``p.player``'s turn to lay card ``i``? Notes a go it implies."""
    if i == 0:
        if p.player != 0:
            raise PlayError("the non-dealer (player 0) leads the play")
    elif walk.ended:
        if v.play_ends_at_first_go:
            raise PlayError(
                f"card {i + 1} {p.card}: in the {v.name} game the play ends when no one "
                "can come in (or at 31)"
            )
        if p.player != next_leader(walk.last, walk.holding()):
            raise PlayError(
                f"card {i + 1} {p.card}: the new count is led by the opponent of the "
                "last player while he has cards"
            )
        walk.count, walk.count_cards = 0, []
    elif p.player == walk.last and walk.held[1 - walk.last]:
        # Two cards running while the other held cards: he could not come in.
        walk.passes.append((1 - walk.last, walk.count, i))


def _lay(walk: _Walk, i: int, p: Played, size: int) -> None:
    """Lay card ``i``: check it is in his hand and the count it makes, and note the go
    that may end the count after it."""
    if walk.held[p.player] == 0:
        who = "the non-dealer" if p.player == 0 else "the dealer"  # (player 0 led)
        raise PlayError(f"card {i + 1} {p.card}: {who} has already played all {size} cards")
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
    if went and count < LIMIT:  # no one could come in: everyone holding cards passed
        walk.passes.extend((q, count, i + 1) for q in (0, 1) if walk.held[q])


def _your_turn(s: PegSituation, walk: _Walk) -> tuple[list[Card], bool]:
    """Check it is your turn now; the cards of the count you play on, and whether your
    opponent has passed on it (he said go, or has no cards)."""
    v = s.variant
    me, opp = s.me, 1 - s.me
    can_play = any(comes_in(c.value, walk.count) for c in s.hand)
    if walk.last < 0:  # no card played yet: the non-dealer leads
        if s.dealer:
            raise PlayError("the non-dealer leads the play; as dealer you play second")
        return [], False
    if walk.ended:
        if v.play_ends_at_first_go:
            raise PlayError(f"the play is over: in the {v.name} game it ends at the first go")
        if next_leader(walk.last, walk.holding()) != me:
            raise PlayError("the count has restarted and your opponent leads the new count")
        return [], False
    if walk.last == opp:
        if not can_play:
            raise PlayError(
                f"none of your cards ({format_cards(s.hand)}) comes in at {walk.count}: you say go"
            )
        return walk.count_cards, False
    # You laid the last card and it is your turn again: he said go, or has no cards.
    if walk.held[opp]:
        walk.passes.append((opp, walk.count, len(s.cards_played)))
    if can_play:
        return walk.count_cards, True
    if v.play_ends_at_first_go:
        raise PlayError(f"the play is over: in the {v.name} game it ends at the first go")
    if walk.held[opp]:
        raise PlayError(
            f"no one can play at {walk.count}: the count restarts and your opponent leads"
        )
    return [], True


def _opponent_min_pips(s: PegSituation, passes: Sequence[tuple[int, int, int]]) -> int:
    """The fewest pips a card the opponent still holds can have: more than 31 − c for every
    count c he could not come in at. Checks that no one passed holding a card that would
    have come in then (yours from the cards you played and hold)."""
    me, opp = s.me, 1 - s.me
    plays = s.cards_played
    min_pips = 1
    for q, at, nxt in passes:
        later = [p.card for p in plays[nxt:] if p.player == q]
        if q == me:
            later += list(s.hand)
        bad = [c for c in later if comes_in(c.value, at)]
        if bad:
            who, held_word = ("you", "you held") if q == me else ("your opponent", "he held")
            raise PlayError(
                f"{who} could not come in at {at} by the play so far, yet "
                f"{held_word} {format_cards(bad)}, which would have come in"
            )
        if q == opp:
            if not go_possible(at):
                raise PlayError(
                    f"your opponent cannot have said go at {at}: any card comes in at {at}"
                )
            min_pips = max(min_pips, LIMIT - at + 1)
    return min_pips


def _unseen(s: PegSituation) -> tuple[Card, ...]:
    """The cards you have not seen, in pack order: the opponent's are among them."""
    starter = (s.starter,) if s.starter is not None else ()
    seen = {*s.hand, *s.discards, *starter, *(p.card for p in s.cards_played)}
    return tuple(c for c in FULL_DECK if c not in seen)

"""The play: points for each card laid, and the play of a hand as a state machine.

Scoring a card looks only at the cards already in the current count: fifteen (2),
thirty-one (2), a pair (2), pair royal (6), double pair royal (12) among the latest cards,
and a run of three or more among the latest cards in any order. When no one can play the
last player scores one for the go; the last card of the play scores one for last; neither
is added to a thirty-one, which already scored two.

>>> from crib_trainer.core.cards import parse_cards
>>> [i.kind for i in score_card(parse_cards("4S 2H 5D"), parse_cards("3C")[0])]
[<PegKind.RUN: 'run'>]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from crib_trainer.core.cards import (
    Card,
    CardError,
    check_distinct,
    format_cards,
    n_cards,
    parse_card,
)
from crib_trainer.core.points import heels, is_run
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

LIMIT = 31
#: The most a card counts in the play (tens and court cards).
MAX_PIPS = 10
# The most one card can score in the play: the fourth card of a rank (a double pair royal,
# 12) that brings the count to 15 (2) as the last card of the play (1), e.g. K-Q-J, go,
# then 7-2-2-2-2. Pairs and runs of one card exclude each other, as 31 excludes the go;
# tests/core/test_pegging.py finds the bound by search and plays a deal that reaches it.
MAX_CARD_POINTS = 15
# No variant keeps more than four cards for the play, or seats more than four players.
MAX_HAND = 4
MAX_PLAYERS = 4


class PlayError(ValueError):
    """A card that cannot be played now, or a sequence of play that cannot happen."""


class PegKind(StrEnum):
    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    PAIR_ROYAL = "pair-royal"
    DOUBLE_PAIR_ROYAL = "double-pair-royal"
    RUN = "run"
    GO = "go"
    LAST = "last"


_SAME_RANK = {2: (PegKind.PAIR, 2), 3: (PegKind.PAIR_ROYAL, 6), 4: (PegKind.DOUBLE_PAIR_ROYAL, 12)}


def same_rank_points(n: int) -> int:
    """Points for ``n`` cards of one rank laid running: a pair 2, a pair royal 6, a double
    pair royal 12 (a lone card nothing).

    >>> [same_rank_points(n) for n in range(1, 5)]
    [0, 2, 6, 12]
    """
    return _SAME_RANK[n][1] if n in _SAME_RANK else 0


@dataclass(frozen=True, slots=True)
class PegItem:
    """Points earned in the play, with the cards that made them (none for go and last)."""

    kind: PegKind
    points: int
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": str(self.kind), "points": self.points}
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        return out


@dataclass(frozen=True, slots=True)
class Played:
    """One card laid: who played it, the count after it, and what it scored.

    A go or last-card point is an item of the card that earned it.
    """

    player: int
    card: Card
    count: int
    items: tuple[PegItem, ...] = ()

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)


@dataclass(frozen=True, slots=True)
class SaidGo:
    """A player who holds cards but none that will come in says "go"."""

    player: int


def count_of(cards: Sequence[Card]) -> int:
    return sum(c.value for c in cards)


# --- The rules of the turn: who lays the next card, the go, 31 and the last card --------


def comes_in(pips: int, count: int) -> bool:
    """Whether a card worth ``pips`` may be laid at ``count``: the count never passes 31.

    >>> comes_in(10, 21), comes_in(10, 22)
    (True, False)
    """
    return count + pips <= LIMIT


def go_possible(count: int) -> bool:
    """Whether a player holding cards can be unable to come in at ``count``: only where
    some card does not fit, at 22 or more (every card comes in at 21).

    >>> go_possible(21), go_possible(22)
    (False, True)
    """
    return count > LIMIT - MAX_PIPS


def next_leader(last: int, holding: Sequence[bool]) -> int | None:
    """Who leads a new count after a go or 31: the first player after ``last`` (who laid
    the last card) that still holds cards, ``last`` himself when only he does; None when
    no one holds any. ``holding[q]``: player ``q`` still holds cards.

    >>> next_leader(0, [True, True]), next_leader(0, [True, False]), next_leader(2, [True] * 3)
    (1, 0, 0)
    """
    n = len(holding)
    for step in range(1, n + 1):
        q = (last + step) % n
        if holding[q]:
            return q
    return None


@dataclass(frozen=True, slots=True)
class Turn:
    """What follows a card laid (see :func:`after_card`).

    - ``player``: who lays the next card, or -1 when the play is over;
    - ``said_go``: the players passed over who hold cards but none that comes in, in
      turn order (they say go);
    - ``point``: :attr:`PegKind.GO` or :attr:`PegKind.LAST` when the player of the card
      scores one for it (never at 31, which scored two), else None;
    - ``new_count``: the count ended (a go or 31): the next card starts a count from 0.
    """

    player: int
    said_go: tuple[int, ...] = ()
    point: PegKind | None = None
    new_count: bool = False


def after_card(
    last: int, count: int, held: Sequence[Sequence[int]], *, ends_at_first_go: bool
) -> Turn:
    """The rules of the play after player ``last`` lays a card that makes ``count``;
    ``held[q]`` are the pips of the cards player ``q`` still holds.

    The next player in turn who holds a card that comes in lays the next card; those
    passed over who hold cards say go. When no one can come in, the last player scores
    one for the go and the first player after him who holds cards leads a new count (he
    himself if only he does); at 31 the count ends the same way, with no point for the
    go. When no one holds a card the play is over, and the last card scores one unless
    it made 31. ``ends_at_first_go``: the play ends when its first count ends (the
    five-card game).

    >>> after_card(0, 27, [[10], [4, 10]], ends_at_first_go=False)
    Turn(player=1, said_go=(), point=None, new_count=False)
    >>> after_card(0, 28, [[10], [10]], ends_at_first_go=False)
    Turn(player=1, said_go=(1, 0), point=<PegKind.GO: 'go'>, new_count=True)
    >>> after_card(1, 31, [[], []], ends_at_first_go=False)
    Turn(player=-1, said_go=(), point=None, new_count=True)
    """
    n = len(held)
    point_kind = PegKind.GO
    if not any(held):
        point_kind = PegKind.LAST
    elif count < LIMIT:
        said_go: list[int] = []
        for step in range(1, n + 1):
            q = (last + step) % n
            if not held[q]:
                continue
            if any(comes_in(pips, count) for pips in held[q]):
                return Turn(q, tuple(said_go))
            said_go.append(q)
        return _count_over(last, held, count, PegKind.GO, tuple(said_go), ends_at_first_go)
    return _count_over(last, held, count, point_kind, (), ends_at_first_go)


def _count_over(
    last: int,
    held: Sequence[Sequence[int]],
    count: int,
    kind: PegKind,
    said_go: tuple[int, ...],
    ends_at_first_go: bool,
) -> Turn:
    """No one can come in (or the count is 31, or no one holds a card): the count ends."""
    point = kind if count < LIMIT else None
    leader = next_leader(last, [bool(h) for h in held])
    if leader is None or ends_at_first_go:
        return Turn(-1, said_go, point, True)
    return Turn(leader, said_go, point, True)


def score_card(count_cards: Sequence[Card], card: Card) -> tuple[PegItem, ...]:
    """Points for laying ``card`` on the cards already in this count (oldest first).

    Go and last-card points are not included: they depend on what happens next. A card
    given twice raises :class:`~crib_trainer.core.cards.CardError`.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> score_card(parse_cards("7H 8C"), parse_card("7D"))  # doctest: +NORMALIZE_WHITESPACE
    ()
    >>> [(i.kind.value, i.points) for i in score_card(parse_cards("5H 5C"), parse_card("5D"))]
    [('fifteen', 2), ('pair-royal', 6)]
    """
    seq = (*count_cards, card)
    check_distinct(seq)
    count = count_of(seq)
    if count > LIMIT:
        raise PlayError(f"{card} would make the count {count}; the count cannot pass {LIMIT}")
    return _laid_items(seq, count)


def _laid_items(seq: tuple[Card, ...], count: int) -> tuple[PegItem, ...]:
    """:func:`score_card`'s items for the count's cards ``seq`` (the last just laid, all
    distinct), which make ``count`` (at most 31)."""
    card = seq[-1]
    items: list[PegItem] = []
    if count == 15:
        items.append(PegItem(PegKind.FIFTEEN, 2))
    elif count == LIMIT:
        items.append(PegItem(PegKind.THIRTY_ONE, 2))
    same = 1
    while same < len(seq) and seq[-same - 1].rank == card.rank:
        same += 1
    if same >= 2:
        kind, points = _SAME_RANK[same]
        items.append(PegItem(kind, points, seq[-same:]))
    for size in range(len(seq), 2, -1):
        tail = seq[-size:]
        if is_run([c.rank for c in tail]):
            items.append(PegItem(PegKind.RUN, size, tuple(sorted(tail))))
            break
    return tuple(items)


def _with_item(played: Played, item: PegItem) -> Played:
    return replace(played, items=(*played.items, item))


# --- Scoring a written sequence (the command line's `peg`) ----------------------------


@dataclass(frozen=True, slots=True)
class PegToken:
    """A card, optionally with who played it, or ``go`` (card is None)."""

    card: Card | None
    player: str | None = None


GO_WORDS = frozenset({"go", "g"})


def parse_peg_tokens(tokens: Sequence[str]) -> list[PegToken]:
    """Read tokens such as ``5H``, ``alice:JD`` or ``go`` (commas separate them too).

    >>> [(t.card and t.card.code, t.player) for t in parse_peg_tokens(["5h", "bob:10d", "GO"])]
    [('5H', None), ('TD', 'bob'), (None, None)]
    """
    out: list[PegToken] = []
    for raw in (part for token in tokens for part in token.split(",") if part.strip()):
        text = raw.strip()
        if text.lower() in GO_WORDS:
            out.append(PegToken(None))
            continue
        name, sep, card_text = text.rpartition(":")
        name = name.strip()  # ("A :5S" is A's card)
        if sep and not name:
            raise CardError(f"{raw!r}: a player name is missing before ':' (write NAME:CARD)")
        if ":" in name:
            raise CardError(f"{raw!r}: one card a token, written CARD or NAME:CARD")
        try:
            card = parse_card(card_text)
        except CardError as err:
            raise CardError(f"{err} (or 'go', or NAME:CARD)") from None
        out.append(PegToken(card, name or None))
    return out


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """A scored sequence of play: every card with its points, each player's total, and
    the plays in it the rules forbid (``irregular``)."""

    players: tuple[str, ...]
    plays: tuple[Played, ...]
    irregular: tuple[Irregular, ...] = ()

    def totals(self) -> dict[str, int]:
        out = dict.fromkeys(self.players, 0)
        for p in self.plays:
            out[self.players[p.player]] += p.points
        return out

    def to_json(self) -> dict[str, object]:
        return {
            "plays": [
                {
                    "player": self.players[p.player],
                    "card": p.card.code,
                    "count": p.count,
                    "points": p.points,
                    "items": [i.to_json() for i in p.items],
                }
                for p in self.plays
            ],
            "totals": self.totals(),
        }


# The rules a written play can break, for the messages that name them.
MUST_PLAY = (
    "a player must play while he has a card that will come in "
    '(Britannica, "Cribbage", the play; Hoyle, "Cribbage", The Play)'
)
WHO_LEADS = (
    "after a go or 31 the player after the last one to lay a card leads "
    '(Hoyle, "Cribbage", The Play: the opponent of the player who played the last card)'
)


@dataclass(frozen=True, slots=True)
class Irregular:
    """A written play the rules forbid: ``player`` was passed over at ``count`` (by a go
    when ``card`` is None, else by whoever laid ``card`` at ``position``, leading when
    ``count`` is 0) yet lays ``held`` later (at ``held_at``), a card that would have come
    in then."""

    position: int
    card: Card | None
    by: str  # who laid ``card`` ("" for a go)
    player: str
    held: Card
    held_at: int
    count: int

    @property
    def rule(self) -> str:
        return WHO_LEADS if self.card is not None and self.count == 0 else MUST_PLAY

    def text(self) -> str:
        """The sentence for a written sequence, naming its tokens by number."""
        held = f"{self.held} (token {self.held_at})"
        makes = f"which would make {self.count + self.held.value}"
        if self.card is None:
            return (
                f"token {self.position} 'go': no one could say go at {self.count}, as "
                f"{self.player} still held {held}, {makes}; {self.rule}"
            )
        if self.count == 0:
            return (
                f"token {self.position} {self.card}: {self.by} led, but {self.player} "
                f"should have, still holding {held}; {self.rule}"
            )
        return (
            f"token {self.position} {self.card}: {self.by} played in {self.player}'s turn "
            f"at {self.count}, but {self.player} still held {held}, {makes}; {self.rule}"
        )


def score_sequence(
    tokens: Sequence[PegToken],
    *,
    finished: bool = True,
    players: Sequence[str] | None = None,
    leader: int = 0,
) -> PlayRecord:
    """Score a written sequence of play.

    Unlabelled cards are played by the player after the previous card's player (the first
    by ``leader``, the first player by default), so in a two-player sequence they alternate.
    ``go`` means no one can play: the last card's player scores one and a new count begins;
    after 31, which restarts the count by itself, a ``go`` adds nothing. When ``finished``,
    the last card scores one for last unless it made 31. ``players`` fixes the names and
    their order (by default, the names used, in order, padded with A and B).

    A card laid later was in its player's hand all along, so some written plays cannot
    happen: a ``go`` while someone still holds a card that would come in, or a player
    passed over (another playing in his turn, or leading after a go) who lays such a card
    later. They are listed in ``irregular`` (the command line refuses them).

    >>> rec = score_sequence(parse_peg_tokens(["4S", "2H", "5D", "3C", "6S"]))
    >>> [p.points for p in rec.plays], rec.totals()
    ([0, 0, 0, 4, 6], {'A': 6, 'B': 4})
    >>> score_sequence(parse_peg_tokens("KS 6H 5D go 5C".split())).irregular[0].text()[:45]
    "token 4 'go': no one could say go at 21, as B"
    """
    players = tuple(players) if players is not None else _player_names(tokens)
    unknown = {t.player for t in tokens if t.player is not None} - set(players)
    if unknown:
        raise PlayError(
            f"unknown player {sorted(unknown)[0]!r}; the players are {', '.join(players)}"
        )
    _check_names_differ(players)
    if len(players) > MAX_PLAYERS:
        raise PlayError(
            f"{len(players)} players: cribbage is played by 2, 3 or 4 ({', '.join(players)})"
        )
    check_distinct(t.card for t in tokens if t.card is not None)
    laid = [0] * len(players)
    plays: list[Played] = []
    # (token number, player or None for a go, card or None, count before it)
    trail: list[tuple[int, int | None, Card | None, int]] = []
    count_cards: list[Card] = []
    previous_was_card = False
    for position, token in enumerate(tokens, start=1):
        if token.card is None:
            if not count_cards:
                if plays and plays[-1].count == LIMIT and previous_was_card:
                    previous_was_card = False
                    continue  # a go written after 31: 31 already ended the count
                if not plays:
                    why = "no card has been played"
                elif plays[-1].count == LIMIT:
                    why = "it restarted after 31"
                else:
                    why = "it restarted after a go"
                raise PlayError(
                    f"token {position} 'go': the count is 0 ({why}); "
                    "there is no go to score, remove it"
                )
            plays[-1] = _with_item(plays[-1], PegItem(PegKind.GO, 1))
            trail.append((position, None, None, count_of(count_cards)))
            count_cards.clear()
            previous_was_card = False
            continue
        previous_was_card = True
        if token.player is not None:
            player = players.index(token.player)
        elif plays:
            player = (plays[-1].player + 1) % len(players)
        else:
            player = leader
        laid[player] += 1
        if laid[player] > MAX_HAND:
            raise PlayError(
                f"token {position} {token.card}: that would be {players[player]}'s fifth card; "
                f"no one holds more than {MAX_HAND} for the play"
            )
        before = count_of(count_cards)
        count = before + token.card.value
        if count > LIMIT:
            raise PlayError(
                f"token {position} {token.card}: the count would be {count}, past {LIMIT}; "
                f"put 'go' before it if no one could play at {before}"
            )
        trail.append((position, player, token.card, before))
        count_cards.append(token.card)
        plays.append(Played(player, token.card, count, _laid_items(tuple(count_cards), count)))
        if count == LIMIT:
            count_cards.clear()
    if finished and count_cards:
        plays[-1] = _with_item(plays[-1], PegItem(PegKind.LAST, 1))
    return PlayRecord(players, tuple(plays), _impossible(trail, players, leader))


def _impossible(
    trail: Sequence[tuple[int, int | None, Card | None, int]],
    players: Sequence[str],
    leader: int,
) -> tuple[Irregular, ...]:
    """The written plays the rules forbid: someone passed over (by a go, by another playing
    in his turn, or by another leading) who lays a card later that would have come in
    then. Earliest first."""
    n = len(players)
    out: list[Irregular] = []
    last: int | None = None  # the player of the last card
    for i, (position, player, card, count) in enumerate(trail):
        room = LIMIT - count
        if player is None:  # a go: no one can come in
            passed = list(range(n))
            later = trail[i + 1 :]
        else:
            passed = []
            expected = leader if last is None else (last + 1) % n
            while expected != player:
                passed.append(expected)
                expected = (expected + 1) % n
            later = trail[i:]
            last = player
        for q in passed:
            held = _held(later, q, room)
            if held is not None:
                by = "" if player is None else players[player]
                out.append(Irregular(position, card, by, players[q], held[1], held[0], count))
                break
    return tuple(out)


def _held(
    later: Sequence[tuple[int, int | None, Card | None, int]], player: int, room: int
) -> tuple[int, Card] | None:
    """The first card ``player`` lays among ``later`` that fits in ``room``, if any."""
    for position, who, card, _ in later:
        if who == player and card is not None and card.value <= room:
            return position, card
    return None


def _check_names_differ(players: Sequence[str]) -> None:
    """Refuse two names alike but for case (``A:5S a:6H``: one player meant, two read)."""
    seen: dict[str, str] = {}
    for name in players:
        other = seen.setdefault(name.casefold(), name)
        if other != name:
            raise PlayError(
                f"players {other!r} and {name!r} differ only in case; "
                "write each player's name the same way every time"
            )


def _player_names(tokens: Sequence[PegToken]) -> tuple[str, ...]:
    """The names used, in order, padded with A and B; but a first card written without a
    name is A's when only A and B are named (unlabelled cards alternate A, B, A…)."""
    names: list[str] = []
    for t in tokens:
        if t.player is not None and t.player not in names:
            names.append(t.player)
    first = next((t for t in tokens if t.card is not None), None)
    if first is not None and first.player is None and set(names) <= {"A", "B"}:
        return ("A", "B")
    for default in ("A", "B"):
        if len(names) < 2 and default not in names:
            names.append(default)
    return tuple(names)


# --- The play of a hand as a state machine --------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayState:
    """The play of one hand, from the lead to the last card. Immutable: :meth:`play`
    returns the next state.

    Player 0 sits at the dealer's left and leads; the dealer is the last player. When a
    player cannot come in he says go (recorded as :class:`SaidGo`) and the turn passes
    to the next player who can; when no one can, the last player scores the go and the
    player after him leads a new count (in the five-card game the play then ends).

    >>> from crib_trainer.core.cards import parse_cards
    >>> s = PlayState.start([parse_cards("JH 4C 2D 2S"), parse_cards("9S 9D 6H 4D")])
    >>> for card in parse_cards("2D 9S 4C 4D JH 2S"):
    ...     s = s.play(card)
    >>> s.turn, s.count, s.scores
    (1, 0, (4, 2))
    """

    variant: Variant
    hands: tuple[tuple[Card, ...], ...]
    count_cards: tuple[Card, ...] = ()
    events: tuple[Played | SaidGo, ...] = ()
    turn: int = 0
    passed: frozenset[int] = field(default_factory=frozenset)
    heels: int = 0

    @classmethod
    def start(
        cls,
        hands: Sequence[Sequence[Card]],
        variant: Variant | str = SIX_CARD,
        *,
        starter: Card | None = None,
    ) -> PlayState:
        """Begin the play. ``hands[0]`` leads; the last hand is the dealer's. With a
        ``starter``, a jack gives the dealer two for his heels (in :attr:`scores`).
        """
        variant = get_variant(variant)
        if len(hands) != variant.players:
            raise PlayError(
                f"the {variant.name} game has {variant.players} players; got {len(hands)} hands"
            )
        for i, hand in enumerate(hands):
            if len(hand) != variant.hand_size:
                raise CardError(
                    f"hand {i + 1} has {n_cards(len(hand))}; a {variant.name} hand has "
                    f"{variant.hand_size}: {format_cards(hand)}"
                )
        check_distinct([*(c for h in hands for c in h), *([starter] if starter else [])])
        state = cls(
            variant,
            tuple(tuple(h) for h in hands),
            heels=heels(starter) if starter else 0,
        )
        return state

    # -- what the state says

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def dealer(self) -> int:
        return self.players - 1

    @property
    def count(self) -> int:
        return count_of(self.count_cards)

    @property
    def over(self) -> bool:
        return self.turn < 0

    @property
    def plays(self) -> tuple[Played, ...]:
        return tuple(e for e in self.events if isinstance(e, Played))

    @property
    def scores(self) -> tuple[int, ...]:
        """Points pegged by each player so far (his heels counted for the dealer)."""
        out = [0] * self.players
        out[self.dealer] += self.heels
        for p in self.plays:
            out[p.player] += p.points
        return tuple(out)

    def side_scores(self) -> tuple[int, ...]:
        """Scores by side: partners (0 and 2, 1 and 3) together in the four-player game."""
        if not self.variant.partnerships:
            return self.scores
        s = self.scores
        return (s[0] + s[2], s[1] + s[3])

    def legal_cards(self) -> tuple[Card, ...]:
        """Cards the player to move may lay (those that keep the count at 31 or under)."""
        if self.over:
            return ()
        room = LIMIT - self.count
        return tuple(c for c in self.hands[self.turn] if c.value <= room)

    # -- moves

    def play(self, card: Card) -> PlayState:
        """Lay ``card`` for the player whose turn it is; returns the next state."""
        if self.over:
            raise PlayError("the play is over; no more cards can be laid")
        hand = self.hands[self.turn]
        if card not in hand:
            raise PlayError(
                f"{card} is not in player {self.turn + 1}'s hand ({format_cards(hand)})"
            )
        if card not in self.legal_cards():
            raise PlayError(
                f"{card} would make the count {self.count + card.value}; "
                f"the count cannot pass {LIMIT}"
            )
        items = score_card(self.count_cards, card)
        count = self.count + card.value
        hands = tuple(
            tuple(c for c in h if c != card) if i == self.turn else h
            for i, h in enumerate(self.hands)
        )
        played = Played(self.turn, card, count, items)
        state = replace(
            self,
            hands=hands,
            count_cards=(*self.count_cards, card),
            events=(*self.events, played),
        )
        return state._after_play(self.turn)

    def _after_play(self, last: int) -> PlayState:
        """The rules of :func:`after_card` applied: the goes said, the point for the go or
        the last card, and a new count."""
        turn = after_card(
            last,
            self.count,
            [[c.value for c in hand] for hand in self.hands],
            ends_at_first_go=self.variant.play_ends_at_first_go,
        )
        events = list(self.events)
        passed = set(self.passed)
        for q in turn.said_go:
            if q not in passed:
                events.append(SaidGo(q))
                passed.add(q)
        if turn.point is not None:
            at = max(i for i, e in enumerate(events) if isinstance(e, Played))
            events[at] = _with_item(events[at], PegItem(turn.point, 1))  # type: ignore[arg-type]
        if turn.new_count:
            return replace(
                self, events=tuple(events), count_cards=(), passed=frozenset(), turn=turn.player
            )
        return replace(self, events=tuple(events), passed=frozenset(passed), turn=turn.player)

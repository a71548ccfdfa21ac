"""A game played decision by decision, by two, three or four seats: the engine behind the
match command and the practice game.

An :class:`EngineGame` is an immutable value. Each step takes one decision and returns the
next state: every seat's discard (:meth:`EngineGame.discard`; with three players a card
from the pack completes the crib), each card of the play (:meth:`EngineGame.play`; goes
are said by :class:`~crib_trainer.core.pegging.PlayState` itself, round the table), then
the shows in counting order, from the dealer's left round to the dealer, then the crib
(:meth:`EngineGame.count`). After the crib the deal passes to the left and the next deal
is dealt at once. Whichever side reaches the target first wins, at that moment (mid-play
or mid-show); :attr:`EngineGame.result` classifies the win by the rule set
(:func:`~crib_trainer.core.rules.game_result`, against the best of the losers).

The deck of deal ``k`` is shuffled by ``random.Random(f"{seed}:{k}")``, so a seed and the
decisions made fix the whole game; :meth:`EngineGame.to_json` stores exactly those, and
:meth:`EngineGame.from_json` replays them.

Seats are 0 … n−1 round the table (names in :attr:`EngineGame.names`). A seat's *role* is
its place in the play as ``PlayState`` numbers it: 0 at the dealer's left leads, n−1 is
the dealer (with two players, 0 the pone and 1 the dealer: :data:`PONE`, :data:`DEALER`).
Scores are kept by *side*: with four players partners (seats 0 and 2, 1 and 3) peg
together on one score; otherwise each seat is a side.

>>> g = EngineGame.new(seed=7)
>>> g.phase, g.first_dealer, len(g.hands[0])
('discard', 1, 6)
>>> g = g.discard(0, g.hands[0][:2]).discard(1, g.hands[1][:2])
>>> g.phase, g.starter.code, g.to_move == g.pone
('play', '8H', True)
>>> t = EngineGame.new(seed=7, variant="four-player")
>>> t.first_dealer, [len(h) for h in t.hands], t.sides
(2, [5, 5, 5, 5], 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from crib_trainer.core.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from crib_trainer.core.pegging import PlayError, PlayState
from crib_trainer.core.points import heels
from crib_trainer.core.rules import GameResult, game_result, resolve_ruleset
from crib_trainer.core.show import Breakdown, score_show
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The seats' names when none are given.
SEAT_NAMES = ("A", "B", "C", "D")

#: The two-player roles (the pone leads); at any table the dealer's role is the last.
PONE, DEALER = 0, 1
#: The phases of a deal, in order; ``over`` once someone has won.
PHASES = ("discard", "play", "show", "over")
#: What a score event is for: the dealer's heels at the cut, a card of the play (its go or
#: last point included), a hand's show, the crib's show.
EVENT_KINDS = ("heels", "play", "hand", "crib")
#: The version of :meth:`EngineGame.to_json`'s shape.
JSON_VERSION = 1


class EngineError(ValueError):
    """A decision that cannot be taken now (wrong phase, wrong player, wrong cards), or a
    saved game that does not read."""


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points pegged in a deal, in the order they are pegged: ``role`` the seat's place
    from the dealer's left (0 the pone, the last the dealer); ``kind`` one of :data:`EVENT_KINDS`;
    ``card`` the card of the play."""

    role: int
    kind: str
    points: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as it went: who dealt (a seat), the cards each seat was dealt and threw, the
    starter, the play and the points in the order they were pegged. ``complete`` is False
    for the deal in which the game was won (its later points were never pegged).
    ``pack`` is the crib's card from the pack (three players)."""

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    thrown: tuple[tuple[Card, ...], ...]
    starter: Card
    events: tuple[ScoreEvent, ...]
    complete: bool
    pack: tuple[Card, ...] = ()

    def points(self, role: int, kind: str) -> int:
        """Points of ``role`` (0 the pone, the last the dealer) for ``kind`` (``pegging``
        means heels and play together).

        >>> e = (ScoreEvent(1, "heels", 2), ScoreEvent(0, "play", 2), ScoreEvent(1, "crib", 4))
        >>> d = Deal(0, 0, ((), ()), ((), ()), FULL_DECK[0], e, True)
        >>> d.points(1, "pegging"), d.points(0, "pegging"), d.points(1, "crib")
        (2, 2, 4)
        """
        kinds = ("heels", "play") if kind == "pegging" else (kind,)
        return sum(e.points for e in self.events if e.role == role and e.kind in kinds)


@dataclass(frozen=True, slots=True)
class EngineGame:
    """One game at a table of two, three or four seats, at one decision. Build with
    :meth:`new`."""

    variant: Variant
    ruleset: str
    seed: int
    names: tuple[str, ...]
    first_dealer: int
    scores: tuple[int, ...]  # by side
    dealer: int
    deal_number: int = 0
    hands: tuple[tuple[Card, ...], ...] = ((), ())  # as dealt
    thrown: tuple[tuple[Card, ...] | None, ...] = (None, None)
    starter: Card | None = None
    play_state: PlayState | None = None
    shows: int = 0  # shows counted this deal: each hand from the dealer's left, then crib
    events: tuple[ScoreEvent, ...] = ()
    deals: tuple[Deal, ...] = ()
    winner: int | None = None  # a side
    actions: tuple[tuple[Any, ...], ...] = field(default=(), repr=False)

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        *,
        seed: int,
        variant: Variant | str = SIX_CARD,
        ruleset: str | None = None,
        names: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> EngineGame:
        """A new game: the cut for first deal (lowest card deals; unless ``first_dealer``
        is given), the first deal dealt, and in the five-card game three for last to the
        pone. ``names`` has one name per seat (``A``, ``B`` … by default); ``ruleset``
        defaults to the target's (:func:`default_ruleset`)."""
        variant = get_variant(variant)
        n = variant.players
        names = tuple(names) if names is not None else SEAT_NAMES[:n]
        if len(names) != n:
            raise EngineError(f"the {variant.name} game has {n} seats; name each one")
        rules = resolve_ruleset(ruleset, variant.target).name
        if first_dealer is None:
            first_dealer = cut_for_deal(seed, n)
        elif not 0 <= first_dealer < n:
            raise EngineError(f"first_dealer is a seat, 0 to {n - 1}, not {first_dealer}")
        scores = [0] * sides_of(variant)
        if variant.three_for_last:
            scores[side_of(first_dealer + 1, variant)] += 3
        game = cls(
            variant, rules, seed, names, first_dealer, tuple(scores), first_dealer,
            hands=((),) * n, thrown=(None,) * n,
        )  # fmt: skip
        return game._deal()

    def _deck(self) -> list[Card]:
        order = list(range(52))
        random.Random(f"{self.seed}:{self.deal_number}").shuffle(order)
        return [FULL_DECK[i] for i in order]

    def _deal(self) -> EngineGame:
        """One card at a time from the dealer's left round the table."""
        deck = self._deck()
        n, dealt = self.seats, self.variant.dealt
        hands: list[tuple[Card, ...]] = [()] * n
        for role in range(n):
            hands[self.seat_of(role)] = tuple(sorted(deck[role : n * dealt : n]))
        return replace(
            self,
            hands=tuple(hands),
            thrown=(None,) * n,
            starter=None,
            play_state=None,
            shows=0,
            events=(),
        )

    # -- what the state says -------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.variant.players

    @property
    def sides(self) -> int:
        """How many scores there are: two with partners, else one a seat."""
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (partners 0 and 2, 1 and 3 share one)."""
        return side_of(seat, self.variant)

    def score_of(self, seat: int) -> tuple[int, int]:
        """The score as ``seat`` sees it: his side's, then the best other side's.

        >>> EngineGame.new(seed=1, variant="five-card").score_of(1)  # the pone's three for last
        (3, 0)
        """
        side = self.side_of(seat)
        return self.scores[side], max(s for i, s in enumerate(self.scores) if i != side)

    @property
    def pone(self) -> int:
        """The seat at the dealer's left, who leads."""
        return (self.dealer + 1) % self.seats

    @property
    def pack_cards(self) -> tuple[Card, ...]:
        """The crib's cards from the pack (one with three players), once all have thrown."""
        if self.starter is None:
            return ()
        start = self.seats * self.variant.dealt
        return tuple(self._deck()[start : start + self.variant.crib_from_pack])

    @property
    def phase(self) -> str:
        """``discard``, ``play``, ``show`` or ``over``."""
        if self.winner is not None:
            return "over"
        if self.play_state is None:
            return "discard"
        if not self.play_state.over:
            return "play"
        return "show"

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is next in the play or the shows (in the discard phase
        any seat that has not thrown may; this is the first of them from the dealer's
        left)."""
        phase = self.phase
        if phase == "discard":
            return next(s for s in self.show_order if self.thrown[s] is None)
        if phase == "play":
            assert self.play_state is not None
            return self.seat_of(self.play_state.turn)
        if phase == "show":
            return self.show_order[min(self.shows, self.seats - 1)]
        return None

    @property
    def show_order(self) -> tuple[int, ...]:
        """The seats from the dealer's left round to the dealer."""
        return tuple(self.seat_of(role) for role in range(self.seats))

    def seat_of(self, role: int) -> int:
        """The seat of a role (0 the dealer's left … the last, the dealer)."""
        return (self.dealer + 1 + role) % self.seats

    def role_of(self, seat: int) -> int:
        """A seat's role: its place from the dealer's left (the dealer's is the last)."""
        return (seat - self.dealer - 1) % self.seats

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` kept (the dealt hand less his throw; all of it before)."""
        thrown = self.thrown[seat] or ()
        return tuple(c for c in self.hands[seat] if c not in thrown)

    @property
    def crib(self) -> tuple[Card, ...]:
        thrown = (c for seat in self.show_order for c in (self.thrown[seat] or ()))
        return tuple(sorted((*thrown, *self.pack_cards)))

    def next_show(self) -> tuple[int, bool, Breakdown]:
        """The show to count next: (seat, is it the crib, its breakdown)."""
        if self.phase != "show":
            raise EngineError(f"no show to count in the {self.phase} phase")
        assert self.starter is not None
        if self.shows < self.seats:
            seat = self.show_order[self.shows]
            cards, crib = self.kept(seat), False
        else:
            seat, cards, crib = self.dealer, self.crib, True
        return seat, crib, score_show(cards, self.starter, crib=crib, variant=self.variant)

    @property
    def result(self) -> GameResult | None:
        """How the game was won (single, lurch, skunk …), once it is over: by the best
        score among the losers."""
        if self.winner is None:
            return None
        best_loser = max(s for side, s in enumerate(self.scores) if side != self.winner)
        return game_result(self.scores[self.winner], best_loser, self.ruleset, self.variant)

    # -- decisions -----------------------------------------------------------------------

    def discard(self, seat: int, cards: Sequence[Card]) -> EngineGame:
        """``seat`` throws ``cards`` to the crib; once all have, the starter is cut (a
        jack gives the dealer two for his heels) and the play begins."""
        if self.phase != "discard":
            raise EngineError(f"no discard in the {self.phase} phase")
        if not 0 <= seat < self.seats:
            raise EngineError(f"seat is 0 to {self.seats - 1}, not {seat}")
        if self.thrown[seat] is not None:
            raise EngineError(f"{self.names[seat]} has already thrown to the crib")
        cards = tuple(cards)
        want = self.variant.discard
        if len(cards) != want or len(set(cards)) != want:
            raise EngineError(f"throw {want} different cards, not {format_cards(cards)}")
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            raise EngineError(
                f"{format_cards(missing)} not in {self.names[seat]}'s hand "
                f"({format_cards(self.hands[seat])})"
            )
        thrown = list(self.thrown)
        thrown[seat] = tuple(sorted(cards))
        game = replace(
            self,
            thrown=tuple(thrown),
            actions=(*self.actions, ("discard", seat, [c.code for c in cards])),
        )
        if None in game.thrown:
            return game
        starter = self._deck()[self.seats * self.variant.dealt + self.variant.crib_from_pack]
        state = PlayState.start([game.kept(s) for s in self.show_order], self.variant)
        game = replace(game, starter=starter, play_state=state)
        return game._score(self.dealer, "heels", heels(starter))

    def play(self, card: Card) -> EngineGame:
        """The player to move lays ``card`` (a go, when a player cannot come in, is said
        for him by the rules of the play)."""
        if self.phase != "play":
            raise EngineError(f"no card to play in the {self.phase} phase")
        state = self.play_state
        assert state is not None
        seat = self.seat_of(state.turn)
        try:
            after = state.play(card)
        except PlayError as err:
            raise EngineError(str(err)) from None
        points = after.plays[-1].points  # its go or last point is already on it
        game = replace(self, play_state=after, actions=(*self.actions, ("play", card.code)))
        return game._score(seat, "play", points, card)

    def count(self, scored: int | None = None, to_opponent: int = 0) -> EngineGame:
        """Count the next show (each hand from the dealer's left, then the crib).
        ``scored`` is what its owner pegs (the exact total by default; a ruling on a wrong
        claim may say less or more) and ``to_opponent`` what the seat on his left pegs
        for it (muggins: with two sides, the other side)."""
        seat, crib, breakdown = self.next_show()
        if scored is None:
            scored = breakdown.total
        if scored < 0 or to_opponent < 0:
            raise EngineError("points pegged cannot be negative")
        game = replace(
            self, shows=self.shows + 1, actions=(*self.actions, ("count", scored, to_opponent))
        )
        game = game._score(seat, "crib" if crib else "hand", scored)
        if to_opponent and game.winner is None:
            game = game._score((seat + 1) % self.seats, "crib" if crib else "hand", to_opponent)
        if game.winner is None and game.shows == self.seats + 1:
            game = game._next_deal()
        return game

    # -- scoring -------------------------------------------------------------------------

    def _score(self, seat: int, kind: str, points: int, card: Card | None = None) -> EngineGame:
        if points == 0 and kind != "play":
            return self
        side = self.side_of(seat)
        scores = list(self.scores)
        scores[side] += points
        game = replace(
            self,
            scores=tuple(scores),
            events=(*self.events, ScoreEvent(self.role_of(seat), kind, points, card)),
        )
        if scores[side] >= self.variant.target:
            return replace(game, winner=side, deals=(*game.deals, game._finished(False)))
        return game

    def _finished(self, complete: bool) -> Deal:
        thrown = tuple(t or () for t in self.thrown)
        assert self.starter is not None
        return Deal(
            self.deal_number,
            self.dealer,
            self.hands,
            thrown,
            self.starter,
            self.events,
            complete,
            self.pack_cards,
        )

    def _next_deal(self) -> EngineGame:
        return replace(
            self,
            deals=(*self.deals, self._finished(True)),
            deal_number=self.deal_number + 1,
            dealer=self.pone,
        )._deal()

    # -- saving ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The settings and every decision taken: enough to rebuild this state exactly.

        >>> g = EngineGame.new(seed=3, variant="five-card")
        >>> EngineGame.from_json(g.to_json()) == g
        True
        """
        return {
            "version": JSON_VERSION,
            "variant": self.variant.name,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "names": list(self.names),
            "first_dealer": self.first_dealer,
            "actions": [list(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EngineGame:
        """Rebuild a game from :meth:`to_json`'s dict (an :class:`EngineError` if it does
        not read)."""
        try:
            if data.get("version") != JSON_VERSION:
                raise EngineError(f"unknown saved-game version {data.get('version')!r}")
            game = cls.new(
                seed=int(data["seed"]),
                variant=str(data["variant"]),
                ruleset=str(data["ruleset"]),
                names=[str(n) for n in data["names"]],
                first_dealer=int(data["first_dealer"]),
            )
            for action in data["actions"]:
                game = game._apply(action)
            return game
        except (KeyError, TypeError, ValueError, CardError) as err:
            if isinstance(err, EngineError):
                raise
            raise EngineError(f"the saved game does not read: {err}") from None

    def _apply(self, action: Sequence[Any]) -> EngineGame:
        kind = action[0]
        if kind == "discard":
            return self.discard(int(action[1]), parse_cards(action[2]))
        if kind == "play":
            return self.play(parse_cards([action[1]])[0])
        if kind == "count":
            return self.count(int(action[1]), int(action[2]))
        raise EngineError(f"unknown action {kind!r}")


def sides_of(variant: Variant) -> int:
    """How many scores a game keeps: two with partners, else one a player.

    >>> from crib_trainer.core.variants import FOUR_PLAYER, THREE_PLAYER
    >>> sides_of(SIX_CARD), sides_of(THREE_PLAYER), sides_of(FOUR_PLAYER)
    (2, 3, 2)
    """
    return 2 if variant.partnerships else variant.players


def side_of(seat: int, variant: Variant) -> int:
    """The side a seat scores for (partners, seats 0 and 2 or 1 and 3, share one).

    >>> from crib_trainer.core.variants import FOUR_PLAYER
    >>> [side_of(s, FOUR_PLAYER) for s in range(4)], side_of(2, SIX_CARD)
    ([0, 1, 0, 1], 0)
    """
    return seat % sides_of(variant)


def cuts_for_deal(seed: int, seats: int = 2) -> tuple[tuple[Card | None, ...], ...]:
    """The cut for first deal: each round's cards in seat order
    (``random.Random(f"{seed}:cut")``); the seats tied for the lowest rank cut again, the
    others sit the round out (None), so only the last round has one lowest card.

    >>> [[c.code for c in cards] for cards in cuts_for_deal(1)]  # two deuces: cut again
    [['2H', '2S'], ['5S', '7H']]
    >>> [[c and c.code for c in cards] for cards in cuts_for_deal(1, 3)]  # the 5 sits out
    [['2H', '2S', '5S'], ['7H', 'TS', None]]
    """
    rng = random.Random(f"{seed}:cut")
    rounds = []
    cutting = list(range(seats))
    while True:
        cut = dict(zip(cutting, rng.sample(FULL_DECK, len(cutting)), strict=True))
        rounds.append(tuple(cut.get(seat) for seat in range(seats)))
        low = min(c.rank for c in cut.values())
        cutting = [seat for seat, c in cut.items() if c.rank == low]
        if len(cutting) == 1:
            return tuple(rounds)


def cut_for_deal(seed: int, seats: int = 2) -> int:
    """The seat that deals first: the one with the lowest card in the last round of
    :func:`cuts_for_deal`.

    >>> [cut_for_deal(s) for s in range(6)]
    [0, 0, 1, 0, 0, 1]
    >>> [cut_for_deal(s, 4) for s in range(6)]
    [2, 1, 3, 0, 3, 1]
    """
    cards = cuts_for_deal(seed, seats)[-1]
    return min((c.rank, seat) for seat, c in enumerate(cards) if c is not None)[1]

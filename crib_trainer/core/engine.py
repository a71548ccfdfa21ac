"""A two-player game played decision by decision: the engine behind the match command and
the practice game.

An :class:`EngineGame` is an immutable value. Each step takes one decision and returns the
next state: both players' discards (:meth:`EngineGame.discard`), each card of the play
(:meth:`EngineGame.play`; goes are said by :class:`~crib_trainer.core.pegging.PlayState`
itself), then the shows in counting order, pone, dealer, crib (:meth:`EngineGame.count`).
After the crib the next deal is dealt at once. Whoever reaches the target first wins, at
that moment (mid-play or mid-show); :attr:`EngineGame.result` classifies the win by the
rule set (:func:`~crib_trainer.core.rules.game_result`).

The deck of deal ``k`` is shuffled by ``random.Random(f"{seed}:{k}")``, so a seed and the
decisions made fix the whole game; :meth:`EngineGame.to_json` stores exactly those, and
:meth:`EngineGame.from_json` replays them.

Seats are 0 and 1 (names in :attr:`EngineGame.names`); in the play and in a
:class:`ScoreEvent`, the pone (who leads) is 0 and the dealer 1, as in ``PlayState``.

>>> g = EngineGame.new(seed=7)
>>> g.phase, g.first_dealer, len(g.hands[0])
('discard', 1, 6)
>>> g = g.discard(0, g.hands[0][:2]).discard(1, g.hands[1][:2])
>>> g.phase, g.starter.code, g.to_move == g.pone
('play', '8H', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from crib_trainer.core.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from crib_trainer.core.pegging import PlayError, PlayState
from crib_trainer.core.rules import (
    SIX_CARD,
    GameResult,
    Variant,
    default_ruleset,
    game_result,
    get_ruleset,
    get_variant,
)
from crib_trainer.core.show import Breakdown, heels, score_show

PONE, DEALER = 0, 1
#: The phases of a deal, in order; ``over`` once someone has won.
PHASES = ("discard", "play", "show", "over")
#: What a score event is for: the dealer's heels at the cut, a card of the play (its go or
#: last point included), a hand's show, the crib's show.
KINDS = ("heels", "play", "hand", "crib")
#: The version of :meth:`EngineGame.to_json`'s shape.
JSON_VERSION = 1


class EngineError(ValueError):
    """A decision that cannot be taken now (wrong phase, wrong player, wrong cards), or a
    saved game that does not read."""


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points pegged in a deal, in the order they are pegged: ``role`` 0 for the pone,
    1 for the dealer; ``kind`` one of :data:`KINDS`; ``card`` the card of the play."""

    role: int
    kind: str
    points: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as it went: who dealt (a seat), the cards each seat was dealt and threw, the
    starter, the play and the points in the order they were pegged. ``complete`` is False
    for the deal in which the game was won (its later points were never pegged)."""

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    thrown: tuple[tuple[Card, ...], tuple[Card, ...]]
    starter: Card
    events: tuple[ScoreEvent, ...]
    complete: bool

    def points(self, role: int, kind: str) -> int:
        """Points of ``role`` (0 pone, 1 dealer) for ``kind`` (``pegging`` means heels and
        play together).

        >>> e = (ScoreEvent(1, "heels", 2), ScoreEvent(0, "play", 2), ScoreEvent(1, "crib", 4))
        >>> d = Deal(0, 0, ((), ()), ((), ()), FULL_DECK[0], e, True)
        >>> d.points(1, "pegging"), d.points(0, "pegging"), d.points(1, "crib")
        (2, 2, 4)
        """
        kinds = ("heels", "play") if kind == "pegging" else (kind,)
        return sum(e.points for e in self.events if e.role == role and e.kind in kinds)


@dataclass(frozen=True, slots=True)
class EngineGame:
    """One game between two seats, at one decision. Build with :meth:`new`."""

    variant: Variant
    ruleset: str
    seed: int
    names: tuple[str, str]
    first_dealer: int
    scores: tuple[int, int]
    dealer: int
    deal_number: int = 0
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # as dealt
    thrown: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None] = (None, None)
    starter: Card | None = None
    play_state: PlayState | None = None
    shows: int = 0  # shows counted this deal: pone, dealer, crib
    events: tuple[ScoreEvent, ...] = ()
    deals: tuple[Deal, ...] = ()
    winner: int | None = None
    actions: tuple[tuple[Any, ...], ...] = field(default=(), repr=False)

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        *,
        seed: int,
        variant: Variant | str = SIX_CARD,
        ruleset: str | None = None,
        names: tuple[str, str] = ("A", "B"),
        first_dealer: int | None = None,
    ) -> EngineGame:
        """A new game: the cut for first deal (lower card deals; unless ``first_dealer``
        is given), the first deal dealt, and in the five-card game three for last to the
        pone. ``ruleset`` defaults to the target's (:func:`default_ruleset`)."""
        variant = get_variant(variant)
        if variant.players != 2:
            raise EngineError(f"the engine plays two-player games, not {variant.name}")
        rules = get_ruleset(ruleset or default_ruleset(variant.target)).name
        if first_dealer is None:
            first_dealer = cut_for_deal(seed)
        elif first_dealer not in (0, 1):
            raise EngineError(f"first_dealer is a seat, 0 or 1, not {first_dealer}")
        scores = [0, 0]
        if variant.three_for_last:
            scores[1 - first_dealer] += 3
        game = cls(variant, rules, seed, tuple(names), first_dealer, tuple(scores), first_dealer)  # type: ignore[arg-type]
        return game._deal()

    def _deck(self) -> list[Card]:
        order = list(range(52))
        random.Random(f"{self.seed}:{self.deal_number}").shuffle(order)
        return [FULL_DECK[i] for i in order]

    def _deal(self) -> EngineGame:
        deck = self._deck()
        n = self.variant.dealt
        pone = 1 - self.dealer
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[pone] = tuple(sorted(deck[0 : 2 * n : 2]))
        hands[self.dealer] = tuple(sorted(deck[1 : 2 * n : 2]))
        return replace(
            self,
            hands=(hands[0], hands[1]),
            thrown=(None, None),
            starter=None,
            play_state=None,
            shows=0,
            events=(),
        )

    # -- what the state says -------------------------------------------------------------

    @property
    def pone(self) -> int:
        return 1 - self.dealer

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
        either seat that has not thrown may; this is the first of them)."""
        phase = self.phase
        if phase == "discard":
            return next(s for s in (self.pone, self.dealer) if self.thrown[s] is None)
        if phase == "play":
            assert self.play_state is not None
            return self.seat_of(self.play_state.turn)
        if phase == "show":
            return self.pone if self.shows == 0 else self.dealer
        return None

    def seat_of(self, role: int) -> int:
        """The seat of a role (0 pone, 1 dealer)."""
        return self.dealer if role == DEALER else self.pone

    def role_of(self, seat: int) -> int:
        return DEALER if seat == self.dealer else PONE

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` kept (the dealt hand less his throw; all of it before)."""
        thrown = self.thrown[seat] or ()
        return tuple(c for c in self.hands[seat] if c not in thrown)

    @property
    def crib(self) -> tuple[Card, ...]:
        return tuple(sorted((*(self.thrown[self.pone] or ()), *(self.thrown[self.dealer] or ()))))

    def next_show(self) -> tuple[int, bool, Breakdown]:
        """The show to count next: (seat, is it the crib, its breakdown)."""
        if self.phase != "show":
            raise EngineError(f"no show to count in the {self.phase} phase")
        assert self.starter is not None
        if self.shows < 2:
            seat = self.pone if self.shows == 0 else self.dealer
            cards, crib = self.kept(seat), False
        else:
            seat, cards, crib = self.dealer, self.crib, True
        return seat, crib, score_show(cards, self.starter, crib=crib, variant=self.variant)

    @property
    def result(self) -> GameResult | None:
        """How the game was won (single, lurch, skunk …), once it is over."""
        if self.winner is None:
            return None
        return game_result(
            self.scores[self.winner], self.scores[1 - self.winner], self.ruleset, self.variant
        )

    # -- decisions -----------------------------------------------------------------------

    def discard(self, seat: int, cards: Sequence[Card]) -> EngineGame:
        """``seat`` throws ``cards`` to the crib; once both have, the starter is cut (a
        jack gives the dealer two for his heels) and the play begins."""
        if self.phase != "discard":
            raise EngineError(f"no discard in the {self.phase} phase")
        if seat not in (0, 1):
            raise EngineError(f"seat is 0 or 1, not {seat}")
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
            thrown=(thrown[0], thrown[1]),
            actions=(*self.actions, ("discard", seat, [c.code for c in cards])),
        )
        if None in game.thrown:
            return game
        starter = self._deck()[2 * self.variant.dealt]
        state = PlayState.start([game.kept(self.pone), game.kept(self.dealer)], self.variant)
        game = replace(game, starter=starter, play_state=state)
        return game._score(DEALER, "heels", heels(starter))

    def play(self, card: Card) -> EngineGame:
        """The player to move lays ``card`` (a go, when a player cannot come in, is said
        for him by the rules of the play)."""
        if self.phase != "play":
            raise EngineError(f"no card to play in the {self.phase} phase")
        state = self.play_state
        assert state is not None
        role = state.turn
        try:
            after = state.play(card)
        except PlayError as err:
            raise EngineError(str(err)) from None
        points = after.plays[-1].points  # its go or last point is already on it
        game = replace(self, play_state=after, actions=(*self.actions, ("play", card.code)))
        return game._score(role, "play", points, card)

    def count(self, scored: int | None = None, to_opponent: int = 0) -> EngineGame:
        """Count the next show (pone's hand, dealer's hand, crib). ``scored`` is what its
        owner pegs (the exact total by default; a ruling on a wrong claim may say less or
        more) and ``to_opponent`` what the other seat pegs for it (muggins)."""
        seat, crib, breakdown = self.next_show()
        if scored is None:
            scored = breakdown.total
        if scored < 0 or to_opponent < 0:
            raise EngineError("points pegged cannot be negative")
        role = self.role_of(seat)
        game = replace(
            self, shows=self.shows + 1, actions=(*self.actions, ("count", scored, to_opponent))
        )
        game = game._score(role, "crib" if crib else "hand", scored)
        if to_opponent and game.winner is None:
            game = game._score(1 - role, "crib" if crib else "hand", to_opponent)
        if game.winner is None and game.shows == 3:
            game = game._next_deal()
        return game

    # -- scoring -------------------------------------------------------------------------

    def _score(self, role: int, kind: str, points: int, card: Card | None = None) -> EngineGame:
        if points == 0 and kind != "play":
            return self
        seat = self.seat_of(role)
        scores = list(self.scores)
        scores[seat] += points
        game = replace(
            self,
            scores=(scores[0], scores[1]),
            events=(*self.events, ScoreEvent(role, kind, points, card)),
        )
        if scores[seat] >= self.variant.target:
            return replace(game, winner=seat, deals=(*game.deals, game._finished(False)))
        return game

    def _finished(self, complete: bool) -> Deal:
        thrown = (self.thrown[0] or (), self.thrown[1] or ())
        assert self.starter is not None
        return Deal(
            self.deal_number, self.dealer, self.hands, thrown, self.starter, self.events, complete
        )

    def _next_deal(self) -> EngineGame:
        return replace(
            self,
            deals=(*self.deals, self._finished(True)),
            deal_number=self.deal_number + 1,
            dealer=1 - self.dealer,
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
            names = tuple(str(n) for n in data["names"])
            if len(names) != 2:
                raise EngineError("a saved game names two players")
            game = cls.new(
                seed=int(data["seed"]),
                variant=str(data["variant"]),
                ruleset=str(data["ruleset"]),
                names=(names[0], names[1]),
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


def cuts_for_deal(seed: int) -> tuple[tuple[Card, Card], ...]:
    """The cut for first deal: each round's cards, seat 0's then seat 1's
    (``random.Random(f"{seed}:cut")``); a tie in rank cuts again, so only the last round
    differs.

    >>> [(a.code, b.code) for a, b in cuts_for_deal(1)]  # two deuces: cut again
    [('2H', '2S'), ('5S', '7H')]
    """
    rng = random.Random(f"{seed}:cut")
    rounds = []
    while True:
        a, b = rng.sample(FULL_DECK, 2)
        rounds.append((a, b))
        if a.rank != b.rank:
            return tuple(rounds)


def cut_for_deal(seed: int) -> int:
    """The seat that deals first: the lower card of the last round of
    :func:`cuts_for_deal`.

    >>> [cut_for_deal(s) for s in range(6)]
    [0, 0, 1, 0, 0, 1]
    """
    a, b = cuts_for_deal(seed)[-1]
    return 0 if a.rank < b.rank else 1

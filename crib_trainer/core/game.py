"""A real game kept score of: deals, heels, pegging, the shows in order, muggins,
over-claims, penalties, the win (single or lurch), and undo.

A game is its settings plus the list of entries made so far; the state is worked out by
replaying the entries, so undo is dropping the last entry and a saved game is just JSON.

>>> from crib_trainer.core.cards import parse_card, parse_cards
>>> g = Game.new(GameConfig(names=("Ann", "Bob")), first_dealer=1)
>>> g = g.add(Cut(parse_card("5D")))
>>> g = g.add(Pegged(0, 2)).add(PlayOver())
>>> g = g.add(Shown(0, False, parse_cards("5H 5C 5S JD"), 29))   # Ann shows first
>>> g.state().scores
[31, 0]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from crib_trainer.core.cards import Card, CardError, parse_card, parse_cards
from crib_trainer.core.pegging import PegToken, PlayError, score_sequence
from crib_trainer.core.rules import (
    SIX_CARD,
    OverscoreLaw,
    Variant,
    check_show_cards,
    get_variant,
)
from crib_trainer.core.show import heels, score_show


class GameError(ValueError):
    """An entry that does not fit the game at this point."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How the game is played. ``names`` has one name per side (partners share a side)."""

    variant: Variant = SIX_CARD
    names: tuple[str, ...] = ("You", "Opponent")
    target: int = 0  # 0: the variant's own (121, or 61 for the five-card game)
    muggins: bool = False
    lurch: bool = True
    overscore: OverscoreLaw = OverscoreLaw.BRITANNICA

    def __post_init__(self) -> None:
        if not self.target:
            object.__setattr__(self, "target", self.variant.target)
        sides = 2 if self.variant.partnerships else self.variant.players
        if len(self.names) != sides:
            raise GameError(f"the {self.variant.name} game has {sides} sides; name each one")
        if self.target not in (61, 121):
            raise GameError(f"a game is to 61 or 121, not {self.target}")

    @property
    def sides(self) -> int:
        return len(self.names)

    @property
    def lurch_line(self) -> int:
        """A loser below this is lurched: half the holes (61 of 121; 31 of 61)."""
        return (self.target + 1) // 2

    def side_of(self, player: int) -> int:
        """Partners (players 0 and 2, 1 and 3) score for one side."""
        return player % self.sides

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.name,
            "names": list(self.names),
            "target": self.target,
            "muggins": self.muggins,
            "lurch": self.lurch,
            "overscore": self.overscore.value,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        return cls(
            variant=get_variant(data["variant"]),
            names=tuple(data["names"]),
            target=int(data["target"]),
            muggins=bool(data["muggins"]),
            lurch=bool(data["lurch"]),
            overscore=OverscoreLaw(data["overscore"]),
        )


# --- entries ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cut:
    """The starter is turned; a jack gives the dealer two for his heels."""

    starter: Card


@dataclass(frozen=True, slots=True)
class Pegged:
    """Points pegged in the play by ``side`` (entered as points, or worked out from cards)."""

    side: int
    points: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Laid:
    """A card laid in the play; its points are worked out as for ``crib-trainer peg``.

    ``player`` is None for the usual turn: the player after the one who laid the last card
    (the dealer's left leads). Name the player when someone plays on after a go.
    """

    card: Card
    player: int | None = None


@dataclass(frozen=True, slots=True)
class NoOneCanPlay:
    """Go: no one can lay a card; the last player scores the go and the count restarts."""


@dataclass(frozen=True, slots=True)
class PlayOver:
    """The play of this deal is over (the last card scores one for last); the shows begin."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand (or the crib) shown, with the score its owner claims; the starter is the
    deal's."""

    side: int
    crib: bool
    cards: tuple[Card, ...]
    claim: int


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points a side pegs for an irregularity, with the law that gives them."""

    side: int
    points: int
    law: str


Entry = Cut | Pegged | Laid | NoOneCanPlay | PlayOver | Shown | Penalty


# --- irregularities from the laws in the rule texts -------------------------------------


@dataclass(frozen=True, slots=True)
class Irregularity:
    id: str
    what: str
    points: int
    to: str  # "non-dealer" or "opponent" (of the offender)
    law: str


IRREGULARITIES = (
    Irregularity(
        "misdeal",
        "a misdeal that cannot be put right by moving one card",
        2,
        "non-dealer",
        "Britannica, law 4: the non-dealer marks two holes and there is a fresh deal",
    ),
    Irregularity(
        "exposed-or-wrong-count",
        "the dealer exposes a non-dealer's card, or deals too many or too few",
        2,
        "non-dealer",
        "Britannica, law 8: the non-dealer marks two and may call a fresh deal",
    ),
    Irregularity(
        "laid-out-too-many",
        "a player lays out (or plays) holding too many cards",
        2,
        "opponent",
        "Britannica, laws 9 and 13: the adversary marks two holes",
    ),
    Irregularity(
        "took-back",
        "a player takes back a card laid out for the crib",
        2,
        "opponent",
        "Britannica, law 11: the adversary marks two holes",
    ),
    Irregularity(
        "failed-to-play",
        "a player neglects to play a card that will come in",
        2,
        "opponent",
        "Britannica, law 16: the adversary may have it played, or mark two holes",
    ),
    Irregularity(
        "touched-pegs",
        "a player touches the opponent's pegs, or his own without a score to make",
        2,
        "opponent",
        "Britannica, law 20: his adversary marks two holes",
    ),
    Irregularity(
        "wrong-crib",
        "the crib has the wrong number of cards, both hands being right",
        2,
        "non-dealer",
        "Hoyle, Wrong Number of Cards: the non-dealer pegs 2 and the crib is corrected",
    ),
)


# --- the state, worked out from the entries -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """What one entry did, in words, with the points it moved."""

    text: str
    points: tuple[int, ...]


@dataclass(slots=True)
class GameState:
    config: GameConfig
    dealer: int  # the player who deals this deal (0 … players-1)
    deal: int = 1
    phase: str = "cut"  # cut, play, show, over
    shown: int = 0  # how many shows of this deal are done (hands in order, then the crib)
    starter: Card | None = None
    scores: list[int] = field(default_factory=list)
    back: list[int] = field(default_factory=list)  # the hindmost peg of each side
    events: list[Event] = field(default_factory=list)
    winner: int | None = None
    play: list[PegToken] = field(default_factory=list)  # cards laid this deal, and goes
    play_points: list[int] = field(default_factory=list)  # what those cards pegged, by player
    shown_cards: set[Card] = field(default_factory=set)  # cards shown in this deal's shows

    @property
    def players(self) -> int:
        return self.config.variant.players

    def show_order(self) -> list[tuple[int, bool]]:
        """(player, is_crib) for this deal: from the dealer's left round to the dealer, then
        the crib."""
        n = self.players
        hands = [((self.dealer + k) % n, False) for k in range(1, n + 1)]
        return [*hands, (self.dealer, True)]

    def next_show(self) -> tuple[int, bool] | None:
        """The player (and whether it is the crib) whose show comes next, or None."""
        if self.phase != "show":
            return None
        return self.show_order()[self.shown]

    def laid_by(self, player: int) -> list[Card]:
        """The cards a player has laid in this deal's play."""
        return [t.card for t in self.play if t.card is not None and t.player == str(player)]

    def next_to_lay(self) -> int:
        """Who lays the next card if no one is named: the player after the last card's."""
        last = next((t for t in reversed(self.play) if t.card is not None), None)
        if last is None:
            return (self.dealer + 1) % self.players
        return (int(last.player or 0) + 1) % self.players

    def play_count(self) -> int:
        """The count of the current count in the play (0 after a go or 31)."""
        count = 0
        for token in self.play:
            if token.card is None:
                count = 0
            else:
                count += token.card.value
                if count == 31:
                    count = 0
        return count

    @property
    def lurched(self) -> bool:
        if self.winner is None or not self.config.lurch:
            return False
        losers = [s for i, s in enumerate(self.scores) if i != self.winner]
        return all(s < self.config.lurch_line for s in losers)

    def peg(self, side: int, points: int) -> int:
        """Move a side's pegs on; returns the holes actually moved. Once a side has won,
        nothing more is pegged."""
        if points <= 0 or self.winner is not None:
            return 0
        before = self.scores[side]
        self.back[side] = before
        self.scores[side] = min(before + points, self.config.target)
        if self.scores[side] >= self.config.target:
            self.winner = side
            self.phase = "over"
        return self.scores[side] - before

    def award(self, side: int, points: int, text: str, *, always: bool = True) -> None:
        """Peg ``points`` for ``side`` and log it. With ``always=False`` nothing is logged
        when nothing moved (a penalty after the game was won)."""
        moved = self.peg(side, points)
        if moved or always:
            change = [0] * self.config.sides
            change[side] = moved
            self.events.append(Event(text, tuple(change)))


@dataclass(frozen=True, slots=True)
class Game:
    """Settings, who dealt first, and every entry so far."""

    config: GameConfig
    first_dealer: int
    entries: tuple[Entry, ...] = ()

    @classmethod
    def new(cls, config: GameConfig, first_dealer: int = 0) -> Game:
        if not 0 <= first_dealer < config.variant.players:
            raise GameError(f"the first dealer must be a player 1 to {config.variant.players}")
        return cls(config, first_dealer)

    def add(self, entry: Entry) -> Game:
        """The game with one more entry; raises :class:`GameError` if it does not fit."""
        game = replace(self, entries=(*self.entries, entry))
        game.state()  # validate by replaying
        return game

    def undo(self) -> Game:
        if not self.entries:
            raise GameError("nothing to undo")
        return replace(self, entries=self.entries[:-1])

    def state(self) -> GameState:
        config = self.config
        state = GameState(
            config,
            dealer=self.first_dealer,
            scores=[0] * config.sides,
            back=[0] * config.sides,
            play_points=[0] * config.variant.players,
        )
        if config.variant.three_for_last:
            pone = config.side_of((self.first_dealer + 1) % state.players)
            state.award(pone, 3, f"{config.names[pone]}: three for last")
        for number, entry in enumerate(self.entries, start=1):
            try:
                _apply(state, entry)
            except GameError as err:
                raise GameError(f"entry {number}: {err}") from None
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "first_dealer": self.first_dealer,
            "entries": [entry_to_json(e) for e in self.entries],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        game = cls(GameConfig.from_json(data["config"]), int(data["first_dealer"]))
        for raw in data["entries"]:
            game = game.add(entry_from_json(raw))
        return game


def _apply(state: GameState, entry: Entry) -> None:
    config = state.config
    if state.phase == "over":
        raise GameError(f"the game is over: {config.names[state.winner or 0]} won")
    dealer_side = config.side_of(state.dealer)
    if isinstance(entry, Penalty):
        _check_side(config, entry.side)
        state.award(
            entry.side, entry.points, f"{config.names[entry.side]}: {entry.points} — {entry.law}"
        )
        return
    if isinstance(entry, Cut):
        if state.phase != "cut":
            raise GameError("the starter is already turned for this deal")
        state.starter = entry.starter
        state.phase = "play"
        points = heels(entry.starter)
        text = f"starter {entry.starter}" + (
            f": two for his heels to {config.names[dealer_side]}" if points else ""
        )
        state.award(dealer_side, points, text)
        return
    if isinstance(entry, Pegged):
        if state.phase != "play":
            raise GameError("points in the play come after the cut and before the shows")
        _check_side(config, entry.side)
        if not 0 <= entry.points <= 31:
            raise GameError(f"{entry.points} points cannot be pegged with one card")
        note = f" ({entry.note})" if entry.note else ""
        state.award(
            entry.side, entry.points, f"{config.names[entry.side]} pegs {entry.points}{note}"
        )
        return
    if isinstance(entry, Laid | NoOneCanPlay):
        if state.phase != "play":
            raise GameError("cards are laid after the cut and before the shows")
        if config.variant.play_ends_at_first_go and any(t.card is None for t in state.play):
            raise GameError("in the five-card game the play ends at the first go: type end")
        if isinstance(entry, Laid):
            player = entry.player if entry.player is not None else state.next_to_lay()
            _check_laid(state, entry, player)
            state.play.append(PegToken(entry.card, str(player)))
            _peg_play(state, finished=False, why="")
        else:
            if not any(t.card for t in state.play) or state.play_count() == 0:
                raise GameError("no count is open: there is no go to score")
            state.play.append(PegToken(None))
            _peg_play(state, finished=False, why="the go")
        return
    if isinstance(entry, PlayOver):
        if state.phase != "play":
            raise GameError("the play is not under way")
        _peg_play(state, finished=True, why="last card")
        if state.phase == "over":
            return
        state.phase = "show"
        state.events.append(Event("the play is over: the shows", (0,) * config.sides))
        return
    if isinstance(entry, Shown):
        _apply_show(state, entry)
        return
    raise GameError(f"unknown entry {entry!r}")


def _check_laid(state: GameState, entry: Laid, player: int) -> None:
    if not 0 <= player < state.players:
        raise GameError(f"no player {player + 1} in a {state.players}-player game")
    if entry.card == state.starter:
        raise GameError(f"{entry.card} is the starter; it cannot be played")
    if any(t.card == entry.card for t in state.play):
        raise GameError(f"{entry.card} has been played already this deal")
    size = state.config.variant.hand_size
    if len(state.laid_by(player)) >= size:
        name = state.config.names[state.config.side_of(player)]
        raise GameError(f"{name} has laid all {size} cards of the hand already")


def _peg_play(state: GameState, *, finished: bool, why: str) -> None:
    """Score the cards laid so far and peg what is new since the last entry: the card just
    laid (``why`` empty: its items say why), the go, or the last card."""
    config = state.config
    try:
        names = [str(p) for p in range(state.players)]
        record = (
            score_sequence(state.play, finished=finished, players=names) if state.play else None
        )
    except PlayError as err:
        raise GameError(str(err)) from None
    if record is None:
        return
    last = record.plays[-1]
    for name, total in record.totals().items():
        player = int(name)
        new = total - state.play_points[player]
        if new:
            state.play_points[player] = total
            side = config.side_of(player)
            reason = why or "; ".join(f"{i.kind} {i.points}" for i in last.items)
            state.award(
                side, new, f"{config.names[side]} pegs {new} ({reason}, count {last.count})"
            )


def _apply_show(state: GameState, entry: Shown) -> None:
    config = state.config
    expected = state.next_show()
    if expected is None:
        raise GameError("no show is due now")
    player, crib = expected
    side = config.side_of(player)
    if entry.side != side or entry.crib != crib:
        whose = f"{config.names[side]}'s {'crib' if crib else 'hand'}"
        raise GameError(f"the next show is {whose}")
    starter = state.starter
    assert starter is not None  # the shows come after the cut
    try:
        check_show_cards(entry.cards, starter, crib=crib, variant=config.variant)
    except CardError as err:
        raise GameError(str(err)) from None
    _check_shown_cards(state, entry, player)
    state.shown_cards.update(entry.cards)
    truth = score_show(entry.cards, starter, crib=crib, variant=config.variant).total
    name = config.names[side]
    what = "crib" if crib else "hand"
    # The adversary who corrects a count: with two sides the opponent; with three, the
    # player on the shower's left.
    taker = (side + 1) % config.sides
    if entry.claim == truth:
        state.award(side, truth, f"{name}'s {what}: {truth}")
    elif entry.claim < truth:
        missed = truth - entry.claim
        if config.muggins:
            state.award(side, entry.claim, f"{name}'s {what}: claimed {entry.claim} of {truth}")
            taker_name = config.names[taker]
            text = f"muggins! {taker_name} takes the {missed} missed"
            state.award(taker, missed, text, always=False)
        else:
            text = f"{name}'s {what}: claimed {entry.claim}, corrected to {truth}"
            state.award(side, truth, text)
    else:
        over = entry.claim - truth
        state.award(side, truth, f"{name}'s {what}: claimed {entry.claim}, worth {truth}")
        penalty = over if config.overscore is OverscoreLaw.BRITANNICA else 2
        law = "law 19: adds the points overscored" if penalty == over else "Hoyle: pegs 2"
        state.award(taker, penalty, f"{config.names[taker]} {law} ({penalty})", always=False)
    if state.phase == "over":
        return
    state.shown += 1
    if state.shown == len(state.show_order()):
        state.dealer = (state.dealer + 1) % state.players
        state.deal += 1
        state.shown = 0
        state.starter = None
        state.play = []
        state.play_points = [0] * state.players
        state.shown_cards = set()
        state.phase = "cut"


def _check_shown_cards(state: GameState, entry: Shown, player: int) -> None:
    """A card can be shown once a deal, and a hand holds the cards its owner laid in the
    play (so the crib, shown last, can hold none of them)."""
    again = sorted(set(entry.cards) & state.shown_cards)
    if again:
        raise GameError(f"{again[0]} has been shown already in this deal")
    if entry.crib:
        return  # the hands, shown first, hold every card laid
    missing = [c for c in state.laid_by(player) if c not in entry.cards]
    if missing:
        raise GameError(f"this hand laid {missing[0]} in the play; show all of its cards")


def _check_side(config: GameConfig, side: int) -> None:
    if not 0 <= side < config.sides:
        raise GameError(f"no side {side + 1}; the sides are {', '.join(config.names)}")


# --- entries as JSON ---------------------------------------------------------------------


def entry_to_json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, Cut):
        return {"type": "cut", "starter": entry.starter.code}
    if isinstance(entry, Pegged):
        return {"type": "pegged", "side": entry.side, "points": entry.points, "note": entry.note}
    if isinstance(entry, Laid):
        return {"type": "laid", "card": entry.card.code, "player": entry.player}
    if isinstance(entry, NoOneCanPlay):
        return {"type": "go"}
    if isinstance(entry, PlayOver):
        return {"type": "play-over"}
    if isinstance(entry, Shown):
        return {
            "type": "shown",
            "side": entry.side,
            "crib": entry.crib,
            "cards": [c.code for c in entry.cards],
            "claim": entry.claim,
        }
    return {"type": "penalty", "side": entry.side, "points": entry.points, "law": entry.law}


def entry_from_json(raw: dict[str, Any]) -> Entry:
    kind = raw.get("type")
    if kind == "cut":
        return Cut(parse_card(raw["starter"]))
    if kind == "pegged":
        return Pegged(int(raw["side"]), int(raw["points"]), str(raw.get("note", "")))
    if kind == "laid":
        player = raw.get("player")
        return Laid(parse_card(raw["card"]), None if player is None else int(player))
    if kind == "go":
        return NoOneCanPlay()
    if kind == "play-over":
        return PlayOver()
    if kind == "shown":
        return Shown(
            int(raw["side"]),
            bool(raw["crib"]),
            parse_cards(raw["cards"]),
            int(raw["claim"]),
        )
    if kind == "penalty":
        return Penalty(int(raw["side"]), int(raw["points"]), str(raw["law"]))
    raise GameError(f"unknown entry type {kind!r}")

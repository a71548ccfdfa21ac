"""A real game kept score of: deals, heels, the play, the shows in order, the rulings on
counts and pegs under the game's rule set, penalties, the win (single, lurch or skunk), and
undo.

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

import re
from dataclasses import dataclass, field, replace
from typing import Any

from crib_trainer.core.cards import Card, CardError, parse_card, parse_cards
from crib_trainer.core.pegging import (
    LIMIT,
    MAX_CARD_POINTS,
    PegToken,
    PlayError,
    score_sequence,
)
from crib_trainer.core.points import heels
from crib_trainer.core.rules import (
    OLD_RULESETS,
    THREE_FOR_LAST,
    GameResult,
    Law,
    RuleOptions,
    RuleSet,
    Ruling,
    default_ruleset,
    game_result,
    get_ruleset,
    rule_claim,
    rule_peg,
)
from crib_trainer.core.show import NINETEEN, score_show
from crib_trainer.core.variants import SIX_CARD, Variant, check_show_cards, get_variant


class GameError(ValueError):
    """An entry that does not fit the game at this point. ``entry`` is the entry's number
    when a whole game was replayed (loading a saved game), else None."""

    def __init__(self, message: str, entry: int | None = None) -> None:
        super().__init__(f"entry {entry}: {message}" if entry else message)
        self.reason = message
        self.entry = entry


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How the game is played. ``names`` has one name per side (partners share a side).

    ``ruleset`` defaults to the one for the target (the ACC's for 121, Britannica's for
    61); ``muggins`` and ``correction`` (a short count put right, by agreement) are off by
    default; ``lurch`` says whether lurches and skunks count as more than a single game.
    """

    variant: Variant = SIX_CARD
    names: tuple[str, ...] = ("You", "Opponent")
    target: int = 0  # 0: the variant's own (121, or 61)
    ruleset: RuleSet | None = None  # None: default_ruleset(target)
    muggins: bool = False
    correction: bool = False
    lurch: bool = True

    def __post_init__(self) -> None:
        if not self.target:
            object.__setattr__(self, "target", self.variant.target)
        if self.ruleset is None:
            object.__setattr__(self, "ruleset", default_ruleset(self.target))
        sides = 2 if self.variant.partnerships else self.variant.players
        if len(self.names) != sides:
            raise GameError(f"the {self.variant.name} game has {sides} sides; name each one")
        if self.target not in (61, 121):
            raise GameError(f"a game is to 61 or 121, not {self.target}")
        try:
            self.rules.result_lines(self.target)
            RuleOptions(self.rules, muggins=self.muggins)  # muggins must be in the rules
        except ValueError as err:
            raise GameError(str(err)) from None

    @property
    def rules(self) -> RuleSet:
        assert self.ruleset is not None  # set in __post_init__
        return self.ruleset

    @property
    def options(self) -> RuleOptions:
        return RuleOptions(self.rules, muggins=self.muggins, correction=self.correction)

    @property
    def sides(self) -> int:
        return len(self.names)

    def side_of(self, player: int) -> int:
        """Partners (players 0 and 2, 1 and 3) score for one side."""
        return player % self.sides

    def result(self, winner_score: int, loser_score: int) -> GameResult:
        """Single, lurch, skunk or double skunk, by the game's rule set."""
        return game_result(
            winner_score,
            loser_score,
            self.rules,
            self.variant,
            target=self.target,
            doubles=self.lurch,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.name,
            "names": list(self.names),
            "target": self.target,
            "rules": self.rules.name,
            "muggins": self.muggins,
            "correction": self.correction,
            "lurch": self.lurch,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        """Read a saved config. A game saved before rule sets (no ``rules``, an
        ``overscore`` law instead) is read under the rules it was kept by then: short claims
        put right, over-claims by its law, a lurch under half the holes."""
        if "rules" in data:
            ruleset = get_ruleset(str(data["rules"]))
            correction = bool(data.get("correction", False))
        else:
            ruleset = OLD_RULESETS[f"{data['overscore']}-first"]
            correction = True
        return cls(
            variant=get_variant(data["variant"]),
            names=tuple(data["names"]),
            target=int(data["target"]),
            ruleset=ruleset,
            muggins=bool(data["muggins"]),
            correction=correction,
            lurch=bool(data["lurch"]),
        )


# --- entries ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cut:
    """The starter is turned; a jack gives the dealer two for his heels."""

    starter: Card


@dataclass(frozen=True, slots=True)
class Pegged:
    """Points pegged in the play by ``side``, entered as points. With ``due``, the score
    was worth ``due`` (as announced) and ``points`` is what was pegged: a mis-peg, ruled on
    under the game's rule set."""

    side: int
    points: int
    due: int | None = None


@dataclass(frozen=True, slots=True)
class Laid:
    """A card laid in the play; its points are worked out as for ``crib-trainer peg``.

    ``player`` is None for the usual turn: the next player after the one who laid the last
    card who still holds cards (the dealer's left leads). Name the player when someone
    plays on after a go.
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
    deal's. A hand may be short (its owner laid out with too few cards)."""

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
    """An irregularity a penalty can be pegged for. ``variants`` names the games it
    belongs to (None: every game); ``instead``, the rule sets whose own law for it scores
    no penalty, with that law (Hoyle: a card exposed in dealing is a new deal)."""

    id: str
    what: str
    points: int
    to: str  # "non-dealer" or "opponent" (of the offender)
    law: Law
    variants: tuple[str, ...] | None = None
    instead: tuple[tuple[str, Law], ...] = ()

    def applies_to(self, variant: Variant, rules: RuleSet | None = None) -> bool:
        in_game = self.variants is None or variant.name in self.variants
        return in_game and self.law_instead(rules) is None

    def law_instead(self, rules: RuleSet | None) -> Law | None:
        """The law ``rules`` give for this irregularity instead of a penalty, if any."""
        return next((law for name, law in self.instead if rules and name == rules.name), None)

    @property
    def law_text(self) -> str:
        """The law as a penalty entry keeps it: its source, then the rule."""
        return f"{self.law.cite()}: {self.law.rule}"


IRREGULARITIES = (
    Irregularity(
        "misdeal",
        "a misdeal that cannot be put right by moving one card",
        2,
        "non-dealer",
        Law("the non-dealer marks two holes and there is a fresh deal", "Britannica, law 4"),
        instead=(("hoyle", Law("there must be a new deal by the same dealer", "Hoyle, Misdeal")),),
    ),
    Irregularity(
        "exposed-or-wrong-count",
        "the dealer exposes a non-dealer's card, or deals too many or too few",
        2,
        "non-dealer",
        Law("the non-dealer marks two and may call a fresh deal", "Britannica, law 8"),
        instead=(
            (
                "hoyle",
                Law(
                    "a card exposed in dealing is a misdeal, a new deal by the same dealer; a "
                    "hand found with the wrong number of cards gives the opponent 2 (the "
                    "penalty laid-out-too-many)",
                    "Hoyle, Misdeal; Wrong Number of Cards",
                ),
            ),
        ),
    ),
    Irregularity(
        "laid-out-too-many",
        "a player lays out (or plays) holding too many cards",
        2,
        "opponent",
        Law("the adversary marks two holes", "Britannica, laws 9 and 13"),
    ),
    Irregularity(
        "took-back",
        "a player takes back a card laid out for the crib",
        2,
        "opponent",
        Law("the adversary marks two holes", "Britannica, law 11"),
    ),
    Irregularity(
        "failed-to-play",
        "a player neglects to play a card that will come in",
        2,
        "opponent",
        Law(
            "at six-card cribbage and with three or four players, the adversary may have "
            "the card played, or mark two holes",
            "Britannica, law 16",
        ),
        # In the five-card game a player may play on or not (Britannica, the play).
        variants=("six-card", "three-player", "four-player"),
    ),
    Irregularity(
        "touched-pegs",
        "a player touches the opponent's pegs, or his own without a score to make",
        2,
        "opponent",
        Law("his adversary marks two holes", "Britannica, law 20"),
    ),
    Irregularity(
        "wrong-crib",
        "the crib has the wrong number of cards, both hands being right",
        2,
        "non-dealer",
        Law("the non-dealer pegs 2 and the crib is put right", "Hoyle, Wrong Number of Cards"),
    ),
)


def irregularities_for(variant: Variant, rules: RuleSet | None = None) -> tuple[Irregularity, ...]:
    """The irregularities that can happen in a variant's game (law 16 is not in the
    five-card game, where a player is at liberty to play on or not), and that score under
    ``rules`` (None: whatever the rule set).

    >>> [i.id for i in irregularities_for(get_variant("five-card"))].count("failed-to-play")
    0
    >>> from crib_trainer.core.rules import HOYLE
    >>> "misdeal" in [i.id for i in irregularities_for(get_variant("six-card"), HOYLE)]
    False
    """
    return tuple(i for i in IRREGULARITIES if i.applies_to(variant, rules))


# --- the state, worked out from the entries -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """What one entry did, in words, with the points it moved."""

    text: str
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPegs:
    """What a card laid (or a go) pegged: each side's points, the side that laid the card
    among them even with nothing. A points entry later in the play says what a side
    pegged for it (a mis-peg), and the ruling replaces it."""

    what: str  # "5♥", "the go"
    points: dict[int, int]


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
    noted: int = 0  # irregular plays of this deal already noted in the events
    ended_itself: bool = False  # the play ended with its last card (an ``end`` is a no-op)
    entered: str = ""  # how this deal's play is entered: "cards", "points" ("" not yet)
    card_pegs: list[CardPegs] = field(default_factory=list)  # this play's, not ruled on
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

    def holding(self, player: int) -> bool:
        """Whether ``player`` may still hold cards for the play (has laid fewer than a
        hand)."""
        return len(self.laid_by(player)) < self.config.variant.hand_size

    def next_to_lay(self) -> int | None:
        """Who lays the next card if no one is named: the next player after the last card's
        who still holds cards (the dealer's left at the start); None when all are laid."""
        last = next((t for t in reversed(self.play) if t.card is not None), None)
        first = (self.dealer + 1) if last is None else int(last.player or 0) + 1
        for step in range(self.players):
            player = (first + step) % self.players
            if self.holding(player):
                return player
        return None

    def play_count(self) -> int:
        """The count of the current count in the play (0 after a go or 31)."""
        count = 0
        for token in self.play:
            if token.card is None:
                count = 0
            else:
                count += token.card.value
                if count == LIMIT:
                    count = 0
        return count

    @property
    def result(self) -> GameResult | None:
        """How the game was won (None while it goes on): by the best loser's score."""
        if self.winner is None:
            return None
        best_loser = max(s for i, s in enumerate(self.scores) if i != self.winner)
        return self.config.result(self.scores[self.winner], best_loser)

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
        if moved and self.winner == side:  # (the game hole: what is past it is not pegged)
            past = f"; the {points - moved} past it not pegged" if points > moved else ""
            target = self.config.target
            self.note(f"{self.config.names[side]} pegs out: {target}, the game hole{past}")

    def note(self, text: str) -> None:
        """Log a ruling that moves no pegs."""
        self.events.append(Event(text, (0,) * self.config.sides))

    def play_closed(self) -> str | None:
        """Why no more cards can be laid, when the play has ended by itself and no show
        has been made yet; else None."""
        if self.phase != "show" or not self.ended_itself or self.shown:
            return None
        if any(self.holding(p) for p in range(self.players)):
            law = self.config.rules.five_card_play
            return f"the play is over: {law.rule} ({law.cite()}); the shows come next"
        return "every card has been laid: the play is over and the shows come next"

    def apply(self, entry: Entry) -> None:
        """Play one more entry on this state (a state is not put back if it is refused:
        :meth:`Game.add` is the checked way)."""
        _apply(self, entry)


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
        """The game with one more entry; raises :class:`GameError` (saying why, without an
        entry number) if it does not fit."""
        game = replace(self, entries=(*self.entries, entry))
        try:
            game.state()  # validate by replaying
        except GameError as err:
            raise GameError(err.reason) from None
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
            text = f"{config.names[pone]}: three for last, at the start — {THREE_FOR_LAST.cite()}"
            state.award(pone, 3, text)
        for number, entry in enumerate(self.entries, start=1):
            try:
                _apply(state, entry)
            except GameError as err:
                raise GameError(err.reason, number) from None
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
        game = replace(game, entries=tuple(entry_from_json(raw) for raw in data["entries"]))
        game.state()  # every entry must still fit
        return game


def _apply(state: GameState, entry: Entry) -> None:
    config = state.config
    if state.phase == "over":
        raise GameError(f"the game is over: {config.names[state.winner or 0]} won")
    dealer_side = config.side_of(state.dealer)
    if isinstance(entry, Penalty):
        _check_side(config, entry.side)
        _check_penalty_side(state, entry)
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
        if state.entered == "cards":
            _apply_card_peg(state, entry)
        else:
            _apply_pegged(state, entry)
            state.entered = "points"
        return
    if isinstance(entry, Laid | NoOneCanPlay):
        _check_play_open(state)
        if state.entered == "points":
            raise GameError(
                "this deal's play is entered as points: go on with points (e.g. "
                f"{_line_name(config, 0)} 2), or undo them to enter it card by card"
            )
        was = list(state.scores)
        if isinstance(entry, Laid):
            player = entry.player if entry.player is not None else state.next_to_lay()
            assert player is not None  # (the play would be over)
            _check_laid(state, entry.card, player)
            state.play.append(PegToken(entry.card, str(player)))
            state.entered = "cards"
            _peg_play(state, finished=False, why="")
            what, laid_by = str(entry.card), [config.side_of(player)]
        else:
            if not any(t.card for t in state.play) or state.play_count() == 0:
                raise GameError("no count is open: there is no go to score")
            state.play.append(PegToken(None))
            _peg_play(state, finished=False, why="the go")
            what, laid_by = "the go", []
        _end_play_by_itself(state)
        moved = (now - then for now, then in zip(state.scores, was, strict=True))
        pegged = dict.fromkeys(laid_by, 0)  # (the side that laid it, even with nothing)
        pegged |= {side: n for side, n in enumerate(moved) if n}
        state.card_pegs.append(CardPegs(what, pegged))
        return
    if isinstance(entry, PlayOver):
        if state.ended_itself and state.phase == "show" and state.shown == 0:
            return  # the play had ended by itself; saying so changes nothing
        if state.phase != "play":
            raise GameError("the play is not under way")
        _end_play(state)
        return
    if isinstance(entry, Shown):
        _apply_show(state, entry)
        return
    raise GameError(f"unknown entry {entry!r}")


def _apply_pegged(state: GameState, entry: Pegged) -> None:
    config = state.config
    if state.phase != "play":
        raise GameError("points in the play come after the cut and before the shows")
    _check_pegged(config, entry)
    name = config.names[entry.side]
    if entry.due is None:
        state.award(entry.side, entry.points, f"{name} pegs {entry.points}")
        return
    ruling = rule_peg(config.options, entry.points, entry.due)
    if ruling.verdict == "correct":
        _rule(state, entry.side, ruling, f"{name} pegs {entry.points}")
    else:
        _rule(state, entry.side, ruling, f"{name} pegged {entry.points} for {entry.due}")


def _check_pegged(config: GameConfig, entry: Pegged) -> None:
    """The side exists and no more is pegged (or due) than one card can score."""
    _check_side(config, entry.side)
    most = LIMIT if config.rules.legacy else MAX_CARD_POINTS
    for points in (entry.points, entry.due or 0):
        if not 0 <= points <= most:
            raise GameError(
                f"{points} points cannot be pegged for one card: a card scores at most "
                f"{MAX_CARD_POINTS} in the play (the fourth of a rank making 15 as the last "
                "card: 12 + 2 + 1)"
            )


def _apply_card_peg(state: GameState, entry: Pegged) -> None:
    """Points entered in a play entered card by card, where each card pegs its own points:
    what a side pegged for its latest card (or go) that scored ``due`` (with no ``due``,
    its latest). ``ann 3 for 2`` after Ann's card that scored 2 replaces its pegging with
    the ruling on a mis-peg, under the game's rule set; ``ann 2`` for it changes nothing.
    Points no card scored for the side are refused (they would be pegged twice)."""
    config = state.config
    _check_pegged(config, entry)
    if state.phase != "play" and state.shown:
        raise GameError("points in the play come after the cut and before the shows")
    name = config.names[entry.side]
    line = f"{_line_name(config, entry.side)} {entry.points}"
    mine = [c for c in state.card_pegs if entry.side in c.points]
    if entry.due is not None:
        mine = [c for c in mine if c.points[entry.side] == entry.due]
    if not mine:
        that = f" that scored {entry.due}" if entry.due is not None else ""
        raise GameError(
            f"this deal's play is entered card by card, so each card pegs its own points; "
            f"points entered say what was pegged for a card of {name}'s{that}, and there "
            f"is none (a mis-peg: '{line} for 2' after the card, or the go, that scored 2)"
        )
    card = mine[-1]
    state.card_pegs.remove(card)
    scored = card.points[entry.side]
    if entry.points == scored:
        state.note(f"{name} pegged {scored} for {card.what}, as it scored")
        return
    change = [0] * config.sides
    change[entry.side] = -scored
    state.scores[entry.side] -= scored
    text = f"{name}'s {scored} for {card.what} taken off: {name} pegged {entry.points}"
    state.events.append(Event(text, tuple(change)))
    ruling = rule_peg(config.options, entry.points, scored)
    _rule(state, entry.side, ruling, f"{name} pegged {entry.points} for {scored} ({card.what})")


def _check_penalty_side(state: GameState, entry: Penalty) -> None:
    """A penalty the laws give to the non-dealer cannot be pegged by the dealer's side."""
    config = state.config
    found = next(
        (i for i in IRREGULARITIES if i.law_text == entry.law and i.points == entry.points),
        None,
    )
    dealer = config.side_of(state.dealer)
    if found is None or found.to != "non-dealer" or entry.side != dealer:
        return
    others = [config.names[s] for s in range(config.sides) if s != dealer]
    raise GameError(
        f"{found.law.cite()} gives the {found.points} to the non-dealer ({found.law.rule}): "
        f"{config.names[dealer]} deals, so {' or '.join(others)} pegs them"
    )


def _check_play_open(state: GameState) -> None:
    config = state.config
    closed = state.play_closed()
    if closed:
        raise GameError(closed)
    if state.phase != "play":
        raise GameError("cards are laid after the cut and before the shows")
    if config.variant.play_ends_at_first_go and any(t.card is None for t in state.play):
        raise GameError("in the five-card game the play ends at the first go: type end")


def _check_laid(state: GameState, card: Card, player: int) -> None:
    config = state.config
    if not 0 <= player < state.players:
        raise GameError(f"no player {player + 1} in a {state.players}-player game")
    if card == state.starter:
        raise GameError(f"{card} is the starter; it cannot be played")
    if any(t.card == card for t in state.play):
        raise GameError(f"{card} has been played already this deal")
    size = config.variant.hand_size
    name = config.names[config.side_of(player)]
    if len(state.laid_by(player)) >= size:
        raise GameError(f"{name} has laid all {size} cards of the hand already")
    count = state.play_count()
    if count + card.value > LIMIT:
        raise GameError(
            f"{card} would make the count {count + card.value}, past {LIMIT}; "
            f"type go first if no one could play at {count}"
        )


def _peg_play(state: GameState, *, finished: bool, why: str) -> None:
    """Score the cards laid so far and peg what is new since the last entry: the card just
    laid (``why`` empty: its items say why), the go, or the last card. A play the rules
    forbid (a go while a card would come in) is noted, as the players may claim law 16."""
    config = state.config
    names = [str(p) for p in range(state.players)]
    leader = (state.dealer + 1) % state.players
    try:
        record = score_sequence(state.play, finished=finished, players=names, leader=leader)
    except PlayError as err:
        raise GameError(str(err)) from None
    if not record.plays:
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
    law_16 = next((i for i in irregularities_for(config.variant) if i.id == "failed-to-play"), None)
    for bad in record.irregular[state.noted :]:
        side = config.side_of(int(bad.player))
        who = config.names[side]
        penalty = ""
        if law_16 is not None:  # (the line to type, in the scorekeeper or a game log)
            line = f"penalty {_line_name(config, _taker(config, side))} {law_16.id}"
            penalty = f" — its penalty, if claimed: {line} ({law_16.law.cite()})"
        state.note(
            f"note: {who} lays {bad.held} later, which would have come in at {bad.count}: "
            f"{bad.rule}{penalty}"
        )
    state.noted = len(record.irregular)


def _end_play_by_itself(state: GameState) -> None:
    """The play ends without ``end`` once every card is laid, and in the five-card game
    when a count ends (a go or 31), as neither can come in then (not for old games)."""
    config = state.config
    if config.rules.legacy or state.phase != "play":
        return
    cards_left = any(state.holding(p) for p in range(state.players))
    count_ended = bool(state.play) and state.play_count() == 0
    if not cards_left or (config.variant.play_ends_at_first_go and count_ended):
        _end_play(state)
        state.ended_itself = True


def _end_play(state: GameState) -> None:
    _peg_play(state, finished=True, why="last card")
    if state.phase == "over":
        return
    state.phase = "show"
    state.note("the play is over: the shows")


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
        check_show_cards(entry.cards, starter, crib=crib, variant=config.variant, short=True)
    except CardError as err:
        raise GameError(str(err)) from None
    _check_shown_cards(state, entry, player)
    state.shown_cards.update(entry.cards)
    shown = score_show(entry.cards, starter, crib=crib, variant=config.variant, short=True)
    name = config.names[side]
    what = "crib" if crib else "hand"
    taker = _taker(config, side)
    if shown.short:
        fault = config.rules.short_hand
        text = f"{name}'s hand is short by {shown.short}"
        points = fault.to_opponent(shown.short)  # (a fixed penalty, or none)
        if points:
            text += f": {config.names[taker]} pegs {points} — {fault.law.cite()}"
            state.award(taker, points, text)
        else:
            state.note(f"{text}: it is played and shown short — {fault.law.cite()}")
        if state.phase == "over":
            return
    # "Nineteen" is what players say for a show with nothing in it (no show makes 19): a
    # claim of nothing, right on a show worth 0 and short on any other (Hoyle, Showing).
    nineteen = entry.claim == NINETEEN
    said = 0 if nineteen else entry.claim
    ruling = rule_claim(config.options, said, shown.total)
    claimed = "nineteen (nothing)" if nineteen else said
    head = f"{name}'s {what}: " + (
        f"{shown.total}"
        if ruling.verdict == "correct"
        else f"claimed {claimed}, worth {shown.total}"
    )
    _rule(state, side, ruling, head)
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
        state.noted = 0
        state.ended_itself = False
        state.entered = ""
        state.card_pegs = []
        state.shown_cards = set()
        state.phase = "cut"


def _taker(config: GameConfig, side: int) -> int:
    """Who takes points for a fault: with two sides the opponent; with three, the player on
    the offender's left."""
    return (side + 1) % config.sides


def _rule(state: GameState, side: int, ruling: Ruling, head: str) -> None:
    """Peg a ruling on a count or a peg and log it, citing its law. ``head`` says what was
    claimed (or pegged) and what it was worth."""
    config = state.config
    taker = _taker(config, side)
    law = ruling.laws[0].cite() if ruling.laws else ""
    said, due, extra = ruling.said, ruling.due, ruling.to_opponent
    if ruling.verdict == "correct":
        state.award(side, due, head)
    elif ruling.verdict == "over":
        state.award(side, due, f"{head}: put right" + ("" if extra else f" — {law}"))
        text = f"{config.names[taker]} pegs {extra} for the {said - due} too many — {law}"
        state.award(taker, extra, text, always=False)
    elif extra:  # muggins
        state.award(side, ruling.scored, head)
        text = f"muggins! {config.names[taker]} takes the {due - said} missed — {law}"
        state.award(taker, extra, text, always=False)
    elif ruling.scored == due:
        state.award(side, due, f"{head}: put right by agreement")
    else:
        state.award(side, ruling.scored, f"{head}: the {due - said} short is lost — {law}")


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


def _line_name(config: GameConfig, side: int) -> str:
    """How a line names a side: its name in lower case when one word, else its number.

    >>> _line_name(GameConfig(names=("Ann", "Bob Hope")), 1)
    '2'
    """
    name = config.names[side].lower()
    plain = name.split() == [name] and ":" not in name and name != "penalty"
    return name if plain else str(side + 1)


def _check_side(config: GameConfig, side: int) -> None:
    if not 0 <= side < config.sides:
        raise GameError(f"no side {side + 1}; the sides are {', '.join(config.names)}")


# --- entries as JSON ---------------------------------------------------------------------


def _law_now(text: str) -> str:
    """A penalty's law as this version writes it: a game saved when citations carried
    the rule text's file number reads with today's citation.

    >>> _law_now("Britannica, law 20 [000]: his adversary marks two holes")
    'Britannica, "Cribbage", law 20: his adversary marks two holes'
    """
    plain = re.sub(r" \[00\d\]", "", text)
    return next(
        (i.law_text for i in IRREGULARITIES if plain == f"{i.law.source}: {i.law.rule}"), text
    )


def entry_to_json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, Cut):
        return {"type": "cut", "starter": entry.starter.code}
    if isinstance(entry, Pegged):
        out: dict[str, Any] = {"type": "pegged", "side": entry.side, "points": entry.points}
        if entry.due is not None:
            out["due"] = entry.due
        return out
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
        due = raw.get("due")
        return Pegged(int(raw["side"]), int(raw["points"]), None if due is None else int(due))
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
        return Penalty(int(raw["side"]), int(raw["points"]), _law_now(str(raw["law"])))
    raise GameError(f"unknown entry type {kind!r}")

"""A practice game against the computer: the learner's decisions, the computer's, and the
grading, on the game engine (:class:`~crib_trainer.core.engine.EngineGame`).

The learner sits in seat 0 ("You"), the computer in seat 1 at a chosen strength
(:data:`~crib_trainer.analysis.players.PLAYERS`); at a table of three the computer also
sits in seat 2 (``Left`` and ``Right`` of the learner), at four in seats 1 to 3, seat 2
his partner (:data:`TABLE_NAMES`). :meth:`Practice.advance` takes the
computer's decisions until the learner has one to make (:attr:`Practice.waiting_for`):
``discard``, ``play``, ``go`` (he cannot come in and says so; with ``auto_go`` it is said
for him), ``count`` (his hand or crib), or nothing once the game is over.

Grading: a count is graded at once (its ruling decides what is pegged). A throw or a
card laid is queued in :attr:`Practice.pending` and graded by :func:`grade_pending`
(an opening lead takes the exact pegging analysis about a second), so a screen can do
that in a thread; :meth:`Practice.graded` files the result.

Everything is a pure function of the value: the deck of each deal is seeded by the
engine, and each computer decision has its own seeded random numbers, so
:meth:`Practice.to_json` / :meth:`Practice.from_json` resume a game exactly.
:meth:`Practice.undo` takes back the learner's last decision (its grade is kept, marked
as a take-back).

>>> p = Practice.new(PracticeSettings(strength="beginner"), seed=5).advance()
>>> p.waiting_for, len(p.hand)
('discard', 6)
>>> p = p.discard(p.hand[:2], seconds=3.0, answered_at=T0).advance()
>>> p.waiting_for in ("play", "go", "count"), len(p.pending)
(True, 1)
>>> Practice.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from crib_trainer.analysis.pegging import PegSituation, TableSituation
from crib_trainer.analysis.players import PLAYERS, make_player
from crib_trainer.core.cards import Card, format_cards, parse_cards
from crib_trainer.core.engine import EngineError, EngineGame, cuts_for_deal
from crib_trainer.core.pegging import PegKind, Played, SaidGo
from crib_trainer.core.rules import (
    THREE_FOR_LAST,
    RuleOptions,
    RuleSet,
    get_ruleset,
    resolve_ruleset,
)
from crib_trainer.core.show import Breakdown, ItemKind, ShowItem
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.hands import CountDrill, JudgeDrill
from crib_trainer.training.game.gamerecord import outcome_data
from crib_trainer.training.grading.answers import judge_attempt
from crib_trainer.training.grading.gamegrading import (
    Grade,
    grade_discard,
    grade_play,
    grade_table_play,
    rule_count,
)
from crib_trainer.training.grading.hints import with_hints
from crib_trainer.training.grading.overclaims import refused_count
from crib_trainer.training.words.explain import explain_play, spoken_count

YOU, COMPUTER = 0, 1
#: The computer's seats at a table, named from the learner's chair (play passes left).
TABLE_NAMES = {3: ("You", "Left", "Right"), 4: ("You", "Left", "Partner", "Right")}
#: What the learner may be asked for.
WAITS = ("discard", "play", "go", "count", "check")
#: How often the computer counts a show short on purpose (with ``miscounts``).
MISCOUNT_CHANCE = 0.3
JSON_VERSION = 1
T0 = datetime(2025, 1, 1, tzinfo=UTC)  # (for the examples)


class PracticeError(ValueError):
    """A decision that cannot be taken now, settings that do not go together, or a saved
    game that does not read; the message is one sentence for the learner."""


@dataclass(frozen=True, slots=True)
class PracticeSettings:
    """How the game is played: ``variant`` (``six-card`` to 121, ``five-card`` to 61;
    ``three-player`` and ``four-player``, with partners, to 61), the rule set (the
    target's default when None), ``muggins`` (the computer takes what the
    learner misses; not under the Britannica rules), the computer's ``strength``,
    ``auto_go`` (the trainer says go for him), ``grades_at_once`` (each grade shown as it
    is made, not after the hand), ``itemised`` (count item by item, not a total),
    ``miscounts`` (the computer now and then counts a show short on purpose, for the
    learner to catch with muggins; each of its shows then waits for him to accept it or
    call muggins), ``count_for_me`` (the learner's hand and crib are counted for him, not
    asked: for a player who wants to play and not count)."""

    variant: str = "six-card"
    ruleset: str | None = None
    muggins: bool = False
    strength: str = "expert"
    auto_go: bool = True
    grades_at_once: bool = False
    itemised: bool = False
    miscounts: bool = False
    count_for_me: bool = False

    def __post_init__(self) -> None:
        try:
            v = get_variant(self.variant)
            resolve_ruleset(self.ruleset, v.target).result_lines(v.target)
        except ValueError as err:
            raise PracticeError(str(err)) from None
        if self.strength not in PLAYERS:
            raise PracticeError(f"the computer plays {', '.join(PLAYERS)}; not {self.strength}")
        object.__setattr__(self, "variant", v.name)
        if self.miscounts and v.players != 2:
            raise PracticeError("the computer's mis-counts are for the two-player games")
        if self.miscounts and not self.muggins:
            raise PracticeError(
                "the computer's mis-counts are there to be caught with muggins: turn muggins on"
            )
        if self.muggins:
            try:
                self.options()
            except ValueError as err:
                raise PracticeError(str(err)) from None

    @property
    def rules(self) -> RuleSet:
        """The rule set the game is played under (the one chosen, or the game's usual),
        resolved once (``core.rules.resolve_ruleset``)."""
        return resolve_ruleset(self.ruleset, get_variant(self.variant).target)

    def options(self) -> RuleOptions:
        """The rule set and muggins, as the rulings read them."""
        return RuleOptions(self.rules, muggins=self.muggins)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "ruleset": self.ruleset,
            "muggins": self.muggins,
            "strength": self.strength,
            "auto_go": self.auto_go,
            "grades_at_once": self.grades_at_once,
            "itemised": self.itemised,
            "miscounts": self.miscounts,
            "count_for_me": self.count_for_me,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PracticeSettings:
        return cls(
            str(data["variant"]),
            None if data.get("ruleset") is None else str(data["ruleset"]),
            bool(data["muggins"]),
            str(data["strength"]),
            bool(data.get("auto_go", True)),
            bool(data.get("grades_at_once", False)),
            bool(data.get("itemised", False)),
            bool(data.get("miscounts", False)),
            bool(data.get("count_for_me", False)),
        )


@dataclass(frozen=True, slots=True)
class Pending:
    """A throw or card of the learner's not yet graded: the engine action it was (its
    number and what it did: the game before it is the actions before it), and how long it
    took him."""

    action: int
    decision: tuple[Any, ...]
    seconds: float
    answered_at: datetime
    take_back: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "decision": _thawed(self.decision),
            "seconds": self.seconds,
            "answered_at": self.answered_at.isoformat(),
            "take_back": self.take_back,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        return cls(
            int(data["action"]),
            _frozen(data["decision"]),
            float(data["seconds"]),
            datetime.fromisoformat(data["answered_at"]),
            bool(data.get("take_back", False)),
        )


@dataclass(frozen=True, slots=True)
class Practice:
    """A practice game at one moment. Build with :meth:`new`; every step returns a new one."""

    settings: PracticeSettings
    game: EngineGame
    mine: tuple[int, ...] = ()  # the engine actions that were the learner's
    grades: tuple[tuple[int, Grade], ...] = ()  # (engine action, its grade)
    pending: tuple[Pending, ...] = ()
    goes: int = 0  # the learner's goes said (or said for him) this deal
    log: tuple[str, ...] = field(default=())  # what happened, in words, this deal and last
    hints: tuple[tuple[int, str], ...] = ()  # (the engine action hinted, the hint shown)

    # -- starting

    @classmethod
    def new(cls, settings: PracticeSettings, *, seed: int) -> Practice:
        """A new game: the cut for first deal and the first deal (see the engine)."""
        players = get_variant(settings.variant).players
        names = TABLE_NAMES.get(players, ("You", settings.strength.capitalize()))
        game = EngineGame.new(
            seed=seed,
            variant=settings.variant,
            ruleset=settings.rules.name,
            names=names,
        )
        log = [_cut_text(game)]
        if game.variant.three_for_last:
            pone = game.names[game.pone]
            log.append(
                f"Three for last: {pone} {_verb(pone, 'peg')} 3 before the first play, as the "
                "five-card game's first pone does (Britannica)."
            )
        return cls(settings, game, log=tuple(log))

    # -- what the learner sees

    @property
    def deal(self) -> int:
        return self.game.deal_number

    @property
    def hand(self) -> tuple[Card, ...]:
        """The learner's cards: as dealt before his throw, then those he still holds."""
        g = self.game
        if g.phase == "discard" or g.play_state is None:
            return g.hands[YOU]
        return g.play_state.hands[g.role_of(YOU)]

    @property
    def kept(self) -> tuple[Card, ...]:
        return self.game.kept(YOU)

    @property
    def you_deal(self) -> bool:
        return self.game.dealer == YOU

    @property
    def over(self) -> bool:
        return self.game.phase == "over"

    @property
    def waiting_for(self) -> str | None:
        """What the learner must do next (one of :data:`WAITS`), or None when it is the
        computer's turn or the game is over."""
        g = self.game
        if self._go_due():
            return "go"
        if g.phase == "discard" and g.thrown[YOU] is None:
            others = (t for seat, t in enumerate(g.thrown) if seat != YOU)
            return "discard" if all(t is not None for t in others) else None
        if g.phase in ("play", "show") and g.to_move == YOU:
            return "play" if g.phase == "play" else "count"
        if g.phase == "show" and self.settings.miscounts:
            return "check"  # his show, said aloud: accept it or call muggins
        return None

    def count_now(self) -> tuple[int, tuple[Card, ...]]:
        """The count the learner plays to, and its cards: while his go waits to be said,
        the count he cannot come in on (the engine has played past it)."""
        state = self.game.play_state
        if state is None:
            return 0, ()
        at = _learner_go(self.game, self.goes) if self._go_due() else None
        if at is None:
            return state.count, tuple(state.count_cards)
        cards: list[Card] = []
        count = 0
        for event in reversed(state.events[:at]):
            if isinstance(event, Played):
                count = count or event.count
                cards.insert(0, event.card)
                if event.count == event.card.value:
                    break  # (the card that began this count)
        return count, tuple(cards)

    def next_show(self) -> tuple[int, bool, Breakdown]:
        return self.game.next_show()

    def situation(self) -> PegSituation:
        """The play as the player to move sees it (two players)."""
        g = self.game
        assert g.play_state is not None
        seat = g.seat_of(g.play_state.turn)
        return PegSituation.from_state(
            g.play_state, starter=g.starter, discards=g.thrown[seat] or ()
        )

    def table_situation(self) -> TableSituation:
        """The play as the player to move sees it, at a table of three or four."""
        g = self.game
        assert g.play_state is not None
        seat = g.seat_of(g.play_state.turn)
        return TableSituation.from_state(
            g.play_state, starter=g.starter, discards=g.thrown[seat] or ()
        )

    def side_name(self, side: int) -> str:
        """Who a side is: a seat's name, or with partners both names (``You and Partner``)."""
        g = self.game
        seats = [s for s in range(g.seats) if g.side_of(s) == side]
        return " and ".join(g.names[s] for s in seats)

    def _go_due(self) -> bool:
        if self.game.play_state is None or self.game.phase == "over":
            return False
        return _learner_go(self.game, self.goes) is not None

    def _go_said(self, line: str) -> Practice:
        """The learner's go told (``line``), then what the play did after it (held back
        until he said it, so the log keeps the order of the play)."""
        g = self.game
        assert g.play_state is not None
        events = g.play_state.events
        at = _learner_go(g, self.goes)
        assert at is not None
        after = _learner_go(g, self.goes + 1)
        told = _told(g, events[: at + 1], events[:after])
        if after is None and g.play_state.over and any(g.play_state.hands):
            told.append(_play_ended(g))
        return replace(self, goes=self.goes + 1, log=(*self.log, line, *told))

    # -- the computer

    def advance(self) -> Practice:
        """The computer's decisions (and the goes said for the learner, with ``auto_go``)
        until the learner has one to make or the game is over."""
        p = self
        while not p.over:
            if p._go_due() and p.settings.auto_go:
                p = p._go_said("You: go (said for you).")
                continue
            if p.waiting_for == "count" and p.settings.count_for_me:
                p = p._counted_for_you()
                continue
            if p.waiting_for is not None:
                return p
            p = p._computer_step()
        return p

    def _computer_step(self) -> Practice:
        g = self.game
        rng = random.Random(f"{g.seed}:computer:{len(g.actions)}")
        player = make_player(self.settings.strength, rng)
        if g.phase == "discard":
            seat = next(s for s in g.show_order if s != YOU and g.thrown[s] is None)
            own_crib = g.side_of(seat) == g.side_of(g.dealer)
            throw = player.discard(
                g.hands[seat], dealer=own_crib, variant=g.variant, score=g.score_of(seat)
            )
            return self._after(g.discard(seat, throw), f"{g.names[seat]} throws to the crib.")
        if g.phase == "play":
            state = g.play_state
            assert state is not None
            legal = state.legal_cards()
            if len({c.rank for c in legal}) == 1:
                card = legal[0]
            elif g.seats == 2:
                card = player.play(self.situation(), g.score_of(g.seat_of(state.turn)))
            else:
                card = player.play_table(self.table_situation(), g.score_of(g.seat_of(state.turn)))
            return self._after(g.play(card))
        seat, crib, breakdown = g.next_show()
        name = g.names[seat]
        whose = "crib" if crib else "hand"
        said = (
            f"{name} counts his {whose} ({format_cards(breakdown.cards)} and "
            f"{breakdown.starter}): {spoken_count(breakdown)}"
        )
        return self._after(g.count(), said)

    def _counted_for_you(self) -> Practice:
        """The learner's show counted for him (``count_for_me``): pegged as it is worth,
        said in the log, not graded."""
        g = self.game
        _, crib, b = g.next_show()
        said = (
            f"Your {'crib' if crib else 'hand'} counted for you ({format_cards(b.cards)} and "
            f"{b.starter}): {spoken_count(b)}"
        )
        return self._after(g.count(), said)

    def computer_claim(self) -> tuple[int, tuple[ShowItem, ...]]:
        """What the computer claims for the show it is counting, and the items it leaves
        out (with ``miscounts``, now and then one item; seeded by the game's moment)."""
        g = self.game
        _, _, b = g.next_show()
        rng = random.Random(f"{g.seed}:claim:{len(g.actions)}")
        if not (self.settings.miscounts and b.items and rng.random() < MISCOUNT_CHANCE):
            return b.total, ()
        left_out = rng.choice(b.items)
        return b.total - left_out.points, (left_out,)

    def check(
        self, *, muggins: bool, seconds: float, answered_at: datetime
    ) -> tuple[Practice, Grade]:
        """The learner accepts the computer's claim or calls muggins on it. A right call
        pegs him what it left out; the check is graded as a judged claim (missing a short
        count gives up what muggins would have taken)."""
        self._expect("check")
        g = self.game
        _, crib, b = g.next_show()
        claim, left_out = self.computer_claim()
        name, whose = g.names[COMPUTER], "crib" if crib else "hand"
        drill = JudgeDrill(CountDrill(b.cards, b.starter, crib, g.variant.name), claim)
        attempt = judge_attempt(
            drill,
            verdict="under" if muggins else "correct",
            seconds=seconds,
            answered_at=answered_at,
        )
        short = b.total - claim
        caught = muggins and short > 0
        said = [f"{name} claims {claim} for his {whose} ({format_cards(b.cards)} and {b.starter})."]
        if caught:
            items = "; ".join(_item_words(i) for i in left_out)
            said.append(f"Muggins! You take {short} he missed: {items}.")
        elif muggins:
            said.append(f"No muggins: his {claim} is right.")
        elif short:
            said.append(f"He was {short} short ({_item_words(left_out[0])}); you let it go.")
        attempt = self._with_hints(attempt)
        lost = float(short if short and not muggins else 0)
        if caught:
            text = f"Caught his {whose} counted {claim} for {b.total}: muggins for {short}."
        elif short:
            text = f"Let his {whose} stand at {claim}: it is {b.total}; muggins was {short}."
        else:
            text = (
                f"His {whose}, {claim}: {'right, no muggins' if muggins else 'rightly accepted'}."
            )
        grade = Grade("count", self.deal, lost, text, attempt)
        action = len(g.actions)
        p = replace(
            self,
            mine=(*self.mine, action),
            grades=(*self.grades, (action, grade)),
            log=(*self.log, *said),
        )
        game = g.count(claim, short if caught else 0)
        return p._after(game), grade

    def _after(self, game: EngineGame, said: str | None = None) -> Practice:
        """The next state with what happened told: the cut, each card laid, the new deal."""
        old = self.game
        log = list(self.log)
        if said:
            log.append(said)
        if old.starter is None and game.starter is not None and game.deal_number == old.deal_number:
            log.append(f"The starter is {game.starter}.")
            if game.starter.rank == 11:
                log.append(f"His heels: 2 for {game.names[game.dealer]}.")
        new, before = game.play_state, old.play_state
        if new is not None and before is not None and len(new.events) > len(before.events):
            at = _learner_go(game, self.goes) if game.phase != "over" else None
            log += _told(game, before.events, new.events[:at])  # up to his go: told when said
            if at is None and new.over and not before.over and any(new.hands):
                log.append(_play_ended(game))
        goes = self.goes
        if game.deal_number != old.deal_number:
            dealer = game.names[game.dealer]
            log = [*log[-8:], f"Deal {game.deal_number + 1}: {dealer} {_verb(dealer, 'deal')}."]
            goes = 0
        if game.winner is not None and old.winner is None:
            result = game.result
            assert result is not None
            who = replace(self, game=game).side_name(game.winner)
            scores = "–".join(str(s) for s in game.scores)
            log.append(f"{who} {_verb(who, 'win')}: {result.text}, {scores}.")
        return replace(self, game=game, log=tuple(log), goes=goes)

    # -- the learner's decisions

    def discard(self, cards: Sequence[Card], *, seconds: float, answered_at: datetime) -> Practice:
        """The learner throws ``cards`` to the crib (graded later: :attr:`pending`)."""
        self._expect("discard")
        try:
            game = self.game.discard(YOU, cards)
        except EngineError as err:
            raise PracticeError(str(err)) from None
        return self._mine(game, seconds, answered_at)

    def play(self, card: Card, *, seconds: float, answered_at: datetime) -> Practice:
        """The learner lays ``card`` (graded later when he had a choice)."""
        self._expect("play")
        try:
            game = self.game.play(card)
        except EngineError as err:
            raise PracticeError(str(err)) from None
        return self._mine(game, seconds, answered_at)

    def say_go(self) -> Practice:
        """The learner says go (only when he cannot come in)."""
        if not self._go_due():
            state = self.game.play_state
            legal = state.legal_cards() if state is not None else ()
            if legal and self.waiting_for == "play":
                raise PracticeError(f"No go: {format_cards(legal)} will come in.")
            raise PracticeError("There is no go to say now.")
        return self._go_said("You: go.")

    def count(
        self,
        *,
        total: int | None = None,
        items: Sequence[ShowItem] | None = None,
        by_kind: Mapping[ItemKind, int] | None = None,
        seconds: float,
        answered_at: datetime,
    ) -> tuple[Practice, Grade]:
        """The learner counts his hand or crib (a ``total``, ``items``, or points
        ``by_kind``). Graded now: he
        pegs what the rules allow, and with muggins the computer takes what he missed
        (said with the items)."""
        self._expect("count")
        claimed = total
        if by_kind is not None:
            claimed = sum(by_kind.values())
        elif items is not None:
            claimed = sum(i.points for i in items)
        refused = refused_count(claimed) if claimed is not None else None
        if refused is not None:
            raise PracticeError(refused)
        _, crib, b = self.game.next_show()
        counted = rule_count(
            b.cards,
            b.starter,
            crib=crib,
            variant=self.settings.variant,
            total=total,
            items=items,
            by_kind=by_kind,
            options=self.settings.options(),
            deal=self.deal,
            seconds=seconds,
            answered_at=answered_at,
        )
        ruling = counted.ruling
        action = len(self.game.actions)
        counted = replace(
            counted, grade=replace(counted.grade, attempt=self._with_hints(counted.grade.attempt))
        )
        game = self.game.count(ruling.scored, ruling.to_opponent)
        whose = "crib" if crib else "hand"
        said = [f"You count your {whose}: {ruling.said}; you peg {ruling.scored}."]
        name = self.game.names[1]  # the seat on your left takes muggins
        if ruling.to_opponent and counted.missed and ruling.said < ruling.due:
            missed = "; ".join(_item_words(i) for i in counted.missed)
            said.append(f"Muggins! {name} takes {ruling.to_opponent} you missed: {missed}.")
        elif ruling.to_opponent:
            said.append(f"Too many: {name} pegs {ruling.to_opponent} for it.")
        p = replace(
            self,
            mine=(*self.mine, action),
            grades=(*self.grades, (action, counted.grade)),
            log=(*self.log, *said),
        )
        if self.settings.grades_at_once:
            p = replace(p, log=(*p.log, f"Graded: {counted.grade.text}"))
        return p._after(game), counted.grade

    def _mine(self, game: EngineGame, seconds: float, answered_at: datetime) -> Practice:
        action = len(self.game.actions)
        pending = Pending(action, _frozen(game.actions[action]), seconds, answered_at)
        p = replace(self, mine=(*self.mine, action), pending=(*self.pending, pending))
        return p._after(game)

    def _expect(self, what: str) -> None:
        if self.waiting_for != what:
            now = self.waiting_for or ("nothing: the game is over" if self.over else "the computer")
            raise PracticeError(f"Not your {what} now (waiting for {now}).")

    # -- grading

    def graded(self, pending: Pending, grade: Grade | None) -> Practice:
        """File the grade of a pending decision (None: a card with no choice)."""
        rest = tuple(q for q in self.pending if q != pending)
        if grade is None:
            return replace(self, pending=rest)
        if pending.take_back:
            grade = grade.taken_back()
        grade = replace(grade, attempt=self._with_hints(grade.attempt, pending.action))
        log = (*self.log, f"Graded: {grade.text}") if self.settings.grades_at_once else self.log
        return replace(self, pending=rest, grades=(*self.grades, (pending.action, grade)), log=log)

    def recorded(self, grade: Grade, stored: Grade) -> Practice:
        """The same game with ``grade`` replaced by ``stored`` (its attempt now has an id)."""
        grades = tuple((a, stored if g is grade else g) for a, g in self.grades)
        return replace(self, grades=grades)

    def hinted(self, text: str) -> Practice:
        """The same game with a hint for the decision waiting shown (in the log) and kept:
        the decision is graded as hinted."""
        if self.waiting_for is None:
            raise PracticeError("No decision of yours waits now: nothing to hint.")
        action = len(self.game.actions)
        return replace(self, hints=(*self.hints, (action, text)), log=(*self.log, f"Hint: {text}"))

    def hint_texts(self, action: int | None = None) -> list[str]:
        """The hints shown for the decision at engine action ``action`` (by default the
        one waiting)."""
        at = len(self.game.actions) if action is None else action
        return [text for a, text in self.hints if a == at]

    def _with_hints(self, attempt: Attempt, action: int | None = None) -> Attempt:
        return with_hints(attempt, self.hint_texts(action))

    def told(self, line: str) -> Practice:
        """The same game with ``line`` added to its log (a note of the screen's, such as
        what a graded hand cost)."""
        return replace(self, log=(*self.log, line))

    def deal_grades(self, deal: int) -> list[Grade]:
        return [g for _, g in self.grades if g.deal == deal]

    def all_grades(self) -> list[Grade]:
        return [g for _, g in sorted(self.grades, key=lambda ag: ag[0])]

    # -- taking back

    @property
    def can_undo(self) -> bool:
        return self.undo_refused() is None

    def undo_refused(self) -> str | None:
        """Why the learner's last decision cannot be taken back, or None when it can. A
        throw cannot once the starter is turned (he would throw again knowing it; a throw
        is always in the deal being played: he lays at least one card in every deal)."""
        if not self.mine or self.over:
            return "Nothing to take back."
        starter = self.game.starter
        if self.game.actions[self.mine[-1]][0] == "discard" and starter is not None:
            return (
                f"The starter is turned ({starter}): your throw stands. ctrl+z takes back "
                "a card or a count."
            )
        return None

    def undo(self) -> Practice:
        """Take back the learner's last decision (see :meth:`undo_refused`): the game goes
        back to the moment he made it (the computer's later decisions are undone too); its
        grade stays, marked as a take-back."""
        refused = self.undo_refused()
        if refused is not None:
            raise PracticeError(refused)
        cut = self.mine[-1]
        data = self.game.to_json()
        data["actions"] = data["actions"][:cut]
        game = EngineGame.from_json(data)
        grades = tuple((a, g.taken_back() if a >= cut else g) for a, g in self.grades)
        pending = tuple(replace(q, take_back=True) if q.action >= cut else q for q in self.pending)
        state = game.play_state
        role = game.role_of(YOU)
        goes = (
            sum(1 for e in state.events if isinstance(e, SaidGo) and e.player == role)
            if state is not None
            else 0
        )
        return replace(
            self,
            game=game,
            mine=self.mine[:-1],
            grades=grades,
            pending=pending,
            goes=goes,
            log=(*self.log, "Taken back."),
        )

    # -- saving

    def to_json(self) -> dict[str, Any]:
        return {
            "version": JSON_VERSION,
            "settings": self.settings.to_json(),
            "game": self.game.to_json(),
            "mine": list(self.mine),
            "grades": [[a, g.to_json()] for a, g in self.grades],
            "pending": [q.to_json() for q in self.pending],
            "goes": self.goes,
            "log": list(self.log),
            "hints": [[a, text] for a, text in self.hints],
            **({"outcome": outcome_data(self)} if self.over else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Practice:
        """Read :meth:`to_json` back; :class:`PracticeError` if it does not read."""
        try:
            if data.get("version") != JSON_VERSION:
                raise PracticeError(f"unknown practice game version {data.get('version')!r}")
            return cls(
                PracticeSettings.from_json(data["settings"]),
                EngineGame.from_json(data["game"]),
                tuple(int(a) for a in data["mine"]),
                tuple((int(a), Grade.from_json(g)) for a, g in data["grades"]),
                tuple(Pending.from_json(q) for q in data["pending"]),
                int(data["goes"]),
                tuple(str(line) for line in data["log"]),
                tuple((int(a), str(text)) for a, text in data.get("hints", [])),
            )
        except PracticeError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise PracticeError(f"the saved practice game does not read: {err}") from None


def grade_pending(practice: Practice, pending: Pending) -> Grade | None:
    """Grade a queued throw or card: the game is rebuilt to the moment it was decided.
    Slow for an opening lead (the exact pegging analysis); pure, so a thread may run it."""
    data = practice.game.to_json()
    action = pending.decision
    data["actions"] = data["actions"][: pending.action]
    before = EngineGame.from_json(data)
    if action[0] == "discard":
        return grade_discard(
            before.hands[YOU],
            parse_cards(action[2]),
            dealer=before.side_of(before.dealer) == before.side_of(YOU),
            variant=before.variant.name,
            deal=before.deal_number,
            seconds=pending.seconds,
            answered_at=pending.answered_at,
            score=(before.scores[YOU], before.scores[COMPUTER]) if before.seats == 2 else None,
        )
    state = before.play_state
    assert state is not None
    if before.seats > 2:
        me = before.role_of(YOU)
        return grade_table_play(
            TableSituation.from_state(
                state, starter=before.starter, discards=before.thrown[YOU] or ()
            ),
            parse_cards([action[1]])[0],
            hidden=tuple(() if role == me else hand for role, hand in enumerate(state.hands)),
            deal=before.deal_number,
            seconds=pending.seconds,
            answered_at=pending.answered_at,
        )
    situation = PegSituation.from_state(
        state, starter=before.starter, discards=before.thrown[YOU] or ()
    )
    return grade_play(
        situation,
        parse_cards([action[1]])[0],
        opponent_hand=state.hands[before.role_of(COMPUTER)],
        deal=before.deal_number,
        seconds=pending.seconds,
        answered_at=pending.answered_at,
        score=(before.scores[YOU], before.scores[COMPUTER]),
    )


def _told(game: EngineGame, old: Sequence[Played | SaidGo], new: Sequence[Played | SaidGo]):
    """Each new event of the play in words, in the order it happened: "Expert: K♠ (25),
    makes 15 for 2". A go point is told after the goes that gave it ("You: go." then
    "Expert: the go for 1."), not with the card before anyone said go."""
    state = game.play_state
    events = state.events if state is not None else tuple(new)
    lines = []
    for at in range(len(old), len(new)):
        event = new[at]
        who = game.names[game.seat_of(event.player)]
        if isinstance(event, SaidGo):
            if game.seat_of(event.player) != YOU:
                lines.append(f"{who}: go.")
            go = _go_point(events, at)
            if go is not None:
                earner = game.names[game.seat_of(go.player)]
                lines.append(f"{earner}: the go for 1.")
            continue
        items = event.items
        if _go_follows(events, at):
            items = tuple(i for i in items if i.kind is not PegKind.GO)
        score = f", {explain_play(replace(event, items=items))}" if items else ""
        lines.append(f"{who}: {event.card} ({event.count}){score}.")
    return lines


def _go_follows(events: Sequence[Played | SaidGo], at: int) -> bool:
    """Whether the card at ``at`` earned a go that the goes after it say."""
    event = events[at]
    return (
        isinstance(event, Played)
        and any(i.kind is PegKind.GO for i in event.items)
        and at + 1 < len(events)
        and isinstance(events[at + 1], SaidGo)
    )


def _go_point(events: Sequence[Played | SaidGo], at: int) -> Played | None:
    """The card whose go point is told after the go at ``at``: the last of a run of goes
    that follows a card earning the go."""
    if at + 1 < len(events) and isinstance(events[at + 1], SaidGo):
        return None  # (not the last go of the run)
    start = at
    while start > 0 and isinstance(events[start - 1], SaidGo):
        start -= 1
    card = start - 1
    if card >= 0 and _go_follows(events, card):
        played = events[card]
        assert isinstance(played, Played)
        return played
    return None


def _learner_go(game: EngineGame, n: int) -> int | None:
    """Where the learner's go number ``n`` (from 0) of this play is among its events, or
    None before he has one."""
    state = game.play_state
    assert state is not None
    role = game.role_of(YOU)
    goes = [i for i, e in enumerate(state.events) if isinstance(e, SaidGo) and e.player == role]
    return goes[n] if n < len(goes) else None


def _frozen(value: Any) -> Any:
    """Lists as tuples, all the way down (so a decision can be hashed)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list | tuple) else value


def _thawed(value: Any) -> Any:
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def _item_words(item: ShowItem) -> str:
    from crib_trainer.training.words.explain import describe_item

    return describe_item(item)


def _cut_text(game: EngineGame) -> str:
    """The cut for first deal in words (the learner is seat 0): the cards of each round
    (after a tie only the seats tied for lowest cut again), and who deals.

    >>> from crib_trainer.core.engine import EngineGame
    >>> _cut_text(EngineGame.new(seed=1, names=("You", "Expert")))
    'Cut for deal: you 2♥, Expert 2♠, a tie; again: you 5♠, Expert 7♥. You deal first.'
    >>> _cut_text(EngineGame.new(seed=1, variant="three-player", names=TABLE_NAMES[3]))
    'Cut for deal: you 2♥, Left 2♠, Right 5♠, a tie; again: you 7♥, Left 10♠. You deal first.'
    """
    rounds = [
        ", ".join(
            f"{'you' if seat == YOU else game.names[seat]} {card}"
            for seat, card in enumerate(cards)
            if card is not None
        )
        for cards in cuts_for_deal(game.seed, game.seats)
    ]
    dealer = game.names[game.first_dealer]
    text = (
        f"Cut for deal: {', a tie; again: '.join(rounds)}. {dealer} {_verb(dealer, 'deal')} first."
    )
    if game.variant.three_for_last:  # (credited by the engine before the first deal)
        pone = game.names[(game.first_dealer + 1) % game.seats]
        text += f" {pone} {_verb(pone, 'score')} three for last ({THREE_FOR_LAST.cite()})."
    return text


def _play_ended(game: EngineGame) -> str:
    """Why cards are left in hand when the play is over: the five-card game's play ends
    at its first go (the rule set's law)."""
    state = game.play_state
    assert state is not None
    held = ", ".join(
        f"{'you' if seat == YOU else game.names[seat]} {len(state.hands[game.role_of(seat)])}"
        for seat in range(game.seats)
        if state.hands[game.role_of(seat)]
    )
    law = get_ruleset(game.ruleset).five_card_play
    return (
        f"The play is over: in the five-card game it ends with its first count (at a go or "
        f"31), and the cards still held are not played ({held}; {law.source})."
    )


def _verb(name: str, verb: str) -> str:
    return verb if name == "You" or " and " in name else f"{verb}s"

"""A practice game against the computer, every decision graded.

The learner throws (number keys pick, enter throws), lays each card (its number), says go
(``g``; or the trainer says it, a setting), and counts his hand and crib (the total, or
item by item with ``i``). The computer plays at the chosen strength and counts its shows
aloud; with muggins it takes what the learner misses. Each throw and card is graded in a
thread; after the hand a review lists the costly decisions, after the game a summary, and
either replays a decision as a drill. ``ctrl+z`` takes back the last decision. The game
is saved after every move and resumed from the home screen.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Header, OptionList, RichLog, Select, Static
from textual.widgets.option_list import Option

from crib_trainer.analysis.players import PLAYERS
from crib_trainer.core.cards import Card
from crib_trainer.core.rules import RULESETS, RuleSet, default_ruleset, resolve_ruleset
from crib_trainer.core.show import ItemKind
from crib_trainer.core.variants import get_variant
from crib_trainer.storage.records import StorageError
from crib_trainer.training.game.gamehints import hint
from crib_trainer.training.game.practice import (
    Pending,
    Practice,
    PracticeError,
    PracticeSettings,
    grade_pending,
)
from crib_trainer.training.grading.gamegrading import Grade, game_summary, hand_review
from crib_trainer.ui.screens.base import IN_A_WINDOW, TrainerScreen
from crib_trainer.ui.screens.count import ITEM_FIELDS
from crib_trainer.ui.widgets.board import Board
from crib_trainer.ui.widgets.followlog import FollowingLog
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar
from crib_trainer.ui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp

DECISION_WORDS = {"discard": "discards", "play": "the play", "count": "counting"}


def card_markup(card: Card) -> str:
    """A card in colour for a line of text: ``[red]5♥[/]``."""
    return f"[red]{card}[/]" if card.suit.is_red else str(card)


class PracticeScreen(TrainerScreen):
    """The practice game against the computer: the board, the hands, the play, the counts."""

    HELP_KEYS = (
        ("1–6", "pick a card to throw, or lay it in the play (or click it)"),
        ("enter", "throw the cards picked, or enter your count; accept his count"),
        ("g", "say go when none of your cards comes in"),
        ("h", "a hint: the best choice and why (a count: the drills' steps, one a press)"),
        ("i", "count item by item, or the total"),
        ("m", "muggins: his count is short (with the computer's mis-counts on)"),
        ("r", "the review of the last hand"),
        ("s", "the game's summary, once it is over"),
        ("ctrl+z", "take back your last card or count (a throw stands once the starter is turned)"),
        ("ctrl+n", "a new game, from the settings form"),
    )
    # Keys in the footer only when they would do something (80 columns hold no more);
    # every one of them in the help. ``g`` when no go is due says why not.
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Home"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 7)),
        Binding("enter", "throw", "Throw", show=False),
        Binding("g", "go", "Go"),
        Binding("g", "no_go", show=False),
        Binding("h", "hint", "Hint"),
        Binding("m", "muggins", "Muggins", show=False),
        Binding("i", "toggle_items", "Items", show=False),
        Binding("ctrl+z", "take_back", "Take back"),
        Binding("ctrl+z", "no_take_back", show=False),
        Binding("r", "review", "Review"),
        Binding("s", "summary", "Summary"),
        Binding("ctrl+n", "new_game", "New"),
    ]

    def __init__(self, practice: Practice, game_id: int | None = None) -> None:
        super().__init__()
        self.practice = practice
        self.game_id = game_id
        self.picked: list[Card] = []
        self.started = 0.0
        self.grading: set[Pending] = set()
        self.reviewed = practice.deal  # deals before this one were reviewed (or resumed)
        self.summarised = practice.over
        self.itemised = practice.settings.itemised
        self.save_failed = False
        self.logged: tuple[str, ...] = ()  # the log lines on the screen

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="practice"):
            yield Board(id="practice-board")
            yield Static(id="practice-status")
            yield Static(id="practice-table")
            yield Static(id="practice-hand")
            yield Static(id="practice-prompt")
            with Horizontal(id="practice-answer"):
                yield PointsInput(id="practice-total", placeholder="total")
                with Horizontal(id="practice-items"):
                    for kind, label in ITEM_FIELDS:
                        yield Static(label, classes="item-label")
                        yield PointsInput(
                            id=f"practice-{kind}", classes="item-input", placeholder="0"
                        )
            yield FollowingLog(id="practice-log", wrap=True, markup=False, min_width=0)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Practice game"
        self.step(self.practice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        p = self.practice
        if action == "go":
            return p.waiting_for == "go"
        if action == "hint":
            return p.waiting_for in ("discard", "play", "count", "check")
        if action == "summary":
            return p.over
        if action == "take_back":
            return p.can_undo
        return True

    # -- after every move

    def step(self, practice: Practice) -> None:
        """The computer's moves, then save, grade what waits, and redraw."""
        self.practice = practice.advance()
        self.picked = []
        self.started = self.trainer.ticks()
        self.save()
        self.grade_waiting()
        self.redraw()
        self.check_review()

    def save(self) -> None:
        """Save the game as it stands (after every move): at once in the copy every screen
        reads, and in the history file behind the screen (no key waits on the file; the
        header says what waits, the app says once if the file refuses)."""
        trainer = self.trainer
        try:
            self.game_id = trainer.records.save_practice(
                self.practice, self.game_id, now=trainer.now()
            )
        except StorageError as err:  # (the copy in memory: only if memory itself fails)
            if not self.save_failed:  # say it once, not at every move
                self.notify(f"{err} The game could not be kept.", severity="error", markup=False)
            self.save_failed = True
            return
        trainer.kept_behind()

    def grade_waiting(self) -> None:
        """Grade the decisions still waiting for the analysis (in a thread)."""
        for pending in self.practice.pending:
            if pending not in self.grading:
                self.grading.add(pending)
                self.grade(self.practice, pending)

    @work(thread=True, group="grade")
    def grade(self, practice: Practice, pending: Pending) -> None:
        """Grade a throw or a card (an opening lead takes the exact analysis a second)."""
        grade = grade_pending(practice, pending)
        self.app.call_from_thread(self.graded, pending, grade)

    def graded(self, pending: Pending, grade: Grade | None) -> None:
        """Take a grade worked out in a thread; record it as an answer."""
        self.grading.discard(pending)
        if self not in self.app.screen_stack:
            return  # left meanwhile: the game was saved with it pending, graded on resuming
        if pending not in self.practice.pending:
            return  # (a game replaced meanwhile)
        practice = self.practice.graded(pending, grade)
        if grade is not None:
            filed = practice.grades[-1][1]  # (marked if it was taken back meanwhile)
            stored = self.trainer.record(filed.attempt)
            practice = practice.recorded(filed, replace(filed, attempt=stored))
        self.practice = practice
        self.save()
        self.redraw()
        self.check_review()

    def check_review(self) -> None:
        """An open review takes the grades that came in (it keeps the focus it has). Once a
        hand's decisions are graded the log says what the hand cost (``r`` shows its
        review: no window opens by itself over the next deal); after the game, the
        summary."""
        p = self.practice
        for screen in self.app.screen_stack:
            if isinstance(screen, ReviewScreen):
                screen.show(hand_review(p.all_grades(), screen.deal))
        if p.pending:
            return
        finished = p.deal + (1 if p.over else 0)
        while self.reviewed < finished:
            self.practice = p = p.told(_review_note(p, self.reviewed))
            self.reviewed += 1
            self.save()
            self._write_log(p.log)
        if p.over and not self.summarised:
            self.summarised = True
            self.app.push_screen(SummaryScreen(p))

    # -- drawing

    def redraw(self) -> None:
        """Redraw the board, the hands, the play log and the prompt."""
        p = self.practice
        g = p.game
        backs = [max(s - _last_points(p, side), 0) for side, s in enumerate(g.scores)]
        self.query_one("#practice-board", Board).show(
            g.variant.target, _board_names(p), g.scores, backs, g.winner
        )
        rules = p.settings.options()
        muggins = ", muggins" if rules.muggins else ""
        self.sub_title = f"{g.variant.name} to {g.variant.target}, {rules.ruleset.short}{muggins}"
        dealer = g.names[g.dealer]
        parts = [f"Deal {g.deal_number + 1}", f"{dealer} {'deal' if p.you_deal else 'deals'}"]
        parts.append(_whose_crib(p))
        if g.starter is not None:
            parts.append(f"starter {card_markup(g.starter)}")
        self.query_one("#practice-status", Static).update(" · ".join(parts))
        self.query_one("#practice-table", Static).update(self._table_text())
        self.query_one("#practice-hand", Static).update(self._hand_text())
        self.query_one("#practice-prompt", Static).update(self._prompt_text())
        counting = p.waiting_for == "count"
        _show(self.query_one("#practice-answer"), counting)
        _show(self.query_one("#practice-total"), counting and not self.itemised)
        _show(self.query_one("#practice-items"), counting and self.itemised)
        if counting:
            first = f"#practice-{ItemKind.FIFTEEN}" if self.itemised else "#practice-total"
            self.query_one(first, PointsInput).focus()
        elif isinstance(self.focused, PointsInput):
            self.query_one("#practice-log", RichLog).focus()  # keys go to the screen
        self._write_log(p.log)
        self.refresh_bindings()  # (the footer's keys follow the decision waiting)

    def _write_log(self, lines: tuple[str, ...]) -> None:
        """Write the lines not yet shown (all of them again if the log was cut short)."""
        log = self.query_one("#practice-log", RichLog)
        shown = self.logged
        if lines[: len(shown)] != shown:
            log.clear()
            shown = ()
        for line in lines[len(shown) :]:
            log.write(line)
        self.logged = lines

    def _table_text(self) -> str:
        g = self.practice.game
        state = g.play_state
        if g.phase != "play" or state is None:
            return ""
        count, cards = self.practice.count_now()
        laid = " ".join(card_markup(c) for c in cards) or "—"
        held = ", ".join(
            f"{g.names[seat]} holds {len(state.hands[g.role_of(seat)])}"
            for seat in range(1, g.seats)
        )
        return f"Count {count}: {laid}   [dim]{held}[/dim]"

    def _hand_text(self) -> str:
        p = self.practice
        if p.waiting_for in ("count", "check"):
            _, crib, b = p.next_show()
            faces = " ".join(card_markup(c) for c in b.cards)
            whose = "Your" if p.waiting_for == "count" else f"{p.game.names[1]}'s"
            return (
                f"{whose} {'crib' if crib else 'hand'}: {faces}   starter {card_markup(b.starter)}"
            )
        state = p.game.play_state
        playing = p.waiting_for == "play" and state is not None
        legal = set(state.legal_cards() if playing and state is not None else p.hand)
        shown = []
        for n, card in enumerate(self._keyed(), start=1):
            face = card_markup(card)
            if card not in p.hand:
                face = f"[dim strike]{card}[/] [dim]laid[/dim]"
            elif card in self.picked:
                face = f"[reverse]{face}[/reverse]"
            elif card not in legal:
                face = f"[dim]{card}[/dim]"
            shown.append(f"[@click=screen.pick({n})][b]{n}[/b] {face}[/]")  # (a click picks it)
        return "Your hand: " + "  ".join(shown) if shown else "Your hand: —"

    def _keyed(self) -> tuple[Card, ...]:
        """The cards the number keys name: those dealt before the throw; in the play the
        cards kept, each keeping its key once laid."""
        p = self.practice
        g = p.game
        if g.phase == "discard" or g.play_state is None:
            return p.hand
        return g.kept(0)

    def _prompt_text(self) -> str:
        p = self.practice
        wait = p.waiting_for
        grading = "  [dim](grading…)[/dim]" if p.pending else ""
        if p.over:
            return "[b]Game over.[/b] s the summary · ctrl+n a new game" + grading
        if wait == "discard":
            n = p.game.variant.discard
            two = p.game.seats == 2
            to = f"{'your' if p.you_deal else 'his'} crib" if two else _whose_crib(p)
            return f"Throw {n} to {to}: pick with 1–{len(p.hand)}, enter throws."
        if wait == "play":
            state = p.game.play_state
            assert state is not None
            on = f"on {state.count}" if state.count_cards else "to lead"
            return f"Your card {on}: press its number."
        if wait == "go":
            return "You cannot come in: [b]g[/b] says go."
        if wait == "check":
            claim = p.computer_claim()[0]
            return f"He claims {claim}: [b]enter[/b] accepts, [b]m[/b] calls muggins."
        if wait == "count":
            how = "points for each kind" if self.itemised else "the total"
            return f"Count it: {how}, enter. [dim]i: {'total' if self.itemised else 'items'}"
        return grading

    # -- the learner's keys

    def _now(self) -> tuple[float, datetime]:
        return self.trainer.ticks() - self.started, self.trainer.now()

    def action_pick(self, number: int) -> None:
        p = self.practice
        wait = p.waiting_for
        keyed = self._keyed()
        if wait == "go":
            count, _ = p.count_now()
            self.notify(f"No card of yours comes in on {count}: press g to say go.")
            return
        if wait not in ("discard", "play"):
            if wait is None and not p.over:
                self.notify("Not your turn: the computer is playing.")
            return
        if number > len(keyed):
            self.notify(f"No card {number}: your cards are 1–{len(keyed)}.")
            return
        card = keyed[number - 1]
        if wait == "play":
            if card not in p.hand:
                self.notify(f"You laid the {card} already.")
                return
            self._try(lambda s, t: p.play(card, seconds=s, answered_at=t))
            return
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < p.game.variant.discard:
            self.picked.append(card)
        self.query_one("#practice-hand", Static).update(self._hand_text())

    def action_throw(self) -> None:
        p = self.practice
        if p.waiting_for == "check":
            self._check(muggins=False)
            return
        if p.waiting_for != "discard":
            return
        need = p.game.variant.discard
        if len(self.picked) != need:
            self.notify(f"Pick {need} cards to throw first (1–{len(p.hand)}).")
            return
        picked = tuple(self.picked)
        self._try(lambda s, t: p.discard(picked, seconds=s, answered_at=t))

    def action_muggins(self) -> None:
        if self.practice.waiting_for == "check":
            self._check(muggins=True)
        else:
            self.notify("Muggins is called on the computer's count, as it says it.")

    def _check(self, *, muggins: bool) -> None:
        seconds, now = self._now()
        practice, grade = self.practice.check(muggins=muggins, seconds=seconds, answered_at=now)
        stored = self.trainer.record(grade.attempt)
        self.step(practice.recorded(grade, replace(grade, attempt=stored)))

    def action_go(self) -> None:
        self._try(lambda s, t: self.practice.say_go())

    def action_no_go(self) -> None:
        """``g`` with no go due: why not."""
        self._try(lambda s, t: self.practice.say_go())

    def action_no_take_back(self) -> None:
        """``ctrl+z`` with nothing that can be taken back: why not."""
        self.notify(self.practice.undo_refused() or "", severity="warning", markup=False)

    def action_hint(self) -> None:
        """The best choice for the decision waiting, with its reason (worked out in a
        thread: a card's analysis can take a second)."""
        p = self.practice
        if p.waiting_for is None:
            return
        self.query_one("#practice-prompt", Static).update("[dim]a hint is being worked out…[/dim]")
        self.find_hint(p, len(p.hint_texts()))

    @work(thread=True, group="hint", exclusive=True)
    def find_hint(self, practice: Practice, step: int) -> None:
        text = hint(practice, step)
        self.app.call_from_thread(self.show_hint, practice, text)

    def show_hint(self, asked: Practice, text: str) -> None:
        """Put the hint in the log, if the decision it is for still waits."""
        p = self.practice
        if len(p.game.actions) != len(asked.game.actions) or p.waiting_for != asked.waiting_for:
            return  # decided meanwhile
        self.practice = p.hinted(text)
        self.save()
        self.redraw()

    def _try(self, move) -> None:  # type: ignore[no-untyped-def]
        seconds, now = self._now()
        try:
            practice = move(seconds, now)
        except PracticeError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        self.step(practice)

    @on(PointsInput.Submitted)
    def count_submitted(self) -> None:
        """Take the learner's count of his hand or crib."""
        p = self.practice
        if p.waiting_for != "count":
            return
        seconds, now = self._now()
        try:
            if self.itemised:
                by_kind = {
                    kind: int(self.query_one(f"#practice-{kind}", PointsInput).value or 0)
                    for kind, _ in ITEM_FIELDS
                }
                if self.refused_count(sum(by_kind.values())):
                    return
                practice, grade = p.count(by_kind=by_kind, seconds=seconds, answered_at=now)
            else:
                text = self.query_one("#practice-total", PointsInput).value
                if not text:
                    self.notify("Type your count first (the total, 0 for nothing).")
                    return
                if self.refused_count(int(text)):
                    return
                practice, grade = p.count(total=int(text), seconds=seconds, answered_at=now)
        except PracticeError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        for box in self.query(PointsInput):
            box.value = ""
        stored = self.trainer.record(grade.attempt)
        self.step(practice.recorded(grade, replace(grade, attempt=stored)))

    def action_toggle_items(self) -> None:
        self.itemised = not self.itemised
        self.redraw()

    def action_take_back(self) -> None:
        try:
            practice = self.practice.undo()
        except PracticeError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        self.practice = practice
        self.picked = []
        self.started = self.trainer.ticks()
        self.reviewed = min(self.reviewed, practice.deal)
        self.save()
        self.grade_waiting()
        self.redraw()

    def action_review(self) -> None:
        p = self.practice
        if p.over:
            self.app.push_screen(SummaryScreen(p))
            return
        deal = max(p.deal - 1, 0) if p.waiting_for == "discard" else p.deal
        grades = p.all_grades()
        if p.deal == 0 and p.waiting_for == "discard" and not grades:  # (before the throw)
            self.notify("No hand played yet: r reviews a hand once you have thrown.")
            return
        self.app.push_screen(ReviewScreen(deal, hand_review(grades, deal)))

    def action_summary(self) -> None:
        if self.practice.over:
            self.app.push_screen(SummaryScreen(self.practice))

    def action_new_game(self) -> None:
        self.app.pop_screen()
        self.app.call_later(self.trainer.open_practice, new=True)

    def holds_an_answer(self) -> bool:
        """Whether a decision is waiting on its grade (the palette will not leave then)."""
        return bool(self.practice.pending)


def _review_note(practice: Practice, deal: int) -> str:
    """What a graded hand cost, for the log (its review is a key away).

    >>> from crib_trainer.training.game.practice import PracticeSettings
    >>> _review_note(Practice.new(PracticeSettings(), seed=1), 0)
    'Deal 1 graded: no costly decision (0.0 points given up in all).'
    """
    grades = [g for g in practice.deal_grades(deal) if not g.take_back]
    lost = f"{sum(g.points_lost for g in grades if g.unit != 'win'):.1f} points"
    win = sum(g.points_lost for g in grades if g.unit == "win")
    if win:
        lost += f" and {win:.1%} of the game at the score"
    costly = len([g for g in hand_review(grades, deal) if not g.take_back])
    if not costly:
        return f"Deal {deal + 1} graded: no costly decision ({lost} given up in all)."
    many = "decision" if costly == 1 else "decisions"
    return (
        f"Deal {deal + 1} graded: {costly} costly {many}, {lost} given up in all; r reviews them."
    )


def _show(widget: Widget, shown: bool) -> None:
    if widget.display != shown:  # (a change of display lays the screen out again)
        widget.display = shown


def _last_points(practice: Practice, side: int) -> int:
    """The last score a side pegged this deal (the gap between its pegs on the board)."""
    g = practice.game
    for event in reversed(g.events):
        if g.side_of(g.seat_of(event.role)) == side and event.points:
            return event.points
    return 0


def _board_names(practice: Practice) -> tuple[str, ...]:
    """The board's name for each side: a seat's, or with partners ``Us`` and ``Them``."""
    g = practice.game
    return ("Us", "Them") if g.variant.partnerships else g.names


def _whose_crib(practice: Practice) -> str:
    """``your crib``, ``Left's crib``, or when your partner deals ``your side's crib``."""
    g = practice.game
    if practice.you_deal:
        return "your crib"
    if g.side_of(g.dealer) == g.side_of(0):
        return "your side's crib"
    return f"{g.names[g.dealer]}'s crib"


class ReviewScreen(ModalScreen[None]):
    """After a hand: its costly decisions, costliest first; enter replays one as a drill."""

    BINDINGS = [
        Binding("escape", "dismiss", "Play on"),
        Binding("c", "dismiss", "Play on", show=False),
        *IN_A_WINDOW,
    ]

    def __init__(self, deal: int, grades: list[Grade]) -> None:
        super().__init__()
        self.deal = deal
        self.grades = grades

    def compose(self) -> ComposeResult:
        with Vertical(id="practice-review", classes="practice-modal"):
            yield Static(f"[b]Deal {self.deal + 1}: the review[/b]  [dim]escape plays on[/dim]")
            yield Static(id="review-note")
            yield OptionList(id="review-list")

    def on_mount(self) -> None:
        self.show(self.grades)

    def show(self, grades: list[Grade]) -> None:
        """Show these grades (the same review, with the grades that came in since); the
        focus stays where it was."""
        self.grades = grades
        listed = self.query_one("#review-list", OptionList)
        highlighted = listed.highlighted
        listed.clear_options()
        listed.add_options([_grade_option(i, g) for i, g in enumerate(grades)])
        listed.display = bool(grades)
        if grades and highlighted is not None:
            listed.highlighted = min(highlighted, len(grades) - 1)
        self.query_one("#review-note", Static).update(
            "[dim]enter replays one as a drill[/dim]"
            if grades
            else "No costly decisions in this hand: well played."
        )

    @on(OptionList.OptionSelected)
    def replay(self, event: OptionList.OptionSelected) -> None:
        """Ask the chosen decision again as its drill."""
        _replay(self, self.grades[int(event.option.id or 0)])


class SummaryScreen(ModalScreen[None]):
    """After the game: points lost by discards, the play and counting, the biggest
    mistake, and the costly decisions to replay as drills."""

    BINDINGS = [Binding("escape", "dismiss", "Close"), *IN_A_WINDOW]

    def __init__(self, practice: Practice) -> None:
        super().__init__()
        self.practice = practice
        grades = practice.all_grades()
        self.summary = game_summary(grades)
        costly = [g for g in grades if not g.attempt.correct and not g.take_back]
        self.costly = sorted(costly, key=lambda g: (g.unit != "win", -g.points_lost))[:6]

    def compose(self) -> ComposeResult:
        g = self.practice.game
        s = self.summary
        result = g.result
        winner = self.practice.side_name(g.winner) if g.winner is not None else "No one"
        scores = "–".join(str(x) for x in sorted(g.scores, reverse=True))
        head = f"{winner} won {scores}" + (f", {result.text}" if result else "")
        lost = ", ".join(f"{DECISION_WORDS[d]} {v:.1f}" for d, v in s.lost.items())
        hinted = sum(
            1
            for g in self.practice.all_grades()
            if g.attempt.answer.get("hints") and not g.take_back
        )
        lines = [
            "[b]The game[/b]: $head.",
            f"Points given up: {s.total_lost:.1f} ({lost})."
            + (f" At the score: {s.win_lost:.1%} of the game given up." if s.win_lost else ""),
            f"{s.best} of {s.decisions} decisions were the best"
            + (f"; {s.take_backs} taken back" if s.take_backs else "")
            + (f"; {hinted} after a hint" if hinted else "")
            + ".",
        ]
        if s.biggest is not None:
            lines.append(f"Biggest mistake (deal {s.biggest.deal + 1}): $biggest")
        biggest = s.biggest.text if s.biggest is not None else ""
        with Vertical(id="practice-summary", classes="practice-modal"):  # (texts as text)
            yield Static(Content.from_markup("\n".join(lines), head=head, biggest=biggest))
            if self.costly:
                yield Static("[dim]enter replays one as a drill · escape closes[/dim]")
                yield OptionList(*(_grade_option(i, g) for i, g in enumerate(self.costly)))

    @on(OptionList.OptionSelected)
    def replay(self, event: OptionList.OptionSelected) -> None:
        """Ask the chosen decision again as its drill."""
        _replay(self, self.costly[int(event.option.id or 0)])


def _grade_option(index: int, grade: Grade) -> Option:
    """A grade as a line to pick: its text (read back from a save: shown as text, never
    as markup)."""
    back = " [i](taken back)[/i]" if grade.take_back else ""
    back += " [i](hinted)[/i]" if grade.attempt.answer.get("hints") else ""
    lost = f"−{grade.points_lost:.1%}" if grade.unit == "win" else f"−{grade.points_lost:.1f}"
    line = Content.from_markup(f"$lost  $text{back}", lost=f"{lost:>6}", text=grade.text)
    return Option(line, id=str(index))


def _replay(screen: ModalScreen[None], grade: Grade) -> None:
    """Ask a decision again as its drill (it must be in the history, with an id)."""
    attempt = grade.attempt
    if attempt.id is None:
        screen.notify("That decision was not kept in your history, so it cannot be replayed.")
        return
    trainer = screen.app
    trainer.open_drill(attempt.kind, replay_id=attempt.id)  # type: ignore[attr-defined]


#: The games of the form, in its words (short enough not to wrap at 80 columns).
GAME_CHOICES = [
    ("six-card, to 121", "six-card"),
    ("five-card, to 61", "five-card"),
    ("three players, to 61", "three-player"),
    ("four, with a partner, to 61", "four-player"),
]
#: Each rule set as the form's menu names it.
RULE_NAMES = {"acc": "ACC tournament", "hoyle": "Hoyle", "britannica": "Britannica"}


def rule_choices(variant: str) -> list[tuple[str, str]]:
    """The rules menu for a game: the game's usual (named: it depends on the target),
    then every rule set, each of which goes with every game.

    >>> rule_choices("five-card")[0], rule_choices("six-card")[0]
    (('usual rules: Britannica', ''), ('usual rules: ACC tournament', ''))
    """
    usual = default_ruleset(get_variant(variant).target).name
    return [
        (f"usual rules: {RULE_NAMES[usual]}", ""),
        *((f"rules: {label}", name) for name, label in RULE_NAMES.items()),
    ]


def rules_chosen(variant: str, rules: str) -> RuleSet:
    """The rule set a choice of the menu (``""``: the game's usual) means for a game."""
    return resolve_ruleset(rules, get_variant(variant).target)


def muggins_note(variant: str, rules: str) -> str | None:
    """Why muggins cannot be played with these rules, in the menu's words and with the
    law's source; None when it can.

    >>> for sentence in muggins_note("five-card", "").split(". "):
    ...     print(sentence)
    Britannica has no muggins: scoring too few carries no penalty (Britannica, law 19)
    For muggins choose rules: Hoyle or rules: ACC tournament.
    >>> muggins_note("five-card", "hoyle") is None
    True
    """
    ruleset = rules_chosen(variant, rules)
    if ruleset.muggins is not None:
        return None
    others = " or ".join(
        f"rules: {label}"
        for name, label in reversed(RULE_NAMES.items())
        if RULESETS[name].muggins is not None
    )
    return (
        f"{RULE_NAMES[ruleset.name]} has no muggins: scoring too few carries no penalty "
        f"({ruleset.under_claim.source}). For muggins choose {others}."
    )


class NewPracticeScreen(ModalScreen[PracticeSettings | None]):
    """The settings of a practice game: the game, the rules, muggins, the computer's
    strength, and how the trainer helps; they start as the last game's."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"), *IN_A_WINDOW]

    def __init__(self, last: PracticeSettings | None = None) -> None:
        super().__init__()
        self.last = last or PracticeSettings()

    def compose(self) -> ComposeResult:
        last = self.last
        with Vertical(id="new-practice", classes="practice-modal"):
            yield Static("[b]Practice game[/b] — you against the computer")
            with Horizontal(classes="new-game-row"):
                yield Select(
                    GAME_CHOICES, value=last.variant, allow_blank=False, id="practice-variant"
                )
                yield Select(
                    rule_choices(last.variant),
                    value=last.ruleset or "",
                    allow_blank=False,
                    id="practice-rules",
                )
            yield Select(
                [(f"computer: {name}", name) for name in PLAYERS],
                value=last.strength,
                allow_blank=False,
                id="practice-strength",
            )
            with Horizontal(classes="new-game-row"):
                yield TickBox("Muggins", last.muggins, id="practice-muggins")
                yield TickBox("Say go for me", last.auto_go, id="practice-auto-go")
                yield TickBox("Count for me", last.count_for_me, id="practice-count-for-me")
            with Horizontal(classes="new-game-row"):
                yield TickBox("Grades at once", last.grades_at_once, id="practice-at-once")
                yield TickBox("Count by item", last.itemised, id="practice-itemised")
                yield TickBox("He mis-counts", last.miscounts, id="practice-miscounts")
            yield Static(id="practice-hint")
            yield Button("Start", id="practice-start", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#practice-start", Button).focus()
        self.show_note()

    @on(Select.Changed, "#practice-variant")
    def variant_changed(self) -> None:
        """The usual rules are named for the game chosen (the choice itself is kept)."""
        rules = self.query_one("#practice-rules", Select)
        chosen = str(rules.value)
        rules.set_options(rule_choices(self._variant()))
        # (the menu shows an option's new name only when its value changes)
        rules.value = "acc" if chosen != "acc" else ""
        rules.value = chosen
        self.show_note()

    @on(Select.Changed, "#practice-rules")
    @on(Checkbox.Changed, "#practice-muggins")
    def rules_changed(self) -> None:
        self.show_note()

    def _variant(self) -> str:
        return str(self.query_one("#practice-variant", Select).value)

    def show_note(self) -> None:
        """Before Start: what the rules chosen allow (no muggins under Britannica's laws,
        the mis-counts only at two with muggins), else who deals first."""
        variant = self._variant()
        note = muggins_note(variant, str(self.query_one("#practice-rules", Select).value))
        muggins = self.query_one("#practice-muggins", Checkbox)
        miscounts = self.query_one("#practice-miscounts", Checkbox)
        if note is not None:
            muggins.value = False
        muggins.disabled = note is not None
        two = get_variant(variant).players == 2
        if not (two and muggins.value):
            miscounts.value = False
        miscounts.disabled = not (two and muggins.value)
        if note is None and not two:
            note = "He mis-counts is for the two-player games."
        self.query_one("#practice-hint", Static).update(
            Content(note or "The cut decides who deals first.")
        )

    @on(Button.Pressed, "#practice-start")
    def start(self) -> None:
        """Start a game with the settings chosen on the form."""
        try:
            settings = PracticeSettings(
                variant=self._variant(),
                ruleset=str(self.query_one("#practice-rules", Select).value) or None,
                muggins=self.query_one("#practice-muggins", Checkbox).value,
                strength=str(self.query_one("#practice-strength", Select).value),
                auto_go=self.query_one("#practice-auto-go", Checkbox).value,
                grades_at_once=self.query_one("#practice-at-once", Checkbox).value,
                itemised=self.query_one("#practice-itemised", Checkbox).value,
                miscounts=self.query_one("#practice-miscounts", Checkbox).value,
                count_for_me=self.query_one("#practice-count-for-me", Checkbox).value,
            )
        except PracticeError as err:
            self.query_one("#practice-hint", Static).update(
                Content.from_markup("[yellow]$err", err=str(err))
            )
            return
        self.dismiss(settings)


def open_practice(app: CribTrainerApp, *, new: bool = False) -> None:
    """Resume the practice game not yet won (unless ``new``), else ask for the settings of
    a new one; its seed comes from the app's random numbers."""
    resume = None
    if not new:
        try:
            resume = app.records.unfinished_practice()
        except StorageError as err:
            app.notify(str(err), severity="error", markup=False)
    if resume is not None:
        game_id, practice = resume
        app.push_screen(PracticeScreen(practice, game_id))
        return

    def start(settings: PracticeSettings | None) -> None:
        """Start a game with the settings chosen on the form."""
        if settings is not None:
            practice = Practice.new(settings, seed=app.rng.randrange(2**31))
            app.push_screen(PracticeScreen(practice))

    try:
        last = app.records.last_practice_settings()
    except StorageError:
        last = None  # (the form starts from the defaults)
    app.push_screen(NewPracticeScreen(last), start)

"""Count a hand or a crib, or judge a claim: type the total (or claim item by item), then
see every item, lit up card by card.

A total (or items adding up) over 29 is refused as a typo, never recorded; enter with no
item typed is ignored.

Keys: enter checks, ``i`` switches between the total and item by item, ``m`` turns
muggins on or off, ``h`` gives a hint (again for the next step; a right answer after hints
is partly right), ``s`` switches between the scheduler's choice (weak spots more often)
and purely random hands, ``n`` deals the next hand, escape goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Header, Input, Static

from crib_trainer.core.rules import RuleOptions
from crib_trainer.core.show import Breakdown, ItemKind, ShowItem
from crib_trainer.training.drills.hands import CountDrill, JudgeDrill
from crib_trainer.training.grading.claims import grade_items, judge_claim, likely_missed
from crib_trainer.training.grading.hints import credit, hints, with_hints
from crib_trainer.training.kinds import KINDS
from crib_trainer.training.learning.session import Plan, Question
from crib_trainer.training.words.explain import describe_item, rarity_line, spoken_count
from crib_trainer.training.words.patterns import pattern
from crib_trainer.ui.screens.base import BACK, THEME_UNSHOWN, TrainerScreen
from crib_trainer.ui.widgets.breakdown import BreakdownView
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar

ITEM_FIELDS = [
    (ItemKind.FIFTEEN, "15s"),
    (ItemKind.PAIR, "pairs"),
    (ItemKind.RUN, "runs"),
    (ItemKind.FLUSH, "flush"),
    (ItemKind.NOBS, "his nob"),
]


@dataclass(frozen=True, slots=True)
class Judged:
    """A learner's count against the truth, as shown on the screen."""

    claim: int
    missed: tuple[ShowItem, ...]
    over: int
    correct: bool
    text: str


class CountScreen(TrainerScreen):
    """Count a hand or a crib, or judge a claim: deal, answer (a total or item by item),
    see every item."""

    BINDINGS = [
        BACK,
        THEME_UNSHOWN,
        Binding(
            "i",
            "toggle_mode",
            "Items",
            tooltip="answer item by item (15s, pairs, runs, flush, his nob) or as a total",
        ),
        Binding(
            "m", "toggle_muggins", "Muggins", tooltip="muggins on or off: points you miss go to him"
        ),
        Binding(
            "h",
            "hint",
            "Hint",
            tooltip="a hint before answering, in three steps (each costs a quarter of the credit)",
        ),
        Binding(
            "s",
            "toggle_source",
            "Source",
            tooltip="hands from the scheduler (weak spots, reviews) or purely random",
        ),
        Binding("n", "next_hand", "Next", tooltip="deal the next hand, once this one is answered"),
    ]

    itemised: reactive[bool] = reactive(False)
    muggins: reactive[bool] = reactive(False)

    def __init__(
        self,
        kind: str = "count-hand",
        *,
        adaptive: bool = True,
        replay_id: int | None = None,
        drill: CountDrill | JudgeDrill | None = None,
        plan: Plan | None = None,
    ) -> None:
        super().__init__()
        self.kind = kind
        self.adaptive = adaptive
        self.replay_id = replay_id
        self.plan = plan
        self.question: Question | None = None
        self.first = drill
        self.drill: CountDrill | JudgeDrill | None = None
        self.breakdown: Breakdown | None = None
        self.revealed = False
        self.started = 0.0
        self.why = ""
        self.hints_shown: list[str] = []

    @property
    def deal(self) -> CountDrill | None:
        """The deal being counted (a judged claim's own deal)."""
        if isinstance(self.drill, JudgeDrill):
            return self.drill.deal
        return self.drill

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="count"):
            yield Static(id="role")
            yield HandView(id="hand")
            with Horizontal(id="answer-row"):
                yield Static("Your count", id="prompt")
                yield PointsInput(id="total", placeholder="total")
                with Horizontal(id="items-row"):
                    for kind, label in ITEM_FIELDS:
                        yield Static(label, classes="item-label")
                        yield PointsInput(id=f"claim-{kind}", classes="item-input", placeholder="0")
            yield Static(id="hint")
            yield Static(id="verdict")
            yield Static(id="status")
            yield BreakdownView(id="breakdown")
            yield Static(id="spoken")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = KINDS[self.kind].label if self.kind in KINDS else "Count"
        if self.first is not None:
            self.why = "The hand you kept."
        self.new_hand(self.first)

    # -- dealing

    def _choose(self) -> Question:
        """The next question: one asked again from the Progress screen, the home screen's
        suggestion, the session's choice, or a random hand."""
        trainer = self.trainer
        if self.replay_id is not None:
            question = trainer.replay_question(self.replay_id)
            self.replay_id = None
            if (
                question is not None
                and question.again is not None
                and isinstance(question.drill, CountDrill | JudgeDrill)  # (a counting row)
            ):
                self.why = f"Replaying a hand from {question.again.answered_at:%d %b}."
                return question
        plan, self.plan = self.plan, None
        if not self.adaptive:
            plan = Plan(self.kind, None, "random")
        question = trainer.next_question([self.kind], plan)
        self.why = question.why or ("A random hand." if not self.adaptive else "A fresh hand.")
        return question

    def new_hand(self, drill: CountDrill | JudgeDrill | None = None) -> None:
        """Ask the next question: ``drill`` if given, else the session's choice."""
        self.question = self.trainer.session.given(drill) if drill else self._choose()
        assert isinstance(self.question.drill, CountDrill | JudgeDrill)
        self.drill = self.question.drill
        deal = self.deal
        assert deal is not None
        self.breakdown = deal.breakdown()
        self.revealed = False
        self.hints_shown = []
        self.query_one("#hint", Static).update("")
        prompt = KINDS[self.question.kind].prompt
        assert prompt is not None  # (every kind this screen asks says what it asks)
        task = prompt(self.drill)
        self.query_one("#role", Static).update(
            Content.from_markup("$task [dim]$why[/dim]", task=task, why=self.why)
        )
        self.query_one("#hand", HandView).show(deal.cards, deal.starter)
        for field in self.query(Input):
            field.value = ""
            field.disabled = False
        self.query_one("#answer-row").display = True
        self.query_one("#verdict", Static).update("")
        self.query_one("#spoken", Static).update("")
        breakdown = self.query_one("#breakdown", BreakdownView)
        breakdown.clear()
        breakdown.display = False
        self._show_status()
        self._focus_answer()
        self.refresh_bindings()  # (item by item is for counting, not for judging a claim)
        self.started = self.trainer.ticks()

    def _focus_answer(self) -> None:
        target = f"#claim-{ItemKind.FIFTEEN}" if self.itemised else "#total"
        self.query_one(target, Input).focus()

    def _show_status(self) -> None:
        muggins = "on" if self.muggins else "off"
        source = "scheduler" if self.adaptive else "random"
        if self.revealed:
            text = f"n next · ↑↓ light up each item's cards · muggins {muggins} (m) · {source} (s)"
        elif self.itemised:
            text = (
                f"points per kind (tab moves, blank 0), enter · total (i) · muggins {muggins} (m)"
            )
        elif isinstance(self.drill, JudgeDrill):
            text = f"the true total, then enter · muggins {muggins} (m)"
        else:
            text = f"the total, then enter · item by item (i) · muggins {muggins} (m)"
        self.query_one("#status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A claim is judged by its total: no item-by-item answer (the key is hidden).
        if action == "toggle_mode" and isinstance(self.drill, JudgeDrill):
            return False
        # Hints and item by item are for before answering, the next hand for after (the
        # keys are dimmed when they would do nothing).
        if action in ("hint", "toggle_mode") and self.revealed:
            return None
        if action == "next_hand" and not self.revealed:
            return None
        return True

    def action_toggle_mode(self) -> None:
        if self.revealed or isinstance(self.drill, JudgeDrill):
            return
        self.itemised = not self.itemised

    def watch_itemised(self, itemised: bool) -> None:
        self.query_one("#items-row").display = itemised
        self.query_one("#total").display = not itemised
        if self.is_mounted and self.drill is not None:
            self._show_status()
            self._focus_answer()

    def action_toggle_muggins(self) -> None:
        self.muggins = not self.muggins
        self._show_status()

    def action_toggle_source(self) -> None:
        self.adaptive = not self.adaptive
        self.notify("Hands from the scheduler." if self.adaptive else "Random hands.")
        self._show_status()

    def action_hint(self) -> None:
        """The next hint step, before answering (each one taken costs credit)."""
        if self.revealed or self.breakdown is None:
            return
        steps = hints(self.breakdown)
        if len(self.hints_shown) < len(steps):
            self.hints_shown.append(steps[len(self.hints_shown)])
        self.query_one("#hint", Static).update(
            f"[b]Hint {len(self.hints_shown)}/{len(steps)}[/b] " + " ".join(self.hints_shown)
        )

    def action_next_hand(self) -> None:
        if self.revealed:
            self.new_hand()

    # -- answering

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.revealed or self.breakdown is None or self.drill is None:
            return
        seconds = self.trainer.ticks() - self.started
        practice = self.trainer.session
        if self.itemised:
            values = [self.query_one(f"#claim-{kind}", Input).value for kind, _ in ITEM_FIELDS]
            if not any(values):
                self.notify("Type the points for each kind first (0 if none).", severity="warning")
                return
            claimed: dict[ItemKind, int] = {
                kind: _number(value) for (kind, _), value in zip(ITEM_FIELDS, values, strict=True)
            }
            if self.refused_count(sum(claimed.values())):
                return
            judged = judge_items(self.breakdown, claimed, muggins=self.muggins)
            assert isinstance(self.drill, CountDrill) and self.question is not None
            items = {str(kind): points for kind, points in claimed.items()}
            attempt = practice.grade(self.question, items=items, seconds=seconds)
        else:
            value = self.query_one("#total", Input).value
            if not value:
                self.notify("Type the total first (0 to 29).", severity="warning")
                return
            total = int(value)
            if self.refused_count(total):
                return
            judged = judge_total(self.breakdown, total, muggins=self.muggins)
            assert self.question is not None
            if isinstance(self.drill, JudgeDrill):
                judged = judge_drill_text(self.drill, judged, muggins=self.muggins)
            attempt = practice.grade(self.question, total=total, seconds=seconds)
        self.trainer.record(with_hints(attempt, self.hints_shown))
        self.reveal(judged, seconds)

    def reveal(self, judged: Judged, seconds: float) -> None:
        """Show the truth beside the answer: every item lit on its cards, the spoken count,
        what was missed."""
        assert self.breakdown is not None
        self.revealed = True
        self.refresh_bindings()
        for field in self.query(Input):
            field.disabled = True
        self.query_one("#answer-row").display = False
        self.query_one("#verdict", Static).update(f"{judged.text}  [dim]{seconds:.1f} s[/dim]")
        breakdown = self.query_one("#breakdown", BreakdownView)
        breakdown.display = True
        breakdown.show(self.breakdown, judged.missed)
        breakdown.focus()
        heels = ""
        if self.breakdown.starter.rank == 11:
            heels = " A jack turned is his heels: two to the dealer at the cut, never his nob."
        chunked = pattern(self.breakdown)
        lesson = chunked.lesson.split(":")[0].rstrip(".")
        self.query_one("#spoken", Static).update(
            f"[i]{spoken_count(self.breakdown)}[/i]{heels}\n"
            f"[b]By pattern:[/b] {chunked.says} [dim]{lesson}.[/dim]\n"
            f"[dim]{rarity_line(self.breakdown)}[/dim]"
        )
        if self.hints_shown and judged.correct:
            n = len(self.hints_shown)
            self.query_one("#hint", Static).update(
                f"[dim]Right after {n} hint{'s' if n > 1 else ''}: worth {credit(n):g} of a "
                "right answer.[/dim]"
            )
        self._show_status()

    def on_breakdown_view_item_highlighted(self, event: BreakdownView.ItemHighlighted) -> None:
        self.query_one("#hand", HandView).light(event.cards)


def judge_drill_text(drill: JudgeDrill, judged: Judged, *, muggins: bool) -> Judged:
    """Words for a judged claim: was the claim right, and was the learner's total."""
    b = drill.deal.breakdown()
    verdict = judge_claim(b, drill.claim)
    if verdict.verdict == "correct":
        claim_text = f"His {drill.claim} is right."
    elif verdict.verdict == "under":
        short = verdict.difference
        claim_text = f"He claimed {drill.claim}, {short} short" + (
            f": muggins! You peg the {short} he missed."
            if muggins
            else " (no penalty without muggins)."
        )
    else:
        claim_text = f"He claimed {drill.claim}, {verdict.difference} too many."
    return Judged(
        judged.claim, judged.missed, judged.over, judged.correct, f"{claim_text} {judged.text}"
    )


def _number(text: str) -> int:
    return int(text) if text else 0


def judge_total(b: Breakdown, claim: int, *, muggins: bool) -> Judged:
    """A total answer against the truth, with the likeliest missed items named."""
    verdict = judge_claim(b, claim, RuleOptions(muggins=muggins))
    if verdict.verdict == "correct":
        return Judged(claim, (), 0, True, f"[b $success]✓ Right: {b.total}.[/]")
    if verdict.verdict == "over":
        text = f"[b $error]✗ You said {claim}; it is {b.total}[/] — {claim - b.total} too many."
        return Judged(claim, (), claim - b.total, False, text)
    shortfall = b.total - claim
    text = f"[b $error]✗ You said {claim}; it is {b.total}[/] — {shortfall} missed."
    if verdict.missed:
        lead = "Missed" if verdict.missed_certain else "Likely missed"
        text += f" {lead}: " + "; ".join(describe_item(i) for i in verdict.missed) + "."
    if muggins:
        text += f"\n[b]Muggins![/b] Your opponent pegs the {shortfall} you missed."
    return Judged(claim, verdict.missed, 0, False, text)


def judge_items(b: Breakdown, claimed: dict[ItemKind, int], *, muggins: bool) -> Judged:
    """An item-by-item answer: each kind checked on its own."""
    grades = grade_items(b, claimed)
    total = sum(claimed.values())
    missed: list[ShowItem] = []
    notes: list[str] = []
    over = 0
    for grade in grades:
        if grade.missed:
            chosen, _ = likely_missed(b.of_kind(grade.kind), grade.missed)
            missed += chosen
            notes.append(f"{grade.kind}: said {grade.claimed}, it is {grade.actual}")
        elif grade.over:
            over += grade.over
            notes.append(f"{grade.kind}: said {grade.claimed}, it is {grade.actual}")
    if not notes:
        return Judged(total, (), 0, True, f"[b $success]✓ Right, item by item: {b.total}.[/]")
    text = f"[b $error]✗ You counted {total}; it is {b.total}.[/] " + "; ".join(notes) + "."
    shortfall = sum(g.missed for g in grades)
    if muggins and shortfall:
        text += f"\n[b]Muggins![/b] Your opponent pegs the {shortfall} you missed."
    return Judged(total, tuple(missed), over, False, text)

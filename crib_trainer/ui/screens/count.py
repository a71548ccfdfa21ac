"""Count a hand or a crib: type the total (or claim item by item), then see every item.

Keys: enter checks, ``i`` switches between the total and item-by-item, ``m`` turns
muggins on or off, ``n`` deals the next hand, escape goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Footer, Header, Input, Static

from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.rules import RuleOptions
from crib_trainer.core.show import Breakdown, Kind, ShowItem, score_show
from crib_trainer.training.explain import describe_item, rarity_line, spoken_count
from crib_trainer.training.grading import category, grade_items, judge_claim, likely_missed
from crib_trainer.ui.screens.base import TrainerScreen
from crib_trainer.ui.widgets.breakdown import BreakdownView
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.inputs import PointsInput

ITEM_FIELDS = [
    (Kind.FIFTEEN, "15s"),
    (Kind.PAIR, "pairs"),
    (Kind.RUN, "runs"),
    (Kind.FLUSH, "flush"),
    (Kind.NOBS, "nob"),
]


@dataclass(frozen=True, slots=True)
class Deal:
    cards: tuple[Card, ...]
    starter: Card
    crib: bool


@dataclass(frozen=True, slots=True)
class Judged:
    """A learner's count against the truth."""

    claim: int
    missed: tuple[ShowItem, ...]
    over: int
    correct: bool
    text: str


class CountScreen(TrainerScreen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("i", "toggle_mode", "Item by item"),
        Binding("m", "toggle_muggins", "Muggins"),
        Binding("n", "next_hand", "Next hand"),
    ]

    itemised: reactive[bool] = reactive(False)
    muggins: reactive[bool] = reactive(False)

    def __init__(self, *, crib: bool = False, deal: Deal | None = None) -> None:
        super().__init__()
        self.crib = crib
        self.deal = deal
        self.breakdown: Breakdown | None = None
        self.revealed = False
        self.started = 0.0

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
            yield Static(id="verdict")
            yield Static(id="status")
            yield BreakdownView(id="breakdown")
            yield Static(id="spoken")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Count a crib" if self.crib else "Count a hand"
        self.new_hand(self.deal)

    # -- dealing

    def new_hand(self, deal: Deal | None = None) -> None:
        if deal is None:
            five = self.trainer.rng.sample(FULL_DECK, 5)
            deal = Deal(tuple(sorted(five[:4])), five[4], self.crib)
        self.deal = deal
        self.breakdown = score_show(deal.cards, deal.starter, crib=deal.crib)
        self.revealed = False
        role = (
            "The crib: you dealt, so it is yours. A crib flush needs the starter too."
            if deal.crib
            else "Your hand, with the starter. What does it score?"
        )
        self.query_one("#role", Static).update(role)
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
        self.started = self.trainer.ticks()

    def _focus_answer(self) -> None:
        target = f"#claim-{Kind.FIFTEEN}" if self.itemised else "#total"
        self.query_one(target, Input).focus()

    def _show_status(self) -> None:
        muggins = "on" if self.muggins else "off"
        if self.revealed:
            text = f"n next hand · ↑↓ light up each item's cards · muggins {muggins} (m)"
        elif self.itemised:
            text = f"points for each kind (blank is 0), enter · total (i) · muggins {muggins} (m)"
        else:
            text = f"the total, then enter · item by item (i) · muggins {muggins} (m)"
        self.query_one("#status", Static).update(f"[dim]{text}[/dim]")

    # -- keys

    def action_toggle_mode(self) -> None:
        if self.revealed:
            return
        self.itemised = not self.itemised

    def watch_itemised(self, itemised: bool) -> None:
        self.query_one("#items-row").display = itemised
        self.query_one("#total").display = not itemised
        if self.is_mounted and self.deal is not None:
            self._show_status()
            self._focus_answer()

    def action_toggle_muggins(self) -> None:
        self.muggins = not self.muggins
        self._show_status()

    def action_next_hand(self) -> None:
        if self.revealed:
            self.new_hand()

    # -- answering

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.revealed or self.breakdown is None:
            return
        if self.itemised:
            claimed = {
                kind: _number(self.query_one(f"#claim-{kind}", Input).value)
                for kind, _ in ITEM_FIELDS
            }
            judged = judge_items(self.breakdown, claimed, muggins=self.muggins)
            answer: dict[str, Any] = {"items": {str(k): v for k, v in claimed.items()}}
        else:
            value = self.query_one("#total", Input).value
            if not value:
                self.notify("Type the total first (0 to 29).", severity="warning")
                return
            judged = judge_total(self.breakdown, int(value), muggins=self.muggins)
            answer = {"total": int(value)}
        self.reveal(judged, answer)

    def reveal(self, judged: Judged, answer: dict[str, Any]) -> None:
        assert self.breakdown is not None and self.deal is not None
        seconds = self.trainer.ticks() - self.started
        self.revealed = True
        for field in self.query(Input):
            field.disabled = True
        self.query_one("#answer-row").display = False
        self.query_one("#verdict", Static).update(f"{judged.text}  [dim]{seconds:.1f} s[/dim]")
        breakdown = self.query_one("#breakdown", BreakdownView)
        breakdown.display = True
        breakdown.show(self.breakdown, judged.missed)
        breakdown.focus()
        self.query_one("#spoken", Static).update(
            f"[i]{spoken_count(self.breakdown)}[/i]\n[dim]{rarity_line(self.breakdown)}[/dim]"
        )
        self._show_status()
        self.trainer.record(self._attempt(judged, answer, seconds))

    def _attempt(self, judged: Judged, answer: dict[str, Any], seconds: float) -> dict[str, Any]:
        assert self.breakdown is not None and self.deal is not None
        missed: dict[str, float] = {}
        for item in judged.missed:
            missed[category(item)] = missed.get(category(item), 0) + item.points
        if judged.over:
            missed["over-claim"] = judged.over
        return {
            "kind": "count-crib" if self.deal.crib else "count-hand",
            "question": {
                "cards": [c.code for c in self.deal.cards],
                "starter": self.deal.starter.code,
                "crib": self.deal.crib,
                "variant": self.breakdown.variant.name,
            },
            "answer": answer,
            "truth": self.breakdown.to_json(),
            "correct": judged.correct,
            "grade": "correct" if judged.correct else ("over" if judged.over else "under"),
            "missed": missed,
            "seconds": seconds,
            "answered_at": self.trainer.now(),
        }

    def on_breakdown_view_item_highlighted(self, event: BreakdownView.ItemHighlighted) -> None:
        self.query_one("#hand", HandView).light(event.cards)


def _number(text: str) -> int:
    return int(text) if text else 0


def judge_total(b: Breakdown, claim: int, *, muggins: bool) -> Judged:
    """A total answer against the truth, with the likeliest missed items named."""
    verdict = judge_claim(b, claim, RuleOptions(muggins=muggins))
    if verdict.verdict == "correct":
        return Judged(claim, (), 0, True, f"[b green]✓ Right: {b.total}.[/]")
    if verdict.verdict == "over":
        text = f"[b red]✗ You said {claim}; it is {b.total}[/] — {claim - b.total} too many."
        return Judged(claim, (), claim - b.total, False, text)
    shortfall = b.total - claim
    text = f"[b red]✗ You said {claim}; it is {b.total}[/] — {shortfall} missed."
    if verdict.missed:
        lead = "Missed" if verdict.missed_certain else "Likely missed"
        text += f" {lead}: " + "; ".join(describe_item(i) for i in verdict.missed) + "."
    if muggins:
        text += f"\n[b]Muggins![/b] Your opponent pegs the {shortfall} you missed."
    return Judged(claim, verdict.missed, 0, False, text)


def judge_items(b: Breakdown, claimed: dict[Kind, int], *, muggins: bool) -> Judged:
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
        return Judged(total, (), 0, True, f"[b green]✓ Right, item by item: {b.total}.[/]")
    text = f"[b red]✗ You counted {total}; it is {b.total}.[/] " + "; ".join(notes) + "."
    shortfall = sum(g.missed for g in grades)
    if muggins and shortfall:
        text += f"\n[b]Muggins![/b] Your opponent pegs the {shortfall} you missed."
    return Judged(total, tuple(missed), over, False, text)

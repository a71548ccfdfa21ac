"""The timed drill: ten hands against the clock, each wrong count 10 s more, the best kept.

Keys: enter starts a run (and checks each count), ``r`` starts another when one is over,
escape goes back (a run left unfinished is not a run).
"""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Input, Static

from crib_trainer.core.cards import format_cards
from crib_trainer.training.drills.hands import CountDrill
from crib_trainer.training.drills.timed import (
    HANDS,
    PENALTY_SECONDS,
    TimedRun,
    deal_run,
    next_run,
    personal_best,
    timed_answer,
    timed_runs,
)
from crib_trainer.training.grading.answers import count_attempt
from crib_trainer.training.words.patterns import pattern
from crib_trainer.ui.screens.base import TrainerScreen
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.inputs import PointsInput
from crib_trainer.ui.widgets.keybar import KeyBar


class TimedScreen(TrainerScreen):
    """Ten hands against the clock; each run's time and the personal best."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "start", "Start"),
        Binding("r", "start", "Again"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.deals: list[CountDrill] = []
        self.results: list[tuple[CountDrill, int, bool]] = []  # (deal, said, right)
        self.run = 0
        self.started_at: datetime | None = None
        self.started = self.shown = 0.0
        self.running = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="timed"):
            yield Static(id="timed-status")
            yield HandView(id="timed-hand")
            with Horizontal(id="timed-row"):
                yield Static("Your count", id="timed-prompt")
                yield PointsInput(id="timed-total", placeholder="total")
            yield Static(id="timed-last")
            yield Static(id="timed-results")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Timed count"
        self._ready()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Starting is for before a run and after one, never in the middle of it.
        return not (action == "start" and self.running)

    def _runs(self) -> list[TimedRun]:
        return timed_runs(self.trainer.history())

    def _ready(self) -> None:
        """Before a run: what it is, and the best so far."""
        best = personal_best(self._runs())
        best_text = f"Your best: {_run_text(best)}." if best else "No run finished yet."
        self.query_one("#timed-status", Static).update(
            f"[b]{HANDS} hands against the clock.[/b] Type each hand's total and enter; "
            f"each wrong count adds {PENALTY_SECONDS:g} s.\n{best_text}\n"
            "[dim]enter starts the clock[/dim]"
        )
        self._answering(False)

    def _answering(self, on: bool) -> None:
        self.running = on
        self.query_one("#timed-hand").display = on
        self.query_one("#timed-row").display = on
        box = self.query_one("#timed-total", Input)
        box.disabled = not on
        if on:
            box.focus()
        self.refresh_bindings()

    def action_start(self) -> None:
        if self.running:
            return
        history = self.trainer.history()
        self.run = next_run(history)
        self.deals = deal_run(self.trainer.rng)
        self.results = []
        self.started_at = self.trainer.now()
        self.query_one("#timed-last", Static).update("")
        self.query_one("#timed-results", Static).update("")
        self._answering(True)
        self.started = self.trainer.ticks()
        self._show_hand(self.started)

    def _show_hand(self, now: float) -> None:
        deal = self.deals[len(self.results)]
        right = sum(r for _, _, r in self.results)
        self.query_one("#timed-status", Static).update(
            f"[b]Hand {len(self.results) + 1} of {HANDS}[/b] · {right} right · "
            f"{now - self.started:.1f} s"
        )
        self.query_one("#timed-hand", HandView).show(deal.cards, deal.starter)
        self.query_one("#timed-total", Input).value = ""
        self.shown = now

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.running or not event.value:
            return
        said = int(event.value)
        if self.refused_count(said):
            return
        now = self.trainer.ticks()
        deal = self.deals[len(self.results)]
        assert self.started_at is not None
        attempt = count_attempt(
            deal, total=said, seconds=now - self.shown, answered_at=self.trainer.now()
        )
        hand = len(self.results) + 1
        attempt = timed_answer(attempt, run=self.run, started=self.started_at, hand=hand)
        self.trainer.record(attempt)
        self.results.append((deal, said, attempt.correct))
        b = deal.breakdown()
        mark = "[green]✓[/]" if attempt.correct else f"[red]✗ {said}, it is[/]"
        self.query_one("#timed-last", Static).update(
            f"{mark} {b.total} — {pattern(b).says}  [dim]{format_cards(deal.cards)} | "
            f"{deal.starter}[/dim]"
        )
        if len(self.results) < HANDS:
            self._show_hand(now)
        else:
            self._finish(now)

    def _finish(self, now: float) -> None:
        self._answering(False)
        self.query_one("#timed-last", Static).update("")
        runs = self._runs()
        this = next((r for r in runs if r.run == self.run), None)
        best = personal_best(runs)
        if this is None:  # (the history could not be read back: say what we know)
            right = sum(r for _, _, r in self.results)
            this = TimedRun(
                self.run, self.started_at or self.trainer.now(), right, now - self.started
            )
        if best is None or len(runs) <= 1:
            verdict = "Your first run: the one to beat."
        elif best.run == this.run:
            verdict = "[b green]A personal best![/]"
        else:
            verdict = f"Your best: {_run_text(best)}."
        self.query_one("#timed-status", Static).update(
            f"[b]Done: {_run_text(this)}.[/b] {verdict}\n[dim]r runs again · escape goes back[/dim]"
        )
        lines = []
        for deal, said, right in self.results:
            b = deal.breakdown()
            mark = "[green]✓[/]" if right else f"[red]✗ said {said}[/]"
            hand = f"{format_cards(deal.cards)} | {deal.starter}"
            lines.append(f"{hand:<21} {b.total:>2} {mark}")
        self.query_one("#timed-results", Static).update("\n".join(lines))


def _run_text(run: TimedRun) -> str:
    """``52.5 s (9 of 10 right, 42.5 s + 10 s)``."""
    penalty = run.score - run.seconds
    extra = f", {run.seconds:.1f} s + {penalty:g} s" if penalty else ""
    return f"{run.score:.1f} s ({run.right} of {HANDS} right{extra})"

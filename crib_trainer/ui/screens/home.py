"""Home: the drills, today's progress at a glance, and what to practise next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from crib_trainer.ui.screens.base import TrainerScreen

DRILLS = [
    ("count-hand", "1", "Count a hand", "say what a hand scores"),
    ("count-crib", "2", "Count a crib", "mind the crib flush rule"),
    ("judge", "3", "Judge a claim", "the true count, what was missed"),
    ("scorekeeper", "4", "Scorekeeper", "keep score of a real game on the board"),
]


class HomeScreen(TrainerScreen):
    BINDINGS = [
        Binding("1", "open('count-hand')", "Hand", show=False),
        Binding("2", "open('count-crib')", "Crib", show=False),
        Binding("3", "open('judge')", "Judge", show=False),
        Binding("4", "open('scorekeeper')", "Scorekeeper", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="home"):
            with Vertical(id="drills-pane"):
                yield Static("[b]Drills[/b]  [dim]number or enter[/dim]", classes="pane-title")
                yield OptionList(
                    *(
                        Option(f"[b]{key}[/b]  {title}\n   [dim]{blurb}[/dim]", id=kind)
                        for kind, key, title, blurb in DRILLS
                    ),
                    id="drills",
                )
            with Vertical(id="today-pane"):
                yield Static("[b]Today[/b]", classes="pane-title")
                yield Static(id="today")
                yield Static("[b]Suggested next[/b]", classes="pane-title")
                yield Static(id="suggestion")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#drills", OptionList).focus()
        self.refresh_today()

    def on_screen_resume(self) -> None:
        self.refresh_today()

    def refresh_today(self) -> None:
        answers = self.trainer.answers
        if not answers:
            today = "Nothing answered yet today.\nPick a drill to start."
        else:
            right = sum(1 for a in answers if a["correct"])
            today = f"{len(answers)} answered, {100 * right / len(answers):.0f}% right"
        self.query_one("#today", Static).update(today)
        self.query_one("#suggestion", Static).update("Count a hand: warm up with the basics.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(event.option.id or "")

    def action_open(self, kind: str) -> None:
        if kind == "count-hand":
            self.trainer.open_count(False)
        elif kind == "count-crib":
            self.trainer.open_count(True)
        elif kind == "judge":
            self.trainer.open_judge()
        elif kind == "scorekeeper":
            self.trainer.open_scorekeeper()

"""The Progress screen's Coach tab: the habits that cost you most, each with its evidence in
your words (``enter`` replays its latest answer), and what to practise next — the home
screen's suggestion, which ``g`` there deals.

The report (:func:`crib_trainer.training.learning.coach.coach`) reads every answer and the games
kept with the scorekeeper; it is worked out in a thread when the tab is first shown (a
year's history takes about a second) and handed back to the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import DataTable, Static

from crib_trainer.storage.records import StorageError
from crib_trainer.training.learning.coach import CoachReport, HabitReport, coach
from crib_trainer.training.learning.session import Plan
from crib_trainer.ui.entries import HOME_KINDS
from crib_trainer.ui.screens.home import suggestion_text

if TYPE_CHECKING:
    from datetime import datetime

    from crib_trainer.training.attempt import Attempt
    from crib_trainer.ui.app import CribTrainerApp


class HabitsTable(DataTable):
    """The habits, a row each: ↑↓ move, enter replays the latest answer that showed it; ←
    → go on to the other tabs, as in the mistakes table."""

    BINDINGS = [
        Binding("left", "screen.next_tab(-1)", show=False),
        Binding("right", "screen.next_tab(1)", show=False),
    ]


class CoachPane(Vertical):
    """The Coach tab's content (see the module notes)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.report: CoachReport | None = None
        self.plan: Plan | None = None  # the home screen's suggestion, named as "next"

    def compose(self) -> ComposeResult:
        yield HabitsTable(id="habits", cursor_type="row", zebra_stripes=True)
        yield Static("Reading your answers and games…", id="habit-words")
        yield Static(id="coach-next")

    def on_mount(self) -> None:
        table = self.query_one("#habits", DataTable)
        table.add_columns("habit", "state", "times", "pts/deal", "trend")

    @property
    def trainer(self) -> CribTrainerApp:
        return cast("CribTrainerApp", self.app)

    def load(self) -> None:
        """Work the report out (in a thread) and show it."""
        self._work_out(list(self.trainer.session.history), self.trainer.now())

    @work(thread=True, exclusive=True)
    def _work_out(self, history: list[Attempt], now: datetime) -> None:
        try:
            games = self.trainer.records.game_decisions()
        except StorageError:
            games = []  # (the history's own trouble is told by the screen's note)
        self.app.call_from_thread(self.show, coach(history, now=now, games=games))

    def show(self, report: CoachReport) -> None:
        """Fill the table and the words from a report."""
        self.report = report
        table = self.query_one("#habits", DataTable)
        table.clear()
        for h in report.habits:
            table.add_row(
                h.habit.label,
                h.state,
                f"{h.shown} of {h.times}",
                f"{h.cost:.2f}",
                h.trend,
            )
        plan = self.plan = self.trainer.suggest(HOME_KINDS)
        self.query_one("#coach-next", Static).update(
            Content.from_markup(
                "[b]Next[/b] (g on the home screen): $plan", plan=suggestion_text(plan)
            )
        )
        if not report.habits:
            games = f" and {report.games} game{'s' * (report.games != 1)}" if report.games else ""
            self.query_one("#habit-words", Static).update(
                f"No habit yet in {report.answers} answers{games}: "
                "a mistake counts as one once it shows twice."
            )
            return
        self.say(0)

    def say(self, row: int) -> None:
        """The highlighted habit in full: its evidence, its trend, what to practise."""
        if self.report is None or not 0 <= row < len(self.report.habits):
            return
        h = self.report.habits[row]
        self.query_one("#habit-words", Static).update(Content(habit_words(h)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.say(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.report is None or not 0 <= event.cursor_row < len(self.report.habits):
            return
        h = self.report.habits[event.cursor_row]
        trainer = self.trainer
        found = next((a for i in h.answers for a in trainer.session.history if a.id == i), None)
        if found is None:
            where = f" (in {', '.join(h.games)})" if h.games else ""
            self.app.notify(
                f"No answer of yours to replay for this habit{where}.", severity="warning"
            )
            return
        trainer.open_drill(found.kind, replay_id=found.id)


def habit_words(h: HabitReport) -> str:
    """A habit in full, in a player's words, from its numbers."""
    lines = [f"{h.words()} {h.trend_words().capitalize()}."]
    if h.state != "learnt":
        lines.append(f"Practise: {h.habit.practise}.")
    if h.answers:
        lines.append("enter replays the latest answer that showed it.")
    return "\n".join(lines)

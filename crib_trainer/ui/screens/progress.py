"""Progress: accuracy and speed over time as plots, miss rate by category as bars, and the
recent mistakes, any of which can be opened and replayed.

Keys: ``w`` switches days/weeks, enter on a mistake replays it, escape goes back.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from crib_trainer.core.cards import CardError, format_cards, parse_cards
from crib_trainer.storage import progress
from crib_trainer.storage.db import StorageError
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import category_label, kind_label
from crib_trainer.training.review import replayable
from crib_trainer.ui.screens.base import TrainerScreen

REPLAYABLE = ("count-hand", "count-crib", "judge", "discard", "peg-play")


class ProgressScreen(TrainerScreen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("w", "toggle_period", "Days/weeks"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.period: Literal["day", "week"] = "day"
        self.mistakes: list[Attempt] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="progress-tabs"):
            with TabPane("Accuracy", id="tab-accuracy"):
                yield PlotextPlot(id="accuracy-plot")
            with TabPane("Speed", id="tab-speed"):
                yield PlotextPlot(id="speed-plot")
            with TabPane("Weak spots", id="tab-weak"):
                yield PlotextPlot(id="weak-plot")
            with TabPane("Mistakes", id="tab-mistakes"):
                yield DataTable(id="mistakes", cursor_type="row", zebra_stripes=True)
        yield Static(id="progress-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Progress"
        table = self.query_one("#mistakes", DataTable)
        table.add_columns("when", "drill", "cards", "said", "was", "missed")
        self.refresh_progress()

    def action_toggle_period(self) -> None:
        self.period = "week" if self.period == "day" else "day"
        self.refresh_progress()

    def refresh_progress(self) -> None:
        store = self.trainer.store
        note = self.query_one("#progress-note", Static)
        if store is None:
            note.update("[yellow]Your history could not be opened, so there is nothing to show.[/]")
            return
        now = self.trainer.now()
        try:
            days = 84 if self.period == "week" else 30
            periods = progress.accuracy_over_time(
                store, period=self.period, since=now - timedelta(days=days - 1), now=now
            )
            categories = progress.category_stats(store)
            self.mistakes = progress.recent_mistakes(store, 30)
            total = progress.count_attempts(store)
        except StorageError as err:
            note.update(Content.from_markup("[yellow]$err", err=str(err)))
            return
        self._plot_accuracy(periods)
        self._plot_speed(periods)
        self._plot_weak(categories)
        self._fill_mistakes()
        span = "the last 30 days by day" if self.period == "day" else "the last 12 weeks"
        note.update(
            f"[dim]{total} answers in all · {span} (w switches) · "
            "enter on a mistake replays it[/dim]"
            if total
            else "Nothing answered yet: the plots fill in as you drill."
        )

    def _labels(self, periods: list[progress.PeriodStats]) -> list[str]:
        return [p.start.strftime("%d/%m") for p in periods]

    def _plot_accuracy(self, periods: list[progress.PeriodStats]) -> None:
        points = [(i, 100 * p.accuracy) for i, p in enumerate(periods) if p.accuracy is not None]
        title = f"Accuracy per {self.period} (%)"
        self._line_plot("#accuracy-plot", title, points, periods, percent=True)

    def _plot_speed(self, periods: list[progress.PeriodStats]) -> None:
        points = [(i, p.mean_seconds) for i, p in enumerate(periods) if p.mean_seconds is not None]
        title = f"Mean seconds per answer, per {self.period}"
        self._line_plot("#speed-plot", title, points, periods)

    def _line_plot(
        self,
        selector: str,
        title: str,
        points: list[tuple[int, float]],
        periods: list[progress.PeriodStats],
        percent: bool = False,
    ) -> None:
        """One value per period as a line with its points marked, dates along the bottom."""
        plot = self.query_one(selector, PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        if percent:
            plt.ylim(0, 100)
        plt.xlim(0, max(len(periods) - 1, 1))  # the whole span, however few points it has
        if points:
            xs, ys = zip(*points, strict=True)
            plt.plot(list(xs), list(ys), marker="braille")
            plt.scatter(list(xs), list(ys))
        _ticks(plt, self._labels(periods))
        plot.refresh()

    def _plot_weak(self, categories: list[progress.CategoryStats]) -> None:
        plot = self.query_one("#weak-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        shown = [c for c in categories if c.attempts][:10]
        plt.title("Miss rate by category (% of the times it was there)")
        if shown:
            names = [category_label(c.category) for c in reversed(shown)]
            rates = [round(100 * c.miss_rate) for c in reversed(shown)]
            plt.bar(names, rates, orientation="horizontal", width=0.4)
            plt.xlim(0, 100)
        plot.refresh()

    def _fill_mistakes(self) -> None:
        table = self.query_one("#mistakes", DataTable)
        table.clear()
        for attempt in self.mistakes:
            q = attempt.question
            cards = ""
            try:
                if "cards" in q:
                    cards = format_cards(parse_cards(q["cards"]))
                    if "starter" in q:
                        cards += f" | {format_cards(parse_cards([q['starter']]))}"
            except (CardError, TypeError, AttributeError):
                cards = "(does not read)"  # a row changed outside crib-trainer
            said = attempt.answer.get("total", attempt.answer.get("verdict", "…"))
            was = attempt.truth.get("total", "")
            missed = ", ".join(
                f"{category_label(c)} {round(p, 2):g}" for c, p in attempt.missed.items()
            )
            when = attempt.answered_at.astimezone(self.trainer.now().tzinfo)
            table.add_row(
                when.strftime("%d %b %H:%M"),
                kind_label(attempt.kind),
                cards,
                str(said if said is not None else "—"),
                str(was),
                missed,
            )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if not 0 <= event.cursor_row < len(self.mistakes):
            return
        attempt = self.mistakes[event.cursor_row]
        if attempt.kind not in REPLAYABLE or attempt.id is None:
            self.notify("This kind of question cannot be replayed here yet.", severity="warning")
            return
        if not replayable(attempt):
            self.notify("This question does not read back from your history.", severity="warning")
            return
        self.trainer.open_drill(attempt.kind, replay_id=attempt.id)


def _ticks(plt, labels: list[str]) -> None:
    """At most six date labels along the bottom."""
    if not labels:
        return
    step = max(1, len(labels) // 6)
    positions = list(range(0, len(labels), step))
    plt.xticks(positions, [labels[i] for i in positions])

"""Progress: accuracy and speed over time as plots, miss rate by category as bars, the
recent mistakes, any of which can be opened and replayed, and the timed runs' times.

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
from crib_trainer.training.categories import category_label
from crib_trainer.training.hints import HINTED
from crib_trainer.training.learner import spot_json, standing, standing_lines, weak_spots
from crib_trainer.training.review import replayable
from crib_trainer.training.timed import TimedRun, personal_best, timed_runs
from crib_trainer.ui.screens.base import TrainerScreen

REPLAYABLE = ("count-hand", "count-crib", "judge", "discard", "peg-play")
KIND_NAMES = {
    "count-hand": "hand",
    "count-crib": "crib",
    "judge": "judge",
    "discard": "discard",
    "peg-score": "peg score",
    "peg-play": "peg play",
}


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
                yield Static(id="weak-words")
            with TabPane("Mistakes", id="tab-mistakes"):
                yield DataTable(id="mistakes", cursor_type="row", zebra_stripes=True)
            with TabPane("Timed", id="tab-timed"):
                yield PlotextPlot(id="timed-plot")
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
            self.mistakes = progress.recent_mistakes(store, 30)
            total = progress.count_attempts(store)
            runs = timed_runs(progress.attempts(store, kind="count-hand"))
        except StorageError as err:
            note.update(Content.from_markup("[yellow]$err", err=str(err)))
            return
        self._plot_accuracy(periods)
        self._plot_speed(periods)
        self._plot_timed(runs)
        self._show_weak()
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

    def _plot_timed(self, runs: list[TimedRun]) -> None:
        """Each finished timed run's time (with penalties), in order, and the best."""
        best = personal_best(runs)
        title = "Timed runs: seconds for 10 hands, 10 s a wrong count"
        if best is not None:
            title += f" (best {best.score:.1f})"
        plt = self.query_one("#timed-plot", PlotextPlot).plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xlim(0, max(len(runs) - 1, 1))
        if runs:
            xs = list(range(len(runs)))
            ys = [r.score for r in runs]
            plt.plot(xs, ys, marker="braille")
            plt.scatter(xs, ys)
        if best is not None:
            plt.hline(best.score, "green")
        _ticks(
            plt, [r.started.astimezone(self.trainer.now().tzinfo).strftime("%d/%m") for r in runs]
        )
        self.query_one("#timed-plot", PlotextPlot).refresh()

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

    def _show_weak(self) -> None:
        """Each category's miss rate now (recent answers weigh more) beside all time, the
        weak spots named, and when each learnt one was learnt (the session's model)."""
        model = self.trainer.practice.masteries(now=self.trainer.now())
        plot = self.query_one("#weak-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        shown = sorted(
            (m for m in model.values() if m.seen),
            key=lambda m: (-(m.now or 0.0), -(m.rate_all or 0.0), m.category),
        )[:5]  # (two bars each: five fit at 80×24)
        plt.title("Missed, % of the times it was there: now and all time")
        if shown:
            names = [category_label(m.category) for m in reversed(shown)]
            now = [round(100 * (m.now or 0.0)) for m in reversed(shown)]
            ever = [round(100 * (m.rate_all or 0.0)) for m in reversed(shown)]
            plt.multiple_bar(  # (the stub says label; plotext takes labels)
                names, [now, ever], labels=["now", "all time"], orientation="horizontal"
            )  # type: ignore[call-arg]
            plt.xlim(0, 100)
        plot.refresh()
        spots = [spot_json(m) for m in weak_spots(model)]
        learnt = [{"category": c, **standing(m)} for c, m in model.items()]
        self.query_one("#weak-words", Static).update(
            Content("\n".join(standing_lines(spots, learnt)))
        )

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
            hints = attempt.answer.get("hints")
            if attempt.grade == HINTED and isinstance(hints, list) and not missed:
                missed = f"right after {len(hints)} hint{'s' if len(hints) > 1 else ''}"
            when = attempt.answered_at.astimezone(self.trainer.now().tzinfo)
            table.add_row(
                when.strftime("%d %b %H:%M"),
                KIND_NAMES.get(attempt.kind, attempt.kind),
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

"""Progress: accuracy and speed over time as plots, miss rate by category as bars, the
recent mistakes, any of which can be opened and replayed, the timed runs' times, the
practice games (won and lost by opponent, skunks, the points given up per game and the
rating after each game), and the coach's habits (:mod:`.coach_tab`).

Keys: ← → the tabs (from the mistakes too), ``w`` switches days/weeks, enter on a mistake
replays it (the table has the focus as soon as its tab opens), escape goes back. Each
mistake shows its cards (a pegging play: your hand; a pegging score: the card laid), what
you said and what was right; the highlighted one is said in full below the table.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import DataTable, Header, Static, TabbedContent, TabPane, Tabs
from textual_plotext import PlotextPlot

from crib_trainer.core.cards import CardError, format_cards, parse_cards
from crib_trainer.storage.records import PeriodStats, StorageError
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import PEG_THEME_WORDS, category_label
from crib_trainer.training.drills.timed import TimedRun, personal_best, timed_runs
from crib_trainer.training.game.gamerecord import GameOutcome, games_summary, ratings
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.grading.review import replayable
from crib_trainer.training.kinds import kind_label
from crib_trainer.training.learning.learner import spot_json, standing, standing_lines, weak_spots
from crib_trainer.ui.entries import REPLAYABLE
from crib_trainer.ui.screens.base import BACK, TrainerScreen
from crib_trainer.ui.screens.coach_tab import CoachPane
from crib_trainer.ui.widgets.keybar import KeyBar

#: Periods with answers before a line is drawn.
MIN_POINTS = 3


class MistakesTable(DataTable):
    """The mistakes, a row each: ↑↓ move, enter replays; ← → go on to the other tabs, as
    they do from the tabs (the table has the focus on its tab, and would keep the keys)."""

    BINDINGS = [
        Binding("left", "screen.next_tab(-1)", show=False),
        Binding("right", "screen.next_tab(1)", show=False),
    ]


class ProgressScreen(TrainerScreen):
    """Accuracy and speed over time, where each category stands, the recent mistakes."""

    HELP_KEYS = (
        ("← →", "the previous or next tab"),
        ("↑ ↓", "move along the mistakes"),
        ("enter", "replay the highlighted mistake (Coach: the habit's latest) as a drill"),
    )
    BINDINGS = [
        BACK,
        Binding(
            "w",
            "toggle_period",
            "Days/weeks",
            tooltip="plot by day (30 days) or by week (12 weeks)",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.period: Literal["day", "week"] = "day"
        self.mistakes: list[Attempt] = []
        self.note = ""

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
                yield MistakesTable(id="mistakes", cursor_type="row", zebra_stripes=True)
            with TabPane("Timed", id="tab-timed"):
                yield PlotextPlot(id="timed-plot")
            with TabPane("Coach", id="tab-coach"):
                yield CoachPane(id="coach")
            with TabPane("Games", id="tab-games"):
                yield PlotextPlot(id="games-plot")
                yield Static(id="games-words")
        yield Static(id="progress-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Progress"
        table = self.query_one("#mistakes", DataTable)
        table.add_columns("when", "drill", "cards", "said", "right", "missed")
        self.refresh_progress()

    def action_next_tab(self, step: int) -> None:
        """The tab ``step`` along from this one (the mistakes table's ← and →)."""
        tabs = self.query_one("#progress-tabs", TabbedContent)
        panes = [pane.id or "" for pane in tabs.query(TabPane)]  # (every pane has an id)
        tabs.active = panes[(panes.index(tabs.active) + step) % len(panes)]
        tabs.query_one(Tabs).focus()

    def action_toggle_period(self) -> None:
        self.period = "week" if self.period == "day" else "day"
        self.refresh_progress()

    def refresh_progress(self) -> None:
        """Read the history again and redraw every tab."""
        records = self.trainer.records
        note = self.query_one("#progress-note", Static)
        now = self.trainer.now()
        try:
            days = 84 if self.period == "week" else 30
            periods = records.accuracy_over_time(
                period=self.period, since=now - timedelta(days=days - 1), now=now
            )
            self.mistakes = records.recent_mistakes(30)
            total = records.count_attempts()
            runs = timed_runs(records.attempts(kind="count-hand"))
            outcomes = records.game_outcomes()
        except StorageError as err:
            note.update(Content.from_markup("[$warning]$err", err=str(err)))
            return
        self._plot_accuracy(periods)
        self._plot_speed(periods)
        self._plot_timed(runs)
        self._show_games(outcomes)
        self._show_weak()
        self._fill_mistakes()
        span = "the last 30 days by day" if self.period == "day" else "the last 12 weeks"
        self.note = (
            f"[dim]{total} answers in all · {span} (w switches) · "
            "enter on a mistake replays it[/dim]"
            if total
            else "Nothing answered yet: the plots fill in as you drill."
        )
        note.update(self.note)

    def _labels(self, periods: list[PeriodStats]) -> list[str]:
        return [p.start.strftime("%d/%m") for p in periods]

    def _plot_accuracy(self, periods: list[PeriodStats]) -> None:
        points = [(i, 100 * p.accuracy) for i, p in enumerate(periods) if p.accuracy is not None]
        title = f"Accuracy per {self.period} (%)"
        self._line_plot("#accuracy-plot", title, points, periods, percent=True)

    def _plot_speed(self, periods: list[PeriodStats]) -> None:
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

    def _show_games(self, outcomes: list[GameOutcome]) -> None:
        """The finished practice games: the points given up in each (left scale) and the
        rating after it (right scale), oldest first; the record in words below."""
        plot = self.query_one("#games-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title("Practice games: points given up per game, and your rating")
        plt.xlim(0, max(len(outcomes) - 1, 1))
        if outcomes:
            xs = list(range(len(outcomes)))
            plt.plot(xs, [o.total_lost for o in outcomes], marker="braille", label="given up")
            plt.plot(xs, ratings(outcomes), marker="braille", yside="right", label="rating")
        zone = self.trainer.now().tzinfo
        _ticks(plt, [o.finished_at.astimezone(zone).strftime("%d/%m") for o in outcomes])
        plot.refresh()
        lines = games_summary(outcomes).lines()
        self.query_one("#games-words", Static).update(Content("\n".join(lines)))

    def _line_plot(
        self,
        selector: str,
        title: str,
        points: list[tuple[int, float]],
        periods: list[PeriodStats],
        percent: bool = False,
    ) -> None:
        """One value per period as a line with its points marked, dates along the bottom."""
        plot = self.query_one(selector, PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        if len(points) < MIN_POINTS:  # one dot is not a trend
            title = f"{title}: not enough answers yet (a line from {MIN_POINTS} {self.period}s)"
            points = []
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
        model = self.trainer.session.masteries(now=self.trainer.now())
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
            cards, said, was = mistake_cells(attempt)
            when = attempt.answered_at.astimezone(self.trainer.now().tzinfo)
            table.add_row(
                when.strftime("%d %b"),
                kind_label(attempt.kind),
                cards,
                said,
                was,
                missed_text(attempt),
            )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self._on_mistakes():
            self._say_mistake(event.cursor_row)

    def _say_mistake(self, row: int) -> None:
        """The highlighted mistake in full below the table (a long row may be cut)."""
        if 0 <= row < len(self.mistakes):
            attempt = self.mistakes[row]
            cards, said, was = mistake_cells(attempt)
            self.query_one("#progress-note", Static).update(
                Content.from_markup(
                    "$cards: said $said, right $was; missed $missed. [dim]enter replays it[/dim]",
                    cards=cards,
                    said=said,
                    was=was,
                    missed=missed_text(attempt) or "nothing",
                )
            )

    def _on_mistakes(self) -> bool:
        return self.query_one("#progress-tabs", TabbedContent).active == "tab-mistakes"

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        table = self.query_one("#mistakes", DataTable)
        if event.pane.id == "tab-mistakes" and self.mistakes:  # enter replays, no tab needed
            table.focus()
            self._say_mistake(table.cursor_row)
        elif event.pane.id == "tab-coach":
            coach = self.query_one("#coach", CoachPane)
            coach.load()
            coach.query_one(DataTable).focus()
            self.query_one("#progress-note", Static).update(self.note)
        else:
            self.query_one("#progress-note", Static).update(self.note)

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


def _cards(codes: object) -> str:
    """Stored card codes as cards ("" for none; a row changed by hand says so)."""
    if not codes:
        return ""
    try:
        return format_cards(parse_cards(codes if isinstance(codes, list) else [str(codes)]))
    except (CardError, TypeError, AttributeError):
        return "(does not read)"


def mistake_cells(attempt: Attempt) -> tuple[str, str, str]:
    """A mistake's cards, what was said and what was right, short enough for 80 columns.

    >>> from datetime import UTC, datetime
    >>> a = Attempt("peg-play", {"hand": ["5H", "KD"]}, {"card": "KD"}, {"best": "5H"},
    ...             False, "costly", {"peg-lead": 2.0}, 3.0, datetime(2026, 1, 1, tzinfo=UTC))
    >>> mistake_cells(a)
    ('5♥ K♦', 'K♦', '5♥')
    """
    q, said, truth = attempt.question, attempt.answer, attempt.truth
    if attempt.kind in ("peg-play", "peg-score") or "hand" in q:  # (a position's play too)
        laid = [str(t).rpartition(":")[2] for t in q.get("played") or [] if str(t) != "go"]
        if attempt.kind == "peg-score":  # the card whose points were asked
            return (
                _cards(laid[-1] if laid else "") + " laid",
                str(said.get("points", "—")),
                str(truth.get("points", "")),
            )
        return _cards(q.get("hand")), _cards(said.get("card")), _cards(truth.get("best"))
    if attempt.kind in ("discard", "position"):
        return _cards(q.get("cards")), _cards(said.get("discard")), _cards(truth.get("best"))
    cards = _cards(q.get("cards"))
    if "starter" in q and cards != "(does not read)":
        starter = _cards(q.get("starter"))
        cards = "(does not read)" if starter == "(does not read)" else f"{cards} | {starter}"
    told = said.get("total", said.get("verdict"))
    right = truth.get("total", "") if "total" in said else truth.get("verdict", "")
    return cards, str(told if told is not None else "—"), str(right)


def missed_text(attempt: Attempt) -> str:
    """What a mistake missed, briefly: each category with its points ("?" a likely miss).

    >>> from datetime import UTC, datetime
    >>> a = Attempt("discard", {}, {}, {}, False, "costly", {"discard-pone": 3.0}, 3.0,
    ...             datetime(2026, 1, 1, tzinfo=UTC))
    >>> missed_text(a)
    'as pone 3'
    >>> b = Attempt("position", {}, {}, {"gave_up": 0.032, "unit": "win"}, False, "fair",
    ...             {"position-pone": 0.032}, 3.0, datetime(2026, 1, 1, tzinfo=UTC))
    >>> missed_text(b)
    'as pone 3.2% of game'
    """
    truth = attempt.truth
    if truth.get("unit") in ("points", "win") and isinstance(truth.get("gave_up"), int | float):
        # a decision judged by the one judge: what it gave up, in its unit
        gave = float(truth["gave_up"])
        said = f"{gave:.1%} of game" if truth["unit"] == "win" else f"{gave:.2f} pts"
        return ", ".join(f"{short_label(c)} {said}" for c in attempt.missed) or said
    parts = [f"{short_label(c)} {round(p, 2):g}" for c, p in attempt.missed.items()]
    parts += [f"{short_label(c)}?" for c in getattr(attempt, "maybe", {})]
    hints = attempt.answer.get("hints")
    if attempt.grade == HINTED and isinstance(hints, list) and not parts:
        return f"right after {len(hints)} hint{'s' if len(hints) > 1 else ''}"
    return ", ".join(parts)


def short_label(category: str) -> str:
    """A category for a narrow column: the drill column already says discard or peg."""
    if category == "position-play":
        return "play"
    if category.startswith(("discard-", "position-")):
        return "as " + category.split("-", 1)[1]
    theme = category.removeprefix("peg-")
    return (
        PEG_THEME_WORDS.get(theme, category_label(category))
        if theme != category
        else category_label(category)
    )

"""Home: the drills and tools, today's progress at a glance, and what to practise next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from crib_trainer.storage.records import StorageError
from crib_trainer.training.categories import category_label
from crib_trainer.training.learning.session import Plan
from crib_trainer.ui.entries import ENTRIES, HOME_KINDS
from crib_trainer.ui.screens.base import TrainerScreen
from crib_trainer.ui.widgets.keybar import KeyBar

TITLES = {e.id: e.title for e in ENTRIES}


class HomeScreen(TrainerScreen):
    """The drills and tools by number, today's answers and streak, and what to practise next."""

    HELP_KEYS = (
        ("0–9, t, w", "open a drill or tool"),
        ("enter", "open the highlighted one"),
    )
    BINDINGS = [
        *(Binding(e.key, f"open('{e.id}')", e.title, show=False) for e in ENTRIES),
        Binding("enter", "suggested", "Suggested", show=False),
        Binding("g", "suggested", "Suggested", tooltip="open the suggested drill (enter too)"),
        Binding("q", "app.quit", "Quit", tooltip="quit the trainer"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.choice: Plan | None = None
        self._first_resume = True  # (its content is drawn once at the start: on_mount)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="home"):
            with Vertical(id="drills-pane"):
                yield Static(
                    "[b]Drills and tools[/b]  [dim]number or enter[/dim]", classes="pane-title"
                )
                yield OptionList(
                    *(Option(f"[b]{e.key}[/b]  {e.title}", id=e.id) for e in ENTRIES),
                    id="drills",
                )
            with Vertical(id="today-pane"):
                yield Static("[b]Today[/b]", classes="pane-title")
                yield Static(id="today")
                yield Static("[b]Suggested next[/b]  [dim]g[/dim]", classes="pane-title")
                yield Static(id="suggestion")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#drills", OptionList).focus()
        self.refresh_today()

    def on_screen_resume(self) -> None:
        if self._first_resume:  # (the screen was just drawn, nothing has changed since)
            self._first_resume = False
            return
        self.refresh_today()

    def refresh_today(self) -> None:
        """Redraw today's answers, the streak and the suggestion."""
        trainer = self.trainer
        self.query_one("#today", Static).update(self._today_text())
        self.choice = trainer.suggest(HOME_KINDS)
        self.query_one("#suggestion", Static).update(suggestion_text(self.choice))

    def _today_text(self) -> Content:
        """Today's answers, the games in progress, and what the history says. Every text
        read back from the history (names, a reason) goes in as text, never as markup."""
        text = self._summary_text() + self._game_text() + self._practice_text()
        for note in self.trainer.records.notes:  # (saves that did not read, set aside)
            text += Content.from_markup("\n\n[$warning]$note[/]", note=note)
        if not self.trainer.records.keeping:
            text += Content.from_markup(
                "\n[$warning]Your history is not being saved this time (see the message "
                "at the start): answers and games last until you quit.[/]"
            )
        return text

    def _game_text(self) -> Content:
        """A line for a scorekeeper game not yet won, if there is one."""
        try:
            resume = self.trainer.records.unfinished_game()
        except StorageError as err:
            self.trainer.storage_failed(err)
            return Content()
        if resume is None:
            return Content()
        config, scores = resume[1].config, resume[1].state().scores
        score = ", ".join(f"{n} {s}" for n, s in zip(config.names, scores, strict=True))
        return Content.from_markup(
            "\n\n[b]A game in progress[/b]\n$score [dim](9 resumes it)[/dim]", score=score
        )

    def _practice_text(self) -> Content:
        """A line for a practice game against the computer not yet won, if there is one."""
        try:
            resume = self.trainer.records.unfinished_practice()
        except StorageError:
            return Content()  # (the history's own trouble is told by the summary above)
        if resume is None:
            return Content()
        practice = resume[1]
        score = ", ".join(
            f"{practice.side_name(side)} {points}"
            for side, points in enumerate(practice.game.scores)
        )
        return Content.from_markup(
            "\n\n[b]A practice game in progress[/b]\n$score [dim](0 resumes it)[/dim]",
            score=score,
        )

    def _summary_text(self) -> Content:
        try:
            s = self.trainer.records.summary(self.trainer.now())
        except StorageError as err:
            return Content(str(err))
        if not s.answered:
            return Content("Nothing answered yet.\nPick a drill, or g for the suggestion.")
        today = (
            f"{s.today_answered} answered today, {100 * (s.today_accuracy or 0):.0f}% right"
            if s.today_answered
            else "Nothing answered today yet."
        )
        streak = f"{s.current_streak}-day streak (best {s.best_streak})"
        overall = f"{s.answered} in all, {100 * (s.accuracy or 0):.0f}% right"
        return Content.from_markup(f"{today}\n{streak}\n[dim]{overall}[/dim]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(event.option.id or "")

    def action_suggested(self) -> None:
        if self.choice is not None:  # (exactly the question the suggestion names)
            self.trainer.open_drill(self.choice.kind, plan=self.choice)

    def action_open(self, entry_id: str) -> None:
        """Open a home entry (``ui.entries``)."""
        self.trainer.open_entry(entry_id)


def suggestion_text(choice: Plan) -> str:
    """The suggestion in words (the home screen's, and the Coach tab's "next")."""
    title = TITLES.get(choice.kind, choice.kind)
    label = category_label(choice.aimed_at or "")
    learnt = choice.mastery.learnt_at if choice.mastery else None
    if choice.reason == "start":
        return f"{title}: a place to start."
    if choice.reason == "final-check":
        return f"{title}: cards you missed, once more — a last check on {label}."
    if choice.reason == "hinted":
        return f"{title}: cards you counted with a hint, once more without."
    if choice.reason == "check" and learnt:
        return f"{title}: a check on {label}, learnt on {learnt:%d %b}."
    if choice.reason == "weak" and choice.aimed_at:
        return f"{title}, aimed at {label} — a weak spot."
    if choice.reason == "placement" and choice.aimed_at:
        return f"{title}, trying {label}: new to you so far."
    if choice.reason == "confirm" and choice.aimed_at:
        return f"{title}: {label} on its own, to settle a doubt."
    if choice.reason == "harder" and choice.aimed_at:
        return f"{title}: moving on to a harder hand ({label})."
    if choice.reason == "at-score":
        return f"{title}: moving on to decisions at the score."
    if choice.goal is not None:
        return f"{title} against the clock: {choice.goal:.0f} s a hand, a little under your pace."
    return f"{title}: something different."

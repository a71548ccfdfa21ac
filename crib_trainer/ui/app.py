"""The trainer in the terminal: ``crib-trainer`` with no command opens it.

The app owns what every screen shares: a seeded random generator, the clocks (passed in so
tests can freeze them), the learner's records (``storage.records``: every screen's one
path to the history file), the practice session (what is asked next, what was answered:
``training.session.Session``), the clipboard.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Collection, Iterable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Input

from crib_trainer.storage.paths import data_dir
from crib_trainer.storage.records import DEFAULT_BUSY_TIMEOUT_S, Records, StorageError, Unkept
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.learning.session import MemoryHistory, Plan, Question, Session
from crib_trainer.ui.entries import ENTRIES, drill_entry, entry
from crib_trainer.ui.startup import resume_collector
from crib_trainer.ui.themes import DARK, LIGHT, THEMES

#: An answer still being written this long after it was given is shown as waiting.
PENDING_SHOWN_AFTER_S = 0.25
#: Said after a copy in the browser: the page cannot tell whether the browser allowed it.
BROWSER_COPY = "Sent to your browser's clipboard (browsers allow it on localhost and https pages)."


class CribTrainerApp(App):
    """Cribbage counting and decisions, keyboard first."""

    CSS_PATH = "app.tcss"
    TITLE = "crib-trainer"
    SUB_TITLE = "count, judge, decide"
    BINDINGS = [
        Binding("question_mark", "help", "Help", tooltip="this help"),
        Binding("f1", "help", "Help", show=False, priority=True),
        Binding("ctrl+t", "toggle_theme", "Theme", tooltip="light or dark theme"),
    ]

    def __init__(
        self,
        *,
        seed: int | None = None,
        now: Callable[[], datetime] | None = None,
        ticks: Callable[[], float] | None = None,
        store_path: Path | None = None,
        steady_cursor: bool = False,
        busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S,
    ) -> None:
        """``seed``, ``now`` and ``ticks`` make a run repeatable; ``steady_cursor`` stops
        text cursors blinking (for screenshots that must not depend on timing);
        ``busy_timeout_s``: how long a write waits for another program's lock."""
        super().__init__()
        self._start_in(DARK)
        self.busy_timeout_s = busy_timeout_s
        self.steady_cursor = steady_cursor
        self.rng = random.Random(seed)
        self.now = now or (lambda: datetime.now(UTC).astimezone())
        self.ticks = ticks or time.monotonic
        self.store_path = store_path
        self._records: Records | None = None  # (opened on mount: open_history)
        self.unkept = Unkept()  # what the file still refused when the trainer closed
        self._refused = False  # whether the learner was told the file refuses answers
        self.session = Session(MemoryHistory(), rng=self.rng, clock=self.now)
        self._suggested: tuple[tuple[frozenset[str], int, int, int], Plan] | None = None

    def on_mount(self) -> None:
        from crib_trainer.ui.screens.home import HomeScreen

        self.open_history()
        self.start_practice()
        self.push_screen(HomeScreen())
        self.call_after_refresh(resume_collector)  # (paused by crib-trainer: ui.startup)

    def _start_in(self, theme: Theme) -> None:
        """Register the trainer's themes and start in ``theme``, before any stylesheet is
        parsed: what ``self.theme = theme.name`` does (its colours and the app's classes),
        without that watcher's re-parse and re-style of every stylesheet once the app runs
        (about a fifth of the work of showing the home screen). ``theme`` is dark, as
        Textual's default is, so the ANSI colour filter Textual made for that stands."""
        for each in THEMES:
            self.register_theme(each)
        self.set_reactive(App.theme, theme.name)
        self.stylesheet.set_variables(self.get_css_variables())
        self.set_class(True, f"-theme-{theme.name}", update=False)
        self.set_class(theme.dark, "-dark-mode", update=False)
        self.set_class(not theme.dark, "-light-mode", update=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.steady_cursor and isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    def on_unmount(self) -> None:
        if self._records is not None:
            self.unkept = self._records.close()

    # -- the learner's history

    @property
    def records(self) -> Records:
        """The learner's records (``storage.records``): every screen's one path to the
        history file, opened when the app mounts."""
        if self._records is None:
            raise RuntimeError("the records are opened when the app mounts")
        return self._records

    def open_history(self) -> None:
        """Open the records; a problem is said in one sentence and the trainer carries on
        (from a copy in memory: what was learnt still shows, nothing is kept)."""
        # Answers go to a copy in memory at once (every screen reads it) and to the file
        # from a writer thread: a lock or a full disk never freezes the screen, and an
        # answer the file refuses still shows everywhere (storage.writer).
        self._records = records = Records.open(
            self.store_path,
            busy_timeout_s=self.busy_timeout_s,
            on_change=lambda: self.post_message(self.WritesChanged()),
        )
        if records.problem is not None:
            self.notify(
                f"{records.problem} Answers will not be kept this time.",
                severity="error",
                timeout=12,
                markup=False,
            )
        elif records.store.notice:
            self.notify(records.store.notice, severity="warning", timeout=12, markup=False)

    def start_practice(self) -> None:
        """The practice session over the history (or, if it cannot be read, this run's
        answers alone)."""
        try:
            self.session = Session(self.records.history, rng=self.rng, clock=self.now)
        except StorageError as err:
            self.storage_failed(err)

    def storage_failed(self, err: StorageError, *, writing: bool = False) -> None:
        """Say a history problem in one sentence, from the UI thread or a worker's."""
        after = (
            " Your answers and games count here and are tried again; any still refused when"
            " you quit are lost."
            if writing
            else " Working from this session's answers for now."
        )
        try:
            self.call_from_thread(self.notify, f"{err}{after}", severity="error", markup=False)
        except RuntimeError:  # already on the UI thread
            self.notify(f"{err}{after}", severity="error", markup=False)

    def history(self) -> list[Attempt]:
        """Every answer, this run's included, oldest first."""
        return list(self.session.history)

    def record(self, attempt: Attempt) -> Attempt:
        """Keep an answer: the session and the copy in memory take it in at once, and the
        writer thread takes it to the file (:meth:`writes_text` says how that goes)."""
        try:
            attempt = self.session.record(attempt).attempt
        except StorageError as err:
            self.storage_failed(err, writing=True)
        self.kept_behind()
        return attempt

    def kept_behind(self) -> None:
        """An answer or a game was just handed to the writer: if it is still waiting a
        moment later, the header says so (:meth:`writes_text`)."""
        if self.records.writer is not None:
            self.set_timer(PENDING_SHOWN_AFTER_S, self._show_writes)

    class WritesChanged(Message):
        """The writer thread finished a pass over the answers waiting for the file."""

    def on_crib_trainer_app_writes_changed(self, _: WritesChanged) -> None:
        writer = self.records.writer
        if writer is None:
            return
        if writer.error is not None and writer.waiting and not self._refused:
            self._refused = True
            self.storage_failed(writer.error, writing=True)
        elif not (writer.waiting or writer.waiting_games) and self._refused:
            self._refused = False
            self.notify("Your history file took what was waiting: all is kept.")
        for game_id, changed in self.records.take_conflicts():
            reload = getattr(self.screen, "reload_changed", None)  # (the game's screen)
            if reload is None or not reload(game_id, changed):
                self.notify(str(changed), severity="warning", timeout=10, markup=False)
        self._show_writes()

    def writes_text(self) -> str:
        """How the answers and games stand with the history file: "" when all are
        written, else what waits (being written, or refused: it is kept only until you
        quit, as the app says once): ``1 answer and the game being written to your
        history…``, ``… unsaved: the file refuses; retrying`` (short: a header at 80
        columns shows it whole)."""
        writer = self.records.writer
        if writer is None:
            return ""
        answers, games = writer.waiting, writer.waiting_games
        parts = [f"{answers} answer{'s' if answers > 1 else ''}"] if answers else []
        if games:
            parts.append("the game" if games == 1 else f"{games} games")
        if not parts:
            return ""
        if writer.error is not None:
            return f"{' and '.join(parts)} unsaved: the file refuses; retrying"
        return f"{' and '.join(parts)} being written to your history…"

    def _show_writes(self) -> None:
        self.sub_title = self.writes_text() or type(self).SUB_TITLE

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header: what waits for the history file, while anything does, in place of
        a screen's own subtitle (so every screen says it)."""
        waiting = self.writes_text() if self._records is not None else ""
        return super().format_title(title, waiting or sub_title)

    def suggest(self, kinds: Collection[str]) -> Plan:
        """What the session would ask next among ``kinds``, not yet dealt: the home
        screen shows it, the Coach tab names it, and ``g`` deals exactly it. The same plan
        until an answer is recorded or a question is found not to read (so the home screen
        and the coach name one plan)."""
        session = self.session
        key = (frozenset(kinds), id(session), session.answered, len(session.unreadable))
        if self._suggested is None or self._suggested[0] != key:
            self._suggested = (key, self.session.plan(kinds))
        return self._suggested[1]

    def next_question(self, kinds: Collection[str], plan: Plan | None = None) -> Question:
        """The question ``n`` deals next among ``kinds`` (``plan``: one already chosen)."""
        return self.session.deal(plan or self.session.plan(kinds))

    def replay_question(self, attempt_id: int) -> Question | None:
        """An earlier answer's question asked again, or None if there is none or it does
        not read (a row changed outside crib-trainer: passed over)."""
        found = next((a for a in self.session.history if a.id == attempt_id), None)
        return self.session.replay(found) if found is not None else None

    # -- the clipboard

    def copy(self, text: str) -> None:
        """Copy text (pyperclip, else OSC 52 through the terminal) and say how it went, in
        a thread: a clipboard tool that hangs or fails slowly never freezes the screen.
        Served to a browser (``crib-trainer serve``), the clipboard is the browser's: OSC 52
        through the page, which hands it to the browser's clipboard."""
        if self.is_web:
            self.copy_to_clipboard(text)
            self.notify(BROWSER_COPY)
            return
        self.run_worker(
            lambda: self._copy_in_thread(text), thread=True, group="copy", exclusive=True
        )

    def _copy_in_thread(self, text: str) -> None:
        from crib_trainer.clipboard import copy_text  # (loaded on the first copy)

        def osc52(data: str) -> None:
            """Ask the terminal to copy ``data`` (OSC 52)."""
            self.call_from_thread(self.copy_to_clipboard, data)

        result = copy_text(text, send_osc52=osc52)
        severity = "information" if result.ok else "warning"
        self.call_from_thread(self.notify, result.message, severity=severity)

    # -- screens, actions and the command palette

    def action_help(self) -> None:
        """Show the keys of the screen on top (``?``)."""
        from crib_trainer.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_toggle_theme(self) -> None:
        """Switch between the light and dark themes (``ctrl+t``)."""
        self.theme = LIGHT.name if self.theme == DARK.name else DARK.name

    def open_drill(
        self,
        kind: str,
        *,
        adaptive: bool = True,
        replay_id: int | None = None,
        plan: Plan | None = None,
    ) -> None:
        """Open the drill for a stored kind (``ui.entries``: the entry that asks it); its
        first question is ``plan``, when given (the home screen's suggestion), or the
        stored question ``replay_id``."""
        screen = drill_entry(kind).drill_screen(
            kind, adaptive=adaptive, replay_id=replay_id, plan=plan
        )
        self.push_screen(screen)

    def open_entry(self, entry_id: str) -> None:
        """Open what a home-screen entry opens: its drill, or its tool."""
        found = entry(entry_id)
        if found.is_drill:
            self.open_drill(found.kinds[0])
        else:
            getattr(self, found.opener)()

    def open_puzzles(self) -> None:
        """Open the puzzle library."""
        from crib_trainer.ui.screens.puzzles import PuzzleLibraryScreen

        self.push_screen(PuzzleLibraryScreen())

    def open_judge(self) -> None:
        """Open "Settle a dispute"."""
        from crib_trainer.ui.screens.judge import JudgeScreen

        self.push_screen(JudgeScreen())

    def open_timed(self) -> None:
        """Open the timed counting drill."""
        from crib_trainer.ui.screens.timed import TimedScreen

        self.push_screen(TimedScreen())

    def open_progress(self) -> None:
        """Open the progress screen."""
        from crib_trainer.ui.screens.progress import ProgressScreen

        self.push_screen(ProgressScreen())

    def open_scorekeeper(self, new: bool = False) -> None:
        """Resume the last unfinished game, or start a new one."""
        from crib_trainer.ui.screens.scorekeeper import open_scorekeeper

        open_scorekeeper(self, new=new)

    def open_practice(self, new: bool = False) -> None:
        """Resume the practice game not yet won, or choose the settings of a new one."""
        from crib_trainer.ui.screens.practice import open_practice

        open_practice(self, new=new)

    def from_home(self, open_screen: Callable[[], object]) -> Callable[[], None]:
        """``open_screen`` run from the home screen: the palette goes back home first, so
        screens never pile up (nor two views of one game) and escape always leads home."""

        def go() -> None:
            """Open the screen, first closing every screen above home."""
            from crib_trainer.ui.screens.base import TrainerScreen
            from crib_trainer.ui.screens.home import HomeScreen

            if any(isinstance(s, TrainerScreen) and s.holds_an_answer() for s in self.screen_stack):
                self.notify("Still working out your answer; try again in a moment.")
                return
            while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
                self.pop_screen()
            open_screen()

        return go

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette's entries: every screen, then Textual's own."""
        for e in ENTRIES:
            yield SystemCommand(e.title, e.help, self.from_home(partial(self.open_entry, e.id)))
        new_game = partial(self.open_scorekeeper, True)
        yield SystemCommand("New game (scorekeeper)", "Start a new game", self.from_home(new_game))
        yield SystemCommand("Toggle light/dark theme", "Switch theme", self.action_toggle_theme)
        yield SystemCommand("Help", "The keys on this screen", self.action_help)
        yield SystemCommand(
            "Screenshot",
            "Save the screen as an SVG picture in the data folder, and say where",
            lambda: self.set_timer(0.1, self.take_screenshot),
        )
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":  # (Textual's saves to a Downloads folder)
                yield command

    def take_screenshot(self) -> Path | None:
        """Save the screen as SVG in ``screenshots`` in the data folder (else the current
        folder) and say where; in a browser, hand it to the browser."""
        if self.is_web:
            self.deliver_screenshot()
            return None
        name = f"crib-trainer-{self.now():%Y%m%d-%H%M%S}.svg"
        for folder in (data_dir() / "screenshots", Path.cwd()):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path = Path(self.save_screenshot(name, str(folder)))
            except OSError:
                continue
            self.notify(f"Screenshot saved: {path}", title="Screenshot")
            return path
        self.notify("The screenshot could not be saved here.", severity="error")
        return None


def run() -> int:
    """Open the trainer in this terminal (``crib-trainer`` with no command); returns the
    exit status: 1 when the history file still refused answers or games at the end (said
    on stderr: they are lost), else 0."""
    app = CribTrainerApp()
    app.run()
    if not app.unkept:
        return 0
    print(
        f"crib-trainer: {app.unkept.text()} of this session could not be written to your "
        "history file (it stayed locked or refused writes); they are lost.",
        file=sys.stderr,
    )
    return 1

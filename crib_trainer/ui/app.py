"""The trainer in the terminal: ``crib-trainer`` with no command opens it.

The app owns what every screen shares: a seeded random generator, the clocks (passed in so
tests can freeze them), the clipboard, and where answers are recorded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from crib_trainer.clipboard import copy_text
from crib_trainer.core.game import Game


class CribTrainerApp(App):
    """Cribbage counting and decisions, keyboard first."""

    CSS_PATH = "app.tcss"
    TITLE = "crib-trainer"
    SUB_TITLE = "count, judge, decide"
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+t", "toggle_theme", "Theme"),
    ]

    def __init__(
        self,
        *,
        seed: int | None = None,
        now: Callable[[], datetime] | None = None,
        ticks: Callable[[], float] | None = None,
    ) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.now = now or (lambda: datetime.now(UTC))
        self.ticks = ticks or time.monotonic
        self.answers: list[dict[str, Any]] = []
        self.games: dict[int, Game] = {}

    def on_mount(self) -> None:
        from crib_trainer.ui.screens.home import HomeScreen

        self.theme = "textual-dark"
        self.push_screen(HomeScreen())

    # -- what screens share

    def record(self, attempt: dict[str, Any]) -> None:
        """Keep an answer the learner gave."""
        self.answers.append(attempt)

    def save_game(self, game: Game, game_id: int | None) -> int:
        """Keep a game after each entry; returns its id."""
        if game_id is None:
            game_id = len(self.games) + 1
        self.games[game_id] = game
        return game_id

    def unfinished_game(self) -> tuple[int, Game] | None:
        """The most recent game not yet won, to resume."""
        for game_id in sorted(self.games, reverse=True):
            if self.games[game_id].state().winner is None:
                return game_id, self.games[game_id]
        return None

    def copy(self, text: str) -> str:
        """Copy text (pyperclip, else OSC 52 through the terminal) and say how it went."""
        result = copy_text(text, send_osc52=self.copy_to_clipboard)
        self.notify(result.message, severity="information" if result.ok else "warning")
        return result.message

    # -- actions and the command palette

    def action_help(self) -> None:
        from crib_trainer.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def open_count(self, crib: bool) -> None:
        from crib_trainer.ui.screens.count import CountScreen

        self.push_screen(CountScreen(crib=crib))

    def open_judge(self) -> None:
        from crib_trainer.ui.screens.judge import JudgeScreen

        self.push_screen(JudgeScreen())

    def open_scorekeeper(self, new: bool = False) -> None:
        """Resume the last unfinished game, or start a new one."""
        from crib_trainer.ui.screens.scorekeeper import NewGameScreen, ScorekeeperScreen

        resume = None if new else self.unfinished_game()
        if resume is not None:
            game_id, game = resume
            self.push_screen(ScorekeeperScreen(game, game_id))
            return

        def start(game: Game | None) -> None:
            if game is not None:
                self.push_screen(ScorekeeperScreen(game, self.save_game(game, None)))

        self.push_screen(NewGameScreen(), start)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("Count a hand", "Drill: count a hand", lambda: self.open_count(False))
        yield SystemCommand("Count a crib", "Drill: count a crib", lambda: self.open_count(True))
        yield SystemCommand("Judge a claim", "Settle a dispute", self.open_judge)
        yield SystemCommand("Scorekeeper", "Keep score of a real game", self.open_scorekeeper)
        yield SystemCommand(
            "New game (scorekeeper)", "Start a new game", lambda: self.open_scorekeeper(True)
        )
        yield SystemCommand("Toggle light/dark theme", "Switch theme", self.action_toggle_theme)
        yield SystemCommand("Help", "The keys on this screen", self.action_help)
        yield from super().get_system_commands(screen)


def run() -> None:
    CribTrainerApp().run()

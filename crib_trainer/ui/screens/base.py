"""What every trainer screen shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp


class TrainerScreen(Screen):
    #: Keys the footer leaves out (number keys and the like), for the help screen.
    """A screen of the trainer: ``self.trainer`` is the app, typed."""

    HELP_KEYS: tuple[tuple[str, str], ...] = ()
    #: More for the help screen (markup): what to type, for a screen that reads lines.
    HELP_TEXT: str = ""

    @property
    def trainer(self) -> CribTrainerApp:
        """The trainer app this screen belongs to."""
        return cast("CribTrainerApp", self.app)

    def holds_an_answer(self) -> bool:
        """Whether an answer given here waits for the analysis (leaving now would lose it)."""
        return False

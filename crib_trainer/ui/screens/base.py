"""What every trainer screen shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.binding import Binding
from textual.screen import Screen

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp


#: Escape: back to the home screen (the drills and tools opened from it).
BACK = Binding("escape", "app.pop_screen", "Back", tooltip="back to the home screen")

#: Ctrl+t as everywhere (the theme), left out of a screen's footer that has no room for it
#: at 80 columns; the help lists it under "Everywhere".
THEME_UNSHOWN = Binding("ctrl+t", "app.toggle_theme", "Theme", show=False)

#: ? and ctrl+t in a window over a screen (a ModalScreen): Textual looks no further than the
#: window for a key, so the app's own ? and ctrl+t never reach it.
IN_A_WINDOW = [
    Binding("question_mark", "app.help", "Help", show=False),
    Binding("ctrl+t", "app.toggle_theme", "Theme", show=False),
]


def pick_keys(count: int) -> list[Binding]:
    """The number keys ``1`` to ``count``, each picking that card (``action_pick``); the
    footer leaves them out (``HELP_KEYS`` names them)."""
    return [Binding(str(n), f"pick({n})", show=False) for n in range(1, count + 1)]


class TrainerScreen(Screen):
    """A screen of the trainer: ``self.trainer`` is the app, typed."""

    #: Keys the footer leaves out (number keys and the like), for the help screen.
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

    def refused_as_typo(self, given: int, most: int, what: str = "any hand scores") -> bool:
        """Whether ``given`` is more than ``what`` can be (``most``): then a typo, said so
        and refused (the caller records nothing)."""
        if given <= most:
            return False
        self.notify(
            f"{given} is more than {what} ({most} is the most): a typo? Type it again.",
            severity="warning",
        )
        return True

    def refused_count(self, total: int) -> bool:
        """Whether a count of ``total`` is refused (over 29, or 19: ``refused_count``),
        said so (the caller records nothing)."""
        from crib_trainer.training.grading.overclaims import refused_count

        why = refused_count(total)
        if why is not None:
            self.notify(why, severity="warning")
        return why is not None

    def still_working(self) -> bool:
        """Whether an answer waits for the analysis, saying so: moving on now would lose it."""
        if self.holds_an_answer():
            self.notify("Still working it out; try again in a moment.")
            return True
        return False

"""What every trainer screen shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

from crib_trainer.training.categories import category_label
from crib_trainer.training.scheduler import DrillChoice

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp


class TrainerScreen(Screen):
    #: Keys the footer leaves out (number keys and the like), for the help screen.
    HELP_KEYS: tuple[tuple[str, str], ...] = ()
    #: More for the help screen (markup): what to type, for a screen that reads lines.
    HELP_TEXT: str = ""

    @property
    def trainer(self) -> CribTrainerApp:
        return cast("CribTrainerApp", self.app)

    def holds_an_answer(self) -> bool:
        """Whether an answer given here waits for the analysis (leaving now would lose it)."""
        return False


def aimed_at(choice: DrillChoice, label: str | None = None) -> str:
    """Why a drill was dealt for a category the scheduler aimed at, in a sentence
    (``label`` names the category, if not by :func:`category_label`).

    >>> aimed_at(DrillChoice("count-hand", "double-run", "weakness"))
    'Aimed at a weak spot: double runs.'
    >>> aimed_at(DrillChoice("count-hand", "nobs", "practice"))
    'Practising his nob, which you have not missed yet.'
    """
    label = label or category_label(choice.category or "")
    if choice.reason in ("weakness", "review"):  # (a review that could not be replayed)
        return f"Aimed at a weak spot: {label}."
    return f"Practising {label}, which you have not missed yet."

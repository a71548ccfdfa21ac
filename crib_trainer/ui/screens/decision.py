"""What the decision drills (discards, pegging) share: the learner's choice graded by
what it gave up against the best, the verdict in words, and where questions come from."""

from __future__ import annotations

from crib_trainer.training.credit import decision_words
from crib_trainer.training.session import Plan
from crib_trainer.ui.screens.base import TrainerScreen

#: The colour of each decision grade's words.
GRADE_STYLES = {"best": "$success", "close": "$warning", "fair": "$warning", "costly": "$error"}


def grade_text(grade: str, best: str, *, to_win: bool = False) -> str:
    """A decision's grade in words (``training.credit.decision_words``), as markup.

    >>> grade_text("fair", "Best play.")
    '[b $warning]Fair, half credit:[/] within a point and a half of the best.'
    """
    head, meaning = decision_words(grade, best, to_win=to_win)
    return f"[b {GRADE_STYLES[grade]}]{head}[/]" + (f" {meaning}" if meaning else "")


class DecisionScreen(TrainerScreen):
    """A drill that grades a choice (``training.answers.decision_grade``).

    ``adaptive``: questions from the session (weak spots, reviews) or at random (``s``);
    ``replay_id``: a stored question to ask first (Progress's enter); ``plan``: the home
    screen's suggestion, dealt first.
    """

    #: The head of the best grade's verdict, and how the points given up are said.
    BEST = "Best."
    GAVE = "It gives up"
    #: What ``s`` says, to the scheduler and to random questions.
    SOURCE_WORDS = ("From the scheduler.", "At random.")

    def __init__(
        self, *, adaptive: bool = True, replay_id: int | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__()
        self.adaptive = adaptive
        self.replay_id = replay_id
        self.plan = plan

    def verdict(self, grade: str, lost: float) -> str:
        """The verdict (markup): the grade in words and, short of the best, the points
        given up."""
        text = grade_text(grade, self.BEST)
        return text if grade == "best" else f"{text} {self.GAVE} {lost:.2f} points on average."

    def action_toggle_source(self) -> None:
        """Questions from the scheduler, or at random."""
        self.adaptive = not self.adaptive
        self.notify(self.SOURCE_WORDS[0] if self.adaptive else self.SOURCE_WORDS[1])

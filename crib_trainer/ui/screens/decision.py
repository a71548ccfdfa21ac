"""What the decision drills (discards, pegging) share: the learner's choice graded by
what it gave up against the best, the verdict in words, and where questions come from."""

from __future__ import annotations

from rich.markup import escape

from crib_trainer.training.grading.verdict import Verdict
from crib_trainer.training.learning.session import Plan
from crib_trainer.ui.screens.base import TrainerScreen

#: The colour of each band's words.
GRADE_STYLES = {
    "best": "$success",
    "as-good": "$success",
    "close": "$warning",
    "fair": "$warning",
    "costly": "$error",
}


def verdict_markup(verdict: Verdict) -> str:
    """A verdict's headline (``Verdict.headline``) as markup, its band coloured.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.training.grading.verdict import Choice
    >>> a, b = parse_cards("3H"), parse_cards("AS")
    >>> verdict_markup(Verdict("card", "points", b, (Choice(a, 2.0), Choice(b, 0.5))))
    '[b $warning]Fair, half credit:[/] you laid A♠, 1.50 points behind 3♥.'
    """
    head, _, rest = verdict.headline().partition(": ")
    return f"[b {GRADE_STYLES[verdict.band]}]{escape(head)}:[/] {escape(rest)}"


class DecisionScreen(TrainerScreen):
    """A drill that grades a choice (by ``training.judge``; the verdict's words from
    :func:`verdict_markup`).

    ``adaptive``: questions from the session (weak spots, reviews) or at random (``s``);
    ``replay_id``: a stored question to ask first (Progress's enter); ``plan``: the home
    screen's suggestion, dealt first.
    """

    #: What ``s`` says, to the scheduler and to random questions.
    SOURCE_WORDS = ("From the scheduler.", "At random.")

    def __init__(
        self, *, adaptive: bool = True, replay_id: int | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__()
        self.adaptive = adaptive
        self.replay_id = replay_id
        self.plan = plan

    def action_toggle_source(self) -> None:
        """Questions from the scheduler, or at random."""
        self.adaptive = not self.adaptive
        self.notify(self.SOURCE_WORDS[0] if self.adaptive else self.SOURCE_WORDS[1])

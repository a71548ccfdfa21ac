"""Answers to decisions with numbers chosen by a test (a history to read back, a stat to
add up), made the one way the trainer makes them: a verdict, then ``decision_attempt``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from crib_trainer.core.cards import Card
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.hands import DiscardDrill
from crib_trainer.training.grading.decisions import decision_attempt
from crib_trainer.training.grading.verdict import Choice, Verdict


def _ranking(chosen: tuple[Card, ...], best: tuple[Card, ...], gave_up: float) -> tuple:
    if frozenset(chosen) == frozenset(best) or not gave_up:
        return (Choice(chosen, 0.0), *(() if frozenset(chosen) == frozenset(best) else
                                       (Choice(best, 0.0),)))  # fmt: skip
    return (Choice(best, 0.0), Choice(chosen, -gave_up))


def throw_attempt(
    cards: Sequence[Card],
    *,
    dealer: bool,
    thrown: Sequence[Card],
    best: Sequence[Card],
    gave_up: float,
    seconds: float,
    answered_at: datetime,
    variant: str = "six-card",
    puzzle_id: str | None = None,
) -> Attempt:
    """A throw that gave up ``gave_up`` points against ``best``."""
    drill = DiscardDrill(tuple(cards), dealer, variant)
    ranking = _ranking(tuple(thrown), tuple(best), gave_up)
    verdict = Verdict("throw", "points", tuple(thrown), ranking)
    return decision_attempt(
        drill, verdict, seconds=seconds, answered_at=answered_at, puzzle_id=puzzle_id
    )


@dataclass(frozen=True)
class Moment:
    """A pegging moment as a test writes it: its theme and the question stored."""

    theme: str
    asked: dict[str, Any] = field(default_factory=dict)
    themes: tuple[str, ...] = ()
    kind: str = "peg-play"

    def question(self) -> dict[str, Any]:
        return {**self.asked, "theme": self.theme}


def card_attempt(
    *,
    theme: str,
    question: dict[str, Any],
    played: Card,
    best: Card,
    gave_up: float,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
) -> Attempt:
    """A card laid that gave up ``gave_up`` points against ``best``."""
    ranking = _ranking((played,), (best,), gave_up)
    verdict = Verdict("card", "points", (played,), ranking)
    return decision_attempt(
        Moment(theme, dict(question)),
        verdict,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
    )


def judged(drill: Any, chosen: Sequence[Card], *, seconds: float, answered_at: datetime) -> Attempt:
    """A choice in a drill judged and stored as every screen does it."""
    from crib_trainer.training.grading.decisions import judge_drill

    verdict = judge_drill(drill, tuple(chosen))
    return decision_attempt(drill, verdict, seconds=seconds, answered_at=answered_at)

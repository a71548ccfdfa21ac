"""The timed counting drill: ten hands against the clock, and the learner's best runs.

A run is :data:`HANDS` hands counted one after another; its time is the seconds from the
first hand shown to the last answer, and each wrong count adds :data:`PENALTY_SECONDS`
(speed bought with mistakes is no speed). Every answer is an ordinary ``count-hand``
attempt (so accuracy, weak spots and reviews see it) whose answer also holds
``"timed": {"run": N, "started": "<UTC ISO>", "hand": i}``; the runs are read back from
the history, so no other record is kept. A run left before its tenth hand is not a run.

>>> from datetime import datetime, timedelta, UTC
>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.training.grading.answers import count_attempt
>>> from crib_trainer.training.drills.hands import CountDrill
>>> t = datetime(2026, 3, 1, 18, tzinfo=UTC)
>>> drill = CountDrill(parse_cards("7H 8C 8D KS"), parse_card("9D"), crib=False)
>>> run = [timed_answer(count_attempt(drill, total=12 if i else 8, seconds=4,
...                                   answered_at=t + timedelta(seconds=4 * i)),
...                     run=1, started=t, hand=i + 1) for i in range(HANDS)]
>>> (best,) = timed_runs(run)
>>> best.right, best.seconds, best.score
(9, 40.0, 50.0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from crib_trainer.training.attempt import Attempt, DrillKind
from crib_trainer.training.drills.hands import CountDrill, count_drill

#: Hands in a run.
HANDS = 10
#: Seconds added to a run's time for each wrong count.
PENALTY_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class TimedRun:
    """A finished run: when it started, its hands right and its seconds (without penalty)."""

    run: int
    started: datetime
    right: int
    seconds: float

    @property
    def score(self) -> float:
        """The run's time with the penalties: lower is better."""
        return self.seconds + PENALTY_SECONDS * (HANDS - self.right)


def deal_run(rng: random.Random) -> list[CountDrill]:
    """The hands of a run: :data:`HANDS` random hands (not crib), from ``rng``."""
    return [count_drill(rng, crib=False) for _ in range(HANDS)]


def timed_answer(attempt: Attempt, *, run: int, started: datetime, hand: int) -> Attempt:
    """The attempt marked as hand ``hand`` (1 to :data:`HANDS`) of run ``run``."""
    if not 1 <= hand <= HANDS:
        raise ValueError(f"a run's hands are 1 to {HANDS}, not {hand}")
    mark = {"run": run, "started": started.astimezone(UTC).isoformat(), "hand": hand}
    return replace(attempt, answer={**attempt.answer, "timed": mark})


def _mark(attempt: Attempt) -> tuple[int, str, int] | None:
    """(run, started, hand) of a timed answer, or None (any other, or a mark out of shape)."""
    mark = attempt.answer.get("timed") if attempt.kind == DrillKind.COUNT_HAND else None
    if not isinstance(mark, dict):
        return None
    run, started, hand = mark.get("run"), mark.get("started"), mark.get("hand")
    if type(run) is not int or type(hand) is not int or not isinstance(started, str):
        return None
    return run, started, hand


def timed_runs(history: Iterable[Attempt]) -> list[TimedRun]:
    """Every finished run in the history (all its hands there, once each), oldest first."""
    hands: dict[tuple[int, str], dict[int, Attempt]] = {}
    for attempt in history:
        mark = _mark(attempt)
        if mark is not None:
            hands.setdefault(mark[:2], {})[mark[2]] = attempt
    runs = []
    for (run, started), got in hands.items():
        if sorted(got) != list(range(1, HANDS + 1)):
            continue
        try:
            when = datetime.fromisoformat(started)
        except ValueError:
            continue
        if when.tzinfo is None:
            continue
        right = sum(a.correct for a in got.values())
        runs.append(TimedRun(run, when, right, sum(a.seconds for a in got.values())))
    return sorted(runs, key=lambda r: (r.started, r.run))


def next_run(history: Iterable[Attempt]) -> int:
    """The number for a new run: one more than any run begun before (finished or not)."""
    return 1 + max((m[0] for a in history if (m := _mark(a)) is not None), default=0)


def personal_best(runs: Iterable[TimedRun]) -> TimedRun | None:
    """The run with the lowest time with penalties (the earlier of equals), or None."""
    return min(runs, key=lambda r: (r.score, r.started), default=None)

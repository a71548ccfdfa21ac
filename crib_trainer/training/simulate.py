"""A scripted learner, driven through :class:`~crib_trainer.training.session.Session` the
way the count screen and the home screen's ``g`` drive it: it counts perfectly but for one
planted mistake, which it stops making after a given answer.

The planted mistakes (:data:`MISTAKES`): ``nobs`` never counts his nob; ``double-run``
counts a double run as a run and a pair (one run short); ``crib-flush-trap`` claims 4 for
a four-card crib flush (on a crib, whose starter is of another suit); ``fifteen-3plus``
misses every fifteen of three or more cards; ``double-run-pair`` forgets the pair inside
a double run. Everything is seeded; the clock moves :data:`SECONDS_PER_ANSWER` an answer.

>>> run = play("nobs", seed=1, answers=30)
>>> len(run.questions), run.questions[0].reason
(30, 'start')
>>> run.weak_first[-1]  # the weak spot the stats name first after the last answer
'nobs'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from crib_trainer.core.show import Breakdown
from crib_trainer.training import categories as cat
from crib_trainer.training.drills import JudgeDrill, drill_for
from crib_trainer.training.learner import weak_spots
from crib_trainer.training.session import MemoryHistory, Question, Session

START = datetime(2025, 11, 24, 19, 0, tzinfo=UTC)
SECONDS_PER_ANSWER = 20.0


def _points(b: Breakdown, category: str) -> int:
    return sum(item.points for item, c in cat.item_categories(b).items() if c == category)


def _one_run(b: Breakdown) -> int:
    """The points of one run of a double run (counted as a run and a pair: one run short)."""
    runs = [i for i, c in cat.item_categories(b).items() if c == cat.DOUBLE_RUN and i.points > 2]
    return runs[0].points if runs else 0


def _inner_pair(b: Breakdown) -> int:
    pairs = [i for i, c in cat.item_categories(b).items() if c == cat.DOUBLE_RUN and i.points == 2]
    return pairs[0].points if pairs else 0


#: Each planted mistake: (the category it is in, the kind of drill that asks it, the
#: learner's total for a show).
MISTAKES: dict[str, tuple[str, str, Callable[[Breakdown], int]]] = {
    "nobs": (cat.NOBS, "count-hand", lambda b: b.total - _points(b, cat.NOBS)),
    "double-run": (cat.DOUBLE_RUN, "count-hand", lambda b: b.total - _one_run(b)),
    "crib-flush-trap": (
        cat.CRIB_FLUSH_TRAP,
        "count-crib",
        lambda b: b.total + (len(b.cards) if cat.is_crib_flush_trap(b) else 0),
    ),
    "fifteen-3plus": (
        cat.FIFTEEN_3PLUS,
        "count-hand",
        lambda b: b.total - _points(b, cat.FIFTEEN_3PLUS),
    ),
    "double-run-pair": (cat.DOUBLE_RUN, "count-hand", lambda b: b.total - _inner_pair(b)),
}


@dataclass
class Run:
    """One scripted learner's answers: the questions asked, the weak spot the stats named
    first after each answer (None if none), and the all-time and "now" miss rates the
    stats show (certain misses only) of every category after each answer."""

    mistake: str
    questions: list[Question] = field(default_factory=list)
    weak_first: list[str | None] = field(default_factory=list)
    rates: list[dict[str, tuple[float | None, float | None]]] = field(default_factory=list)

    @property
    def category(self) -> str:
        return MISTAKES[self.mistake][0]

    def share_holding(self, first: int, last: int) -> float:
        """The share of questions ``first``…``last`` (1-based, inclusive) that held the
        planted category."""
        asked = self.questions[first - 1 : last]
        return sum(self.category in q.holds for q in asked) / len(asked)

    def share_identical(self, first: int, last: int) -> float:
        """The share of questions ``first``…``last`` that were the same cards again."""
        asked = self.questions[first - 1 : last]
        return sum(q.review for q in asked) / len(asked)


def play(mistake: str, *, seed: int, answers: int = 150, stop_at: int = 50) -> Run:
    """Play ``answers`` answers with the planted ``mistake``, made up to answer ``stop_at``."""
    _, kind, wrong = MISTAKES[mistake]
    now = [START]
    session = Session(MemoryHistory(), rng=random.Random(seed), clock=lambda: now[0])
    run = Run(mistake)
    for n in range(1, answers + 1):
        q = session.next_question({kind})
        b = q.drill.breakdown()
        total = wrong(b) if n <= stop_at else b.total
        session.answer(q, total=total, seconds=8.0)
        run.questions.append(q)
        now[0] += timedelta(seconds=SECONDS_PER_ANSWER)
        model = session.masteries()
        spots = weak_spots(model)
        run.weak_first.append(spots[0].category if spots else None)
        run.rates.append({c: (m.rate_all, m.now) for c, m in model.items()})
    return run


def base_rate(mistake: str, *, seed: int = 0, deals: int = 20000) -> float:
    """The share of random deals of the mistake's kind that hold its category."""
    category, kind, _ = MISTAKES[mistake]
    rng = random.Random(seed)
    held = 0
    for _ in range(deals):
        drill = drill_for(kind, rng)
        deal = drill.deal if isinstance(drill, JudgeDrill) else drill
        held += category in cat.count_categories(deal.breakdown())
    return held / deals

"""A scripted learner, driven through :class:`~crib_trainer.training.learning.session.Session` the
way the screens and the home screen's ``g`` drive it: it answers perfectly but for one
planted mistake, which it stops making after a given answer.

The planted mistakes (:data:`MISTAKES`), counting (a total for the show):

- ``nobs`` never counts his nob; ``double-run`` counts a double run of three as a run and a
  pair (one run short); ``crib-flush-trap`` claims 4 for a four-card crib flush (on a crib,
  whose starter is of another suit); ``fifteen-3plus`` misses every fifteen of three or
  more cards; ``double-run-pair`` forgets the pair inside a double run of three;
- ``double-run-four`` counts a double run of four as 8, not 10 (2 short: a fifteen could
  be 2 too); ``hand-four-flush`` leaves a four-card flush in the hand uncounted;
  ``heels`` counts a turned jack as his nob (one too many);

and decisions (through ``Session.answer(q, throw=…)`` or ``card=…``, the judge's verdict
worked out once and passed as ``judged``, as the screens do):

- ``throws-five-to-dealer``: as pone holding a 5, throws the best throw that holds a 5;
  else the best throw;
- ``leads-five``: leading with a 5 in hand, lays the 5; else the best card.

Everything is seeded; the clock moves :data:`SECONDS_PER_ANSWER` an answer. A learner
can also be right every time (``none``), and slow (``seconds=SLOW_SECONDS`` a hand).

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
from typing import Any

from crib_trainer.core.show import Breakdown
from crib_trainer.training import categories as cat
from crib_trainer.training.learning.learner import weak_spots
from crib_trainer.training.learning.session import MemoryHistory, Question, Session

START = datetime(2025, 11, 24, 19, 0, tzinfo=UTC)
SECONDS_PER_ANSWER = 20.0
SECONDS = 8.0
SLOW_SECONDS = 45.0


def _points(b: Breakdown, category: str) -> int:
    return sum(item.points for item, c in cat.item_categories(b).items() if c == category)


def _one_run(b: Breakdown) -> int:
    """The points of one run of a double run (counted as a run and a pair: one run short)."""
    runs = [i for i, c in cat.item_categories(b).items() if c == cat.DOUBLE_RUN and i.points > 2]
    return runs[0].points if runs else 0


def _inner_pair(b: Breakdown) -> int:
    pairs = [i for i, c in cat.item_categories(b).items() if c == cat.DOUBLE_RUN and i.points == 2]
    return pairs[0].points if pairs else 0


#: An answer: the keywords of ``Session.answer`` for a question, while making the mistake
#: (True) or not.
Answerer = Callable[[Question, bool], dict[str, Any]]


def _count(wrong: Callable[[Breakdown], int]) -> Answerer:
    def answer(q: Question, making: bool) -> dict[str, Any]:
        drill: Any = q.drill  # (a count kind's: it has a show)
        b = drill.breakdown()
        return {"total": wrong(b) if making else b.total}

    return answer


def _decision(does: Callable[[Question, Any], Any]) -> Answerer:
    """A decision learner: the judge's verdict worked out once; ``does(q, verdict)`` gives
    his choice while making the mistake (None: the best, as otherwise)."""
    from crib_trainer.training.grading.decisions import judge_drill

    def answer(q: Question, making: bool) -> dict[str, Any]:
        d: Any = q.drill  # (a discard or a pegging moment, by its kind)
        if d.kind == "discard":
            verdict = judge_drill(d, d.cards[:2])
        else:
            verdict = judge_drill(d, [_legal(d)[0]])
        choice = (does(q, verdict) if making else None) or verdict.top.cards
        key = "throw" if d.kind == "discard" else "card"
        return {key: choice if key == "throw" else choice[0], "judged": verdict}

    return answer


def _legal(drill: Any) -> list[Any]:
    from crib_trainer.analysis.pegging import read_situation

    count = read_situation(drill.situation).count
    return [c for c in drill.situation.hand if c.value <= 31 - count]


def _five_to_dealer(q: Question, verdict: Any) -> Any:
    deal: Any = q.drill  # (a discard drill)
    if deal.dealer or not any(c.rank == 5 for c in deal.cards):
        return None
    return next(c.cards for c in verdict.ranking if any(x.rank == 5 for x in c.cards))


def _lead_five(q: Question, verdict: Any) -> Any:
    moment: Any = q.drill  # (a pegging drill)
    if "lead" not in moment.themes:
        return None
    fives = [c for c in moment.situation.hand if c.rank == 5]
    return (fives[0],) if fives else None


@dataclass(frozen=True, slots=True)
class PlantedMistake:
    """A planted mistake: the category (or habit) it shows in, the drill kind the learner
    practises, and how he answers."""

    category: str
    kind: str
    answer: Answerer


#: Every planted mistake, by name (see the module notes).
MISTAKES: dict[str, PlantedMistake] = {
    "nobs": PlantedMistake(
        cat.NOBS, "count-hand", _count(lambda b: b.total - _points(b, cat.NOBS))
    ),
    "double-run": PlantedMistake(
        cat.DOUBLE_RUN, "count-hand", _count(lambda b: b.total - _one_run(b))
    ),
    "crib-flush-trap": PlantedMistake(
        cat.CRIB_FLUSH_TRAP,
        "count-crib",
        _count(lambda b: b.total + (len(b.cards) if cat.is_crib_flush_trap(b) else 0)),
    ),
    "fifteen-3plus": PlantedMistake(
        cat.FIFTEEN_3PLUS,
        "count-hand",
        _count(lambda b: b.total - _points(b, cat.FIFTEEN_3PLUS)),
    ),
    "double-run-pair": PlantedMistake(
        cat.DOUBLE_RUN, "count-hand", _count(lambda b: b.total - _inner_pair(b))
    ),
    "double-run-four": PlantedMistake(
        cat.DOUBLE_RUN_FOUR,
        "count-hand",
        _count(lambda b: b.total - (2 if _points(b, cat.DOUBLE_RUN_FOUR) else 0)),
    ),
    "hand-four-flush": PlantedMistake(
        cat.HAND_FOUR_FLUSH,
        "count-hand",
        _count(lambda b: b.total - _points(b, cat.HAND_FOUR_FLUSH)),
    ),
    "heels": PlantedMistake(
        cat.HEELS, "count-hand", _count(lambda b: b.total + (1 if cat.is_heels(b) else 0))
    ),
    "throws-five-to-dealer": PlantedMistake(
        "throws-five-to-dealer", "discard", _decision(_five_to_dealer)
    ),
    "leads-five": PlantedMistake("leads-five", "peg-play", _decision(_lead_five)),
}
#: The decision learners (each answer is judged: slower to run than a count).
DECISIONS = ("throws-five-to-dealer", "leads-five")
#: Every scripted learner: the planted mistakes, and ``none``, who counts every hand right.
LEARNERS: dict[str, PlantedMistake] = MISTAKES | {
    "none": PlantedMistake("", "count-hand", _count(lambda b: b.total))
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
        return LEARNERS[self.mistake].category

    def share_holding(self, first: int, last: int, category: str | None = None) -> float:
        """The share of questions ``first``…``last`` (1-based, inclusive) that held the
        planted category (or ``category``)."""
        asked = self.questions[first - 1 : last]
        wanted = category or self.category
        return sum(wanted in q.holds for q in asked) / len(asked)

    def share_identical(self, first: int, last: int) -> float:
        """The share of questions ``first``…``last`` that were the same cards again."""
        asked = self.questions[first - 1 : last]
        return sum(q.review for q in asked) / len(asked)

    def named(self, first: int, last: int) -> float:
        """The share of answers ``first``…``last`` after which the stats named the planted
        category first."""
        named = self.weak_first[first - 1 : last]
        return sum(f == self.category for f in named) / len(named)


def play(
    mistake: str, *, seed: int, answers: int = 150, stop_at: int = 50, seconds: float = SECONDS
) -> Run:
    """Play ``answers`` answers with the planted ``mistake``, made up to answer ``stop_at``
    (``stop_at=0``: never), each taking ``seconds``."""
    planted = LEARNERS[mistake]
    now = [START]
    session = Session(MemoryHistory(), rng=random.Random(seed), clock=lambda: now[0])
    run = Run(mistake)
    for n in range(1, answers + 1):
        q = session.next_question({planted.kind})
        session.answer(q, **planted.answer(q, n <= stop_at), seconds=seconds)
        run.questions.append(q)
        now[0] += timedelta(seconds=SECONDS_PER_ANSWER)
        model = session.masteries()
        spots = weak_spots(model)
        run.weak_first.append(spots[0].category if spots else None)
        run.rates.append({c: (m.rate_all, m.now) for c, m in model.items()})
    return run


def base_rate(mistake: str, *, seed: int = 0, deals: int = 20000) -> float:
    """The share of random deals of the mistake's kind that hold its category."""
    from crib_trainer.training.kinds import KINDS

    planted = MISTAKES[mistake]
    kind = KINDS[planted.kind]
    rng = random.Random(seed)
    held = sum(planted.category in kind.holds(kind.generate(rng, None)) for _ in range(deals))
    return held / deals

"""Grade an answer to a drill into an :class:`~crib_trainer.training.attempt.Attempt`.

One function per kind of drill; each fills in the question (enough to replay it), the
answer, the truth, the grade, and the categories present and missed, so storage and the
scheduler see every kind the same way.

>>> from datetime import datetime, UTC
>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> drill = CountDrill(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False)
>>> a = count_attempt(drill, total=28, seconds=9.0, answered_at=datetime(2025, 3, 1, tzinfo=UTC))
>>> a.kind, a.correct, a.grade, a.missed
('count-hand', False, 'under', {'nobs': 1.0})

JSON kept for each kind (cards as two ASCII characters, ``"5H"``):

- count-hand / count-crib: question ``{"cards", "starter", "crib", "variant", "target"}``;
  answer ``{"total"}``, or ``{"items": [{"kind", "cards", "points"}]}``, or
  ``{"by_kind": {"fifteen": 4, …}}``; truth ``{"total", "items"}``.
- judge: question as for a count plus ``"claim"``; answer ``{"verdict", "total"}``
  (``total`` may be null); truth ``{"verdict", "total", "items"}``.
- discard, peg-play, position (the decisions): see :mod:`crib_trainer.training.grading.decisions`
  (every decision is judged by :mod:`crib_trainer.training.grading.judge`).
- peg-score: question is the caller's (the pegging situation) plus ``"theme"``; answer
  ``{"points"}``; truth ``{"points"}``.

A count or judge answered after hints adds ``"hints"`` (the steps shown) and ``"credit"`` to
its answer (``training.hints.with_hints``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from crib_trainer.core.show import NINETEEN, ItemKind, ShowItem
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt, DrillKind
from crib_trainer.training.categories import Booking, book_misses, count_categories
from crib_trainer.training.drills.hands import CountDrill, JudgeDrill
from crib_trainer.training.grading.claims import judge_claim
from crib_trainer.training.shapes import CountAnswer, JudgeAnswer, PointsAnswer

#: Points given up no more than this are none (a count's, a game summary's).
BEST_TOLERANCE = 0.01

_OVER = {cat.OVER_CLAIM, cat.CRIB_FLUSH_TRAP}


def count_attempt(
    drill: CountDrill,
    *,
    total: int | None = None,
    items: Iterable[ShowItem] | None = None,
    by_kind: Mapping[ItemKind, int] | Mapping[str, int] | None = None,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
    odds: Mapping[str, float] | None = None,
) -> Attempt:
    """Grade a count given as a ``total``, as ``items`` (exact), or as points ``by_kind``.

    The grade is ``correct``, ``under`` (something missed), ``over`` (too much claimed)
    or ``mixed`` (an itemised count with both). What a claim cannot pin down is booked
    as a chance (:func:`~crib_trainer.training.categories.book_misses`; ``odds``: the
    learner's odds of overlooking each category, when known).
    """
    given = [x for x in (total, items, by_kind) if x is not None]
    if len(given) != 1:
        raise ValueError("give the count as exactly one of total, items or by_kind")
    b = drill.breakdown()
    answer: CountAnswer
    if total is not None:
        nineteen = total == NINETEEN  # the players' word for nothing (no show makes 19)
        booked = book_misses(b, claimed_total=0 if nineteen else total, odds=odds)
        answer = {"total": total}
    elif items is not None:
        items = tuple(items)
        booked = book_misses(b, claimed_items=items)
        answer = {
            "items": [ShowItem(ItemKind(i.kind), tuple(i.cards), i.points).to_json() for i in items]
        }
    else:
        assert by_kind is not None
        booked = book_misses(b, claimed_items=by_kind, odds=odds)
        answer = {"by_kind": {str(k): v for k, v in by_kind.items()}}
    wrong = {*booked.missed, *booked.maybe}
    under = any(c not in _OVER for c in wrong)
    over = any(c in _OVER for c in wrong)
    grade = "mixed" if under and over else "under" if under else "over" if over else "correct"
    return Attempt(
        kind=drill.kind,
        question=drill.question(),
        answer=answer,
        truth=b.to_json(),
        correct=not wrong,
        grade=grade,
        missed=booked.missed,
        maybe=booked.maybe,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present=dict(count_categories(b)),
    )


def judge_attempt(
    drill: JudgeDrill,
    *,
    verdict: str,
    total: int | None = None,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
    odds: Mapping[str, float] | None = None,
) -> Attempt:
    """Grade a judgement of a claim: ``verdict`` is ``correct``, ``under`` or ``over``, and
    the learner may also give the true ``total``.

    Correct when the verdict (and the total, if given) is right. What was missed: the
    learner's own count if they gave one; otherwise, when they let a wrong claim stand
    (or called it wrong the wrong way), the claimant's error they did not catch.

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> deal = CountDrill(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=True)
    >>> a = judge_attempt(JudgeDrill(deal, 4), verdict="correct", seconds=3,
    ...                   answered_at=datetime(2025, 3, 1, tzinfo=UTC))
    >>> a.grade, a.missed
    ('wrong-verdict', {'crib-flush-trap': 4.0})
    """
    if verdict not in ("correct", "under", "over"):
        raise ValueError(f"a verdict is correct, under or over; got {verdict!r}")
    b = drill.deal.breakdown()
    truth = judge_claim(b, drill.claim).verdict
    right_verdict = verdict == truth
    right_total = total is None or total == b.total
    if total is not None and total != b.total:
        booked = book_misses(b, claimed_total=total, odds=odds)
    elif not right_verdict and drill.claim != b.total:
        booked = book_misses(b, claimed_total=drill.claim, odds=odds)
    else:
        booked = Booking()
    grade = (
        "correct"
        if right_verdict and right_total
        else ("wrong-verdict" if not right_verdict else "wrong-total")
    )
    return Attempt(
        kind=DrillKind.JUDGE.value,
        question=drill.question(),
        answer=JudgeAnswer(verdict=verdict, total=total),
        truth={"verdict": truth, **b.to_json()},
        correct=right_verdict and right_total,
        grade=grade,
        missed=booked.missed,
        maybe=booked.maybe,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present=dict(count_categories(b)),
    )


def peg_score_attempt(
    *,
    theme: str,
    question: Mapping[str, Any],
    claimed: int,
    actual: int,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
) -> Attempt:
    """What the last card scored: ``claimed`` against ``actual``. Points missed go to
    ``peg-<theme>``; points claimed that are not there to ``over-claim``."""
    category = cat.peg_category(theme)
    grade = "correct" if claimed == actual else "under" if claimed < actual else "over"
    missed = {
        category: float(max(actual - claimed, 0)),
        cat.OVER_CLAIM: float(max(claimed - actual, 0)),
    }
    return Attempt(
        kind=DrillKind.PEG_SCORE.value,
        question={**question, "theme": theme},
        answer=PointsAnswer(points=claimed),
        truth={"points": actual},
        correct=claimed == actual,
        grade=grade,
        missed=missed,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present={category: float(actual), cat.OVER_CLAIM: 0.0},
    )

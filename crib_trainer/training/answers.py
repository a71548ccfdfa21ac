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
- discard: question ``{"cards", "role", "variant"}``; answer ``{"discard"}``;
  truth ``{"best", "points_lost"}`` plus whatever the caller adds.
- peg-play / peg-score: question is the caller's (the pegging situation) plus ``"theme"``;
  answer ``{"card"}`` or ``{"points"}``; truth ``{"best", "points_lost"}`` or ``{"points"}``.

A count or judge answered after hints adds ``"hints"`` (the steps shown) and ``"credit"`` to
its answer (``training.hints.with_hints``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from crib_trainer.core.cards import Card
from crib_trainer.core.show import Kind, ShowItem
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt, DrillKind
from crib_trainer.training.categories import Booking, book_misses, count_categories
from crib_trainer.training.drills import CountDrill, JudgeDrill
from crib_trainer.training.grading import judge_claim
from crib_trainer.training.overclaims import NINETEEN

#: A decision that gives up no more than this many points (expected) counts as correct.
BEST_TOLERANCE = 0.01
#: Chances to win closer than this are the same to a player (as in ``position_words``).
WIN_SAME = 0.005
#: Up to this many points given up is ``close``; up to FAIR_LOSS ``fair``; more ``costly``.
CLOSE_LOSS = 0.5
FAIR_LOSS = 1.5

_OVER = {cat.OVER_CLAIM, cat.CRIB_FLUSH_TRAP}


def count_attempt(
    drill: CountDrill,
    *,
    total: int | None = None,
    items: Iterable[ShowItem] | None = None,
    by_kind: Mapping[Kind, int] | Mapping[str, int] | None = None,
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
    answer: dict[str, Any]
    if total is not None:
        nineteen = total == NINETEEN  # the players' word for nothing (no show makes 19)
        booked = book_misses(b, claimed_total=0 if nineteen else total, odds=odds)
        answer = {"total": total}
    elif items is not None:
        items = tuple(items)
        booked = book_misses(b, claimed_items=items)
        answer = {
            "items": [ShowItem(Kind(i.kind), tuple(i.cards), i.points).to_json() for i in items]
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
        answer={"verdict": verdict, "total": total},
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


def decision_grade(points_lost: float) -> str:
    """The band of a choice that gave up ``points_lost``: ``best`` (nothing), ``close``
    (within 0.5), ``fair`` (within 1.5) or ``costly`` (more).

    >>> [decision_grade(x) for x in (0.0, 0.3, 1.2, 2.1)]
    ['best', 'close', 'fair', 'costly']
    """
    if points_lost <= BEST_TOLERANCE:
        return "best"
    if points_lost <= CLOSE_LOSS:
        return "close"
    return "fair" if points_lost <= FAIR_LOSS else "costly"


def win_grade(win_lost: float) -> str:
    """The band of a choice at a score that gave up ``win_lost`` of the chance to win:
    ``best`` (under half a percent), ``close`` (2%), ``fair`` (5%) or ``costly``.

    >>> [win_grade(x) for x in (0.001, 0.01, 0.04, 0.2)]
    ['best', 'close', 'fair', 'costly']
    """
    if win_lost < WIN_SAME:
        return "best"
    if win_lost <= 0.02:
        return "close"
    return "fair" if win_lost <= 0.05 else "costly"


def decision_attempt(
    kind: DrillKind,
    category: str,
    *,
    question: dict[str, Any],
    answer: dict[str, Any],
    truth: dict[str, Any],
    points_lost: float,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
    win_lost: float | None = None,
    win_same: float = WIN_SAME,
) -> Attempt:
    """A choice (a throw, a card to play) that gave up ``points_lost`` against the best,
    booked to ``category``: correct when it gave up nothing (within
    :data:`BEST_TOLERANCE`), graded by :func:`decision_grade`; ``truth`` gets
    ``points_lost``. With ``win_lost`` (at a score) the chance to win given up grades it
    instead (:func:`win_grade`): a choice that loses the game's chance is a miss even when
    it loses no points; one within ``win_same`` of the best (the estimate's error, where
    that is more than :data:`WIN_SAME`) is as good as the best.

    >>> from datetime import datetime, UTC
    >>> a = decision_attempt(DrillKind.PEG_PLAY, "peg-lead", question={}, answer={},
    ...     truth={}, points_lost=0.8, seconds=2.0, answered_at=datetime(2025, 3, 1, tzinfo=UTC))
    >>> a.correct, a.grade, a.missed, a.truth
    (False, 'fair', {'peg-lead': 0.8}, {'points_lost': 0.8})
    """
    if points_lost < 0:
        raise ValueError(f"points given up cannot be negative: {points_lost}")
    lost = points_lost if points_lost > BEST_TOLERANCE else 0.0
    truth = {**truth, "points_lost": points_lost}
    if win_lost is None:
        correct, grade, missed = lost == 0, decision_grade(points_lost), lost
    else:
        correct = win_lost < max(win_same, WIN_SAME)
        grade = "best" if correct else win_grade(win_lost)
        missed = 0.0 if correct else max(lost, BEST_TOLERANCE)
        truth["win_lost"] = win_lost
    return Attempt(
        kind=kind.value,
        question=question,
        answer=answer,
        truth=truth,
        correct=correct,
        grade=grade,
        missed={category: missed},
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present={category: 0.0},
    )


def discard_attempt(
    *,
    cards: Sequence[Card],
    dealer: bool,
    thrown: Sequence[Card],
    best: Sequence[Card],
    points_lost: float,
    seconds: float,
    answered_at: datetime,
    variant: str = "six-card",
    truth: Mapping[str, Any] | None = None,
    puzzle_id: str | None = None,
    win_lost: float | None = None,
    win_same: float = WIN_SAME,
) -> Attempt:
    """A throw from ``cards`` as dealer or pone that gave up ``points_lost`` (expected net
    points against the best throw, ``best``). Missed: ``discard-dealer``/``discard-pone``.

    At a score (a position puzzle) ``best`` is the throw with the best chance to win and
    ``win_lost`` what this one gave up of it: that grades the throw (:func:`win_grade`;
    within ``win_same`` it is as good as the best), and the points are still recorded."""
    attempt = decision_attempt(
        DrillKind.DISCARD,
        cat.discard_category(dealer),
        question={
            "cards": [c.code for c in cards],
            "role": "dealer" if dealer else "pone",
            "variant": variant,
        },
        answer={"discard": [c.code for c in thrown]},
        truth={"best": [c.code for c in best]},
        points_lost=points_lost,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        win_lost=win_lost,
        win_same=win_same,
    )
    return replace(attempt, truth={**attempt.truth, **truth}) if truth else attempt


def peg_play_attempt(
    *,
    theme: str,
    question: Mapping[str, Any],
    played: Card,
    best: Card,
    points_lost: float,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
    win_lost: float | None = None,
) -> Attempt:
    """A card chosen in a pegging situation of ``theme`` that gave up ``points_lost``
    (expected net points against ``best``; at a score, graded by ``win_lost``, the chance
    to win given up, as :func:`decision_attempt` does). Missed: ``peg-<theme>``."""
    return decision_attempt(
        DrillKind.PEG_PLAY,
        cat.peg_category(theme),
        question={**question, "theme": theme},
        answer={"card": played.code},
        truth={"best": best.code},
        points_lost=points_lost,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        win_lost=win_lost,
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
        answer={"points": claimed},
        truth={"points": actual},
        correct=claimed == actual,
        grade=grade,
        missed=missed,
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present={category: float(actual), cat.OVER_CLAIM: 0.0},
    )

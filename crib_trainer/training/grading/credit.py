"""Partial credit for a decision: a choice close to the best is not a plain miss.

Every answer stores its grade (``training.answers``); a decision (a discard, a pegging
play) is graded ``best``, ``close`` (within half a point of the best), ``fair`` (within a
point and a half) or ``costly``. The credit of a grade is what the answer earns, from 0 to
1; a category's misses count ``1 - credit`` each, so one close throw is a quarter of a
miss, not a whole one. A count answered right after hints is graded ``hinted`` and stores
its own credit (``training.hints``; :func:`answer_credit` reads it). Grades of other
answers (``correct``, ``under``…) are all or nothing.

>>> credit("close", correct=False), credit("fair", correct=False), credit("under", correct=False)
(0.75, 0.5, 0.0)
>>> credit_words("close")
'¾ credit'
>>> decision_words("fair")
('Fair, half credit:', 'within a point and a half of the best.')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The grade of a right answer given after one or more hints (``training.hints``).
HINTED = "hinted"

#: What each decision grade earns (the rest: 1 if correct, else 0).
GRADE_CREDIT: dict[str, float] = {
    "best": 1.0,
    "as-good": 1.0,
    "close": 0.75,
    "fair": 0.5,
    "costly": 0.0,
}

_WORDS = {0.75: "¾ credit", 0.5: "half credit"}


def credit(grade: str | None, *, correct: bool) -> float:
    """The credit an answer earns, from its stored grade."""
    if grade in GRADE_CREDIT:
        return GRADE_CREDIT[grade]
    return 1.0 if correct else 0.0


def answer_credit(correct: bool, grade: str, answer: Mapping[str, Any]) -> float:
    """How much an answer counts towards accuracy: 1 when right, its credit (0 to 1) when
    right after hints (``answer["credit"]``), else 0. A stored credit that is not a number
    counts 0.

    >>> answer_credit(False, HINTED, {"credit": 0.75}), answer_credit(False, "under", {})
    (0.75, 0.0)
    """
    if correct:
        return 1.0
    worth = answer.get("credit") if grade == HINTED else None
    if isinstance(worth, bool) or not isinstance(worth, int | float):
        return 0.0
    return min(max(float(worth), 0.0), 1.0)


def credit_words(grade: str | None) -> str:
    """ "¾ credit" or "half credit" for a partial grade; "" for all or nothing."""
    return _WORDS.get(GRADE_CREDIT.get(grade or "", 1.0), "")


#: What each decision grade means, by points given up (``answers.decision_grade``) and by
#: the chance to win given up (``answers.win_grade``).
_MEANING = {
    "close": "within half a point of the best.",
    "fair": "within a point and a half of the best.",
    "costly": "more than a point and a half below the best.",
}
_MEANING_TO_WIN = {
    "close": "within 2% of the best chance to win.",
    "fair": "within 5% of the best chance to win.",
    "costly": "more than 5% of the chance to win given up.",
}


def decision_words(grade: str, best: str = "Best.", *, to_win: bool = False) -> tuple[str, str]:
    """A decision's grade in words, for the drills that grade a choice (discards,
    pegging, a throw at a score ``to_win``): its head (with the credit it earns) and what
    it means; ``best`` is the head of the best grade ("Best throw.").

    >>> decision_words("best", "Best play."), decision_words("costly")
    (('Best play.', ''), ('Costly:', 'more than a point and a half below the best.'))
    >>> decision_words("close", to_win=True)
    ('Close, ¾ credit:', 'within 2% of the best chance to win.')
    """
    if grade == "best":
        return best, ""
    credit_part = credit_words(grade)
    head = grade.capitalize() + (f", {credit_part}" if credit_part else "")
    return f"{head}:", (_MEANING_TO_WIN if to_win else _MEANING)[grade]


def miss_weight_sql(grade: str = "grade") -> str:
    """SQL for ``1 - credit`` of a missed row's ``grade`` column (1 for a grade without
    partial credit), so a close decision counts a quarter of a miss.

    >>> miss_weight_sql("a.grade")
    "CASE a.grade WHEN 'close' THEN 0.25 WHEN 'fair' THEN 0.5 ELSE 1 END"
    """
    partial = " ".join(f"WHEN '{g}' THEN {1 - c:g}" for g, c in GRADE_CREDIT.items() if 0 < c < 1)
    return f"CASE {grade} {partial} ELSE 1 END"

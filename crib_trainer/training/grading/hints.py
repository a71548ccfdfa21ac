"""Hints before answering a count: graded steps, each a little more telling than the last.

A teacher at the table does not say the total; he says where to look. The steps, in order:

1. how many fifteens there are ("Three fifteens here.");
2. which cards make the pairs and runs ("Look at the 7-8-8.");
3. what the suits and the jack pay ("One card pays his nob.", the flush, a crib's four of a
   suit that the starter does not match).

Each step taken is kept with the answer (``answer["hints"]``, the texts shown) and costs
credit: a right answer after one hint is worth 0.75, after two 0.5, after three 0.25
(``answer["credit"]``). Such an answer is graded ``hinted``: partly right. It is not
``correct`` (the question comes back for review, as a miss does), and accuracy counts its
credit.

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> hints(score_show(parse_cards("7H 8C 8D KS"), parse_card("9D")))
('Two fifteens here.', 'Look at the 7-8-8-9.', 'No flush and no nob.')
>>> credit(2)
0.5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from crib_trainer.core.cards import Card
from crib_trainer.core.show import Breakdown, ItemKind
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import is_crib_flush_trap
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.words.explain import number_word

#: Credit lost for each hint step taken.
STEP_COST = 0.25


def hints(b: Breakdown) -> tuple[str, str, str]:
    """The three hint steps for a show, vaguest first."""
    return (_fifteens(b), _pairs_and_runs(b), _suits_and_jack(b))


def credit(steps: int) -> float:
    """What a right answer is worth after ``steps`` hints (1 with none, at least 0.25).

    >>> [credit(n) for n in range(4)]
    [1.0, 0.75, 0.5, 0.25]
    """
    if steps < 0:
        raise ValueError(f"hint steps cannot be negative: {steps}")
    return max(1.0 - STEP_COST * steps, STEP_COST)


def with_hints(attempt: Attempt, shown: Sequence[str]) -> Attempt:
    """The attempt with the hint steps ``shown`` before it was answered recorded in its
    answer; a right answer becomes ``hinted`` (partly right), a wrong one keeps its grade
    and has no credit. With no hints the attempt is returned as it is.

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.training.grading.credit import answer_credit
    >>> a = Attempt("count-hand", {}, {"total": 12}, {"total": 12}, True, "correct", {}, 8,
    ...             datetime(2026, 1, 1, tzinfo=UTC))
    >>> h = with_hints(a, ["Three fifteens here."])
    >>> h.correct, h.grade, h.answer["credit"], answer_credit(h.correct, h.grade, h.answer)
    (False, 'hinted', 0.75, 0.75)
    """
    if not shown:
        return attempt
    worth = credit(len(shown)) if attempt.correct else 0.0
    return replace(
        attempt,
        answer={**attempt.answer, "hints": list(shown), "credit": worth},
        correct=False,
        grade=HINTED if attempt.correct else attempt.grade,
    )


# --- the steps ---------------------------------------------------------------------------


def _fifteens(b: Breakdown) -> str:
    n = len(b.of_kind(ItemKind.FIFTEEN))
    if n == 0:
        return "No fifteens here."
    word = number_word(n)
    return f"{word.capitalize()} fifteen{'s' if n > 1 else ''} here."


def _ranks(cards: Sequence[Card]) -> str:
    return "-".join(c.rank.label for c in sorted(cards, key=lambda c: c.rank))


def _pairs_and_runs(b: Breakdown) -> str:
    """The cards to look at: every card of the runs (with their pairs), then each other
    rank held more than once."""
    every = (*b.cards, b.starter)
    run_ranks = {c.rank for item in b.of_kind(ItemKind.RUN) for c in item.cards}
    groups = []
    if run_ranks:
        groups.append([c for c in every if c.rank in run_ranks])
    held = Counter(c.rank for c in every if c.rank not in run_ranks)
    for rank in sorted(r for r, n in held.items() if n > 1):
        groups.append([c for c in every if c.rank == rank])
    if not groups:
        return "No pairs and no runs."
    return "Look at the " + " and the ".join(_ranks(g) for g in groups) + "."


def _suits_and_jack(b: Breakdown) -> str:
    parts = []
    flush = b.of_kind(ItemKind.FLUSH)
    if flush:
        parts.append(f"{number_word(len(flush[0].cards)).capitalize()} of a suit make a flush.")
    elif is_crib_flush_trap(b):
        parts.append("Four of a suit in the crib, but not the starter: mind the crib's flush rule.")
    if b.of_kind(ItemKind.NOBS):
        parts.append("One card pays his nob.")
    return " ".join(parts) or "No flush and no nob."

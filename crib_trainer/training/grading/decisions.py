"""Decisions graded through the one judge, and stored as answers.

A decision drill (a throw: :class:`~crib_trainer.training.drills.hands.DiscardDrill`, a throw at
the score: ``PositionDrill``; a card: ``PegDrill``, ``TableDrill``, a card at the score:
``PositionPlay``) is judged by :func:`judge_drill` (the same judge whether the decision was
met in a drill, in a practice game or in a replay) and stored by :func:`decision_attempt`.

An :class:`~crib_trainer.training.attempt.Attempt` of a decision stores:

- ``answer``: ``{"discard": [codes]}`` for a throw, ``{"card": code}`` for a card;
- ``grade``: the band, ``best``, ``as-good``, ``close``, ``fair`` or ``costly``;
- ``truth``: ``best`` (the best choice's cards as two-character codes; one code for a
  card), ``gave_up`` (≥ 0, in ``unit``), ``unit`` (``points`` or ``win``: the chance to
  win the game, 0 to 1) and ``error`` (the standard error of a gap, 0 where exact);
- ``missed``: its category with what it gave up (in its unit), when not right.

>>> from datetime import datetime, UTC
>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.training.drills.hands import DiscardDrill
>>> d = DiscardDrill(parse_cards("5H 5D JC QS 2H 9C"), dealer=False)
>>> a = decision_attempt(d, judge_drill(d, parse_cards("5H 5D")), seconds=3,
...                      answered_at=datetime(2026, 1, 1, tzinfo=UTC))
>>> a.kind, a.grade, a.correct, sorted(a.truth)
('discard', 'costly', False, ['best', 'error', 'gave_up', 'unit'])
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from crib_trainer.core.cards import Card
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt, canonical_json
from crib_trainer.training.grading.verdict import Verdict
from crib_trainer.training.shapes import CardAnswer, ThrowAnswer


def judge_drill(drill: Any, chosen: Sequence[Card], *, pegging: bool = False) -> Verdict:
    """The verdict on ``chosen`` (a throw's cards, or the one card laid) in ``drill``;
    ``pegging``: a two-player throw judged with the play of the cards kept."""
    from crib_trainer.training.grading import judge

    chosen = tuple(chosen)
    kind = type(drill).__name__
    if kind == "DiscardDrill":
        return judge.judge_throw(
            drill.cards, chosen, dealer=drill.dealer, variant=drill.variant, pegging=pegging
        )
    if kind == "PositionDrill":
        return judge.judge_throw_at_score(
            drill.cards, chosen, dealer=drill.dealer, me=drill.me, him=drill.him,
            variant=drill.variant,
        )  # fmt: skip
    if kind == "PositionPlay":
        return judge.judge_card_at_score(drill.situation, chosen[0], me=drill.me, him=drill.him)
    if kind == "TableDrill":
        return judge.judge_table_card(drill.situation, chosen[0], seed=table_seed(drill))
    if kind == "PegDrill":
        return judge.judge_card(drill.situation, chosen[0])
    raise ValueError(f"{kind} is not a decision the judge grades")


def table_seed(drill: Any) -> int:
    """The seed of a table drill's sampled deals, from its question alone: a moment met in
    a game and asked again as a drill is sampled the same way, so it gets the same grade.

    >>> class D:
    ...     def question(self): return {"hand": ["5H"], "others": [["KS"], []]}
    >>> table_seed(D()) == table_seed(D())
    True
    """
    q = dict(drill.question())
    q.pop("target", None)  # (what the drill was aimed at is not the moment)
    return zlib.crc32(canonical_json(q).encode())


def decision_category(drill: Any) -> str:
    """The category a decision is booked to: the role of a throw, the theme of a card
    (read from the drill's kind and fields)."""
    if drill.kind == "discard":
        return cat.discard_category(drill.dealer)
    if drill.kind == "position":
        if hasattr(drill, "situation"):
            return cat.POSITION_PLAY
        return cat.POSITION_DEALER if drill.dealer else cat.POSITION_PONE
    theme = drill.theme or (drill.themes[0] if drill.themes else "lead")
    return cat.peg_category(theme)


def decision_attempt(
    drill: Any,
    verdict: Verdict,
    *,
    seconds: float,
    answered_at: datetime,
    puzzle_id: str | None = None,
    question: Mapping[str, Any] | None = None,
) -> Attempt:
    """The answer ``verdict`` grades, as stored (see the module notes); ``question``
    replaces the drill's own (a puzzle stores its own)."""
    category = decision_category(drill)
    chosen = verdict.chosen
    answer: ThrowAnswer | CardAnswer
    if verdict.decision == "card":
        answer = {"card": chosen[0].code}
    else:
        answer = {"discard": [c.code for c in chosen]}
    if verdict.basis.endswith("pegging"):
        answer["pegging"] = True
    truth = verdict.truth()
    if verdict.decision == "card":
        truth["best"] = truth["best"][0]
    missed = 0.0 if verdict.correct else max(verdict.gave_up, 1e-6)
    return Attempt(
        kind=drill.kind,
        question=question if question is not None else drill.question(),
        answer=answer,
        truth=truth,
        correct=verdict.correct,
        grade=verdict.band,
        missed={category: missed},
        seconds=seconds,
        answered_at=answered_at,
        puzzle_id=puzzle_id,
        present={category: 0.0},
    )

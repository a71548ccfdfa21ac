"""One answer to one drill, as a plain value: what was asked, said, true, and missed.

Storage keeps these (``crib_trainer.storage.progress`` re-exports :class:`Attempt`), and the
scheduler reads a list of them; this module knows nothing of either.

>>> from datetime import datetime, UTC
>>> a = Attempt(
...     kind="count-hand",
...     question={"cards": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": False},
...     answer={"total": 28},
...     truth={"total": 29},
...     correct=False,
...     grade="under",
...     missed={"nobs": 1},
...     seconds=7.5,
...     answered_at=datetime(2025, 1, 2, 20, 30, tzinfo=UTC),
... )
>>> a.missed, a.present
({'nobs': 1.0}, {'nobs': 0.0})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class DrillKind(StrEnum):
    """The kinds of drill. A puzzle is not a kind: it has a ``puzzle_id`` and its own kind."""

    COUNT_HAND = "count-hand"  # count a hand with its starter
    COUNT_CRIB = "count-crib"  # count a crib with its starter
    JUDGE = "judge"  # a player claims N: correct, too few or too many?
    DISCARD = "discard"  # throw two of six, as dealer or pone
    PEG_SCORE = "peg-score"  # what did the last card of the play score?
    PEG_PLAY = "peg-play"  # which card to play
    POSITION = "position"  # throw near the end of the game, graded by the chance to win


DRILL_KINDS: tuple[str, ...] = tuple(k.value for k in DrillKind)
#: The kinds whose answers are counts (their categories are what was there to count).
COUNT_KINDS: tuple[str, ...] = ("count-hand", "count-crib", "judge")


@dataclass(frozen=True, slots=True)
class Attempt:
    """A learner's answer, complete enough to replay the question and grade it again.

    - ``kind``: a :class:`DrillKind` value (storage refuses others; loading keeps them).
    - ``question``, ``answer``, ``truth``: JSON-able dicts. The question is one of
      :mod:`crib_trainer.training.shapes`' shapes (``Kind.shapes`` says which its kind
      stores): counting drills ask ``{"cards": ["5H", …], "starter": "5D", "crib": bool,
      "variant": "six-card", "target": None}`` (a judge drill adds ``"claim"``). Read back
      from a history it is only JSON, checked by the kind's ``replay``.
    - ``correct`` and ``grade`` (``correct``/``under``/``over``/``mixed`` for counts,
      ``best``/``close``/``costly`` for decisions, …).
    - ``missed``: points missed (or given up) per category, for certain; zero entries are
      dropped.
    - ``present``: the categories the question held, with the points each was worth; every
      category in ``missed`` or ``maybe`` is present. A category's miss rate is misses /
      presences.
    - ``maybe``: the chance (0 to 1) that a category was missed, where the answer cannot
      say for sure (a total short by 2 with a two-card fifteen and a pair both there): kept
      apart from ``missed``, weighed less, shown as "probably …".
    - ``seconds`` taken; ``answered_at``, timezone-aware (kept in UTC).
    - ``puzzle_id`` when the question came from a puzzle; ``id`` once stored.
    """

    kind: str
    question: Mapping[str, Any]
    answer: Mapping[str, Any]
    truth: dict[str, Any]
    correct: bool
    grade: str
    missed: dict[str, float]
    seconds: float
    answered_at: datetime
    puzzle_id: str | None = None
    present: dict[str, float] = field(default_factory=dict)
    id: int | None = None
    maybe: dict[str, float] = field(default_factory=dict)
    _key: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.kind:
            raise ValueError(f"a drill kind is needed: {', '.join(DRILL_KINDS)}")
        if self.answered_at.tzinfo is None or self.answered_at.utcoffset() is None:
            raise ValueError("answered_at must be timezone-aware, e.g. datetime.now(UTC)")
        if self.seconds < 0:
            raise ValueError(f"seconds taken cannot be negative: {self.seconds}")
        missed = {str(c): float(p) for c, p in self.missed.items() if p}
        if any(p < 0 for p in missed.values()):
            raise ValueError(f"points missed cannot be negative: {missed}")
        maybe = {str(c): float(p) for c, p in self.maybe.items() if p and c not in missed}
        if any(not 0 < p <= 1 for p in maybe.values()):
            raise ValueError(f"a chance of a miss is between 0 and 1: {maybe}")
        present = {str(c): float(p) for c, p in self.present.items()}
        for cat in (*missed, *maybe):
            present.setdefault(cat, 0.0)
        set_ = object.__setattr__
        set_(self, "kind", str(self.kind))
        set_(self, "correct", bool(self.correct))
        set_(self, "seconds", float(self.seconds))
        set_(self, "answered_at", self.answered_at.astimezone(UTC))
        set_(self, "missed", missed)
        set_(self, "present", present)
        set_(self, "maybe", maybe)

    @property
    def points_missed(self) -> float:
        """All points missed or given up, over every category."""
        return sum(self.missed.values())

    @property
    def item_key(self) -> str:
        """What identifies the question, so a replay of it is the same item: the puzzle id,
        or the kind and the question's canonical JSON.

        >>> from datetime import datetime, UTC
        >>> t = datetime(2025, 1, 1, tzinfo=UTC)
        >>> Attempt("judge", {"b": 1, "a": 2}, {}, {}, True, "correct", {}, 1, t).item_key
        'judge {"a":2,"b":1}'
        """
        if self._key is None:  # computed once: the scheduler asks for it often
            key = (
                f"puzzle {self.puzzle_id}"
                if self.puzzle_id is not None
                else f"{self.kind} {canonical_json(self.question)}"
            )
            object.__setattr__(self, "_key", key)
        assert self._key is not None
        return self._key

    def with_id(self, id: int) -> Attempt:
        return replace(self, id=id)


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: equal values give equal text.

    >>> canonical_json({"b": [1, 2], "a": None})
    '{"a":null,"b":[1,2]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

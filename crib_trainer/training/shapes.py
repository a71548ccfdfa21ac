"""The shapes of what is stored with an answer: the question and the answer, one
``TypedDict`` each.

A drill's ``question()`` returns one of these, and the graders build the answers, so
mypy checks what every writer stores; ``tests/training/test_shapes.py`` holds what each
kind stores to its kind's shapes. Read back from a history a question is only JSON: a
kind's ``replay`` checks only that a drill can be built from it (``ValueError``,
``KeyError`` or ``TypeError`` if not; older rows may lack a key added since, such as
``target``), not that it has exactly a shape's keys. Cards are codes (``"5H"``); the play so far is
``crib-trainer peg`` tokens (``"A:5H"``, ``"go"``); ``variant`` a game's name
(``six-card`` …); ``score`` the two scores, the player's first: before the deal for a
throw, before the card is laid for a card.

Which kind stores which shape with an answer (``Kind.shapes`` says it too):

- ``count-hand``, ``count-crib``: :class:`CountQuestion`; ``judge``: :class:`JudgeQuestion`.
- ``discard``: :class:`DiscardQuestion` (a discard puzzle at a score is a ``position``
  question; rows stored before 2026-11-29 kept it as a discard with its ``score``, which
  the review asks again as a plain discard).
- ``peg-play``: :class:`PegQuestion` at two, :class:`TableQuestion` at three or four;
  ``peg-score``: either with the ``theme`` its last card was asked for
  (:class:`PegScoreQuestion`, :class:`TableScoreQuestion`). A pegging puzzle stores
  :class:`PuzzlePlayQuestion` (or :class:`PuzzleScoreQuestion`) instead.
- ``position``: :class:`PositionQuestion` (a throw) or :class:`PositionPlayQuestion` (a
  card).

The answers (``Kind.answers``): a count's :class:`CountAnswer`, a judged claim's
:class:`JudgeAnswer`, a throw's :class:`ThrowAnswer`, a card's :class:`CardAnswer` and the
last card's points, :class:`PointsAnswer`; any may carry the hints shown before it
(``hints``, ``credit``: :mod:`crib_trainer.training.grading.hints`).

>>> q: CountQuestion = {"cards": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": False,
...     "variant": "six-card", "target": None}
>>> fits(q, CountQuestion), fits({**q, "claim": 12}, CountQuestion)
(True, False)
>>> sorted(JudgeQuestion.__required_keys__ - CountQuestion.__required_keys__)
['claim']
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

# (no ``from __future__ import annotations`` here: ``NotRequired`` must be seen at run
# time for ``__optional_keys__``)

Role = Literal["dealer", "pone"]


class CountQuestion(TypedDict):
    """A hand or crib and its starter to count (``target``: the category it was dealt to
    hold; ``throws``: each player's throw of a crib dealt as players throw it, the
    dealer's last)."""

    cards: list[str]
    starter: str
    crib: bool
    variant: str
    target: str | None
    throws: NotRequired[list[list[str]]]


class JudgeQuestion(CountQuestion):
    """A count and the total a player claimed for it."""

    claim: int


class DiscardQuestion(TypedDict):
    """The cards dealt, to throw from as dealer or pone."""

    cards: list[str]
    role: Role
    variant: str


class PositionQuestion(DiscardQuestion):
    """A throw at a score (``[yours, his]`` before the deal)."""

    score: list[int]


class _Play(TypedDict):
    """A moment of the play: the hand left, the play so far, the starter and the player's
    throw (``None``/``[]`` where not known), whether the player dealt, and the moment's
    themes."""

    hand: list[str]
    played: list[str]
    starter: str | None
    discards: list[str]
    dealer: bool
    variant: str
    themes: list[str]


class _TwoPlayerPlay(_Play):
    """A moment of the play at two, with the opponent's hidden cards."""

    opponent: list[str]


class PegQuestion(_TwoPlayerPlay):
    """A moment of the play at two, and the theme it was dealt for."""

    target: str | None


class TableQuestion(_Play):
    """A moment of the play at three or four, seen from ``seat`` (0 for A …); ``others``:
    every seat's hidden cards (empty for the player's own)."""

    seat: int
    others: list[list[str]]
    target: str | None


class PositionPlayQuestion(_TwoPlayerPlay):
    """A card to lay at a score: a two-player moment (as :class:`PegQuestion`, without
    ``target``) and ``score``."""

    score: list[int]


class PegScoreQuestion(PegQuestion):
    """What the last card of a two-player moment scored, and the theme it holds."""

    theme: str


class TableScoreQuestion(TableQuestion):
    """What the last card of a moment at a table scored, and the theme it holds."""

    theme: str


class PuzzlePlayQuestion(TypedDict):
    """A pegging puzzle's moment as its file gives it (``sequence``: the play so far as
    tokens; ``score`` for a puzzle at the score)."""

    sequence: list[str]
    hand: list[str]
    score: NotRequired[list[int]]


class PuzzleScoreQuestion(PuzzlePlayQuestion):
    """A pegging puzzle's last card to score, and the theme it holds."""

    theme: str


# --- answers ------------------------------------------------------------------------


class _Hinted(TypedDict, total=False):
    """What hints shown before an answer add to it: their words, and the credit left."""

    hints: list[str]
    credit: float


class TimedMark(TypedDict):
    """A timed run's hand: the run, when it started (ISO, UTC) and the hand (1 to 10)."""

    run: int
    started: str
    hand: int


class CountAnswer(_Hinted, total=False):
    """A count, given one way: a ``total``, the ``items`` (each a show item's JSON) or
    the points ``by_kind`` of item; ``timed``: a hand of a timed run."""

    total: int
    items: list[dict[str, Any]]
    by_kind: dict[str, int]
    timed: TimedMark


class JudgeAnswer(_Hinted):
    """A judged claim: the verdict (``correct``, ``under``, ``over``) and the true total
    when one was given."""

    verdict: str
    total: int | None


class ThrowAnswer(_Hinted):
    """A throw's cards; ``pegging``: judged with the play of the cards kept."""

    discard: list[str]
    pegging: NotRequired[bool]


class CardAnswer(_Hinted):
    """A card laid."""

    card: str
    pegging: NotRequired[bool]


class PointsAnswer(TypedDict):
    """What the last card of the play scored, as said."""

    points: int


#: Every shape, by its class name.
SHAPES: dict[str, type] = {
    t.__name__: t
    for t in (
        CountQuestion,
        JudgeQuestion,
        DiscardQuestion,
        PositionQuestion,
        PegQuestion,
        TableQuestion,
        PositionPlayQuestion,
        PegScoreQuestion,
        TableScoreQuestion,
        PuzzlePlayQuestion,
        PuzzleScoreQuestion,
        CountAnswer,
        JudgeAnswer,
        ThrowAnswer,
        CardAnswer,
        PointsAnswer,
    )
}


def fits(question: Mapping[str, Any], shape: type) -> bool:
    """Whether a question (or an answer) has exactly a shape's keys: every required key,
    and no key the shape does not name (the values are the reader's to check)."""
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = shape.__optional_keys__  # type: ignore[attr-defined]
    keys = set(question)
    return required <= keys <= required | optional


def shape_of(question: Mapping[str, Any], shapes: tuple[type, ...]) -> type | None:
    """The first of ``shapes`` a question fits (None: none).

    >>> shape_of({"cards": ["5H"], "role": "pone", "variant": "six-card"},
    ...     (PositionQuestion, DiscardQuestion)).__name__
    'DiscardQuestion'
    """
    return next((s for s in shapes if fits(question, s)), None)

"""A decision's verdict as one plain value, and its words made from its numbers alone.

Every choice the trainer grades (a throw, a card laid; by expected points, or at the score
by the chance to win the game) comes to a :class:`Verdict`: the choices ranked best first,
each with its value and the standard error of that value, the choice made, and why the
best is best. The band, what was given up, its unit and error, and every sentence said
about it are read off those numbers here and nowhere else, so a drill, the practice game,
the hand review, a replay and ``stats`` say the same thing of the same decision.

Bands, by what the choice gave up against the top of the ranking (``gave_up``, in its unit):

- ``best``: nothing (within :data:`SAME`: 0.01 points, half a percent of the game); a tie
  with another choice is named as a tie.
- ``as-good``: within twice the decision's standard error (:attr:`Verdict.error`) and never
  more than :data:`AS_GOOD_CAP` (0.1 points, 2% of the game): as good, for all the
  analysis can tell. An exact analysis (error 0) has no ``as-good``.
- ``close``, ``fair``, ``costly``: up to 0.5 / 1.5 points (2% / 5% of the game), or more.

>>> from crib_trainer.core.cards import parse_cards
>>> ranking = (Choice(parse_cards("8H TD"), 4.61), Choice(parse_cards("3C TS"), 3.60))
>>> v = Verdict("throw", POINTS, parse_cards("3C TS"), ranking)
>>> v.band, round(v.gave_up, 2), v.truth()["best"]
('fair', 1.01, ['8H', 'TD'])
>>> v.headline()
'Fair, half credit: you threw 3-10, 1.01 points behind 8-10.'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Literal

from crib_trainer.core.cards import Card, format_cards

Unit = Literal["points", "win"]
POINTS: Unit = "points"
WIN: Unit = "win"

#: The bands, best first.
BANDS = ("best", "as-good", "close", "fair", "costly")
#: Gaps this small are ties.
SAME: dict[str, float] = {POINTS: 0.01, WIN: 0.005}
#: ``as-good`` never covers a gap larger than this, whatever the error.
AS_GOOD_CAP: dict[str, float] = {POINTS: 0.1, WIN: 0.02}
#: The upper ends of ``close`` and ``fair``.
CLOSE: dict[str, float] = {POINTS: 0.5, WIN: 0.02}
FAIR: dict[str, float] = {POINTS: 1.5, WIN: 0.05}


def amount(value: float, unit: str) -> str:
    """A quantity with its unit, as the verdicts write it.

    >>> amount(1.014, "points"), amount(1.0, "points"), amount(0.032, "win")
    ('1.01 points', '1.00 point', '3.2% of the game')
    """
    if unit == WIN:
        return f"{value:.1%} of the game"
    text = f"{value:.2f}"
    return f"{text} point" if text == "1.00" else f"{text} points"


def band(gave_up: float, unit: str, error: float = 0.0) -> str:
    """The band of a choice that gave up ``gave_up`` (≥ 0) with the decision's standard
    error ``error``.

    >>> [band(x, "points") for x in (0.0, 0.05, 0.3, 1.2, 2.0)]
    ['best', 'close', 'close', 'fair', 'costly']
    >>> band(0.05, "points", error=0.04), band(0.15, "points", error=0.2)
    ('as-good', 'close')
    >>> [band(x, "win", error=0.01) for x in (0.004, 0.015, 0.03, 0.06)]
    ['best', 'as-good', 'fair', 'costly']
    """
    if gave_up < 0:
        raise ValueError(f"what a choice gave up cannot be negative: {gave_up}")
    if gave_up <= SAME[unit]:
        return "best"
    if gave_up <= min(2.0 * error, AS_GOOD_CAP[unit]):
        return "as-good"
    if gave_up <= CLOSE[unit]:
        return "close"
    return "fair" if gave_up <= FAIR[unit] else "costly"


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice: its cards (a throw's two, or the card laid), its value (expected
    points, or the chance to win from 0 to 1), the standard error of that value (0 when
    exact), a reason in words, and its ``group`` (throws keeping the same ranks share the
    plays sampled for them, so the gap between two of one group has no sampling error)."""

    cards: tuple[Card, ...]
    value: float
    error: float = 0.0
    reason: str = ""
    group: object = None  # choices of one group share their sample: no error between them


def _head(band: str) -> str:
    return {
        "best": "Best",
        "as-good": "As good as the best",
        "close": "Close, ¾ credit",
        "fair": "Fair, half credit",
        "costly": "Costly, no credit",
    }[band]


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision graded: ``decision`` (``throw`` or ``card``), the ``unit`` of its values,
    the cards ``chosen``, the ``ranking`` (best first), ``why`` the best is best (a
    sentence, made by the judge from the same numbers), an optional ``note`` (what the score
    says), and ``basis`` (what the values count, for the reader: ``hand + crib``…).

    The decision's standard error (:attr:`error`) is that of a gap between two choices
    (each pair's errors in quadrature; 0 when exact), the largest among the choices that
    could be ``as-good`` (else the gap to the next best), so one margin serves the whole
    ranking and a choice that gives up more is never graded better; a choice beyond the
    cap is told its own gap's error.
    """

    decision: str
    unit: str
    chosen: tuple[Card, ...]
    ranking: tuple[Choice, ...]
    why: str = ""
    note: str = ""
    basis: str = ""

    def __post_init__(self) -> None:
        if self.unit not in (POINTS, WIN):
            raise ValueError(f"a verdict's unit is points or win, not {self.unit!r}")
        if not self.ranking:
            raise ValueError("a verdict needs the choices ranked")
        values = [c.value for c in self.ranking]
        if any(b > a + 1e-9 for a, b in pairwise(values)):
            raise ValueError("the choices must be ranked best first")
        self.mine  # (raises when the choice made is not among them)  # noqa: B018

    def for_choice(self, chosen: Sequence[Card]) -> Verdict:
        """The same ranking, judging another choice (the analysis is run once)."""
        return replace(self, chosen=tuple(chosen))

    # -- the numbers

    @property
    def top(self) -> Choice:
        return self.ranking[0]

    @property
    def mine(self) -> Choice:
        """The choice made (found by its cards, in any order; by rank for a card laid,
        since suits do not matter in the play)."""
        wanted = frozenset(self.chosen)
        for c in self.ranking:
            if frozenset(c.cards) == wanted:
                return c
        if self.decision == "card":
            for c in self.ranking:
                if c.cards[0].rank == self.chosen[0].rank:
                    return c
        raise ValueError(f"{format_cards(self.chosen)} is not among the choices ranked")

    @property
    def gave_up(self) -> float:
        """What the choice gave up against the top, in :attr:`unit` (never below 0)."""
        return max(0.0, self.top.value - self.mine.value)

    @property
    def error(self) -> float:
        """The decision's standard error of a gap (see the class notes)."""
        cap = AS_GOOD_CAP[self.unit]
        top, mine = self.top, self.mine
        if top.value - mine.value > cap:  # (no error can make it as good: its own is said)
            return _gap_error(mine, top)
        near = [c for c in self.ranking[1:] if top.value - c.value <= cap] or self.ranking[1:2]
        return max((_gap_error(c, top) for c in near), default=0.0)

    @property
    def band(self) -> str:
        return band(self.gave_up, self.unit, self.error)

    @property
    def correct(self) -> bool:
        """Whether the choice counts as right (``best`` or ``as-good``)."""
        return self.band in ("best", "as-good")

    @property
    def best(self) -> tuple[Card, ...]:
        """The best choice's cards (the top of the ranking; the choice made when it ties)."""
        return self.mine.cards if self.band == "best" else self.top.cards

    def ties(self) -> list[Choice]:
        """The other choices tied with the best (within :data:`SAME`)."""
        mine = self.mine
        same = SAME[self.unit]
        return [c for c in self.ranking if c is not mine and self.top.value - c.value <= same]

    def truth(self) -> dict[str, Any]:
        """What an answer stores of it: ``best`` (cards as codes), ``gave_up``, ``unit``,
        ``error``."""
        return {
            "best": [c.code for c in self.best],
            "gave_up": round(self.gave_up, 6),
            "unit": self.unit,
            "error": round(self.error, 6),
        }

    # -- the words

    def name(self, choice: Choice | tuple[Card, ...]) -> str:
        """A choice as players name it: a throw by its ranks (``3-10``; by its cards when
        another throw has the same ranks), a card by itself (``3♥``)."""
        cards = choice.cards if isinstance(choice, Choice) else choice
        if self.decision == "card":
            return str(cards[0])
        from crib_trainer.training.words.discard_principles import rank_text

        text = rank_text(cards)
        twins = [c for c in self.ranking if rank_text(c.cards) == text]
        return format_cards(cards) if len(twins) > 1 else text

    def error_text(self) -> str:
        """``, ± 0.04`` (``, ± 1.2%``): the standard error, or "" when exact."""
        if not self.error:
            return ""
        return f", ± {self.error:.1%}" if self.unit == WIN else f", ± {self.error:.2f}"

    def gap_text(self) -> str:
        """What was given up with its unit, and ``± error`` when not exact (``0.06 ± 0.04
        points``, ``5.1% ± 1.0% of the game``)."""
        if not self.error:
            return amount(self.gave_up, self.unit)
        if self.unit == WIN:
            return f"{self.gave_up:.1%} ± {self.error:.1%} of the game"
        return f"{self.gave_up:.2f} ± {self.error:.2f} points"

    def headline(self) -> str:
        """The verdict in one sentence: the band, the choice, what it gave up and against
        what, or the tie.

        >>> from crib_trainer.core.cards import parse_cards
        >>> a, b = parse_cards("3H"), parse_cards("AS")
        >>> Verdict("card", POINTS, a, (Choice(a, 2.0), Choice(b, 2.0))).headline()
        'Best: 3♥, tied with A♠ (2.00 points each).'
        >>> Verdict("card", POINTS, a, (Choice(a, 2.0), Choice(b, 0.5))).headline()
        'Best: 3♥, 1.50 points ahead of the next best (A♠).'
        >>> Verdict("card", WIN, a, (Choice(a, 0.79, 0.01), Choice(b, 0.71, 0.01))).headline()
        'Best: 3♥, 8.0% of the game ahead of the next best (A♠), ± 1.4%.'
        """
        verb = "threw" if self.decision == "throw" else "laid"
        mine = self.name(self.mine)
        error = self.error_text()
        if self.band == "best":
            ties = self.ties()
            if ties:
                names = " and ".join(self.name(c) for c in ties)
                each = _value_text(self.mine.value, self.unit)
                return f"Best: {mine}, tied with {names} ({each} each{error})."
            if len(self.ranking) == 1:
                return f"Best: {mine}, the only choice."
            nxt = self.ranking[1]
            ahead = amount(self.top.value - nxt.value, self.unit)
            return f"Best: {mine}, {ahead} ahead of the next best ({self.name(nxt)}){error}."
        return (
            f"{_head(self.band)}: you {verb} {mine}, {self.gap_text()} behind "
            f"{self.name(self.top)}."
        )

    def text(self) -> str:
        """The whole verdict: the headline, why the best is best, why yours is not (its
        reason), and the note."""
        parts = [self.headline()]
        if self.why:
            parts.append(_sentence(self.why))
        mine = self.mine
        if self.band != "best" and mine.reason:
            parts.append(_sentence(f"Yours: {mine.reason}"))
        if self.note:
            parts.append(_sentence(self.note))
        return " ".join(parts)


def _value_text(value: float, unit: str) -> str:
    """A choice's own value: ``8.11 points``, or ``winning 79.0% of games``."""
    return f"winning {value:.1%} of games" if unit == WIN else amount(value, unit)


def _gap_error(choice: Choice, top: Choice) -> float:
    """The standard error of the gap between ``choice`` and ``top``."""
    if choice is top or (choice.group is not None and choice.group == top.group):
        return 0.0
    return math.hypot(choice.error, top.error)


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a stop at its end."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def ranked(choices: Sequence[Choice]) -> tuple[Choice, ...]:
    """Choices best first (a stable sort: the analysis' order breaks ties)."""
    return tuple(sorted(choices, key=lambda c: -c.value))

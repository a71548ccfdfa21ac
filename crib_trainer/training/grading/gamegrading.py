"""Every decision of a practice game graded: the throw, each card laid, each count.

Each grader turns one decision into a :class:`Grade`: the points it gave up against the
best (expected net points for a throw or a card, by the exact analyses; points not pegged
plus points handed to the opponent for a count), one line saying why, and the
:class:`~crib_trainer.training.attempt.Attempt` of its drill kind (``discard``,
``peg-play``, ``count-hand``, ``count-crib``), whose question replays it as a drill.
:func:`hand_review` lists a deal's costly decisions; :func:`game_summary` adds up a game.

>>> from datetime import datetime, UTC
>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> t = datetime(2025, 5, 1, tzinfo=UTC)
>>> g = rule_count(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False, total=28,
...                deal=0, seconds=4, answered_at=t).grade
>>> g.attempt.kind, g.points_lost, g.text
('count-hand', 1.0, 'Counted 28 for your hand: it is 29. Missed his nob J♦ for 1.')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from crib_trainer.analysis.pegging import (
    PegSituation,
    TableSituation,
    read_situation,
    read_table,
)
from crib_trainer.core.cards import Card
from crib_trainer.core.rules import RuleOptions, Ruling, rule_claim
from crib_trainer.core.show import ItemKind, ShowItem
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.drills.hands import CountDrill, DiscardDrill
from crib_trainer.training.drills.pegdrills import PegDrill, position_themes
from crib_trainer.training.drills.position_drill import PositionDrill
from crib_trainer.training.drills.position_plays import PositionPlay
from crib_trainer.training.drills.tabledrills import TableDrill, table_themes
from crib_trainer.training.grading.answers import BEST_TOLERANCE, count_attempt
from crib_trainer.training.grading.claims import grade_items, judge_claim, likely_missed
from crib_trainer.training.grading.decisions import decision_attempt, judge_drill
from crib_trainer.training.grading.verdict import POINTS, WIN, amount
from crib_trainer.training.words.explain import describe_item
from crib_trainer.training.words.position_words import near_end

#: The decisions of a game, as the summary adds them up.
DECISIONS = ("discard", "play", "count")
#: A decision that gives up more than this is listed in the hand review (points; the
#: chance to win).
COSTLY = 0.25
COSTLY_WIN = 0.01


@dataclass(frozen=True, slots=True)
class Grade:
    """One decision of the learner's, graded.

    ``decision`` is one of :data:`DECISIONS`; ``deal`` the deal's number in the game;
    ``points_lost`` what it gave up (0 for the best), in ``unit``: ``points``, or ``win``
    for a decision near the end judged by the chance to win the game (0 to 1); ``text`` one
    line on it; ``attempt`` the answer as the drills record it (``attempt.id`` once
    stored); ``take_back`` marks a decision the learner took back (it stays in the review,
    out of the totals).
    """

    decision: str
    deal: int
    points_lost: float
    text: str
    attempt: Attempt
    take_back: bool = False
    unit: str = POINTS

    @property
    def lost_text(self) -> str:
        """What it gave up, with its unit (``1.01 points``, ``3.2% of the game``)."""
        return amount(self.points_lost, self.unit)

    @property
    def costly(self) -> bool:
        """Worth a look in the hand review: more than :data:`COSTLY` points, or
        :data:`COSTLY_WIN` of the game."""
        return self.points_lost > (COSTLY_WIN if self.unit == WIN else COSTLY)

    def taken_back(self) -> Grade:
        return replace(self, take_back=True)

    def to_json(self) -> dict[str, Any]:
        a = self.attempt
        return {
            "decision": self.decision,
            "deal": self.deal,
            "points_lost": self.points_lost,
            "text": self.text,
            "take_back": self.take_back,
            "unit": self.unit,
            "attempt": {
                "id": a.id,
                "kind": a.kind,
                "question": a.question,
                "answer": a.answer,
                "truth": a.truth,
                "correct": a.correct,
                "grade": a.grade,
                "missed": a.missed,
                "present": a.present,
                "seconds": a.seconds,
                "answered_at": a.answered_at.isoformat(),
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Grade:
        """Read :meth:`to_json` back (``KeyError``/``ValueError``/``TypeError`` if it does
        not read)."""
        a = data["attempt"]
        attempt = Attempt(
            kind=str(a["kind"]),
            question=dict(a["question"]),
            answer=dict(a["answer"]),
            truth=dict(a["truth"]),
            correct=bool(a["correct"]),
            grade=str(a["grade"]),
            missed={str(k): float(v) for k, v in a["missed"].items()},
            seconds=float(a["seconds"]),
            answered_at=datetime.fromisoformat(a["answered_at"]),
            present={str(k): float(v) for k, v in a["present"].items()},
            id=None if a.get("id") is None else int(a["id"]),
        )
        decision = str(data["decision"])
        if decision not in DECISIONS:
            raise ValueError(f"unknown decision {decision!r}")
        unit = str(data.get("unit", POINTS))
        if unit not in (POINTS, WIN):
            raise ValueError(f"unknown unit {unit!r}")
        return cls(
            decision,
            int(data["deal"]),
            float(data["points_lost"]),
            str(data["text"]),
            attempt,
            bool(data.get("take_back", False)),
            unit,
        )


# --- the throw ------------------------------------------------------------------------------


def grade_discard(
    cards: Sequence[Card],
    thrown: Sequence[Card],
    *,
    dealer: bool,
    variant: str = "six-card",
    deal: int,
    seconds: float,
    answered_at: datetime,
    score: tuple[int, int] | None = None,
) -> Grade:
    """A throw from the dealt ``cards``, by the one judge: by expected points against the
    weighted opponent (a ``discard`` drill), or, with the ``score`` (mine, his) near the end
    of a two-player game, by the chance to win (a ``position`` drill), so that the grade is
    the one its replay as a drill gets.

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.cards import parse_cards
    >>> hand = parse_cards("5H 5D JC QS 2H 9C")
    >>> g = grade_discard(hand, parse_cards("5H 5D"), dealer=False, deal=0, seconds=3,
    ...                   answered_at=datetime(2025, 5, 1, tzinfo=UTC))
    >>> g.attempt.kind, g.points_lost > 1, g.text.startswith("Costly, no credit: you threw 5-5")
    ('discard', True, True)
    """
    v = get_variant(variant)
    drill: DiscardDrill | PositionDrill = DiscardDrill(tuple(cards), dealer, v.name)
    if score is not None and v.players == 2 and near_end(*score, v.target):
        drill = PositionDrill(tuple(cards), dealer, score[0], score[1], v.name)
    return _graded("discard", drill, tuple(thrown), deal, seconds, answered_at)


def _graded(
    decision: str,
    drill: Any,
    chosen: tuple[Card, ...],
    deal: int,
    seconds: float,
    answered_at: datetime,
) -> Grade:
    """A decision judged (:func:`~crib_trainer.training.grading.decisions.judge_drill`),
    as a grade."""
    verdict = judge_drill(drill, chosen)
    attempt = decision_attempt(drill, verdict, seconds=seconds, answered_at=answered_at)
    return Grade(decision, deal, verdict.gave_up, verdict.text(), attempt, unit=verdict.unit)


# --- a card of the play -----------------------------------------------------------------------


def has_choice(situation: PegSituation) -> bool:
    """Whether the player to move has a real choice: legal cards of two ranks or more
    (suits do not matter in the play)."""
    return len({c.rank for c in read_situation(situation).legal_cards()}) >= 2


def grade_play(
    situation: PegSituation,
    card: Card,
    *,
    opponent_hand: Sequence[Card],
    deal: int,
    seconds: float,
    answered_at: datetime,
    score: tuple[int, int] | None = None,
) -> Grade | None:
    """A card laid in ``situation`` (the learner's view), by the one judge: by the exact
    pegging analysis (a ``peg-play`` drill), or with the ``score`` (mine, his, before the
    card) near the end, by the chance to win (a ``position`` play). None when there was no
    choice (see :func:`has_choice`). ``opponent_hand`` is what the opponent still held,
    kept in the question so the drill can play the hand on.
    """
    position = read_situation(situation)
    if card not in position.legal_cards():
        raise ValueError(f"{card} cannot be laid on a count of {position.count}")
    if len({c.rank for c in position.legal_cards()}) < 2:
        return None
    peg = PegDrill(situation, position_themes(position, situation), tuple(opponent_hand))
    v = situation.variant
    if score is not None and v.players == 2 and near_end(*score, v.target):
        return _graded("play", PositionPlay(peg, *score), (card,), deal, seconds, answered_at)
    return _graded("play", peg, (card,), deal, seconds, answered_at)


def grade_table_play(
    situation: TableSituation,
    card: Card,
    *,
    hidden: Sequence[Sequence[Card]],
    deal: int,
    seconds: float,
    answered_at: datetime,
) -> Grade | None:
    """A card laid at a table of three or four, by the one judge (the table analysis:
    exact late in the play, else sampled, seeded by the moment itself, with its standard
    error said). None without a choice of rank. ``hidden`` is every seat's cards still
    held (``()`` for the learner's), kept so the drill can show them.
    """
    position = read_table(situation)
    legal = position.legal_cards()
    if card not in legal:
        raise ValueError(f"{card} cannot be laid on a count of {position.count}")
    if len({c.rank for c in legal}) < 2:
        return None
    drill = TableDrill(situation, table_themes(situation), tuple(tuple(h) for h in hidden))
    return _graded("play", drill, (card,), deal, seconds, answered_at)


# --- a count -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CountGrade:
    """A count graded, and what it pegs: ``ruling`` says what the learner pegs and what the
    opponent takes (muggins, over-claims) under the game's rules; ``missed`` the items he
    overlooked (the likeliest, for a total), ``over`` the items he claimed that are not
    there (an itemised count)."""

    grade: Grade
    ruling: Ruling
    missed: tuple[ShowItem, ...] = ()
    over: tuple[ShowItem, ...] = field(default=())


def rule_count(
    cards: Sequence[Card],
    starter: Card,
    *,
    crib: bool,
    variant: str = "six-card",
    total: int | None = None,
    items: Iterable[ShowItem] | None = None,
    by_kind: Mapping[ItemKind, int] | None = None,
    options: RuleOptions | None = None,
    deal: int,
    seconds: float,
    answered_at: datetime,
) -> CountGrade:
    """A count graded and ruled on: a ``total``, the ``items`` claimed, or the points
    claimed for each kind (``by_kind``, as the count drill asks item by item). The points
    lost are those he did not peg plus those the opponent pegged for it (muggins takes
    what he missed; an over-claim is put right, with the rule set's penalty).

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.rules import ACC
    >>> c = rule_count(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False, total=28,
    ...                options=RuleOptions(ACC, muggins=True), deal=0, seconds=4,
    ...                answered_at=datetime(2025, 5, 1, tzinfo=UTC))
    >>> c.ruling.scored, c.ruling.to_opponent, c.grade.points_lost
    (28, 1, 2.0)
    """
    options = options or RuleOptions()
    drill = CountDrill(tuple(cards), starter, crib, get_variant(variant).name)
    b = drill.breakdown()
    claimed_items = None if items is None else tuple(items)
    if claimed_items is not None:
        attempt = count_attempt(
            drill, items=claimed_items, seconds=seconds, answered_at=answered_at
        )
        said = sum(i.points for i in claimed_items)
        wanted = {_item_key(i) for i in claimed_items}
        there = {_item_key(i) for i in b.items}
        missed = tuple(i for i in b.items if _item_key(i) not in wanted)
        over = tuple(i for i in claimed_items if _item_key(i) not in there)
    elif by_kind is not None:
        attempt = count_attempt(drill, by_kind=by_kind, seconds=seconds, answered_at=answered_at)
        said = sum(by_kind.values())
        missed = tuple(
            item
            for g in grade_items(b, dict(by_kind))
            if g.missed
            for item in likely_missed(b.of_kind(g.kind), g.missed)[0]
        )
        over = ()
    elif total is not None:
        attempt = count_attempt(drill, total=total, seconds=seconds, answered_at=answered_at)
        verdict = judge_claim(b, total, options)
        said, missed, over = verdict.counted, verdict.missed, ()
    else:
        raise ValueError("give the count as a total, as items or by kind")
    ruling = rule_claim(options, said, b.total)
    lost = float(b.total - ruling.scored + ruling.to_opponent)
    whose = "crib" if crib else "hand"
    if said == b.total and not missed and not over:
        text = f"Counted {said} for your {whose}: right."
    else:
        parts = [f"Counted {said} for your {whose}: it is {b.total}."]
        if missed:
            parts.append(f"Missed {_items_text(missed)}.")
        if over:
            parts.append(f"Not there: {_items_text(over)}.")
        if ruling.to_opponent:
            parts.append(f"He pegs {ruling.to_opponent} for it.")
        text = " ".join(parts)
    return CountGrade(Grade("count", deal, lost, text, attempt), ruling, missed, over)


def _item_key(item: ShowItem) -> tuple[str, frozenset[Card]]:
    return str(ItemKind(item.kind)), frozenset(item.cards)


def _items_text(items: Sequence[ShowItem]) -> str:
    return ", ".join(describe_item(i) for i in items)


# --- after the hand and after the game ------------------------------------------------------


def hand_review(grades: Iterable[Grade], deal: int) -> list[Grade]:
    """A deal's costly decisions (more than :data:`COSTLY` given up; a take-back always
    shows), the costliest first."""
    mine = [g for g in grades if g.deal == deal]
    shown = [g for g in mine if g.costly or g.take_back]
    return sorted(shown, key=lambda g: (g.unit != WIN, -g.points_lost))


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game's decisions added up (taken-back ones left out): points given up by each
    kind of decision, the chance to win given up by the decisions judged at the score
    (``win_lost``, 0 to 1, added up), how many were graded and how many were right (the
    best, or as good), the biggest single mistake (in points; else at the score)."""

    lost: dict[str, float]
    decisions: int
    best: int
    take_backs: int
    biggest: Grade | None
    win_lost: float = 0.0

    @property
    def total_lost(self) -> float:
        return sum(self.lost.values())


def game_summary(grades: Iterable[Grade]) -> GameSummary:
    """Add up a game's grades.

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> t = datetime(2025, 5, 1, tzinfo=UTC)
    >>> g = rule_count(parse_cards("5H 5C 5S JD"), parse_card("5D"), crib=False, total=28,
    ...                deal=0, seconds=4, answered_at=t).grade
    >>> s = game_summary([g, g.taken_back()])
    >>> s.lost, s.decisions, s.take_backs, s.biggest is g
    ({'discard': 0.0, 'play': 0.0, 'count': 1.0}, 1, 1, True)
    """
    grades = list(grades)
    counted = [g for g in grades if not g.take_back]
    points = [g for g in counted if g.unit == POINTS]
    lost = {d: float(sum(g.points_lost for g in points if g.decision == d)) for d in DECISIONS}
    at_score = [g for g in counted if g.unit == WIN]
    wrong = [g for g in points if g.points_lost > BEST_TOLERANCE]
    wrong = wrong or [g for g in at_score if not g.attempt.correct]
    biggest = max(wrong, key=lambda g: g.points_lost, default=None)
    return GameSummary(
        lost,
        len(counted),
        sum(g.attempt.correct for g in counted),
        len(grades) - len(counted),
        biggest,
        float(sum(g.points_lost for g in at_score)),
    )

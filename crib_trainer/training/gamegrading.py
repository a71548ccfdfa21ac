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
from typing import Any, TypeVar

from crib_trainer.analysis.discard import DiscardAnalysis, analyse_discards
from crib_trainer.analysis.endplay import his_peg_outs, play_wins
from crib_trainer.analysis.pegging import (
    Analysis,
    PegSituation,
    PlayOption,
    TableOption,
    TableSituation,
    analyse,
    analyse_table,
    read_situation,
    read_table,
)
from crib_trainer.analysis.position import analyse_position
from crib_trainer.core.cards import Card
from crib_trainer.core.rules import RuleOptions, Ruling, get_variant, rule_claim
from crib_trainer.core.show import Kind, ShowItem
from crib_trainer.training.answers import (
    BEST_TOLERANCE,
    count_attempt,
    discard_attempt,
    peg_play_attempt,
)
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.discard_advice import rank_text, throw_reason
from crib_trainer.training.drills import CountDrill
from crib_trainer.training.explain import describe_item
from crib_trainer.training.grading import grade_items, judge_claim, likely_missed
from crib_trainer.training.pegdrills import PegDrill, position_themes
from crib_trainer.training.pegreasons import explain_analysis, explain_table
from crib_trainer.training.position_words import near_end, play_note, throw_note
from crib_trainer.training.tabledrills import TableDrill, table_themes

#: The decisions of a game, as the summary adds them up.
DECISIONS = ("discard", "play", "count")
#: A decision that gives up more than this is listed in the hand review.
COSTLY = 0.25
#: Deals of the hidden hands a card laid at a table of three or four is graded over (the
#: sampled table analysis; its standard error is said with the grade).
TABLE_SAMPLES = 100


@dataclass(frozen=True, slots=True)
class Grade:
    """One decision of the learner's, graded.

    ``decision`` is one of :data:`DECISIONS`; ``deal`` the deal's number in the game;
    ``points_lost`` what it gave up (0 for the best); ``text`` one line on it; ``attempt``
    the answer as the drills record it (``attempt.id`` once stored); ``take_back`` marks a
    decision the learner took back (it stays in the review, out of the totals).
    """

    decision: str
    deal: int
    points_lost: float
    text: str
    attempt: Attempt
    take_back: bool = False

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
        return cls(
            decision,
            int(data["deal"]),
            float(data["points_lost"]),
            str(data["text"]),
            attempt,
            bool(data.get("take_back", False)),
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
    """A throw from the dealt ``cards``, against the exact discard analysis with a good
    opponent (the weighted crib model). A throw within the analysis' "as good" margin gives
    up nothing. With the ``score`` (mine, his) close to the end, the text adds what the
    score says (:func:`~crib_trainer.training.position_words.throw_note`).

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.core.cards import parse_cards
    >>> hand = parse_cards("5H 5D JC QS 2H 9C")
    >>> g = grade_discard(hand, parse_cards("5H 5D"), dealer=False, deal=0, seconds=3,
    ...                   answered_at=datetime(2025, 5, 1, tzinfo=UTC))
    >>> g.attempt.kind, g.points_lost > 1, g.text.startswith("Threw 5-5: ")
    ('discard', True, True)
    """
    analysis = analyse_discards(tuple(cards), dealer=dealer, variant=variant, opponent="weighted")
    mine = analysis.option_for(thrown)
    lost = 0.0 if mine.as_good else mine.loss
    attempt = discard_attempt(
        cards=analysis.cards,
        dealer=dealer,
        thrown=tuple(thrown),
        best=analysis.best.discard,
        points_lost=lost,
        seconds=seconds,
        answered_at=answered_at,
        variant=get_variant(variant).name,
        truth={"net_ev": mine.net_ev, "best_net_ev": analysis.best.net_ev},
    )
    if mine.loss <= BEST_TOLERANCE:
        text = f"Threw {rank_text(mine.discard)}: the best throw."
    else:  # as good as the best, or what it gives up and why
        text = f"Threw {rank_text(mine.discard)}: {throw_reason(mine, analysis)}"
    note = _throw_note(analysis, tuple(thrown), score)
    return Grade("discard", deal, lost, f"{text} {note}" if note else text, attempt)


def _throw_note(
    analysis: DiscardAnalysis, thrown: tuple[Card, ...], score: tuple[int, int] | None
) -> str | None:
    if score is None or analysis.variant.players != 2:
        return None
    me, him = score
    if not near_end(me, him, analysis.variant.target):
        return None
    p = analyse_position(analysis.cards, dealer=analysis.dealer, me=me, him=him,
                         variant=analysis.variant)  # fmt: skip
    return throw_note(p, thrown)


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
    """A card laid in ``situation`` (the learner's view), against the exact pegging
    analysis (random opponent, as the pegging drill grades): the expected net points to the
    end of the play given up against the best, with both plays' reasons. None when there
    was no choice (see :func:`has_choice`). ``opponent_hand`` is what the opponent still
    held, kept in the question so the drill can play the hand on. With the ``score``
    (mine, his, before the card) close to the end, the text adds what the score says
    (:func:`~crib_trainer.training.position_words.play_note`).
    """
    position = read_situation(situation)
    if card not in position.legal_cards():
        raise ValueError(f"{card} cannot be laid on a count of {position.count}")
    if len({c.rank for c in position.legal_cards()}) < 2:
        return None
    analysis = analyse(situation)
    best, mine, lost = _best_and_mine(explain_analysis(analysis), card)
    themes = position_themes(position, situation)
    drill = PegDrill(situation, themes, tuple(opponent_hand))
    attempt = _play_attempt(themes, drill.question(), card, best.card, lost, seconds, answered_at)
    text = _played_text(card, position.count if position.count_cards else None, lost, best, mine)
    note = _play_note(situation, analysis, card, score)
    return Grade("play", deal, lost, f"{text} {note}" if note else text, attempt)


def _played_text(
    card: Card,
    count: int | None,
    lost: float,
    best: PlayOption | TableOption,
    mine: PlayOption | TableOption,
    margin: str = "",
) -> str:
    """The grade's words for ``card`` laid on ``count`` (None: led): as good as any, or
    what it gave up (with ``margin``, the error of a sampled figure) and the best card."""
    on = "to lead" if count is None else f"on {count}"
    if lost <= BEST_TOLERANCE:
        return f"Played {card} {on}: as good as any ({mine.reason})."
    return (
        f"Played {card} {on}: gave up {lost:.2f}{margin}; {best.card} was best "
        f"({best.reason}). Yours: {mine.reason}."
    )


_Option = TypeVar("_Option", PlayOption, TableOption)


def _best_and_mine(options: Sequence[_Option], card: Card) -> tuple[_Option, _Option, float]:
    """The best of ``options`` (ranked, best first), the one for ``card``'s rank, and the
    expected net given up by playing it (0 when it is as good as the best)."""
    best = options[0]
    mine = next(o for o in options if o.card.rank == card.rank)
    lost = 0.0 if mine.as_good else max(best.expected_net - mine.expected_net, 0.0)
    return best, mine, lost


def _play_attempt(
    themes: Sequence[str],
    question: dict[str, Any],
    card: Card,
    best: Card,
    lost: float,
    seconds: float,
    answered_at: datetime,
) -> Attempt:
    """A card laid, stored as a peg-play attempt under its first theme."""
    return peg_play_attempt(
        theme=themes[0] if themes else "lead",
        question=question,
        played=card,
        best=best,
        points_lost=lost,
        seconds=seconds,
        answered_at=answered_at,
    )


def _play_note(
    situation: PegSituation, analysis: Analysis, card: Card, score: tuple[int, int] | None
) -> str | None:
    v = situation.variant
    if score is None or v.players != 2 or not near_end(*score, v.target):
        return None
    me, him = score
    options = analysis.options
    return play_note(
        [f"the {o.card}" for o in options],
        [o.immediate for o in options],
        play_wins(situation, analysis, me=me, him=him),
        his_peg_outs(situation, analysis, me=me, him=him),
        me=me,
        him=him,
        target=v.target,
        played=next(i for i, o in enumerate(options) if o.card.rank == card.rank),
    )


def grade_table_play(
    situation: TableSituation,
    card: Card,
    *,
    hidden: Sequence[Sequence[Card]],
    deal: int,
    seconds: float,
    answered_at: datetime,
    samples: int | None = None,
    seed: int = 0,
) -> Grade | None:
    """A card laid at a table of three or four, against the table analysis (exact late in
    the play, else sampled over ``samples`` deals of the hidden hands with ``seed``;
    :data:`TABLE_SAMPLES` by default): the
    expected net given up against the best, with the standard error of that difference
    when sampled (the two means' errors in quadrature: an upper bound, as both use the
    same deals). None without a choice of rank. ``hidden`` is every seat's cards still
    held (``()`` for the learner's), kept so the drill can show them.
    """
    position = read_table(situation)
    legal = position.legal_cards()
    if card not in legal:
        raise ValueError(f"{card} cannot be laid on a count of {position.count}")
    if len({c.rank for c in legal}) < 2:
        return None
    analysis = analyse_table(situation, samples=samples or TABLE_SAMPLES, seed=seed)
    best, mine, lost = _best_and_mine(explain_table(analysis), card)
    themes = table_themes(situation)
    drill = TableDrill(situation, themes, tuple(tuple(h) for h in hidden))
    attempt = _play_attempt(themes, drill.question(), card, best.card, lost, seconds, answered_at)
    error = (best.stderr**2 + mine.stderr**2) ** 0.5
    margin = f" ± {error:.2f}" if analysis.method == "sampled" else ""
    count = position.count if position.count_cards else None
    text = _played_text(card, count, lost, best, mine, margin)
    return Grade("play", deal, lost, text, attempt)


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
    by_kind: Mapping[Kind, int] | None = None,
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
    return str(Kind(item.kind)), frozenset(item.cards)


def _items_text(items: Sequence[ShowItem]) -> str:
    return ", ".join(describe_item(i) for i in items)


# --- after the hand and after the game ------------------------------------------------------


def hand_review(grades: Iterable[Grade], deal: int) -> list[Grade]:
    """A deal's costly decisions (more than :data:`COSTLY` given up; a take-back always
    shows), the costliest first."""
    mine = [g for g in grades if g.deal == deal]
    shown = [g for g in mine if g.points_lost > COSTLY or g.take_back]
    return sorted(shown, key=lambda g: -g.points_lost)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game's decisions added up: points lost by each kind of decision (taken-back ones
    left out), how many were graded and how many were best, the biggest single mistake."""

    lost: dict[str, float]
    decisions: int
    best: int
    take_backs: int
    biggest: Grade | None

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
    lost = {d: float(sum(g.points_lost for g in counted if g.decision == d)) for d in DECISIONS}
    costly = [g for g in counted if g.points_lost > BEST_TOLERANCE]
    biggest = max(costly, key=lambda g: g.points_lost, default=None)
    return GameSummary(
        lost,
        len(counted),
        sum(g.points_lost <= BEST_TOLERANCE for g in counted),
        len(grades) - len(counted),
        biggest,
    )

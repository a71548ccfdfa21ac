"""The drill kinds, one entry each: how a kind deals, replays, grades and is named.

Everything that differs from one kind of drill to another lives here, so the session
(:mod:`crib_trainer.training.learning.session`), the screens, the scheduler and the stats read
one table. A kind's id is stored with every answer (``attempts.kind``) and never changes;
a puzzle is not a kind of its own: it is asked and stored as the drill kind its file
names (``puzzle`` below: ``count`` in a puzzle file is a ``count-hand`` drill) and keeps
its ``puzzle_id``.

>>> import random
>>> k = KINDS["count-crib"]
>>> k.label, k.short, k.puzzle
('Count a crib', 'count crib', 'crib-count')
>>> d = k.generate(random.Random(2), "nobs")
>>> d.kind, "nobs" in k.holds(d)
('count-crib', True)
>>> k.replay(d.question()) == d
True
>>> kind_for_puzzle("pegging-play")
'peg-play'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from crib_trainer.training import categories as cat
from crib_trainer.training import shapes as shape
from crib_trainer.training.attempt import Attempt, DrillKind
from crib_trainer.training.learning import habits
from crib_trainer.training.learning.habits import DECISION_HABITS, HABITS

if TYPE_CHECKING:  # (the drills and their grading load when a kind first deals, replays
    # or grades: the home screen plans from this table without them)
    from crib_trainer.training.drills.hands import CountDrill, DiscardDrill, JudgeDrill
    from crib_trainer.training.drills.pegdrills import PegDrill
    from crib_trainer.training.drills.position_drill import PositionDrill
    from crib_trainer.training.drills.position_plays import PositionPlay
    from crib_trainer.training.drills.tabledrills import TableDrill
    from crib_trainer.training.grading.verdict import Verdict

    #: The drills a decision's grader takes.
    Decision = DiscardDrill | PegDrill | TableDrill | PositionDrill | PositionPlay


class Drill(Protocol):
    """What every drill offers: its kind, and the question stored with an answer (one of
    :mod:`~crib_trainer.training.shapes`' shapes)."""

    @property
    def kind(self) -> str: ...

    def question(self) -> Mapping[str, Any]: ...


D = TypeVar("D", bound=Drill)
D_co = TypeVar("D_co", bound=Drill, covariant=True)
D_contra = TypeVar("D_contra", bound=Drill, contravariant=True)


class Generate(Protocol[D_co]):
    """Deal a new drill: ``generate(rng, target, variant)``; a count also takes ``avoid``
    (categories not to hold besides the target)."""

    def __call__(
        self,
        rng: random.Random,
        target: str | None,
        variant: str = "six-card",
        avoid: frozenset[str] = frozenset(),
    ) -> D_co: ...


class Grader(Protocol[D_contra]):
    """Grade an answer to a drill: ``grade(drill, answer, seconds=, answered_at=, odds=,
    judged=)`` (``judged``: a decision's verdict worked out already; a count has none)."""

    def __call__(
        self,
        drill: D_contra,
        answer: Mapping[str, Any],
        *,
        seconds: float,
        answered_at: datetime,
        odds: Mapping[str, float] | None = None,
        judged: Verdict | None = None,
    ) -> Attempt: ...


@dataclass(frozen=True, slots=True)
class Kind(Generic[D]):
    """One kind of drill, typed by its drill ``D`` (``Kind[CountDrill]`` …: mypy checks
    that what it deals, replays, finds held and grades are one type of drill).

    - ``name``: the stored id (``count-hand`` …); ``label``: its title on screens;
      ``short``: its name in tables (:func:`kind_label`, the same in the trainer and
      ``crib-trainer stats``); ``puzzle``: what a puzzle file calls it (or None).
    - ``targets``: the categories a drill of this kind can be dealt to hold (so a
      session can aim at them), in :mod:`~crib_trainer.training.categories` order.
    - ``generate(rng, target, variant="six-card", avoid=frozenset())``: a new drill of the
      game ``variant`` holding ``target`` when it can (``None``: any; a decision habit's id:
      its situation, :func:`~crib_trainer.training.learning.habits.deal`), a count holding none of
      ``avoid`` where it can; pegging at a table of three or four deals a
      ``tabledrills.TableDrill``.
    - ``shapes``: the :mod:`~crib_trainer.training.shapes` shapes of the questions stored
      with its answers (a last card's adds the ``theme`` to its moment's); ``answers``:
      the shapes of its stored answers.
    - ``replay(question)``: the drill a stored question asks again, read from the JSON of
      a history, its cards checked to make a drill of its game (the review asks nothing
      else; ``ValueError``, ``KeyError`` or ``TypeError`` if it does not read).
    - ``holds(drill)``: the categories a drill holds, before it is answered.
    - ``grade(drill, answer, seconds=, answered_at=, odds=)``: the answer as the session
      gives it (``{"total": n}``, ``{"items": {kind: points}}``, ``{"verdict": …}``,
      ``{"discard": [codes]}``, ``{"card": code}``: not always the stored shape, which keeps
      the items themselves; ``odds``: the learner's, to explain a total that could mean
      several misses)
      graded into an :class:`~crib_trainer.training.attempt.Attempt`; a decision's grader
      also takes ``judged=`` (the verdict its screen worked out already). None for the
      last card's points (the pegging screen grades it).
    - ``prompt(drill)``: what the learner is asked, in words, for a kind the count screen
      asks (the decision screens say what to choose themselves).
    - How the trainer shows it (``ui.entries`` makes the home screen's list, the palette,
      the opener and Progress's replays from these): ``screen``, the kind of screen that
      asks it (``count``: a count or judged claim, told its kind; ``discard``, ``peg``,
      ``position``); ``key``, its key on the home screen ("" for none: it is asked from
      another kind's screen); ``menu`` its title there when not the label, ``blurb`` the
      palette's line for it.
    """

    name: str
    label: str
    short: str
    puzzle: str | None
    targets: tuple[str, ...]
    shapes: tuple[type, ...]
    generate: Generate[D]
    replay: Callable[[Mapping[str, Any]], D]
    holds: Callable[[D], frozenset[str]]
    grade: Grader[D] | None = None
    prompt: Callable[[D], str] | None = None
    answers: tuple[type, ...] = ()
    screen: str = "count"
    key: str = ""
    menu: str = ""
    blurb: str = ""

    @property
    def title(self) -> str:
        """Its title on the home screen and in the palette (the label unless ``menu``)."""
        return self.menu or self.label


def _count_generate(crib: bool) -> Generate[CountDrill]:
    def generate(
        rng: random.Random,
        target: str | None,
        variant: str = "six-card",
        avoid: frozenset[str] = frozenset(),
    ) -> CountDrill:
        from crib_trainer.training.drills.hands import CountDrill, drill_for

        kind = DrillKind.COUNT_CRIB if crib else DrillKind.COUNT_HAND
        drill = drill_for(kind, rng, target_category=target, variant=variant, avoid=avoid)
        assert isinstance(drill, CountDrill)
        return drill

    return generate


def _judge_generate(
    rng: random.Random,
    target: str | None,
    variant: str = "six-card",
    avoid: frozenset[str] = frozenset(),
) -> JudgeDrill:
    from crib_trainer.training.drills.hands import judge_drill

    return judge_drill(rng, variant=variant, target_category=target)


def _count_holds(drill: CountDrill | JudgeDrill) -> frozenset[str]:
    from crib_trainer.training.drills.hands import JudgeDrill

    deal = drill.deal if isinstance(drill, JudgeDrill) else drill
    return frozenset(cat.count_categories(deal.breakdown()))


def _grade_count(
    drill: CountDrill,
    answer: Mapping[str, Any],
    *,
    seconds: float,
    answered_at: datetime,
    odds: Mapping[str, float] | None = None,
    judged: Verdict | None = None,
) -> Attempt:
    """A count given as ``{"total": n}`` or ``{"items": {"fifteen": 4, …}}`` (by kind);
    a count has no verdict to be ``judged`` by."""
    from crib_trainer.training.grading.answers import count_attempt

    _no_verdict(judged)

    if "items" in answer:
        by_kind = dict(answer["items"])
        return count_attempt(
            drill, by_kind=by_kind, seconds=seconds, answered_at=answered_at, odds=odds
        )
    total = int(answer["total"])
    return count_attempt(drill, total=total, seconds=seconds, answered_at=answered_at, odds=odds)


def _grade_judge(
    drill: JudgeDrill,
    answer: Mapping[str, Any],
    *,
    seconds: float,
    answered_at: datetime,
    odds: Mapping[str, float] | None = None,
    judged: Verdict | None = None,
) -> Attempt:
    """A judged claim: the learner's total (the verdict follows from it), or a verdict."""
    from crib_trainer.training.grading.answers import judge_attempt

    _no_verdict(judged)

    total = answer.get("total")
    verdict = answer.get("verdict")
    if verdict is None:
        if total is None:
            raise ValueError("a judged claim needs the true total or a verdict")
        verdict = "correct" if total == drill.claim else "under" if drill.claim < total else "over"
    return judge_attempt(
        drill, verdict=verdict, total=total, seconds=seconds, answered_at=answered_at, odds=odds
    )


def _no_verdict(judged: Verdict | None) -> None:
    if judged is not None:
        raise ValueError("a count is graded by its total, not by a decision's verdict")


def _grade_decision(
    drill: Decision,
    answer: Mapping[str, Any],
    *,
    seconds: float,
    answered_at: datetime,
    odds: Mapping[str, float] | None = None,
    judged: Verdict | None = None,
) -> Attempt:
    """A throw (``{"discard": [codes]}``, with ``"pegging": true`` judged with the play of
    the cards kept) or a card laid (``{"card": code}``), by the one judge
    (:mod:`crib_trainer.training.grading.decisions`); ``judged``: the drill's verdict worked out
    already (its ranking; the choice made is set here)."""
    from crib_trainer.core.cards import parse_cards
    from crib_trainer.training.grading.decisions import decision_attempt, judge_drill

    if "discard" in answer:
        chosen = parse_cards(answer["discard"])
    elif "card" in answer:
        chosen = parse_cards([answer["card"]])
    else:
        raise ValueError("a decision's answer is a throw (discard) or a card")
    verdict = (
        judged.for_choice(chosen)
        if judged is not None
        else judge_drill(drill, chosen, pegging=bool(answer.get("pegging")))
    )
    return decision_attempt(drill, verdict, seconds=seconds, answered_at=answered_at)


def _count_prompt(drill: CountDrill) -> str:
    return drill.prompt()


def _judge_prompt(drill: JudgeDrill) -> str:
    return drill.prompt()


def _count_replay(question: Mapping[str, Any]) -> CountDrill:
    from crib_trainer.training.drills.hands import CountDrill

    drill = CountDrill.from_question(question)
    drill.breakdown()  # (the cards must make a show of the game)
    return drill


def _judge_replay(question: Mapping[str, Any]) -> JudgeDrill:
    from crib_trainer.training.drills.hands import JudgeDrill

    drill = JudgeDrill.from_question(question)
    drill.deal.breakdown()
    return drill


def _discard_generate(
    rng: random.Random,
    target: str | None,
    variant: str = "six-card",
    avoid: frozenset[str] = frozenset(),
) -> DiscardDrill:
    from crib_trainer.training.drills.hands import discard_drill

    if target in HABITS:  # (a habit: a hand holding its situation)
        return cast("DiscardDrill", habits.deal(target, rng, variant))
    dealer = None if target is None else target == cat.DISCARD_DEALER
    return discard_drill(rng, dealer=dealer, variant=variant)


def _discard_replay(question: Mapping[str, Any]) -> DiscardDrill:
    from crib_trainer.core.variants import get_variant
    from crib_trainer.training.drills.hands import DiscardDrill

    drill = DiscardDrill.from_question(question)
    if len(set(drill.cards)) != get_variant(drill.variant).dealt:
        raise ValueError(f"a {drill.variant} deal is {get_variant(drill.variant).dealt} cards")
    return drill


def _peg_generate(
    rng: random.Random,
    target: str | None,
    variant: str = "six-card",
    avoid: frozenset[str] = frozenset(),
) -> PegDrill | TableDrill:
    from crib_trainer.training.drills.pegdrills import peg_drill  # (the analysis: loaded when used)
    from crib_trainer.training.drills.tabledrills import TABLE_VARIANTS, table_drill

    if target in HABITS and variant not in TABLE_VARIANTS:
        return cast("PegDrill", habits.deal(target, rng, variant))
    theme = target.removeprefix("peg-") if target and target not in HABITS else None
    if variant in TABLE_VARIANTS:
        return table_drill(rng, variant=variant, theme=theme)
    return peg_drill(rng, theme=theme, variant=variant)


def _peg_replay(question: Mapping[str, Any]) -> PegDrill | TableDrill:
    """A moment of the play at two, three or four; its hidden cards must fit, to play on."""
    from crib_trainer.analysis.pegging import read_situation
    from crib_trainer.training.drills.pegdrills import replay_state
    from crib_trainer.training.drills.tabledrills import (
        TableDrill,
        drill_from_question,
        replay_table,
    )

    drill = drill_from_question(question)
    if isinstance(drill, TableDrill):
        replay_table(drill)
    else:
        read_situation(drill.situation)
        replay_state(drill)
    return drill


def _peg_holds(drill: PegDrill | TableDrill) -> frozenset[str]:
    return frozenset(cat.peg_category(t) for t in drill.themes)


def _peg_play_holds(drill: PegDrill | TableDrill) -> frozenset[str]:
    return _peg_holds(drill) | habits.holds(drill)


def _discard_holds(drill: DiscardDrill) -> frozenset[str]:
    return frozenset({cat.discard_category(drill.dealer)}) | habits.holds(drill)


#: The share of position questions that are plays when no category is aimed at: a third
#: (the throw is the decision of every deal with the most of the game at stake; the plays
#: teach chiefly one lesson, leaving him no card that pegs out, which a third keeps in view).
PLAY_SHARE = 1 / 3


def _position_generate(
    rng: random.Random,
    target: str | None,
    variant: str = "six-card",
    avoid: frozenset[str] = frozenset(),
) -> PositionDrill | PositionPlay:
    from crib_trainer.training.drills.position_drill import position_drill  # (the analysis)
    from crib_trainer.training.drills.position_plays import position_play

    if target == cat.POSITION_PLAY or (target is None and rng.random() < PLAY_SHARE):
        return position_play(rng, variant=variant)
    dealer = None if target is None else target == cat.POSITION_DEALER
    return position_drill(rng, dealer=dealer, variant=variant)


def _position_replay(question: Mapping[str, Any]) -> PositionDrill | PositionPlay:
    """A throw (``cards``) or a play (``hand``, ``played``) at a score."""
    from crib_trainer.training.drills.position_drill import PositionDrill
    from crib_trainer.training.drills.position_plays import PositionPlay

    if "hand" in question:
        from crib_trainer.training.drills.pegdrills import replay_state

        play = PositionPlay.from_question(question)
        replay_state(play.peg)  # (the hidden cards must fit too)
        return play
    drill = PositionDrill.from_question(question)
    if len(set(drill.cards)) != len(drill.cards):
        raise ValueError("a card dealt twice")
    return drill


def _position_holds(drill: PositionDrill | PositionPlay) -> frozenset[str]:
    from crib_trainer.training.drills.position_plays import PositionPlay

    if isinstance(drill, PositionPlay):
        return frozenset({cat.POSITION_PLAY})
    return frozenset({cat.POSITION_DEALER if drill.dealer else cat.POSITION_PONE})


_COUNT_TARGETS = tuple(c for c in cat.ITEM_CATEGORIES if c != cat.CRIB_FLUSH_TRAP)
_CRIB_TARGETS = tuple(c for c in cat.ITEM_CATEGORIES if c != cat.HAND_FOUR_FLUSH)
_PEG_TARGETS = tuple(cat.peg_category(t) for t in cat.PEG_THEMES)

COUNT_HAND: Kind[CountDrill] = Kind(
    DrillKind.COUNT_HAND.value,
    "Count a hand",
    "count hand",
    "count",
    _COUNT_TARGETS,
    (shape.CountQuestion,),
    _count_generate(crib=False),
    _count_replay,
    _count_holds,
    _grade_count,
    _count_prompt,
    answers=(shape.CountAnswer,),
    screen="count",
    key="1",
    blurb="Drill",
)
COUNT_CRIB: Kind[CountDrill] = Kind(
    DrillKind.COUNT_CRIB.value,
    "Count a crib",
    "count crib",
    "crib-count",
    _CRIB_TARGETS,
    (shape.CountQuestion,),
    _count_generate(crib=True),
    _count_replay,
    _count_holds,
    _grade_count,
    _count_prompt,
    answers=(shape.CountAnswer,),
    screen="count",
    key="2",
    blurb="Drill",
)
JUDGE: Kind[JudgeDrill] = Kind(
    DrillKind.JUDGE.value,
    "Judge a claim",
    "judge claim",
    None,
    (*cat.ITEM_CATEGORIES, cat.OVER_CLAIM),
    (shape.JudgeQuestion,),
    _judge_generate,
    _judge_replay,
    _count_holds,
    _grade_judge,
    _judge_prompt,
    answers=(shape.JudgeAnswer,),
    screen="count",
    key="3",
    menu="Judge a claim (drill)",
    blurb="Is his count right?",
)
DISCARD: Kind[DiscardDrill] = Kind(
    DrillKind.DISCARD.value,
    "Discards",
    "discard",
    "discard",
    (*cat.DISCARD_CATEGORIES, *DECISION_HABITS["discard"]),
    (shape.DiscardQuestion,),
    _discard_generate,
    _discard_replay,
    _discard_holds,
    _grade_decision,
    answers=(shape.ThrowAnswer,),
    screen="discard",
    key="4",
    blurb="Drill: choose the throw",
)
PEG_SCORE: Kind[PegDrill | TableDrill] = Kind(
    DrillKind.PEG_SCORE.value,
    "Pegging: score the last card",
    "peg score",
    "pegging-score",
    _PEG_TARGETS,
    (shape.PegScoreQuestion, shape.TableScoreQuestion, shape.PuzzleScoreQuestion),
    _peg_generate,
    _peg_replay,
    _peg_holds,
    answers=(shape.PointsAnswer,),
    screen="peg",
    key="",
    blurb="Drill: what the last card scored",
)
PEG_PLAY: Kind[PegDrill | TableDrill] = Kind(
    DrillKind.PEG_PLAY.value,
    "Pegging",
    "peg play",
    "pegging-play",
    (*_PEG_TARGETS, *DECISION_HABITS["peg-play"]),
    (shape.PegQuestion, shape.TableQuestion, shape.PuzzlePlayQuestion),
    _peg_generate,
    _peg_replay,
    _peg_play_holds,
    _grade_decision,
    answers=(shape.CardAnswer,),
    screen="peg",
    key="5",
    blurb="Drill: choose the card to play",
)
POSITION: Kind[PositionDrill | PositionPlay] = Kind(
    DrillKind.POSITION.value,
    "Position: throws and plays to the score",
    "position",
    None,
    cat.POSITION_CATEGORIES,
    (shape.PositionQuestion, shape.PositionPlayQuestion),
    _position_generate,
    _position_replay,
    _position_holds,
    _grade_decision,
    answers=(shape.ThrowAnswer, shape.CardAnswer),
    screen="position",
    key="w",
    menu="Position: throws and plays",
    blurb="Drill: throw and lay to the score near the end",
)

#: Every kind of drill, by its stored id, in the order screens list them (each typed by
#: its drill above; the table is read by id, so its values are ``Kind[Any]``).
KINDS: dict[str, Kind[Any]] = {
    k.name: k for k in (COUNT_HAND, COUNT_CRIB, JUDGE, DISCARD, PEG_SCORE, PEG_PLAY, POSITION)
}

#: What puzzle files call each kind of question (the ``kind`` field of a puzzle).
PUZZLE_KINDS: tuple[str, ...] = tuple(k.puzzle for k in KINDS.values() if k.puzzle)


class KindError(ValueError):
    """A drill kind that is not one of ours; the message names those that are."""


def get_kind(name: str) -> Kind[Any]:
    """A kind by its id; a :class:`KindError` naming the kinds otherwise.

    >>> get_kind("judge").label
    'Judge a claim'
    >>> get_kind("count")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    crib_trainer.training.kinds.KindError: unknown drill kind 'count'; kinds are count-hand, ...
    """
    if name not in KINDS:
        raise KindError(f"unknown drill kind {name!r}; kinds are {', '.join(KINDS)}")
    return KINDS[name]


def kind_label(kind: str) -> str:
    """A drill kind in words for a table (a puzzle's own kind as it is stored).

    >>> kind_label("peg-play"), kind_label("judge"), kind_label("puzzle")
    ('peg play', 'judge claim', 'puzzle')
    """
    return KINDS[kind].short if kind in KINDS else kind


def kind_for_puzzle(puzzle_kind: str) -> str:
    """The drill kind a puzzle of ``puzzle_kind`` is asked and stored as."""
    for k in KINDS.values():
        if k.puzzle == puzzle_kind:
            return k.name
    raise ValueError(f"{puzzle_kind!r} is not a puzzle kind; use one of {', '.join(PUZZLE_KINDS)}")


def can_aim(kind: str, category: str) -> bool:
    """Whether a drill of ``kind`` can be dealt to hold ``category``: one of its targets
    (a count's are what a six-card hand or crib can hold, the game the session plans).

    >>> can_aim("count-hand", "crib-flush-trap"), can_aim("count-crib", "crib-flush-trap")
    (False, True)
    """
    return category in get_kind(kind).targets

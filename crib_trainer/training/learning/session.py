"""A practice session: what is asked next, and what was answered. No Textual, no clock
or global random of its own: the history, the rng and the clock are passed in.

>>> import random
>>> from datetime import datetime, timedelta, UTC
>>> now = [datetime(2025, 11, 24, 20, tzinfo=UTC)]
>>> session = Session(MemoryHistory(), rng=random.Random(1), clock=lambda: now[0])
>>> q = session.next_question({"count-hand"})
>>> q.kind, len(q.cards), q.crib, q.aimed_at, q.review, q.reason
('count-hand', 4, False, None, False, 'start')
>>> a = session.answer(q, total=q.drill.breakdown().total, seconds=8.0)
>>> a.correct
True
>>> q = session.next_question({"count-hand"})  # the placement round: a category not met yet
>>> q.reason, q.aimed_at in q.holds
('placement', True)

Every screen goes through one :class:`Session` (the app holds it), and so can a script
that plays a learner (``tests/training/test_scripted_learner.py``, ``bench/learner.py``).
What comes next (:meth:`Session.plan`), in order:

1. **Final check** — a weak category one right answer short of learnt, whose last missed
   question was never asked again: those same cards, once (``review=True``).
2. **Spaced check** — a learnt category whose check is due (1, 3, 7, 21, 60 days).
   Then a question answered right only with hints, :data:`HINTED_AGAIN_AFTER` later:
   the same cards, until answered without help.
3. **Weak spot, certain** — :data:`FOCUS` of the time, a category (or a habit: a decision
   habit is weak once it has shown twice) missed for certain (the weakest most often,
   weights the rate now squared), on fresh cards that hold it.
4. **Settle a doubt** — ask, don't guess: a category only possibly missed (a total short
   by an amount several misses explain), or a habit shown once, is dealt again on its
   own (``confirm``): a count holding it and, as far as the deal allows, none of the
   other misses that total could have been. The largest doubt first.
5. **Weak spot, probable** — :data:`FOCUS` of the time, one probably missed.
6. **Placement** — in the first :data:`PLACEMENT_ROUND` answers always, later
   :data:`EXPLORE` of the time: a category the learner has never been asked.
7. **Moving on** — no weak spot and no doubt after :data:`MOVE_ON_AFTER` answers,
   :data:`MOVE_ON` of the time: a harder hand (``harder``: a count aimed at a run with
   pairs or a pair royal never missed, a crib when cribs are allowed), and once
   :data:`HARDER_FIRST` harder questions have been answered right, decisions at the score
   (``at-score``: the position drill) when allowed. Every plan of a kind whose answers are
   right but slow (his median time on right answers over :data:`PACE`) carries a speed
   goal (``goal``: :data:`~crib_trainer.training.learning.learner.GOAL_SHARE` of that median).
8. **Fresh** — a random question of an allowed kind.

A plan aimed at a category deals a question that holds it, whenever the kind can hold it
at all (:func:`~crib_trainer.training.kinds.can_aim`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import Attempt
from crib_trainer.training.kinds import KINDS, Drill, can_aim
from crib_trainer.training.learning.learner import (
    GOAL_SHARE,
    LEARN_STREAK,
    Learner,
    Mastery,
    weak_spots,
)

if TYPE_CHECKING:
    from crib_trainer.core.cards import Card
    from crib_trainer.training.grading.verdict import Verdict

#: Share of questions aimed at a weak spot while there is one.
FOCUS = 0.9
#: Answers in which every question not spent on a weak spot tries a category not yet met.
PLACEMENT_ROUND = 12
#: After the placement round, the share of the rest that tries a category not yet met.
EXPLORE = 0.25
#: A question answered right only after hints is asked again once this long has passed.
HINTED_AGAIN_AFTER = timedelta(minutes=10)
#: Answers before a learner with no weak spot is moved on, and the share of plans then
#: that move him on (the rest stay fresh, so the plain hand is still met).
MOVE_ON_AFTER = 30
MOVE_ON = 0.5
#: Harder questions answered right before decisions at the score are dealt too.
HARDER_FIRST = 20
#: The categories of a harder hand: runs with pairs in them and pairs royal.
HARDER = (
    cat.DOUBLE_RUN,
    cat.DOUBLE_RUN_FOUR,
    cat.TRIPLE_RUN,
    cat.DOUBLE_DOUBLE_RUN,
    cat.PAIR_ROYAL,
)
#: A pace per kind (seconds a right answer) over which a learner right but slow gets a
#: speed goal: a count of a hand of four or five items at about 2 s an item, a throw or a
#: card with its reasons read.
PACE = {
    "count-hand": 10.0,
    "count-crib": 10.0,
    "judge": 10.0,
    "discard": 15.0,
    "peg-play": 10.0,
    "position": 20.0,
}


class History(Protocol):
    """Where answers are kept: ``storage.db.Store`` is one, :class:`MemoryHistory` another.

    A history may also keep the learner model between runs (``storage.writer.WriteBehind``
    does): ``load_learner()`` gives the model of every answer and how many there are, or
    None; ``keep_learner(learner, history)`` is then given the model folded from them all.
    """

    def load_attempts(self) -> list[Attempt]: ...

    def save_attempt(self, attempt: Attempt) -> int: ...


@dataclass
class MemoryHistory:
    """Answers kept in a list (a script, a test, or a trainer whose file cannot be written)."""

    kept: list[Attempt] = field(default_factory=list)

    def load_attempts(self) -> list[Attempt]:
        return list(self.kept)

    def save_attempt(self, attempt: Attempt) -> int:
        self.kept.append(attempt.with_id(len(self.kept) + 1))
        return len(self.kept)


@dataclass(frozen=True, slots=True)
class Plan:
    """What to ask, before it is dealt: the ``kind``, the category ``aimed_at`` (or None),
    why (``reason``: start, final-check, check, hinted, weak, confirm, placement, harder,
    at-score, fresh; ``random`` when the learner asked for random questions, ``replay`` and
    ``given`` for questions not chosen here), for a question asked again, the answer it
    came from (``again``), and the game it is dealt for (``variant``: the learner's choice;
    the session plans the six-card game). ``avoid``: categories the deal should not hold
    (a count settling a doubt); ``goal``: a speed goal in seconds (None: none)."""

    kind: str
    aimed_at: str | None
    reason: str
    again: Attempt | None = None
    mastery: Mastery | None = None
    variant: str = "six-card"
    avoid: frozenset[str] = frozenset()
    goal: float | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question dealt: the drill, with what it was aimed at and why.

    ``review`` is True when these are the same cards as an earlier question. ``holds``:
    the categories the question holds.
    """

    kind: str
    drill: Drill
    aimed_at: str | None
    review: bool
    reason: str
    holds: frozenset[str]
    again: Attempt | None = None
    mastery: Mastery | None = None
    goal: float | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown: a hand or crib (without its starter), a deal, a pegging hand."""
        d: Any = self.drill  # (read by what it holds: a deal, a judged deal, a moment)
        deal = getattr(d, "deal", d)
        if hasattr(deal, "cards"):
            return tuple(deal.cards)
        return tuple(d.situation.hand)

    @property
    def starter(self) -> Card | None:
        d: Any = self.drill  # (read by what it holds: a deal, a judged deal, a moment)
        deal = getattr(d, "deal", d)
        if hasattr(deal, "starter"):
            return deal.starter
        situation = getattr(d, "situation", None)
        return situation.starter if situation is not None else None

    @property
    def crib(self) -> bool:
        deal = getattr(self.drill, "deal", self.drill)
        return bool(getattr(deal, "crib", False))

    @property
    def why(self) -> str:
        """Why this question, in a sentence ("" for a plain fresh one).

        >>> Question("count-hand", None, "double-run", False, "weak", frozenset()).why
        'Aimed at a weak spot: double runs.'
        >>> Question("count-hand", None, None, False, "fresh", frozenset(), goal=36.0).why
        'Aim for 36 s or less: your right answers take 45 s (median).'
        """
        label = cat.category_label(self.aimed_at or "")
        when = self.again.answered_at.strftime("%d %b") if self.again else ""
        learnt = self.mastery.learnt_at if self.mastery else None
        goal = ""
        if self.goal is not None:
            goal = (
                f"Aim for {self.goal:.0f} s or less: your right answers take "
                f"{self.goal / GOAL_SHARE:.0f} s (median)."
            )
        why = {
            "weak": f"Aimed at a weak spot: {label}.",
            "confirm": f"To settle a doubt: {label}, on its own.",
            "harder": f"Moving on: a harder hand ({label}).",
            "at-score": "Moving on: a decision at the score.",
            "placement": f"Trying {label}: new to you so far.",
            "check": f"A check on {label}" + (f", learnt on {learnt:%d %b}." if learnt else "."),
            "final-check": f"The same cards you missed on {when}: a last check on {label}.",
            "replay": f"Replaying a question from {when}.",
            "hinted": f"Once more without hints: you took a hint on these cards on {when}.",
        }.get(self.reason, "")
        return " ".join(w for w in (why, goal) if w)


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer recorded: the :class:`~crib_trainer.training.attempt.Attempt` (with its
    id once stored) and the categories it made learnt."""

    attempt: Attempt
    learnt: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        return self.attempt.correct


class Session:
    """The learner's practice: :meth:`next_question`, :meth:`answer` (or :meth:`grade`
    then :meth:`record`), and the model (:meth:`masteries`).

    ``store`` is any :class:`History` (the history file's ``Store``; None keeps answers
    in memory). The history is read once; every answer is added as it is recorded. A
    history that keeps the model gives it at once, and the answers themselves
    (:attr:`history`) are read when first asked for.
    """

    def __init__(
        self,
        store: History | None = None,
        *,
        rng: random.Random,
        clock: Callable[[], datetime],
    ) -> None:
        self.store: History = store if store is not None else MemoryHistory()
        self.rng = rng
        self.clock = clock
        self.unreadable: set[str] = set()  # questions whose stored text does not read
        self._history: list[Attempt] | None = None  # (read when first asked for)
        self._recorded: list[Attempt] = []  # answers recorded before it was read
        load = getattr(self.store, "load_learner", None)
        restored = load() if load is not None else None
        if restored is not None:
            self.learner, self.answered = restored
            return
        self._history = self._read()
        self.learner = Learner.of(self._history)
        self.answered = len(self._history)  # how many answers there are
        keep = getattr(self.store, "keep_learner", None)
        if keep is not None:
            keep(self.learner, self._history)

    @property
    def history(self) -> list[Attempt]:
        """Every answer, oldest first, then this session's in the order recorded."""
        if self._history is None:
            recorded = {a.id for a in self._recorded if a.id is not None}
            kept = [a for a in self._read() if a.id not in recorded]
            self._history, self._recorded = kept + self._recorded, []
        return self._history

    def _read(self) -> list[Attempt]:
        return sorted(self.store.load_attempts(), key=lambda a: (a.answered_at, a.id or 0))

    # -- what comes next

    def plan(self, kinds: Collection[str]) -> Plan:
        """What to ask next among ``kinds`` (see the module notes), without dealing it."""
        allowed = [k for k in KINDS if k in set(kinds)]
        if not allowed:
            raise ValueError(f"give at least one drill kind: {', '.join(KINDS)}")
        if not self.answered:
            return Plan(allowed[0], None, "start")
        now = self.clock()
        model = self.masteries(now=now)

        def able(category: str) -> list[str]:
            return [k for k in allowed if can_aim(k, category)]

        weak = sorted(
            (m for m in model.values() if m.state == "weak"),
            key=lambda m: (-m.rate_now, not m.certain, m.category),
        )
        for m in weak:  # (the same cards: any kind allowed, aimable or not)
            last = m.last_miss
            if (
                m.streak >= LEARN_STREAK - 1
                and last is not None
                and last.kind in allowed
                and self.learner.times_asked(last.item_key) == 1
                and last.item_key not in self.unreadable
            ):
                return Plan(last.kind, m.category, "final-check", last, m)
        due = [
            m
            for m in model.values()
            if m.state == "learnt" and m.due and m.due <= now and able(m.category)
        ]
        if due:
            m = min(due, key=lambda m: (m.due, m.category))
            return Plan(self.rng.choice(able(m.category)), m.category, "check", mastery=m)
        weak = [m for m in weak if able(m.category)]
        helped = [
            a
            for a in self.learner.hinted.values()
            if a.kind in allowed
            and now - a.answered_at >= HINTED_AGAIN_AFTER
            and a.item_key not in self.unreadable
        ]
        if helped:
            a = min(helped, key=lambda a: (a.answered_at, a.id or 0))
            return Plan(a.kind, None, "hinted", a)
        certain = [m for m in weak if m.certain]
        if certain and self.rng.random() < FOCUS:
            return self._aim(certain, able, "weak")
        doubts = [m for m in model.values() if m.doubt > 0 and able(m.category)]
        if doubts:
            m = max(doubts, key=lambda m: (m.doubt, m.rate_now, m.category))
            kinds = able(m.category)
            doubted = m.doubted
            kind = doubted.kind if doubted and doubted.kind in kinds else self.rng.choice(kinds)
            avoid = frozenset(doubted.maybe) - {m.category} if doubted else frozenset()
            return self._goal(Plan(kind, m.category, "confirm", mastery=m, avoid=avoid))
        probable = [m for m in weak if not m.certain]
        if probable and self.rng.random() < FOCUS:
            return self._aim(probable, able, "weak")
        unmet = [
            c
            for c in _targets(allowed)
            if c not in model and c not in (cat.OVER_CLAIM, cat.MISCOUNT)
        ]
        if unmet and (self.answered < PLACEMENT_ROUND or self.rng.random() < EXPLORE):
            category = self.rng.choice(unmet)
            return Plan(self.rng.choice(able(category)), category, "placement")
        if (
            not weak
            and not weak_spots(model)
            and self.answered >= MOVE_ON_AFTER
            and self.rng.random() < MOVE_ON
        ):
            moved = self._move_on(allowed, model)
            if moved is not None:
                return self._goal(moved)
        return self._goal(Plan(self.rng.choice(allowed), None, "fresh"))

    def _aim(self, spots: list[Mastery], able: Callable[[str], list[str]], reason: str) -> Plan:
        m = self.rng.choices(spots, weights=[m.rate_now**2 for m in spots])[0]
        return self._goal(Plan(self.rng.choice(able(m.category)), m.category, reason, mastery=m))

    def _move_on(self, allowed: list[str], model: Mapping[str, Mastery]) -> Plan | None:
        """A learner with no weak spot moved on: decisions at the score once enough harder
        hands are answered right, else a harder hand (a run with pairs or a pair royal
        not learnt after a miss: a learnt one has its own checks)."""
        harder_right = sum(model[c].seen - model[c].missed for c in HARDER if c in model)
        if "position" in allowed and harder_right >= HARDER_FIRST:
            return Plan("position", None, "at-score")
        counts = [k for k in ("count-hand", "count-crib") if k in allowed]
        hard = [
            c
            for c in HARDER
            if (c not in model or model[c].state == "fine") and any(can_aim(k, c) for k in counts)
        ]
        if not hard:
            return None
        category = self.rng.choice(hard)
        kind = self.rng.choice([k for k in counts if can_aim(k, category)])
        return Plan(kind, category, "harder")

    def _goal(self, plan: Plan) -> Plan:
        """The plan with a speed goal when its kind's answers are right but slow."""
        median = self.learner.pace(plan.kind)
        if median is None or median <= PACE.get(plan.kind, float("inf")):
            return plan
        return replace(plan, goal=float(round(GOAL_SHARE * median)))

    def deal(self, plan: Plan) -> Question:
        """The question a plan asks: the same cards again, or fresh ones holding its aim.
        A question asked again that no longer reads is passed over for fresh cards."""
        kind = KINDS[plan.kind]
        if plan.again is not None:
            question = self.replay(plan.again)
            if question is not None:
                return Question(
                    question.kind,
                    question.drill,
                    plan.aimed_at,
                    True,
                    plan.reason,
                    question.holds,
                    plan.again,
                    plan.mastery,
                )
            if plan.reason == "final-check":
                return self.deal(Plan(plan.kind, plan.aimed_at, "weak", mastery=plan.mastery))
        drill = kind.generate(self.rng, plan.aimed_at, plan.variant, plan.avoid)
        return Question(
            plan.kind,
            drill,
            plan.aimed_at,
            False,
            plan.reason,
            kind.holds(drill),
            mastery=plan.mastery,
            goal=plan.goal,
        )

    def next_question(self, kinds: Collection[str]) -> Question:
        """What ``n`` (or the home screen's ``g``) deals next among ``kinds``."""
        return self.deal(self.plan(kinds))

    def replay(self, attempt: Attempt) -> Question | None:
        """An earlier answer's question asked again (None if it no longer reads: it is
        then never offered again)."""
        from crib_trainer.training.grading.review import replayable  # (loads the pegging analysis)

        if attempt.kind not in KINDS or not replayable(attempt):
            self.unreadable.add(attempt.item_key)
            return None
        kind = KINDS[attempt.kind]
        drill = kind.replay(attempt.question)
        return Question(attempt.kind, drill, None, True, "replay", kind.holds(drill), attempt)

    def given(self, drill: Drill) -> Question:
        """A question for a drill dealt elsewhere (the hand kept in the discard drill)."""
        kind = KINDS[drill.kind]
        return Question(drill.kind, drill, None, False, "given", kind.holds(drill))

    # -- answers

    def grade(
        self,
        q: Question,
        *,
        total: int | None = None,
        items: Mapping[str, int] | None = None,
        verdict: str | None = None,
        throw: Sequence[Card | str] | None = None,
        card: Card | str | None = None,
        pegging: bool = False,
        judged: Verdict | None = None,
        seconds: float,
    ) -> Attempt:
        """Grade an answer without recording it: a count or judged claim (``total``, or
        ``items``: points per kind of item; a ``verdict`` on a claim), a ``throw`` (its
        cards; ``pegging``: judged with the play of the cards kept) or a ``card`` laid
        (cards or their codes). Decisions are judged by :mod:`~crib_trainer.training.grading.judge`
        (``judged``: the verdict a screen worked out already, for any choice)."""
        kind = KINDS[q.kind]
        if kind.grade is None:
            raise ValueError(f"{q.kind} answers are graded by their screen; use record()")
        answer: dict[str, Any] = {"items": dict(items)} if items is not None else {}
        if total is not None:
            answer["total"] = total
        if verdict is not None:
            answer["verdict"] = verdict
        extra: dict[str, Any] = {}
        if throw is not None or card is not None:
            from crib_trainer.core.cards import parse_card

            if throw is not None:
                answer["discard"] = [parse_card(c).code if isinstance(c, str) else c.code
                                     for c in throw]  # fmt: skip
                if pegging:
                    answer["pegging"] = True
            else:
                assert card is not None
                answer["card"] = parse_card(card).code if isinstance(card, str) else card.code
            extra["judged"] = judged
        return kind.grade(
            q.drill, answer, seconds=seconds, answered_at=self.clock(), odds=self.odds(), **extra
        )

    def answer(
        self,
        q: Question,
        *,
        total: int | None = None,
        items: Mapping[str, int] | None = None,
        verdict: str | None = None,
        throw: Sequence[Card | str] | None = None,
        card: Card | str | None = None,
        pegging: bool = False,
        judged: Verdict | None = None,
        seconds: float,
    ) -> Answer:
        """Grade an answer to ``q`` (as :meth:`grade`) and record it (committed when this
        returns)."""
        return self.record(
            self.grade(
                q,
                total=total,
                items=items,
                verdict=verdict,
                throw=throw,
                card=card,
                pegging=pegging,
                judged=judged,
                seconds=seconds,
            )
        )

    def record(self, attempt: Attempt) -> Answer:
        """Keep an answer graded elsewhere: the model takes it in first, then the store
        (whose error, if any, is raised after: this session still counts the answer)."""
        learnt = tuple(self.learner.add(attempt))
        answers = self._history if self._history is not None else self._recorded
        answers.append(attempt)
        self.answered += 1
        stored = attempt.with_id(self.store.save_attempt(attempt))
        answers[-1] = stored
        return Answer(stored, learnt)

    # -- the model

    def masteries(self, *, now: datetime | None = None) -> dict[str, Mastery]:
        """Every category met, as the learner stands in it now."""
        return self.learner.masteries(now=now or self.clock())

    def odds(self) -> dict[str, float]:
        """The learner's odds of overlooking an item of each counting category (a
        category not met yet at the prior's odds), to explain a total that could mean
        several misses."""
        now = self.clock()
        return {c: self.learner.mastery(c, now=now).odds for c in cat.ITEM_CATEGORIES}


def _targets(kinds: Iterable[str]) -> list[str]:
    """Every category some of ``kinds`` can aim at, in the registry's order."""
    out: list[str] = []
    for k in kinds:
        out += [c for c in KINDS[k].targets if c not in out and can_aim(k, c)]
    return out

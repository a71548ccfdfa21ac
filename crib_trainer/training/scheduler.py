"""Which drill comes next: due reviews first, then mostly weak spots, with some variety.

A pure function of (history, now, rng), in the manner of py-fsrs: no clock, no global
random, no storage. ``history`` is a list of :class:`~crib_trainer.training.attempt.Attempt`
(what ``storage.progress.attempts()`` returns), in any order.

The rules, in order:

1. **Review** (Leitner boxes). A question answered wrong goes to box 1; each right answer
   to it later moves it up a box; a wrong one sends it back to box 1; a right answer in
   box 5 retires it. A question is due :data:`LEITNER_INTERVALS` after its last answer:
   box 1 10 minutes, box 2 1 day, box 3 3 days, box 4 7 days, box 5 21 days. A due
   question (of an allowed kind) comes back before anything else, the most overdue first
   (overdue time over its interval); the choice carries the attempt to replay.
2. **Variety**: otherwise, with probability :data:`VARIETY` (25%), a random allowed kind
   with no target category.
3. **Weakness**: otherwise a category, drawn with weight (miss rate)²: the weakest come up
   most, the next weakest sometimes. A category's miss rate counts each attempt where it
   was present, weighted by recency (half-life :data:`HALF_LIFE_DAYS` days), with a prior
   of :data:`PRIOR_MISSES` misses in :data:`PRIOR_SEEN` tries (a rate of 0.25), so a
   category never yet seen is tried (the choice then says ``practice``, not ``weakness``,
   as nothing was missed). The kind is drawn among the allowed kinds that can
   drill it (:data:`TARGET_KINDS`; for a category not listed there, the kinds it was
   seen in).

>>> import random
>>> from datetime import datetime, UTC
>>> now = datetime(2025, 6, 1, 12, tzinfo=UTC)
>>> c = next_item([], now=now, rng=random.Random(0), kinds=["count-hand"])
>>> c.kind, c.category, c.reason  # nothing missed yet: practice, not a weak spot
('count-hand', 'pair-royal', 'practice')
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import COUNT_KINDS, DRILL_KINDS, Attempt

LEITNER_INTERVALS = (
    timedelta(minutes=10),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=21),
)
VARIETY = 0.25
HALF_LIFE_DAYS = 14.0
PRIOR_MISSES = 1.0
PRIOR_SEEN = 4.0
SHARPNESS = 2

_COUNT_TARGETS = {c: COUNT_KINDS for c in cat.ITEM_CATEGORIES}
#: Which kinds of drill can aim at a category.
TARGET_KINDS: dict[str, tuple[str, ...]] = {
    **_COUNT_TARGETS,
    cat.CRIB_FLUSH_TRAP: ("count-crib", "judge"),
    cat.OVER_CLAIM: ("judge",),
    cat.DISCARD_DEALER: ("discard",),
    cat.DISCARD_PONE: ("discard",),
    **{cat.peg_category(t): ("peg-play",) for t in cat.PEG_THEMES},
}
#: Categories that describe a claim, not something a drill can hold or a theme to drill.
UNTARGETABLE = frozenset({cat.MISCOUNT})


@dataclass(frozen=True, slots=True)
class DrillChoice:
    """What to ask next: a ``kind``, a ``category`` to aim at (None for a free choice),
    why (``review``; ``weakness``, a category missed before; ``practice``, one aimed at
    though never missed yet; or ``variety``), and for a review the attempt whose
    question to ask again (``replay_id``) and its ``puzzle_id``, if any."""

    kind: str
    category: str | None
    reason: str
    replay_id: int | None = None
    puzzle_id: str | None = None


@dataclass(frozen=True, slots=True)
class Review:
    """A question in the Leitner boxes: its box (1–5), when it is due, its last attempt."""

    key: str
    box: int
    due: datetime
    last: Attempt


@dataclass(frozen=True, slots=True)
class Weakness:
    """A category's recency-weighted record: weighted tries, misses and miss rate."""

    category: str
    seen: float
    missed: float
    miss_rate: float


def _ordered(history: Sequence[Attempt]) -> list[Attempt]:
    return sorted(history, key=lambda a: (a.answered_at, a.id if a.id is not None else 0))


def reviews(history: Sequence[Attempt]) -> list[Review]:
    """Every question now in a Leitner box, soonest due first.

    >>> from datetime import datetime, UTC
    >>> t = datetime(2025, 6, 1, 12, tzinfo=UTC)
    >>> wrong = Attempt("judge", {"q": 1}, {}, {}, False, "wrong-verdict", {}, 4, t, id=7)
    >>> [(r.box, r.due.isoformat(), r.last.id) for r in reviews([wrong])]
    [(1, '2025-06-01T12:10:00+00:00', 7)]
    """
    boxes: dict[str, int] = {}
    last: dict[str, Attempt] = {}
    for a in _ordered(history):
        key = a.item_key
        box = boxes.get(key, 0)
        if not a.correct:
            box = 1
        elif box:
            box = box + 1 if box < len(LEITNER_INTERVALS) else 0
        boxes[key] = box
        last[key] = a
    out = [
        Review(key, box, last[key].answered_at + LEITNER_INTERVALS[box - 1], last[key])
        for key, box in boxes.items()
        if box
    ]
    return sorted(out, key=lambda r: (r.due, r.key))


def due_reviews(
    history: Sequence[Attempt], *, now: datetime, kinds: Collection[str] = DRILL_KINDS
) -> list[Review]:
    """Questions due again by ``now``, of the given kinds, the most overdue first
    (time overdue as a share of the box's interval)."""
    _check_now(now)
    due = [r for r in reviews(history) if r.due <= now and r.last.kind in kinds]

    def overdue(r: Review) -> float:
        return (now - r.due) / LEITNER_INTERVALS[r.box - 1]

    return sorted(due, key=lambda r: (-overdue(r), r.key))


def weaknesses(
    history: Sequence[Attempt], *, now: datetime, kinds: Collection[str] = DRILL_KINDS
) -> list[Weakness]:
    """Every category the given kinds can drill, weakest first (ties by name).

    Attempts of every kind count: nobs missed while counting a hand is the same weakness
    when judging a claim.
    """
    _check_now(now)
    seen: dict[str, float] = defaultdict(float)
    missed: dict[str, float] = defaultdict(float)
    for a in history:
        age_days = max((now - a.answered_at).total_seconds(), 0.0) / 86400
        weight = 0.5 ** (age_days / HALF_LIFE_DAYS)
        for category in a.present:
            seen[category] += weight
            if a.missed.get(category, 0) > 0:
                missed[category] += weight
    out = []
    for category, able in _target_kinds(history).items():
        if category in UNTARGETABLE or not set(able) & set(kinds):
            continue
        rate = (missed[category] + PRIOR_MISSES) / (seen[category] + PRIOR_SEEN)
        out.append(Weakness(category, seen[category], missed[category], rate))
    return sorted(out, key=lambda w: (-w.miss_rate, w.category))


def next_item(
    history: Sequence[Attempt],
    *,
    now: datetime,
    rng: random.Random,
    kinds: Collection[str] = DRILL_KINDS,
) -> DrillChoice:
    """Choose the next drill (see the module notes for the rules).

    ``kinds`` limits the choice to the drills the caller can serve. The same history,
    ``now`` and rng state always give the same choice.
    """
    kinds = [k for k in DRILL_KINDS if k in set(kinds)]
    if not kinds:
        raise ValueError(f"give at least one drill kind: {', '.join(DRILL_KINDS)}")
    due = due_reviews(history, now=now, kinds=kinds)
    if due:
        last = due[0].last
        category = max(last.missed, key=lambda c: (last.missed[c], c)) if last.missed else None
        return DrillChoice(last.kind, category, "review", last.id, last.puzzle_id)
    weak = weaknesses(history, now=now, kinds=kinds)
    if rng.random() < VARIETY or not weak:
        return DrillChoice(rng.choice(kinds), None, "variety")
    chosen = rng.choices(weak, weights=[w.miss_rate**SHARPNESS for w in weak])[0]
    able = [k for k in _target_kinds(history)[chosen.category] if k in kinds]
    reason = "weakness" if chosen.missed > 0 else "practice"  # (never missed: the prior)
    return DrillChoice(rng.choice(able), chosen.category, reason)


def _target_kinds(history: Sequence[Attempt]) -> dict[str, tuple[str, ...]]:
    """:data:`TARGET_KINDS`, plus categories met in the history with the kinds they
    were met in (in the order of :data:`DRILL_KINDS`)."""
    out = dict(TARGET_KINDS)
    extra: dict[str, set[str]] = defaultdict(set)
    for a in history:
        for category in a.present:
            if category not in TARGET_KINDS:
                extra[category].add(a.kind)
    for category in sorted(extra):
        out[category] = tuple(k for k in DRILL_KINDS if k in extra[category])
    return out


def _check_now(now: datetime) -> None:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware, e.g. datetime.now(UTC)")

"""The learner model: how well each category is known now, and where it stands.

A fold over the learner's answers, oldest first (:meth:`Learner.add`), with no clock
and no storage: ``now`` is passed in where it matters. Per category:

- **Mastery now** — a miss rate in which recent answers weigh more: each answer's weight
  halves with every :data:`HALF_LIFE_ANSWERS` later answers holding the category and every
  :data:`HALF_LIFE_DAYS` days, so a category forgets old misses both as the learner
  answers it right and as time passes. A miss only probable (``Attempt.maybe``: a total
  that could mean several misses) counts its chance, at :data:`UNSURE_WEIGHT` of an
  answer's weight. A small prior (:data:`PRIOR_MISSES` in :data:`PRIOR_SEEN`) keeps a
  category never seen from looking weak.
- **All time** — certain misses over answers holding it, and apart from them the
  probable misses (their chances summed).
- **State** — ``new`` (never seen), ``fine`` (never missed for certain), ``weak`` (missed
  for certain and not yet learnt: a guess is never booked as certain, so a miss only
  probable, even at a chance of :data:`LIKELY` or more, breaks a streak and raises a doubt
  but makes nothing weak), ``learnt`` (after a miss, :data:`LEARN_STREAK` right in a row,
  without hints; then checked at :data:`CHECK_INTERVALS`, a box further after each check
  passed, Leitner-style, and ``weak`` again at once if missed for certain).

``miscount`` (a total short by an amount no set of items makes) is met only when missed,
so it has no rate and is left out. A right answer given after hints neither adds to a
streak nor breaks it.

- **Doubt** — a miss only possible (a chance under 1), or a decision habit shown once: the
  largest such chance since the category was last answered for certain (right, or a
  certain miss), with the answer that raised it (``doubted``). The session deals a
  question that settles it before any guess is aimed at.
- **Habits** — the decision habits of :mod:`~crib_trainer.training.learning.habits` are tracked as
  categories are, read from each throw and card laid (``habits.sightings``: no stored
  id, so answers given before the habits existed count too); one is ``weak`` only once
  it shows in :data:`~crib_trainer.training.learning.habits.CONFIRM` of its last
  :data:`RECENT` sightings (a habit, not one decision).

>>> from datetime import datetime, timedelta, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> t = datetime(2025, 11, 24, 20, tzinfo=UTC)
>>> def answer(n, missed):
...     return Attempt("count-hand", {"n": n}, {}, {}, not missed, "", missed, 5,
...                    t + timedelta(minutes=n), present={"nobs": 1})
>>> learner = Learner()
>>> for n in range(8):
...     _ = learner.add(answer(n, {"nobs": 1} if n < 2 else {}))
>>> m = learner.mastery("nobs", now=t + timedelta(minutes=9))
>>> m.state, m.streak, m.learnt_after, m.learnt_at.strftime("%d %b")
('learnt', 6, 5, '24 Nov')
>>> round(m.rate_all, 2), m.rate_now < m.rate_all
(0.25, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import MISCOUNT, category_label, read_old
from crib_trainer.training.grading.credit import HINTED
from crib_trainer.training.learning.habits import CONFIRM, DECISION_IDS, sightings

HALF_LIFE_ANSWERS = 6.0
HALF_LIFE_DAYS = 14.0
UNSURE_WEIGHT = 0.5
PRIOR_MISSES = 0.05
PRIOR_SEEN = 1.0
LIKELY = 0.5
LEARN_STREAK = 5
CHECK_INTERVALS = (
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=21),
    timedelta(days=60),
)
#: A category is called weak (stats, the Progress screen) at this miss rate now or more.
WEAK_RATE = 0.15
#: The sightings a habit's recent shows are counted over.
RECENT = 8
#: The latest answers of a kind its pace is read from; the share of them right for
#: accuracy to hold (else no pace: speed is no goal yet); a speed goal is this share of
#: the median time of the right ones.
PACE_ANSWERS = 20
HOLDS = 0.9
GOAL_SHARE = 0.8

_DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Mastery:
    """A category as the learner stands in it (see the module notes).

    ``rate_now``: the recency-weighted miss rate the session schedules by (probable misses
    in it at their chance, weighed less; with the prior). ``now``: the recency-weighted
    share of certain misses, what the stats show beside ``rate_all``, the certain misses
    over answers (None if never seen). ``probably``: probable misses (chances summed).
    ``learnt_at``/``learnt_after``: when it was last marked learnt and after how many
    right in a row. ``due``: when a learnt category's next check is due (None when its
    checks are done, or it is not learnt). ``last_miss``: the latest answer that missed
    it (certainly or likely), for a final check on the same cards. ``certain``: that miss
    was certain. ``doubt``/``doubted``: a possible miss not yet settled, and its answer.
    ``recent``: shows among the last :data:`RECENT` answers holding it.
    """

    category: str
    seen: int
    missed: int
    probably: float
    rate_now: float
    now: float | None
    state: str
    streak: int
    evidence: float
    learnt_at: datetime | None = None
    learnt_after: int = 0
    box: int = 0
    due: datetime | None = None
    last_miss: Attempt | None = None
    certain: bool = False
    doubt: float = 0.0
    doubted: Attempt | None = None
    recent: int = 0

    @property
    def rate_all(self) -> float | None:
        return self.missed / self.seen if self.seen else None

    @property
    def probably_rate(self) -> float | None:
        return self.probably / self.seen if self.seen else None

    @property
    def odds(self) -> float:
        """The odds of the learner overlooking an item of this category now."""
        return self.rate_now / (1 - self.rate_now) if self.rate_now < 1 else 1e6


@dataclass(slots=True)
class Track:
    """One category's running sums (weights as of ``last``)."""

    seen: int = 0
    missed: int = 0
    probably: float = 0.0
    num: float = 0.0
    den: float = 0.0
    sure: float = 0.0  # certain misses, weighted by recency
    all: float = 0.0  # every answer, weighted by recency
    last: datetime | None = None
    state: str = "fine"
    streak: int = 0
    learnt_at: datetime | None = None
    learnt_after: int = 0
    box: int = 0
    due: datetime | None = None
    last_miss: Attempt | None = None
    certain: bool = False  # the last miss was certain
    doubt: float = 0.0  # the largest chance of a miss not settled since
    doubted: Attempt | None = None  # the answer that raised it
    recent: int = 0  # shows among the last RECENT answers holding it, a bit each


def _never(item_key: str) -> int:
    return 0


@dataclass(slots=True)
class Learner:
    """Every category's track, built by adding answers oldest first.

    ``asked`` counts the answers to each question (``Attempt.item_key``) added here;
    ``asked_before`` those of a model this one was restored from (``learner_state``), so
    :meth:`times_asked` counts them all."""

    tracks: dict[str, Track] = field(default_factory=dict)
    asked: dict[str, int] = field(default_factory=dict)  # times each question was answered
    hinted: dict[str, Attempt] = field(default_factory=dict)  # answered with help, not since
    paces: dict[str, list[tuple[float, bool]]] = field(default_factory=dict)  # per kind
    asked_before: Callable[[str], int] = field(default=_never, compare=False, repr=False)

    @classmethod
    def of(cls, history: Iterable[Attempt]) -> Learner:
        """The model of a history (in any order)."""
        learner = cls()
        for a in sorted(history, key=lambda a: (a.answered_at, a.id or 0)):
            learner.add(a)
        return learner

    def add(self, a: Attempt) -> list[str]:
        """Take in one answer (newer than any before); returns the categories it marked
        learnt. A row stored before a category was split is read by its cards
        (:func:`~crib_trainer.training.categories.read_old`)."""
        a = read_old(a)
        self.asked[a.item_key] = self.asked.get(a.item_key, 0) + 1
        latest = self.paces.setdefault(a.kind, [])
        latest.append((a.seconds, a.correct))
        del latest[:-PACE_ANSWERS]
        if a.grade == HINTED:
            self.hinted[a.item_key] = a
        else:
            self.hinted.pop(a.item_key, None)
        learnt = []
        for category in a.present:
            if category == MISCOUNT:
                continue  # (met only when missed: it has no rate)
            track = self.tracks.setdefault(category, Track())
            chance = 1.0 if a.missed.get(category, 0) > 0 else a.maybe.get(category, 0.0)
            if fold(track, a, chance, confirm=1):
                learnt.append(category)
        for seen in sightings(a, counts=False):
            track = self.tracks.setdefault(seen.habit, Track())
            if fold(track, a, seen.shown, confirm=CONFIRM):
                learnt.append(seen.habit)
        return learnt

    def pace(self, kind: str) -> float | None:
        """The median seconds of his right answers among the latest :data:`PACE_ANSWERS`
        of a kind, once there are that many and :data:`HOLDS` of them are right (None
        before: accuracy first, speed after)."""
        latest = self.paces.get(kind, [])
        right = sorted(seconds for seconds, ok in latest if ok)
        if len(latest) < PACE_ANSWERS or len(right) < HOLDS * len(latest):
            return None
        mid = len(right) // 2
        return right[mid] if len(right) % 2 else (right[mid - 1] + right[mid]) / 2

    def times_asked(self, item_key: str) -> int:
        """How many answers this question has had."""
        return self.asked_before(item_key) + self.asked.get(item_key, 0)

    def mastery(self, category: str, *, now: datetime) -> Mastery:
        track = self.tracks.get(category) or Track(state="new")
        fade = _fade(track.last, now)
        num, den = track.num * fade, track.den * fade
        return Mastery(
            category=category,
            seen=track.seen,
            missed=track.missed,
            probably=track.probably,
            rate_now=(num + PRIOR_MISSES) / (den + PRIOR_SEEN),
            now=track.sure / track.all if track.all else None,
            state=track.state,
            streak=track.streak,
            evidence=den,
            learnt_at=track.learnt_at,
            learnt_after=track.learnt_after,
            box=track.box,
            due=track.due,
            last_miss=track.last_miss,
            certain=track.certain,
            doubt=track.doubt,
            doubted=track.doubted,
            recent=bin(track.recent).count("1"),
        )

    def masteries(self, *, now: datetime) -> dict[str, Mastery]:
        """Every category met so far."""
        return {c: self.mastery(c, now=now) for c in self.tracks}


def _fade(since: datetime | None, now: datetime) -> float:
    if since is None:
        return 1.0
    days = max((now - since).total_seconds(), 0.0) / _DAY
    return 0.5 ** (days / HALF_LIFE_DAYS)


def fold(track: Track, a: Attempt, chance: float, *, confirm: int) -> bool:
    """Fold one answer holding the category (missed with ``chance``) into its track; True
    if it made the category learnt (the coach folds habits' tracks by it too).
    ``confirm``: the shows among the last :data:`RECENT` that make it weak (1 for a
    category, :data:`~crib_trainer.training.learning.habits.CONFIRM` for a decision habit)."""
    when = a.answered_at
    fade = _fade(track.last, when) * 0.5 ** (1 / HALF_LIFE_ANSWERS)
    track.num *= fade
    track.den *= fade
    track.sure *= fade
    track.all *= fade
    track.last = when
    track.seen += 1
    weight = 1.0 if chance in (0.0, 1.0) else UNSURE_WEIGHT
    track.num += weight * chance
    track.den += weight
    track.all += 1
    track.sure += chance == 1.0
    track.recent = ((track.recent << 1) | (chance >= LIKELY)) & (2**RECENT - 1)
    if chance == 1.0:
        track.missed += 1
    elif chance:
        track.probably += chance
    if 0 < chance < 1 or (chance == 1.0 and bin(track.recent).count("1") < confirm):
        if chance >= track.doubt:  # (possible, or shown once: not settled)
            track.doubt, track.doubted = chance, a
    elif chance == 1.0 or a.grade != HINTED:
        track.doubt, track.doubted = 0.0, None  # (settled: for certain, either way)
    if chance >= LIKELY:
        track.streak = 0
        if chance < 1.0 or bin(track.recent).count("1") < confirm:
            return False  # (a guess, or one decision: a doubt to settle, not a weakness)
        track.state, track.box, track.due = "weak", 0, None
        track.last_miss, track.certain = a, chance == 1.0
        return False
    if chance or a.grade == HINTED:
        return False  # (an unlikely miss, or help taken, neither breaks a streak nor adds)
    track.streak += 1
    if track.state == "weak" and track.streak >= LEARN_STREAK:
        track.state, track.learnt_at, track.learnt_after = "learnt", when, track.streak
        track.box, track.due = 1, when + CHECK_INTERVALS[0]
        return True
    if track.state == "learnt" and track.due is not None and when >= track.due:
        track.box += 1  # a check passed: the next one further off
        track.due = (
            when + CHECK_INTERVALS[track.box - 1] if track.box <= len(CHECK_INTERVALS) else None
        )
    return False


def weak_spots(model: Mapping[str, Mastery]) -> list[Mastery]:
    """The weak spots, those missed for certain first (a guess is never named ahead of a
    certain weakness), each the weakest now first (ties by name): every ``weak`` category,
    and any other never learnt whose miss rate now is :data:`WEAK_RATE` or more (one only
    probably missed so far: shown as "probably …"; never a decision habit before it is
    weak: one decision is not a habit)."""
    out = [
        m
        for m in model.values()
        if m.state == "weak"
        or (m.state == "fine" and m.rate_now >= WEAK_RATE and m.category not in DECISION_IDS)
    ]
    return sorted(out, key=lambda m: (not m.certain, -m.rate_now, m.category))


def standing(m: Mastery | None) -> dict[str, Any]:
    """Where the learner stands in a category now, as ``stats --json`` gives it."""
    if m is None:
        return {
            "now": None,
            "probably": 0.0,
            "state": "new",
            "learnt_at": None,
            "learnt_after": None,
        }
    return {
        "now": m.now,
        "probably": round(m.probably, 3),
        "state": m.state,
        "learnt_at": m.learnt_at.isoformat() if m.learnt_at else None,
        "learnt_after": m.learnt_after or None,
    }


def spot_json(m: Mastery) -> dict[str, Any]:
    """A weak spot as ``stats --json`` lists it (``certain``: whether the miss that made it
    weak was certain, not only probable; ``habit``: a habit the coach reads, by the same
    id: a counting category or a decision habit)."""
    from crib_trainer.training.learning.habits import HABITS

    return {
        "category": m.category,
        "label": category_label(m.category),
        "habit": m.category in HABITS,
        "miss_rate": m.rate_all,
        "certain": m.certain,
        **standing(m),
    }


def standing_lines(spots: list[dict[str, Any]], categories: list[dict[str, Any]]) -> list[str]:
    """Each weak spot named, the weakest now first (one only probably missed says so), and
    each category learnt with when and after how many right in a row.

    >>> spots = [{"label": "double runs", "now": 0.4, "miss_rate": 0.25, "certain": True},
    ...          {"label": "pairs", "now": 0.01, "miss_rate": 0.1, "certain": False}]
    >>> learnt = {"category": "nobs", "state": "learnt", "learnt_at": "2025-11-24T20:00:00+00:00",
    ...           "learnt_after": 6}
    >>> for line in standing_lines(spots, [learnt]):
    ...     print(line)
    Weak spots now: double runs (40% now, 25% all time); probably pairs.
    his nob: learnt on 24 Nov after 6 right in a row.
    """
    if spots:
        named = []
        for spot in spots:
            if spot.get("certain") and (spot["now"] or 0) >= 0.005:
                rates = f"{_pct(spot['now'])} now, {_pct(spot['miss_rate'])} all time"
                named.append(f"{spot['label']} ({rates})")
            else:
                named.append(f"probably {spot['label']}")
        out = ["Weak spots now: " + "; ".join(named) + "."]
    else:
        out = ["No weak spot now."]
    for c in categories:
        if c["state"] == "learnt" and c["learnt_at"]:
            when = datetime.fromisoformat(c["learnt_at"]).strftime("%d %b")
            out.append(
                f"{category_label(c['category'])}: learnt on {when} "
                f"after {c['learnt_after']} right in a row."
            )
    return out


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.0f}%"

"""The coach: the habits behind the mistakes, costliest first, with their evidence and
what to practise. Pure: it reads answers (drills and practice games, as stored) and the
graded decisions of games kept with the scorekeeper (:mod:`.game_analysis`), and a time.

A habit is named once it has shown :data:`~crib_trainer.training.learning.habits.CONFIRM` times
for certain and the learner model has called it weak (one decision is not a habit). Its
``state`` is the model's: ``weak``; ``learning`` (weak, but right the last
:data:`LEARNING_STREAK` times or more); ``learnt``. Its ``cost`` is points a deal: how often
a deal holds the situation (``Habit.per_deal``) × the share of those times it showed ×
the points it lost a time. Its ``trend`` compares the share shown in the last
:data:`TREND_LAST` sightings with the share before them.

>>> from datetime import datetime, timedelta, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> def throw(n, threw):
...     q = {"cards": ["2H", "5C", "7D", "9S", "JC", "KH"], "role": "pone"}
...     truth = {"best": ["2H", "9S"], "gave_up": 1.2, "unit": "points", "error": 0.0}
...     return Attempt("discard", q, {"discard": threw}, truth, False, "fair",
...                    {"discard-pone": 1.2}, 4, t + timedelta(minutes=n), id=n)
>>> report = coach([throw(1, ["5C", "KH"]), throw(2, ["2H", "9S"]), throw(3, ["5C", "KH"])],
...                now=t + timedelta(hours=1))
>>> h = report.habits[0]
>>> h.habit.id, h.state, h.shown, h.times, round(h.cost, 2)
('throws-five-to-dealer', 'weak', 2, 3, 0.16)
>>> for part in h.words().split(": "):
...     print(part)
As pone you threw a 5 to the dealer in 2 of 3 hands that held one
about 1.2 points a time, 0.16 points a deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from crib_trainer.training.attempt import Attempt
from crib_trainer.training.categories import read_old
from crib_trainer.training.learning.habits import CONFIRM, HABITS, Habit, sightings
from crib_trainer.training.learning.learner import Track, fold

#: Right answers in a row (since the last miss) that make a weak habit ``learning``.
LEARNING_STREAK = 2
#: Sightings the trend's "recent" share is read over.
TREND_LAST = 5
#: A change in the share shown, recent against earlier, that is called better or worse.
TREND_STEP = 0.2
#: Answers that showed a habit, kept as its evidence (latest first).
EVIDENCE = 10


@dataclass(frozen=True, slots=True)
class GameDecisions:
    """The graded answers of one player in one game kept with the scorekeeper: ``ref``
    names the game (its log file, or ``game N`` of the history), ``attempts`` are his
    throws, cards and shows graded as drills are (no ids)."""

    ref: str
    attempts: tuple[Attempt, ...]


@dataclass(frozen=True, slots=True)
class HabitReport:
    """One habit as the coach sees it (see the module notes)."""

    habit: Habit
    state: str
    times: int
    shown: int
    probably: float
    lost: float
    trend: str
    earlier: tuple[int, int]
    recent: tuple[int, int]
    answers: tuple[int, ...]
    games: tuple[str, ...]

    @property
    def per_time(self) -> float:
        """Points lost a time it showed (certain shows)."""
        return self.lost / self.shown if self.shown else 0.0

    @property
    def cost(self) -> float:
        """Points a deal (see the module notes)."""
        return self.habit.per_deal * self.lost / self.times if self.times else 0.0

    def words(self) -> str:
        """The evidence in a player's words, from its numbers."""
        line = self.habit.evidence(self.shown, self.times, self.per_time)
        line = line[0].upper() + line[1:]
        return f"{line}, {self.cost:.2f} points a deal."

    def trend_words(self) -> str:
        """The trend with its numbers: "better: 1 of the last 5, 4 of 6 before"."""
        (es, et), (rs, rt) = self.earlier, self.recent
        if self.trend == "new":
            return f"new: {rs} of {rt} so far"
        return f"{self.trend}: {rs} of the last {rt}, {es} of {et} before"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.habit.id,
            "label": self.habit.label,
            "state": self.state,
            "evidence": {
                "times": self.times,
                "shown": self.shown,
                "probably": round(self.probably, 3),
                "answers": list(self.answers),
                "games": list(self.games),
                "text": self.words(),
            },
            "cost": round(self.cost, 4),
            "cost_a_time": round(self.per_time, 3),
            "trend": self.trend,
            "recent": list(self.recent),
            "earlier": list(self.earlier),
            "practise": self.habit.practise,
        }


@dataclass(frozen=True, slots=True)
class CoachReport:
    """The habits named, costliest first (the weak and learning ones, then the learnt),
    over ``answers`` answers and ``games`` games."""

    habits: tuple[HabitReport, ...]
    answers: int
    games: int

    @property
    def next(self) -> HabitReport | None:
        """What to practise first: the costliest habit not learnt (the session aims at
        every weak spot, the weakest now most often)."""
        return next((h for h in self.habits if h.state != "learnt"), None)

    def lines(self) -> list[str]:
        """The report in words."""
        games = f", {self.games} game{'s' * (self.games != 1)}" if self.games else ""
        out = [f"Habits from {self.answers} answer{'s' * (self.answers != 1)}{games}."]
        if not self.habits:
            out.append("No habit yet: a mistake counts as one once it shows twice.")
        for n, h in enumerate(self.habits, start=1):
            out += [
                "",
                f"{n}. {h.habit.label} — {h.state} ({h.trend_words()})",
                f"   {h.words()}",
            ]
            if h.state != "learnt":
                out.append(f"   Practise: {h.habit.practise}.")
        top = self.next
        if top is not None:
            out += [
                "",
                f"First to practise: {top.habit.label}, the costliest "
                f"({top.cost:.2f} points a deal). In the trainer, g on the home screen deals "
                "the next question aimed at your weak spots.",
            ]
        return out

    def to_json(self) -> dict[str, Any]:
        top = self.next
        return {
            "answers": self.answers,
            "games": self.games,
            "habits": [h.to_json() for h in self.habits],
            "next": None
            if top is None
            else {"kind": top.habit.kind, "aimed_at": top.habit.id, "practise": top.habit.practise},
        }


@dataclass(slots=True)
class _Tally:
    track: Track = field(default_factory=Track)
    times: int = 0
    shown: int = 0
    probably: float = 0.0
    lost: float = 0.0
    seen: list[bool] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    games: list[str] = field(default_factory=list)


def coach(
    history: Iterable[Attempt], *, now: datetime, games: Sequence[GameDecisions] = ()
) -> CoachReport:
    """The coach's report on every answer and every game's decisions (see the module
    notes). Each habit's state is its track folded as the learner model folds it
    (:func:`~crib_trainer.training.learning.learner.fold`), over answers and games in time order."""
    answers = list(history)
    ref: dict[int, str] = {}
    timed: list[Attempt] = list(answers)
    for game in games:
        for a in game.attempts:
            ref[id(a)] = game.ref
            timed.append(a)
    timed.sort(key=lambda a: (a.answered_at, a.id or 0))
    tallies: dict[str, _Tally] = {}
    for a in timed:
        for s in sightings(read_old(a)):
            t = tallies.get(s.habit)
            if t is None:
                t = tallies[s.habit] = _Tally()
            habit = HABITS[s.habit]
            fold(t.track, a, s.shown, confirm=1 if habit.category else CONFIRM)
            t.times += 1
            t.shown += s.shown == 1.0
            t.probably += s.shown if s.shown < 1 else 0.0
            t.lost += s.cost
            t.seen.append(s.shown == 1.0)
            if s.shown == 1.0:
                if a.id is not None:
                    t.answers.append(a.id)
                elif id(a) in ref and ref[id(a)] not in t.games:
                    t.games.append(ref[id(a)])
    reports = []
    for habit_id, t in tallies.items():
        state = t.track.state
        if t.shown < CONFIRM or state not in ("weak", "learnt"):
            continue
        if state == "weak" and t.track.streak >= LEARNING_STREAK:
            state = "learning"
        reports.append(
            HabitReport(
                HABITS[habit_id],
                state,
                t.times,
                t.shown,
                t.probably,
                t.lost,
                *_trend(t.seen),
                tuple(reversed(t.answers[-EVIDENCE:])),
                tuple(reversed(t.games[-EVIDENCE:])),
            )
        )
    reports.sort(key=lambda h: (h.state == "learnt", -h.cost, h.habit.id))
    return CoachReport(tuple(reports), len(answers), len(games))


def _trend(seen: list[bool]) -> tuple[str, tuple[int, int], tuple[int, int]]:
    recent, earlier = seen[-TREND_LAST:], seen[:-TREND_LAST]
    r = (sum(recent), len(recent))
    e = (sum(earlier), len(earlier))
    if len(earlier) < 3:
        return "new", e, r
    change = r[0] / r[1] - e[0] / e[1]
    word = "worse" if change >= TREND_STEP else "better" if change <= -TREND_STEP else "steady"
    return word, e, r

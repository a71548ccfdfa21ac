"""The learner's record: every answer, and what it says about them.

Each :func:`record_attempt` is its own committed transaction, so an answer is safe on disk
the moment the call returns. The rest are read-only views: accuracy and speed per kind
and per day or week, streaks, miss rates per category, points given up in discards and
pegging, recent mistakes, and a CSV export.

Days and weeks (Monday first) are those of the timezone of the ``now`` passed in: pass
``datetime.now().astimezone()`` for the learner's local days. Times are stored in UTC.
``since`` is inclusive and ``until`` exclusive; both are timezone-aware datetimes.

>>> import tempfile, pathlib
>>> from datetime import datetime, UTC
>>> from crib_trainer.storage.db import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(pathlib.Path(folder.name) / "h.sqlite3")
>>> t = datetime(2025, 3, 1, 18, tzinfo=UTC)
>>> a = Attempt("count-hand", {"cards": []}, {"total": 28}, {"total": 29}, False, "under",
...             {"nobs": 1}, 9.5, t, present={"nobs": 1, "fifteen-2": 16})
>>> record_attempt(store, a)
1
>>> s = summary(store, now=t)
>>> s.answered, s.accuracy, s.current_streak
(1, 0.0, 1)
>>> [(c.category, c.attempts, c.missed) for c in category_stats(store)]
[('nobs', 1, 1), ('fifteen-2', 1, 0)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any, Literal, TextIO

from crib_trainer.storage.attempt_rows import (
    FIRST_TIME,
    LAST_TIME,
    also,
    attempts,
    attempts_after,
    attempts_by_id,
    count_attempts,
    get_attempt,
    recent_mistakes,
    record_attempt,
    stamp,
    stored_time,
    where_clause,
)
from crib_trainer.storage.db import Store
from crib_trainer.storage.saves import bounded_json
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import DRILL_KINDS, Attempt, DrillKind
from crib_trainer.training.grading.credit import HINTED, answer_credit, miss_weight_sql

__all__ = [
    "CSV_COLUMNS",
    "Attempt",
    "CategoryStats",
    "DrillKind",
    "KindStats",
    "LossStats",
    "PeriodStats",
    "Summary",
    "accuracy_over_time",
    "attempts",
    "attempts_after",
    "attempts_by_id",
    "category_stats",
    "count_attempts",
    "discard_loss",
    "export_csv",
    "get_attempt",
    "kind_stats",
    "midnight",
    "peg_loss_by_theme",
    "recent_mistakes",
    "record_attempt",
    "summary",
]

Period = Literal["day", "week"]


# --- accuracy, speed, streaks ------------------------------------------------------------


def _rate(part: float, whole: int) -> float | None:
    return part / whole if whole else None


# The answer of a row graded hinted (else NULL): its credit is read from it.
_HINTED_ANSWER = f"CASE WHEN correct = 0 AND grade = '{HINTED}' THEN answer END"
#: An answer whose time reads as a number (else it was changed outside crib-trainer, and
#: is left out of the figures that use the time).
_TIMED = "typeof(seconds) IN ('integer', 'real')"


def _credit(correct: int, hinted_answer: str | None) -> float:
    """What a row counts towards accuracy: 1 when right, a hinted answer's credit, else 0."""
    if correct or hinted_answer is None:
        return float(bool(correct))
    try:
        answer = bounded_json(hinted_answer)
    except ValueError:
        return 0.0  # (a row changed outside crib-trainer)
    return answer_credit(False, HINTED, answer) if isinstance(answer, dict) else 0.0


@dataclass(frozen=True, slots=True)
class Summary:
    """The headline numbers. Rates and means are None when there is nothing to rate.

    ``current_streak``: days in a row with an answer, ending today — or yesterday, when
    today has none yet (the streak is still alive). ``best_streak``: the longest ever.
    ``correct`` counts answers right unaided; every ``accuracy`` (here, per period and per
    kind) also counts a right answer given after hints at its credit (``training.hints``).
    """

    answered: int
    correct: int
    accuracy: float | None
    mean_seconds: float | None
    today_answered: int
    today_correct: int
    today_accuracy: float | None
    current_streak: int
    best_streak: int
    last_answered_at: datetime | None


def summary(store: Store, now: datetime) -> Summary:
    """Totals, today's count and accuracy, and streaks, in the days of ``now``'s timezone.

    Counted by the hour in SQL (:func:`_summary_by_hour`) when it can be exact, else
    answer by answer (:func:`_summary_by_row`): the same numbers either way."""
    return _summary_by_hour(store, now) or _summary_by_row(store, now)


#: A time as crib-trainer stores it (``stamp``): UTC, to the microsecond.
_STAMP_GLOB = (
    "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-5][0-9]:[0-5][0-9]"
    ".[0-9][0-9][0-9][0-9][0-9][0-9]+00:00"
)


def _summary_by_hour(store: Store, now: datetime) -> Summary | None:
    """:func:`summary` from the answers counted per hour of UTC (per minute for a zone
    not a whole number of hours off it) over the index ``attempts_summary``: for a
    fixed-offset zone (what ``datetime.now().astimezone()`` gives), every stored time
    as crib-trainer writes it, and every credit after hints a whole number of quarters
    (so sums are exact in any order); None otherwise."""
    tz = _zone(now)
    offset = tz.utcoffset(None) if isinstance(tz, timezone) else None
    if offset is None or offset % timedelta(minutes=1):
        return None
    width, rest = (13, ":00:00+00:00") if not offset % timedelta(hours=1) else (16, ":00+00:00")
    hours = store.read(
        f"SELECT substr(answered_at, 1, {width}), COUNT(*), SUM(correct), "
        "SUM(answered_at NOT GLOB ? OR answered_at NOT BETWEEN ? AND ? "
        f"OR NOT {_TIMED}) FROM attempts GROUP BY 1",
        [_STAMP_GLOB, stamp(FIRST_TIME), stamp(LAST_TIME)],
    )
    day: dict[str, date] = {}
    try:
        for h in hours:
            if h[3]:
                return None  # (a row written outside crib-trainer: answer by answer)
            day[h[0]] = datetime.fromisoformat(h[0] + rest).astimezone(tz).date()
    except ValueError:
        return None
    today = now.astimezone(tz).date()
    answered = sum(h[1] for h in hours)
    correct = sum(h[2] for h in hours)
    today_answered = sum(h[1] for h in hours if day[h[0]] == today)
    today_correct = sum(h[2] for h in hours if day[h[0]] == today)
    credit, today_credit = float(correct), float(today_correct)
    for hour, answer in store.read(
        f"SELECT substr(answered_at, 1, {width}), answer FROM attempts "
        "WHERE correct = 0 AND grade = ?",
        [HINTED],
    ):
        worth = _credit(0, answer)
        if not (worth * 4).is_integer():
            return None
        credit += worth
        today_credit += worth if day[hour] == today else 0.0
    seconds = 0.0
    for (s,) in store.read("SELECT seconds FROM attempts ORDER BY answered_at, id"):
        seconds += s  # (in time order, as answer by answer does: the same sum)
    last = store.read("SELECT MAX(answered_at) FROM attempts")[0][0]
    current, best = streaks(day.values(), today)
    return Summary(
        answered=answered,
        correct=correct,
        accuracy=_rate(credit, answered),
        mean_seconds=seconds / answered if answered else None,
        today_answered=today_answered,
        today_correct=today_correct,
        today_accuracy=_rate(today_credit, today_answered),
        current_streak=current,
        best_streak=best,
        last_answered_at=stored_time(last) if last is not None else None,
    )


def _summary_by_row(store: Store, now: datetime) -> Summary:
    """:func:`summary` answer by answer, in time order (any zone, any stored time)."""
    tz = _zone(now)
    rows = _timed(
        store.read(
            f"SELECT answered_at, correct, seconds, {_HINTED_ANSWER} FROM attempts "
            f"WHERE {_TIMED} ORDER BY answered_at, id"
        )
    )
    today = now.astimezone(tz).date()
    days: set[date] = set()
    correct = today_answered = today_correct = 0
    seconds = credit = today_credit = 0.0
    for moment, r in rows:
        day = moment.astimezone(tz).date()
        days.add(day)
        correct += r[1]
        credit += _credit(r[1], r[3])
        seconds += r[2]
        if day == today:
            today_answered += 1
            today_correct += r[1]
            today_credit += _credit(r[1], r[3])
    current, best = streaks(days, today)
    return Summary(
        answered=len(rows),
        correct=correct,
        accuracy=_rate(credit, len(rows)),
        mean_seconds=seconds / len(rows) if rows else None,
        today_answered=today_answered,
        today_correct=today_correct,
        today_accuracy=_rate(today_credit, today_answered),
        current_streak=current,
        best_streak=best,
        last_answered_at=rows[-1][0] if rows else None,
    )


def _timed(rows: Iterable[Any]) -> list[tuple[datetime, Any]]:
    """Rows whose first column is a readable stored time, with that time (others skipped:
    only a change made outside crib-trainer could put anything else there)."""
    out = []
    for r in rows:
        try:
            out.append((stored_time(r[0]), r))
        except (TypeError, ValueError):
            continue
    return out


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive days. The current run ends today, or
    yesterday if today has no answer yet.

    >>> d = date(2025, 3, 10)
    >>> streaks([d - timedelta(n) for n in (1, 2, 3, 6, 7)], today=d)
    (3, 3)
    >>> streaks([d - timedelta(n) for n in (2, 3)], today=d)
    (0, 2)
    """
    ordinals = {day.toordinal() for day in days}  # (numbers: no end of the calendar)
    best = 0
    for day in ordinals:
        if day - 1 not in ordinals:
            length = 1
            while day + length in ordinals:
                length += 1
            best = max(best, length)
    end = today.toordinal() - (today.toordinal() not in ordinals)
    current = 0
    while end - current in ordinals:
        current += 1
    return current, best


@dataclass(frozen=True, slots=True)
class PeriodStats:
    """One day or week (``start`` is its first day): answers, right, rate, mean time."""

    start: date
    answered: int
    correct: int
    accuracy: float | None
    mean_seconds: float | None


def midnight(now: datetime) -> datetime:
    """The start of ``now``'s day, in its own zone.

    >>> from datetime import UTC
    >>> midnight(datetime(2026, 11, 25, 17, 30, tzinfo=UTC)).isoformat()
    '2026-11-25T00:00:00+00:00'
    """
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def accuracy_over_time(
    store: Store,
    *,
    kind: str | None = None,
    period: Period = "day",
    since: datetime | None = None,
    until: datetime | None = None,
    now: datetime,
) -> list[PeriodStats]:
    """Accuracy and mean time per day or week (Monday first), every period from
    ``since`` (default: the first answer) to ``until`` (default: ``now``), empty ones
    included, so a chart has no gaps."""
    if period not in ("day", "week"):
        raise ValueError(f"period is 'day' or 'week', not {period!r}")
    tz = _zone(now)
    where, params = where_clause(since, until, kind)
    rows = _timed(
        store.read(
            f"SELECT answered_at, correct, seconds, {_HINTED_ANSWER} "
            f"FROM attempts{also(where, _TIMED)}",
            params,
        )
    )
    buckets: dict[date, list[tuple[int, float, float]]] = defaultdict(list)
    for moment, r in rows:
        day = moment.astimezone(tz).date()
        buckets[_period_start(day, period)].append((r[1], r[2], _credit(r[1], r[3])))
    last = _period_start(
        ((until - timedelta(microseconds=1)) if until else now).astimezone(tz).date(), period
    )
    if since is not None:
        first = _period_start(since.astimezone(tz).date(), period)
    else:
        first = min(buckets, default=last)
    last = max(last, *buckets) if buckets else last
    step = timedelta(days=1 if period == "day" else 7)
    out = []
    start = first
    while start <= last:
        got = buckets.get(start, [])
        right = sum(c for c, _, _ in got)
        out.append(
            PeriodStats(
                start=start,
                answered=len(got),
                correct=right,
                accuracy=_rate(sum(c for _, _, c in got), len(got)),
                mean_seconds=sum(s for _, s, _ in got) / len(got) if got else None,
            )
        )
        start += step
    return out


def _period_start(day: date, period: Period) -> date:
    return day if period == "day" else day - timedelta(days=day.weekday())


def _zone(now: datetime) -> tzinfo:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware, e.g. datetime.now().astimezone()")
    return now.tzinfo


@dataclass(frozen=True, slots=True)
class KindStats:
    """Answers, right, rate and mean time for one kind of drill."""

    kind: str
    answered: int
    correct: int
    accuracy: float | None
    mean_seconds: float | None


def kind_stats(
    store: Store, *, since: datetime | None = None, until: datetime | None = None
) -> list[KindStats]:
    """Per kind of drill (those with answers, in :data:`DRILL_KINDS` order)."""
    where, params = where_clause(since, until, None)
    rows = store.read(
        f"SELECT kind, correct, seconds, {_HINTED_ANSWER} FROM attempts{also(where, _TIMED)}",
        params,
    )
    kinds: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    for r in rows:
        kinds[r[0]].append((r[1], r[2], _credit(r[1], r[3])))
    order = {k: i for i, k in enumerate(DRILL_KINDS)}
    return [
        KindStats(
            kind,
            len(got),
            sum(c for c, _, _ in got),
            _rate(sum(c for _, _, c in got), len(got)),
            sum(s for _, s, _ in got) / len(got),
        )
        for kind, got in sorted(kinds.items(), key=lambda k: (order.get(k[0], len(order)), k[0]))
    ]


# --- categories --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CategoryStats:
    """A category over the answers where it was present: how often it was missed and the
    points missed on average (over those answers, so misses and their size both count)."""

    category: str
    attempts: int
    missed: float  # a close decision counts a quarter of a miss (training.credit)
    miss_rate: float
    mean_points_missed: float
    points_missed: float


def category_stats(
    store: Store,
    *,
    since: datetime | None = None,
    until: datetime | None = None,
    kind: str | None = None,
    prefix: str | None = None,
) -> list[CategoryStats]:
    """Every category met (those starting with ``prefix``, if given), highest miss rate
    first, then most attempts, then by name."""
    more = [("c.category LIKE ? ESCAPE '\\'", _like_prefix(prefix))] if prefix else []
    where, params = where_clause(since, until, kind, *more, table="a.")
    rows = store.read(
        f"SELECT c.category, COUNT(*), SUM((c.missed > 0) * {miss_weight_sql('a.grade')}), "
        "SUM(c.missed) "
        f"FROM attempt_categories c JOIN attempts a ON a.id = c.attempt_id{where} "
        "GROUP BY c.category",
        params,
    )
    out = [CategoryStats(r[0], r[1], r[2], r[2] / r[1], r[3] / r[1], r[3]) for r in rows]
    return sorted(out, key=lambda s: (-s.miss_rate, -s.attempts, s.category))


def _like_prefix(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


@dataclass(frozen=True, slots=True)
class LossStats:
    """Decisions of one sort: how many, and the mean points given up (None if none)."""

    attempts: int
    mean_points_lost: float | None


def discard_loss(
    store: Store, *, since: datetime | None = None, until: datetime | None = None
) -> dict[str, LossStats]:
    """Mean points given up by discards: ``{"dealer": …, "pone": …}`` (both always there)."""
    found = {
        s.category: s for s in category_stats(store, since=since, until=until, prefix="discard-")
    }
    out = {}
    for role, category in (("dealer", cat.DISCARD_DEALER), ("pone", cat.DISCARD_PONE)):
        s = found.get(category)
        out[role] = LossStats(s.attempts, s.mean_points_missed) if s else LossStats(0, None)
    return out


def peg_loss_by_theme(
    store: Store, *, since: datetime | None = None, until: datetime | None = None
) -> dict[str, LossStats]:
    """Mean points given up in the play per theme (``near-31``, …), the costliest first."""
    stats = category_stats(store, since=since, until=until, prefix="peg-")
    stats.sort(key=lambda s: (-s.mean_points_missed, s.category))
    return {
        s.category.removeprefix("peg-"): LossStats(s.attempts, s.mean_points_missed) for s in stats
    }


# --- export ------------------------------------------------------------------------------

#: The CSV export's columns, in order. JSON columns hold compact JSON text.
CSV_COLUMNS = (
    "id",
    "answered_at",
    "kind",
    "puzzle_id",
    "correct",
    "grade",
    "seconds",
    "points_missed",
    "missed",
    "present",
    "question",
    "answer",
    "truth",
)


def export_csv(store: Store, file: TextIO) -> int:
    """Write every attempt, oldest first, as CSV with a header row (:data:`CSV_COLUMNS`).
    Returns the number of attempts written. ``correct`` is 1 or 0; times are UTC. Text
    cells go through :func:`~crib_trainer.core.safe_text.csv_cell`: a spreadsheet shows
    them and never runs them as formulas (a puzzle id such as ``=cmd()``)."""
    import csv  # (with the cells' guard, loaded for an export only)

    from crib_trainer.core.safe_text import csv_cell

    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    n = 0
    for a in attempts(store):
        writer.writerow(
            (
                a.id,
                stamp(a.answered_at),
                csv_cell(a.kind),
                csv_cell(a.puzzle_id or ""),
                int(a.correct),
                csv_cell(a.grade),
                f"{a.seconds:.3f}",
                f"{a.points_missed:g}",
                csv_cell(_compact(a.missed)),
                csv_cell(_compact(a.present)),
                csv_cell(_compact(a.question)),
                csv_cell(_compact(a.answer)),
                csv_cell(_compact(a.truth)),
            )
        )
        n += 1
    return n


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

"""``crib-trainer stats``: the learner's progress as tables, JSON, or CSV of every answer."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timedelta
from typing import Any, TextIO

from crib_trainer.cli.common import UsageError
from crib_trainer.storage.db import (
    StorageError,
    Store,
    StoreTooNewError,
    open_memory_copy,
    open_store,
)
from crib_trainer.storage.game_records import game_outcomes
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.progress import (
    accuracy_over_time,
    attempts,
    category_stats,
    discard_loss,
    export_csv,
    kind_stats,
    midnight,
    peg_loss_by_theme,
    summary,
)
from crib_trainer.training.categories import PEG_THEME_WORDS, category_label
from crib_trainer.training.game.gamerecord import DECISION_WORDS, games_summary
from crib_trainer.training.kinds import kind_label
from crib_trainer.training.learning.learner import (
    Learner,
    spot_json,
    standing,
    standing_lines,
    weak_spots,
)

EMPTY = "No answers recorded yet: count a few hands in the trainer, then come back for your stats."
DAYS = 7


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``stats`` (CSV export, JSON)."""
    stats = sub.add_parser(
        "stats",
        help="your progress: accuracy, speed, streaks, weak spots",
        description="Your progress: accuracy and time per drill, the last seven days, the "
        "categories you miss most, and points given up in discards and pegging.",
        epilog="Examples: stats | stats --json | stats --csv answers.csv",
    )
    how = stats.add_mutually_exclusive_group()
    how.add_argument("--json", action="store_true", help="print the summary as JSON")
    how.add_argument(
        "--csv",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write every answer as CSV to FILE (standard output if no FILE)",
    )
    stats.set_defaults(run=cmd_stats)


def _now() -> datetime:
    """The learner's local time (tests replace this)."""
    return datetime.now().astimezone()


def history_file_reads() -> bool:
    """Whether there is a history file that can be read (so a copy of it is worth showing)."""
    try:
        path = database_path()
        return path.is_file() and os.access(path, os.R_OK)
    except (OSError, ValueError):
        return False


def open_history_to_read() -> Store:
    """The history for a command that only reads it (``stats``, ``coach``): the file, or when
    it cannot be written (a read-only folder or file, a lock) a copy of it as it reads now,
    said on stderr, as the trainer does; a ``UsageError`` when there is none to read."""
    try:
        return open_store()
    except StoreTooNewError as err:
        raise UsageError(str(err)) from None
    except StorageError as err:
        if not history_file_reads():
            raise UsageError(str(err)) from None
        print(f"{err} Showing your history as it reads now.", file=sys.stderr)
        return open_memory_copy()


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer stats``: accuracy, speed, streaks and weak spots from the history."""
    store = open_history_to_read()
    with store:
        if store.notice:
            print(store.notice, file=sys.stderr)
        try:
            if args.csv is not None:
                return _write_csv(store, args.csv, out)
            payload = stats_json(store, _now())
        except StorageError as err:
            raise UsageError(str(err)) from None
    if args.json:
        print(json.dumps(payload), file=out)
    elif not payload["summary"]["answered"] and not payload["games"]["played"]:
        print(EMPTY, file=out)
    else:
        print(format_stats(payload), file=out)
    return 0


def _write_csv(store: Store, name: str, out: TextIO) -> int:
    if name == "-":
        export_csv(store, out)
        return 0
    if _is_history(name):
        raise UsageError(
            f"{name} is your history (or SQLite's file beside it): writing the CSV there "
            "would erase every answer; give the CSV another name, e.g. answers.csv"
        )
    try:
        # The export holds the whole history: readable by its owner alone, like the file.
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8", newline="") as file:
            n = export_csv(store, file)
    except OSError as err:
        raise UsageError(f"cannot write {name!r}: {err.strerror}") from None
    print(f"Wrote {n} answer{'s' * (n != 1)} to {name}.", file=sys.stderr)
    return 0


def _is_history(name: str) -> bool:
    """Whether the file ``name`` is the history file, or one SQLite keeps beside it."""
    try:
        history = str(database_path())
    except ValueError:
        return False
    for path in (history, *(history + end for end in ("-wal", "-shm", "-journal"))):
        if os.path.realpath(name) == os.path.realpath(path):
            return True
        try:
            if os.path.samefile(name, path):  # (a hard link, another mount)
                return True
        except OSError:  # (either is missing: then not the same file)
            continue
    return False


def stats_json(store: Store, now: datetime) -> dict[str, Any]:
    """The stable ``stats --json`` object (keys documented in the README)."""
    s = summary(store, now)
    model = Learner.of(attempts(store)).masteries(now=now)
    today = midnight(now)
    days = accuracy_over_time(  # (until tomorrow: an answer dated later is not one of them)
        store,
        period="day",
        since=today - timedelta(days=DAYS - 1),
        until=today + timedelta(days=1),
        now=now,
    )
    return {
        "summary": {
            "answered": s.answered,
            "correct": s.correct,
            "accuracy": s.accuracy,
            "mean_seconds": s.mean_seconds,
            "today": {
                "answered": s.today_answered,
                "correct": s.today_correct,
                "accuracy": s.today_accuracy,
            },
            "streak": {"current": s.current_streak, "best": s.best_streak},
        },
        "kinds": [
            {
                "kind": k.kind,
                "answered": k.answered,
                "correct": k.correct,
                "accuracy": k.accuracy,
                "mean_seconds": k.mean_seconds,
            }
            for k in kind_stats(store)
        ],
        "days": [
            {
                "date": d.start.isoformat(),
                "answered": d.answered,
                "correct": d.correct,
                "accuracy": d.accuracy,
                "mean_seconds": d.mean_seconds,
            }
            for d in days
        ],
        "categories": [
            {
                "category": c.category,
                "attempts": c.attempts,
                "missed": c.missed,
                "miss_rate": c.miss_rate,
                "mean_points_missed": c.mean_points_missed,
                **standing(model.get(c.category)),
            }
            for c in category_stats(store)
        ],
        "weak_spots": [spot_json(m) for m in weak_spots(model)],
        "discard": {
            role: {"attempts": loss.attempts, "mean_points_lost": loss.mean_points_lost}
            for role, loss in discard_loss(store).items()
        },
        "pegging": {
            theme: {"attempts": loss.attempts, "mean_points_lost": loss.mean_points_lost}
            for theme, loss in peg_loss_by_theme(store).items()
        },
        "games": games_summary(game_outcomes(store)).to_json(),
    }


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.0f}%"


def _secs(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} s"


def _table(title: str, headers: list[str], rows: list[list[str]]) -> list[str]:
    """A plain text table: the first column left-aligned, the rest right-aligned."""
    cells = [[title, *headers], *rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    lines = []
    for r in cells:
        parts = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(parts).rstrip())
    return lines


def format_stats(p: dict[str, Any]) -> str:
    """The human tables for ``stats``, from :func:`stats_json`'s object."""
    s = p["summary"]
    streak = s["streak"]
    today = s["today"]
    days_word = "day" if streak["current"] == 1 else "days"
    answers_word = "answer" if s["answered"] == 1 else "answers"
    lines = [
        f"{s['answered']} {answers_word}, {_pct(s['accuracy'])} right, {_secs(s['mean_seconds'])} "
        f"on average. Today: {today['answered']} answered, {_pct(today['accuracy'])} right. "
        f"Streak: {streak['current']} {days_word} (best {streak['best']}).",
        "",
    ]
    head = ["answered", "right", "time"]
    kinds = [
        [kind_label(k["kind"]), str(k["answered"]), _pct(k["accuracy"]), _secs(k["mean_seconds"])]
        for k in p["kinds"]
    ]
    lines += [*_table("Drill", head, kinds), ""]
    days = [
        [
            datetime.fromisoformat(d["date"]).strftime("%a %d %b"),
            str(d["answered"]),
            _pct(d["accuracy"]),
            _secs(d["mean_seconds"]),
        ]
        for d in p["days"]
    ]
    lines += _table(f"Last {DAYS} days", head, days)
    counting = [c for c in p["categories"] if not c["category"].startswith(("discard-", "peg-"))]
    if counting:
        rows = [
            [
                category_label(c["category"]),
                str(c["attempts"]),
                str(c["missed"]),
                _pct(c["now"]),
                _pct(c["miss_rate"]),
                f"{c['mean_points_missed']:.2f}",
            ]
            for c in counting
        ]
        title = "Counting (most missed first)"
        head = ["seen", "missed", "now", "all time", "points/hand"]
        lines += ["", *_table(title, head, rows)]
    lines += ["", *standing_lines(p["weak_spots"], p["categories"])]
    loss = p["discard"]
    if any(v["attempts"] for v in loss.values()):
        parts = [
            f"as {role} {v['mean_points_lost']:.2f} "
            f"({v['attempts']} throw{'s' * (v['attempts'] != 1)})"
            for role, v in loss.items()
            if v["attempts"]
        ]
        lines += ["", "Discards, mean points given up: " + "; ".join(parts) + "."]
    if p["pegging"]:
        rows = [
            [PEG_THEME_WORDS.get(theme, theme), str(v["attempts"]), f"{v['mean_points_lost']:.2f}"]
            for theme, v in p["pegging"].items()
        ]
        lines += ["", *_table("Pegging theme", ["plays", "points given up"], rows)]
    if p["games"]["played"]:
        lines += ["", *games_lines(p["games"])]
    return "\n".join(lines)


def games_lines(games: dict[str, Any]) -> list[str]:
    """The practice games in words, from the ``games`` key of :func:`stats_json`."""
    played, won = games["played"], games["won"]
    skunks = games["skunks"]
    lines = [
        f"Practice games: {played} played, {won} won ({won / played:.0%}); skunks "
        f"{skunks['given']} given, {skunks['taken']} taken; rating {games['rating']} "
        f"({games['rating_change']:+.0f} at the last game)."
    ]
    rows = [
        [level, str(v["played"]), str(v["won"]), _pct(v["won"] / v["played"])]
        for level, v in games["by_opponent"].items()
    ]
    lines += _table("Against", ["played", "won", "share"], rows)
    lost = ", ".join(
        f"{DECISION_WORDS.get(d, d)} {v:.1f}" for d, v in games["lost_per_game"].items()
    )
    return [*lines, f"Points given up per game: {lost}."]

"""``crib-trainer stats``: tables, JSON, CSV, and database trouble as one line."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import pytest

from crib_trainer.cli import main, stats
from crib_trainer.storage.db import open_store
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.progress import record_attempt
from tests.conftest import cards
from tests.decision_support import card_attempt, throw_attempt
from tests.inprocess import run_cli
from tests.storage.support import make_attempt

NOW = datetime(2025, 3, 10, 18, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_clock(monkeypatch):
    monkeypatch.setattr(stats, "_now", lambda: NOW)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["stats", *argv], out=out)
    return code, out.getvalue()


def fill() -> None:
    six = cards("5H 5C JD QS 2H 3C")
    with open_store() as store:
        for i in range(12):
            record_attempt(
                store,
                make_attempt(
                    "count-hand" if i % 3 else "judge",
                    at=NOW - timedelta(hours=10 * i),
                    correct=i % 4 != 0,
                    missed={} if i % 4 else {"nobs": 1.0},
                    present={"nobs": 1.0, "pair": 2.0},
                    seconds=4 + i,
                ),
            )
        record_attempt(
            store,
            throw_attempt(
                cards=six, dealer=True, thrown=six[:2], best=six[2:4], gave_up=1.5,
                seconds=9, answered_at=NOW,
            ),
        )  # fmt: skip
        record_attempt(
            store,
            card_attempt(
                theme="near-31", question={"count": 24}, played=six[0], best=six[1],
                gave_up=2.0, seconds=3, answered_at=NOW,
            ),
        )  # fmt: skip


def test_empty_history_says_so_in_one_line():
    code, out = run()
    assert code == 0 and out == stats.EMPTY + "\n"


def test_tables():
    fill()
    code, out = run()
    assert code == 0
    assert out.startswith("14 answers, ")
    assert "Streak: 5 days (best 5)" in out  # answers every 10 hours back to the 6th
    for text in (
        "count hand",
        "judge claim",
        "discard",
        "Last 7 days",
        "Mon 10 Mar",
        "his nob",
        "pair",
    ):
        assert text in out, text
    assert "as dealer 1.50 (1 throw)" in out
    assert "near 31" in out
    lines = out.splitlines()
    counting = lines.index(next(line for line in lines if line.startswith("Counting")))
    assert lines[counting + 1].startswith("his nob")  # most missed first


def test_json_is_stable():
    fill()
    code, out = run("--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {
        "summary", "kinds", "days", "categories", "weak_spots", "discard", "pegging", "games"
    }  # fmt: skip
    assert data["games"]["played"] == 0 and data["games"]["by_opponent"] == {}
    assert set(data["summary"]) == {"answered", "correct", "accuracy", "mean_seconds", "today",
                                    "streak"}  # fmt: skip
    assert data["summary"]["answered"] == 14
    assert data["summary"]["streak"] == {"current": 5, "best": 5}
    assert [d["date"] for d in data["days"]][-1] == "2025-03-10" and len(data["days"]) == 7
    assert set(data["kinds"][0]) == {"kind", "answered", "correct", "accuracy", "mean_seconds"}
    assert data["categories"][0]["category"] in ("nobs", "discard-dealer", "peg-near-31")
    assert set(data["categories"][0]) == {
        "category",
        "attempts",
        "missed",
        "miss_rate",
        "mean_points_missed",
        "now",
        "probably",
        "state",
        "learnt_at",
        "learnt_after",
    }
    spots = data["weak_spots"]  # the weakest now first; never-missed pairs are not one
    assert {s["category"] for s in spots} == {"nobs", "discard-dealer", "peg-near-31"}
    assert all(s["state"] == "weak" for s in spots)
    assert [s["now"] for s in spots] == sorted((s["now"] for s in spots), reverse=True)
    assert set(spots[0]) == {
        "category", "label", "habit", "miss_rate", "certain", "now", "probably", "state",
        "learnt_at", "learnt_after",
    }  # fmt: skip
    assert {s["category"]: s["habit"] for s in spots} == {
        "nobs": True,
        "discard-dealer": False,
        "peg-near-31": False,
    }  # fmt: skip (his nob is a counting habit; a role or a theme is not)
    nobs = next(s for s in spots if s["category"] == "nobs")
    assert nobs["miss_rate"] == 3 / 12 and nobs["now"] > nobs["miss_rate"]  # the last was missed
    assert nobs["certain"]
    assert data["discard"] == {
        "dealer": {"attempts": 1, "mean_points_lost": 1.5},
        "pone": {"attempts": 0, "mean_points_lost": None},
    }
    assert data["pegging"] == {"near-31": {"attempts": 1, "mean_points_lost": 2.0}}


def test_a_spot_learnt_says_when_and_after_how_many():
    with open_store() as store:
        for i in range(7):  # missed twice, then right five times running
            missed = {"nobs": 1.0} if i < 2 else {}
            at = NOW - timedelta(minutes=10 - i)
            record_attempt(store, make_attempt(at=at, missed=missed, present={"nobs": 1.0}, n=i))
    code, out = run()
    assert code == 0 and "his nob: learnt on 10 Mar after 5 right in a row." in out
    assert "No weak spot now." in out
    data = json.loads(run("--json")[1])
    assert data["weak_spots"] == []
    (nobs,) = data["categories"]
    assert (nobs["state"], nobs["learnt_after"], nobs["miss_rate"]) == ("learnt", 5, 2 / 7)


def test_a_miscount_is_a_category_with_no_model():
    """A total short by an amount no set of items makes is met only when missed: it has
    no rate now and its state is ``new`` (README, stats), and it is never a weak spot."""
    with open_store() as store:
        for i in range(3):
            at = NOW - timedelta(minutes=10 - i)
            record_attempt(store, make_attempt(at=at, missed={"miscount": 1.0}, n=i))
    data = json.loads(run("--json")[1])
    (miscount,) = data["categories"]
    assert (miscount["category"], miscount["state"], miscount["now"]) == ("miscount", "new", None)
    assert (miscount["missed"], miscount["miss_rate"]) == (3, 1.0)
    assert data["weak_spots"] == []


def test_json_of_nothing():
    data = json.loads(run("--json")[1])
    assert data["summary"]["answered"] == 0 and data["summary"]["accuracy"] is None
    assert data["kinds"] == [] and data["categories"] == []


def test_csv_to_stdout_and_to_a_file(tmp_path, capsys):
    fill()
    code, out = run("--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 14 and rows[0]["kind"] in ("count-hand", "judge")
    target = tmp_path / "answers.csv"
    code, out = run("--csv", str(target))
    assert code == 0 and out == ""
    assert len(list(csv.DictReader(target.open(encoding="utf-8")))) == 14
    assert "Wrote 14 answers" in capsys.readouterr().err


def test_csv_to_a_file_that_cannot_be_written(tmp_path, capsys):
    code, _ = run("--csv", str(tmp_path / "no" / "such" / "dir.csv"))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "cannot write" in err


@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_csv_over_the_history_itself_is_refused_and_loses_nothing(suffix, monkeypatch, capsys):
    """``stats --csv history.sqlite3`` (typed in the data folder, or a name completed by
    the shell) would truncate the history it is reading: every answer gone."""
    fill()
    history = database_path()
    monkeypatch.chdir(history.parent)
    code, out = run("--csv", history.name + suffix)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{history.name + suffix} is your history" in err
    code, out = run("--json")
    assert code == 0 and json.loads(out)["summary"]["answered"] == 14


def test_json_and_csv_together_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit:
        run("--json", "--csv")
    assert exit.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_damaged_history_is_set_aside_and_stats_carry_on(capsys):
    path = database_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(os.urandom(4096))
    code, out = run()
    err = capsys.readouterr().err
    assert code == 0 and out == stats.EMPTY + "\n"
    assert err.startswith("Your history file was damaged") and err.count("\n") == 1
    assert any(".damaged-" in p.name for p in path.parent.iterdir())


def test_a_newer_history_is_one_line_and_exit_2(capsys):
    path = database_path()
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 8")
    conn.close()
    code, _ = run()
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("crib-trainer stats: error: Your history file was written by a newer")


def test_stats_read_while_another_trainer_is_writing():
    fill()
    holder = sqlite3.connect(database_path(), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        code, out = run("--json")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 0 and json.loads(out)["summary"]["answered"] == 14


def test_the_command_runs_without_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(tmp_path / "folder-is-a-file"))
    (tmp_path / "folder-is-a-file").write_text("")
    proc = run_cli("stats")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "change",
    [
        "answered_at = '9999-12-31T23:59:59.000000+00:00'",
        "answered_at = '0001-01-01T00:00:00.000000+00:00'",
        "seconds = 'slow'",
        "answer = x'ff00'",
    ],
    ids=["the-last-day", "the-first-day", "seconds-as-text", "answer-as-bytes"],
)
@pytest.mark.parametrize("hours", [-12, 0, 14], ids=["utc-12", "utc", "utc+14"])
def test_a_row_changed_outside_the_trainer_is_no_traceback(change, hours, monkeypatch, capsys):
    """A history edited in another program (a database browser) reads as far as it can:
    a time at the calendar's ends, a number stored as text, text stored as bytes."""
    fill()
    with sqlite3.connect(database_path()) as conn:
        conn.execute(f"UPDATE attempts SET {change} WHERE id = 3")
    monkeypatch.setattr(stats, "_now", lambda: NOW.astimezone(timezone(timedelta(hours=hours))))
    code, out = run("--json")
    assert code == 0 and json.loads(out)["summary"]["answered"] >= 13
    assert run()[0] == 0
    code, out = run("--csv")
    assert code == 0 and len(list(csv.reader(io.StringIO(out)))) >= 14
    assert "Traceback" not in capsys.readouterr().err


def test_an_answer_from_a_clock_set_years_ahead_does_not_stretch_the_last_seven_days():
    """A machine whose clock ran ahead (or a row edited outside) once stored an answer in
    2400: the days shown are still the last seven, not every day until then."""
    fill()
    with sqlite3.connect(database_path()) as conn:
        conn.execute("UPDATE attempts SET answered_at = '2400-01-01T00:00:00.000000+00:00' "
                     "WHERE id = 3")  # fmt: skip
    code, out = run("--json")
    days = json.loads(out)["days"]
    assert code == 0 and len(days) == 7 and days[-1]["date"] == "2025-03-10"
    code, out = run()
    assert code == 0 and len(out.splitlines()) < 40


def test_the_practice_games_are_counted_by_opponent_with_the_rating():
    from crib_trainer.training.game.gamerecord import GameOutcome, ratings
    from tests.storage.support import keep_outcome

    outcomes = [
        GameOutcome(NOW, "six-card", "expert", True, "skunk", 121, 85, {"play": 2.0}),
        GameOutcome(NOW, "five-card", "good", False, "single", 50, 61, {"count": 3.0}),
        GameOutcome(NOW, "six-card", "expert", False, "single", 110, 121, {"discard": 1.0}),
    ]
    with open_store() as store:
        for o in outcomes:
            keep_outcome(store, o)
    code, out = run("--json")
    games = json.loads(out)["games"]
    assert code == 0
    assert (games["played"], games["won"]) == (3, 1)
    assert games["by_opponent"] == {
        "expert": {"played": 2, "won": 1},
        "good": {"played": 1, "won": 0},
    }
    assert games["skunks"] == {"given": 1, "taken": 0}
    assert games["rating"] == round(ratings(outcomes)[-1])
    code, text = run()  # no answers, only games: the games in words
    assert code == 0 and "Practice games: 3 played, 1 won (33%)" in text
    assert "expert" in text and "Points given up per game" in text

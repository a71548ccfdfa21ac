"""``crib-trainer coach``: the habits behind the mistakes, from answers and kept games."""

from __future__ import annotations

import io
import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from crib_trainer.analysis.selfplay import play_game
from crib_trainer.cli import coach as coach_cli
from crib_trainer.cli import main
from crib_trainer.core.gamelog import replay_log
from crib_trainer.storage.db import open_store
from crib_trainer.storage.games import save_game
from crib_trainer.storage.paths import data_dir, database_path
from crib_trainer.training.game.game_analysis import record_log
from crib_trainer.training.learning.session import Session
from crib_trainer.training.learning.simulate import MISTAKES

NOW = datetime(2026, 3, 10, 18, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_clock(monkeypatch):
    monkeypatch.setattr(coach_cli, "_now", lambda: NOW)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["coach", *argv], out=out)
    return code, out.getvalue()


def learner_answers(mistake: str, n: int) -> list[int]:
    """``n`` answers of a scripted learner making ``mistake`` recorded in the history;
    the ids of those that showed it."""
    planted = MISTAKES[mistake]
    clock = [NOW - timedelta(hours=2)]
    with open_store() as store:
        s = Session(store, rng=random.Random(3), clock=lambda: clock[0])
        for _ in range(n):
            q = s.next_question({planted.kind})
            s.answer(q, **planted.answer(q, True), seconds=5.0)
            clock[0] += timedelta(seconds=30)
        history = s.history
    from crib_trainer.training.learning.habits import sightings

    return [a.id for a in history if any(x.habit == mistake and x.shown == 1 for x in sightings(a))]


def test_a_habit_named_with_its_evidence_cost_and_what_to_practise():
    shown = learner_answers("throws-five-to-dealer", 30)
    code, out = run("--json")
    data = json.loads(out)
    assert code == 0 and data["answers"] == 30 and data["games"] == 0
    top = data["habits"][0]
    assert top["id"] == "throws-five-to-dealer" and top["state"] == "weak"
    assert top["label"] == "throws a 5 into the dealer's crib"
    assert top["evidence"]["shown"] == len(shown) >= 2
    assert top["evidence"]["answers"] == sorted(shown, reverse=True)[:10]
    assert top["cost"] > 0 and top["trend"] in ("new", "steady", "better", "worse")
    assert data["next"] == {
        "kind": "discard",
        "aimed_at": "throws-five-to-dealer",
        "practise": top["practise"],
    }
    code, text = run()
    assert code == 0 and "As pone you threw a 5 to the dealer in" in text
    assert "points a time" in text and "points a deal" in text and "Practise:" in text


def test_stats_lists_the_habit_among_the_weak_spots():
    learner_answers("throws-five-to-dealer", 30)
    from crib_trainer.cli import stats

    out = io.StringIO()
    assert main(["stats", "--json"], out=out) == 0
    spots = json.loads(out.getvalue())["weak_spots"]
    habit = next(s for s in spots if s["category"] == "throws-five-to-dealer")
    assert habit["habit"] is True and habit["certain"] and habit["state"] == "weak"
    assert stats  # (the stats command read the same history)


def test_the_coach_reads_the_scorekeepers_games_and_keeps_their_analyses():
    record = play_game("beginner", "expert", seed=4)  # (Ann, the beginner, leads a 5 once)
    games = []
    for names in (("Ann", "Bob"), ("Ann", "Dee")):  # (the same game against two others)
        game = replay_log(io.StringIO(record_log(record, names))).game
        assert game.state().winner is not None
        games.append(game)
    with open_store() as store:
        for game in games:
            save_game(store, game, None, now=NOW - timedelta(days=1))
    code, out = run("--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 2 and data["not_analysed"] == 2
    folder = data_dir() / "analyses"
    assert not folder.exists()  # (only the shows: quick)
    code, out = run("--json", "--analyse")
    data = json.loads(out)
    assert data["not_analysed"] == 0 and len(list(folder.glob("*.json"))) == 2
    leads = next(h for h in data["habits"] if h["id"] == "leads-five")
    assert leads["evidence"]["shown"] == 2
    assert sorted(leads["evidence"]["games"]) == ["game 1", "game 2"]
    code, again = run("--json")
    assert json.loads(again)["not_analysed"] == 0 and json.loads(again)["habits"] == data["habits"]


def test_a_history_the_coach_cannot_read_is_one_line_and_exit_2(capsys):
    path = database_path()
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    code, _ = run()
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("crib-trainer coach: error: Your history file was written by a newer")

"""A scorekeeper's game graded decision by decision (`game analyse`), with throw lines."""

from __future__ import annotations

import io
import json

import pytest

from crib_trainer.analysis.selfplay import play_game
from crib_trainer.core.gamelog import GameLogError, replay_log
from crib_trainer.training.game.game_analysis import (
    AnalysisError,
    GameAnalysis,
    analyse_game,
    record_log,
)
from crib_trainer.training.learning.coach import coach
from tests.cli.test_cli import run

SMALL = [
    "game: Ann, Bob",
    "throw bob 5h 5c",
    "throw ann 2c 3c",
    "KD",
    "bob:4S",
    "ann:KS",
    "bob:2S",
    "ann:QS",
    "bob:AS",
    "ann:3D",
    "go",
    "bob:9H",
    "ann:JS",
    "4S 2S AS 9H 4",
    "KS QS JS 3D 8",
    "5H 5C 2C 3C 8",
]


def test_a_throw_line_is_read_checked_and_kept_apart_from_the_score():
    replay = replay_log(SMALL)
    assert [(t.line, t.deal, t.player, [c.code for c in t.cards]) for t in replay.throws] == [
        (2, 1, 1, ["5H", "5C"]),
        (3, 1, 0, ["2C", "3C"]),
    ]
    plain = replay_log([line for line in SMALL if not line.startswith("throw")])
    assert plain.game == replay.game  # (not an entry of the score)
    assert replay.entries[0].events[0].text == "Bob threw 5♥ 5♣ to the crib"
    bad = {
        "throw bob 5h": "a throw is 2 different cards",
        "throw cy 5h 5c": "no player 'cy'",
        "throw bob 5h 5h": "duplicate card",
        "throw bob": "names the player and the cards",
        "throw ann 5h 6c": "line 2 has a throw of this deal already",
        "throw bob 6h 6c": "line 2 has a throw of this deal already",
    }
    for line, message in bad.items():
        with pytest.raises(GameLogError, match=message):
            replay_log([SMALL[0], SMALL[1], line])
    with pytest.raises(GameLogError, match="is the starter"):
        replay_log([SMALL[0], "KD", "throw bob kd 5c"])
    with pytest.raises(GameLogError, match="before the deal's shows"):
        replay_log([*SMALL[:14], "throw bob 6h 6c"])
    with pytest.raises(GameLogError, match="two-player games only"):
        replay_log(["game: Ann, Bob, Cy; variant three-player", "throw bob 5h"])


def test_a_throw_that_does_not_fit_the_shows_is_one_line_naming_it():
    lines = list(SMALL)
    lines[1] = "throw bob 6h 5c"
    replay = replay_log(lines)
    with pytest.raises(AnalysisError, match="Bob's throw is not in the crib shown") as err:
        analyse_game(replay.game, replay.throws)
    assert err.value.line == 2


def test_every_decision_of_a_small_game():
    replay = replay_log(SMALL)
    a = analyse_game(replay.game, replay.throws)
    assert a.graded(0) == {"discard": 1, "play": 2, "count": 2}
    assert a.graded(1) == {"discard": 1, "play": 2, "count": 1}  # (the crib is Ann's)
    assert a.lost(0)["count"] == 2.0 and a.lost(1)["count"] == 0.0
    lead, second = [
        g.grade.attempt for g in a.grades if g.player == 1 and g.grade.decision == "play"
    ]
    assert lead.question["played"] == [] and lead.answer == {"card": "4S"}  # (what he saw)
    assert second.question["played"] == ["A:4S", "B:KS"]
    assert sorted(second.question["hand"]) == ["2S", "9H", "AS"]
    assert a.biggest(1)[0].grade.points_lost == max(g.grade.points_lost for g in a.grades)
    assert a.lost(1)["total"] == pytest.approx(
        sum(a.lost(1)[k] for k in ("discard", "play", "count"))
    )
    kept = json.loads(json.dumps(a.to_cache()))  # (as the history keeps it)
    assert GameAnalysis.from_cache(kept) == a
    assert GameAnalysis.from_cache(kept, player="Bob").grades == tuple(
        g for g in a.grades if g.player == 1
    )


def test_a_whole_game_and_what_the_coach_reads_of_it():
    record = play_game("beginner", "expert", seed=4)
    replay = replay_log(io.StringIO(record_log(record, misses=(3,))))
    a = analyse_game(replay.game, replay.throws)
    assert a.deals == len(record.deals) and a.graded(0)["discard"] >= 7
    assert any(g.grade.points_lost > 0.5 for g in a.grades if g.player == 0)  # (a beginner)
    assert a.lost(1)["discard"] < 0.05  # (the expert throws as the judge's best)
    assert all(g.grade.attempt.id is None for g in a.grades)
    report = coach([], now=a.grades[-1].grade.attempt.answered_at, games=[a.decisions(0, "g1")])
    assert report.games == 1 and report.answers == 0
    for h in report.habits:
        assert h.games == ("g1",)


def test_game_analyse_text_json_and_errors(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text("\n".join(SMALL) + "\n", encoding="utf-8")
    code, out = run("game", "analyse", str(path))
    assert code == 0 and "Points lost" in out and "The biggest mistakes:" in out
    assert "Bob: 1 throw, 2 cards with a choice, 1 show graded." in out
    code, out = run("game", "analyse", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"game", "players", "decisions", "biggest", "deals", "notes"}
    assert data["players"]["Ann"]["lost"]["count"] == 2.0
    first = data["decisions"][0]
    assert {"player", "decision", "deal", "points_lost", "unit", "text", "attempt"} <= set(first)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([*SMALL[:2], "throw bob 5h"]) + "\n", encoding="utf-8")
    code, _ = run("game", "analyse", str(bad))
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "line 3: a throw is 2" in err
    code, _ = run("game", "analyse", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read game log" in capsys.readouterr().err

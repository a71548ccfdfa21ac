"""Saved games read back as text from outside: bounded (depth, size, items), every string
through the one filter, and a save that does not read set aside, whole, with one line
naming it and where it is kept (an outside audit crashed, hung or fooled the trainer with
each of these rows)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest

from crib_trainer.core.game import Cut, Game, GameConfig
from crib_trainer.storage.db import open_store
from crib_trainer.storage.practice_games import save_practice
from crib_trainer.storage.records import Records
from crib_trainer.storage.saves import MAX_CHARS, SaveError, read_json
from crib_trainer.training.game.practice import Practice, PracticeSettings
from tests.conftest import card

T0 = datetime(2026, 11, 22, 12, tzinfo=UTC)


def practice_json() -> dict:
    return Practice.new(PracticeSettings(strength="beginner"), seed=4).advance().to_json()


def put_practice(path, text: str | bytes) -> int:
    """A practice game row holding ``text``, as another program could leave it."""
    with open_store(path) as store, store.write() as conn:
        cursor = conn.execute(
            "INSERT INTO practice_games (started_at, updated_at, finished, game) "
            "VALUES (?, ?, 0, ?)",
            (T0.isoformat(), T0.isoformat(), text),
        )
        return int(cursor.lastrowid or 0)


def rows_in_file(path) -> int:
    with open_store(path) as store:
        return store.read("SELECT count(*) FROM practice_games")[0][0]


def with_log(lines: list[str]) -> str:
    data = practice_json()
    data["log"] = lines
    return json.dumps(data)


def with_name(name: str) -> str:
    data = practice_json()
    data["game"]["names"] = ["You", name]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper than 32 levels"),
        ('{"log": ["' + "x" * (MAX_CHARS + 10) + '"]}', "over 1,000,000 characters"),
        (with_log(["a line"] * 300_000), "over 1,000,000 characters"),
        (with_log(["a line"] * 2_001), "a list of over 2,000 items"),
        (with_name("Bob["), "a seat's name the trainer never gives: 'Bob['"),
        (with_name("Bob\x1b]0;pwned\x07"), "a seat's name the trainer never gives"),
        (b"\xff\xfe not text", "not UTF-8 text (byte 1)"),
        ("{not json", "not JSON"),
        ('{"version": 1}', "not a practice game this version reads"),
    ],
    ids=["deep", "huge", "huge-log", "long-log", "markup", "escapes", "bytes", "json", "keys"],
)
def test_a_save_that_does_not_read_is_set_aside_whole_with_one_line(tmp_path, text, reason):
    path = tmp_path / "h.sqlite3"
    with open_store(path) as store:
        good = save_practice(store, Practice.new(PracticeSettings(), seed=1), None, now=T0)
    bad = put_practice(path, text)
    kept = Records.open(path)
    started = time.monotonic()
    assert kept.unfinished_practice()[0] == good  # (the bad one is newer: passed over)
    assert time.monotonic() - started < 3.0  # (bounded: the 300,000-line log hung 6 minutes)
    [note] = kept.notes
    copy = tmp_path / "set-aside" / f"practice-games-{bad}-20261122120000.json"
    assert note.startswith(f"The practice game saved 22 Nov 12:00 could not be read ({reason}")
    assert note.endswith(f"; it was set aside as {copy}.") and "\n" not in note
    expected = text if isinstance(text, bytes) else text.encode()
    assert copy.read_bytes() == expected  # kept whole, byte for byte
    kept.unfinished_practice()
    assert len(kept.notes) == 1  # (said once)
    assert not kept.close()
    assert rows_in_file(path) == 1  # the row is gone from the history, the copy stays


def test_escape_codes_in_a_saved_log_are_shown_as_text():
    text = with_log(["Bob leads 5♥.\x1b]0;pwned\x07", "Ann \u202egnikcab", "plain"])
    log = read_json(text)["log"]
    assert log == ["Bob leads 5♥.\\u001b]0;pwned\\u0007", "Ann \\u202egnikcab", "plain"]


def test_a_scorekeeper_game_with_escapes_in_a_name_reads_with_them_shown():
    from crib_trainer.storage.games import read_game

    game = Game.new(GameConfig(names=("Ann\x1b[2J", "Bob\u202e"))).add(Cut(card("5D")))
    read = read_game(json.dumps(game.to_json()))
    assert read.config.names == ("Ann\\u001b[2J", "Bob\\u202e")
    assert read.state().scores == [0, 0]


def test_a_set_aside_that_cannot_be_written_leaves_the_row_and_says_so(tmp_path):
    path = tmp_path / "h.sqlite3"
    bad = put_practice(path, "[" * 50)
    (tmp_path / "set-aside").write_text("a file, not a folder")
    kept = Records.open(path)
    assert kept.unfinished_practice() is None
    [note] = kept.notes
    assert "could not be set aside" in note and "stays in your history file" in note
    assert not kept.close()
    assert rows_in_file(path) == 1 and bad == 1


def test_read_json_refuses_what_is_not_text():
    with pytest.raises(SaveError, match="not text but int"):
        read_json(12)
    with pytest.raises(SaveError, match="a text of over 5,000 characters"):
        read_json(json.dumps(["x" * 5_001]))


def test_an_answer_or_a_kept_model_nested_too_deep_is_refused_not_a_crash(tmp_path):
    """Every JSON read back from the history is bounded before it is parsed: a question
    100,000 levels deep is kept as unreadable text, a kept learner model as deep is
    refolded (json.loads alone raised RecursionError, which nothing caught)."""
    import random

    from crib_trainer.storage import learner_cache
    from crib_trainer.training.drills.hands import count_drill
    from crib_trainer.training.grading.answers import count_attempt

    deep = "[" * 100_000 + "]" * 100_000
    drill = count_drill(random.Random(1), crib=False)
    with open_store(tmp_path / "h.sqlite3") as store:
        store.save_attempt(count_attempt(drill, total=3, seconds=2.0, answered_at=T0))
        with store.write() as conn:
            conn.execute("UPDATE attempts SET question = ?", (deep,))
            conn.execute(
                "INSERT INTO learner_snapshot (id, through_id, rows, id_sum, last_at, model, "
                "state) VALUES (1, 1, 1, 1, ?, ?, ?)",
                (T0.isoformat(), learner_cache.MODEL, deep),
            )
        [answer] = store.load_attempts()
        assert answer.question == {"unreadable": deep}
        assert learner_cache.restore(store) is None

"""Saved games changed outside the trainer, opened as a person would (Pilot): each case
an outside audit found (100,000-deep nesting crashed the start with a RecursionError; a
lone '[' in a name crashed Home with a MarkupError; escape codes in a log or a name
reached the terminal raw; a 300,000-line log hung the practice screen for minutes at
1.3 GB; a save that did not read vanished from Home without a word). Now a save that does
not read is set aside with one line on Home saying which and where; every text read back
is shown as text."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest
from textual.widgets import RichLog, Static

from crib_trainer.core.game import Cut, Game, GameConfig
from crib_trainer.storage.db import open_store
from crib_trainer.storage.games import save_game
from crib_trainer.storage.paths import data_dir
from crib_trainer.training.game.practice import Practice, PracticeSettings
from crib_trainer.ui.screens.practice import PracticeScreen
from crib_trainer.ui.screens.scorekeeper import ScorekeeperScreen
from tests.conftest import card
from tests.ui.conftest import make_app

SIZE = (80, 24)
T0 = datetime(2026, 11, 21, 18, 5, tzinfo=UTC)
ESCAPES = "\x1b]0;pwned\x07\x1b[2J\u202e"


def practice_row(text: str) -> int:
    with open_store() as store, store.write() as conn:
        cursor = conn.execute(
            "INSERT INTO practice_games (started_at, updated_at, finished, game) "
            "VALUES (?, ?, 0, ?)",
            (T0.isoformat(), T0.isoformat(), text),
        )
        return int(cursor.lastrowid or 0)


def a_practice(**changes) -> str:
    data = Practice.new(PracticeSettings(strength="beginner"), seed=4).advance().to_json()
    for key, value in changes.items():
        if key == "names":
            data["game"]["names"] = value
        else:
            data[key] = value
    return json.dumps(data)


def today(app) -> str:
    return str(app.screen.query_one("#today", Static).render())


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper than 32 levels"),
        (a_practice(names=["You", "Bob["]), "a seat's name the trainer never gives"),
        (a_practice(names=["You", f"Bob{ESCAPES}"]), "a seat's name the trainer never gives"),
        (a_practice(log=["a line of the play"] * 300_000), "over 1,000,000 characters"),
    ],
    ids=["deep", "markup", "escapes", "huge"],
)
async def test_a_damaged_practice_save_is_set_aside_with_one_line_on_home(text, reason):
    game_id = practice_row(text)
    app = make_app()
    started = time.monotonic()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = today(app)
        assert time.monotonic() - started < 5.0
        copy = data_dir() / "set-aside" / f"practice-games-{game_id}-20261121180500.json"
        line = " ".join(home.split())  # (as the pane wraps it)
        assert f"The practice game saved 21 Nov 18:05 could not be read ({reason}" in line
        assert f"it was set aside as {copy}" in line and copy.read_text() == text
        assert "A practice game in progress" not in home and "\x1b" not in home
        await pilot.press("0")  # a new game is offered: the damaged one is not resumed
        await pilot.pause()
        assert type(app.screen).__name__ == "NewPracticeScreen"
    with open_store() as store:
        assert store.read("SELECT count(*) FROM practice_games")[0][0] == 0


async def test_escape_codes_in_a_saved_log_are_shown_as_text_in_the_game():
    practice_row(a_practice(log=[f"Bob leads.{ESCAPES}", "[b]not markup[/b] ["]))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "A practice game in progress" in today(app)
        await pilot.press("0")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        log = "\n".join(line.text for line in screen.query_one("#practice-log", RichLog).lines)
        assert "Bob leads.\\u001b]0;pwned\\u0007\\u001b[2J\\u202e" in log
        assert "[b]not markup[/b] [" in log
        assert not any(ch in log for ch in "\x1b\x07\u202e")


async def test_a_scorekeeper_game_with_markup_and_escapes_in_its_names_shows_them_as_text():
    game = Game.new(GameConfig(names=("Ann[", f"Bob{ESCAPES}"))).add(Cut(card("JH")))
    with open_store() as store:
        save_game(store, game, None, now=T0)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = today(app)
        assert "Ann[ 2, Bob\\u001b]0;pwned\\u0007\\u001b[2J\\u202e 0" in home
        await pilot.press("9")
        await pilot.pause()
        assert isinstance(app.screen, ScorekeeperScreen)
        shown = app.screen.query_one("#game-log", RichLog).lines
        assert not any("\x1b" in line.text or "\u202e" in line.text for line in shown)

"""Saved games go to the history file behind the screen, as answers do (storage.writer):
with another program holding the history's write lock (a second connection, for real),
every move of the practice game and every line of the scorekeeper is answered at once,
the header says the game is waiting, and it is written once the lock goes; quitting with
the lock held ends within 2 s and says what was lost. (Before, each move froze the screen
up to the 5 s busy wait, and quitting waited 24.5 s for the lock.)"""

from __future__ import annotations

import random
import sqlite3
import time

from textual.widgets import Input

from crib_trainer.core.game import Pegged
from crib_trainer.storage.db import open_store
from crib_trainer.storage.games import save_game, unfinished_game
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.practice_games import unfinished_practice
from crib_trainer.storage.writer import Unkept
from crib_trainer.ui.app import CribTrainerApp
from crib_trainer.ui.screens.scorekeeper import ScorekeeperScreen
from tests.ui.conftest import FROZEN_NOW, SteppingClock, until
from tests.ui.test_practice_flow import decide, start
from tests.ui.test_scorekeeper_flow import new_game, say

SIZE = (80, 24)


def locked_app() -> CribTrainerApp:
    """The trainer waiting up to 10 s for another program's lock, as people run it (5 s)."""
    return CribTrainerApp(
        seed=3, now=lambda: FROZEN_NOW, ticks=SteppingClock(), steady_cursor=True,
        busy_timeout_s=10.0,
    )  # fmt: skip


def hold_lock() -> sqlite3.Connection:
    """Another program's write transaction on the history, held until rolled back."""
    other = sqlite3.connect(database_path(), timeout=0.1, check_same_thread=False)
    other.isolation_level = None
    other.execute("BEGIN IMMEDIATE")
    return other


def saved_practice():
    with open_store() as store:
        return unfinished_practice(store)


def saved_game():
    with open_store() as store:
        return unfinished_game(store)


async def test_the_practice_game_moves_at_once_while_the_history_is_locked():
    app = locked_app()
    rng = random.Random(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        await until(pilot, lambda: app.records.waiting_games == 0)
        other = hold_lock()
        try:
            for _ in range(3):  # the throw, then cards: each answered while the lock stays
                before = screen.practice
                started = time.monotonic()
                await decide(pilot, screen, rng)
                assert screen.practice != before and time.monotonic() - started < 3.0
                assert app.records.waiting_games == 1  # (not in the file: it is locked)
            await until(
                pilot,
                lambda: (
                    "the game being written" in str(app.screen.query_one("HeaderTitle").render())
                ),
            )
            assert saved_practice()[1] != screen.practice
        finally:
            other.rollback()
            other.close()
        await until(pilot, lambda: app.records.waiting_games == 0)
        assert saved_practice() == (screen.game_id, screen.practice)
        await until(
            pilot, lambda: "being written" not in str(app.screen.query_one("HeaderTitle").render())
        )
    assert not app.unkept


async def test_the_scorekeeper_records_lines_at_once_while_the_history_is_locked():
    app = locked_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await until(pilot, lambda: app.records.waiting_games == 0)
        other = hold_lock()
        try:
            started = time.monotonic()
            await say(pilot, "5D", "ann 3", "bob 2")
            assert screen.game.state().scores == [3, 2] and time.monotonic() - started < 3.0
            assert screen.query_one("#entry", Input).value == ""  # each line taken
            assert saved_game()[1].entries == ()  # (the file is locked)
            await pilot.press("escape")  # home, and back: the game as entered, from the copy
            await pilot.pause()
            assert "Ann 3, Bob 2" in str(app.screen.query_one("#today").render())
            await pilot.press("9")
            await pilot.pause()
            assert app.screen.game.state().scores == [3, 2]
        finally:
            other.rollback()
            other.close()
        await until(pilot, lambda: app.records.waiting_games == 0)
        assert saved_game()[1].state().scores == [3, 2]


async def test_quitting_with_the_lock_held_ends_within_2_s_and_says_the_game_was_lost():
    app = locked_app()
    rng = random.Random(4)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, strength="beginner")
        await until(pilot, lambda: app.records.waiting_games == 0)
        other = hold_lock()
        await decide(pilot, screen, rng)  # the throw: graded as an answer, and the game
        started = time.monotonic()
    quitting_s = time.monotonic() - started
    other.rollback()
    other.close()
    assert quitting_s < 2.0 and app.unkept.games == 1
    assert app.unkept == Unkept(answers=app.unkept.answers, games=1)


async def test_a_game_changed_in_another_window_is_reloaded_not_overwritten(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await say(pilot, "5D")
        await until(pilot, lambda: app.records.waiting_games == 0)
        theirs = screen.game.add(Pegged(1, 2))  # another trainer on the same history
        with open_store() as store:
            save_game(store, theirs, screen.game_id, now=app.now())
        await say(pilot, "ann 3")
        await until(pilot, lambda: screen.game == theirs)
        assert screen.game == theirs  # reloaded, with their entry; mine not taken
        told = [n.message for n in pilot.app._notifications]
        assert any("another window" in m and "(ann 3) was not recorded" in m for m in told)
        assert saved_game() == (screen.game_id, theirs)
        await say(pilot, "ann 3")  # entered again, on their game
        assert screen.game.state().scores == [3, 2]
        await until(pilot, lambda: app.records.waiting_games == 0)
        assert saved_game()[1].state().scores == [3, 2]
        assert isinstance(app.screen, ScorekeeperScreen)

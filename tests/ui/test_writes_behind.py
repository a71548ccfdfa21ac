"""Answers are written behind the screen (storage.writer): another program's lock never
freezes the trainer, an answer waiting for the file is shown as such and then kept, one
the file refuses still counts everywhere, and quitting writes what waits (or says not)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from textual.widgets import Static

from crib_trainer.storage.db import Store, open_store
from crib_trainer.storage.paths import database_path
from crib_trainer.storage.progress import count_attempts
from crib_trainer.storage.writer import Unkept
from crib_trainer.ui.app import CribTrainerApp
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.help import HelpScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from tests.ui.conftest import FROZEN_NOW, SteppingClock, seed_history

SIZE = (80, 24)


def make_app(busy_timeout_s: float) -> CribTrainerApp:
    return CribTrainerApp(
        seed=3,
        now=lambda: FROZEN_NOW,
        ticks=SteppingClock(),
        steady_cursor=True,
        busy_timeout_s=busy_timeout_s,
    )


def stored_answers() -> int:
    with open_store() as store:
        return count_attempts(store)


def hold_lock() -> sqlite3.Connection:
    """Another program's write transaction on the history, held until rolled back."""
    other = sqlite3.connect(database_path(), timeout=0.1, check_same_thread=False)
    other.isolation_level = None
    other.execute("BEGIN IMMEDIATE")
    return other


async def answer_a_count(pilot) -> CountScreen:
    await pilot.press("1")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CountScreen)
    await pilot.press(*str(screen.breakdown.total), "enter")
    await pilot.pause()
    assert "Right" in str(screen.query_one("#verdict", Static).render())  # at once
    return screen


async def until(pilot, done, limit_s: float = 5.0) -> None:
    for _ in range(int(limit_s / 0.02)):
        if done():
            break
        await pilot.pause(0.02)
    await pilot.pause()
    assert done()


async def test_a_lock_leaves_the_screen_live_and_the_answer_pending_then_kept():
    seed_history(days=3)
    before = stored_answers()
    app = make_app(busy_timeout_s=10.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        other = hold_lock()
        try:
            await answer_a_count(pilot)
            assert app.records.writer is not None and app.records.writer.waiting == 1
            await pilot.press("f1")  # handled while the write waits for the lock
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await until(pilot, lambda: "1 answer being written" in app.sub_title)
            assert stored_answers() == before
        finally:
            other.rollback()
            other.close()
        await until(pilot, lambda: app.records.writer.waiting == 0)
        await until(pilot, lambda: app.sub_title == CribTrainerApp.SUB_TITLE)
        assert stored_answers() == before + 1
    assert not app.unkept


async def test_an_answer_the_file_refuses_shows_on_home_and_progress_then_is_kept():
    seed_history(days=3)
    before = stored_answers()
    app = make_app(busy_timeout_s=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.records.writer.retry_s = 0.05
        other = hold_lock()
        try:
            await answer_a_count(pilot)
            await until(pilot, lambda: app.records.writer.error is not None)
            refused = "1 answer unsaved: the file refuses; retrying"
            await until(pilot, lambda: refused in app.sub_title)
            told = [n.message for n in app._notifications]
            assert any("stayed locked" in m and "tried again" in m for m in told)
            await pilot.press("escape")
            await pilot.pause()
            home = str(app.screen.query_one("#today", Static).render())
            assert "1 answered today" in home and f"{before + 1} in all" in home
            await pilot.press("8")
            await pilot.pause()
            assert isinstance(app.screen, ProgressScreen)
            note = str(app.screen.query_one("#progress-note", Static).render())
            assert f"{before + 1} answers in all" in note
            assert stored_answers() == before
        finally:
            other.rollback()
            other.close()
        await until(pilot, lambda: app.records.writer.waiting == 0)  # retried: the lock is gone
        told = [n.message for n in app._notifications]
        assert any("all is kept" in m for m in told)
        assert stored_answers() == before + 1


async def test_a_read_only_file_refuses_the_answer_and_it_still_counts():
    seed_history(days=3)
    before = stored_answers()
    app = make_app(busy_timeout_s=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        path = database_path()
        read_only = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=ro",
            uri=True,
            isolation_level=None,
            check_same_thread=False,
        )
        app.records.writer.file = Store(path, read_only, 0.05, None)  # (root may write a 0444 file)
        await answer_a_count(pilot)
        await until(pilot, lambda: app.records.writer.error is not None)
        assert "readonly" in str(app.records.writer.error).replace("-", "").replace(" ", "")
        await pilot.press("escape")
        await pilot.pause()
        home = str(app.screen.query_one("#today", Static).render())
        assert f"{before + 1} in all" in home
        await pilot.press("8")
        await pilot.pause()
        note = str(app.screen.query_one("#progress-note", Static).render())
        assert f"{before + 1} answers in all" in note
        assert len(app.session.history) == before + 1  # the session model has it too
    read_only.close()
    assert (
        app.unkept == Unkept(answers=1) and stored_answers() == before
    )  # said on quit, never written


async def test_quitting_while_a_write_waits_still_writes_it():
    seed_history(days=2)
    before = stored_answers()
    app = make_app(busy_timeout_s=10.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        other = hold_lock()
        await answer_a_count(pilot)
        assert app.records.writer.waiting == 1
        threading.Timer(0.2, other.rollback).start()  # released while the trainer quits
    other.close()
    assert not app.unkept and stored_answers() == before + 1


async def test_quitting_while_the_lock_stays_ends_soon_and_says_the_answer_was_not_kept():
    """With the file locked for good (and the store waiting 10 s for a lock), quitting
    tries for the writer's CLOSE_WAIT_S, not the busy timeout per answer: it ends within
    2 s (it took 24.5 s when each try waited the busy timeout)."""
    seed_history(days=2)
    before = stored_answers()
    app = make_app(busy_timeout_s=10.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        other = hold_lock()
        await answer_a_count(pilot)
        await answer_a_count_again(pilot)
        started = time.monotonic()
    quitting_s = time.monotonic() - started
    other.rollback()
    other.close()
    assert app.unkept == Unkept(answers=2) and stored_answers() == before
    assert quitting_s < 2.0


async def answer_a_count_again(pilot) -> None:
    await pilot.press("n")  # the next hand
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CountScreen)
    await pilot.press(*str(screen.breakdown.total), "enter")
    await pilot.pause()


@pytest.mark.parametrize(
    ("unkept", "words"),
    [(Unkept(2, 0), "2 answers of this session"), (Unkept(1, 1), "1 answer and 1 game's")],
)
def test_the_command_says_on_stderr_what_was_lost_and_exits_1(monkeypatch, capsys, unkept, words):
    import crib_trainer.ui.app as app_module

    class Quits(CribTrainerApp):
        def run(self, *args, **kwargs):  # (as if the file refused them to the end)
            self.unkept = unkept

    monkeypatch.setattr(app_module, "CribTrainerApp", Quits)
    assert app_module.run() == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "lost" in err


def test_the_command_exits_0_when_everything_was_kept(monkeypatch, capsys):
    import crib_trainer.ui.app as app_module

    class Quits(CribTrainerApp):
        def run(self, *args, **kwargs):
            self.unkept = Unkept()

    monkeypatch.setattr(app_module, "CribTrainerApp", Quits)
    assert app_module.run() == 0 and capsys.readouterr().err == ""

"""Helpers for driving the trainer as a person would: fixed seed, frozen clocks."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from crib_trainer.analysis.pegging import read_situation
from crib_trainer.ui.app import CribTrainerApp

FROZEN_NOW = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)


class SteppingClock:
    """A monotonic clock that moves 2.5 s each time it is read."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        self.t += 2.5
        return self.t


def make_app(seed: int = 7) -> CribTrainerApp:
    return CribTrainerApp(
        seed=seed, now=lambda: FROZEN_NOW, ticks=SteppingClock(), steady_cursor=True
    )


@pytest.fixture(autouse=True)
def _prompt_idle_checks(monkeypatch):
    """Pilot waits after each key for the app to go idle: it sleeps in steps until a step
    passes with almost no work done (``textual._wait``). Its steps of 20 ms were most of
    the UI tests' time. Steps of 1 ms, idle when under a tenth of a step is busy (0.1 ms),
    wait for the same thing sooner: each wait ends with one idle step, one per key
    (:func:`_one_idle_wait_per_key`). (A stricter 0.05 ms mistook the app's background
    timers for work and waited longer.)
    What a test checks still waits on Pilot's message-queue sync."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.001)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.0001)
    # Its least wait where none is given, a default fixed at 20 ms when Textual loaded,
    # one step too: the snapshots' two waits for animations each waited 20 ms.
    wait = textual._wait.wait_for_idle
    if wait.__defaults__ is not None and len(wait.__defaults__) == 2:
        monkeypatch.setattr(wait, "__defaults__", (0.001, wait.__defaults__[1]))
    _one_idle_wait_per_key(monkeypatch)


def _one_idle_wait_per_key(monkeypatch) -> None:
    """Pilot sends a key, waits for idle, waits for animations, then waits for idle again
    (``App._press_keys``, the only user of the waits patched here, two a key). With no
    animation running (most keys start none), the second wait found what the first had
    just found, one more step on: half the keys' waiting. So the second is skipped when
    the process (every thread) has done no work since the first ended, under a tenth of
    a step, the idle check's own bar; else (an animated scroll, a worker) it waits as
    before."""
    import textual.app
    from textual._wait import wait_for_idle

    if getattr(textual.app, "wait_for_idle", None) is not wait_for_idle:
        return  # (a Textual whose keys wait otherwise: left as it is)
    first_ended: list[float | None] = [None]  # the CPU clock when a key's first wait ended

    async def second_wait_only_if_busy(min_sleep: float = 0.001, max_sleep: float = 1) -> None:
        if first_ended[0] is None:  # a key's first wait
            await wait_for_idle(min_sleep, max_sleep)
            first_ended[0] = time.process_time()
            return
        since, first_ended[0] = first_ended[0], None
        if time.process_time() - since >= 0.0001:
            await wait_for_idle(min_sleep, max_sleep)

    monkeypatch.setattr(textual.app, "wait_for_idle", second_wait_only_if_busy)


@pytest.fixture(autouse=True)
def _screen_sync_skips_parked_widgets(monkeypatch):
    """After each key (and at each pause) Pilot waits for the app, the screen and every
    widget on it to work through the messages they hold, by sending each a callback and
    waiting until all have run: about 35 messages a time on a drill's screen, and as many
    idle events after them, where most widgets hold nothing (1.3 ms of the 1.5 a pause
    took). A widget whose message loop is parked on an empty queue has nothing left to
    work through (a refresh it is asked for posts it a message first, so it is not
    parked then), so it is not sent one; the app and the screen, whose idle handlers do
    more, always are. What the wait waits for is unchanged."""
    import asyncio

    from textual._queue import Queue
    from textual.pilot import Pilot, WaitForScreenTimeout
    from textual.widget import Widget

    def parked(pump) -> bool:
        queue = pump._message_queue
        return (
            type(pump)._on_idle is Widget._on_idle
            and pump._pending_message is None
            and queue.empty()
            and any(not waiter.done() for waiter in queue.ready_event._waiters)
        )

    async def wait_for_screen(self: Pilot, timeout: float = 30.0) -> bool:
        try:
            screen = self.app.screen
        except Exception:
            return False
        left = 0
        all_done = asyncio.Event()

        def one_done() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                all_done.set()

        for pump in [self.app, *screen.walk_children(with_self=True)]:
            if not parked(pump) and pump.call_later(one_done):
                left += 1
        if not left:
            return True
        waits = [asyncio.create_task(all_done.wait())]
        waits.append(asyncio.create_task(self.app._exception_event.wait()))
        _, pending = await asyncio.wait(waits, timeout=timeout, return_when="FIRST_COMPLETED")
        for task in pending:
            task.cancel()
        if len(pending) == len(waits):
            raise WaitForScreenTimeout("the screen's widgets did not finish their messages")
        return left == 0

    if hasattr(Pilot, "_wait_for_screen") and hasattr(Queue(), "ready_event"):
        monkeypatch.setattr(Pilot, "_wait_for_screen", wait_for_screen)


@pytest.fixture(autouse=True)
def _frames_drawn_once(monkeypatch):
    """A headless app works out every frame's update and then throws it away (there is no
    terminal to write it to): about a third of the UI tests' time went on frames no one
    sees. The tests read what widgets show, not the frames, so the frames in between are
    not drawn; every widget in view on the screen a test ends on still renders its lines,
    so a widget that cannot draw itself still fails the test (their lines are not then cut
    and joined into the screen's: Textual's work, a tenth of an app's start and close). The
    snapshots draw theirs in full as before."""
    from contextlib import asynccontextmanager

    from textual.app import App
    from textual.screen import Screen

    if not (hasattr(Screen, "_compositor_refresh") and hasattr(App, "_update_mouse_over")):
        return  # (a Textual whose insides differ: every frame drawn, as it would be)
    draw_frame = Screen._compositor_refresh
    run_test = App.run_test

    def skip_frame(screen: Screen) -> None:
        app = screen.app
        if not (app.is_headless and screen is app.screen and not app.is_inline):
            return draw_frame(screen)
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
        app._update_mouse_over(screen)

    @asynccontextmanager
    async def run_and_draw_the_last_screen(app: App, **options):
        async with run_test(app, **options) as pilot:
            yield pilot
            if app.is_running:  # every widget in view renders its lines
                for _ in app.screen._compositor._get_renders():
                    pass

    monkeypatch.setattr(Screen, "_compositor_refresh", skip_frame)
    monkeypatch.setattr(App, "run_test", run_and_draw_the_last_screen)


@pytest.fixture
def app() -> CribTrainerApp:
    return make_app()


def seed_history(days: int = 20, seed: int = 4) -> None:
    """Fill the test's history (under CRIB_TRAINER_HOME) with a few weeks of answers that
    improve over time, ending the day before FROZEN_NOW."""
    import random
    from datetime import timedelta

    from crib_trainer.storage.db import open_store
    from crib_trainer.storage.progress import record_attempt
    from crib_trainer.training.drills.hands import count_drill
    from crib_trainer.training.grading.answers import count_attempt

    rng = random.Random(seed)
    with open_store() as store:
        for day in range(days):
            for _ in range(rng.randint(2, 8)):
                drill = count_drill(rng, crib=rng.random() < 0.3)
                total = drill.breakdown().total
                right = rng.random() < 0.5 + day / (2 * days)
                said = total if right else max(0, total - rng.choice([1, 2, 2, 4]))
                at = FROZEN_NOW - timedelta(days=days - day, minutes=rng.randint(0, 600))
                seconds = max(2.0, rng.uniform(6, 30) - day / 2)
                record_attempt(
                    store, count_attempt(drill, total=said, seconds=seconds, answered_at=at)
                )


@pytest.fixture
def held_analysis(monkeypatch):
    """The pegging drill's analysis held back until the test sets the returned event, so
    an answer can be given while it is still working."""
    import threading

    from crib_trainer.analysis.pegging import analyse
    from crib_trainer.ui.screens import pegging

    ready = threading.Event()

    def slow_analyse(situation):
        ready.wait(timeout=10)
        return analyse(situation)

    monkeypatch.setattr(pegging, "analyse", slow_analyse)
    return ready


async def answer_while_analysing(pilot):
    """Open the pegging drill and play a legal card before the (held) analysis is done."""
    await pilot.press("5")
    while getattr(pilot.app.screen, "drill", None) is None:
        await pilot.pause(0.05)
    screen = pilot.app.screen
    s = screen.drill.situation
    legal = read_situation(s).legal_cards()
    await pilot.press(str(s.hand.index(legal[0]) + 1), "enter")
    return screen, s


async def enter_text(pilot, text: str, *, submit: bool = True, box=None) -> None:
    """Put ``text`` in the focused input as if it had been typed, then press enter (unless
    ``submit`` is False). For tests that are not about typing: a few tests keep typing key
    by key (the judge's validation as you type, the item boxes), and the rest save the
    time of a keystroke per character."""
    from textual.widgets import Input

    if box is not None:  # this input, focused first (as a click or tab would)
        box.focus()
        await pilot.pause()
    box = pilot.app.focused
    assert isinstance(box, Input), f"no input has the focus (it is on {box!r})"
    box.value = text
    box.cursor_position = len(text)
    if submit:
        await pilot.press("enter")
    await pilot.pause()


async def settle(pilot) -> None:
    """Wait for the app's workers (an analysis, a grade) to finish, then for the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def until(pilot, done, *, timeout: float = 5.0) -> None:
    """Pause until ``done()`` holds, for what Textual starts after the next frame and
    spreads over a few (a scroll to the end, animated), which a key's wait for the app to
    go idle can end before. Gives up after ``timeout`` seconds: the test's own assertion
    then fails."""
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        await pilot.pause(0.01)


def shown(screen, selector: str) -> str:
    """The text a ``Static`` on ``screen`` shows."""
    from textual.widgets import Static

    return str(screen.query_one(selector, Static).render())


async def throw(pilot, screen, cards) -> None:
    """Pick ``cards`` of the drill's hand by their number keys and throw them."""
    for card in cards:
        await pilot.press(str(screen.drill.cards.index(card) + 1))
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()

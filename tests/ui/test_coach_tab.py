"""The Progress screen's Coach tab: the habits named with their evidence, enter replays the
latest answer that showed one, and the home screen's g deals the plan it names."""

from __future__ import annotations

import random
from datetime import timedelta

from textual.widgets import DataTable, Static

from crib_trainer.storage.db import open_store
from crib_trainer.training.learning.habits import holds
from crib_trainer.training.learning.session import Session
from crib_trainer.training.learning.simulate import MISTAKES
from crib_trainer.ui.screens.discard import DiscardScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from tests.ui.conftest import FROZEN_NOW

SIZE = (80, 24)


def plant_habit(n: int = 24) -> None:
    """A learner who throws a 5 to the dealer as pone, ``n`` answers in the history."""
    planted = MISTAKES["throws-five-to-dealer"]
    clock = [FROZEN_NOW - timedelta(hours=3)]
    with open_store() as store:
        s = Session(store, rng=random.Random(3), clock=lambda: clock[0])
        for _ in range(n):
            q = s.next_question({"discard"})
            s.answer(q, **planted.answer(q, True), seconds=5.0)
            clock[0] += timedelta(seconds=30)


async def open_coach(pilot) -> tuple[ProgressScreen, DataTable]:
    await pilot.press("8")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ProgressScreen)
    screen.query_one("#progress-tabs").active = "tab-coach"
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen, screen.query_one("#habits", DataTable)


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_coach_names_the_habit_and_enter_replays_its_latest_answer(app):
    plant_habit()
    async with app.run_test(size=SIZE) as pilot:
        screen, table = await open_coach(pilot)
        first = [str(c) for c in table.get_row_at(0)]
        assert first[0] == "throws a 5 into the dealer's crib" and first[1] == "weak"
        words = text(screen, "#habit-words")
        assert "As pone you threw a 5 to the dealer in" in words and "Practise:" in words
        assert "Next (g on the home screen):" in text(screen, "#coach-next")
        report = screen.query_one("#coach").report
        latest = report.habits[0].answers[0]
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        again = pilot.app.screen
        assert isinstance(again, DiscardScreen) and "Replaying a deal" in again.why
        shown = next(a for a in pilot.app.session.history if a.id == latest)
        assert again.drill.question() == shown.question


async def test_the_plan_the_coach_names_is_the_one_g_deals(app):
    from crib_trainer.ui.screens.home import suggestion_text

    plant_habit()
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await open_coach(pilot)
        pane = screen.query_one("#coach")
        named = pane.plan
        assert suggestion_text(named) in text(screen, "#coach-next").replace("\n", " ")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen.choice is named  # (the same plan, not planned again)
        await pilot.press("g")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        dealt = pilot.app.screen
        # (the learner's weak habit is what the session aims at: a pone hand with a 5)
        assert named.kind == "discard" and named.aimed_at == "throws-five-to-dealer"
        assert isinstance(dealt, DiscardScreen) and "throws a 5 into the dealer's crib" in dealt.why
        assert "throws-five-to-dealer" in holds(dealt.drill)


async def test_no_habit_yet(app):
    async with app.run_test(size=SIZE) as pilot:
        screen, table = await open_coach(pilot)
        assert table.row_count == 0
        assert "No habit yet in 0 answers" in text(screen, "#habit-words")

"""The home screen's suggestion is what g deals: one path through the session."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import record_attempt
from crib_trainer.training.drills.hands import count_drill
from crib_trainer.training.grading.answers import count_attempt
from crib_trainer.ui.screens.count import CountScreen
from tests.ui.conftest import FROZEN_NOW, make_app

SIZE = (80, 24)


def plant_nob_misses() -> None:
    rng = random.Random(2)
    with open_store() as store:
        for n in range(3):
            drill = count_drill(rng, crib=False, target_category="nobs")
            at = FROZEN_NOW - timedelta(minutes=10 - n)
            total = drill.breakdown().total - 1
            record_attempt(store, count_attempt(drill, total=total, seconds=5, answered_at=at))


@pytest.mark.parametrize("seed", range(4))
async def test_g_deals_what_the_home_screen_suggests(seed):
    plant_nob_misses()
    app = make_app(seed)
    async with app.run_test(size=SIZE) as pilot:
        home = pilot.app.screen
        plan = home.choice
        shown = str(home.query_one("#suggestion").render())
        await pilot.press("g")
        await pilot.pause()
        screen = pilot.app.screen
        if plan.kind not in ("count-hand", "count-crib", "judge"):
            screens = {"discard": "DiscardScreen", "position": "PositionScreen"}
            assert type(screen).__name__ == screens.get(plan.kind, "PegScreen")
            return
        assert isinstance(screen, CountScreen) and screen.kind == plan.kind
        q = screen.question
        assert (q.aimed_at, q.reason) == (plan.aimed_at, plan.reason)
        if plan.aimed_at:
            assert plan.aimed_at in q.holds
        if plan.reason == "weak":
            assert "his nob" in shown and q.aimed_at == "nobs"

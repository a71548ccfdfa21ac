"""The home screen from the learner model kept in the file is the one a full fold shows:
the summary, the streak, the suggestion (the same plan, the same seeded draws)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import record_attempt
from crib_trainer.training.drills.hands import count_drill
from crib_trainer.training.grading.answers import count_attempt
from tests.ui.conftest import FROZEN_NOW, make_app, seed_history

SIZE = (80, 24)


async def home_shown(seed: int) -> tuple[bool, str, str, object]:
    """One launch: whether it restored the kept model, and what the home screen shows."""
    app = make_app(seed)
    async with app.run_test(size=SIZE) as pilot:
        home = pilot.app.screen
        today = str(home.query_one("#today").render())
        return (
            app.session._history is None,
            today,
            str(home.query_one("#suggestion").render()),
            home.choice,
        )


@pytest.mark.parametrize("seed", range(3))
async def test_the_home_screen_from_the_kept_model_is_the_full_folds(seed):
    seed_history(days=25, seed=seed)
    first = await home_shown(seed)  # folds every answer; keeps the model when it closes
    again = await home_shown(seed)
    assert (first[0], again[0]) == (False, True) and first[1:] == again[1:]
    rng = random.Random(seed)
    with open_store() as store:  # another trainer's answers since, missing nobs today
        for n in range(4):
            drill = count_drill(rng, crib=False, target_category="nobs")
            total = drill.breakdown().total - 1
            at = FROZEN_NOW - timedelta(minutes=30 - n)
            record_attempt(store, count_attempt(drill, total=total, seconds=5, answered_at=at))
    restored = await home_shown(seed)
    with open_store() as store, store.write() as conn:
        conn.execute("DELETE FROM learner_snapshot")  # (the next launch folds them all)
    folded = await home_shown(seed)
    assert (restored[0], folded[0]) == (True, False)
    assert restored[1:] == folded[1:] and restored[1] != first[1]

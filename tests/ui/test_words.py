"""One word for one thing: his nob, the drill names in the trainer and in ``stats``, and
partial credit for a decision close to the best (issue 15.9)."""

from __future__ import annotations

import random
from datetime import timedelta

from textual.widgets import DataTable, Static

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.cli.stats import format_stats, stats_json
from crib_trainer.core.show import ItemKind
from crib_trainer.storage.db import open_store
from crib_trainer.storage.progress import category_stats, record_attempt
from crib_trainer.training.drills.hands import count_drill
from crib_trainer.training.grading.answers import count_attempt
from crib_trainer.training.grading.verdict import band
from crib_trainer.ui.screens.discard import DiscardScreen
from tests.ui.conftest import FROZEN_NOW

SIZE = (80, 24)


async def test_the_item_boxes_say_his_nob(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "i")
        await pilot.pause()
        labels = [str(s.render()) for s in app.screen.query(".item-label").results(Static)]
        assert labels[-1] == "his nob"
        box = app.screen.query_one(f"#claim-{ItemKind.NOBS}")
        assert box.region.right <= SIZE[0]  # its box whole at 80 columns


async def test_drill_names_are_the_same_in_the_trainer_and_in_stats(app):
    drill = count_drill(random.Random(3), crib=False)
    wrong = drill.breakdown().total + 1
    at = FROZEN_NOW - timedelta(hours=1)
    with open_store() as store:
        record_attempt(store, count_attempt(drill, total=wrong, seconds=5.0, answered_at=at))
        printed = format_stats(stats_json(store, FROZEN_NOW))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("8")
        await pilot.pause()
        table = app.screen.query_one("#mistakes", DataTable)
        shown = str(table.get_row_at(0)[1])
    drill_rows = printed.split("\n\n")[1].splitlines()[1:]
    assert [row.split("  ")[0] for row in drill_rows] == [shown]


async def test_a_close_throw_earns_partial_credit_not_a_miss(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, DiscardScreen)
        while True:  # a deal with a throw within half a point of the best (not a tie)
            d = screen.drill
            options = analyse_discards(d.cards, dealer=d.dealer, opponent="weighted").options
            close = [o for o in options if band(o.loss, "points") == "close"]
            if close:
                break
            screen.new_deal()
            await pilot.app.workers.wait_for_complete()
        for card in close[0].discard:
            await pilot.press(str(d.cards.index(card) + 1))
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "¾ credit" in str(screen.query_one("#discard-verdict", Static).render())
    with open_store() as store:
        (role,) = category_stats(store, prefix="discard-")
    assert role.attempts == 1 and role.miss_rate == 0.25  # not 100% after one close throw

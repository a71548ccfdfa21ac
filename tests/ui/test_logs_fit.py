"""The games' logs wrap their lines to the log's own width at 80 columns: no sideways
scroll bar taking the last row and no letters under the upright one (a learner's walk:
a long show line at 80 columns left a stray scroll bar and hid the log's last line)."""

from __future__ import annotations

from textual.widgets import RichLog

from tests.ui.conftest import make_app
from tests.ui.test_practice_flow import SIZE, start
from tests.ui.test_scorekeeper_flow import new_game

LONG = "x" * 77 + " long"  # wrapped at 78 columns its first line is 77 wide


async def wraps_within(pilot, log: RichLog) -> None:
    log.write(LONG)
    await pilot.pause()
    assert log.virtual_size.width <= log.scrollable_content_region.width < 77
    assert log.max_scroll_x == 0


async def test_the_practice_log_wraps_a_long_line_within_80_columns():
    async with make_app(seed=3).run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant="five-card", strength="beginner")
        await wraps_within(pilot, screen.query_one("#practice-log", RichLog))


async def test_the_scorekeepers_log_wraps_a_long_line_within_80_columns():
    async with make_app(seed=3).run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await wraps_within(pilot, screen.query_one("#game-log", RichLog))

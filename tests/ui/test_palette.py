"""The command palette opens every screen from wherever you are, going home first."""

from __future__ import annotations

from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.home import HomeScreen
from crib_trainer.ui.screens.progress import ProgressScreen

SIZE = (80, 24)


async def choose(pilot, title: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*title)
    await pilot.pause(0.3)  # the palette searches as you type
    await pilot.press("enter")
    await pilot.pause()


async def test_palette_screens_do_not_pile_up(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, CountScreen)
        await choose(pilot, "Progress")
        assert isinstance(app.screen, ProgressScreen)
        await choose(pilot, "Count a crib")
        assert isinstance(app.screen, CountScreen) and app.screen.kind == "count-crib"
        assert [type(s) for s in app.screen_stack[-2:]] == [HomeScreen, CountScreen]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)

"""The command palette opens every screen from wherever you are, going home first."""

from __future__ import annotations

from textual.command import CommandList

from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.home import HomeScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from tests.ui.conftest import answer_while_analysing, enter_text, until

SIZE = (80, 24)


async def choose(pilot, title: str) -> None:
    """Open the palette, search for ``title`` and take the command it highlights."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await enter_text(pilot, title, submit=False)
    commands = pilot.app.screen.query_one(CommandList)
    for _ in range(500):  # the palette searches in a worker: wait for the match
        option = commands.highlighted_option
        if option is not None and title in str(option.prompt):
            break
        await pilot.pause(0.01)
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


async def test_the_palette_waits_for_an_answer_being_worked_out(app, held_analysis):
    """Leaving the pegging drill while the analysis still works on an answer would lose
    it: the palette says so and stays."""
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await answer_while_analysing(pilot)
        await pilot.pause()
        await choose(pilot, "Progress")
        assert app.screen is screen
        assert "Still working out your answer" in [n.message for n in app._notifications][-1]
        held_analysis.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [a.kind for a in app.session.history] == ["peg-play"]
        await choose(pilot, "Progress")
        assert isinstance(app.screen, ProgressScreen)


async def test_a_screenshot_goes_to_the_data_folder_and_says_where(app, monkeypatch, tmp_path):
    from crib_trainer.storage.paths import data_dir

    monkeypatch.setenv("HOME", str(tmp_path / "no-downloads-here"))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "Screenshot")
        folder = data_dir() / "screenshots"  # (taken a moment later, once the palette closed)
        await until(pilot, lambda: any(folder.glob("*.svg")) and bool(app._notifications))
        saved = list(folder.glob("*.svg"))
        assert len(saved) == 1 and saved[0].read_text().startswith("<svg")
        said = [n.message for n in app._notifications]
        assert any(str(saved[0]) in message for message in said)

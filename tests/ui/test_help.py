"""? lists the keys of the screen underneath, number keys included."""

from __future__ import annotations

from textual.widgets import Static

from crib_trainer.ui.screens.help import HelpScreen

SIZE = (80, 24)


async def help_text(pilot) -> str:
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    return str(pilot.app.screen.query_one("#help-text", Static).render())


async def test_home_help_names_the_number_keys(app):
    async with app.run_test(size=SIZE) as pilot:
        text = await help_text(pilot)
        assert "0–9" in text and "open a drill or tool" in text and "Quit" in text


async def test_discard_help_names_the_picking_keys(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "pick a card to throw" in await help_text(pilot)


async def test_help_leaves_out_a_key_switched_off_here(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        assert "Items" in await help_text(pilot)  # counting a hand: item by item works
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        assert "Items" not in await help_text(pilot)  # judging a claim: it does not

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


async def test_help_names_the_number_keys_and_says_what_a_key_does_not_its_label(app):
    async with app.run_test(size=SIZE) as pilot:
        text = await help_text(pilot)  # home
        assert "0–9" in text and "open a drill or tool" in text and "quit the trainer" in text
        await pilot.press("escape", "4")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "pick a card to throw" in await help_text(pilot)  # discards
        await pilot.press("escape", "escape", "5")
        await pilot.app.workers.wait_for_complete()
        text = await help_text(pilot)  # pegging
        assert "situations from the scheduler" in text and "Source" not in text


async def test_help_leaves_out_a_key_switched_off_here(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        assert "item by item" in await help_text(pilot)  # counting a hand: item by item works
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        assert "item by item" not in await help_text(pilot)  # judging a claim: it does not


def test_every_key_in_a_footer_says_what_it_does():
    import inspect

    from textual.binding import Binding

    from crib_trainer.ui import app as app_module
    from crib_trainer.ui.screens import (
        count,
        discard,
        home,
        judge,
        pegging,
        progress,
        puzzles,
        scorekeeper,
    )

    modules = (count, discard, home, judge, pegging, progress, puzzles, scorekeeper, app_module)
    checked = 0
    for module in modules:
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            for b in getattr(cls, "BINDINGS", ()):
                if isinstance(b, Binding) and b.show and b.description and b.action != "dismiss":
                    assert b.tooltip and b.tooltip != b.description, (cls.__name__, b.key)
                    checked += 1
    assert checked > 20


async def test_the_scorekeepers_help_shows_what_to_type(app):
    from tests.ui.test_scorekeeper_flow import new_game

    async with app.run_test(size=(80, 40)) as pilot:
        await new_game(pilot)
        await pilot.press("f1")  # (? would be typed into the line)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        text = str(pilot.app.screen.query_one("#help-text", Static).render())
        for syntax in ("ann 2", "ann 3 for 2", "5H 5C 5S JD 29", "bob:5H", "penalty bob misdeal"):
            assert syntax in text, syntax

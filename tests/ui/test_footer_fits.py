"""At 80 columns every key a drill's footer shows is there whole, left of the palette's
(a learner's walk found "^t" without "Theme" on the count screens and the discard
screen's new "g Pegging" cut to "g Peggin", with Help and Theme gone)."""

from __future__ import annotations

from crib_trainer.ui.widgets.keybar import KeyBar
from tests.ui.conftest import make_app

SIZE = (80, 24)


async def footer_fits(pilot) -> None:
    await pilot.pause()
    bar = pilot.app.screen.query_one(KeyBar)
    keys = bar.spans()
    palette = [k for k in keys if k.palette]
    edge = palette[0].start if palette else SIZE[0]
    shown = [k for k in keys if k not in palette]
    assert shown and "Help" in [k.description for k in shown]
    line = pilot.app.screen._compositor.render_strips()[-1].text  # the screen's last line
    for k in shown:  # (a key's last column is a space after its words)
        assert k.end > k.start and k.end - 1 <= edge, k.description
        assert line[k.start : k.end - 1] == "".join(k.parts)[:-1], (k.description, line)


async def test_every_footer_key_shows_whole_at_80_columns():
    async with make_app(seed=2).run_test(size=SIZE) as pilot:
        for key in ["1", "2", "3", "4", "5", "6", "8", "t", "w", "0"]:
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if key == "0":  # the practice game's settings, then the game
                await pilot.press("enter")
                await pilot.pause()
            await footer_fits(pilot)
            await pilot.press("escape")
            await pilot.pause()


async def test_keys_left_out_of_a_full_footer_still_work_and_are_in_the_help():
    async with make_app(seed=2).run_test(size=SIZE) as pilot:
        await pilot.press("1")  # count a hand: no room for "^t Theme"
        await pilot.pause()
        theme = pilot.app.theme
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert pilot.app.theme != theme
        await pilot.press("escape", "4")  # discards: "s Source" only in the help
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        source = pilot.app.screen.adaptive
        await pilot.press("s")
        await pilot.pause()
        assert pilot.app.screen.adaptive != source
        await pilot.press("question_mark")
        await pilot.pause()
        text = str(pilot.app.screen.query_one("#help-text").render())
        assert "  s        deals from the scheduler" in text
        assert "light or dark theme" in text


async def test_a_click_on_a_footer_key_presses_it_and_the_mouse_shows_its_tooltip():
    from crib_trainer.ui.screens.help import HelpScreen

    async with make_app(seed=2).run_test(size=SIZE, tooltips=True) as pilot:
        await pilot.press("1")  # count a hand: "esc Back ... ? Help"
        await pilot.pause()
        bar = pilot.app.screen.query_one(KeyBar)
        keys = {k.description: k for k in bar.spans()}
        await pilot.hover(KeyBar, offset=(keys["Hint"].start + 1, 0))
        assert bar.tooltip == keys["Hint"].tooltip and "hint" in bar.tooltip
        await pilot.click(KeyBar, offset=(keys["Help"].start + 1, 0))
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")  # the help closed, "esc Back" goes home
        await pilot.click(KeyBar, offset=(keys["Back"].start + 1, 0))
        await pilot.pause()
        assert pilot.app.screen.query_one("#drills").has_focus

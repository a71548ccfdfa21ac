"""At 80 columns every key a drill's footer shows is there whole, left of the palette's
(a learner's walk found "^t" without "Theme" on the count screens and the discard
screen's new "g Pegging" cut to "g Peggin", with Help and Theme gone)."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from tests.ui.conftest import make_app

SIZE = (80, 24)


async def footer_fits(pilot) -> None:
    for _ in range(20):  # the footer's keys come a refresh or two after the screen
        keys = list(pilot.app.screen.query(FooterKey))
        if len(keys) > 1:
            break
        await pilot.pause()
    palette = [k for k in keys if k.has_class("-command-palette")]
    edge = palette[0].region.x if palette else SIZE[0]
    shown = [k for k in keys if k not in palette]
    assert shown and "Help" in [k.description for k in shown]
    for k in shown:  # (a key's last column is a space after its words)
        assert k.region.width > 0 and k.region.right - 1 <= edge, k.description


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

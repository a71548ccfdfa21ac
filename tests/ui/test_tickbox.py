"""A ticked box reads without colour: ☑ when ticked, ☐ when not."""

from __future__ import annotations

from textual.app import App, ComposeResult

from crib_trainer.ui.widgets.tickbox import TickBox


class OneBox(App[None]):
    def compose(self) -> ComposeResult:
        yield TickBox("Muggins", id="box")


async def test_the_box_shows_whether_it_is_ticked_in_its_shape():
    async with OneBox().run_test() as pilot:
        box = pilot.app.query_one("#box", TickBox)
        box.focus()
        assert str(box.render()).startswith("▐☐▌") and "Muggins" in str(box.render())
        await pilot.press("space")
        assert box.value and str(box.render()).startswith("▐☑▌")
        await pilot.click("#box")
        assert not box.value and str(box.render()).startswith("▐☐▌")

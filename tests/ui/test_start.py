"""The trainer's start: its dark theme from the first parse of the stylesheets, the same
as switching to it (bench/startup_bench.py measures the time)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from crib_trainer.ui.screens.home import HomeScreen


async def test_starts_in_the_dark_theme_without_parsing_the_stylesheets_again(app, monkeypatch):
    reparses: list[Stylesheet] = []
    reparse = Stylesheet.reparse

    def counted(self: Stylesheet) -> None:
        reparses.append(self)
        reparse(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not reparses
        started = (app.theme, set(app.classes), dict(app.theme_variables))
        assert started[0] == "crib-dark"
        assert {"-theme-crib-dark", "-dark-mode"} <= started[1]
        assert "-light-mode" not in started[1]
        await pilot.press("ctrl+t")
        assert app.theme == "crib-light" and app.has_class("-light-mode")
        await pilot.press("ctrl+t")  # back, the way Textual sets a theme
        assert (app.theme, set(app.classes), dict(app.theme_variables)) == started

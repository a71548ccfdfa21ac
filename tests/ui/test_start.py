"""The trainer's start: its dark theme from the first parse of the stylesheets, the same
as switching to it (bench/startup_bench.py measures the time)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from textual.css.stylesheet import Stylesheet

from crib_trainer.ui.screens.home import HomeScreen
from tests.ui.conftest import seed_history


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


def home_shown(report: str, *, first: str = "") -> str:
    """A script for a fresh interpreter: run ``first``, open the trainer headless, wait
    for its home screen and print ``report`` (an expression) as JSON."""
    return f"""
import asyncio, gc, json, sys
{first}
from crib_trainer.ui.app import CribTrainerApp
from crib_trainer.ui.screens.home import HomeScreen

async def main():
    app = CribTrainerApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, HomeScreen):
            await pilot.pause()
        await pilot.pause()
        print(json.dumps({report}))

asyncio.run(main())
"""


HOME_SHOWN = home_shown('[sorted(sys.modules), str(app.screen.query_one("#suggestion").render())]')

#: What the first screen does without: the rules and the scoring of a show, the drills
#: and their grading, the analysis, the clipboard, the CSV export (each loads when used).
NOT_AT_START = (
    "crib_trainer.core.rules",
    "crib_trainer.core.show",
    "crib_trainer.training.drills.hands",
    "crib_trainer.training.grading.claims",
    "crib_trainer.training.grading.hints",
    "crib_trainer.analysis",
    "crib_trainer.clipboard",
    "pyperclip",
    "csv",
    "numpy",
)


@pytest.mark.parametrize("days", [0, 6])
def test_the_home_screen_shows_without_the_drills_or_the_rules(days):
    """In a fresh interpreter, on an empty history and on one with answers (the
    suggestion then comes from the learner's weak spots and checks)."""
    seed_history(days=days)  # (the history file is made here, even with no answers)
    proc = subprocess.run([sys.executable, "-c", HOME_SHOWN], capture_output=True, text=True)
    loaded, suggestion = json.loads(proc.stdout.splitlines()[-1])
    assert suggestion
    assert not {m for m in loaded if m.startswith(NOT_AT_START)}


PAUSED = home_shown(
    "[gc.isenabled(), gc.get_freeze_count()]",
    first="from crib_trainer.ui.startup import pause_collector\npause_collector()",
)


def test_the_collector_paused_for_the_start_runs_again_once_home_is_drawn():
    proc = subprocess.run([sys.executable, "-c", PAUSED], capture_output=True, text=True)
    enabled, frozen = json.loads(proc.stdout.splitlines()[-1])
    assert enabled and frozen > 10_000  # (start-up's objects, set aside)


async def test_an_app_started_without_the_pause_leaves_the_collector_alone(app, monkeypatch):
    import asyncio
    import gc

    # A pegging search pauses the collector while it runs (analysis.pegging.ranking), and
    # one started by an earlier test in this worker may still be running in its thread.
    for _ in range(200):
        if gc.isenabled():
            break
        await asyncio.sleep(0.05)
    # (what is set aside is watched by its calls: the count of objects set aside falls
    # whenever one of them is freed, by this test or by another thread)
    calls: list[str] = []
    for name in ("collect", "freeze", "disable"):
        monkeypatch.setattr(gc, name, lambda *_, name=name: calls.append(name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await app.wait_for_refresh()  # (where the collector would be resumed: after the
        await pilot.pause()  # first screen is drawn)
        assert gc.isenabled() and calls == []

"""The timed drill: ten hands against the clock, personal bests, and the progress plot."""

from __future__ import annotations

from textual.widgets import Static

from crib_trainer.training.drills.timed import HANDS
from crib_trainer.ui.screens.home import HomeScreen
from crib_trainer.ui.screens.progress import ProgressScreen
from crib_trainer.ui.screens.timed import TimedScreen
from tests.ui.conftest import enter_text
from tests.ui.test_palette import choose

SIZE = (80, 24)


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def play_run(pilot, screen: TimedScreen, *, wrong: int = 0) -> None:
    """Start a run and count its ten hands, the first ``wrong`` of them one too high."""
    await pilot.press("enter")
    await pilot.pause()
    for i in range(HANDS):
        assert text(screen, "#timed-status").startswith(f"Hand {i + 1} of {HANDS}")
        total = screen.deals[i].breakdown().total
        await enter_text(pilot, str(total + 1 if i < wrong else total))


async def test_a_run_of_ten_then_a_personal_best(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimedScreen)
        assert "No run finished yet" in text(screen, "#timed-status")
        await play_run(pilot, screen, wrong=1)
        done = text(screen, "#timed-status")
        # The stepping clock: 2.5 s a hand; one wrong count adds 10 s.
        assert "Done: 35.0 s (9 of 10 right, 25.0 s + 10 s)" in done
        assert "first run" in done
        assert len(text(screen, "#timed-results").splitlines()) == HANDS
        timed = [a for a in app.session.history if "timed" in a.answer]
        assert len(timed) == HANDS and all(a.kind == "count-hand" for a in timed)
        assert [a.answer["timed"]["hand"] for a in timed] == list(range(1, HANDS + 1))
        assert sum(not a.correct for a in timed) == 1 and all(a.id for a in timed)  # stored
        await pilot.press("r")
        await pilot.pause()
        await play_run(pilot, screen)
        done = text(screen, "#timed-status")
        assert "Done: 25.0 s (10 of 10 right)" in done and "A personal best!" in done
        assert {a.answer["timed"]["run"] for a in app.session.history} == {1, 2}


async def test_a_run_left_unfinished_is_not_a_run(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause()
        await enter_text(pilot, "0")
        await enter_text(pilot, "45")  # a typo: refused, not counted
        assert len(app.session.history) == 1
        await pilot.press("r")  # no new run in the middle of one
        assert text(screen, "#timed-status").startswith("Hand 2 of")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await choose(pilot, "Timed count")
        assert isinstance(app.screen, TimedScreen)
        assert "No run finished yet" in text(app.screen, "#timed-status")


async def test_progress_plots_the_timed_runs(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await play_run(pilot, app.screen, wrong=2)
        await pilot.press("escape", "8")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        app.screen.query_one("#progress-tabs").active = "tab-timed"
        await pilot.pause()
        plot = app.screen.query_one("#timed-plot").plt.build()
        assert "Timed runs" in plot and "(best 45.0)" in plot

"""The position drill: the score shown, a throw graded by the chance to win, stored."""

from __future__ import annotations

from textual.widgets import DataTable

from crib_trainer.ui.screens.position import PositionScreen
from tests.ui.conftest import shown, throw

SIZE = (80, 24)


async def open_position(pilot) -> PositionScreen:
    await pilot.press("w")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PositionScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def test_the_best_chance_is_graded_best_and_stored_as_a_position(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_position(pilot)
        drill, p = screen.drill, screen.analysis
        assert f"You {drill.me}, him {drill.him}" in shown(screen, "#position-score")
        await throw(pilot, screen, p.best.option.discard)
        assert "Best chance" in shown(screen, "#discard-verdict")
        attempt = app.practice.history[-1]
        assert attempt.kind == "position" and attempt.grade == "best"
        assert attempt.question["score"] == [drill.me, drill.him]
        table = screen.query_one("#throws", DataTable)
        assert table.row_count == len(p.options) and table.display
        assert shown(screen, "#discard-why").startswith("Why: ")


async def test_the_points_best_can_lose_chances_and_says_how_much(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_position(pilot)
        p = screen.analysis
        worst = p.options[-1]
        await throw(pilot, screen, worst.option.discard)
        lost = p.best.win - worst.win
        attempt = app.practice.history[-1]
        assert abs(attempt.truth["win_lost"] - lost) < 1e-9
        if attempt.grade != "best":
            assert f"You gave up {lost:.1%}" in shown(screen, "#discard-verdict")
        await pilot.press("n")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.revealed and screen.drill is not None

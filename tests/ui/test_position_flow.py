"""The position drill: the score shown, a throw graded by the chance to win, stored."""

from __future__ import annotations

from textual.widgets import DataTable

from crib_trainer.training.drills.position_plays import PositionPlay
from crib_trainer.ui.screens.position import PositionScreen
from tests.ui.conftest import shown, throw

SIZE = (80, 24)


async def open_position(pilot, key: str | None = "p") -> PositionScreen:
    """Open the drill and deal again with ``key`` (``p`` throws as pone; None: the first
    deal, a play with the tests' seed)."""
    await pilot.press("w")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PositionScreen)
    await pilot.app.workers.wait_for_complete()
    if key:
        await pilot.press(key)
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def lay(pilot, screen, card) -> None:
    """Pick ``card`` of the hand held in the play by its number key and lay it."""
    await pilot.press(str(screen.drill.situation.hand.index(card) + 1), "enter")
    await pilot.pause()


async def test_the_best_chance_is_graded_best_and_stored_as_a_position(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_position(pilot)
        drill, p = screen.drill, screen.analysis
        assert f"You {drill.me}, him {drill.him}" in shown(screen, "#position-score")
        assert screen.title == "Position: throw to the score"
        await throw(pilot, screen, p.best.option.discard)
        assert shown(screen, "#discard-verdict").startswith("Best: ")
        attempt = app.session.history[-1]
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
        attempt = app.session.history[-1]
        assert abs(attempt.truth["gave_up"] - lost) < 1e-6 and attempt.truth["unit"] == "win"
        if attempt.grade != "best":
            assert f"{lost:.1%}" in shown(screen, "#discard-verdict")
            assert "of the game behind" in shown(screen, "#discard-verdict")
        await pilot.press("n")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.revealed and screen.drill is not None


async def test_a_play_at_the_score_is_laid_by_keys_and_graded_by_the_chance_to_win(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_position(pilot, None)
        drill, c = screen.drill, screen.analysis
        assert isinstance(drill, PositionPlay)
        assert screen.title == "Position: lay a card to the score"
        head = shown(screen, "#position-score")
        assert f"You {drill.me}, him {drill.him}" in head and "The play: " in head
        best = next(x for x in drill.situation.hand if x.rank == c.options[c.best].card.rank)
        await lay(pilot, screen, best)
        assert shown(screen, "#discard-verdict").startswith("Best: ")
        attempt = app.session.history[-1]
        assert attempt.kind == "position" and attempt.grade == "best"
        assert attempt.question["score"] == [drill.me, drill.him]
        assert set(attempt.present) == {"position-play"}
        assert screen.query_one("#throws", DataTable).row_count == len(c.options)
        why = shown(screen, "#discard-why")
        assert why.startswith(f"Why: {c.reason()}") and "He held" in why


async def test_the_most_points_can_give_up_the_game_and_the_verdict_says_why(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_position(pilot, None)
        c = screen.analysis
        lost = c.wins[c.best] - c.wins[0]
        top = next(x for x in screen.drill.situation.hand if x.rank == c.options[0].card.rank)
        await lay(pilot, screen, top)
        attempt = app.session.history[-1]
        assert attempt.truth["gave_up"] == round(lost, 6)
        if lost >= 0.005:
            verdict = shown(screen, "#discard-verdict")
            assert f"{lost:.1%} of the game behind" in verdict
            assert f"You win {c.wins[0]:.1%}" in verdict
            assert "not " + f"the {c.options[0].card}" in shown(screen, "#discard-why")

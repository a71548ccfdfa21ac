"""The puzzle library: browse, solve, and see solved puzzles marked."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import OptionList, Static

from crib_trainer.training import shapes as shape
from crib_trainer.training.kinds import KINDS
from crib_trainer.training.puzzles import solve
from crib_trainer.training.shapes import shape_of
from crib_trainer.ui.screens.puzzles import PuzzleLibraryScreen, PuzzleScreen

SIZE = (80, 24)


async def open_theme(pilot, theme: str) -> PuzzleLibraryScreen:
    await pilot.press("6")
    await pilot.pause()
    library = pilot.app.screen
    assert isinstance(library, PuzzleLibraryScreen)
    themes = library.query_one("#themes", OptionList)
    ids = [themes.get_option_at_index(i).id for i in range(themes.option_count)]
    themes.highlighted = ids.index(theme)
    await pilot.press("enter")
    await pilot.pause()
    return library


def stored_shape(attempt):
    """The typed shape of a stored answer's question, among its kind's (issue 40)."""
    return shape_of(attempt.question, KINDS[attempt.kind].shapes)


async def test_solve_a_counting_puzzle_and_see_it_solved(app):
    async with app.run_test(size=SIZE) as pilot:
        library = await open_theme(pilot, "rule-texts")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, PuzzleScreen)
        await pilot.press(*str(solve(screen.puzzle)), "enter")
        await pilot.pause()
        result = str(screen.query_one("#puzzle-result", Static).render())
        assert "Right" in result and screen.puzzle.note.split(".")[0] in result.replace("\n", " ")
        attempt = app.session.history[-1]
        assert attempt.puzzle_id == screen.puzzle.id and attempt.correct
        solved_id = screen.puzzle.id
        await pilot.press("escape")
        await pilot.pause()
        assert solved_id in library.solved
        first = library.query_one("#puzzle-list", OptionList).get_option_at_index(0)
        console = Console(width=60, record=True, file=io.StringIO())
        console.print(first.prompt)
        assert "✓" in console.export_text()


async def test_a_wrong_count_shows_the_answer_and_the_note(app):
    async with app.run_test(size=SIZE) as pilot:
        await open_theme(pilot, "runs")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press(*str(solve(screen.puzzle) + 1), "enter")
        await pilot.pause()
        result = str(screen.query_one("#puzzle-result", Static).render())
        assert "Not quite" in result and f"{screen.puzzle.answer} points" in result
        assert not app.session.history[-1].correct
        await pilot.press("n")
        await pilot.pause()
        assert screen.index == 1 and not screen.answered


async def test_a_discard_puzzle_is_answered_by_picking(app):
    async with app.run_test(size=SIZE) as pilot:
        await open_theme(pilot, "discards")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        for card in screen.puzzle.answer:
            await pilot.press(str(screen.puzzle.cards.index(card) + 1))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Right" in str(screen.query_one("#puzzle-result", Static).render())
        assert app.session.history[-1].kind == "discard" and app.session.history[-1].puzzle_id


async def test_difficulty_filter(app):
    async with app.run_test(size=SIZE) as pilot:
        library = await open_theme(pilot, "runs")
        library.query_one("#themes").focus()
        await pilot.press("d")
        await pilot.pause()
        assert library.difficulty == 1
        assert all(p.difficulty == 1 for p in library._shown())


async def test_puzzle_text_that_looks_like_markup(app, tmp_path, monkeypatch):
    (tmp_path / "odd.toml").write_text(
        'theme = "odd [/x]"\ntitle = "Runs [/x]"\n\n[[puzzle]]\nid = "odd-1"\nkind = "count"\n'
        'difficulty = 1\ncards = "9S TH JC QD"\nstarter = "2H"\n'
        'question = "Count [b]this[/b] [/x]"\nanswer = 4\nnote = "A run [/of] four."\n'
        'source = "constructed [/x]"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("CRIB_TRAINER_PUZZLES", str(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await open_theme(pilot, "odd [/x]")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert "Count [b]this[/b] [/x]" in str(screen.query_one("#puzzle-question").render())
        await pilot.press("4", "enter")
        await pilot.pause()
        assert "A run [/of] four." in str(screen.query_one("#puzzle-result").render())


async def test_a_pegging_puzzle_is_worked_out_off_the_screen_thread(app, monkeypatch):
    import threading

    from crib_trainer.training import puzzles
    from crib_trainer.ui.screens import puzzles as puzzle_screens

    on_screen_thread = []
    real = puzzles.pegging_options

    def watched(p):
        on_screen_thread.append(threading.current_thread() is threading.main_thread())
        return real(p)

    monkeypatch.setattr(puzzles, "pegging_options", watched)
    monkeypatch.setattr(puzzle_screens, "pegging_options", watched)
    async with app.run_test(size=SIZE) as pilot:
        await open_theme(pilot, "pegging")
        library = pilot.app.screen
        listing = library.query_one("#puzzle-list", OptionList)
        kinds = [p.kind for p in library._shown() if p.theme == "pegging"]
        listing.highlighted = kinds.index("pegging-play")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        await app.workers.wait_for_complete()  # the engine's answer, worked out meanwhile
        await pilot.press(str(screen.puzzle.hand.index(screen.puzzle.answer) + 1), "enter")
        await pilot.pause()
        assert "Right" in str(screen.query_one("#puzzle-result", Static).render())
        assert app.session.history[-1].kind == "peg-play" and app.session.history[-1].correct
        assert stored_shape(app.session.history[-1]) is shape.PuzzlePlayQuestion
        assert on_screen_thread and not any(on_screen_thread)  # the screen never froze on it


async def test_a_position_puzzle_marks_the_points_best_throw_wrong(app):
    from crib_trainer.analysis.discard import analyse_discards

    async with app.run_test(size=SIZE) as pilot:
        await open_theme(pilot, "position")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        p = screen.puzzle
        assert p.score is not None
        points_best = analyse_discards(p.cards, dealer=p.dealer).best.discard
        for card in points_best:
            await pilot.press(str(p.cards.index(card) + 1))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Not quite" in str(screen.query_one("#puzzle-result", Static).render())
        attempt = app.session.history[-1]
        assert not attempt.correct and attempt.truth["gave_up"] > 0
        assert attempt.question["score"] == list(p.score) and attempt.truth["unit"] == "win"
        assert attempt.kind == "position" and stored_shape(attempt) is shape.PositionQuestion
        assert set(attempt.missed) == {"position-dealer" if p.dealer else "position-pone"}
        again = app.session.replay(attempt)  # (the review asks it again at its score)
        assert (again.drill.me, again.drill.him, again.drill.cards) == (*p.score, p.cards)


async def test_a_position_play_puzzle_marks_the_most_points_wrong_by_the_chance_to_win(app):
    async with app.run_test(size=SIZE) as pilot:
        library = await open_theme(pilot, "position")
        listing = library.query_one("#puzzle-list", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        listing.highlighted = ids.index("position-play-117-leave-no-run")
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        p = screen.puzzle
        assert p.kind == "pegging-play" and p.score == (117, 118)
        await app.workers.wait_for_complete()
        top = screen.options[0].card  # the most points: the run of three
        await pilot.press(str(p.hand.index(top) + 1), "enter")
        await pilot.pause()
        assert "Not quite" in str(screen.query_one("#puzzle-result", Static).render())
        attempt = app.session.history[-1]
        assert attempt.kind == "peg-play" and attempt.puzzle_id == p.id
        assert not attempt.correct and attempt.truth["gave_up"] > 0.3
        assert attempt.truth["best"] == p.answer.code and attempt.question["score"] == [117, 118]
        assert stored_shape(attempt) is shape.PuzzlePlayQuestion

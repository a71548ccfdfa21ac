"""The pegging drill: choose a card, or score the last one; then play on."""

from __future__ import annotations

import re

from textual.widgets import DataTable, Static

from crib_trainer.analysis.pegging import read_situation
from crib_trainer.core.cards import parse_card
from crib_trainer.training.words.pegreasons import rank_plays
from crib_trainer.ui.screens.pegging import PegScreen, last_card_points
from tests.ui.conftest import answer_while_analysing, settle

SIZE = (80, 24)


async def open_pegging(pilot) -> PegScreen:
    await pilot.press("5")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PegScreen) and screen.drill is not None
    return screen


async def open_score_question(pilot) -> PegScreen:
    """The pegging drill at a moment whose last card scored, asking (``q``) what it scored."""
    screen = await open_pegging(pilot)
    while last_card_points(screen.drill.situation) is None:
        screen.answered = True
        await pilot.press("n")
        await settle(pilot)
    await pilot.press("q")
    await pilot.pause()
    return screen


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_best_card_is_graded_best_and_a_worse_one_says_what_it_gave_up(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        s = screen.drill.situation
        best = rank_plays(s)[0].card
        await pilot.press(str(s.hand.index(best) + 1), "enter")
        await settle(pilot)
        assert text(screen, "#peg-verdict").startswith("Best: ")
        attempt = app.session.history[-1]
        assert attempt.kind == "peg-play" and attempt.correct
        table = screen.query_one("#peg-options", DataTable)
        assert table.row_count == len(read_situation(s).legal_cards())
        assert table.get_row_at(table.cursor_row)[0] == "you"
        assert "He held" in text(screen, "#peg-why")
        while True:  # a situation where some legal card is clearly worse
            screen.answered = True
            await pilot.press("n")
            await settle(pilot)
            options = rank_plays(screen.drill.situation)
            if options[-1].expected_net < options[0].expected_net - 0.2:
                break
        worst = options[-1].card
        await pilot.press(str(screen.drill.situation.hand.index(worst) + 1), "enter")
        await settle(pilot)
        gap = options[0].expected_net - options[-1].expected_net
        assert f"you laid {worst}, {gap:.2f} points behind" in text(screen, "#peg-verdict")
        assert not app.session.history[-1].correct


async def test_scoring_the_last_card(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_score_question(pilot)
        actual = last_card_points(screen.drill.situation)
        await pilot.press(*str(actual), "enter")
        await pilot.pause()
        assert "Right" in text(screen, "#peg-verdict")
        assert app.session.history[-1].kind == "peg-score" and app.session.history[-1].correct


async def test_playing_on_asks_only_real_choices_with_the_right_keys(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        for asked in range(8):
            s = screen.drill.situation
            legal = read_situation(s).legal_cards()
            if asked:  # each situation after playing on has a real choice
                assert len({c.rank for c in legal}) > 1
                held = len(s.hand)
                assert f"Pick your card (1–{held})" in text(screen, "#peg-status")
            await pilot.press(str(s.hand.index(legal[0]) + 1), "enter")
            await settle(pilot)
            await pilot.press("p")
            await settle(pilot)
            if "The play is over" in text(screen, "#peg-verdict"):
                break
        assert "The play is over" in text(screen, "#peg-verdict")


async def test_an_answer_given_before_the_analysis_is_ready_is_not_lost(app, held_analysis):
    ready = held_analysis
    async with app.run_test(size=SIZE) as pilot:
        screen, s = await answer_while_analysing(pilot)
        await pilot.pause()
        assert "Working it out" in text(screen, "#peg-status")
        await pilot.press("n", "p")  # impatient: next, play on
        await pilot.pause()
        ready.set()
        await settle(pilot)
        assert screen.drill.situation is s
        assert [a.kind for a in app.session.history] == ["peg-play"]
        assert text(screen, "#peg-verdict")


async def test_three_at_the_table(app):
    """v: three players; the extra seats are shown, the answer graded and stored as a
    peg-play attempt with its variant (issue 20.3)."""
    from crib_trainer.training.drills.tabledrills import TableDrill
    from crib_trainer.training.grading.decisions import table_seed
    from crib_trainer.training.grading.judge import table_analysis

    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        await pilot.press("v")
        await settle(pilot)
        drill = screen.drill
        assert isinstance(drill, TableDrill) and drill.situation.variant.name == "three-player"
        assert "left" in text(screen, "#peg-count") and "right" in text(screen, "#peg-count")
        s = drill.situation
        best = table_analysis(s, seed=table_seed(drill)).options[0].card
        await pilot.press(str(s.hand.index(best) + 1), "enter")
        await settle(pilot)
        assert text(screen, "#peg-verdict").startswith("Best: ")
        assert "They held" in text(screen, "#peg-why")
        attempt = app.session.history[-1]
        assert attempt.kind == "peg-play" and attempt.correct
        assert attempt.question["variant"] == "three-player"
        assert attempt.question["seat"] == s.seat


async def a_situation_with_a_card_laid(pilot, screen) -> None:
    while last_card_points(screen.drill.situation) is None:
        screen.answered = True
        await pilot.press("n")
        await settle(pilot)


async def test_q_after_an_answer_asks_the_other_question_about_the_same_moment(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        await a_situation_with_a_card_laid(pilot, screen)
        s = screen.drill.situation
        legal = read_situation(s).legal_cards()
        await pilot.press(str(s.hand.index(legal[0]) + 1), "enter")
        await settle(pilot)
        assert "q score the last card" in text(screen, "#peg-status")
        await pilot.press("q")
        await pilot.pause()
        points = screen.query_one("#peg-points")
        assert points.display and app.focused is points
        await pilot.press(*str(last_card_points(s)), "enter")
        await pilot.pause()
        assert screen.drill.situation is s
        assert [a.kind for a in app.session.history] == ["peg-play", "peg-score"]
        assert "q " not in text(screen, "#peg-status")  # both asked: the hint says no more


async def test_a_score_question_does_not_stick_and_card_keys_pick_cards(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        await a_situation_with_a_card_laid(pilot, screen)
        await pilot.press("q", "1", "enter")  # (a wrong or right score: either is an answer)
        await pilot.pause()
        await pilot.press("n")
        await settle(pilot)
        assert "Pick your card" in text(screen, "#peg-status")
        s = screen.drill.situation
        legal = read_situation(s).legal_cards()
        await pilot.press(str(s.hand.index(legal[0]) + 1))
        assert screen.query_one("#peg-points").value == ""
        await pilot.press("enter")
        await settle(pilot)
        assert [a.kind for a in app.session.history] == ["peg-score", "peg-play"]


def log_text(screen) -> str:
    return text(screen, "#peg-log-text")


async def test_the_play_is_told_card_by_card_in_a_log(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        me = screen.drill.situation.me
        first = screen.drill.situation.cards_played
        for p in first:  # the play so far, with its counts
            assert f"{'You' if p.player == me else 'He'} {p.card}: " in log_text(screen)
        while "The play is over" not in text(screen, "#peg-verdict"):
            s = screen.drill.situation
            legal = read_situation(s).legal_cards()
            await pilot.press(str(s.hand.index(legal[0]) + 1), "enter")
            await settle(pilot)
            await pilot.press("p")
            await settle(pilot)
        lines = log_text(screen).splitlines()
        laid = [line for line in lines if re.match(r"(You|He) \S+: ", line)]
        assert len(laid) == 8  # every card of the play, each on its line
        count = 0
        for line in lines:  # each count is the running total of the cards laid
            if line == "New count.":
                count = 0
            elif m := re.match(r"(?:You|He) (\S+): (\d+)", line):
                count += parse_card(m[1]).value
                assert int(m[2]) == count, line
        assert lines[-1].endswith("last card for 1.") or "31 for 2" in lines[-1]


async def test_playing_on_after_a_score_question_says_it_plays_the_best_card(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        await a_situation_with_a_card_laid(pilot, screen)
        best = rank_plays(screen.drill.situation)[0].card
        await pilot.press("q", "1", "enter", "p")
        await settle(pilot)
        assert f"{best}: " in log_text(screen)
        assert "the best card, played for you" in log_text(screen)

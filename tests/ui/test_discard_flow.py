"""The discard drill: pick with the number keys, throw, read the ranking."""

from __future__ import annotations

from textual.widgets import DataTable

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.discard import DiscardScreen
from crib_trainer.ui.widgets.card import CardView
from tests.ui.conftest import shown, throw

SIZE = (80, 24)


async def open_discards(pilot) -> DiscardScreen:
    await pilot.press("4")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DiscardScreen)
    await pilot.app.workers.wait_for_complete()
    return screen


async def test_the_best_throw_is_graded_best_and_the_worst_says_what_it_gave_up(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        drill = screen.drill
        best = analyse_discards(drill.cards, dealer=drill.dealer, opponent="weighted").best
        await throw(pilot, screen, best.discard)
        assert shown(screen, "#discard-verdict").startswith("Best: ")
        attempt = app.session.history[-1]
        assert attempt.kind == "discard" and attempt.correct and attempt.grade == "best"
        table = screen.query_one("#throws", DataTable)
        assert table.row_count == 15 and table.display
        await pilot.press("n")  # the next deal: its worst throw
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        drill = screen.drill
        assert drill is not None and not screen.revealed
        worst = analyse_discards(drill.cards, dealer=drill.dealer, opponent="weighted").options[-1]
        await throw(pilot, screen, worst.discard)
        verdict = shown(screen, "#discard-verdict")
        assert f", {worst.loss:.2f} points behind " in verdict
        assert "Gives up" in shown(screen, "#discard-why")
        table = screen.query_one("#throws", DataTable)
        assert table.get_row_at(table.cursor_row)[0] == "you"
        role = "dealer" if drill.dealer else "pone"
        assert app.session.history[-1].missed == {f"discard-{role}": worst.loss}
        assert app.session.history[-1].truth["gave_up"] == round(worst.loss, 6)


async def test_count_the_kept_hand_after(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        await pilot.press("1", "2", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        count = app.screen
        assert isinstance(count, CountScreen)
        assert set(count.deal.cards) == set(screen.drill.cards[2:])
        assert count.deal.starter not in screen.drill.cards


async def test_other_games(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        await pilot.press("v")  # five-card: five dealt, throw two
        await app.workers.wait_for_complete()
        assert len(screen.drill.cards) == 5 and screen.drill.variant == "five-card"
        await pilot.press("v")  # three players: five dealt, throw one
        await app.workers.wait_for_complete()
        await pilot.press("3", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.revealed and screen.query_one("#throws", DataTable).row_count == 5


async def test_a_throw_made_before_the_analysis_is_ready_is_not_lost(app, monkeypatch):
    import threading

    from crib_trainer.ui.screens import discard

    ready = threading.Event()

    def slow_analysis(*args, **kwargs):
        ready.wait(timeout=10)
        return analyse_discards(*args, **kwargs)

    monkeypatch.setattr(discard, "analyse_discards", slow_analysis)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.pause()
        screen = pilot.app.screen
        dealt = screen.drill
        await pilot.press("1", "2", "enter", "v")  # thrown, then at once another game
        await pilot.pause()
        ready.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.drill is dealt and screen.revealed
        assert [a.kind for a in app.session.history] == ["discard"]


async def test_the_learner_chooses_the_role(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        for key, dealer in (("p", False), ("d", True), ("p", False)):
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.drill.dealer is dealer
            assert ("You deal" if dealer else "You are pone") in shown(screen, "#discard-role")
            assert {screen._choose().dealer for _ in range(6)} == {dealer}  # and every next
        await pilot.press("r")
        await pilot.app.workers.wait_for_complete()
        assert {screen._choose().dealer for _ in range(16)} == {True, False}


async def test_the_pegging_toggle_ranks_and_grades_by_the_total(app):
    from crib_trainer.analysis.pegnet import with_pegging

    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert "g pegging on" in shown(screen, "#discard-status")
        assert "Ranked by hand + crib + pegging" in shown(screen, "#discard-role")
        drill = screen.drill
        weighted = analyse_discards(drill.cards, dealer=drill.dealer, opponent="weighted")
        ranked = with_pegging(weighted)
        await throw(pilot, screen, ranked[0].option.discard)
        assert "Graded by hand + crib + pegging" in shown(screen, "#discard-verdict")
        attempt = app.session.history[-1]
        assert attempt.grade == "best" and attempt.answer["pegging"] is True
        assert attempt.truth["unit"] == "points" and attempt.truth["error"] >= 0
        table = screen.query_one("#throws", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert "peg" in labels and "total" in labels and "net" not in labels
        await pilot.press("g")  # off again: the table goes back to points, the grade stays
        await pilot.pause()
        labels = [str(c.label) for c in table.columns.values()]
        assert "peg" not in labels and table.row_count == 15
        assert "Graded by hand + crib + pegging" in shown(screen, "#discard-verdict")


async def test_picking_is_a_toggle_a_third_card_drops_the_first_and_one_is_not_thrown(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        cards = screen.drill.cards
        await pilot.press("1", "1", "2", "enter")
        await pilot.pause()
        assert not screen.revealed and len(screen.picked) == 1
        picked = {v.card for v in screen.query(CardView) if v.has_class("picked")}
        assert picked == {screen.drill.cards[1]}
        await pilot.press("2")  # none picked again
        assert screen.picked == []
        await pilot.press("1", "2", "3")
        assert screen.picked == [cards[1], cards[2]]
        await pilot.press("3", "enter")  # put the third back: one card is not a throw
        await pilot.pause()
        assert screen.picked == [cards[1]] and not screen.revealed
        assert "Pick 2 cards to throw first (keys 1–6)." in [
            n.message for n in pilot.app._notifications
        ]
        await pilot.press("1", "enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.revealed and set(screen.thrown) == {cards[0], cards[1]}

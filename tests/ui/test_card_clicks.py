"""A click (or a tap, in the browser) on a numbered card picks it as its number key does."""

from __future__ import annotations

from textual.widgets import Input, Label

from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.widgets.card import CardView, HandView
from tests.ui.conftest import settle
from tests.ui.test_discard_flow import open_discards
from tests.ui.test_pegging_flow import open_pegging

SIZE = (80, 24)


async def test_clicking_two_dealt_cards_throws_them(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_discards(pilot)
        hand = screen.query_one("#dealt", HandView)
        cards = hand.query(CardView)
        await pilot.click(cards[1])
        await pilot.pause()
        assert screen.picked == [screen.drill.cards[1]]
        assert cards[1].has_class("picked")
        await pilot.click(hand.query(Label)[4])  # the number under the fifth card
        await pilot.click(cards[0])  # a third: the first picked goes back
        await pilot.pause()
        assert screen.picked == [screen.drill.cards[4], screen.drill.cards[0]]
        await pilot.click(cards[0])  # clicked again: put back
        await pilot.click(cards[3])
        await pilot.press("enter")
        await settle(pilot)
        assert screen.thrown == (screen.drill.cards[4], screen.drill.cards[3])


async def test_clicking_a_card_in_the_pegging_drill_picks_the_card_to_play(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        hand = screen.query_one("#peg-hand", HandView)
        await pilot.click(hand.query(CardView)[-1])
        await pilot.pause()
        assert screen.picked == screen.drill.situation.hand[-1]


async def test_a_card_without_a_number_presses_nothing(app):
    """The count drill's hand has no numbers: a click on a card leaves the count alone."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, CountScreen)
        await pilot.click(screen.query_one("#hand", HandView).query(CardView)[0])
        await pilot.pause()
        assert screen.query_one(Input).value == ""

"""What a learner must read is not cut at 80×24 (issue 15.8)."""

from __future__ import annotations

from textual.widgets import DataTable, OptionList, Static

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.core.cards import parse_card, parse_cards
from crib_trainer.training.drills.hands import CountDrill, DiscardDrill
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.discard import DiscardScreen
from tests.ui.conftest import enter_text, settle, until

SIZE = (80, 24)


def whole(widget) -> bool:
    """The widget has room for all its lines and sits above the footer."""
    needed = widget.get_content_height(widget.size, widget.app.size, widget.size.width)
    return needed <= widget.size.height and widget.region.bottom <= SIZE[1] - 1


async def test_the_rarity_line_under_a_big_hand_is_above_the_footer(app):
    async with app.run_test(size=SIZE) as pilot:
        # four fives and a jack turned: the spoken count, his heels, the pattern, the rarity
        drill = CountDrill(parse_cards("5H 5C 5S 5D"), parse_card("JD"), crib=False)
        app.push_screen(CountScreen("count-hand", drill=drill))
        await pilot.pause()
        await enter_text(pilot, "28")
        spoken = app.screen.query_one("#spoken", Static)
        assert "1 hand in" in str(spoken.render()) or "hands" in str(spoken.render())
        assert whole(spoken)


async def test_a_far_worse_throw_leaves_the_best_in_view(app):
    cards = parse_cards("5H 5C JD QS 2H 9C")
    worst = analyse_discards(cards, dealer=True).options[-1]
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DiscardScreen())
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # (the screen's own first deal)
        screen = app.screen
        screen.new_deal(DiscardDrill(cards, dealer=True))
        await pilot.app.workers.wait_for_complete()
        for card in worst.discard:
            await pilot.press(str(cards.index(card) + 1))
        await pilot.press("enter")
        await settle(pilot)
        table = screen.query_one("#throws", DataTable)

        def marks() -> list[str]:
            first_shown = round(table.scroll_y)
            shown = range(first_shown, first_shown + table.size.height - 1)  # (less the header)
            return [str(table.get_row_at(r)[0]) for r in shown if r < table.row_count]

        # (the table goes back to its top once laid out anew: a frame or two after the
        # cursor is put on yours, later under load)
        await until(pilot, lambda: "★" in marks()[:2])
        assert "you" in marks() and "★" in marks()[:2]  # the best, and yours, both in view


async def test_puzzle_questions_are_shown_whole(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6")
        await pilot.pause()
        listing = app.screen.query_one("#puzzle-list", OptionList)
        text = " ".join(
            " ".join(str(seg.text) for seg in listing.render_line(y)) for y in range(40)
        )
        assert "…" not in text


async def test_every_pegging_reason_can_be_read_whole(app):
    from crib_trainer.training.words.pegreasons import rank_plays
    from tests.ui.test_pegging_flow import open_pegging

    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pegging(pilot)
        while len(rank_plays(screen.drill.situation)) < 3:  # three cards to choose from
            screen.answered = True
            await pilot.press("n")
            await settle(pilot)
        options = rank_plays(screen.drill.situation)
        await pilot.press(str(screen.drill.situation.hand.index(options[0].card) + 1), "enter")
        await settle(pilot)
        table = screen.query_one("#peg-options", DataTable)
        width = sum(col.get_render_width(table) for col in table.columns.values())
        assert width <= table.size.width  # no column runs off the screen
        for row, option in enumerate(options):
            table.move_cursor(row=row)
            await pilot.pause()
            why = screen.query_one("#peg-why", Static)
            assert option.reason in str(why.render()) and whole(why)

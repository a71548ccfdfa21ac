"""The ranked tables keep the best rows in view with the learner's (a race seen under
load: the cursor scrolled into view while the table, just shown, had no height yet)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from crib_trainer.ui.widgets.rankedtable import RankedTable


class OneTable(App):
    def __init__(self, table: DataTable) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield self.table


async def shown_after_scrolling_hidden(
    table: DataTable, cursor_row: int
) -> tuple[DataTable, float]:
    """Rows in, the cursor moved and scrolled into view while the table is hidden (no
    height), as Textual did under load; then the table is shown."""
    async with OneTable(table).run_test(size=(60, 10)) as pilot:  # (16 rows: not all fit)
        table.display = False
        table.add_columns("mark", "rank")
        for n in range(16):
            table.add_row("you" if n == cursor_row else "", str(n + 1))
        await pilot.pause()  # (the rows measured: the table's virtual height is known)
        table.move_cursor(row=cursor_row, scroll=False)
        table._scroll_cursor_into_view()  # what Textual did with the table's height at 0
        scrolled_while_hidden = table.scroll_y
        table.display = True
        await pilot.pause()
        return table, scrolled_while_hidden


async def test_a_table_shown_after_a_blind_scroll_goes_back_to_its_top():
    table, blind = await shown_after_scrolling_hidden(RankedTable(cursor_type="row"), 3)
    assert blind > 0  # (the scroll the race made)
    assert table.scroll_y == 0 and table.cursor_row == 3  # the best and yours in view


async def test_a_plain_table_kept_the_blind_scroll():
    # (why RankedTable exists: Textual's own table leaves its best rows above the view)
    table, blind = await shown_after_scrolling_hidden(DataTable(cursor_type="row"), 3)
    assert table.scroll_y == blind > 0


async def test_a_cursor_out_of_view_from_the_top_keeps_its_row_in_view():
    table = RankedTable(cursor_type="row")
    async with OneTable(table).run_test(size=(60, 6)) as pilot:
        table.add_columns("mark", "rank")
        for n in range(16):
            table.add_row("", str(n + 1))
        await pilot.pause()
        table.move_cursor(row=12)
        await pilot.pause()
        await pilot.resize_terminal(60, 7)
        await pilot.pause()
        first = round(table.scroll_y)
        assert first <= 12 < first + table.scrollable_content_region.height - 1

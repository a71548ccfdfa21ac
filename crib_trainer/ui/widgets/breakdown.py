"""Every item of a show as a table, in the spoken order, with missed items marked.

Moving the cursor over an item posts :class:`BreakdownView.ItemHighlighted` with its cards,
so a screen can light those cards up in the hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from crib_trainer.core.cards import Card, format_cards
from crib_trainer.core.show import Breakdown, ShowItem
from crib_trainer.training.words.explain import item_name, spoken_order


class BreakdownView(DataTable):
    """The items of a breakdown; ``missed`` items are marked and styled."""

    class ItemHighlighted(Message):
        """An item was highlighted: its cards light up."""

        def __init__(self, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.cards = cards

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._items: list[ShowItem] = []

    def on_mount(self) -> None:
        self.add_columns("item", "cards", "pts", "running", "")

    def show(self, breakdown: Breakdown, missed: Iterable[ShowItem] = ()) -> None:
        """Fill the table with the breakdown's items, in the order they are spoken."""
        missed = list(missed)
        self.clear()
        self._items = spoken_order(breakdown)
        running = 0
        for item in self._items:
            running += item.points
            error = f"bold {self.app.theme_variables['error']}"
            mark = Text("missed", style=error) if item in missed else Text("")
            self.add_row(
                item_name(item), format_cards(item.cards), str(item.points), str(running), mark
            )
        if not self._items:
            self.add_row("nineteen", "nothing scores", "0", "0", "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if 0 <= event.cursor_row < len(self._items):
            self.post_message(self.ItemHighlighted(self._items[event.cursor_row].cards))

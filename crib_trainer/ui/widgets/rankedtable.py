"""A table of choices ranked best first, with the cursor on the learner's own.

The drills show it once a throw or a card is graded: the best first, the learner's row
moved up next to it, the cursor on the learner's. Textual scrolls the cursor's row into
view once the rows are in; a table just shown may still be laid out with no height then
(it was hidden), and it scrolled as if none of it were in view: its top rows, the best,
ended above the view (seen under load, a few runs in a hundred). This one goes back to
its top each time it is laid out anew, if the cursor's row is in view from there.
"""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import DataTable


class RankedTable(DataTable):
    """A row-cursor DataTable that shows its top rows whenever the cursor's row fits."""

    def on_resize(self, event: Resize) -> None:
        """Back to the top when the cursor's row is in view from there."""
        header = self.header_height if self.show_header else 0
        rows = self.scrollable_content_region.height - header
        if 0 <= self.cursor_row < rows:
            self.scroll_to(y=0, animate=False, immediate=True)

"""A game's log that keeps its last line in view when it is made shorter.

A RichLog scrolls to its end as lines are written, but when something above it takes
rows (the practice game's count box, a prompt grown to two lines) it keeps its scroll
offset, and the newest lines go out of view below. This one, at its end before, stays
there; scrolled back to read, it is left where it is.
"""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import RichLog


class FollowingLog(RichLog):
    """A RichLog that stays at its end when its height changes, if it was at its end."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rows = 0  # the rows it showed before this resize (0: not yet laid out)

    def on_resize(self, event: Resize) -> None:
        """Scroll to the end if the last line was in view at the old height."""
        rows = self.scrollable_content_region.height
        last_end = max(0, self.virtual_size.height - self.rows)
        if self.rows and rows != self.rows and self.scroll_y >= last_end:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.rows = rows

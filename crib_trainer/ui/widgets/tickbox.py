"""A checkbox that reads without colour: ☑ when ticked, ☐ when not (Textual's own box
shows the same X either way and tells them apart by colour alone)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A :class:`~textual.widgets.Checkbox` drawn ☑ (ticked) or ☐ (not ticked)."""

    TICKED = "☑"
    UNTICKED = "☐"
    BUTTON_INNER = UNTICKED

    def render(self) -> Content:
        self.BUTTON_INNER = self.TICKED if self.value else self.UNTICKED
        return super().render()

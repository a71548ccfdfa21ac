"""An input for a small number of points that leaves letter keys to the screen's bindings."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class PointsInput(Input):
    """Digits only (0–99). Letters are not consumed, so keys such as ``i`` or ``n`` bound
    on the screen still work while this input has focus.
    """

    def __init__(self, *, placeholder: str = "", id: str | None = None, classes: str = "") -> None:
        super().__init__(
            placeholder=placeholder, restrict=r"\d{0,2}", max_length=2, id=id, classes=classes
        )

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Digits only: other keys reach the screen's bindings."""
        return character is not None and character.isdigit()

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not (event.character or "").isdigit():
            # Not ours: skip Input's own handler and let the key reach the bindings.
            event.prevent_default()

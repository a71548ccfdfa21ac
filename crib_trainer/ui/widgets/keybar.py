"""The keys of a screen as one line at its foot: what Textual's ``Footer`` shows, drawn as
one widget.

Textual's footer is a widget per key, all composed again whenever the screen's keys
change (a focus moving is enough) and each restyled as it mounts: most of the cost of
opening a screen. This bar draws the same keys from the same place (the screen's active
bindings, those with ``show``, one per action, switched-off actions left out, disabled
ones dim), the command palette's key on the right; a click presses a key, the mouse over a
key lights it and shows its tooltip.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual import events
from textual.widget import Widget


@dataclass(frozen=True)
class KeySpan:
    """A key as the bar shows it, in columns ``start`` to ``end`` (``end`` excluded):
    `` key description `` (the palette's: ``▏key description ``).

    >>> KeySpan("question_mark", "?", "Help", "this help", True, 0).end
    8
    """

    key: str
    display: str
    description: str
    tooltip: str
    enabled: bool
    start: int
    palette: bool = False

    @property
    def parts(self) -> tuple[str, str, str]:
        """What is drawn: the lead (a space, or the palette's edge), the key, the words.

        >>> KeySpan("escape", "esc", "Back", "", True, 0).parts
        (' ', 'esc ', 'Back ')
        """
        lead = PALETTE_EDGE if self.palette else " "
        if self.palette:
            return lead, self.display, f" {self.description} "
        return lead, f"{self.display} ", f"{self.description} " if self.description else ""

    @property
    def end(self) -> int:
        """The column after the key's last (a space after its words)."""
        return self.start + sum(map(len, self.parts))


#: The line at the left of the palette's key.
PALETTE_EDGE = "▏"


class KeyBar(Widget, can_focus=False):
    """The screen's keys on one line, docked at the bottom."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--edge", "keybar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keybar--edge {
            color: $foreground 20%;
        }
        .keybar--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._hovered: KeySpan | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh()

    def spans(self) -> list[KeySpan]:
        """The keys shown, left to right, then the palette's (if the app has one) at the
        right edge; a key whose ``end`` passes the palette's ``start`` is cut off."""
        app = self.app
        out: list[KeySpan] = []
        actions: set[str] = set()
        palette: KeySpan | None = None
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            display = app.get_key_display(binding)
            if binding.key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                tip = binding.tooltip or binding.description
                palette = KeySpan(binding.key, display, binding.description, tip, enabled, 0, True)
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            start = out[-1].end if out else 0
            out.append(KeySpan(binding.key, display, binding.description, tooltip, enabled, start))
        if palette is not None:
            start = self.size.width - palette.end
            out.append(replace(palette, start=start))
        return out

    def render(self) -> Text:
        styles = [
            self.get_component_rich_style(name)
            for name in ("keybar--key", "keybar--key", "keybar--description")
        ]
        edge = self.get_component_rich_style("keybar--edge")
        hover = self.get_component_rich_style("keybar--hover")
        line = Text(no_wrap=True, end="")
        for span in self.spans():
            line.truncate(max(0, span.start))  # (a key cut off by the palette's)
            line.append(" " * (span.start - len(line)))
            lit = span == self._hovered
            for i, (part, style) in enumerate(zip(span.parts, styles, strict=True)):
                if span.palette and i == 0:
                    style = edge
                line.append(part, hover if lit else style)
            if not span.enabled:
                line.stylize("dim", span.start, span.end)
        line.truncate(self.size.width)
        line.stylize_before(self.rich_style)
        return line

    def _span_at(self, x: int) -> KeySpan | None:
        """The key under column ``x`` (the palette's wins where it covers a cut key)."""
        found = [s for s in self.spans() if s.start <= x < s.end]
        return found[-1] if found else None

    def on_click(self, event: events.Click) -> None:
        span = self._span_at(event.x)
        if span is None:
            return
        if span.enabled:
            self.app.simulate_key(span.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        span = self._span_at(event.x)
        if span != self._hovered:
            self._hovered = span
            self.tooltip = span.tooltip if span is not None else None
            self.refresh()

    def on_leave(self, _: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()

"""``?``: the keys of the screen underneath, each with what it does (its tooltip), the
screen's own notes (the scorekeeper's entry syntax), and the keys that work everywhere."""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

GLOBAL_KEYS = [
    ("? or F1", "this help (F1 also while typing)"),
    ("ctrl+t", "light or dark theme"),
    ("ctrl+p", "command palette: every screen and command"),
    ("escape", "back"),
    ("ctrl+q", "quit"),
]


class HelpScreen(ModalScreen[None]):
    """The keys of the screen below, each with what it does."""

    BINDINGS = [Binding("escape,question_mark,q,f1", "dismiss", "Close")]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        rows = list(getattr(self.under, "HELP_KEYS", ()))  # keys not in the footer
        listed = {key for key, _ in rows}  # (a key said there is not said twice)
        rows += [
            (b.key_display or b.key, b.tooltip or b.description)
            for b in self._screen_bindings()
            if (b.key_display or b.key) not in listed
        ]
        lines = ["[b]Keys on this screen[/b]", *_table(rows), ""]
        notes = getattr(self.under, "HELP_TEXT", "")
        if notes:
            lines += [notes, ""]
        lines += ["[b]Everywhere[/b]"]
        lines += _table(GLOBAL_KEYS)
        with Vertical(id="help"):
            with VerticalScroll(id="help-words"):  # (↑ ↓, PgUp, PgDn, Home, End)
                yield Static("\n".join(lines), id="help-text")
            yield Static("[dim]escape closes · ↑ ↓ scroll[/dim]")

    def on_mount(self) -> None:
        self.query_one("#help-words").focus()

    def _screen_bindings(self) -> list[Binding]:
        out = []
        for item in self.under.BINDINGS:
            binding = item if isinstance(item, Binding) else Binding(*item)
            action = binding.action.split("(")[0]
            if self.under.check_action(action, ()) is False:
                continue  # a key switched off on this screen just now
            if binding.show and binding.description:
                out.append(binding)
        return out


#: Room for a line in the help box (#help in app.tcss: 64 wide, less its border and padding).
HELP_WIDTH = 58
#: Room for a key's words (the line less the key column, 11 wide).
WORDS_WIDTH = HELP_WIDTH - 11


def _table(rows: list[tuple[str, str]]) -> list[str]:
    """Keys and what they do, the words wrapped under themselves; a key too long for its
    column has its words on the lines below.

    >>> for line in _table([("n", "deal the next hand, once this one is answered " * 2)]):
    ...     print(line)
      [b]n       [/b] deal the next hand, once this one is answered
               deal the next hand, once this one is answered
    >>> for line in _table([("undo (typed)", "as ctrl+z")]):
    ...     print(line)
      [b]undo (typed)[/b]
               as ctrl+z
    """
    out = []
    for key, what in rows:
        lines = textwrap.wrap(what, WORDS_WIDTH) or [""]
        if len(key) > 8:
            out.append(f"  [b]{key}[/b]")
            lines.insert(0, "")
        else:
            out.append(f"  [b]{key:<8}[/b] {lines[0]}")
        out += [" " * 11 + line for line in lines[1:]]
    return out or ["  (none)"]

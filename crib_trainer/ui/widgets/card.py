"""Cards drawn as cards: rank and suit glyph in a small box, red or black. A numbered card
is picked by a click or a tap as by its number key."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.widgets import Label, Static

from crib_trainer.core.cards import Card


class CardView(Static):
    """One card: a rounded box with the rank at the top and the suit below.

    The ``lit`` class highlights it (used to show which cards make an item).
    """

    def __init__(self, card: Card, *, id: str | None = None) -> None:
        super().__init__(self._face(card), id=id, classes="red" if card.suit.is_red else "black")
        self.card = card

    @staticmethod
    def _face(card: Card) -> str:
        return f"{card.rank.label:<2}\n {card.suit.glyph}"


class NumberedCard(Vertical):
    """A card with its number under it."""

    def __init__(self, card: Card, number: int) -> None:
        super().__init__(classes="numbered")
        self.card = card
        self.number = number

    def compose(self) -> ComposeResult:
        yield CardView(self.card)
        yield Label(f"  {self.number}", classes="card-number")


class HandView(Horizontal):
    """A row of cards, with the starter set apart on the right. Numbered, a click (or a
    tap) on a card or its number presses that number's key: it picks the card wherever
    the key does, and does what the key does anywhere else."""

    def __init__(
        self,
        cards: Iterable[Card] = (),
        starter: Card | None = None,
        *,
        starter_label: str = "starter",
        numbered: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.cards = tuple(cards)
        self.starter = starter
        self.starter_label = starter_label
        self.numbered = numbered

    def compose(self) -> ComposeResult:
        for number, card in enumerate(self.cards, start=1):
            if self.numbered:
                yield NumberedCard(card, number)
            else:
                yield CardView(card)
        if self.starter is not None:
            with Vertical(classes="starter"):
                yield CardView(self.starter)
                yield Label(self.starter_label, classes="starter-label")

    def on_click(self, event: events.Click) -> None:
        """Press the number of the card clicked, if it has one."""
        node: DOMNode | None = event.widget
        while node is not None and node is not self:
            if isinstance(node, NumberedCard):
                event.stop()
                self.app.simulate_key(str(node.number))
                return
            node = node.parent

    def show(self, cards: Iterable[Card], starter: Card | None = None) -> None:
        """Deal new cards into the view."""
        self.cards = tuple(cards)
        self.starter = starter
        self.refresh(recompose=True)

    def mark(self, cards: Iterable[Card], css_class: str) -> None:
        """Give exactly these cards a CSS class (``picked``, ``lit``)."""
        wanted = set(cards)
        for view in self.query(CardView):
            view.set_class(view.card in wanted, css_class)

    def light(self, cards: Iterable[Card]) -> None:
        """Highlight exactly these cards (none when empty)."""
        wanted = set(cards)
        for view in self.query(CardView):
            view.set_class(view.card in wanted, "lit")

"""Cards drawn as cards: rank and suit glyph in a small box, red or black."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
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


class HandView(Horizontal):
    """A row of cards, with the starter set apart on the right."""

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
                with Vertical(classes="numbered"):
                    yield CardView(card)
                    yield Label(f"  {number}", classes="card-number")
            else:
                yield CardView(card)
        if self.starter is not None:
            with Vertical(classes="starter"):
                yield CardView(self.starter)
                yield Label(self.starter_label, classes="starter-label")

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

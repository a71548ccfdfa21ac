"""What the two throw drills (discards, position) share: the layout, the role keys, and
picking the cards to throw with the number keys."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from crib_trainer.core.cards import Card
from crib_trainer.core.variants import get_variant
from crib_trainer.ui.screens.base import TrainerScreen
from crib_trainer.ui.widgets.card import HandView
from crib_trainer.ui.widgets.rankedtable import RankedTable

#: The role keys: deal as dealer, as pone, or either (``action_role``).
ROLE_KEYS = {"d": "dealer", "p": "pone", "r": "either"}


def throw_widgets(heading: str) -> Iterator[Widget]:
    """A throw drill's body: the ``heading`` line (its id), the cards dealt (numbered),
    the status, the verdict, the table of throws (hidden until thrown) and the why."""
    yield Static(id=heading)
    yield HandView(id="dealt", numbered=True)
    yield Static(id="discard-status")
    yield Static(id="discard-verdict")
    yield RankedTable(id="throws", cursor_type="row", zebra_stripes=True)
    yield Static(id="discard-why")


class ThrowPicking(TrainerScreen):
    """The number keys pick the cards to throw (again: put back; one too many drops the
    first picked) and ``enter`` throws them, for a screen with ``drill`` (its ``cards``
    and ``variant``), ``picked``, ``thrown``, ``revealed``, ``analysis`` and ``reveal``.
    A throw made before the analysis is done is revealed when it comes."""

    drill: Any
    analysis: Any
    picked: list[Card]
    thrown: tuple[Card, ...] | None
    #: Whether this one is answered: ``n`` is dimmed until it is (it would do nothing).
    revealed = reactive(False, bindings=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "next_deal" and not self.revealed else True

    def reveal(self) -> None:
        """Grade the throw and show every throw ranked."""
        raise NotImplementedError

    def action_pick(self, number: int) -> None:
        """Pick (or put back) the ``number``-th card dealt."""
        if self.revealed or self.drill is None or number > len(self.drill.cards):
            return
        card = self.drill.cards[number - 1]
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
            if len(self.picked) > get_variant(self.drill.variant).discard:
                self.picked.pop(0)
        self.query_one("#dealt", HandView).mark(self.picked, "picked")

    def action_throw(self) -> None:
        """Throw the cards picked, once there are as many as the game throws."""
        if self.revealed or self.drill is None:
            return
        need = get_variant(self.drill.variant).discard
        if len(self.picked) != need:
            cards = "card" if need == 1 else "cards"
            keys = f"keys 1–{len(self.drill.cards)}"
            self.notify(f"Pick {need} {cards} to throw first ({keys}).")
            return
        self.thrown = tuple(self.picked)
        if self.analysis is not None:
            self.reveal()

"""The game variants: how many play, what is dealt, and how the play and the game run
(the rule sets and their laws are :mod:`crib_trainer.core.rules`').

A light module on purpose: a command that needs only the variants (``peg``) does not
load the laws.

>>> get_variant("five-card").hand_size
3
>>> SIX_CARD.crib_size
4
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_trainer.core.cards import Card, CardError, check_cards, check_distinct, format_cards


@dataclass(frozen=True, slots=True)
class Variant:
    """How many play, what is dealt, and how the play and the game run.

    ``hand_size`` cards are kept and shown with the starter; the crib always has
    ``crib_size`` cards (each player's throw plus, with three players, one from the pack).
    """

    name: str
    title: str
    players: int
    dealt: int
    discard: int
    crib_from_pack: int = 0
    target: int = 121
    # Five-card two-handed game: the play is over the first time neither can come in.
    play_ends_at_first_go: bool = False
    partnerships: bool = False
    # Five-card two-handed game: the non-dealer scores three at the start of the game.
    three_for_last: bool = False

    @property
    def hand_size(self) -> int:
        return self.dealt - self.discard

    @property
    def crib_size(self) -> int:
        return self.players * self.discard + self.crib_from_pack

    def shown_size(self, crib: bool) -> int:
        """Cards in a hand (``crib=False``) or crib (``crib=True``), starter not included."""
        return self.crib_size if crib else self.hand_size


SIX_CARD = Variant("six-card", "six-card two-player", players=2, dealt=6, discard=2)
FIVE_CARD = Variant(
    "five-card",
    "five-card two-player",
    players=2,
    dealt=5,
    discard=2,
    target=61,
    play_ends_at_first_go=True,
    three_for_last=True,
)
# Britannica scores every game it describes (two, three or four players) to 61; the 1911
# article moves only the six-card game to 121.
THREE_PLAYER = Variant(
    "three-player", "three-player", players=3, dealt=5, discard=1, crib_from_pack=1, target=61
)
FOUR_PLAYER = Variant(
    "four-player",
    "four-player partnership",
    players=4,
    dealt=5,
    discard=1,
    target=61,
    partnerships=True,
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (SIX_CARD, FIVE_CARD, THREE_PLAYER, FOUR_PLAYER)}
_ALIASES = {
    "6": "six-card",
    "six": "six-card",
    "5": "five-card",
    "five": "five-card",
    "3": "three-player",
    "three": "three-player",
    "4": "four-player",
    "four": "four-player",
}


class VariantError(ValueError):
    """A game that is not one of the variants; the message names those that are."""


def get_variant(name: str | Variant) -> Variant:
    """Look up a variant by name (``six-card``, ``five-card``, ``three-player``,
    ``four-player``) or a short alias (``6``, ``five`` …); :class:`VariantError` names the
    variants otherwise.

    >>> get_variant("five").name
    'five-card'
    >>> get_variant("seven")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    crib_trainer.core.variants.VariantError: unknown variant 'seven'; choose one of six-card, ...
    """
    if isinstance(name, Variant):
        return name
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in VARIANTS:
        raise VariantError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[key]


def check_show_cards(
    cards: tuple[Card, ...],
    starter: Card,
    *,
    crib: bool,
    variant: Variant,
    short: bool = False,
) -> None:
    """Raise :class:`CardError` unless ``cards`` + ``starter`` is a legal show for the variant.
    With ``short``, a hand (not a crib) may have fewer cards than the variant deals it: a
    player who laid out with too few plays with his hand short (Britannica, law 10)."""
    check_cards((*cards, starter))
    want = variant.shown_size(crib)
    what = "crib" if crib else "hand"
    allowed_short = short and not crib and 1 <= len(cards) < want
    if len(cards) != want and not allowed_short:
        raise CardError(
            f"a {variant.name} {what} has {want} cards plus the starter; "
            f"got {len(cards)}: {format_cards(cards)}"
        )
    if starter in cards:
        raise CardError(f"duplicate card {starter}: the starter is also in the {what}")
    check_distinct(cards)

"""Practice cribs dealt as players would throw them, not four cards at random.

Each player is dealt his cards and throws what a good player throws: the discard
analysis' best throw against the weighted opponent model (the dealer, and with four
players his partner, throw to their own crib, the others to an opponent's).
With three players one card of the pack joins the crib; the starter is cut from the rest.

>>> import random
>>> deal = thrown_crib(random.Random(5))
>>> len(deal.crib), len(deal.throws), deal.starter not in deal.crib
(4, 2, True)
>>> all(set(t) <= set(h) for t, h in zip(deal.throws, deal.hands, strict=True))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant


@dataclass(frozen=True, slots=True)
class ThrownCrib:
    """The hands dealt (the dealer's last), each player's throw, and the crib they made
    (the throws in turn, then any card from the pack) with the starter."""

    hands: tuple[tuple[Card, ...], ...]
    throws: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card


def choose_throw(
    dealt: Sequence[Card], *, variant: Variant | str, own_crib: bool
) -> tuple[Card, ...]:
    """The throw a good player makes: the discard analysis' best against the weighted
    opponent model (as the pegging drills' players keep).

    >>> from crib_trainer.core.cards import parse_cards, format_cards
    >>> hand = parse_cards("2H 3D 7C 8S KH QC")
    >>> format_cards(choose_throw(hand, variant="six-card", own_crib=True))  # 7-8 to his own
    '7♣ 8♠'
    >>> format_cards(choose_throw(hand, variant="six-card", own_crib=False))  # K-Q to another's
    'K♥ Q♣'
    """
    best = analyse_discards(tuple(dealt), dealer=own_crib, variant=variant, opponent="weighted")
    return tuple(best.best.discard)


def thrown_crib(rng: random.Random, variant: Variant | str = SIX_CARD) -> ThrownCrib:
    """Deal every player, let each throw as a good player would, cut a starter."""
    v = get_variant(variant)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * v.dealt : (i + 1) * v.dealt]) for i in range(v.players))
    rest = deck[v.players * v.dealt :]
    dealer = v.players - 1
    throws = tuple(
        choose_throw(
            hand, variant=v, own_crib=q == dealer or (v.partnerships and q % 2 == dealer % 2)
        )
        for q, hand in enumerate(hands)
    )
    pack = tuple(rest[: v.crib_from_pack])
    crib = tuple(c for t in throws for c in t) + pack
    return ThrownCrib(hands, throws, crib, rest[v.crib_from_pack])

"""``score --batch``'s JSON lines, each shape of show rendered once and its cards filled in.

A show's JSON line (:func:`crib_trainer.cli.score.score_json`, written as ``score --batch``
writes it) depends on the cards only through its *shape*:

- the ranks of the cards and starter in card order (the fifteens, pairs and runs, the
  spoken count and the pattern are worked from these alone);
- where in that order the flush's cards and his nob's jack are;
- whether it is a crib of four cards of one suit (the note on the crib's flush);
- with three fives, the order the ten-cards were given in (the pattern names the first
  ten-card given, a jack before any other);

and otherwise only through the cards' codes, the hand's order as given, the starter and
whether it is a crib, none of which changes the rest of the line. So the first show of each
shape is rendered the ordinary way, its card codes are then replaced by slots, and every
later show of that shape fills the slots in: the same bytes, at a fraction of the cost
(a test compares the two on random deals).

>>> from crib_trainer.cli.score import score_json
>>> from crib_trainer.core.cards import parse_card, parse_cards
>>> lines = ShowLines(SIX_CARD)
>>> ordinary = []
>>> for hand, starter in (("5H 5C 5S JC", "5D"), ("JS 5C 5D 5S", "5H")):
...     cards = parse_cards(hand)
...     ordinary.append(lines.line(cards, parse_card(starter), crib=False) == json.dumps(
...         score_json(score_show(cards, parse_card(starter))), ensure_ascii=False))
>>> ordinary, len(lines.templates)
([True, True], 1)
"""

from __future__ import annotations

import json
from operator import attrgetter

from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.rules import SIX_CARD, Variant
from crib_trainer.core.show import flush, nobs, score_show

_INDEX = attrgetter("index")
JACK, FIVE = Rank.JACK - 1, Rank.FIVE - 1  # (as ranks in a shape: rank − 1)
_CARDS, _STARTER, _CRIB = "\x00cards", "\x00starter", "\x00crib"  # (never card codes)


class ShowLines:
    """Writes shows of one variant as ``score --batch`` JSON lines, keeping one template
    per shape of show met (at most a few tens of thousands)."""

    def __init__(self, variant: Variant = SIX_CARD) -> None:
        self.variant = variant
        self.templates: dict[tuple[object, ...], str] = {}

    def line(self, cards: tuple[Card, ...], starter: Card, *, crib: bool) -> str:
        """The JSON line of a full hand (or crib) and its starter; a wrong number of
        cards or a card given twice raises :class:`~crib_trainer.core.cards.CardError`
        as :func:`~crib_trainer.core.show.score_show` does."""
        every = sorted((*cards, starter), key=_INDEX)
        if len(cards) != self.variant.shown_size(crib) or len({*every}) != len(every):
            score_show(cards, starter, crib=crib, variant=self.variant)  # raises
        suit = cards[0].suit
        one_suit = all([c.suit is suit for c in cards])
        ranks = [c.index >> 2 for c in every]  # (rank − 1, as a plain int)
        key: tuple[object, ...] = (tuple(ranks), crib and one_suit)
        if one_suit or JACK in ranks or ranks.count(FIVE) == 3:
            at = {c.index: i for i, c in enumerate(every)}  # (by index: Card == is slow)
            if one_suit:
                key += tuple(
                    tuple([at[c.index] for c in f.cards]) for f in flush(cards, starter, crib=crib)
                )
            if JACK in ranks:
                key += ("nob", *[at[n.cards[0].index] for n in nobs(cards, starter)])
            if ranks.count(FIVE) == 3:
                key += ("tens", *[at[c.index] for c in (*cards, starter) if c.value == 10])
        template = self.templates.get(key)
        if template is None:
            template = self.templates[key] = self._template(cards, starter, crib, every)
        return template.format(
            *[c.code for c in every],
            '", "'.join([c.code for c in cards]),
            starter.code,
            "true" if crib else "false",
        )

    def _template(
        self, cards: tuple[Card, ...], starter: Card, crib: bool, every: list[Card]
    ) -> str:
        """The show's line rendered the ordinary way, as a format string: a slot for each
        card in card order (``{0}`` …), then for the hand as given, the starter and the
        crib."""
        from crib_trainer.cli.score import score_json

        data = score_json(score_show(cards, starter, crib=crib, variant=self.variant))
        data |= {"cards": _CARDS, "starter": _STARTER, "crib": _CRIB}
        text = json.dumps(data, ensure_ascii=False).replace("{", "{{").replace("}", "}}")
        n = len(every)
        slots = (f'["{{{n}}}"]', f'"{{{n + 1}}}"', f"{{{n + 2}}}")
        for name, slot in zip((_CARDS, _STARTER, _CRIB), slots, strict=True):
            text = text.replace(json.dumps(name), slot)
        for i, card in enumerate(every):
            text = text.replace(f'"{card.code}"', f'"{{{i}}}"')
        return text

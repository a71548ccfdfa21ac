"""A show's JSON, as ``score --json`` and every ``score --batch`` line write it: one
module that both :mod:`crib_trainer.cli.score` and :mod:`crib_trainer.cli.score_lines`
read (neither imports the other).

>>> from crib_trainer.core.cards import parse_card, parse_cards
>>> from crib_trainer.core.show import score_show
>>> score_json(score_show(parse_cards("5H 5C 5S JD"), parse_card("5D")))["total"]
29
"""

from __future__ import annotations

from crib_trainer.core.show import Breakdown
from crib_trainer.training.words.explain import show_notes, spoken_count
from crib_trainer.training.words.patterns import pattern


def score_json(b: Breakdown, verdict_json: dict[str, object] | None = None) -> dict[str, object]:
    """A show's JSON: the breakdown, the cards, the spoken count, the pattern, and the
    verdict on a claim if any."""
    out = b.to_json()
    out |= {
        "cards": [c.code for c in b.cards],
        "starter": b.starter.code,
        "crib": b.crib,
        "variant": b.variant.name,
        "spoken": spoken_count(b),
        "notes": show_notes(b),
        "pattern": pattern(b).to_json(),
    }
    if verdict_json:
        out |= verdict_json
    return out

"""The fourth card of a rank: no reply of that rank is looked for (there is no fifth)."""

from __future__ import annotations

from crib_trainer.analysis.pegging import PegSituation, analyse
from crib_trainer.core.cards import parse_cards
from crib_trainer.core.pegging import parse_peg_tokens


def test_laying_the_fourth_two_is_ranked_with_its_double_pair_royal():
    s = PegSituation.from_sequence(parse_peg_tokens("2S 2H 2D".split()), parse_cards("2C 9H KD"))
    options = analyse(s).options
    best = options[0]
    assert best.card.code == "2C" and best.immediate == 12
    assert all(r.ranks[0] != 2 for o in options for r in o.replies)

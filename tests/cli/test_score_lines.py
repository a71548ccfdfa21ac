"""``score --batch``'s fast lines are the ordinary rendering, byte for byte."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_trainer.cli.score import parse_deal, score_json
from crib_trainer.cli.score_lines import ShowLines
from crib_trainer.core.cards import FULL_DECK, CardError
from crib_trainer.core.rules import VARIANTS
from crib_trainer.core.show import score_show

# One renderer per variant for the whole module: later examples fill in the templates
# that earlier ones made, which is what the batch does.
LINES = {name: ShowLines(variant) for name, variant in VARIANTS.items()}
FIVES_AND_TENS = [c for c in FULL_DECK if c.value in (5, 10)]


def ordinary(cards, starter, crib, variant):
    b = score_show(cards, starter, crib=crib, variant=variant)
    return json.dumps(score_json(b), ensure_ascii=False)


# Deals heavy in what changes a show's shape: fives and ten-cards (the named hands),
# jacks (his nob), one suit (flushes, the crib's flush note), in any order.
shown_cards = st.one_of(
    st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(FIVES_AND_TENS), min_size=5, max_size=5, unique=True),
    st.lists(
        st.sampled_from(FULL_DECK[:20:4] + FULL_DECK[1::4]), min_size=5, max_size=5, unique=True
    ),
    st.sampled_from(["SHDC"[i] for i in range(4)]).flatmap(
        lambda s: st.lists(
            st.sampled_from([c for c in FULL_DECK if c.suit.value == s or c.rank == 11]),
            min_size=5,
            max_size=5,
            unique=True,
        )
    ),
)


@given(five=shown_cards, crib=st.booleans(), variant=st.sampled_from(list(VARIANTS)))
def test_a_line_is_the_ordinary_rendering(five, crib, variant):
    rules = VARIANTS[variant]
    size = rules.shown_size(crib)
    cards, starter = tuple(five[:size]), five[size]
    assert LINES[variant].line(cards, starter, crib=crib) == ordinary(cards, starter, crib, rules)


@pytest.mark.parametrize(
    ("text", "crib"), [("5H 5C 5S | 5D", False), ("5H 5C 5S JD | 5H", False), ("5H | 5D", True)]
)
def test_a_bad_show_is_refused_as_ordinarily(text, crib):
    deal = parse_deal(text)
    with pytest.raises(CardError) as fast:
        LINES["six-card"].line(deal.cards, deal.starter, crib=crib)
    with pytest.raises(CardError) as slow:
        score_show(deal.cards, deal.starter, crib=crib)
    assert str(fast.value) == str(slow.value)


words = st.one_of(
    st.sampled_from([c.code for c in FULL_DECK] + ["10d", "t♣", "5h"]),
    st.sampled_from(["|", "crib", "CRIB", "1H", ",", "5H,", "|5D", "x"]),
)


@given(tokens=st.lists(words, max_size=8), gap=st.sampled_from([" ", "  ", "\t", " \u00a0"]))
def test_the_quick_reader_reads_what_parse_deal_reads(tokens, gap):
    """A plainly written line gives the line of the deal parse_deal reads; any other line,
    a bad one included, is left to the ordinary reader (None)."""
    text = gap.join(tokens)
    lines = LINES["six-card"]
    quick = lines.plain_line(text)
    try:
        deal = parse_deal(text)
        slow = lines.line(deal.cards, deal.starter, crib=deal.crib)
    except CardError:
        assert quick is None
    else:
        assert quick in (None, slow)


def test_shows_of_one_shape_share_a_template_and_still_match():
    """Deals from fives, tens and jacks alone repeat shapes often: every line is still
    the ordinary rendering, the hands' order and suits included."""
    import random

    rng = random.Random(16)
    pool = [c for c in FULL_DECK if c.rank in (5, 10, 11)]
    lines = ShowLines(VARIANTS["six-card"])
    for _ in range(300):
        five = rng.sample(pool, 5)
        crib = rng.random() < 0.3
        cards, starter = tuple(five[:4]), five[4]
        assert lines.line(cards, starter, crib=crib) == ordinary(
            cards, starter, crib, lines.variant
        )
    assert len(lines.templates) < 150

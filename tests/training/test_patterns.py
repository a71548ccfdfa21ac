"""Counting by patterns: the chunks add up to the count, and each family is named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_trainer.core.show import score_show
from crib_trainer.training.words.explain import number_word
from crib_trainer.training.words.patterns import FAMILIES, LESSONS, pattern
from tests.conftest import card, cards, deals


@pytest.mark.parametrize(
    ("hand", "starter", "family", "says"),
    [
        # The examples and the named hands.
        ("9H 6C 5D 4S", "4D", "double-run", "Fifteen six and a double run is fourteen."),
        (
            "7H 8C 8D 9S",
            "7D",
            "double-double-run",
            "Fifteen eight and a double-double run is twenty-four.",
        ),
        ("7H 7C 8D 3S", "KC", "pair", "Fifteen two, fifteen four and a pair is six."),
        ("5H 5C 5S JD", "5D", "twenty-nine", "Twenty-nine: the best hand there is."),
        ("5H 5C 5S JD", "2C", "three-fives-and-a-ten", "Three fives and the jack is fourteen."),
        (
            "5H 5C 5S QD",
            "KC",
            "three-fives-and-a-ten",
            "Three fives and a queen is fourteen and three more fifteens is twenty.",
        ),
        (
            "5H 5C 5S 5D",
            "JC",
            "four-fives",
            "Four fives are twenty and four more fifteens is twenty-eight.",
        ),
        ("2H 3C 4D 4S", "4C", "triple-run", "Fifteen two and a triple run is seventeen."),
        (
            "2H 3C 4D 4S",
            "5C",
            "double-run-of-four",
            "Fifteen two and a double run of four is twelve.",
        ),
        ("6H 6C 9D 9S", "KC", "two-pairs", "Fifteen eight and two pairs is twelve."),
        (
            "JH 2C 4D 8S",
            "3H",
            "run-of-three",
            "Fifteen two, fifteen four, a run of three is seven and one for his nob is eight.",
        ),
        ("2H 7C 9D KS", "QD", "nineteen", "Nineteen: nothing to count."),
        ("JH 2C 4D 8S", "QH", "nob", "One for his nob."),
        ("2H 4H 6H 8H", "KS", "flush", "A flush of four is four."),
    ],
)
def test_families_and_what_is_said(hand, starter, family, says):
    p = pattern(score_show(cards(hand), card(starter)))
    assert (p.family, p.says) == (family, says)
    assert p.lesson == LESSONS[family]


def test_the_fixed_values_of_the_families():
    value = {
        c.family: c.points for c in pattern(score_show(cards("7H 8C 8D 9S"), card("7D"))).chunks
    }
    assert value["double-double-run"] == 16
    value = {
        c.family: c.points for c in pattern(score_show(cards("3H 4C 5D 5S"), card("KC"))).chunks
    }
    assert value["double-run"] == 8
    value = {
        c.family: c.points for c in pattern(score_show(cards("3H 3C 3D 4S"), card("5C"))).chunks
    }
    assert value["triple-run"] == 15


@given(deals(4), st.booleans())
def test_the_chunks_add_up_to_the_count_and_are_said_in_full(deal, crib):
    hand, starter = deal
    b = score_show(hand, starter, crib=crib)
    p = pattern(b)
    assert sum(c.points for c in p.chunks) == b.total
    assert p.family in FAMILIES and all(c.family in FAMILIES for c in p.chunks)
    every = {*hand, starter}
    assert all(set(c.cards) <= every and c.points > 0 for c in p.chunks)
    if b.total and p.family != "twenty-nine" and p.says != "One for his nob.":
        assert p.says.endswith(f" {number_word(b.total)}.")  # the count ends on the total
    assert p.to_json()["chunks"] == [c.to_json() for c in p.chunks]

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_trainer.core.cards import (
    FULL_DECK,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5h", "5H"),
        ("5H", "5H"),
        ("5♥", "5H"),
        ("10d", "TD"),
        ("TD", "TD"),
        ("td", "TD"),
        ("J♣", "JC"),
        ("a♠", "AS"),
        ("q♢", "QD"),
        ("K♤", "KS"),
        ("7♥\ufe0f", "7H"),
        (" 9c ", "9C"),
        ("5d,", "5D"),  # (commas separate cards: one after the last is a separator too)
    ],
)
def test_every_notation_reads(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["empty card"]),
        ("5", ["'5'", "suit is missing"]),
        ("H", ["'H'", "rank and a suit"]),
        ("1H", ["'1H'", "unknown rank '1'", "an ace is A"]),
        ("11C", ["unknown rank '11'"]),
        ("5X", ["'5X'", "unknown suit 'X'", "S H D C"]),
        ("ZZ", ["unknown rank 'Z'", "A 2 3"]),
        ("10", ["'10'", "suit is missing", "S H D C"]),
        # stray punctuation after a card: said so, not "unknown rank '5D'"
        ("5D;", ["'5D;'", "';' after 5D is not part of a card"]),
        ("10h.", ["'10h.'", "'.' after 10h is not part of a card"]),
    ],
)
def test_bad_tokens_quote_the_token_and_say_what_is_valid(text, words):
    with pytest.raises(CardError) as err:
        parse_card(text)
    for word in words:
        assert word in str(err.value)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("junk", ["x" * 9_000, "5" * 9_000 + "H", "5H" * 4_000])
def test_a_token_too_long_to_be_a_card_is_quoted_short(junk):
    """A pasted paragraph, a runaway script: the one-line error quotes its start, not all
    of it twice over."""
    with pytest.raises(CardError) as err:
        parse_card(junk)
    message = str(err.value)
    assert len(message) < 200 and repr(junk[:10])[:-1] in message and "characters" in message


def test_duplicates_are_refused_by_name():
    with pytest.raises(CardError, match="duplicate card 5♥"):
        parse_cards("5h 6c 5H")


def test_wrong_count_is_refused():
    with pytest.raises(CardError, match="expected 4 cards, got 3"):
        parse_cards("5h 6c 7d", count=4)


def test_commas_and_spaces_separate():
    assert [c.code for c in parse_cards("5h,6c , 7d  8s")] == ["5H", "6C", "7D", "8S"]


def test_list_of_tokens_reads_too():
    assert parse_cards(["10h", "JS"]) == (Card(Rank.TEN, Suit.HEARTS), Card(Rank.JACK, Suit.SPADES))


def test_output_forms():
    c = parse_card("td")
    assert str(c) == "10♦"
    assert c.format(ascii=True) == "TD"
    assert c.code == "TD"
    assert format_cards(parse_cards("5h ks"), ascii=True) == "5H KS"


def test_values_count_court_cards_as_ten():
    assert [c.value for c in parse_cards("AS 5H TD JC QH KS")] == [1, 5, 10, 10, 10, 10]


def test_index_round_trip_and_sort_order():
    assert [Card.from_index(i) for i in range(52)] == list(FULL_DECK)
    assert sorted(reversed(FULL_DECK)) == list(FULL_DECK)
    assert FULL_DECK[0] < FULL_DECK[1]
    with pytest.raises(CardError):
        Card.from_index(52)


def test_repr_pastes_back():
    c = parse_card("qh")
    assert eval(repr(c), {"Card": Card, "Rank": Rank, "Suit": Suit}) == c


@given(st.sampled_from(FULL_DECK), st.booleans(), st.booleans())
def test_parse_format_round_trip(card, ascii, lower):
    text = card.format(ascii)
    assert parse_card(text.lower() if lower else text) == card
    assert parse_card(card.code) == card
    assert parse_card(card.rank.label + card.suit.value.lower()) == card

"""The show, checked against the worked examples of the rule texts and the rules they state."""

from __future__ import annotations

import pytest

from crib_trainer.core.cards import CardError
from crib_trainer.core.points import heels
from crib_trainer.core.show import ItemKind, score_show
from tests.conftest import card, cards


def kinds(b):
    return b.points_by_kind()


def count_of(b, kind):
    return len(b.of_kind(kind))


# --- Worked examples in the rule texts -------------------------------------------------


def test_britannica_crib_6_7_7_8_8_is_24():
    """Britannica: four fifteens (eight), two pairs (four), four sequences of three (twelve)."""
    b = score_show(cards("6H 7C 7D 8S"), card("8D"), crib=True)
    assert b.total == 24
    assert count_of(b, ItemKind.FIFTEEN) == 4
    assert count_of(b, ItemKind.PAIR) == 2
    assert count_of(b, ItemKind.RUN) == 4 and all(i.points == 3 for i in b.of_kind(ItemKind.RUN))


def test_britannica_five_card_4_5_6_suited_with_a_5_is_15():
    """Britannica (five-card): two fifteens, a pair, two sequences of three, a flush of three."""
    b = score_show(cards("4H 5H 6H"), card("5D"), variant="five-card")
    assert b.total == 15
    assert kinds(b) == {"fifteen": 4, "pair": 2, "run": 6, "flush": 3, "nobs": 0}


def test_hoyle_9_6_5_4_4_is_14():
    """Hoyle: "Fifteen 2, fifteen 4, fifteen 6 and double run makes 14"."""
    b = score_show(cards("9H 6C 5D 4S"), card("4D"))
    assert b.total == 14
    assert kinds(b)["fifteen"] == 6


def test_all_about_7_8_8_k_with_a_9_is_12():
    """All about Cribbage: fifteen 2, fifteen 4, a pair is 6, a run is 9 and a run is 12."""
    b = score_show(cards("7H 8C 8D KS"), card("9C"))
    assert b.total == 12
    assert kinds(b) == {"fifteen": 4, "pair": 2, "run": 6, "flush": 0, "nobs": 0}


def test_the_29_hand():
    """Three fives and the jack, with the fourth five of the jack's suit turned up."""
    b = score_show(cards("5H 5C 5S JD"), card("5D"))
    assert b.total == 29
    assert kinds(b) == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}


def test_1911_dialogue_hands_and_crib():
    """1911 Britannica dialogue: A's hand seven, B's hand ten, B's crib five (starter 2♥)."""
    starter = card("2H")
    assert score_show(cards("JH 4C 2D 2S"), starter).total == 7  # pair royal 6, his nob 1
    assert score_show(cards("9S 9D 6H 4D"), starter).total == 10  # four fifteens and a pair
    assert score_show(cards("KS 8C 3D AS"), starter, crib=True).total == 5  # fifteen 2, run 3


@pytest.mark.parametrize(
    ("hand", "starter", "fifteens"),
    [
        ("KS 5H 5C 2D", "3H", 4),  # a tenth card and two fives, with a two and a three
        ("KS QH 5C 5D", "9H", 4),  # two tenth cards and two fives: fifteen eight
        ("9S 3H 3C 3D", "KC", 3),  # a nine and three threes: fifteen six
        ("KS JH TD 2C", "5D", 3),  # king, jack, ten, five: fifteen six
    ],
)
def test_fifteen_examples(hand, starter, fifteens):
    assert count_of(score_show(cards(hand), card(starter)), ItemKind.FIFTEEN) == fifteens


def test_sequence_examples():
    """3, 4, 5 and a 3 turned up: two runs of three; another 3 makes three."""
    assert count_of(score_show(cards("3S 4H 5C KD"), card("3H")), ItemKind.RUN) == 2
    assert count_of(score_show(cards("3S 4H 5C 3D"), card("3H")), ItemKind.RUN) == 3


def test_4_5_5_6_scores_12():
    """All about Cribbage: two runs of three, two fifteens and a pair: 12."""
    assert score_show(cards("4S 5H 5C 6D"), card("8H")).total == 12


@pytest.mark.parametrize(
    ("hand", "starter", "without_fifteens"),
    [
        ("4S 3H 3C 2D", "KH", 8),  # double run of three
        ("4S 3H 3C 2D", "AH", 10),  # double run of four
        ("KS KH KC QD", "JH", 15),  # triple run
        ("8S 8H 7C 6D", "6H", 16),  # double-double ("quadruple") run
    ],
)
def test_hoyle_multiple_runs(hand, starter, without_fifteens):
    b = score_show(cards(hand), card(starter))
    assert b.total - kinds(b)["fifteen"] == without_fifteens


def test_run_of_four_is_four_not_two_runs_of_three():
    b = score_show(cards("9S TH JC QD"), card("2H"))
    assert [i.points for i in b.of_kind(ItemKind.RUN)] == [4]


def test_ace_is_low_only():
    assert count_of(score_show(cards("QS KH AC 2D"), card("7H")), ItemKind.RUN) == 0
    assert count_of(score_show(cards("AS 2H 3C 8D"), card("KH")), ItemKind.RUN) == 1


def test_king_and_jack_are_no_pair():
    assert count_of(score_show(cards("KS JH 2C 7D"), card("9H")), ItemKind.PAIR) == 0


# --- Flushes ---------------------------------------------------------------------------


def test_hand_flush_four_and_five():
    assert kinds(score_show(cards("2H 4H 8H QH"), card("KS")))["flush"] == 4
    assert kinds(score_show(cards("2H 4H 8H QH"), card("KH")))["flush"] == 5


def test_three_hand_cards_and_starter_of_a_suit_is_no_flush():
    assert kinds(score_show(cards("2H 4H 8H QS"), card("KH")))["flush"] == 0


def test_crib_flush_needs_the_starter():
    assert kinds(score_show(cards("2H 4H 8H QH"), card("KS"), crib=True))["flush"] == 0
    assert kinds(score_show(cards("2H 4H 8H QH"), card("KH"), crib=True))["flush"] == 5


def test_five_card_game_flushes():
    assert kinds(score_show(cards("2H 4H 8H"), card("KS"), variant="five-card"))["flush"] == 3
    assert kinds(score_show(cards("2H 4H 8H"), card("KH"), variant="five-card"))["flush"] == 4
    crib = cards("2H 4H 8H QH")
    assert kinds(score_show(crib, card("KS"), crib=True, variant="five-card"))["flush"] == 0
    assert kinds(score_show(crib, card("KH"), crib=True, variant="five-card"))["flush"] == 5


# --- Nobs and heels -------------------------------------------------------------------


def test_nobs_in_hand_and_crib():
    assert kinds(score_show(cards("JH 2C 7D 9S"), card("4H")))["nobs"] == 1
    assert kinds(score_show(cards("JH 2C 7D 9S"), card("4H"), crib=True))["nobs"] == 1
    assert kinds(score_show(cards("JS 2C 7D 9S"), card("4H")))["nobs"] == 0


def test_a_jack_starter_is_his_heels_not_his_nob():
    b = score_show(cards("2C 7D 9S KH"), card("JH"))
    assert kinds(b)["nobs"] == 0
    assert heels(card("JH")) == 2
    assert heels(card("QH")) == 0


# --- Variants and bad input -----------------------------------------------------------


@pytest.mark.parametrize("variant", ["three-player", "four-player", "six-card"])
def test_four_card_variants_score_hands_and_cribs_alike(variant):
    b = score_show(cards("5H 5C 5S JD"), card("5D"), variant=variant)
    assert b.total == 29
    assert score_show(cards("6H 7C 7D 8S"), card("8D"), crib=True, variant=variant).total == 24


@pytest.mark.parametrize(
    ("hand", "starter", "kwargs", "message"),
    [
        ("5H 5C 5S", "5D", {}, "six-card hand has 4 cards plus the starter; got 3"),
        ("5H 5C 5S JD 2C", "5D", {}, "got 5"),
        ("5H 5C 5S JD", "5D", {"variant": "five-card"}, "five-card hand has 3 cards"),
        ("5H 5C 5S", "5D", {"variant": "five-card", "crib": True}, "five-card crib has 4"),
        ("5H 5C 5S JD", "5H", {}, "duplicate card 5♥: the starter is also in the hand"),
    ],
)
def test_wrong_cards_are_refused_clearly(hand, starter, kwargs, message):
    with pytest.raises(CardError, match=message):
        score_show(cards(hand), card(starter), **kwargs)


def test_duplicate_in_hand_is_refused():
    from crib_trainer.core.cards import Card, Rank, Suit

    five = Card(Rank.FIVE, Suit.HEARTS)
    with pytest.raises(CardError, match="duplicate card 5♥"):
        score_show((five, five, card("2C"), card("3C")), card("KD"))


def test_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="unknown variant 'seven'"):
        score_show(cards("5H 5C 5S JD"), card("5D"), variant="seven")


def test_json_shape():
    b = score_show(cards("JH 3C 7D 9S"), card("4H"))
    assert b.to_json() == {"total": 1, "items": [{"kind": "nobs", "cards": ["JH"], "points": 1}]}

"""What the scorekeeper's input line means at each point of a game."""

from __future__ import annotations

import re

import pytest

from crib_trainer.core.game import (
    Cut,
    Game,
    GameConfig,
    GameError,
    Laid,
    NoOneCanPlay,
    Pegged,
    PlayOver,
    Shown,
)
from crib_trainer.core.rules import HOYLE
from crib_trainer.core.variants import get_variant
from crib_trainer.ui.game_input import prompt, read
from tests.conftest import card, cards

GAME = Game.new(GameConfig(names=("Ann", "Bob")), first_dealer=1)


def test_each_phase():
    assert read("5d", GAME.state()) == [Cut(card("5D"))]
    playing = GAME.add(Cut(card("5D"))).state()
    assert read("ann 2", playing) == [Pegged(0, 2)]
    assert read("2 3", playing) == [Pegged(1, 3)]
    assert read("b 1", playing) == [Pegged(1, 1)]  # a unique start of a name
    assert read("KS bob:5H go", playing) == [Laid(card("KS")), Laid(card("5H"), 1), NoOneCanPlay()]
    assert read("end", playing) == [PlayOver()]
    showing = GAME.add(Cut(card("5D"))).add(PlayOver()).state()
    assert read("5H 5C 5S JD 29", showing) == [Shown(0, False, cards("5H 5C 5S JD"), 29)]
    assert read("undo", showing) == "undo" and read("PENALTY", showing) == "penalty"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (",", "give the cards, then the score claimed"),
        ("5H 5C 5S JD", "end with the score claimed"),
        ("5H 5C 5S JD ²", "end with the score claimed"),
        ("", "Ann's hand"),
        ("5H 5C 5S JD 290", "no hand or crib scores more than 29"),
        ("5H 5C 5S JD 30", "a claim of 30 cannot be meant"),
    ],
)
def test_show_mistakes_are_explained(text, message):
    showing = GAME.add(Cut(card("5D"))).add(PlayOver()).state()
    with pytest.raises(GameError, match=message):
        read(text, showing)


def test_the_highest_possible_claim_is_taken():
    showing = GAME.add(Cut(card("5D"))).add(PlayOver()).state()
    assert read("5H 5C 5S JD 29", showing) == [Shown(0, False, cards("5H 5C 5S JD"), 29)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ann ²", "'²' is not a number of points (e.g. ann 2)"),
        ("zed:5H", "who is 'zed'"),
        ("HELLO", "'HELLO' is not a card (5H, or bob:5H), points (ann 2), go or end"),
        ("5H 5C 5S JD 29", "that looks like a show: type end"),
        ("12", "'12' is not a card"),
        ("zed 2", "who pegs 2"),
    ],
)
def test_play_mistakes_are_explained_in_the_players_words(text, message):
    """No internal wording: no "token 4", no "unknown rank 'HELL'"."""
    playing = GAME.add(Cut(card("5D"))).state()
    with pytest.raises(GameError, match=re.escape(message)) as raised:
        read(text, playing)
    assert "token" not in str(raised.value) and "rank" not in str(raised.value)


def test_a_mis_peg_and_a_penalty_by_line():
    playing = GAME.add(Cut(card("5D"))).state()
    assert read("ann 3 for 2", playing) == [Pegged(0, 3, due=2)]
    [penalty] = read("penalty bob misdeal", playing)
    assert (
        penalty.side == 1
        and penalty.points == 2
        and 'Britannica, "Cribbage", law 4:' in penalty.law
    )
    assert read("penalty", playing) == "penalty" and read("x", playing) == "x"


def test_britannica_000_law_16_cannot_be_pegged_in_the_five_card_game():
    five = Game.new(GameConfig(variant=get_variant("five-card"), names=("A", "B")))
    with pytest.raises(GameError, match="at liberty to play on or not"):
        read("penalty a failed-to-play", five.state())


def test_a_penalty_hoyle_does_not_give_is_refused_with_hoyles_law():
    hoyle = Game.new(GameConfig(names=("Ann", "Bob"), ruleset=HOYLE), first_dealer=1)
    with pytest.raises(GameError, match="new deal by the same dealer"):
        read("penalty bob misdeal", hoyle.add(Cut(card("5D"))).state())
    [penalty] = read("penalty bob wrong-crib", hoyle.add(Cut(card("5D"))).state())
    assert penalty.points == 2 and "Hoyle" in penalty.law


def test_prompts():
    assert "Bob deals" in prompt(GAME.state())
    assert "each card as laid" in prompt(GAME.add(Cut(card("5D"))).state())
    showing = GAME.add(Cut(card("5D"))).add(PlayOver()).state()
    assert "the 4 cards, then the score claimed (e.g. 5H 5C 5S JD 29)" in prompt(showing)


def test_the_five_card_prompt_shows_three_cards():
    five = Game.new(GameConfig(variant=get_variant("five-card"), names=("A", "B")))
    showing = five.add(Cut(card("5D"))).add(PlayOver()).state()
    assert "the 3 cards, then the score claimed (e.g. 4H 5H 6H 15)" in prompt(showing)

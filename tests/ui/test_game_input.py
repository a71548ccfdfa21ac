"""What the scorekeeper's input line means at each point of a game."""

from __future__ import annotations

import pytest

from crib_trainer.core.cards import CardError
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


def test_play_mistakes_are_explained():
    playing = GAME.add(Cut(card("5D"))).state()
    with pytest.raises(CardError):
        read("ann ²", playing)  # not points: read as a card, which it is not
    with pytest.raises(GameError, match="who is 'zed'"):
        read("zed:5H", playing)


def test_prompts():
    assert "Bob deals" in prompt(GAME.state())
    assert "each card as laid" in prompt(GAME.add(Cut(card("5D"))).state())

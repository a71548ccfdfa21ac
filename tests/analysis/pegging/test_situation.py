"""Situations: reading them against the rules, and what is refused."""

from __future__ import annotations

import random

import pytest

from crib_trainer.analysis.pegging import (
    PegSituation,
    UnknownHolderError,
    read_situation,
)
from crib_trainer.core.cards import CardError
from crib_trainer.core.pegging import Played, PlayError
from tests.analysis.pegging.support import (
    random_state,
    written,
)
from tests.conftest import card, cards

# --- situations: reading them, and what is refused -------------------------------------------


def test_from_state_and_from_tokens_agree():
    rng = random.Random(5)
    for _ in range(40):
        state = random_state(rng)
        if state.over:
            continue
        from_state = PegSituation.from_state(state)
        tokens = []
        for e in state.events:
            if isinstance(e, Played):
                tokens.append(f"{'AB'[e.player]}:{e.card.code}")
                if any(i.kind.value == "go" for i in e.items):
                    tokens.append("go")
        from_tokens = written(
            tokens, state.hands[state.turn], holder="AB"[state.turn] if tokens else None
        )
        assert read_situation(from_state) == read_situation(from_tokens)


@pytest.mark.parametrize(
    ("tokens", "hand", "kw", "message"),
    [
        ([], "4S 9H KD QC", {"variant": "three-player"}, "three-player game is not supported"),
        ([], "4S 9H KD QC", {"dealer": True}, "the holder leads"),
        ("KS QH 9C".split(), "5D 5S 5C", {}, "comes in at 29: you say go"),
        ("KS QH JC AC".split(), "5D 5S", {"holder": "B"}, "restarted and your opponent leads"),
        ("A:KS B:QH A:8C A:2S".split(), "5D", {}, "no one can play at 30"),
        ("KS".split(), "5D 5S", {}, "no player has that many left"),
        ("KS".split(), "5D 5S", {"holder": "A"}, "you have played 1 card and hold 2"),
        ("KS 5H".split(), "KS 9C 2D", {}, "duplicate card"),
        ("KS".split(), "5D 9C 2D 8H", {"discards": cards("2C 3C 4C")}, "you threw 2 cards"),
        ("KS".split(), "5D 9C 2D 8H", {"holder": "C"}, "not one of the players"),
        ("A:KS B:5H A:6C".split(), "4D 2S", {"holder": "A"}, "cannot have said go at 21"),
        (  # (not "player 0": the players are named, or known by their role)
            "AS B:2S B:3S B:4S B:6S".split(),
            "7H KH",
            {"variant": "five-card"},
            "card 5 6♠: the dealer has already played all 3 cards",
        ),
    ],
)
def test_situations_that_cannot_be(tokens, hand, kw, message):
    with pytest.raises((PlayError, CardError), match=message):
        read_situation(written(tokens, cards(hand), **kw))


def test_passing_while_holding_a_card_that_comes_in_is_refused():
    """A: K, B: Q, A: 5 (25), B: 2 (27), B: A — so A passed at 27, but A holds a 3."""
    with pytest.raises(
        PlayError, match="you could not come in at 27 by the play so far, yet you held 3"
    ):
        read_situation(written("A:KS B:QH A:5C B:2S B:AD".split(), cards("3D 9H")))


def test_five_card_play_ends_at_the_first_go():
    with pytest.raises(PlayError, match="ends at the first go"):
        read_situation(
            written("A:KS B:QH A:JD go".split(), cards("9D 8H"), variant="five-card", holder="B")
        )


def test_five_card_play_over_when_no_one_can_come_in_after_your_card():
    """A: K, B: Q, A: 9 (29): B said go and A's 3 does not come in; in the five-card game
    that is the end of the play, not a new count."""
    with pytest.raises(PlayError, match="ends at the first go"):
        read_situation(written("A:KS B:QH A:9C".split(), cards("3D"), variant="five-card"))


def test_unseen_cards_leave_out_everything_you_know():
    situation = written(
        "KS QH".split(), cards("5D 5S 5C"), starter=card("JD"), discards=cards("2C 3C")
    )
    pos = read_situation(situation)
    known = set(cards("KS QH 5D 5S 5C JD 2C 3C"))
    assert len(pos.unseen) == 44 and not known & set(pos.unseen)
    without_starter = read_situation(
        written("KS QH".split(), cards("5D 5S 5C"), discards=cards("2C 3C"))
    )
    assert len(without_starter.unseen) == 45  # the starter is one of the unseen cards


def test_an_unknown_holder_names_the_players():
    """The analysis names the holder by value; the command line words it as --player."""
    with pytest.raises(UnknownHolderError) as raised:
        written(["KS"], cards("5D 9C 2D 8H"), holder="C")
    assert (raised.value.holder, raised.value.players) == ("C", ("A", "B"))
    assert str(raised.value) == "the holder 'C' is not one of the players: A, B"


def test_a_written_sequence_reads_as_its_state():
    """Every position of random plays written as tokens (no names, or names with a go):
    read with the default holder, it is the state's own situation."""
    rng = random.Random(21)
    checked = 0
    while checked < 60:
        state = random_state(rng)
        if state.over or not state.plays:
            continue
        tokens = []
        for p in state.plays:
            tokens.append(f"{'AB'[p.player]}:{p.card.code}")
            if any(i.kind.value == "go" for i in p.items):
                tokens.append("go")
        try:
            guessed = written(tokens, state.hands[state.turn])
        except (PlayError, CardError):
            continue  # the hand's size is ambiguous: --player is needed then
        assert read_situation(guessed) == read_situation(PegSituation.from_state(state))
        checked += 1

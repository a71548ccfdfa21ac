"""The play in words: a line per card, per go said, per go or last-card point."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK, parse_cards
from crib_trainer.core.pegging import PlayState
from crib_trainer.training.words.playlog import play_lines


def played_out(hands: str, cards: str) -> PlayState:
    a, b = hands.split("|")
    state = PlayState.start([parse_cards(a), parse_cards(b)])
    for card in parse_cards(cards):
        state = state.play(card)
    return state


def test_a_go_said_and_the_point_for_it():
    state = played_out("TH 9D 5C 8S | 5S KD QC JC", "TH 5S 9D 5C")
    lines = play_lines(state.events, me=1, ascii=True)
    assert lines == [
        "He TH: 10.",
        "You 5S: 15 for 2.",
        "He 9D: 24.",
        "You say go.",  # he holds K Q J: none comes in at 24
        "He 5C: 29.",
        "He: go for 1.",  # (he does not "say" go: he takes it)
    ]


def test_thirty_one_and_the_last_card():
    state = played_out("TH 9D 5C 8S | KD 6S QC 3C", "TH KD 5C 6S 9D QC 8S 3C")
    lines = play_lines(state.events, me=0, ascii=True)
    assert lines[3:5] == ["He 6S: 31 for 2.", "New count."]
    assert lines[-2:] == ["He 3C: 30.", "He: last card for 1."]


def test_a_pair_names_itself_with_the_count():
    state = played_out("5H 2C 3D 4S | 5S KD QC JC", "5H 5S")
    assert play_lines(state.events, me=0, ascii=True)[-1] == "He 5S: 10, a pair of 5s for 2."


def test_a_note_follows_its_card():
    state = played_out("5H 2C 3D 4S | 5S KD QC JC", "5H")
    lines = play_lines(state.events, me=0, notes={parse_cards("5H")[0]: "played for you"})
    assert lines == ["You 5♥: 5. (played for you)"]


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_points_in_the_lines_are_what_each_player_pegged(rnd: random.Random):
    deck = list(FULL_DECK)
    rnd.shuffle(deck)
    state = PlayState.start([deck[:4], deck[4:8]])
    while not state.over:
        state = state.play(rnd.choice(state.legal_cards()))
    lines = play_lines(state.events, me=0, ascii=True)
    pegged = {"You": 0, "He": 0}
    for line in lines:  # ("New count." and a go said carry no points)
        who = line.split()[0].rstrip(":")
        for points in re.findall(r"for (\d+)", line):
            pegged[who] += int(points)
    assert (pegged["You"], pegged["He"]) == state.scores
    assert sum(1 for line in lines if re.match(r"(You|He) \w\w: ", line)) == 8


def test_a_table_of_three_names_every_seat():
    """With ``names`` (issue 20: the pegging drill at a table of three or four) each seat
    is named; the player to move is always "You"."""
    hands = [parse_cards(h) for h in ("TH 2C 3C 4C", "5S 2D 3D 4D", "KD 2H 3H 4H")]
    state = PlayState.start(hands, "three-player")
    for card in parse_cards("TH 5S KD"):
        state = state.play(card)
    lines = play_lines(state.events, me=1, names=["Right", "X", "Left"], ascii=True)
    assert lines == ["Right TH: 10.", "You 5S: 15 for 2.", "Left KD: 25."]

"""Statements of fact in the rule texts' hints and asides, checked against the engine.

The laws and worked examples have their own tests (test_show.py, test_pegging.py,
test_play_laws.py, test_game.py); these are the other concrete claims the texts make
about what scores: Britannica's hints on the play [000], Hoyle's note that the dealer
always pegs in the play [003], All about's hints and its whole "interesting play" deal
[004]. Each is a claim a wrong engine would contradict.
"""

from __future__ import annotations

import random

import pytest

from crib_trainer.core.cards import FULL_DECK, Card, Rank
from crib_trainer.core.game import Cut, Game, GameConfig, Laid, Shown
from crib_trainer.core.pegging import PegKind, PlayState, score_card
from crib_trainer.core.show import score_show
from tests.conftest import card, cards


def points(laid: str, card_text: str) -> int:
    """What ``card_text`` scores laid on the cards ``laid`` (oldest first)."""
    return sum(i.points for i in score_card(cards(laid) if laid else (), card(card_text)))


@pytest.mark.parametrize(
    ("laid", "mine", "paired"),
    [
        ("7S", "4H", "4C"),  # "a four should not be added to a call of seven (making eleven)"
        ("9S", "3H", "3C"),  # "twelve made with a three"
        ("KS QD 3S", "4H", "4C"),  # "twenty-seven with a four"
        ("KS QD 5S", "3H", "3C"),  # "twenty-eight with a three"
    ],
)
def test_britannica_000_hints_a_count_that_a_pair_turns_into_four(laid, mine, paired):
    # Britannica, hints on the play: such a count, if paired, gives the opponent four: a
    # pair and fifteen, or a pair and thirty-one.
    assert points(laid, mine) == 0
    items = score_card((*cards(laid), card(mine)), card(paired))
    assert sorted(i.kind for i in items) in (
        sorted([PegKind.PAIR, PegKind.FIFTEEN]),
        sorted([PegKind.PAIR, PegKind.THIRTY_ONE]),
    )
    assert sum(i.points for i in items) == 4


def test_britannica_000_hints_at_twenty_one_every_tenth_card_makes_thirty_one():
    # "twenty-one with any card, as then a tenth card (of which there are sixteen) comes
    # in for two"
    laid = cards("KS 6H 5D")
    tenth = [c for c in FULL_DECK if c.value == 10 and c not in laid]
    assert len(tenth) == 15  # sixteen in the pack, one of them laid
    assert all(sum(i.points for i in score_card(laid, c)) == 2 for c in tenth)


def test_hoyle_003_and_all_about_004_a_four_is_the_highest_safe_lead():
    # Hoyle, Strategy: "Proverbially the safest lead is a 4. The next card cannot make a
    # 15." All about, Hints: the highest card on which the opponent cannot make 15.
    def can_be_fifteened(lead: Card) -> bool:
        return any(score_card((lead,), c) for c in FULL_DECK if c.value + lead.value == 15)

    safe = [r for r in Rank if not can_be_fifteened(Card(r, FULL_DECK[0].suit))]
    assert max(safe) == Rank.FOUR
    assert safe == [Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR]


def test_all_about_004_a_six_on_a_four_lets_a_five_score_five():
    # All about, Hints: "Never play a 6 to a led 4 ... your opponent slaps down a 5, for
    # five points (4-6-5 run and 15)"; likewise a 4 on a led 6.
    assert points("4S 6H", "5D") == 5
    assert points("6S 4H", "5D") == 5


def test_all_about_004_an_ace_turns_thirty_into_thirty_one():
    # All about, Hints: aces "turn a point-losing 30 into a 2-point-winning 31".
    assert points("KS QH JD", "AC") == 2
    state = PlayState.start([cards("KS JD 2C 3C"), cards("QH AC 4D 5D")])
    for c in cards("KS QH JD AC"):
        state = state.play(c)
    assert state.plays[-1].items == score_card(cards("KS QH JD"), card("AC"))  # no go too


def test_hoyle_003_the_dealer_pegs_at_least_one_in_the_six_card_play():
    # Hoyle, The Play: "Since nondealer makes the opening lead, dealer is bound to peg at
    # least 1 in play." (Each count ends with a point for the last card laid; the dealer
    # lays the last card of some count, as the non-dealer, leading, cannot lay more cards
    # than him in every count while both hold four.) Random deals, random legal play.
    rng = random.Random(3)
    for _ in range(300):
        pool = FULL_DECK if rng.random() < 0.5 else [c for c in FULL_DECK if c.value >= 7]
        dealt = rng.sample(pool, 8)
        state = PlayState.start([dealt[:4], dealt[4:]])
        while not state.over:
            state = state.play(rng.choice(state.legal_cards()))
        assert state.scores[1] >= 1, [p.card.code for p in state.plays]


def test_britannica_000_five_card_game_a_sequence_kept_and_paired_by_the_start_is_eight():
    # Britannica, hints (five-card game): "It is generally right to keep a sequence in
    # hand, as if the start is of the same denomination as one of those kept, the dealer
    # reckons eight at least" (a double run). Every run of three, every starter pairing it.
    spades = {c.rank: c for c in FULL_DECK if c.suit.value == "S"}
    for low in range(1, 12):
        hand = [spades[Rank(low + k)] for k in range(3)]
        for starter in FULL_DECK:
            if starter.rank in {c.rank for c in hand} and starter not in hand:
                b = score_show(hand, starter, variant="five-card")
                assert b.total >= 8, (hand, starter)
                assert b.points_by_kind()["run"] + b.points_by_kind()["pair"] == 8


def test_all_about_004_the_interesting_play_whole_deal_is_59_to_2():
    # All about, "An interesting play": the dealer throws 7 and 8, the non-dealer too (the
    # "fairly stupid discard"), a 6 is cut; the dealer pegs 11, has a 24 hand and a 24
    # crib: 59 to the non-dealer's 2.
    game = Game.new(GameConfig(names=("Pone", "Dealer")), first_dealer=1)
    game = game.add(Cut(card("6C")))
    for c in cards("QS 5S TH 6H 2C 4C 4D 4H"):
        game = game.add(Laid(c))
    game = game.add(Shown(0, False, cards("QS TH 2C 4D"), 0))
    game = game.add(Shown(1, False, cards("5S 6H 4C 4H"), 24))
    game = game.add(Shown(1, True, cards("7S 8S 7D 8D"), 24))
    assert game.state().scores == [2, 59]


def test_britannica_000_compound_a_pair_with_the_last_card_that_comes_in_scores_pair_and_go():
    # Britannica, Compound Scores: "a player pairing with the last card that will come in
    # scores both pair and go" — here in the middle of the play, which then goes on.
    state = PlayState.start([cards("8S 6H KD QC"), cards("KS 6D JH TH")])
    for c in cards("8S KS 6H 6D"):
        state = state.play(c)
    pairing = state.plays[-1]
    assert pairing.count == 30
    assert sorted(i.kind for i in pairing.items) == sorted([PegKind.PAIR, PegKind.GO])
    assert pairing.points == 3 and state.scores == (0, 3)
    assert state.count == 0 and state.turn == 0 and not state.over  # A leads a new count


def test_hoyle_003_combinations_count_when_one_player_plays_several_times_after_a_go():
    # Hoyle, The Play: combinations count "whether the cards are played alternately or one
    # player plays several times in succession in consequence of a go".
    state = PlayState.start([cards("KS 3C 4D 2H"), cards("QH JD TS 9C")])
    for c in cards("KS QH 3C 4D 2H"):  # B cannot come in at 23; A plays on alone
        state = state.play(c)
    assert [p.player for p in state.plays] == [0, 1, 0, 0, 0]
    assert sorted(i.kind for i in state.plays[-1].items) == sorted([PegKind.RUN, PegKind.GO])
    for c in cards("JD TS 9C"):  # A is out of cards: B plays his three in succession
        state = state.play(c)
    assert sorted(i.kind for i in state.plays[-1].items) == sorted([PegKind.RUN, PegKind.LAST])
    assert state.over and state.scores == (4, 4)

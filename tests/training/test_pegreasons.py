"""Reasons for pegging plays: one line each, from the analysis' facts."""

from __future__ import annotations

import random

from crib_trainer.analysis.pegging import PegSituation, TableSituation, analyse_table
from crib_trainer.core.cards import FULL_DECK, Rank
from crib_trainer.core.pegging import PlayState, parse_peg_tokens
from crib_trainer.training.words.pegreasons import rank_plays, table_reason
from tests.conftest import card, cards


def reasons(tokens: str, hand: str, **kw) -> dict[str, str]:
    situation = PegSituation.from_sequence(parse_peg_tokens(tokens.split()), cards(hand), **kw)
    return {o.card.code: o.reason for o in rank_plays(situation)}


def test_the_issues_example():
    assert reasons("KS", "5H 9C 2D 8S")["5H"].startswith("makes 15 for 2, but leaves a 5 to pair")


def test_a_five_led_leaves_15_to_a_ten_card():
    assert reasons("", "5S KH 9D 3C")["5S"].startswith("leads 5; leaves 15 to a ten-card (")


def test_six_on_a_four_names_the_five():
    assert reasons("4S", "6H KC 9D 8S")["6H"].startswith(
        "count 10; leaves 15 and a run of three to a 5 ("
    )


def test_an_answer_you_hold_is_mentioned():
    why = reasons("4S", "4H 4C 9D KS")
    assert why["4H"].startswith("scores a pair for 2")
    lead = reasons("", "4S 4H 9D KS")["4S"]
    assert lead.startswith("leads 4; leaves a 4 to pair (")
    assert lead.endswith("(16%; you answer with a pair royal for 6)")


def test_every_scoring_reply_is_named_most_likely_first():
    # Issue 19.3: the 6 leaves a run to a 4 and 31 to a 5; both are named.
    why = reasons("6S 9D 5C", "6H 4D 2S", starter=card("AD"), discards=cards("TC QC"))
    assert why["6H"] == "count 26; leaves a run of three to a 4 (14%) and 31 to a 5 (14%)"


def test_a_counter_play_is_told_apart_by_what_it_answers():
    # Issue 19.3: on 7-8 a 6 and a 9 both make a run, but only after a 9 does your 7 make 31.
    options = rank_plays(
        PegSituation.from_sequence(
            parse_peg_tokens(["7C"]),
            cards("7H 7D 8S 2C"),
            starter=card("JD"),
            discards=cards("KS QS"),
        )
    )
    eight = next(o for o in options if o.card == card("8S"))
    by_rank = {r.ranks: r for r in eight.replies}
    assert by_rank[(Rank.SIX,)].counter == 3 and by_rank[(Rank.NINE,)].counter == 5
    assert "a run of three to a 9 (25%; you answer with 31 and a run for 5)" in eight.reason
    chances = [r.chance for r in eight.replies]
    assert chances == sorted(chances, reverse=True)


def test_thirty_one_and_playing_on():
    why = reasons("A:9S B:QH A:8C", "3D 4C")
    assert why == {
        "4C": "makes 31 for 2; the count starts again",
        "3D": "count 30; he has said go",
    }
    alone = reasons("A:QS B:JC A:9H A:2D B:5D A:6C", "4S 8S")
    assert alone["4S"] == "makes 15 for 2 and a run of three for 3; he has no cards left"


def test_thirty_one_ends_the_five_card_play():
    why = reasons("A:KS B:QH A:9C", "2D", variant="five-card")
    assert why == {"2D": "makes 31 for 2; the play is over"}
    last = reasons("A:KS B:QS A:9H B:2H A:8C B:TD A:4S", "9D")  # the last card of all
    assert last == {"9D": "makes 31 for 2; the play is over"}


def test_a_31_that_ends_the_play_at_a_table():
    tokens = "A:KS B:QS C:9H A:2H B:KD C:JD A:9D B:2D C:TH A:KH B:8C".split()
    s = TableSituation.from_sequence(parse_peg_tokens(tokens), cards("3C"), variant="three-player")
    analysis = analyse_table(s, samples=20)
    assert [table_reason(o, analysis.position) for o in analysis.options] == [
        "makes 31 for 2; the play is over"
    ]


def test_every_reason_is_one_line():
    rng = random.Random(3)
    checked = 0
    while checked < 20:
        deck = rng.sample(FULL_DECK, 8)
        state = PlayState.start([deck[:4], deck[4:]])
        for _ in range(rng.randrange(1, 7)):
            if not state.over:
                state = state.play(rng.choice(state.legal_cards()))
        if state.over:
            continue
        checked += 1
        for o in rank_plays(PegSituation.from_state(state)):
            assert o.reason and "\n" not in o.reason and len(o.reason) < 200

"""Computer players: always legal, and each strength plays as it says."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis.endplay import play_wins
from crib_trainer.analysis.pegging import PegSituation, analyse, read_situation
from crib_trainer.analysis.players import (
    PLAYERS,
    Good,
    exact_values,
    fast_values,
    lead_values,
    lookahead_values,
    make_player,
    reply_values,
)
from crib_trainer.analysis.position import analyse_position
from crib_trainer.core.cards import Rank, parse_card, parse_cards
from crib_trainer.core.engine import EngineGame
from crib_trainer.core.pegging import parse_peg_tokens
from crib_trainer.core.variants import SIX_CARD


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    strength=st.sampled_from(PLAYERS),
    variant=st.sampled_from(["six-card", "five-card"]),
)
def test_every_decision_is_legal(seed, strength, variant):
    """A player in both seats plays a whole deal: every throw and card is accepted by the
    engine (which refuses anything illegal)."""
    game = EngineGame.new(seed=seed, variant=variant)
    player = make_player(strength, random.Random(seed))
    for seat in (game.pone, game.dealer):
        throw = player.discard(game.hands[seat], dealer=seat == game.dealer, variant=game.variant)
        assert len(throw) == game.variant.discard and set(throw) <= set(game.hands[seat])
        game = game.discard(seat, throw)
    while game.phase == "play":
        state = game.play_state
        seat = game.seat_of(state.turn)
        situation = PegSituation.from_state(state, starter=game.starter, discards=game.thrown[seat])
        card = player.play(situation)
        assert card in state.legal_cards()
        game = game.play(card)
    assert game.phase in ("show", "over")


def test_the_exact_values_are_the_pegging_analysis():
    s = PegSituation.from_sequence(parse_peg_tokens(["KS", "5D"]), parse_cards("5H 9C 2D"))
    values = exact_values(read_situation(s))
    for option in analyse(s).options:
        assert values[int(option.card.rank)] == pytest.approx(option.expected_net, abs=1e-9)


def test_late_in_the_play_the_fast_policy_is_exact():
    s = PegSituation.from_sequence(
        parse_peg_tokens(["KS", "5D", "9H", "4C", "3S"]), parse_cards("7H 8C"), holder="B"
    )
    assert fast_values(s) == exact_values(read_situation(s))


def test_the_lookahead_takes_a_fifteen_and_avoids_giving_one():
    # count 10: the 5 makes fifteen for 2
    s = PegSituation.from_sequence(parse_peg_tokens(["KS"]), parse_cards("5H 9C 8D 2S"))
    values = lookahead_values(read_situation(s))
    assert max(values, key=values.get) == 5
    # leading: a 5 invites a ten-card for fifteen, a 2 invites nothing that makes fifteen
    lead = lookahead_values(read_situation(PegSituation(parse_cards("5H 2C KD QS"))))
    assert lead[2] > lead[5]


def test_the_beginner_keeps_the_highest_hand_and_scores_now():
    beginner = make_player("beginner")
    dealt = parse_cards("5H 5D 5S JC 2C 9D")
    assert set(beginner.discard(dealt, dealer=False, variant=EngineGame.new(seed=0).variant)) == {
        parse_card("2C"),
        parse_card("9D"),
    }
    # on 7: the 8 makes fifteen and the 7 a pair, two each: the higher card
    s = PegSituation.from_sequence(parse_peg_tokens(["7S"]), parse_cards("8H KC 7D 2S"))
    assert beginner.play(s) == parse_card("8H")
    s = PegSituation.from_sequence(parse_peg_tokens(["2H", "3H"]), parse_cards("9H KC 4D"))
    assert beginner.play(s) == parse_card("4D")  # a run of three, over the higher cards
    s = PegSituation.from_sequence(parse_peg_tokens(["6S"]), parse_cards("9H KC 3D 2S"))
    assert beginner.play(s) == parse_card("9H")  # fifteen


class Always:
    """A random source that always says 'now'."""

    def random(self) -> float:
        return 0.0


def test_the_good_player_slips_only_when_it_costs_little():
    good = Good(rng=Always())  # type: ignore[arg-type]
    assert good._choose([(5.0, "best"), (4.5, "second")]) == "second"
    assert good._choose([(5.0, "best"), (3.0, "second")]) == "best"
    assert Good(rng=random.Random(1))._choose([(5.0, "best")]) == "best"


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="unknown player 'grandmaster'"):
        make_player("grandmaster")


@pytest.mark.slow
def test_the_lead_table_is_what_its_builder_makes_for_every_hand():
    from crib_trainer.analysis.build.leads import lead_values as build_one
    from crib_trainer.analysis.build.leads import rank_hands
    from crib_trainer.analysis.players import _lead_table

    table = _lead_table()
    for variant, size in (("six-card", 4), ("five-card", 3)):
        keys = {"".join(Rank(r).letter for r in hand) for hand in rank_hands(size)}
        assert set(table[variant]) == keys
        for key, row in table[variant].items():
            assert set(row) == set(key)
    for job in [("five-card", (1, 5, 10)), ("six-card", (5, 9, 12, 13))]:
        name, key, values = build_one(job)
        assert table[name][key] == values


def test_the_opening_lead_comes_from_the_table():
    hand = parse_cards("5H 9C 2D 8S")
    values = fast_values(PegSituation(hand))
    assert values == lead_values(hand, EngineGame.new(seed=0).variant)
    assert max(values, key=values.get) == 2  # the exact analysis' lead too (its doctest)


REPLY_ROWS = [
    ("six-card", (13,), (2, 5, 8, 9)),
    ("six-card", (5,), (5, 5, 10, 11)),
    ("six-card", (4, 11), (1, 6, 9)),
    ("five-card", (7,), (3, 8, 8)),
    ("five-card", (10, 5), (5, 6)),
]


@pytest.mark.parametrize(("variant", "seen", "hand"), REPLY_ROWS)
@pytest.mark.slow
def test_the_reply_table_is_what_its_builder_makes(variant, seen, hand):
    from crib_trainer.analysis.build.replies import array_name, row_values
    from crib_trainer.analysis.players import _reply_tables
    from crib_trainer.analysis.ranksets import multiset_index

    table = _reply_tables()[array_name(variant, "reply" if len(seen) == 1 else "second")]
    row = table[tuple(r - 1 for r in seen)][multiset_index(len(hand))[hand]]
    assert row.tolist() == row_values(variant, seen, hand)


def test_the_reply_table_has_every_hand_and_marks_the_impossible_ones():
    from crib_trainer.analysis.build.replies import MISSING, array_name
    from crib_trainer.analysis.players import _reply_tables
    from crib_trainer.analysis.ranksets import multiset_index, multiset_keys

    tables = _reply_tables()
    assert set(tables) == {
        array_name(v, t) for v in ("six-card", "five-card") for t in ("reply", "second")
    }
    reply = tables[array_name("six-card", "reply")]
    assert reply.shape == (13, len(multiset_keys(4)), 4)
    assert (reply[4, multiset_index(4)[(5, 5, 5, 5)]] == MISSING).all()  # a fifth five
    assert (reply[4, multiset_index(4)[(5, 5, 5, 6)]] != MISSING).all()
    second = tables[array_name("six-card", "second")]
    assert (second[4, 4, multiset_index(3)[(5, 5, 5)]] == MISSING).all()
    assert (second[4, 4, multiset_index(3)[(5, 5, 9)]] != MISSING).all()  # four fives
    assert (second != MISSING).sum() > 0.9 * second.size


def test_the_reply_and_the_leaders_second_card_come_from_the_table():
    for tokens, hand in ((["KS"], "5H 9C 2D 8S"), (["4D", "JS"], "5H 5C 9S")):
        s = PegSituation.from_sequence(parse_peg_tokens(tokens), parse_cards(hand))
        values, exact = fast_values(s), exact_values(read_situation(s))
        assert values == reply_values(s)
        assert values == pytest.approx(exact, abs=0.0005)  # (thousandths of a point)


# --- the master -------------------------------------------------------------------------


def reply_to(played: str, hand: str) -> PegSituation:
    return PegSituation.from_sequence(parse_peg_tokens(played.split()), parse_cards(hand))


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    variant=st.sampled_from(["six-card", "five-card"]),
    me=st.integers(0, 60),
    him=st.integers(0, 60),
)
def test_the_master_near_the_end_plays_legally(seed, variant, me, him):
    """Near the end (the scores drawn within 60 of the target) every throw and card of
    the master is one the engine accepts."""
    game = EngineGame.new(seed=seed, variant=variant)
    target = game.variant.target
    score = (max(target - 1 - me, 0), max(target - 1 - him, 0))
    master = make_player("master")
    for seat in (game.pone, game.dealer):
        throw = master.discard(
            game.hands[seat], dealer=seat == game.dealer, variant=game.variant, score=score
        )
        game = game.discard(seat, throw)
    while game.phase == "play":
        state = game.play_state
        seat = game.seat_of(state.turn)
        situation = PegSituation.from_state(state, starter=game.starter, discards=game.thrown[seat])
        card = master.play(situation, score)
        assert card in state.legal_cards()
        game = game.play(card)


def test_the_master_throws_for_the_win_near_the_end_and_for_points_before():
    hand = parse_cards("3C 3S QH AH JH 6H")
    expert = make_player("expert").discard(hand, dealer=False, variant=SIX_CARD)
    master = make_player("master")
    assert master.discard(hand, dealer=False, variant=SIX_CARD, score=(60, 60)) == expert
    assert master.discard(hand, dealer=False, variant=SIX_CARD) == expert  # no score given
    near = master.discard(hand, dealer=False, variant=SIX_CARD, score=(116, 100))
    p = analyse_position(hand, dealer=False, me=116, him=100)
    assert set(near) == set(p.best.option.discard) != set(expert)
    kept = next(o for o in p.options if set(o.option.discard) == set(expert))
    assert not p.as_good_as_best(kept)  # the expert's throw is a worse chance beyond error


def test_the_master_keeps_him_off_a_card_he_pegs_out_on():
    # He needs 3 and the master 7; the 8 led: the expert's 7 makes fifteen for 2 but a 6
    # or a 9 then runs three for him; a 4 gives him nothing that reaches 3.
    situation = reply_to("8H", "4H 4C 6S 7D")
    assert make_player("expert").play(situation, (114, 118)).rank == Rank.SEVEN
    assert make_player("master").play(situation, (114, 118)).rank == Rank.FOUR
    assert make_player("master").play(situation, (40, 60)).rank == Rank.SEVEN  # far off
    # by play_wins' own measure the master's card is the better chance
    a = analyse(situation)
    chances = play_wins(situation, a, me=114, him=118)
    wins = dict(zip([o.card.rank for o in a.options], chances, strict=True))
    assert wins[Rank.FOUR] > wins[Rank.SEVEN] + 0.01


def test_the_master_lays_the_card_that_wins_now():
    # On the 6 led the expert plays the jack (the pair invites a pair royal); at 119 the
    # pair's 2 points win the game at once.
    situation = reply_to("6S", "4S 5D 6C JH")
    assert make_player("expert").play(situation, (119, 100)).rank == Rank.JACK
    assert make_player("master").play(situation, (119, 100)).rank == Rank.SIX


def test_the_master_at_a_table_lays_the_card_that_reaches_the_target():
    from crib_trainer.analysis.pegging import TableSituation

    # After 31, 9 7 5: the 6 runs three for 3, the 10 makes 31 for 2 (the expert's choice);
    # at 58 in a game to 61 only the 6 wins now.
    played = parse_peg_tokens("A:AH B:AC C:JH A:JD B:9C C:9S A:7H B:5H".split())
    situation = TableSituation.from_sequence(played, parse_cards("6D TH"), variant="three-player")
    assert make_player("expert").play_table(situation).rank == Rank.TEN
    assert make_player("master").play_table(situation, (58, 40)).rank == Rank.SIX
    assert make_player("master").play_table(situation, (50, 40)).rank == Rank.TEN

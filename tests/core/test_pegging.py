"""The play: scoring each card, written sequences, and the state machine."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK, CardError
from crib_trainer.core.pegging import (
    LIMIT,
    PegKind,
    PegToken,
    Played,
    PlayError,
    PlayState,
    SaidGo,
    after_card,
    comes_in,
    go_possible,
    next_leader,
    parse_peg_tokens,
    same_rank_points,
    score_card,
    score_sequence,
)
from tests.conftest import card, cards, examples


def seq(text: str, finished: bool = True):
    return score_sequence(parse_peg_tokens(text.split()), finished=finished)


def runs_scored(record):
    """(player, run length) for every card that scored a run."""
    return [
        (record.players[p.player], i.points)
        for p in record.plays
        for i in p.items
        if i.kind is PegKind.RUN
    ]


# --- The rule texts' run examples ------------------------------------------------------


def test_britannica_4_3_2_ace():
    """A-4, B-3, A-2, B-ace: A gets a run of three, B a run of four."""
    assert runs_scored(seq("4S 3H 2C AD", finished=False)) == [("A", 3), ("B", 4)]


def test_britannica_had_b_played_a_five_or_a_four():
    assert runs_scored(seq("4S 3H 2C 5D", finished=False)) == [("A", 3), ("B", 4)]
    assert runs_scored(seq("4S 3H 2C 4D", finished=False)) == [("A", 3), ("B", 3)]


def test_britannica_out_of_order_4_2_5_3_6():
    """B marks a run of four for his last card played, A a run of five."""
    assert runs_scored(seq("4S 2H 5C 3D 6S", finished=False)) == [("B", 4), ("A", 5)]


def test_britannica_intervening_five_blocks_4_2_5_3_5_6():
    """B takes a run of four for the fourth card; the second five blocks any other run."""
    assert runs_scored(seq("4S 2H 5C 3D 5S 6H", finished=False)) == [("B", 4)]


def test_britannica_six_card_run_example():
    """A-4 B-2 A-3 B-ace A-5 B-2 A-4 B-ace: A three, B four, A five, B none, A five, B none."""
    record = seq("4S 2H 3C AD 5S 2C 4H AC", finished=False)
    assert runs_scored(record) == [("A", 3), ("B", 4), ("A", 5), ("A", 5)]
    assert [p.count for p in record.plays] == [4, 6, 9, 10, 15, 17, 21, 22]


def test_all_about_4_2_3_5_3():
    """The 3 scores a run of three, the 5 a run of four, the second 3 nothing."""
    record = seq("4S 2H 3C 5D 3S", finished=False)
    assert [p.points for p in record.plays] == [0, 0, 3, 4, 0]


def test_hoyle_run_examples():
    """7, 6, 8 score 3 for a run; 5, 2, 4, 3 score 4."""
    assert runs_scored(seq("7S 6H 8C", finished=False)) == [("A", 3)]
    assert runs_scored(seq("5S 2H 4C 3D", finished=False)) == [("B", 4)]


def test_1911_dialogue_as_written():
    """A 2, B 9, A 4 "fifteen two", B 4 "two for a pair", A knave, B go, A 2 "thirty-one",
    B 9 and 6 "fifteen two, and one for my last - three"."""
    record = seq("A:2D B:9S A:4C B:4D A:JH A:2S B:9D B:6H")
    assert [p.points for p in record.plays] == [0, 0, 2, 2, 0, 2, 0, 3]
    assert record.totals() == {"A": 4, "B": 5}


def test_1911_dialogue_on_the_state_machine():
    a, b = cards("JH 4C 2D 2S"), cards("9S 9D 6H 4D")
    state = PlayState.start([a, b], starter=card("2H"))
    for c in cards("2D 9S 4C 4D JH 2S 9D 6H"):
        state = state.play(c)
    assert state.over
    assert state.scores == (4, 5)
    assert SaidGo(1) in state.events  # B says "Go" at twenty-nine


def test_all_about_interesting_play():
    """Non-dealer pegs 2 for the paired 4; the dealer 11 (15, 31, pair royal and last)."""
    nondealer, dealer = cards("QS TH 2C 4D"), cards("5S 6H 4C 4H")
    state = PlayState.start([nondealer, dealer], starter=card("6C"))
    for c in cards("QS 5S TH 6H 2C 4C 4D 4H"):
        state = state.play(c)
    assert state.scores == (2, 11)
    last = state.plays[-1]
    assert {i.kind for i in last.items} == {PegKind.PAIR_ROYAL, PegKind.LAST}


# --- Scoring single cards ---------------------------------------------------------------


def test_pairs_pair_royal_double_pair_royal():
    assert [i.points for i in score_card(cards("7S"), card("7H"))] == [2]
    assert [i.points for i in score_card(cards("7S 7H"), card("7C"))] == [6]
    assert [i.points for i in score_card(cards("2S 2H 2C"), card("2D"))] == [12]


def test_king_on_jack_is_no_pair_and_an_interruption_breaks_a_pair():
    assert score_card(cards("JS"), card("KH")) == ()
    assert score_card(cards("7S 8H"), card("7H")) == ()


def test_fifteen_and_thirty_one():
    assert [i.kind for i in score_card(cards("KS"), card("5H"))] == [PegKind.FIFTEEN]
    assert [i.kind for i in score_card(cards("KS QH AC"), card("KH"))] == [PegKind.THIRTY_ONE]


def test_fifteen_and_pair_together():
    items = score_card(cards("5S 5H"), card("5C"))
    assert {(i.kind, i.points) for i in items} == {(PegKind.FIFTEEN, 2), (PegKind.PAIR_ROYAL, 6)}


def test_ace_king_queen_is_no_run():
    assert score_card(cards("KS QH"), card("AC")) == ()


def test_over_31_is_refused():
    with pytest.raises(PlayError, match="count 35"):
        score_card(cards("KS QH 9C"), card("6H"))


# --- Written sequences ----------------------------------------------------------------


def test_go_scores_one_and_restarts_the_count():
    record = seq("KS QH 9C go 5D 5S")
    assert [p.points for p in record.plays] == [0, 0, 1, 0, 3]  # go; then pair 2 + last 1
    assert [p.count for p in record.plays] == [10, 20, 29, 5, 10]
    assert record.totals() == {"A": 1 + 3, "B": 0}  # after A's go, B leads; A pairs last


def test_a_go_written_after_31_adds_nothing():
    assert seq("KS QH AC KH go").totals() == seq("KS QH AC KH").totals() == {"A": 0, "B": 2}
    assert seq("KS QH AC KH go 5S").plays[-1].count == 5


def test_thirty_one_then_last_card_never_both():
    record = seq("KS QH AC KH")
    assert [(i.kind, i.points) for i in record.plays[-1].items] == [(PegKind.THIRTY_ONE, 2)]


def test_combinations_do_not_cross_a_go():
    record = seq("KS QH 9C go 9D")
    assert record.plays[-1].items == ((record.plays[-1].items[0]),)
    assert [i.kind for i in record.plays[-1].items] == [PegKind.LAST]


def test_unfinished_play_has_no_last_card_point():
    assert seq("KS 5H", finished=False).totals() == {"A": 0, "B": 2}
    assert seq("KS 5H").totals() == {"A": 0, "B": 3}


def test_named_players_and_three_players():
    record = seq("ann:4S bob:5H cat:6C ann:5D")
    assert record.players == ("ann", "bob", "cat")
    assert record.totals() == {"ann": 1, "bob": 0, "cat": 2 + 3}  # cat: 15 and a run


def test_an_unlabelled_lead_is_as_even_when_b_is_named_next():
    """Unlabelled cards alternate A, B, A… (the README): "QS B:5S" is A's queen and B's five,
    as at a table of three, not two cards of B's with A passed over at 10."""
    record = seq("QS B:5S")
    assert [record.players[p.player] for p in record.plays] == ["A", "B"]
    assert record.totals() == {"A": 0, "B": 2 + 1}  # fifteen two, and the last card
    assert seq("B:KS A:QH").players == ("B", "A")  # (a labelled lead still leads)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KS QH 9C 5D", "token 4 5♦: the count would be 34, past 31; put 'go' before it"),
        ("go KS", "token 1 'go': the count is 0"),
        ("KS QH AC go go", "restarted after a go"),
        ("KS QH AC KH go go", "restarted after 31"),
        ("KS QH KS", "duplicate card K♠"),
        ("AS AH AD AC 2S 2H 2D 2C 3S 3H", "token 9 3♠: that would be A's fifth card"),
        ("A:AS A:2S A:3S A:4S A:5S", "token 5 5♠: that would be A's fifth card"),
        ("a:AS b:AH c:AD d:AC e:2S", "5 players: cribbage is played by 2, 3 or 4"),
    ],
)
def test_impossible_sequences_are_refused(text, message):
    with pytest.raises((PlayError, CardError), match=message):
        seq(text)


def test_bad_tokens():
    with pytest.raises(CardError, match="'go', or NAME:CARD"):
        parse_peg_tokens(["5X"])
    with pytest.raises(CardError, match="player name is missing"):
        parse_peg_tokens([":5H"])
    with pytest.raises(CardError, match="player name is missing"):
        parse_peg_tokens([" :5H"])
    # two cards run together ("A:KS:QH", a space lost) are not Q♥ laid by a player "A:KS"
    with pytest.raises(CardError, match="'A:KS:QH': one card a token"):
        parse_peg_tokens(["A:KS:QH"])


def test_commas_separate_tokens_as_they_separate_cards():
    """The README: "Separate cards with spaces or commas" (score and discard read them so)."""
    assert seq("5H, 5S").totals() == seq("5H 5S").totals() == {"A": 0, "B": 3}
    assert len(parse_peg_tokens(["A:5H,B:5S,go,"])) == 3


def test_spaces_around_a_name_are_not_part_of_it():
    """'A :5S' is A's card: not a player 'A ' beside the default A, two names that look
    the same."""
    record = score_sequence(parse_peg_tokens(["A :5S", " B:5H"]))
    assert record.players == ("A", "B")
    assert record.totals() == {"A": 0, "B": 3}


# --- The state machine ----------------------------------------------------------------


def test_player_with_no_playable_card_says_go_and_the_other_plays_on():
    state = PlayState.start([cards("KS QH 9C AD"), cards("KD QC 5S 4S")])
    for c in cards("KS KD QH"):  # 30: B holds Q, 5, 4 and cannot come in
        state = state.play(c)
    assert state.turn == 0 and state.events[-1] == SaidGo(1)
    with pytest.raises(PlayError, match="count cannot pass 31"):
        state.play(card("9C"))
    state = state.play(card("AD"))  # A plays on: 31 for 2
    assert state.scores == (2, 2)
    assert state.count == 0 and state.turn == 1  # the player after A leads the new count


def test_go_point_and_the_lead_after_a_go():
    state = PlayState.start([cards("KS QH 9C 8D"), cards("KD QC 5S 4S")])
    for c in cards("KS KD QH"):  # 30: neither can come in
        state = state.play(c)
    assert state.events[-2:] == (SaidGo(1), SaidGo(0))
    assert state.scores == (1, 2)  # the go to A; B's pair of kings
    assert state.count == 0 and state.turn == 1


def test_last_player_playing_on_alone():
    state = PlayState.start([cards("KS QS JS TS"), cards("AS AH 2D 3C")])
    for c in cards("KS AS QS AH 2D 3C"):
        state = state.play(c)
    # A said go at 22; B played on (a run A-2-3 for 3), ran out, and took the go at 27.
    assert SaidGo(0) in state.events
    assert state.scores == (0, 4)
    assert state.turn == 0 and state.count == 0
    state = state.play(card("JS"))
    assert state.turn == 0  # B has no cards: A plays on alone
    state = state.play(card("TS"))
    assert state.over
    assert state.scores == (1, 4)  # last card to A


def test_five_card_game_ends_when_neither_can_play():
    state = PlayState.start([cards("KS QH 9C"), cards("KD QC 8S")], variant="five-card")
    for c in cards("KS KD QH"):
        state = state.play(c)
    assert state.over
    assert state.scores == (1, 2)  # pair of kings; the go to A at 30
    assert state.hands == (cards("9C"), cards("QC 8S"))  # unplayed cards stay unplayed


def test_six_card_game_goes_on_after_the_go():
    state = PlayState.start([cards("KS QH 9C 2C"), cards("KD QC 8S 3H")])
    for c in cards("KS KD QH"):
        state = state.play(c)
    assert not state.over and state.count == 0 and state.turn == 1


def test_illegal_moves():
    state = PlayState.start([cards("KS QH 9C 2C"), cards("KD QC 8S 3H")])
    with pytest.raises(PlayError, match="not in player 1's hand"):
        state.play(card("KD"))
    with pytest.raises(CardError, match="hand 2 has 3 cards"):
        PlayState.start([cards("KS QH 9C 2C"), cards("KD QC 8S")])
    with pytest.raises(CardError, match="duplicate"):
        PlayState.start([cards("KS QH 9C 2C"), cards("KS QC 8S 3H")])
    with pytest.raises(PlayError, match="2 players; got 3"):
        PlayState.start([cards("KS QH 9C 2C"), cards("KD QC 8S 3H"), cards("AS 2S 3S 4S")])


def test_heels_goes_to_the_dealer():
    state = PlayState.start([cards("KS QH 9C 2C"), cards("KD QC 8S 3H")], starter=card("JD"))
    assert state.scores == (0, 2)


def test_four_players_rotate_and_score_by_partnership():
    hands = [cards("5S 2C 3C 4C"), cards("TS AH 7H 8H"), cards("KH 9D 6D AD"), cards("5H 2S 3S 4S")]
    state = PlayState.start(hands, variant="four-player")
    for c in cards("5S TS KH 5H"):  # 5, 15 (fifteen to player 2), 25, 30
        state = state.play(c)
    assert state.events[-1] == SaidGo(0) and state.turn == 1  # next in rotation is bound to play
    state = state.play(card("AH"))  # 31
    assert state.scores == (0, 4, 0, 0)
    assert state.side_scores() == (0, 4)
    assert state.turn == 2 and state.count == 0


def test_three_players_rotation():
    hands = [cards("KS 5C 6C 7C"), cards("QH AH 7H 8H"), cards("JD 9D 6D AD")]
    state = PlayState.start(hands, variant="three-player")
    state = state.play(card("KS")).play(card("QH")).play(card("9D"))  # 29
    assert state.events[-1] == SaidGo(0)  # player 1 cannot come in
    assert state.turn == 1 and state.legal_cards() == (card("AH"),)  # the next is bound to play
    state = state.play(card("AH"))  # 30
    assert state.turn == 2 and state.legal_cards() == (card("AD"),)
    state = state.play(card("AD"))  # 31 for 2 and a pair of aces for 2
    assert state.scores == (0, 0, 4) and state.turn == 0 and state.count == 0


def _random_play(state: PlayState, rng: random.Random) -> PlayState:
    while not state.over:
        state = state.play(rng.choice(state.legal_cards()))
    return state


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(["six-card", "five-card", "three-player", "four-player"]), st.randoms())
def test_random_plays_keep_the_rules(variant_name, rng):
    from crib_trainer.core.variants import get_variant

    variant = get_variant(variant_name)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    n, size = variant.players, variant.hand_size
    hands = [tuple(deck[i * size : (i + 1) * size]) for i in range(n)]
    state = _random_play(PlayState.start(hands, variant), rng)

    plays = state.plays
    if not variant.play_ends_at_first_go:
        assert sorted(p.card for p in plays) == sorted(c for h in hands for c in h)
    assert all(0 < p.count <= 31 for p in plays)
    # Every count ends with exactly one go, last card, or thirty-one.
    enders = [
        i.kind
        for p in plays
        for i in p.items
        if i.kind in (PegKind.GO, PegKind.LAST, PegKind.THIRTY_ONE)
    ]
    counts = sum(1 for a, b in pairwise(plays) if b.count <= a.count) + 1
    assert len(enders) == counts
    assert enders[-1] in (PegKind.LAST, PegKind.THIRTY_ONE, PegKind.GO)

    # The written-sequence scorer agrees with the machine, card by card.
    tokens: list[PegToken] = []
    names = [str(i) for i in range(n)]
    for p in plays:
        tokens.append(PegToken(p.card, names[p.player]))
        if any(i.kind is PegKind.GO for i in p.items):
            tokens.append(PegToken(None))
    record = score_sequence(tokens)
    by_name = {name: 0 for name in record.players}
    for name, points in zip(names, state.scores, strict=True):
        by_name[name] = points
    assert [(q.card, q.points) for q in record.plays] == [(p.card, p.points) for p in plays]
    assert record.totals() == {k: v for k, v in by_name.items() if k in record.players}


def test_played_records_are_plain_values():
    p = Played(0, card("5H"), 5)
    assert p.points == 0


# --- The rules of the turn, as pure functions -----------------------------------------


def test_a_card_comes_in_while_the_count_stays_at_31_or_under():
    assert comes_in(10, 21) and comes_in(1, 30) and comes_in(5, 26)
    assert not comes_in(10, 22) and not comes_in(2, 30)


def test_a_go_is_possible_only_where_some_card_does_not_fit():
    assert [c for c in range(LIMIT) if go_possible(c)] == list(range(22, 31))
    for count in range(LIMIT):
        assert go_possible(count) == (not comes_in(10, count))


def test_the_next_leader_is_the_first_player_after_the_last_who_holds_cards():
    assert next_leader(0, [True, True]) == 1
    assert next_leader(1, [True, True]) == 0
    assert next_leader(0, [True, False]) == 0  # only the last player holds: he leads
    assert next_leader(1, [False, False]) is None
    assert next_leader(2, [False, True, True, True]) == 3
    assert next_leader(3, [False, True, True, False]) == 1  # player 0 is out: player 1


def test_same_rank_points():
    assert [same_rank_points(n) for n in range(5)] == [0, 0, 2, 6, 12]


def test_after_a_card_the_next_player_who_can_come_in_plays():
    # three players: player 1 cannot come in at 25 (a ten), player 2 can (a 6)
    turn = after_card(0, 25, [[3], [10], [6]], ends_at_first_go=False)
    assert (turn.player, turn.said_go, turn.point, turn.new_count) == (2, (1,), None, False)


def test_after_a_card_no_one_can_come_in_the_go_and_a_new_count():
    turn = after_card(0, 28, [[10], [10, 9]], ends_at_first_go=False)
    assert (turn.player, turn.said_go, turn.point, turn.new_count) == (1, (1, 0), PegKind.GO, True)
    # the five-card game ends there
    assert after_card(0, 28, [[10], [10, 9]], ends_at_first_go=True).player == -1


def test_after_31_no_go_point_and_a_new_count():
    turn = after_card(1, 31, [[5], [2]], ends_at_first_go=False)
    assert (turn.player, turn.said_go, turn.point, turn.new_count) == (0, (), None, True)
    assert after_card(1, 31, [[5], [2]], ends_at_first_go=True).player == -1


def test_the_last_card_scores_one_unless_it_makes_31():
    assert after_card(0, 20, [[], []], ends_at_first_go=False).point is PegKind.LAST
    assert after_card(0, 20, [[], []], ends_at_first_go=False).player == -1
    assert after_card(0, 31, [[], []], ends_at_first_go=False).point is None


def test_playing_on_alone_after_the_others_go():
    turn = after_card(0, 27, [[4, 9], [10]], ends_at_first_go=False)
    assert (turn.player, turn.said_go, turn.point) == (0, (1,), None)


@settings(max_examples=examples(300))
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.integers(0, n - 1),
            st.integers(1, LIMIT),
            st.lists(st.lists(st.integers(1, 10), max_size=4), min_size=n, max_size=n),
            st.booleans(),
        )
    )
)
def test_after_card_keeps_the_rules(case):
    """Whatever the hands: the next player holds a card that comes in (or leads a new
    count, or the play is over); everyone passed over holds cards and none comes in; the
    go or last point is never at 31."""
    last, count, held, ends = case
    turn = after_card(last, count, held, ends_at_first_go=ends)
    for q in turn.said_go:
        assert held[q] and not any(comes_in(p, count) for p in held[q])
    if turn.point is not None:
        assert count < LIMIT and turn.new_count
    if not turn.new_count:
        assert turn.player >= 0 and any(comes_in(p, count) for p in held[turn.player])
    elif turn.player >= 0:
        assert not ends and held[turn.player]
        assert turn.player == next_leader(last, [bool(h) for h in held])
    else:
        assert ends or not any(held)
    if count == LIMIT or not any(held):
        assert turn.new_count and turn.said_go == ()


def test_two_names_alike_but_for_case_are_refused():
    """'A:5S B:6H a:4C' means A's card, not a third player 'a' beside A and B."""
    with pytest.raises(PlayError, match="'A' and 'a' differ only in case"):
        score_sequence(parse_peg_tokens(["A:5S", "B:6H", "a:4C"]))
    with pytest.raises(PlayError, match="'b' and 'B' differ only in case"):
        score_sequence(parse_peg_tokens(["b:5S", "B:5H"]))

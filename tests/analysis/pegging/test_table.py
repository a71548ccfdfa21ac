"""The pegging analysis at a table of any size (issue 20): the situation read by the
rules, the play-out with every hand known against a search over ``PlayState``, and the
ranking, exact or sampled, against the two-player oracle."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis.pegging import (
    PegSituation,
    TableSearch,
    TableSituation,
    analyse,
    analyse_table,
    exact_deals,
    read_table,
    sample_deals,
)
from crib_trainer.core.cards import FULL_DECK, Card, parse_cards
from crib_trainer.core.pegging import MAX_CARD_POINTS, PlayError, PlayState, parse_peg_tokens
from crib_trainer.core.variants import get_variant


def played_out(variant: str, seed: int, cards_played: int) -> PlayState:
    """A random deal of ``variant`` played at random up to ``cards_played`` cards (or the
    last moment with a card to choose)."""
    v = get_variant(variant)
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    n = v.hand_size
    state = PlayState.start([deck[q * n : (q + 1) * n] for q in range(v.players)], v)
    while len(state.plays) < cards_played:
        nxt = state.play(rng.choice(state.legal_cards()))
        if nxt.over:
            break
        state = nxt
    return state


# --- the play-out with every hand known, against a search over PlayState -------------------


def brute(state: PlayState) -> tuple[int, ...]:
    """Points each seat scores from ``state`` on, each player choosing by his side's net
    (the lowest rank among equals), by PlayState's own rules."""
    if state.over:
        return (0,) * state.players
    before = state.scores
    best: tuple[int, ...] | None = None
    best_net = None
    tried = set()
    for card in sorted(state.legal_cards(), key=lambda c: c.rank):
        if card.rank in tried:
            continue
        tried.add(card.rank)
        nxt = state.play(card)
        rest = brute(nxt)
        points = tuple(a - b + r for a, b, r in zip(nxt.scores, before, rest, strict=True))
        net = side_net(state, points, state.turn)
        if best_net is None or net > best_net:
            best, best_net = points, net
    assert best is not None
    return best


def side_net(state: PlayState, points: Sequence[int], seat: int) -> int:
    pairs = state.variant.partnerships
    mine = {seat % 2} if pairs else {seat}
    return sum(p if ((q % 2) if pairs else q) in mine else -p for q, p in enumerate(points))


def ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(int(c.rank) for c in cards))


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-player", "four-player"])
@pytest.mark.parametrize("seed", range(6))
def test_search_matches_a_search_over_playstate(variant, seed):
    v = get_variant(variant)
    state = played_out(variant, seed, v.players * v.hand_size - 6)
    search = TableSearch(v)
    hands = tuple(ranks(h) for h in state.hands)
    seq = [int(c.rank) for c in state.count_cards]
    for card in state.legal_cards():
        nxt = state.play(card)
        rest = brute(nxt) if not nxt.over else (0,) * v.players
        points = [a - b + r for a, b, r in zip(nxt.scores, state.scores, rest, strict=True)]
        want = side_net(state, points, state.turn)
        assert search.net_after(state.turn, hands, seq, int(card.rank)) == want


# --- reading the situation --------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["three-player", "four-player", "six-card"]),
    st.integers(0, 10**6),
    st.integers(0, 14),
)
def test_every_sampled_deal_replays_to_the_same_moment(variant, seed, upto):
    """Deals drawn for the hidden hands fit the play: with them, PlayState lays the same
    cards in the same turns and comes to the holder's turn at the same count."""
    state = played_out(variant, seed, upto)
    s = TableSituation.from_state(state)
    pos = read_table(s)
    assert pos.count == state.count and pos.left == tuple(len(h) for h in state.hands)
    rng = random.Random(seed)
    for deal in sample_deals(pos, rng, 5):
        pool = list(pos.unseen)
        hands = []
        for q in range(state.players):
            laid = [p.card for p in s.played if p.player == q]
            if q == s.seat:
                held = list(s.hand)
            else:
                held = []
                for r in deal[q]:
                    card = next(c for c in pool if c.rank == r)
                    pool.remove(card)
                    held.append(card)
            hands.append(laid + held)
        replay = PlayState.start(hands, state.variant)
        for p in s.played:
            assert replay.turn == p.player
            replay = replay.play(p.card)
        assert replay.turn == s.seat and replay.count == state.count


def test_a_seat_passed_over_holds_only_cards_that_would_not_come_in():
    # A plays on at 25: B and C could not come in, so each holds cards of 7 pips or more.
    tokens = parse_peg_tokens("A:KS B:QH C:2C A:3D".split())
    s = TableSituation.from_sequence(
        tokens, parse_cards("2S 4D"), variant="three-player", holder="A"
    )
    pos = read_table(s)
    assert pos.count == 25 and pos.min_pips == (1, 7, 7) and pos.left == (2, 3, 3)
    deals = exact_deals(pos, 10**6)
    assert deals and all(min(d[q]) >= 7 for d, _ in deals for q in (1, 2))
    assert sum(w for _, w in deals) == pytest.approx(1)


@pytest.mark.parametrize(
    ("variant", "tokens", "hand", "holder", "message"),
    [
        ("three-player", "KS QH", "5D 5S 5C 5H", "A", "you have played 1 card"),
        ("three-player", "KS QH JC go", "AD AS 2C", "B", "restarted and seat A leads"),
        ("three-player", "A:KS B:QH C:8C A:AD C:AH", "AS 5S 5C", "B", "could not come in at 29"),
        ("three-player", "A:KS B:QH", "AS 5S 5C", "A", "cannot have said go at 20"),
        ("four-player", "A:KS C:QH", "4D 9C 3C 2C", None, "seat B cannot have said go at 10"),
        ("three-player", "ann:KS bo:QH cy:9C ann:AD go", "2D 3D 4C", "cy", "and seat bo leads"),
        ("three-player", "KS QH", "5D 5S 5C 5H", "D", "not one of the seats"),
        ("three-player", "KS 5H", "KS 9C 2D 8H", None, "duplicate"),
        ("four-player", "A:KS B:QH C:9C D:AH E:2H", "5D 5S 5C", None, "has 4 seats"),
        ("four-player", "KS QH 9C", "5D 5S 5C", None, "comes in at 29: you say go"),
        ("four-player", "KS QH", "5D 5S", None, "no seat to play next has that many"),
    ],
)
def test_impossible_situations_are_refused(variant, tokens, hand, holder, message):
    with pytest.raises((PlayError, ValueError), match=message):
        s = TableSituation.from_sequence(
            parse_peg_tokens(tokens.split()), parse_cards(hand), variant=variant, holder=holder
        )
        read_table(s)


# --- the ranking ----------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["three-player", "four-player"]),
    st.integers(0, 10**6),
    st.integers(4, 14),
    st.integers(2, 8),
    st.integers(0, 3),
)
def test_ranked_plays_are_legal_bounded_and_reproducible(variant, seed, upto, samples, rseed):
    state = played_out(variant, seed, upto)
    s = TableSituation.from_state(state)
    a = analyse_table(s, samples=samples, seed=rseed)
    assert sorted(o.card for o in a.options) == sorted(state.legal_cards())
    cards_left = sum(len(h) for h in state.hands)
    for o in a.options:  # no one scores more than a card's most on each card still held
        assert abs(o.expected_net) <= MAX_CARD_POINTS * cards_left
        assert o.stderr >= 0 and (a.method == "sampled" or o.stderr == 0)
    nets = [o.expected_net for o in a.options]
    assert nets == sorted(nets, reverse=True)
    assert analyse_table(s, samples=samples, seed=rseed) == a


def two_player_positions() -> list[PegSituation]:
    out = []
    for seed in range(8):
        for upto in (2, 4):
            state = played_out("six-card", 100 + seed, upto)
            if len({c.rank for c in state.legal_cards()}) >= 2:
                out.append(PegSituation.from_state(state))
    return out


@pytest.mark.parametrize("situation", two_player_positions()[:10])
def test_exact_method_is_the_two_player_oracle(situation):
    want = {o.card: o.expected_net for o in analyse(situation).options}
    got = analyse_table(TableSituation.from_two_player(situation), exact=True)
    assert got.method == "exact"
    assert {o.card: o.expected_net for o in got.options} == pytest.approx(want, abs=1e-9)


def test_sampled_method_agrees_with_the_oracle_within_its_error():
    """Seeded: on two-player positions the sampled mean is within 4.5 standard errors
    (plus a hundredth) of the exact answer, play by play; over all the plays the squared
    z-scores average near 1, as they should if the stated errors are honest."""
    zs = []
    for situation in two_player_positions()[:10]:
        want = {o.card: o.expected_net for o in analyse(situation).options}
        got = analyse_table(
            TableSituation.from_two_player(situation), exact=False, samples=150, seed=3
        )
        assert got.method == "sampled" and got.deals == 150
        for o in got.options:
            assert abs(o.expected_net - want[o.card]) <= 4.5 * o.stderr + 0.01
            if o.stderr > 0:
                zs.append((o.expected_net - want[o.card]) / o.stderr)
    assert len(zs) >= 10
    assert sum(z * z for z in zs) / len(zs) < 3


# --- sampling until the ranking is clear (issue 38) --------------------------------------------


def until_clear(tokens: str, hand: str, variant: str, **options) -> object:
    s = TableSituation.from_sequence(
        parse_peg_tokens(tokens.split()), parse_cards(hand), variant=variant
    )
    return analyse_table(s, samples=None, **options)


@pytest.mark.parametrize("variant", ["three-player", "four-player"])
def test_a_clear_best_card_stops_at_the_fewest_deals(variant):
    """The king makes 31 at 21: its lead is many times its error by the first look."""
    from crib_trainer.analysis.pegging.sampled import MIN_DEALS

    hand = "KC 2D 3H" if variant == "three-player" else "KC 2D 3H 7S"
    a = until_clear("KS AH QD", hand, variant)
    assert (a.method, a.stopped, a.deals, a.samples) == ("sampled", "clear", MIN_DEALS, None)
    assert a.options[0].card.code == "KC"
    nets = sorted((o.expected_net for o in a.options), reverse=True)
    assert a.lead == pytest.approx(nets[0] - nets[1]) and a.lead > 2 * a.lead_stderr > 0


def test_the_deals_are_the_first_of_the_fixed_counts_stream():
    """Sampling until clear takes the deals a fixed count takes, the first of them: a
    fixed count of as many deals gives the same means."""
    a = until_clear("KS AH QD", "KC 2D 3H", "three-player")
    s = TableSituation.from_sequence(
        parse_peg_tokens("KS AH QD".split()), parse_cards("KC 2D 3H"), variant="three-player"
    )
    fixed = analyse_table(s, samples=a.deals)
    got = [(o.card, o.expected_net, o.stderr) for o in a.options]
    want = [(o.card, o.expected_net, o.stderr) for o in fixed.options]
    assert [g[0] for g in got] == [w[0] for w in want]
    assert [g[1:] for g in got] == [pytest.approx(w[1:], abs=1e-12) for w in want]


def test_an_unclear_ranking_stops_when_its_budget_is_spent():
    from crib_trainer.analysis.pegging.sampled import MIN_DEALS

    a = until_clear("KS QH", "4D 2S 9C 8C", "three-player", budget=0.0)
    assert (a.stopped, a.deals) == ("budget", MIN_DEALS)
    assert a.lead <= 2 * a.lead_stderr


def test_an_unclear_ranking_stops_at_the_limit(monkeypatch):
    from crib_trainer.analysis.pegging import sampled

    monkeypatch.setattr(sampled, "DEFAULT_SAMPLES", 50)
    a = until_clear("KS QH", "4D 2S 9C 8C", "three-player", budget=float("inf"))
    assert (a.stopped, a.deals) == ("limit", 50)


def test_few_enough_deals_are_still_exact_when_sampling_until_clear():
    """Late in the play (no more deals than the limit) the answer is exact, as before."""
    state = played_out("three-player", 5, 9)
    s = TableSituation.from_state(state)
    assert exact_deals(read_table(s), 300) is not None
    a = analyse_table(s, samples=None)
    assert (a.method, a.stopped) == ("exact", "")
    assert a.options == analyse_table(s).options

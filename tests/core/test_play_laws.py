"""The laws of the play a written sequence must keep, and the most one card can score.

Sources (../shared/rules): Britannica 000_9eb24ee60004c902.txt, the play ("bound to play as
long as they can come in"; law 16); Hoyle 003_89bcfdda3f850483.txt, The Play ("the opponent
of the player who played the last card must lead"); 1911 001_e9ff528cbb8f3f06.txt, the
pegging dialogue.
"""

from __future__ import annotations

import heapq

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import (
    LIMIT,
    MAX_CARD_POINTS,
    MUST_PLAY,
    WHO_LEADS,
    PegKind,
    PegToken,
    PlayState,
    parse_peg_tokens,
    score_card,
    score_sequence,
)
from crib_trainer.core.variants import get_variant
from tests.conftest import cards, examples


def irregular(text: str):
    return score_sequence(parse_peg_tokens(text.split())).irregular


def test_britannica_000_bound_to_play_a_go_at_21_when_both_later_lay_5s():
    found = irregular("KS 6H 5D go 5C 5S")
    assert [i.position for i in found] == [4]
    assert found[0].card is None and found[0].count == 21 and found[0].rule == MUST_PLAY
    assert "token 4 'go': no one could say go at 21" in found[0].text()


def test_hoyle_003_the_wrong_player_leading_after_a_go():
    found = irregular("A:KS B:QH A:9C go A:5D B:4C")
    assert len(found) == 1 and found[0].rule == WHO_LEADS
    assert found[0].text().startswith("token 5 5♦: A led, but B should have")


def test_britannica_000_bound_to_play_a_player_passed_over_in_his_turn():
    found = irregular("A:5H A:6C B:4D")  # B could have laid the 4 at 5
    assert len(found) == 1 and "A played in B's turn at 5" in found[0].text()


def test_1911_001_the_dialogue_written_out_is_legal():
    assert irregular("2D 9S 4C 4D JH A:2S 9D B:6H") == ()
    assert irregular("2D 9S 4C 4D JH go 2S 9D 6H") != ()  # the old --help example


def test_players_who_cannot_come_in_or_are_out_may_be_passed_over():
    # B cannot come in at 26 (J and 10 left), so A plays on to 30; after the go B leads and,
    # A being out of cards, plays his last card too.
    assert irregular("A:AS B:KS A:2S B:QS A:3S A:4S go B:JS B:TS") == ()


@settings(max_examples=examples(150))
@given(st.sampled_from(["six-card", "five-card", "three-player", "four-player"]), st.randoms())
def test_every_legal_play_is_written_without_irregularities(variant_name, rng):
    """A play made by the rules (PlayState), written out, breaks none of them."""
    variant = get_variant(variant_name)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    size = variant.hand_size
    hands = [tuple(deck[i * size : (i + 1) * size]) for i in range(variant.players)]
    state = PlayState.start(hands, variant)
    while not state.over:
        state = state.play(rng.choice(state.legal_cards()))
    tokens: list[PegToken] = []
    for p in state.plays:
        tokens.append(PegToken(p.card, str(p.player)))
        if any(i.kind is PegKind.GO for i in p.items):
            tokens.append(PegToken(None))
    names = [str(i) for i in range(variant.players)]
    assert score_sequence(tokens, players=names).irregular == ()


# --- the most one card can score ----------------------------------------------------------


def _most_one_card_scores() -> int:
    """Search every count that can be laid (ranks at most four of a kind, the count at most
    31) for the most one card scores: its pairs and runs by ``score_card``, 2 for reaching
    15 or 31, and 1 more if the count is short of 31 (a go or the last card may follow).

    A card's pairs and runs depend only on the cards since the last repeat of a rank (the
    distinct-rank tail, or the run of one rank), and a run is at most seven cards
    (A-2-…-7 is 28), so a state is (count, tail) with the tail cut to a span of seven
    ranks. Card availability beyond the tail is ignored, so the answer is a bound; the
    deal below shows it is reached.

    Every state is visited once: the counts a (tail, same) is reached at are kept as the
    bits of one number and moved on together, lowest new count first, each count once.
    """
    deck = {rank: FULL_DECK[(rank - 1) * 4 : rank * 4] for rank in range(1, 14)}  # by suit

    def pairs_and_runs(tail: tuple[int, ...], same: int, rank: int) -> int:
        last = tail[-1] if tail else None
        laid = [deck[r][0] for r in tail[:-1]]
        laid += [deck[last][j] for j in range(same)] if tail else []
        card = deck[rank][same if rank == last else 1]
        items = score_card(laid, card)
        return sum(i.points for i in items if i.kind not in (PegKind.FIFTEEN, PegKind.THIRTY_ONE))

    def moves(tail: tuple[int, ...], same: int) -> list[tuple[int, int, tuple]]:
        """Each rank that may be laid next: (rank, its value, the (tail, same) after)."""
        last = tail[-1] if tail else None
        found = []
        for rank in range(1, 14):
            if rank == last:
                if same < 4:
                    found.append((rank, min(rank, 10), ((rank,), same + 1)))
                continue
            cut = (tail[tail.index(rank) + 1 :] if rank in tail else tail) + (rank,)
            while max(cut) - min(cut) > 6:
                cut = cut[1:]
            found.append((rank, min(rank, 10), (cut, 1)))
        return found

    fits = (1 << (LIMIT + 1)) - 1  # counts 0 … 31, a bit each
    counts: dict[tuple[tuple[int, ...], int], int] = {((), 0): 1}  # reached at count 0
    done: dict[tuple[tuple[int, ...], int], int] = {}
    todo = [(0, ((), 0))]
    part: dict[tuple[tuple[int, ...], int, int], int] = {}  # pairs and runs, by tail + card
    best = 0
    while todo:
        _, state = heapq.heappop(todo)
        fresh = counts[state] & ~done.get(state, 0)
        if not fresh:
            continue
        done[state] = counts[state]
        tail, same = state
        for rank, value, after in moves(tail, same):
            reached = (fresh << value) & fits
            if not reached:
                continue
            key = (tail, same, rank)
            if key not in part:
                part[key] = pairs_and_runs(tail, same, rank)
            bonus = 3 if reached >> 15 & 1 else 2 if reached >> LIMIT & 1 else 1
            best = max(best, part[key] + bonus)
            new = reached & ~counts.get(after, 0)
            if new:
                counts[after] = counts.get(after, 0) | new
                heapq.heappush(todo, ((new & -new).bit_length(), after))
    return best


@pytest.mark.slow
def test_the_most_one_card_scores_in_the_play_is_found_by_search():
    assert _most_one_card_scores() == MAX_CARD_POINTS == 15


def test_a_deal_where_one_card_scores_15():
    """K-Q-J to 30, go; then 7-2-2-2-2: the dealer's last 2 is a double pair royal (12) at
    15 (2) and the last card (1)."""
    pone, dealer = cards("KS JS 2C 2D"), cards("QH 7H 2H 2S")
    state = PlayState.start([pone, dealer])
    for card in cards("KS QH JS 7H 2C 2H 2D 2S"):
        state = state.play(card)
    assert state.over and state.plays[-1].points == MAX_CARD_POINTS

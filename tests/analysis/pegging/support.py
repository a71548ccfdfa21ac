"""Helpers for the pegging analysis tests: the slow, independent way, straight from
PlayState, and situations from written tokens."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from crib_trainer.analysis.pegging import PegSituation, pack_tail, read_situation, tail_of
from crib_trainer.core.cards import FULL_DECK, Card
from crib_trainer.core.pegging import PlayError, PlayState, parse_peg_tokens, score_card
from crib_trainer.core.variants import SIX_CARD

# A: 9S, B: QH, A: 8C (27), B: 3D (30), A cannot play (he holds 5 and K), B: AH makes 31.
# A, the non-dealer, has played two cards and holds 5♥ K♠; B holds one card, unseen; A leads
# the new count.
LEAD_5_OR_K = "A:9S B:QH A:8C B:3D B:AH".split()


def written(tokens: Sequence[str], hand: Sequence[Card], **kw) -> PegSituation:
    """The situation after a written sequence (tokens as text), for the holder of ``hand``."""
    return PegSituation.from_sequence(parse_peg_tokens(tokens), hand, **kw)


def brute(state: PlayState) -> int:
    """Best net (mover minus other, from now to the end of the play) for the player to
    move, both players maximising their own net, by trying every legal card of PlayState."""
    me = state.turn
    best = -1000
    for c in state.legal_cards():
        nxt = state.play(c)
        gain = (nxt.scores[me] - state.scores[me]) - (nxt.scores[1 - me] - state.scores[1 - me])
        if not nxt.over:
            gain += brute(nxt) if nxt.turn == me else -brute(nxt)
        best = max(best, gain)
    return best


def card_net(state: PlayState, c: Card) -> int:
    """Net for the mover of laying ``c`` now, then both playing on as well as they can."""
    me = state.turn
    nxt = state.play(c)
    gain = (nxt.scores[me] - state.scores[me]) - (nxt.scores[1 - me] - state.scores[1 - me])
    if not nxt.over:
        gain += brute(nxt) if nxt.turn == me else -brute(nxt)
    return gain


def random_state(rng: random.Random, variant=SIX_CARD, plays: int | None = None) -> PlayState:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    size = variant.hand_size
    state = PlayState.start([deck[:size], deck[size : 2 * size]], variant)
    n = rng.randrange(2 * size) if plays is None else plays
    for _ in range(n):
        if state.over:
            break
        state = state.play(rng.choice(state.legal_cards()))
    return state


def ranks(cs) -> tuple[int, ...]:
    return tuple(sorted(int(c.rank) for c in cs))


def solver_tail(state: PlayState) -> int:
    return pack_tail(state.count, *tail_of([int(c.rank) for c in state.count_cards]))


def slow_expected(situation: PegSituation) -> dict[Card, tuple[float, float]]:
    """Expected net and risk of each legal card, averaging over every suit-specific holding
    of the opponent that is consistent with the play so far (checked by replaying it in
    PlayState), each equally likely."""
    pos = read_situation(situation)
    me, opp = situation.me, 1 - situation.me
    plays = situation.cards_played
    mine_played = [p.card for p in plays if p.player == me]
    his_played = [p.card for p in plays if p.player == opp]
    totals: dict[Card, list[float]] = {}
    n = 0
    for holding in combinations(pos.unseen, pos.opponent_left):
        hands = [None, None]
        hands[me] = [*mine_played, *situation.hand]
        hands[opp] = [*his_played, *holding]
        state = PlayState.start(hands, situation.variant)
        try:
            for p in plays:
                assert state.turn == p.player
                state = state.play(p.card)
        except (PlayError, AssertionError):
            continue  # he could not have played (or passed) like that holding these
        if state.turn != me:
            continue
        n += 1
        for c in state.legal_cards():
            nxt = state.play(c)
            replies = [] if nxt.over or nxt.turn != opp else nxt.legal_cards()
            risky = any(sum(i.points for i in score_card(nxt.count_cards, r)) >= 2 for r in replies)
            acc = totals.setdefault(c, [0.0, 0.0])
            acc[0] += card_net(state, c)
            acc[1] += risky
    return {c: (v / n, r / n) for c, (v, r) in totals.items()}


def situation_after(state: PlayState, starter: Card, discards) -> PegSituation:
    return PegSituation.from_state(state, starter=starter, discards=discards)


def unseen_share(situation: PegSituation, test) -> float:
    pos = read_situation(situation)
    return sum(1 for c in pos.unseen if test(c)) / len(pos.unseen)


def take(rng: random.Random, pool: list[int], n: int, low: int = 1) -> list[int]:
    """``n`` ranks of at least ``low`` drawn from ``pool`` (and taken out of it)."""
    got = rng.sample([r for r in pool if r >= low], n)
    for r in got:
        pool.remove(r)
    return got

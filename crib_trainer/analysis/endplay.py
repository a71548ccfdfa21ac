"""Plays at the end of a game: rank the legal cards by the chance to win, not by points.

For each card the player to move may lay, at his score ``me`` against ``him``:

- a card whose points (fifteen, 31, pair, run) reach the target wins the game at once;
- otherwise he loses at once when his opponent holds a card that pegs out on it: the
  chance is exact over the holdings the pegging analysis weighs
  (:func:`~crib_trainer.analysis.pegging.holding_distribution`, the same opponent model);
- otherwise the play is taken to end there (**the rest of the play is left out**: goes,
  the last card and later pairs and runs), and the shows decide, in their order (the
  pone's hand, the dealer's hand, the crib; whoever gets home first wins) and then the
  win-probability table at the next deal. Your hand shows its exact points when all of
  it and the starter are known; otherwise, like his hand and the crib, it is drawn from
  the deal sample of expert self-play (:mod:`~crib_trainer.analysis.build.deal_sample`).

>>> from crib_trainer.analysis.pegging import PegSituation, analyse
>>> from crib_trainer.core.cards import parse_cards
>>> s = PegSituation(parse_cards("8H 2D 5S 9C"), played=(), dealer=False)
>>> wins = play_wins(s, analyse(s), me=100, him=119)
>>> len(wins), all(0.0 <= w <= 1.0 for w in wins)
(4, True)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from crib_trainer.analysis.pegging import (
    Analysis,
    PegSituation,
    Solver,
    holding_distribution,
    opponent_weight,
    pack_tail,
    tail_of,
)
from crib_trainer.analysis.pegging.solver import RANK_PIPS
from crib_trainer.analysis.position import MAX_POINTS, SAMPLE_PATH, check_scores
from crib_trainer.analysis.winprob import shipped_table
from crib_trainer.core.pegging import LIMIT, Played
from crib_trainer.core.show import score_show


@cache
def _show_chances(variant: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the deal sample: P(pone's hand = k), P(crib = k) and P(dealer's hand + crib
    = k) (the dealer's hand and crib of the same deals)."""
    key = variant.replace("-", "_")
    with np.load(SAMPLE_PATH) as data:
        pone, dealer, crib = (
            data[f"{key}_pone_hand"],
            data[f"{key}_dealer_hand"],
            data[f"{key}_crib"],
        )
    n = len(pone)
    size = 2 * MAX_POINTS
    return (
        np.bincount(pone, minlength=size) / n,
        np.bincount(crib, minlength=size) / n,
        np.bincount(dealer.astype(np.int64) + crib, minlength=size) / n,
    )


def after_play(
    mine: int, his: int, *, dealer: bool, variant: str, my_hand: int | None = None
) -> float:
    """My chance to win when the play is over and I need ``mine`` (he ``his``), both at
    least 1: the shows in order, then the table. ``my_hand`` is my hand's show if known."""
    table, _ = shipped_table(variant)
    pone_hand, crib, dealer_total = _show_chances(variant)
    k = np.arange(len(crib))
    if not dealer:
        mine_dist = pone_hand if my_hand is None else (k == my_hand).astype(float)
        win = 0.0
        for h, p in enumerate(mine_dist):
            if not p:
                continue
            if h >= mine:
                win += p  # I count first and go out
                continue
            short = his - k > 0  # his hand and crib fall short
            win += p * float((dealer_total * short * table[mine - h, np.maximum(his - k, 1)]).sum())
        return win
    mine_dist = (
        dealer_total if my_hand is None else np.convolve((k == my_hand).astype(float), crib)
    )[: len(k)]
    win = 0.0
    for h, p in enumerate(pone_hand):
        if not p or h >= his:
            continue  # he counts first: at h >= his he goes out
        home = k >= mine
        later = 1.0 - table[his - h, np.maximum(mine - k, 1)]
        win += p * float((mine_dist * np.where(home, 1.0, later)).sum())
    return win


def my_full_hand(situation: PegSituation) -> int | None:
    """My hand's show if all of it (held and played) and the starter are known."""
    played = [
        p.card for p in situation.played if isinstance(p, Played) and p.player == situation.me
    ]
    cards = (*situation.hand, *played)
    if situation.starter is None or len(cards) != situation.variant.hand_size:
        return None
    return score_show(cards, situation.starter, variant=situation.variant).total


def his_peg_outs(
    situation: PegSituation, analysis: Analysis, *, me: int, him: int, opponent: str = "random"
) -> list[float]:
    """For each of ``analysis.options``: 0 when the card pegs me out at once, else the
    chance that he holds a card that pegs him out on it (exact over the holdings the
    pegging analysis weighs)."""
    v = situation.variant
    check_scores(me, him, v)
    mine, his = v.target - me, v.target - him
    position = analysis.position
    dist = holding_distribution(position, opponent_weight(situation, opponent))
    solver = Solver(v)
    count_ranks = [int(c.rank) for c in position.count_cards]
    tail = pack_tail(position.count, *tail_of(count_ranks))
    his_ranks = sorted({int(c.rank) for c in position.unseen})  # (after four of a kind, no fifth)
    out = []
    for option in analysis.options:
        if option.immediate >= mine or option.count >= LIMIT:
            out.append(0.0)
            continue
        _, tail2 = solver.step(tail, int(option.card.rank))
        room = LIMIT - option.count
        out_ranks = {
            s for s in his_ranks if RANK_PIPS[s] <= room and solver.step(tail2, s)[0] >= his
        }
        out.append(sum(p for ranks, p in dist if out_ranks.intersection(ranks)))
    return out


def play_wins(
    situation: PegSituation, analysis: Analysis, *, me: int, him: int, opponent: str = "random"
) -> list[float]:
    """The chance to win after each of ``analysis.options`` (in its order), at ``me`` to
    ``him`` before the card is laid (see the module's docstring for the method)."""
    v = situation.variant
    mine, his = v.target - me, v.target - him
    he_out = his_peg_outs(situation, analysis, me=me, him=him, opponent=opponent)
    my_hand = my_full_hand(situation)
    out = []
    for option, lost in zip(analysis.options, he_out, strict=True):
        if option.immediate >= mine:
            out.append(1.0)
            continue
        rest = after_play(
            mine - option.immediate, his, dealer=situation.dealer, variant=v.name, my_hand=my_hand
        )
        out.append((1.0 - lost) * rest)
    return out

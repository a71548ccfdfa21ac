"""The analysis layer's numbers against brute force written from scratch.

Nothing here is taken from ``crib_trainer.analysis``: the only scorer is
``core.show.score_show`` (checked on its own elsewhere), and the deal shapes come from the
rule texts, not from ``core.rules``:

- six-card: 6 dealt, 2 thrown; the opponent throws 2 (crib of 4);
- five-card: 5 dealt, 2 thrown; the opponent throws 2 (crib of 4);
- three-player: 5 dealt, 1 thrown; the two others throw 1 each and one card comes from
  the top of the pack (crib of 4);
- four-player: 5 dealt, 1 thrown; the other three players throw 1 each (crib of 4).

Every (other crib cards, starter) pair is enumerated literally: the other cards are any
set from the cards the player has not seen, the starter any unseen card not among them,
every pair equally likely (the random opponent model). To keep it fast, each pair is
scored through a memo whose key holds everything the show depends on by the rules — the
ranks of the cards and of the starter, whether the hand (or crib) is of one suit, whether
the starter is of that suit too, and how many jacks of the starter's suit are held — and
samples of the memo are checked against ``score_show`` directly.
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from crib_trainer.analysis.discard import analyse_discards
from crib_trainer.analysis.tables import distribution_for
from crib_trainer.cli import main
from crib_trainer.core.cards import FULL_DECK, Card, parse_cards
from crib_trainer.core.show import score_show

# variant: (cards dealt, cards thrown, other cards in the crib, the pack card included)
SHAPES = {
    "six-card": (6, 2, 2),
    "five-card": (5, 2, 2),
    "three-player": (5, 1, 3),
    "four-player": (5, 1, 3),
}
JACK = 11

# --- scoring through a memo ----------------------------------------------------------

_MEMO: dict[tuple[str, bool, int], int] = {}


def _part(ranks: np.ndarray, suits: np.ndarray, s_suit: np.ndarray):
    """Per row of held cards: their rank multiset as one number (a sum of 5 ** rank), their
    suit if they are all of one (else -1), and how many are jacks of the starter's suit.
    """
    code = (5 ** ranks.astype(np.int64)).sum(axis=1)
    one_suit = np.where((suits == suits[:, :1]).all(axis=1), suits[:, 0], -1)
    nob = ((ranks == JACK) & (suits == s_suit[:, None])).sum(axis=1)
    return code, one_suit, nob


def _join(a, b):
    """The summary of two parts held together."""
    return a[0] + b[0], np.where(a[1] == b[1], a[1], -1), a[2] + b[2]


def _keys(part, s_rank: np.ndarray, s_suit: np.ndarray) -> np.ndarray:
    """One integer per row: the ranks held, the starter's rank, whether the cards held are
    of one suit, whether the starter is of it too, and the jacks of the starter's suit.
    """
    code, one_suit, nob = part
    with_starter = one_suit == s_suit
    return (((code * 14 + s_rank) * 2 + (one_suit >= 0)) * 2 + with_starter) * 5 + nob


def _scores(variant: str, crib: bool, keys: np.ndarray, cards_of_row, rng: random.Random):
    """For each row's key, the show of the cards (hand or crib, starter) of that row.

    Returns the distinct keys, how many rows have each, and each one's score; a sample
    of rows is scored directly and compared with the memo.
    """
    distinct, first, count = np.unique(keys, return_index=True, return_counts=True)
    points = np.empty(len(distinct), dtype=np.int64)
    for i, (key, row) in enumerate(zip(distinct.tolist(), first.tolist(), strict=True)):
        memo_key = (variant, crib, key)
        if memo_key not in _MEMO:
            held, starter = cards_of_row(row)
            _MEMO[memo_key] = score_show(held, starter, crib=crib, variant=variant).total
        points[i] = _MEMO[memo_key]
    lookup = dict(zip(distinct.tolist(), points.tolist(), strict=True))
    for row in rng.sample(range(len(keys)), min(40, len(keys))):
        held, starter = cards_of_row(row)
        direct = score_show(held, starter, crib=crib, variant=variant).total
        assert direct == lookup[int(keys[row])], (held, starter)
    return distinct, count, points


# --- discard analysis by brute force -------------------------------------------------


def brute_discards(dealt: tuple[Card, ...], variant: str, rng: random.Random):
    """Per throw (in the order of combinations of positions): discard, keep, hand_ev,
    crib_ev (exact fractions), hand_min, hand_max; and the heels expectation.
    """
    n, k, m = SHAPES[variant]
    assert len(dealt) == n
    unseen = [c for c in FULL_DECK if c not in dealt]
    assert len(unseen) == 52 - n
    u_rank = np.array([int(c.rank) for c in unseen], dtype=np.int64)
    u_suit = np.array([c.suit.index for c in unseen], dtype=np.int64)

    # Every (other crib cards, starter) pair, drawn together without replacement.
    others = np.array(list(combinations(range(len(unseen)), m)), dtype=np.int64)
    o_rep = np.repeat(others, len(unseen), axis=0)
    s_rep = np.tile(np.arange(len(unseen)), len(others))
    apart = (o_rep != s_rep[:, None]).all(axis=1)
    o_rep, s_rep = o_rep[apart], s_rep[apart]
    pairs = len(s_rep)
    assert pairs == comb(len(unseen), m) * (len(unseen) - m)

    s_rank, s_suit = u_rank[s_rep], u_suit[s_rep]
    other_part = _part(u_rank[o_rep], u_suit[o_rep], s_suit)

    # His heels: from the starter over all pairs, and over the starter alone.
    jacks = sum(c.rank == JACK for c in unseen)
    heels = Fraction(2 * jacks, len(unseen))
    assert Fraction(2 * int((u_rank[s_rep] == JACK).sum()), pairs) == heels

    results = []
    for throw_pos in combinations(range(n), k):
        throw = tuple(dealt[i] for i in throw_pos)
        keep = tuple(c for i, c in enumerate(dealt) if i not in throw_pos)

        hand = [score_show(keep, s, variant=variant).total for s in unseen]
        hand_ev = Fraction(sum(hand), len(hand))

        t_rank = np.array([[int(c.rank) for c in throw]], dtype=np.int64)
        t_suit = np.array([[c.suit.index for c in throw]], dtype=np.int64)
        t_code, t_one_suit, _ = _part(t_rank, t_suit, np.zeros(1, dtype=np.int64))
        t_nob = sum((c.rank == JACK) * (s_suit == c.suit.index) for c in throw)
        keys = _keys(_join((t_code, t_one_suit, t_nob), other_part), s_rank, s_suit)

        def crib_of(row, throw=throw):
            crib = throw + tuple(unseen[j] for j in o_rep[row])
            return crib, unseen[s_rep[row]]

        _, count, points = _scores(variant, True, keys, crib_of, rng)
        crib_ev = Fraction(int(count @ points), pairs)
        results.append((throw, keep, hand_ev, crib_ev, min(hand), max(hand)))
    return results, heels


def random_deals(variant: str, how_many: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, SHAPES[variant][0])) for _ in range(how_many)]


# Random deals, plus some with jacks and a suit in them (nobs, heels, flushes) and some
# holding every card of a rank (none of it left unseen).
DEALS = [
    *[("six-card", d) for d in random_deals("six-card", 3, 101)],
    ("six-card", parse_cards("JH 5H 6H 7H 5S JS")),
    ("six-card", parse_cards("JS JH JD JC 5S 5H")),
    *[("five-card", d) for d in random_deals("five-card", 3, 202)],
    ("five-card", parse_cards("JC 4C 5C 6C JD")),
    ("five-card", parse_cards("5S 5H 5D 5C JH")),
    *[("three-player", d) for d in random_deals("three-player", 2, 303)],
    ("three-player", parse_cards("JS JH 5D 5C 9S")),
    ("three-player", parse_cards("5S 5H 5D 5C JH")),
    *[("four-player", d) for d in random_deals("four-player", 2, 404)],
    ("four-player", parse_cards("JD 7D 8D 9D 5H")),
    ("four-player", parse_cards("JS JH JD JC 5S")),
]


def _api_options(dealt, dealer, variant):
    analysis = analyse_discards(dealt, dealer=dealer, variant=variant, opponent="random")
    return analysis.heels_ev, [o.to_json() for o in analysis.options]


def _cli_options(dealt, dealer, variant):
    out = io.StringIO()
    argv = ["discard", *(c.code for c in dealt), "--dealer" if dealer else "--pone"]
    assert main([*argv, "--variant", variant, "--json"], out=out) == 0
    record = json.loads(out.getvalue())
    assert record["variant"] == variant and record["opponent"] == "random"
    assert record["role"] == ("dealer" if dealer else "pone")
    assert record["net_includes_heels"] is False
    return record["heels_ev"], record["options"]


@pytest.mark.parametrize(
    ("variant", "dealt"),
    DEALS,
    ids=[f"{v}-{' '.join(c.code for c in d)}" for v, d in DEALS],
)
@pytest.mark.slow
def test_discard_analysis_equals_brute_force(variant, dealt):
    rng = random.Random(sum(c.index << i for i, c in enumerate(dealt)))
    truth, heels = brute_discards(dealt, variant, rng)
    for dealer, source in ((True, _api_options), (False, _api_options), (True, _cli_options)):
        heels_ev, options = source(dealt, dealer, variant)
        assert abs(heels_ev - heels) < 1e-9
        assert len(options) == len(truth) == comb(*SHAPES[variant][:2])
        exact = {}
        for throw, keep, hand_ev, crib_ev, lo, hi in truth:
            net = hand_ev + crib_ev if dealer else hand_ev - crib_ev
            exact[frozenset(throw)] = (net, hand_ev, crib_ev, lo, hi, frozenset(keep))
        best = max(v[0] for v in exact.values())
        seen = set()
        for option in options:
            discard = frozenset(parse_cards(option["discard"]))
            net, hand_ev, crib_ev, lo, hi, keep = exact[discard]
            seen.add(discard)
            what = f"{variant} {'dealer' if dealer else 'pone'} throw {option['discard']}"
            assert frozenset(parse_cards(option["keep"])) == keep, what
            assert abs(option["hand_ev"] - hand_ev) < 1e-9, what
            assert abs(option["crib_ev"] - crib_ev) < 1e-9, what
            assert abs(option["net_ev"] - net) < 1e-9, what
            assert abs(option["loss"] - (best - net)) < 1e-9, what
            assert abs(option["heels_ev"] - heels) < 1e-9, what
            assert (option["hand_min"], option["hand_max"]) == (lo, hi), what
        assert len(seen) == len(truth)
        # Best first: net never rises down the list; equal nets, the higher hand first.
        order = [exact[frozenset(parse_cards(o["discard"]))][:2] for o in options]
        assert order == sorted(order, reverse=True)


# --- odds: the shipped distributions -------------------------------------------------


def brute_distribution(size: int, variant: str, crib: bool) -> dict[int, int]:
    """Every ``size`` cards with every starter, scored. The starter's suit is fixed to
    spades and the count multiplied by four (the rules do not care which suit is which).
    """
    rng = random.Random(size * 2 + crib)
    rest = np.array(list(combinations(range(51), size)), dtype=np.int64)
    totals: dict[int, int] = {}
    for rank in range(1, 14):
        starter = Card.from_index((rank - 1) * 4)
        held = rest + (rest >= starter.index)  # the 51 other cards
        s_suit = np.zeros(len(held), dtype=np.int64)
        part = _part(held // 4 + 1, held % 4, s_suit)
        keys = _keys(part, np.full(len(held), rank, dtype=np.int64), s_suit)

        def cards_of(row, held=held, starter=starter):
            return tuple(FULL_DECK[i] for i in held[row].tolist()), starter

        _, count, points = _scores(variant, crib, keys, cards_of, rng)
        for p, c in zip(points.tolist(), count.tolist(), strict=True):
            totals[p] = totals.get(p, 0) + 4 * c
    return dict(sorted(totals.items()))


@pytest.mark.parametrize(
    ("variant", "crib", "size"),
    [
        ("six-card", False, 4),
        ("six-card", True, 4),
        ("five-card", False, 3),
        ("five-card", True, 4),
    ],
)
@pytest.mark.slow
def test_shipped_distribution_equals_brute_force(variant, crib, size):
    mine = brute_distribution(size, variant, crib)
    shipped = distribution_for(variant, crib=crib)
    assert sum(mine.values()) == comb(52, size) * (52 - size) == shipped.total
    assert shipped.as_dict() == mine


def test_every_variant_ships_the_distribution_of_its_own_shapes():
    # Hands: four cards, except the five-card game's three; cribs: always four cards.
    # A crib flush needs all five cards in every variant, so every crib table is one.
    six_hand = distribution_for("six-card")
    six_crib = distribution_for("six-card", crib=True)
    for variant in ("three-player", "four-player"):
        assert distribution_for(variant) == six_hand
    for variant in ("five-card", "three-player", "four-player"):
        assert distribution_for(variant, crib=True) == six_crib
    assert distribution_for("five-card").total == comb(52, 3) * 49

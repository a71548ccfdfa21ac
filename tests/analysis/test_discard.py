"""Discard analysis: the fast path against a slow, obviously correct enumeration."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.analysis import opponent
from crib_trainer.analysis.discard import (
    OPPONENTS,
    CribModel,
    analyse_discards,
    analyse_many,
    crib_model,
    crib_totals,
    hand_point_rows,
    other_slots,
    random_crib_totals,
    random_model,
    slot_model,
    unseen_cards,
)
from crib_trainer.analysis.ranksets import multisets
from crib_trainer.analysis.tables import rank_points, show_total
from crib_trainer.core.cards import FULL_DECK, Card, CardError, Rank
from crib_trainer.core.show import score_show
from crib_trainer.core.variants import VARIANTS, get_variant
from tests.conftest import cards, examples

# --- the slow path -------------------------------------------------------------------


def brute_hand(keep: tuple[Card, ...], unseen: tuple[Card, ...], variant) -> list[int]:
    """The kept hand's show with every starter, one by one."""
    return [show_total(keep, s, variant=variant, check=False) for s in unseen]


def brute_crib(throw, unseen, variant, weight=lambda others: 1) -> tuple[Fraction, float]:
    """Mean crib over every set of other crib cards and every starter left: exactly
    (every set equally likely) and with ``weight(others)`` per set.

    Every (set, starter) pair is scored, all at once by :func:`crib_shows`; a sample of
    them is scored again by ``show_total`` one by one.
    """
    m = variant.crib_size - variant.discard
    sets = list(combinations(unseen, m))
    grid = np.array([[c.index for c in throw + others] for others in sets], dtype=np.int64)
    starters = np.array([c.index for c in unseen], dtype=np.int64)
    points = crib_shows(grid, starters)  # [set, starter]
    left = (grid[:, :, None] != starters[None, None, :]).all(axis=1)  # the starter not in it
    count = int(left.sum())
    assert count == len(sets) * (len(unseen) - m)
    rows, columns = np.nonzero(left)
    for k in random.Random(len(sets)).sample(range(count), min(60, count)):
        i, j = int(rows[k]), int(columns[k])
        one = show_total(throw + sets[i], unseen[j], crib=True, variant=variant, check=False)
        assert points[i, j] == one, (sets[i], unseen[j])
    per_set = np.where(left, points, 0).sum(axis=1)
    w = np.array([weight(others) for others in sets], dtype=float)
    weights = float(w.sum()) * (len(unseen) - m)
    weighted = float(w @ per_set) / weights if weights else float("nan")
    return Fraction(int(per_set.sum()), count), weighted


@cache
def _rank_points() -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of five ranks (none more than four times) keyed by the sum of
    5 ** rank, sorted, and its fifteens, pairs and runs (``rank_points``)."""
    table = {
        sum(5**r for r in ranks): rank_points(ranks)
        for ranks in combinations_with_replacement(range(1, 14), 5)
        if max(ranks.count(r) for r in ranks) <= 4
    }
    keys = np.array(sorted(table), dtype=np.int64)
    return keys, np.array([table[k] for k in keys.tolist()], dtype=np.int64)


def crib_shows(cribs: np.ndarray, starters: np.ndarray) -> np.ndarray:
    """The show of each crib (rows of four card indices) with each starter: its ranks'
    points, 5 for a flush of all five cards (a crib's four alone count nothing), and 1 for
    the jack of the starter's suit in the crib. Cards and starters may overlap (rows the
    caller leaves out)."""
    keys, table = _rank_points()
    rank, suit = cribs // 4 + 1, cribs % 4
    s_rank, s_suit = starters // 4 + 1, starters % 4
    code = (5**rank).sum(axis=1)[:, None] + (5**s_rank)[None, :]
    found = np.searchsorted(keys, code)
    points = table[np.minimum(found, len(keys) - 1)]
    points = np.where(keys[np.minimum(found, len(keys) - 1)] == code, points, -1000)
    one_suit = (suit == suit[:, :1]).all(axis=1)[:, None] & (suit[:, :1] == s_suit[None, :])
    nob = ((rank[:, :, None] == 11) & (suit[:, :, None] == s_suit[None, None, :])).any(axis=1)
    return points + 5 * one_suit + nob


def opponent_weight(variant, dealer: bool):
    """Weight of a set of other crib cards under the weighted model, from the published
    per-card-set weights: each slot's thrower independently, the pack card uniform.
    """
    slots = other_slots(variant.name, dealer)

    @cache
    def by_ranks(ranks: tuple[int, ...], slot: str) -> float:
        if slot == "pack":
            return 1.0
        return opponent.throw_weight(ranks, variant=variant, own_crib=slot == "own")

    def weight(others: tuple[Card, ...]) -> float:
        return by_multiset(tuple(sorted(int(c.rank) for c in others)))

    @cache
    def by_multiset(ranks: tuple[int, ...]) -> float:
        if len(slots) == 1:
            return by_ranks(ranks, slots[0])
        total = 0.0
        for order in permutations(ranks):
            product = 1.0
            for slot, rank in zip(slots, order, strict=True):
                product *= by_ranks((rank,), slot)
            total += product
        return total

    return weight


def check_against_brute_force(text: str, variant_name: str, dealer: bool, throws=None):
    """Every (or the given) throw: hand and crib exactly as the enumeration says, for the
    random model bit for bit, for the weighted one to 1e-9.
    """
    variant = get_variant(variant_name)
    dealt = cards(text)
    unseen = unseen_cards(dealt)
    fast = analyse_discards(dealt, dealer=dealer, variant=variant)
    weighted = analyse_discards(dealt, dealer=dealer, variant=variant, opponent="weighted")
    weight = opponent_weight(variant, dealer)
    for option in fast.options:
        if throws is not None and {c.code for c in option.discard} not in throws:
            continue
        hand = brute_hand(option.keep, unseen, variant)
        crib, crib_weighted = brute_crib(option.discard, unseen, variant, weight)
        assert option.hand_ev == float(Fraction(sum(hand), len(unseen)))
        assert (option.hand_min, option.hand_max) == (min(hand), max(hand))
        assert option.crib_ev == float(crib)
        net = Fraction(sum(hand), len(unseen)) + (crib if dealer else -crib)
        assert option.net_ev == pytest.approx(float(net), abs=1e-12)
        w = weighted.option_for(option.discard)
        assert w.hand_ev == option.hand_ev
        assert w.crib_ev == pytest.approx(crib_weighted, abs=1e-9)


# --- fast = slow ---------------------------------------------------------------------


@pytest.mark.slow
def test_six_card_29_deal_every_throw_matches_brute_force():
    check_against_brute_force("5H 5D 5S JC 2C 9D", "six-card", dealer=True)


@pytest.mark.slow
def test_six_card_one_suit_deal_matches_brute_force_as_pone():
    # Hand flushes, crib flushes (a suited throw needs three more of the suit) and nobs.
    check_against_brute_force(
        "JH 4H 5H 6H 9H KH", "six-card", dealer=False, throws=[{"JH", "KH"}, {"4H", "9H"}]
    )


@pytest.mark.slow
def test_five_card_game_matches_brute_force():
    check_against_brute_force("JH 5H 6H 7H KS", "five-card", dealer=True)


@pytest.mark.parametrize(
    ("variant", "dealer", "text", "throw"),
    [
        ("three-player", False, "JS 5C 5D 9S TS", {"JS"}),
        ("four-player", True, "JS 5C 5D 9S TS", {"5C"}),
    ],
)
@pytest.mark.slow
def test_three_and_four_player_throws_match_brute_force(variant, dealer, text, throw):
    check_against_brute_force(text, variant, dealer, throws=[throw])


@pytest.mark.parametrize("m", [2, 3])
@pytest.mark.parametrize("seed", range(6))
def test_crib_sums_on_small_packs_with_arbitrary_weights(m, seed):
    """The counting formulas hold for any unseen set and any weights by rank multiset."""
    rng = random.Random(seed * 10 + m)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    # Stack the small pack with jacks and one suit so nobs and flushes happen.
    jacks = [c for c in deck if c.rank == Rank.JACK]
    hearts = [c for c in deck if c.suit.value == "H" and c.rank != Rank.JACK]
    pool = list(dict.fromkeys(jacks[:3] + hearts[:5] + deck[:8]))
    throw = tuple(pool[: 4 - m])
    unseen = tuple(pool[4 - m :])
    keys, _ = multisets(m)
    weights = np.array([rng.randint(0, 4) for _ in keys], dtype=np.int64)
    index = {k: i for i, k in enumerate(keys)}
    model = CribModel(m, weights, exact=True)
    sums, total_weight = crib_totals(unseen, [throw], model)
    brute = brute_weight = 0
    for others in combinations(unseen, m):
        w = int(weights[index[tuple(sorted(int(c.rank) for c in others))]])
        for s in unseen:
            if s not in others:
                brute += w * show_total(throw + others, s, crib=True, check=False)
                brute_weight += w
    assert (sums[0], total_weight) == (brute, brute_weight)


@settings(max_examples=examples(100))
@given(
    m=st.sampled_from([2, 3]),
    pack=st.lists(st.sampled_from(FULL_DECK), min_size=16, max_size=50, unique=True),
    throws=st.integers(1, 4),
)
def test_the_plain_random_crib_sums_are_numpys(m, pack, throws):
    """The random model worked in plain Python (the one-hand path) gives the same exact
    integers as the general numpy path, on packs of any size (the closed forms for the
    flushes and nobs are tested on small ones too)."""
    k = 4 - m
    thrown = [tuple(pack[i * k : (i + 1) * k]) for i in range(throws)]
    unseen = tuple(pack[throws * k :])
    assert random_crib_totals(unseen, thrown, m) == crib_totals(unseen, thrown, random_model(m))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.slow
def test_the_plain_random_crib_sums_on_a_small_pack_by_brute_force(seed):
    rng = random.Random(seed)
    jacks = [c for c in FULL_DECK if c.rank == Rank.JACK]
    pool = list(dict.fromkeys(jacks[:3] + rng.sample(FULL_DECK, 9)))
    throw, unseen = tuple(pool[:2]), tuple(pool[2:])
    brute = [
        show_total(throw + others, s, crib=True, check=False)
        for others in combinations(unseen, 2)
        for s in unseen
        if s not in others
    ]
    assert random_crib_totals(unseen, [throw], 2) == ([sum(brute)], len(brute))


@given(deal=st.lists(st.sampled_from(FULL_DECK), min_size=6, max_size=6, unique=True))
def test_the_hand_rows_are_the_shows(deal):
    keeps = [tuple(deal[:4]), tuple(deal[1:5]), tuple(deal[3:6])]
    unseen = unseen_cards(deal)
    for keep, row in zip(keeps, hand_point_rows(unseen, keeps[:2]), strict=False):
        assert row == brute_hand(keep, unseen, get_variant("six-card"))
    assert hand_point_rows(unseen, keeps[2:])[0] == brute_hand(
        keeps[2], unseen, VARIANTS["five-card"]
    )


@settings(max_examples=examples(100))
@given(
    variant=st.sampled_from(list(VARIANTS)),
    hands=st.lists(
        st.tuples(
            st.lists(st.sampled_from(FULL_DECK), min_size=6, max_size=6, unique=True),
            st.booleans(),
        ),
        min_size=8,
        max_size=12,
    ),
)
def test_a_batch_is_the_hands_one_by_one(variant, hands):
    """The batch's one matrix product gives every hand's analysis exactly as alone."""
    dealt = [(cards[: VARIANTS[variant].dealt], dealer) for cards, dealer in hands]
    one_by_one = [analyse_discards(c, dealer=d, variant=variant) for c, d in dealt]
    assert analyse_many(dealt, variant=variant) == one_by_one


def test_itemised_scorer_agrees_on_one_hand():
    """The brute force above uses table totals; check one hand with the itemised scorer."""
    dealt = cards("2C 3H 4D 5D 5S JS")
    option = analyse_discards(dealt, dealer=True).option_for(cards("2C JS"))
    unseen = unseen_cards(dealt)
    total = sum(score_show(option.keep, s).total for s in unseen)
    assert option.hand_ev == total / 46


# --- worked by hand ------------------------------------------------------------------


def test_hand_average_of_the_29_hand_worked_by_hand():
    # Keep 5H 5D 5S JC (14 with any starter before it scores), dealt with 2C 9D.
    # Starters: A, 3, 4, 6, 7, 8 (4 each) and 2, 9 (3 each) add nothing: 14, plus his nob
    # on the club among them (no 2C or 9C left); 10, Q, K add three fifteens: 20, plus a
    # nob each; the three other jacks: 20 and a pair, 22; the last five (5C): 29.
    by_starter = 6 * (4 * 14 + 1) + 2 * (3 * 14) + 1 + 3 * (4 * 20 + 1) + 3 * 22 + 29
    option = analyse_discards(cards("5H 5D 5S JC 2C 9D"), dealer=True).option_for(cards("2C 9D"))
    assert by_starter == 765
    assert option.hand_ev == 765 / 46
    assert (option.hand_min, option.hand_max) == (14, 29)


def test_published_worked_example_average_hand():
    # Bluebill, "Cribbage - Expected Average": dealt 2-3-4-5-5-J, keep 3-4-5-5: 574 / 46.
    option = analyse_discards(cards("2C 3H 4D 5D 5S JS"), dealer=False).option_for(cards("2C JS"))
    assert option.hand_ev == 574 / 46


def test_heels_is_two_for_each_unseen_jack_over_the_unseen():
    a = analyse_discards(cards("JC JD 5S 5H 2C 9D"), dealer=True)
    assert a.heels_ev == 2 * 2 / 46
    assert all(o.heels_ev == a.heels_ev for o in a.options)
    assert analyse_discards(cards("JC JD JS JH 2C 9D"), dealer=True).heels_ev == 0


# --- shape of the answer, every variant ----------------------------------------------


HANDS = {
    "six-card": [
        "5H 5D 5S JC 2C 9D",
        "AS AH AD AC 2S 2H",
        "KS KH KD KC QS QH",
        "JS JH JD JC 5S 5H",
    ],
    "five-card": ["5H 5D 5S JC 2C", "AS 2S 3S 4S 5S", "KS KH KD KC QS"],
    "three-player": ["5H 5D 5S JC 2C", "2H 4H 6H 8H TH", "JS JH JD JC 5S"],
    "four-player": ["5H 5D 5S JC 2C", "2H 4H 6H 8H TH", "AS AH AD AC KS"],
}


@pytest.mark.parametrize(("variant", "text"), [(v, h) for v, hands in HANDS.items() for h in hands])
@pytest.mark.parametrize("opponent_model", OPPONENTS)
@pytest.mark.parametrize("dealer", [True, False])
def test_options_are_every_throw_ranked_by_net(variant, text, opponent_model, dealer):
    rules = get_variant(variant)
    dealt = cards(text)
    a = analyse_discards(dealt, dealer=dealer, variant=variant, opponent=opponent_model)
    assert len(a.options) == comb(rules.dealt, rules.discard)
    assert {frozenset(o.discard) for o in a.options} == {
        frozenset(t) for t in combinations(dealt, rules.discard)
    }
    nets = [o.net_ev for o in a.options]
    assert nets == sorted(nets, reverse=True)
    assert a.options[0].loss == 0
    unseen = unseen_cards(dealt)
    for o in a.options:
        assert sorted(o.keep + o.discard) == sorted(dealt)
        assert len(o.keep) == rules.hand_size
        sign = 1 if dealer else -1
        assert o.net_ev == pytest.approx(o.hand_ev + sign * o.crib_ev, abs=1e-12)
        assert o.loss == pytest.approx(nets[0] - o.net_ev, abs=1e-12)
        assert o.hand_min <= o.hand_ev <= o.hand_max
        assert 0 < o.crib_ev < 29
        hand = brute_hand(o.keep, unseen, rules)
        assert o.hand_ev == pytest.approx(sum(hand) / len(unseen), abs=1e-12)
        assert (o.hand_min, o.hand_max) == (min(hand), max(hand))


def test_the_29_hand_is_kept_and_can_score_29():
    best = analyse_discards(cards("5H 5D 5S JC 2C 9D"), dealer=False).best
    assert {c.code for c in best.keep} == {"5H", "5D", "5S", "JC"}
    assert best.hand_max == 29


def test_four_kings_worked_by_hand():
    # K-K-K-K scores 12 with any starter; each of the four fives adds four fifteens (8).
    # No run: both other queens' partner J-Q-K needs a queen and a jack together.
    kings = analyse_discards(cards("KS KH KD KC QS QH"), dealer=True).option_for(cards("QS QH"))
    assert (kings.hand_min, kings.hand_max) == (12, 20)
    assert kings.hand_ev == (46 * 12 + 4 * 8) / 46


def test_random_model_is_uniform_and_slot_model_with_equal_weights_agrees():
    dealt = cards("2H 4H 6H 8H TH")
    unseen = unseen_cards(dealt)
    throws = [(c,) for c in dealt]
    exact, weight = crib_totals(unseen, throws, random_model(3))
    assert weight == comb(47, 3) * 44
    uniform, uniform_weight = crib_totals(unseen, throws, slot_model([np.ones(13)] * 3))
    for e, u in zip(exact, uniform, strict=True):
        assert e / weight == pytest.approx(u / uniform_weight, abs=1e-12)


def test_weighted_opponent_changes_the_crib_the_right_way():
    # A good pone throws junk to the dealer; a good dealer feeds his own crib.
    hand = cards("4S 5H 6D KC 9C 2H")
    for dealer, worse in ((True, "less"), (False, "more")):
        r = analyse_discards(hand, dealer=dealer).option_for(cards("KC 2H"))
        w = analyse_discards(hand, dealer=dealer, opponent="weighted").option_for(cards("KC 2H"))
        assert (w.crib_ev < r.crib_ev) if worse == "less" else (w.crib_ev > r.crib_ev)


def test_crib_models_are_cached_per_variant_role_and_opponent():
    assert crib_model("six-card", True, "random") is crib_model("six-card", False, "random")
    assert crib_model("six-card", True, "weighted") is not crib_model("six-card", False, "weighted")


# --- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "variant", "message"),
    [
        ("5H 5D 5S JC 2C", "six-card", "a six-card hand is dealt 6 cards"),
        ("5H 5D 5S JC 2C 9D", "five-card", "a five-card hand is dealt 5 cards"),
        ("5H 5D 5S JC 2C 5H", "six-card", "duplicate card 5♥"),
        ("5H 5D 5S JC 2C 5Z", "six-card", "unknown suit 'Z'"),
    ],
)
def test_bad_deals_raise_card_error(text, variant, message):
    with pytest.raises(CardError, match=message):
        analyse_discards(text, dealer=True, variant=variant)


def test_bad_opponent_or_variant():
    with pytest.raises(ValueError, match="unknown opponent model 'smart'"):
        analyse_discards("5H 5D 5S JC 2C 9D", dealer=True, opponent="smart")
    with pytest.raises(ValueError, match="unknown variant"):
        analyse_discards("5H 5D 5S JC 2C 9D", dealer=True, variant="seven-card")


def test_option_for_refuses_a_throw_not_in_the_hand():
    a = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True)
    with pytest.raises(CardError, match="is not a throw"):
        a.option_for(cards("5H 3C"))


def test_json_keys():
    data = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True).to_json()
    assert data["net_includes_heels"] is False
    assert set(data["options"][0]) == {
        "discard", "keep", "hand_ev", "crib_ev", "heels_ev", "net_ev", "loss", "hand_min",
        "hand_max", "as_good",
    }  # fmt: skip


# --- the shipped opponent table ------------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("own", [True, False])
def test_opponent_table_shares_sum_to_one(variant, own):
    rules = get_variant(variant)
    data = opponent.table()["variants"][variant]
    assert data["deals"] == comb(52, rules.dealt)
    throws, _ = multisets(rules.discard)
    keeps, _ = multisets(rules.hand_size)
    kw = {"variant": variant, "own_crib": own}
    # Counts are shipped to the nearest deal, so shares may miss 1 by a few deals.
    close = pytest.approx(1, abs=1e-5)
    assert sum(opponent.throw_probability(t, **kw) for t in throws) == close
    assert sum(opponent.keep_probability(k, **kw) for k in keeps) == close
    # Per card set: summing the weights over every set of cards in the pack gives 1 too.
    assert sum(opponent.throw_weight(t, **kw) * opponent.card_sets(t) for t in throws) == close


def test_opponent_table_has_hessels_pattern_count():
    # Hessel: "each of the 18,395 different six-card hands (independent of suit)".
    assert opponent.table()["variants"]["six-card"]["patterns"] == 18_395


def test_a_good_pone_rarely_throws_fives_and_a_good_dealer_often_does():
    pone = opponent.throw_probability("55", own_crib=False)
    dealer = opponent.throw_probability("55", own_crib=True)
    assert pone < dealer
    assert opponent.crib_average("55", own_crib=True) > opponent.crib_average("AK", own_crib=True)


def test_analysis_imports_no_higher_layer():
    code = (
        "import sys\n"
        "import crib_trainer.analysis.discard, crib_trainer.analysis.opponent\n"
        "from crib_trainer.analysis.discard import analyse_discards\n"
        "analyse_discards('5H 5D 5S JC 2C 9D', dealer=True, opponent='weighted')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'sqlite3') or "
        "m.startswith(('crib_trainer.ui', 'crib_trainer.storage', 'crib_trainer.training', "
        "'crib_trainer.cli'))]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("own", [True, False])
def test_keep_and_throw_weights_over_unseen_sets_renormalise_the_table(own):
    unseen = cards("5H 5D 5S JC 2C 9D KS QH TD 7C")
    keeps = opponent.keep_weights(unseen, own_crib=own).as_dict()
    assert len(keeps) == comb(10, 4)
    raw = {s: opponent.keep_weight(s, own_crib=own) for s in combinations(unseen, 4)}
    total = sum(raw.values())
    for hand, p in keeps.items():
        assert p == pytest.approx(raw[hand] / total, rel=1e-12)
    throws = opponent.throw_weights(unseen, variant="three-player", own_crib=own)
    assert throws.sets.shape == (10, 1) and throws.probability.sum() == pytest.approx(1)

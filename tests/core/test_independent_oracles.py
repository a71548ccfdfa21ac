"""The counting engine checked against scorers written here from scratch.

Nothing below borrows the engine's logic: the show is scored by brute force over every
subset of the five cards, a card laid in the play by looking only at the cards of the
current count, and the whole play by a plain turn-by-turn loop (each player in rotation
plays if he can, else passes; a full round of passes ends the count). The engine must
agree with them on totals and on the items of every kind, for every variant, over random
deals (hypothesis and seeded ``random``) and over every five-card rank pattern.

Then: worked examples from rule sources other than the project's own rule texts (each
source named), and hostile inputs, which must raise ``CardError`` with a clear message.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK, Card, CardError, Rank, Suit
from crib_trainer.core.pegging import (
    PegKind,
    PlayError,
    PlayState,
    SaidGo,
    score_card,
    score_sequence,
)
from crib_trainer.core.pegging import parse_peg_tokens as _tokens
from crib_trainer.core.show import score_show
from crib_trainer.core.variants import VARIANTS, get_variant
from tests.conftest import card, cards, examples

VARIANT_NAMES = sorted(VARIANTS)
JACK = 11


def value(c: Card) -> int:
    """Counting value, worked out here: ace 1, pips, ten and court cards 10."""
    r = int(c.rank)
    return 10 if r >= 10 else r


def consecutive(ranks: list[int]) -> bool:
    """Distinct ranks with no gap (ace low, no wrapping)."""
    s = sorted(ranks)
    return all(b == a + 1 for a, b in pairwise(s))


# --- oracle 1: the show, by brute force over subsets -----------------------------------

# Every non-empty subset of n cards, as positions (bit i of the mask: card i is in it).
_SUBSETS = {
    n: [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)] for n in (4, 5)
}


def oracle_show(hand: list[Card], starter: Card, *, crib: bool) -> dict[str, tuple[int, int]]:
    """(number of items, points) per kind for a hand or crib with its starter.

    Hand flush: every hand card of one suit scores one each (three in the five-card game's
    three-card hand), one more if the starter matches; a crib flush needs all its cards and
    the starter of one suit. His heels is not part of the show.
    """
    five = [*hand, starter]
    values = [value(c) for c in five]
    ranks = [int(c.rank) for c in five]
    subsets = _SUBSETS[len(five)]
    fifteens = sum(1 for s in subsets if sum(values[i] for i in s) == 15)
    pairs = sum(1 for s in subsets if len(s) == 2 and ranks[s[0]] == ranks[s[1]])
    runs, run_len = 0, 0
    for k in range(len(five), 2, -1):
        found = sum(1 for s in subsets if len(s) == k and consecutive([ranks[i] for i in s]))
        if found:
            runs, run_len = found, k
            break
    hand_suits = {c.suit for c in hand}
    flush = 0
    if len(hand_suits) == 1:
        same = starter.suit in hand_suits
        if same:
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = sum(1 for c in hand if int(c.rank) == JACK and c.suit == starter.suit)
    return {
        "fifteen": (fifteens, 2 * fifteens),
        "pair": (pairs, 2 * pairs),
        "run": (runs, runs * run_len),
        "flush": (1 if flush else 0, flush),
        "nobs": (nobs, nobs),
    }


def engine_show(hand, starter, *, crib, variant) -> dict[str, tuple[int, int]]:
    b = score_show(hand, starter, crib=crib, variant=variant)
    got = {k: (0, 0) for k in ("fifteen", "pair", "run", "flush", "nobs")}
    for item in b.items:
        n, p = got[str(item.kind)]
        got[str(item.kind)] = (n + 1, p + item.points)
    assert b.total == sum(p for _, p in got.values())
    return got


def check_show(hand, starter, *, crib, variant) -> int:
    want = oracle_show(list(hand), starter, crib=crib)
    got = engine_show(tuple(hand), starter, crib=crib, variant=variant)
    assert got == want, (hand, starter, crib, variant)
    return sum(p for _, p in want.values())


def _deal(rng: random.Random, size: int) -> tuple[list[Card], Card]:
    picked = rng.sample(FULL_DECK, size + 1)
    return picked[:size], picked[size]


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_show_matches_brute_force_on_seeded_deals(name):
    variant = get_variant(name)
    rng = random.Random(f"show-{name}")
    totals: Counter[int] = Counter()
    for i in range(1500):
        crib = i % 2 == 1
        size = variant.shown_size(crib)
        hand, starter = _deal(rng, size)
        totals[check_show(hand, starter, crib=crib, variant=variant)] += 1
    # The deals were varied enough to mean something.
    assert len(totals) >= 12


def _flushy_deal(rng: random.Random, size: int) -> tuple[list[Card], Card]:
    """A deal drawn from few suits and a narrow band of ranks, with jacks, so that flushes,
    nobs, runs and pairs come up far more often than in a random deal."""
    suits = rng.sample(list(Suit), rng.choice((1, 1, 2)))
    lo = rng.randint(1, 9)
    pool = [c for c in FULL_DECK if c.suit in suits and lo <= int(c.rank) <= lo + 4]
    pool += [c for c in FULL_DECK if int(c.rank) == JACK and c not in pool]
    picked = rng.sample(pool, size + 1)
    if rng.random() < 0.5:  # starter from anywhere
        rest = [c for c in FULL_DECK if c not in picked[:size]]
        picked[size] = rng.choice(rest)
    return picked[:size], picked[size]


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_show_matches_brute_force_on_suited_narrow_deals(name):
    variant = get_variant(name)
    rng = random.Random(f"flushy-{name}")
    kinds: Counter[str] = Counter()
    for i in range(1000):
        crib = i % 2 == 1
        hand, starter = _flushy_deal(rng, variant.shown_size(crib))
        check_show(hand, starter, crib=crib, variant=variant)
        for kind, (n, _) in oracle_show(hand, starter, crib=crib).items():
            kinds[kind] += n > 0
    assert min(kinds.values()) > 25, kinds  # every kind was exercised


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(VARIANT_NAMES),
    st.booleans(),
    st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True),
)
def test_show_matches_brute_force_hypothesis(name, crib, picked):
    variant = get_variant(name)
    size = variant.shown_size(crib)
    check_show(picked[:size], picked[-1], crib=crib, variant=variant)


@pytest.mark.slow
def test_every_rank_pattern_of_five_cards():
    """Fifteens, pairs and runs depend on ranks alone: try every multiset of five ranks
    (at most four of a rank), dealt in different suits so no flush or nob interferes
    more than the oracle expects, with each position in turn as the starter."""
    checked = 0
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        used: Counter[int] = Counter()
        five = []
        for r in ranks:
            five.append(Card(Rank(r), list(Suit)[used[r]]))
            used[r] += 1
        for s in range(5) if checked % 7 == 0 else (4,):
            hand = five[:s] + five[s + 1 :]
            check_show(hand, five[s], crib=bool(s % 2), variant="six-card")
        checked += 1
    assert checked == 6175  # the number of five-card rank patterns


@pytest.mark.slow
def test_every_suit_pattern_for_flush_and_nobs():
    """Every way of suiting a hand with a jack, for hands and cribs of four cards and the
    five-card game's hand of three."""
    for name, crib in (("six-card", False), ("six-card", True), ("five-card", False)):
        variant = get_variant(name)
        if True:
            size = variant.shown_size(crib)
            ranks = [JACK, 2, 4, 9, 13][: size + 1]
            for suits in _all_suitings(size + 1):
                five = [Card(Rank(r), s) for r, s in zip(ranks, suits, strict=True)]
                check_show(five[:-1], five[-1], crib=crib, variant=variant)


def _all_suitings(n: int):
    if n == 0:
        yield ()
        return
    for rest in _all_suitings(n - 1):
        for s in Suit:
            yield (*rest, s)


# --- oracle 2: one card laid in the play -----------------------------------------------


def oracle_peg(count_cards: list[Card], laid: Card) -> dict[str, int] | None:
    """Points per kind for ``laid`` on the cards of this count; None if it passes 31."""
    seq = [*count_cards, laid]
    total = sum(value(c) for c in seq)
    if total > 31:
        return None
    out: dict[str, int] = {}
    if total == 15:
        out["fifteen"] = 2
    if total == 31:
        out["thirty-one"] = 2
    block = 0
    for c in reversed(seq):
        if c.rank != laid.rank:
            break
        block += 1
    if block >= 2:
        name = {2: "pair", 3: "pair-royal", 4: "double-pair-royal"}[block]
        out[name] = {2: 2, 3: 6, 4: 12}[block]
    best = 0
    for k in range(3, len(seq) + 1):
        if consecutive([int(c.rank) for c in seq[-k:]]):
            best = k
    if best:
        out["run"] = best
    return out


def engine_peg(count_cards, laid) -> dict[str, int] | None:
    try:
        items = score_card(tuple(count_cards), laid)
    except PlayError:
        return None
    out: dict[str, int] = {}
    for item in items:
        assert str(item.kind) not in out  # at most one item of a kind per card
        out[str(item.kind)] = item.points
    return out


def _peg_sequence(rng: random.Random) -> list[Card]:
    """Distinct cards from a narrow band of ranks, so pairs and runs are common."""
    lo = rng.randint(1, 10)
    pool = [c for c in FULL_DECK if lo <= int(c.rank) <= lo + rng.choice((2, 3, 4, 6))]
    return rng.sample(pool, min(len(pool), rng.randint(1, 9)))


def test_pegging_matches_oracle_on_seeded_sequences():
    rng = random.Random("peg")
    seen: Counter[str] = Counter()
    over = 0
    for _ in range(3000):
        seq = _peg_sequence(rng)
        for i in range(len(seq)):
            want = oracle_peg(seq[:i], seq[i])
            assert engine_peg(seq[:i], seq[i]) == want, seq[: i + 1]
            if want is None:
                over += 1
                break
            seen.update(want)
    assert over > 50
    assert min(seen[k] for k in ("fifteen", "thirty-one", "pair", "pair-royal", "run")) > 10
    assert seen["double-pair-royal"] > 0


@settings(max_examples=examples(250), deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK[:36]), min_size=1, max_size=10, unique=True))
def test_pegging_matches_oracle_hypothesis(seq):
    # Ranks ace to nine only (the first 36 cards), so long counts and runs are possible.
    for i in range(len(seq)):
        want = oracle_peg(seq[:i], seq[i])
        assert engine_peg(seq[:i], seq[i]) == want
        if want is None:
            break


# --- oracle 3: the whole play, turn by turn --------------------------------------------


def simulate_play(
    hands: list[list[Card]], *, ends_at_first_go: bool, choose
) -> tuple[list[tuple[int, Card, int]], list[int], list[list[Card]], list[tuple[int, int]]]:
    """Play out the hands the plain way: players in rotation from player 0; a player who
    holds a card that keeps the count at 31 or under must play one (``choose`` picks it);
    otherwise he passes (a player with no cards always passes). When every player has
    passed in a row since the last card, no one can come in: the last player scores 1
    (nothing more at exactly 31, which already scored 2), the count goes back to 0, and
    the player after him goes on. The very last card of all scores 1 (unless 31). In the
    five-card game the play stops the first time no one can come in.

    Returns (player, card, points) for every card laid, the scores, the unplayed cards,
    and every "go" said: (cards laid so far, player), once a count for a player who holds
    cards but none that will come in.
    """
    n = len(hands)
    hands = [list(h) for h in hands]
    scores = [0] * n
    log: list[tuple[int, Card, int]] = []
    count_cards: list[Card] = []
    turn, last, passes = 0, -1, 0
    said_go: list[tuple[int, int]] = []
    stuck: set[int] = set()  # players who have said go in this count
    while True:
        if not any(hands):
            if count_cards and sum(value(c) for c in count_cards) < 31:
                scores[last] += 1
                log[-1] = (log[-1][0], log[-1][1], log[-1][2] + 1)
            break
        count = sum(value(c) for c in count_cards)
        fits = [c for c in hands[turn] if value(c) <= 31 - count]
        if fits:
            laid = choose(turn, fits, count_cards)
            points = sum((oracle_peg(count_cards, laid) or {}).values())
            hands[turn].remove(laid)
            count_cards.append(laid)
            scores[turn] += points
            log.append((turn, laid, points))
            last, passes = turn, 0
            if count + value(laid) == 31 and any(hands):
                # no one can come in on 31: the count ends (2 already scored)
                count_cards, passes, stuck = [], 0, set()
                if ends_at_first_go:
                    break
            turn = (turn + 1) % n
            continue
        passes += 1
        if hands[turn] and turn not in stuck:
            said_go.append((len(log), turn))
            stuck.add(turn)
        if passes >= n and count_cards:  # everyone, the last player too, is stuck
            scores[last] += 1
            log[-1] = (log[-1][0], log[-1][1], log[-1][2] + 1)
            count_cards, passes, stuck = [], 0, set()
            if ends_at_first_go:
                break
            turn = (last + 1) % n
            continue
        turn = (turn + 1) % n
    return log, scores, hands, said_go


def _play_both(hands, variant, rng: random.Random, starter=None):
    """Drive the engine and the simulation with the same random choices; compare every
    turn (whose move, which cards may be laid) and the result."""
    state = PlayState.start(hands, variant, starter=starter)

    def choose(player, fits, count_cards):
        nonlocal state
        assert not state.over
        assert state.turn == player, (hands, [p.card for p in state.plays])
        assert sorted(state.legal_cards()) == sorted(fits)
        assert list(state.count_cards) == count_cards
        laid = rng.choice(sorted(fits))
        state = state.play(laid)
        return laid

    log, scores, left, said_go = simulate_play(
        [list(h) for h in hands], ends_at_first_go=variant.play_ends_at_first_go, choose=choose
    )
    assert state.over
    assert [(p.player, p.card, p.points) for p in state.plays] == log
    engine_gos, laid = [], 0
    for e in state.events:
        if isinstance(e, SaidGo):
            engine_gos.append((laid, e.player))
        else:
            laid += 1
    assert engine_gos == said_go
    heels = 2 if starter is not None and int(starter.rank) == JACK else 0
    scores[-1] += heels
    assert list(state.scores) == scores
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in left]
    return state, log


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_play_matches_simulation_on_seeded_deals(name):
    variant = get_variant(name)
    rng = random.Random(f"play-{name}")
    gos = alone = 0
    for _ in range(250):
        deck = rng.sample(FULL_DECK, variant.players * variant.hand_size + 1)
        size = variant.hand_size
        hands = [deck[i * size : (i + 1) * size] for i in range(variant.players)]
        state, log = _play_both(hands, variant, rng, starter=deck[-1])
        gos += any(i.kind is PegKind.GO for p in state.plays for i in p.items)
        # someone laid two cards in a row in one count: playing on after a go, or alone
        alone += any(a[0] == b[0] for a, b in pairwise(log))
    assert gos > 30 and alone > 10


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_play_matches_simulation_with_high_cards(name):
    """Hands heavy in ten-cards and nines: goes, playing on alone and 31s are frequent."""
    variant = get_variant(name)
    rng = random.Random(f"high-{name}")
    pool = [c for c in FULL_DECK if int(c.rank) >= 7] + [c for c in FULL_DECK if c.rank <= 3]
    for _ in range(150):
        deck = rng.sample(pool, variant.players * variant.hand_size)
        size = variant.hand_size
        hands = [deck[i * size : (i + 1) * size] for i in range(variant.players)]
        _play_both(hands, variant, rng)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(VARIANT_NAMES), st.randoms(use_true_random=False))
def test_play_matches_simulation_hypothesis(name, rng):
    variant = get_variant(name)
    deck = rng.sample(FULL_DECK, variant.players * variant.hand_size)
    size = variant.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(variant.players)]
    _play_both(hands, variant, rng)


def test_simulation_itself_on_a_hand_worked_out_by_hand():
    """The oracle must be right too: All about Cribbage's 'interesting play' (non-dealer Q
    10 2 4, dealer 5 6 4 4; dealer 11, non-dealer 2)."""
    order = iter(cards("QH 5S TD 6C 2H 4S 4D 4C"))

    def choose(player, fits, count_cards):
        laid = next(order)
        assert laid in fits
        return laid

    log, scores, _, _ = simulate_play(
        [cards("QH TD 2H 4D"), cards("5S 6C 4S 4C")], ends_at_first_go=False, choose=choose
    )
    assert scores == [2, 11]
    assert [p for _, _, p in log] == [0, 2, 0, 2, 0, 0, 2, 7]


# --- worked examples from other sources --------------------------------------------------


def total(hand: str, starter: str, crib: bool = False, variant: str = "six-card") -> int:
    return score_show(cards(hand), card(starter), crib=crib, variant=variant).total


def by_kind(hand: str, starter: str, crib: bool = False) -> dict[str, int]:
    return score_show(cards(hand), card(starter), crib=crib).points_by_kind()


def test_wikipedia_the_28_hand():
    # Wikipedia, "Cribbage statistics" (Maximum scores): any ten-card with all four fives,
    # other than the 29 hand, scores 28.
    assert total("5H 5C 5S KD", "5D") == 28
    assert total("5H 5C 5S 5D", "TC") == 28
    assert total("5H 5C 5S JH", "5D") == 28  # the wrong jack: no nob
    assert total("5H 5C 5S JD", "5D") == 29


@pytest.mark.parametrize(
    "hand, starter",
    [
        # Wikipedia, "Cribbage statistics": the third-highest score, 24, is made only by
        # A7777, 33339, 36666, 44447, 44556, 44566, 45566, 67788 and 77889.
        ("7H 7C 7S 7D", "AH"),
        ("3H 3C 3S 3D", "9H"),
        ("6H 6C 6S 6D", "3H"),
        ("4H 4C 4S 4D", "7H"),
        ("4H 4C 5S 5D", "6H"),
        ("4H 4C 5S 6D", "6H"),
        ("4H 5C 5S 6D", "6H"),
        ("6H 7C 7S 8D", "8H"),
        ("7H 7C 8S 8D", "9H"),
    ],
)
def test_wikipedia_the_24_hands(hand, starter):
    assert total(hand, starter) == 24


@pytest.mark.slow
def test_wikipedia_no_hand_scores_19_25_26_27():
    # Wikipedia, "Cribbage statistics"; also Hoyle. Every rank pattern, in two suitings
    # (suits rotated so the hand is rarely a flush) with the highest or the lowest card
    # turned: the totals never include 19, 25, 26 or 27.
    seen = set()
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        for shift in (0, 1):
            used: Counter[int] = Counter()
            five = []
            for group, r in enumerate(dict.fromkeys(ranks)):
                for _ in range(ranks.count(r)):
                    five.append(Card(Rank(r), list(Suit)[(used[r] + group + shift) % 4]))
                    used[r] += 1
            if shift:  # the lowest card turned
                seen.add(score_show(five[1:], five[0]).total)
            else:  # the highest card turned
                seen.add(score_show(five[:4], five[4]).total)
    assert not seen & {19, 25, 26, 27}
    assert {0, 24, 28} <= seen  # (the 29 needs the jack's suit cut: tested above)


def test_wikipedia_a_crib_that_is_15_or_nineteen():
    # Wikipedia, "Cribbage statistics": a crib of 4, 6, J and a ten-card of one suit with a
    # 5 of that suit cut scores 15 (fifteen six, a run is nine, nob ten, flush fifteen);
    # with a 2, 3, 7, 8 or "an unpaired ten card" of another suit it is a "19" (zero).
    assert total("4S 6S JS KS", "5S", crib=True) == 15
    for starter in ("2H", "3H", "7H", "8H", "TH"):
        assert total("4S 6S JS KS", starter, crib=True) == 0
    # Not every unpaired ten-card, though: a queen makes J-Q-K, a run of three. The
    # article's wording is loose here; the rule (three ranks in sequence) is not in doubt.
    assert total("4S 6S JS KS", "QH", crib=True) == 3


def test_wikipedia_most_pegged_by_one_card_is_15():
    # Wikipedia, "Cribbage statistics": a double pair royal that makes the count 15 on the
    # last card pegs 12 + 2 + 1 = 15.
    rec = score_sequence(_tokens("A:AH B:2H A:3H B:3C A:3S B:3D".split()))
    assert rec.plays[-1].points == 15


def test_cribbage_corner_4_4_4_4_7_is_24():
    # Cribbage Corner, "Counting 4-4-4-4-7": six fifteens (12) and six pairs (12).
    assert by_kind("4H 4C 4S 4D", "7H") == {
        "fifteen": 12,
        "pair": 12,
        "run": 0,
        "flush": 0,
        "nobs": 0,
    }


def test_cribbage_corner_triple_run_8_8_9_10_with_an_8():
    # Cribbage Corner, "Double and triple runs": 8 8 9 10 with an 8 cut is three runs of
    # three (9) and a pair royal (6): 15, not 18.
    assert by_kind("8S 8C 9D TH", "8H") == {
        "fifteen": 0,
        "pair": 6,
        "run": 9,
        "flush": 0,
        "nobs": 0,
    }


def test_cribbage_corner_4_4_6_6_gains_20_from_a_5():
    # Cribbage Corner (facts): the biggest gain from the cut is 20, holding 4-4-6-6 and
    # cutting a 5.
    assert total("4H 4C 6S 6D", "KH") == 4
    assert total("4H 4C 6S 6D", "5H") == 24


def test_hoffmann_hoyles_games_modernized_examples():
    # Hoffmann, "Hoyle's Games Modernized", cribbage: two fives, two fours and a six; two
    # fives, two sixes and a four; two fours, two sixes and a five; two sevens, two eights
    # and a nine: 24 each. Four threes and a nine: 24. Three fives, a four and a six: 23.
    assert total("5H 5C 4S 4D", "6H") == 24
    assert total("5H 5C 6S 6D", "4H") == 24
    assert total("4H 4C 6S 6D", "5H") == 24
    assert total("7H 7C 8S 8D", "9H") == 24
    assert total("3H 3C 3S 3D", "9H") == 24
    assert total("5H 5C 5S 4D", "6H") == 23


def test_old_hoyle_24_hands():
    # Hoyle's Games (c. 1800s edition, p. 252): twenty-four may be formed of four threes
    # and a nine, or two fours, one five and two sixes.
    assert total("3H 3C 3S 9D", "3D") == 24
    assert total("4H 4C 6S 6D", "5H") == 24


def test_setthings_ace_6_7_8_of_spades_with_a_6():
    # SetThings, "Cribbage show": A 6 7 8 of spades with the 6 of hearts turned: fifteen six
    # (7-8, A-6-8 twice), a pair, two runs of three and a four-card flush.
    assert by_kind("AS 6S 7S 8S", "6H") == {
        "fifteen": 6,
        "pair": 2,
        "run": 6,
        "flush": 4,
        "nobs": 0,
    }


def test_all_about_style_double_runs_and_rubl_chart():
    # rubl.com "Cribbage scoring chart" and All about Cribbage: a double run of three is two
    # runs and a pair (8 without fifteens); a double run of four 10; a triple run 15; a
    # double-double run 16. 4-5-5-6 with a 4 starter is the double-double run.
    def no_fifteens(hand, starter):
        k = by_kind(hand, starter)
        return k["pair"] + k["run"]

    assert no_fifteens("2H 3C 3S 4D", "KH") == 8
    assert no_fifteens("5H 6C 7S 8D", "8H") == 10
    assert no_fifteens("KH KC KS QD", "JH") == 15
    assert no_fifteens("4H 5C 5S 6D", "4C") == 16
    assert by_kind("4H 5C 5S 6D", "4C")["fifteen"] == 8  # 4+5+6 four ways
    assert total("4H 5C 5S 6D", "4C") == 24


def test_resurrection_6_7_7_8_10_is_12():
    # "Why do some cribbage boards say 29" (FAQ page): 6-7-7-8-10 has two runs of three,
    # two fifteens and a pair: 12.
    assert total("6H 7C 7S 8D", "TH") == 12


def test_ecribbage_2_5_5_7_9_scores_only_the_pair():
    # eCribbage (quoted on several pages): 2 5 5 7 9 scores only 2.
    assert total("2H 5C 5S 7D", "9H") == 2


def test_sac_irca_5_5_q_fifteen_four():
    # SAC-IRCA "Rules of Cribbage": 5-5-Q is fifteen four (two fives each with the queen).
    assert by_kind("5H 5C QS AD", "2H")["fifteen"] == 4


def test_acc_flush_rules():
    # American Cribbage Congress rules, 1.6-1.7: four cards of a suit in the hand count 4,
    # five with the starter 5 in hand or crib; a four-card flush counts only in the hand.
    assert by_kind("2H 4H 6H 8H", "KS")["flush"] == 4
    assert by_kind("2H 4H 6H 8H", "KH")["flush"] == 5
    assert by_kind("2H 4H 6H 8H", "KS", crib=True)["flush"] == 0
    assert by_kind("2H 4H 6H 8H", "KH", crib=True)["flush"] == 5
    assert by_kind("2H 4H 6H 8S", "KH")["flush"] == 0  # three and the starter: none


def test_cassell_five_card_game_flushes_and_sequences():
    # Cassell's Book of In-door Amusements, five-card cribbage: a flush of three cards in
    # hand is 3, 4 with the turn-up; six, seven, eight with an eight turned is two runs.
    assert total("2H 8H KH", "4C", variant="five-card") == 3
    assert total("2H 8H KH", "4H", variant="five-card") == 4
    assert (
        score_show(cards("6H 7C 8S"), card("8D"), variant="five-card").points_by_kind()["run"] == 6
    )


# -- the play


def peg(text: str, finished: bool = True):
    return score_sequence(_tokens(text.split()), finished=finished)


def test_cribbage_corner_7_9_6_then_8_is_a_run_of_four():
    # Cribbage Corner, "Cribbage rules - the play": 7-9-6, then an 8 scores a run of four.
    rec = peg("7H 9C 6S 8D", finished=False)
    assert [p.points for p in rec.plays] == [0, 0, 0, 4]


def test_ecribbage_4_7_5_6_is_a_run_of_four():
    # eCribbage "How to play": 4, 7, 5, 6 played: the 6 claims a run of four.
    rec = peg("4H 7C 5S 6D", finished=False)
    assert [(str(i.kind), i.points) for i in rec.plays[-1].items] == [("run", 4)]


def test_old_hoyle_run_6_4_3_2_5_then_ace_or_7():
    # Hoyle's Games (p. 252): 6, 4, 3, then a deuce makes a sequence of three; then a five a
    # sequence of five; then an ace or a seven a sequence of six.
    for last in ("AD", "7D"):
        rec = peg(f"6H 4C 3S 2H 5C {last}", finished=False)
        runs = [i.points for p in rec.plays for i in p.items if i.kind is PegKind.RUN]
        assert runs == [3, 5, 6]


def test_cribbage_corner_3_4_5_6_then_ace_scores_nothing():
    # Cribbage Corner, reader question on "the play": 3, 4, 5, 6 (runs of 3 and 4), an ace
    # makes 19 for nothing, then a 6 and a 3 make no run.
    rec = peg("3H 4C 5S 6D AH 6C 3D", finished=False)
    assert [p.points for p in rec.plays] == [0, 0, 3, 4, 0, 0, 0]


def test_groupgames_4_6_5_is_a_run_of_three():
    # groupgames.xyz "Cribbage": 4, 6, 5 pegs 3 for the player of the 5 (and 15 for 2).
    rec = peg("4H 6C 5S", finished=False)
    assert sorted((str(i.kind), i.points) for i in rec.plays[-1].items) == [
        ("fifteen", 2),
        ("run", 3),
    ]


def test_wikipedia_three_fives_peg_eight():
    # Wikipedia, "Cribbage": if the first three cards played are 5s, the third scores
    # eight (pair royal and fifteen).
    rec = peg("5H 5C 5S", finished=False)
    assert rec.plays[-1].points == 8


def test_cribbage_corner_go_example():
    # Cribbage Corner, "Cribbage rules - the go": Alice (pone) 4, Bob 7, Alice 4 (fifteen
    # two), Bob J (25), Alice says go, Bob 5 (30, one for the go); Alice leads 7, Bob 8
    # (fifteen two), Alice 9 (run of three); Bob is out of cards, Alice one for last.
    state = PlayState.start([cards("4S 4D 7C 9H"), cards("7D JH 5C 8S")])
    for c in ("4S", "7D", "4D", "JH"):
        state = state.play(card(c))
    assert state.turn == 1 and state.count == 25  # Alice's go: Bob plays on
    state = state.play(card("5C"))
    assert state.count == 0 and state.turn == 0 and state.scores == (2, 1)
    for c in ("7C", "8S", "9H"):
        state = state.play(card(c))
    assert state.over and state.scores == (2 + 3 + 1, 1 + 2)


def test_cribbage_corner_31_is_two_not_three_but_15_and_last_is_three():
    # Cribbage Corner, "the go": making 31 with the last card is 2 (not 3); making 15 with
    # the last card is 3. ACC rule 1.7: only one of 31 and last card per card.
    assert peg("KH QC AS TD").plays[-1].points == 2
    assert peg("KH 5C").plays[-1].points == 3


def test_pegging_pair_broken_by_an_intervening_card_and_pairs_across_players():
    # Standard (pagat-style) rules: a pair must be the card just before; K-Q-K is no pair.
    assert peg("KH QC KD", finished=False).plays[-1].points == 0
    # A run broken by a pair: 3, 4, 4, 5 scores the pair and then no run (4-4-5 and
    # 3-4-4-5 are no sequences).
    rec = peg("3H 4C 4S 5D", finished=False)
    assert [p.points for p in rec.plays] == [0, 0, 2, 0]


def test_one_player_plays_on_after_a_go_and_alone():
    # Cribbage Corner ("the go": the other player must play on), All about Cribbage and the
    # 1911 text (a player whose adversary is out of cards plays out his own and scores).
    # K, A, Q, 2 make 23; player 0 cannot come in; player 1 plays 3 and 4 (a run of three,
    # 2-3-4, at 30) and takes the go. Player 0 then plays 10 and 9 alone: one for last.
    state = PlayState.start([cards("KH QC TD 9S"), cards("AH 2C 3D 4S")])
    for c in ("KH", "AH", "QC", "2C"):
        state = state.play(card(c))
    assert state.turn == 1 and state.count == 23
    state = state.play(card("3D")).play(card("4S"))
    assert state.count == 0 and state.turn == 0 and state.scores == (0, 3 + 1)
    state = state.play(card("TD"))
    assert state.turn == 0
    state = state.play(card("9S"))
    assert state.over and state.scores == (1, 4)


def test_five_card_game_stops_at_the_first_go():
    # Britannica (the five-card game, as the rule texts say); the engine ends the play the
    # first time no one can come in, unplayed cards stay in hand.
    state = PlayState.start([cards("KH QC 9D"), cards("TS JD 8C")], "five-card")
    for c in ("KH", "TS", "9D"):  # 10, 20, 29: no one can come in
        state = state.play(card(c))
    assert state.over
    assert state.scores == (1, 0)
    assert [sorted(h) for h in state.hands] == [sorted(cards("QC")), sorted(cards("JD 8C"))]


# --- hostile inputs ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, starter, kwargs, message",
    [
        ("", "5D", {}, "has 4 cards plus the starter; got 0"),
        ("5H 5C 5S JD 2C", "5D", {}, "got 5"),
        ("5H 5C 5S JD", "5H", {}, "starter is also in the hand"),
        ("5H 5C 5S", "5D", {"crib": True}, "crib has 4 cards"),
        ("5H 5C 5S 2D", "5D", {"variant": "five-card"}, "has 3 cards"),
        ("5H 5C 5S JD", "5D", {"variant": "three-player", "crib": True}, None),
    ],
)
def test_show_refuses_wrong_sizes_and_starter_in_hand(hand, starter, kwargs, message):
    h = cards(hand) if hand else ()
    if message is None:  # a legal three-player crib: four cards and the starter
        assert score_show(h, card(starter), **kwargs).total == 29
        return
    with pytest.raises(CardError, match=message):
        score_show(h, card(starter), **kwargs)


def test_show_refuses_a_card_given_twice():
    five_h = Card(Rank.FIVE, Suit.HEARTS)
    with pytest.raises(CardError, match="duplicate card 5♥"):
        score_show((five_h, Card(Rank.FIVE, Suit.CLUBS), five_h, card("JD")), card("5D"))
    with pytest.raises(CardError, match="duplicate card 5♥"):
        score_show((five_h, five_h, five_h, five_h), card("5D"))


def test_show_refuses_text_where_cards_are_expected():
    with pytest.raises(CardError, match="'5H'"):
        score_show(["5H", "5C", "5S", "JD"], card("5D"))  # type: ignore[list-item]
    with pytest.raises(CardError, match="'5D'"):
        score_show(cards("5H 5C 5S JD"), "5D")  # type: ignore[arg-type]
    with pytest.raises(CardError, match="None"):
        score_show(cards("5H 5C 5S JD"), None)  # type: ignore[arg-type]


def test_score_card_refuses_a_card_already_in_the_count():
    five_h = Card(Rank.FIVE, Suit.HEARTS)
    with pytest.raises(CardError, match="duplicate card 5♥"):
        score_card((five_h,), five_h)  # not a pair: the same card cannot be laid twice
    with pytest.raises(CardError, match="duplicate card 5♥"):
        score_card((five_h, five_h), Card(Rank.FIVE, Suit.CLUBS))


def test_score_card_refuses_text():
    with pytest.raises(CardError, match="'5H'"):
        score_card((), "5H")  # type: ignore[arg-type]


def test_play_state_refuses_bad_hands():
    with pytest.raises(CardError, match="duplicate card 5♥"):
        PlayState.start([cards("5H 5C 5S JD"), (*cards("6H 2C 3S"), card("5H"))])
    with pytest.raises(CardError, match="duplicate card 5♥"):
        PlayState.start([cards("5H 5C 5S JD"), cards("6H 2C 3S 4D")], starter=card("5H"))
    with pytest.raises(CardError, match="hand 1 has 0 cards"):
        PlayState.start([(), cards("6H 2C 3S 4D")])
    with pytest.raises(CardError, match="hand 2 has 5 cards"):
        PlayState.start([cards("5H 5C 5S JD"), cards("6H 2C 3S 4D 9C")])
    with pytest.raises(CardError, match="'5H'"):
        PlayState.start([["5H", "5C", "5S", "JD"], ["6H", "2C", "3S", "4D"]])  # type: ignore[list-item]
    with pytest.raises(PlayError, match="2 players; got 0 hands"):
        PlayState.start([])

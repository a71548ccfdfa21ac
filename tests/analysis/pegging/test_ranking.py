"""Ranking the plays: the rank-level average against slow suit-level checks, endgames
worked by hand, the hints of the rule texts, pinned nets, and the ten-card relabelling."""

from __future__ import annotations

import random

import pytest

from crib_trainer.analysis.pegging import (
    AS_GOOD,
    PegSituation,
    Solver,
    analyse,
    analyse_plays,
    pack_hand,
    pack_tail,
    read_situation,
    tail_of,
)
from crib_trainer.analysis.pegging.ranking import ten_relabelling
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.pegging import PlayState
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD
from tests.analysis.pegging.support import (
    LEAD_5_OR_K,
    random_state,
    situation_after,
    slow_expected,
    take,
    unseen_share,
    written,
)
from tests.conftest import card, cards

# --- the fast rank-level average equals a slow suit-level enumeration ---------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_rank_level_average_equals_suit_level_enumeration(seed):
    """Small endgames (one or two hidden cards): every suit-specific holding, replayed in
    PlayState and searched exhaustively, gives the same expected net and risk."""
    rng = random.Random(seed)
    while True:
        deck = rng.sample(FULL_DECK, 13)
        hands, discards, starter = [deck[:4], deck[4:8]], deck[8:10], deck[12]
        state = PlayState.start(hands, SIX_CARD)
        target = rng.choice([5, 6])
        while not state.over and len(state.plays) < target:
            state = state.play(rng.choice(state.legal_cards()))
        if state.over or (len(state.legal_cards()) < 2 and seed % 2):
            continue
        break
    me = state.turn
    situation = situation_after(state, starter, discards[:2] if me == 0 else deck[10:12])
    fast = {o.card: (o.expected_net, o.risk) for o in analyse_plays(situation)}
    slow = slow_expected(situation)
    assert fast.keys() == slow.keys()
    for c in fast:
        assert fast[c][0] == pytest.approx(slow[c][0], abs=1e-9), c
        assert fast[c][1] == pytest.approx(slow[c][1], abs=1e-9), c


def test_suit_level_check_with_a_go_in_the_history():
    """B could not come in at 27 (he holds nothing under 5 pips): holdings are filtered as
    PlayState would. A: 9S, B: QH, A: 8C (27); no one can play: the go to A; B leads JD."""
    situation = written(
        "A:9S B:QH A:8C go B:JD".split(),
        cards("5H KS"),
        starter=card("2C"),
        discards=cards("7H 7S"),
    )
    pos = read_situation(situation)
    assert pos.opponent_min_pips == 5 and pos.opponent_left == 2
    fast = {o.card: (o.expected_net, o.risk) for o in analyse_plays(situation)}
    slow = slow_expected(situation)
    assert fast.keys() == slow.keys() == set(cards("5H KS"))
    for c in fast:
        assert fast[c] == pytest.approx(slow[c], abs=1e-9)


def test_five_card_suit_level_check():
    rng = random.Random(77)
    deck = rng.sample(FULL_DECK, 11)
    state = PlayState.start([deck[:3], deck[3:6]], FIVE_CARD)
    for _ in range(2):
        state = state.play(state.legal_cards()[0])
    situation = situation_after(state, deck[10], deck[6:8] if state.turn == 0 else deck[8:10])
    fast = {o.card: (o.expected_net, o.risk) for o in analyse_plays(situation)}
    slow = slow_expected(situation)
    for c in fast:
        assert fast[c] == pytest.approx(slow[c], abs=1e-9)


# --- endgames worked by hand ----------------------------------------------------------------


def test_endgame_lead_the_king_not_the_five():
    """Worked by hand. B holds one card Y; any Y comes in on a led card (count 10 at most).

    Lead K: Y scores 15 if Y is a 5, a pair if a K. Then A's 5 comes in (count 25 at most)
    and scores a pair if Y was a 5; then the last card, 1 for A. Net: 1 - 2P(K).
    Lead 5: Y makes 15 if a ten-card, a pair if a 5. Then A's K (count 25 at most) pairs a
    K; the last card, 1 for A. Net: 1 - 2P(ten-card) - 2P(5) + 2P(K).
    """
    situation = written(LEAD_5_OR_K, cards("5H KS"), starter=card("2C"), discards=cards("7H 7S"))
    p_k = unseen_share(situation, lambda c: c.rank == 13)
    p_5 = unseen_share(situation, lambda c: c.rank == 5)
    p_ten = unseen_share(situation, lambda c: c.value == 10)
    options = analyse_plays(situation)
    by_card = {o.card.code: o for o in options}
    assert by_card["KS"].expected_net == pytest.approx(1 - 2 * p_k)
    assert by_card["5H"].expected_net == pytest.approx(1 - 2 * p_ten - 2 * p_5 + 2 * p_k)
    assert [o.card.code for o in options] == ["KS", "5H"]
    assert options[0].as_good and not options[1].as_good
    # risk: he holds a reply scoring 2 or more
    assert by_card["KS"].risk == pytest.approx(p_5 + p_k)
    assert by_card["5H"].risk == pytest.approx(p_ten + p_5)


def test_endgame_take_the_31():
    """Worked by hand. A: K, B: A, A: A (a pair), B: 6, A: 6 (a pair): count 24. B, the
    dealer, holds 7 and 2; A holds one unseen card Y and never passed, so Y may be anything.

    Play 7: 31 for 2. A leads Y; B's 2 pairs a 2 (15 would need a 13) and is the last card.
    Net 3 + 2P(2).
    Play 2 (26, nothing: no run with the 6s). If Y has 5 pips or fewer A must play it: a 5
    makes 31 (2), a 2 pairs (2), no run can form; B's 7 cannot come in, so A has the go
    (none after 31) and B leads his 7, the last card: net -1 (a 5), -2 (a 2), 0 (A, 3, 4).
    Otherwise A says go, B cannot play either: the go to B; A leads Y, B's 7 makes 15 on an
    8 or pairs a 7, and is the last card: net 2 + 2[Y is 7 or 8].
    """
    situation = written(
        "KS AH AD 6H 6D".split(), cards("7C 2S"), starter=card("9D"), discards=cards("QC 3S")
    )
    assert situation.dealer and read_situation(situation).count == 24

    def p(test):
        return unseen_share(situation, test)

    p2, p5, p7, p8 = (p(lambda c, r=r: c.rank == r) for r in (2, 5, 7, 8))
    over5 = p(lambda c: c.value > 5)
    options = {o.card.code: o for o in analyse_plays(situation)}
    assert options["7C"].expected_net == pytest.approx(3 + 2 * p2)
    assert options["2S"].expected_net == pytest.approx(-p5 - 2 * p2 + 2 * over5 + 2 * (p7 + p8))
    assert options["7C"].immediate == 2 and options["7C"].risk == 0
    assert options["2S"].risk == pytest.approx(p2 + p5)
    assert options["7C"].as_good and not options["2S"].as_good


def test_endgame_alone_the_order_matters():
    """Worked by hand, nothing hidden. A: Q, B: J, A: 9 (29), B cannot come in, A: 2 makes
    31; B leads 5, A plays his last card, 6: count 11, A is out of cards. B holds 4 and 8.

    4 first: 15 (2) and a run 5-6-4 (3); then the 8 (23, 7 missing: no run) and the last
    card (1): 6. 8 first: 19, nothing; 4: 23, no run (7 missing); the last card: 1.
    """
    situation = written("A:QS B:JC A:9H A:2D B:5D A:6C".split(), cards("4S 8S"))
    assert situation.dealer
    pos = read_situation(situation)
    assert pos.opponent_left == 0 and pos.count == 11
    options = analyse_plays(situation)
    assert [(o.card.code, o.expected_net, o.immediate) for o in options] == [
        ("4S", 6, 5),
        ("8S", 1, 0),
    ]
    assert [o.risk for o in options] == [0, 0]


def test_playing_on_after_his_go():
    """A: 9S, B: QH, A: 8C (27): B says go (nothing under 5 pips); A plays on with 3 or 4.
    The 4 makes 31 for 2; he cannot answer either card."""
    situation = written(
        "A:9S B:QH A:8C".split(), cards("3D 4C"), starter=card("KD"), discards=cards("JH 2S")
    )
    pos = read_situation(situation)
    assert not situation.dealer and pos.opponent_passed and pos.opponent_min_pips == 5
    options = analyse_plays(situation)
    assert options[0].card.code == "4C" and options[0].immediate == 2
    assert [o.risk for o in options] == [0, 0]


def test_playing_on_after_his_go_matches_the_slow_check():
    """A: K, B: 5, A: A, B: 4, A: 9 (29): B says go (he holds two cards of 3 pips or more)
    and A plays on with his last card; the slow check agrees on what follows."""
    situation = written(
        "KS 5H AD 4C 9S".split(), cards("2D"), starter=card("QD"), discards=cards("JH 6S")
    )
    pos = read_situation(situation)
    assert pos.opponent_passed and pos.opponent_min_pips == 3 and pos.opponent_left == 2
    (option,) = analyse_plays(situation)
    assert option.immediate == 2 and option.risk == 0
    assert option.expected_net == pytest.approx(slow_expected(situation)[card("2D")][0])


# --- the hints of the rule texts, in the plain situations they describe ---------------------


def ranking(tokens: str, hand: str, **kw) -> list[str]:
    situation = written(tokens.split(), cards(hand), **kw)
    return [o.card.code for o in analyse_plays(situation)]


def test_hint_lead_a_four():
    """All about: "If in doubt, lead a 4. This is the highest card on which the opponent
    cannot immediately make 15." Leading from 4-9-K-Q with nothing else to guide the lead,
    the 4 is best, and it carries the least risk (only a pair can score on it)."""
    situation = written([], cards("4S 9H KD QC"))
    options = analyse_plays(situation)
    assert options[0].card.code == "4S"
    assert options[0].risk == min(o.risk for o in options)


def test_hint_lead_from_a_pair_beats_the_four():
    """From 4-K-K-Q the 4 is no longer first: a king is. The texts say so too: "it is common
    to open the play with a card of which a duplicate is held" (Britannica) and "encourage
    your opponent to pair your card when you yourself hold a pair" (All about). The 4 is
    still the safest lead and better than the odd queen."""
    options = analyse_plays(written([], cards("4S KH KD QC")))
    order = [o.card.code for o in options]
    assert set(order[:2]) == {"KH", "KD"}
    assert order.index("4S") < order.index("QC")
    four = next(o for o in options if o.card.code == "4S")
    assert four.risk == min(o.risk for o in options)


def test_hint_do_not_lead_a_five():
    """All about: "do not lead a 5" — ten-cards are the commonest reply, for 15."""
    options = analyse_plays(written([], cards("5S KH 9D 3C")))
    assert options[-1].card.code == "5S"
    assert options[-1].risk == max(o.risk for o in options)


@pytest.mark.parametrize("hand", ["KH 7C 9D", "KH 7C 2D", "KH 8C 2D"])
def test_hint_do_not_make_21(hand):
    """Britannica: avoid "twenty-one with any card, as then a tenth card (of which there are
    sixteen) comes in for two"; All about: "do not ... make 21". At 11, the ten-card that
    makes 21 is the worst play."""
    assert ranking("6S 5D", hand)[-1] == "KH"


@pytest.mark.parametrize("hand", ["6H KC 9D 8S", "6H KC JD QS"])
def test_hint_never_a_six_on_a_four(hand):
    """All about: "Never play a 6 to a led 4 ... your opponent slaps down a 5, for five
    points (4-6-5 run and 15)." Holding no 5, the 6 is the worst reply."""
    options = analyse_plays(written(["4S"], cards(hand)))
    assert options[-1].card.code == "6H"
    five = next(r for r in options[-1].replies if 5 in r.ranks)
    assert five.points == 5


@pytest.mark.parametrize("hand", ["9H KC JD 2S", "9H 8C KD 2S"])
def test_hint_no_card_two_ranks_from_his(hand):
    """All about: "Don't play a card with a value 1 or 2 away from your opponent's card —
    for example a 9 on a 7 — as he is likely to complete the run." """
    assert ranking("7S", hand)[-1] == "9H"


def test_hint_do_not_pair_unless_you_hold_another():
    """All about: "if your opponent plays a 4, you should not reply with a 4 if it is the only
    4 you hold – because opponent is quite likely to have another 4 himself (making a pair
    royal for 6 points)." The claim rests on reading his lead: players lead from a pair.

    Against a random holding the engine pairs (2 now, and a pair royal against you is
    unlikely). Told that he led from a pair (a weight keeping only holdings with another
    4), pairing becomes the worst play by far. Holding the other 4 yourself, pairing is best
    ("you should encourage your opponent to pair your card when you yourself hold a pair").
    """
    situation = written(["4S"], cards("4H KC 9D 8S"))
    assert analyse_plays(situation)[0].card.code == "4H"
    from_a_pair = analyse_plays(situation, weight=lambda ranks: float(ranks.count(4) >= 2))
    assert from_a_pair[-1].card.code == "4H"
    assert from_a_pair[-1].risk == pytest.approx(1.0)
    assert from_a_pair[-1].expected_net < from_a_pair[-2].expected_net - 3
    holding_two = analyse_plays(written(["4S"], cards("4H 4C 9D KS")))
    assert {o.card.code for o in holding_two if o.as_good} == {"4H", "4C"}


def test_hint_lead_one_of_two_cards_that_make_five():
    """All about: "When holding two cards that together make 5 (for example 4 and Ace), lead
    one of them. Your opponent is likely to play a 10 onto it, enabling you to make 15." """
    assert ranking("", "4S AH 9D KC")[0] in ("4S", "AH")


def test_no_illegal_play_is_ever_offered():
    """Random positions of real play: the options are exactly PlayState's legal cards."""
    rng = random.Random(12)
    seen = 0
    while seen < 25:
        state = random_state(rng)
        if state.over or not state.plays:
            continue
        seen += 1
        options = analyse_plays(PegSituation.from_state(state))
        assert sorted(o.card for o in options) == sorted(state.legal_cards())
        assert all(o.card.value + state.count <= 31 for o in options)
        best = options[0].expected_net
        assert all(o.as_good == (o.expected_net >= best - AS_GOOD - 1e-9) for o in options)
        assert [o.expected_net for o in options] == sorted(
            (o.expected_net for o in options), reverse=True
        )


# --- pinned results: speed work must not move a single expected net ---------------------

# Expected nets recorded from the code before the speed work of 2026-11-22 (the search as
# it stood on main at 9e37cc9: every holding searched on its own, no merging of holdings).
# A faster search must give the same numbers: they are exact game values averaged in a
# fixed order, so they should agree to the last bit; 1e-12 leaves room for nothing more.
PINNED_LEADS = [
    (
        "AH 2H 3C 4D",  # the slowest opening lead known (bench/pegging_bench.py)
        "KS",
        "QS JS",
        {
            "4D": -1.1548306990167483,
            "3C": -1.4260142957817403,
            "2H": -1.6118124769287556,
            "AH": -1.8768951978254282,
        },
    ),
    (
        "JH AD 3C 2H",  # one ten-card in hand
        "4H",
        "6C QH",
        {
            "JH": -1.570166784120266,
            "3C": -1.5855297157622763,
            "2H": -1.7125943823618275,
            "AD": -2.353347427766034,
        },
    ),
    (
        "QD JD KC TC",  # all four ten-ranks in hand
        "KS",
        "3H 7D",
        {
            "KC": -2.5187959327494287,
            "TC": -2.6851437967717016,
            "QD": -2.712721903419581,
            "JD": -2.785737776435452,
        },
    ),
    (
        "9S 3C AH 2S",  # a nine, which runs with tens
        "5C",
        "8H 8D",
        {
            "3C": -1.0186247860666413,
            "2S": -1.5465082720896675,
            "9S": -1.6551226551226519,
            "AH": -2.1375549515084344,
        },
    ),
]


@pytest.mark.parametrize("hand, starter, discards, nets", PINNED_LEADS)
def test_opening_lead_nets_are_pinned(hand, starter, discards, nets):
    situation = PegSituation(cards(hand), (), card(starter), cards(discards))
    got = {o.card.code: o.expected_net for o in analyse(situation).options}
    assert got == pytest.approx(nets, abs=1e-12, rel=0)


@pytest.mark.parametrize(
    "opponent, nets",
    [
        (
            "random",
            {
                "TC": -0.24765931742675976,
                "KD": -0.24765931742675976,
                "QS": -0.30791301721534303,
                "5C": -0.42192691029900314,
            },
        ),
        (
            "weighted",
            {
                "KD": -0.10232521598359832,
                "TC": -0.20231334017490707,
                "QS": -0.2517408462475273,
                "5C": -0.6919630519764453,
            },
        ),
    ],
)
def test_first_reply_nets_are_pinned(opponent, nets):
    situation = written(["2H"], cards("TC 5C KD QS"), starter=card("4H"), discards=cards("AS 3D"))
    got = {o.card.code: o.expected_net for o in analyse(situation, opponent=opponent).options}
    assert got == pytest.approx(nets, abs=1e-12, rel=0)


def test_five_card_lead_nets_are_pinned():
    situation = PegSituation(cards("4S 6D 9C"), (), None, cards("KH JC"), variant=FIVE_CARD)
    got = {o.card.code: o.expected_net for o in analyse(situation).options}
    nets = {"6D": -0.9257477644156642, "9C": -1.0494603761948817, "4S": -1.1703977798334881}
    assert got == pytest.approx(nets, abs=1e-12, rel=0)


# --- the ten-card relabelling used to share work between holdings -------------------------


@pytest.mark.parametrize("seed", range(8))
def test_a_relabelled_play_nets_what_the_original_nets(seed):
    """Swapping ten-ranks about (10, J, Q, K all count ten) must never change a net: for
    random positions rich in ten-cards, 8s and 9s (on the table, in hand, in his holding),
    laying r against a holding and laying the relabelled card against the relabelled
    holding are searched separately and agree exactly. It goes on until a dozen
    pairs were really moved by the relabelling, or the test would prove nothing."""
    rng = random.Random(seed)
    ranks = [r for r in range(1, 14) for _ in range(4)]
    checked = moved = 0
    while moved < 12 and checked < 400:
        pool = list(ranks)
        mine = sorted(take(rng, pool, 2, 8) + take(rng, pool, rng.choice([0, 1, 2])))
        on_table = take(rng, pool, rng.choice([0, 1, 2, 3]), rng.choice([1, 8]))
        if sum(min(r, 10) for r in on_table) > 21:
            continue
        theirs = tuple(sorted(take(rng, pool, 2, 8) + take(rng, pool, rng.choice([0, 1, 2]))))
        relabel = ten_relabelling(mine, on_table)
        solver = Solver(SIX_CARD)
        tail = pack_tail(sum(min(r, 10) for r in on_table), *tail_of(on_table))
        for r in set(mine):
            if min(r, 10) + (tail & 63) > 31:
                continue
            r2, theirs2 = relabel(r, theirs)
            moved += (r2, theirs2) != (r, theirs)
            nets = []
            for lead, hand in ((r, theirs), (r2, theirs2)):
                rest = list(mine)
                rest.remove(lead)
                nets.append(solver.play(pack_hand(rest), pack_hand(list(hand)), tail, lead))
            assert nets[0] == nets[1], (mine, on_table, r, theirs, r2, theirs2)
            checked += 1
    assert moved >= 12, (moved, checked)


def test_the_lead_with_discards_from_the_shipped_nets_is_the_search():
    """The opening lead with the discards known, worked from the shipped nets without them
    and the holdings the discards change, is every holding searched (to 1e-12; the pinned
    leads above check it with a starter turned, this one before)."""
    from crib_trainer.analysis.pegging import Solver, holding_distribution, read_situation
    from crib_trainer.analysis.pegging.ranking import expected_nets, lead_with_discards

    situation = PegSituation(cards("QD JD KC TC"), (), None, cards("7D 7H"))
    position = read_situation(situation)
    fast = lead_with_discards(situation, position, Solver())
    slow = expected_nets(position, holding_distribution(position), Solver())
    assert fast is not None and fast == pytest.approx(slow, abs=1e-12, rel=0)

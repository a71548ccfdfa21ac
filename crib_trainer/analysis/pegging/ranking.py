"""Ranking the plays: every legal card with its expected net points to the end of the
play, its risk, and the opponent's scoring replies.

For each way the opponent's cards could lie (a holding, :mod:`.holdings`) the rest of the
play is played out exactly with both hands known (:class:`~.solver.Solver`), both players
choosing cards to maximise their own net points (own minus other's), under the rules of
:mod:`crib_trainer.core.pegging`. The results are averaged over holdings, either
uniformly (``random``) or weighted by how likely a good player is to have kept the hand
(``weighted``). The analysis makes no sentences: ``training.pegreasons`` adds the words.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.core.pegging import parse_peg_tokens
>>> from crib_trainer.analysis.pegging.situation import PegSituation
>>> s = PegSituation.from_sequence(parse_peg_tokens(["KS"]), parse_cards("5H 9C 2D 8S"))
>>> [(o.card.code, o.immediate, round(o.expected_net, 2)) for o in analyse_plays(s)]
[('5H', 2, 2.17), ('9C', 0, 1.7), ('8S', 0, 1.04), ('2D', 0, 0.88)]
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise, permutations
from math import comb

from crib_trainer.analysis.pegging.holdings import (
    HoldingWeight,
    holding_distribution,
    holdings,
    opponent_weight,
)
from crib_trainer.analysis.pegging.leadnets import lead_nets_row, shipped_lead_nets
from crib_trainer.analysis.pegging.situation import PegSituation, Position, read_situation
from crib_trainer.analysis.pegging.solver import (
    RANK_PIPS,
    Solver,
    pack_hand,
    pack_tail,
    tail_of,
)
from crib_trainer.core.cards import FULL_DECK, Card, Rank
from crib_trainer.core.pegging import LIMIT, PegItem, comes_in, score_card

#: Plays whose expected net is within this of the best are "as good".
AS_GOOD = 0.1
#: Expected nets closer than this are taken to be the same (a float's last bits apart).
TIE = 1e-9


@dataclass(frozen=True, slots=True)
class Reply:
    """A card the opponent might answer with, and what it would score at once.

    ``ranks`` are the ranks that score alike and leave you the same best answer (four
    ten-cards often do); ``chance`` is the probability that he holds at least one of them;
    ``counter`` is the most your best answer to it would score at once (0 if none comes
    in), with its ``counter_items``.
    """

    ranks: tuple[Rank, ...]
    items: tuple[PegItem, ...]
    points: int
    chance: float
    counter: int = 0
    counter_items: tuple[PegItem, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"reply": ["5"], "points": 2, "items": ["thirty-one"], "chance", "answer"}``:
        the ranks he would play, what that scores, the chance he holds one, and the most
        your best answer then scores."""
        return {
            "reply": [r.letter for r in self.ranks],
            "points": self.points,
            "items": [i.kind.value for i in self.items],
            "chance": round(self.chance, 4),
            "answer": self.counter,
        }


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One legal card, and what it leads to.

    - ``immediate``: what the card scores as it is laid: fifteen, 31, pairs and runs (the
      ``items``). The go and the last card are never in it — they depend on what follows —
      but they are in ``expected_net``.
    - ``expected_net``: your points minus your opponent's from now to the end of the play,
      this card included, averaged over his possible holdings.
    - ``risk``: the chance that he holds a reply that scores 2 or more at once.
    - ``count``: the count once the card is laid.
    - ``replies``: his scoring replies, most likely first (JSON ``threats``: those that
      score 2 or more).
    - ``opponent_can_reply``: the chance that he can lay a card on it at all.
    - ``reason``: one line for people (filled in by ``training.pegreasons``).
    - ``as_good``: within :data:`AS_GOOD` of the best play's expected net.
    """

    card: Card
    immediate: int
    expected_net: float
    risk: float
    count: int
    items: tuple[PegItem, ...] = ()
    replies: tuple[Reply, ...] = ()
    opponent_can_reply: float = 0.0
    as_good: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card.code,
            "immediate": self.immediate,
            "expected_net": round(self.expected_net, 4),
            "risk": round(self.risk, 4),
            "reason": self.reason,
            "as_good": self.as_good,
            "threats": [r.to_json() for r in self.replies if r.points >= 2],
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every legal play ranked best first, with what was assumed about the hidden cards."""

    position: Position
    options: tuple[PlayOption, ...]
    opponent: str
    holdings: int  # rank multisets averaged over
    states: int = field(default=0, compare=False)  # positions searched


def analyse(
    situation: PegSituation,
    *,
    opponent: str = "random",
    weight: HoldingWeight | None = None,
) -> Analysis:
    """Rank every legal card by expected net points to the end of the play.

    ``opponent`` is ``random`` or ``weighted`` (see :func:`opponent_weight`); ``weight``
    overrides the model's holding weights (for tests and experiments). Python's cyclic
    garbage collector is paused while it runs (up to about a second for an opening lead).
    """
    # The search makes millions of small tuples and no reference cycles: the cyclic
    # garbage collector would only slow it down (by about a fifth), so it waits till the end.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _analyse(situation, opponent, weight)
    finally:
        if paused:
            gc.enable()


def _analyse(situation: PegSituation, opponent: str, weight: HoldingWeight | None) -> Analysis:
    position = read_situation(situation)
    if weight is None:
        weight = opponent_weight(situation, opponent)
    dist = holding_distribution(position, weight)
    solver = Solver(position.variant)
    # The opening lead against the random opponent is shipped (the search's slowest case),
    # and with the discards known only the holdings they change are searched.
    known = None
    if weight is None:
        known = shipped_lead_nets(situation, position) or lead_with_discards(
            situation, position, solver
        )
    nets = known if known is not None else expected_nets(position, dist, solver)
    count = position.count
    tail = pack_tail(count, *tail_of([int(c.rank) for c in position.count_cards]))
    representative = _representatives(position.unseen)
    his_ranks = sorted({int(c.rank) for c in position.unseen})
    mine = pack_hand([int(c.rank) for c in position.hand])
    # Each holding's ranks as bits (1 << rank) and its fewest pips; the chance he holds
    # each rank (summed over the holdings in order, as the replies' chances always were).
    holds = [(_rank_bits(ranks), RANK_PIPS[ranks[0]] if ranks else 99, p) for ranks, p in dist]
    chance_of: dict[int, float] | None = None

    by_rank: dict[int, PlayOption] = {}
    for card in position.legal_cards():
        r = int(card.rank)
        if r in by_rank:
            continue
        rest = mine - (1 << (3 * (r - 1)))
        points, tail2 = solver.step(tail, r)
        count2 = count + card.value
        room2 = LIMIT - count2
        reply_points = {
            s: solver.step(tail2, s)[0] for s in his_ranks if RANK_PIPS[s] <= room2
        }  # only ranks he could hold: after four of a kind there is no fifth
        # He answers when the count goes on and he has a card that comes in (with no cards
        # on either side the play is over).
        replies_possible = count2 < LIMIT and (rest or position.opponent_left)
        risk = can_reply = 0.0
        reply_chance: dict[int, float] = {}
        if replies_possible:
            threats = sum(1 << s for s, scored in reply_points.items() if scored >= 2)
            for bits, least, p in holds:
                if least <= room2:
                    can_reply += p
                    if bits & threats:
                        risk += p
            if chance_of is None:
                chance_of = _rank_chances(dist)
            reply_chance = {s: c for s, c in chance_of.items() if s in reply_points}
        by_rank[r] = PlayOption(
            card=card,
            immediate=points,
            expected_net=nets[r],
            risk=min(risk, 1.0),
            count=count2,
            items=score_card(position.count_cards, card),
            replies=_replies(
                holds,
                reply_chance,
                reply_points,
                count_cards=(*position.count_cards, card),
                representative=representative,
                hand=position.hand,
                played=card,
            ),
            opponent_can_reply=min(can_reply, 1.0),
        )
    options = [replace(by_rank[int(c.rank)], card=c) for c in position.legal_cards()]
    best = max(o.expected_net for o in options)
    options.sort(key=lambda o: (-o.expected_net, -o.immediate, o.risk, o.card))
    final = tuple(replace(o, as_good=o.expected_net >= best - AS_GOOD - 1e-9) for o in options)
    # The search refers to itself (a recursive closure), so its table would be left for
    # the cyclic garbage collector, a walk over every entry (6 ms after a first reply's
    # search): emptied here, the entries go at once.
    states = solver.positions
    solver.table.clear()
    return Analysis(position, final, opponent, len(dist), states)


def expected_nets(
    position: Position,
    dist: Sequence[tuple[tuple[int, ...], float]],
    solver: Solver,
    nets: dict[tuple[int, tuple[int, ...]], int] | None = None,
) -> dict[int, float]:
    """Each legal rank's expected net over the holdings ``dist`` (sorted ranks,
    probability), each holding played out by ``solver``; the sum is taken in the order
    of ``dist``, so the same holdings give the same float, bit for bit. ``nets`` (the net
    of each rank laid against each holding) may be carried over from a call with the
    same hand and count cards, to play out each pair only once.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.analysis.pegging.situation import PegSituation
    >>> pos = read_situation(PegSituation(parse_cards("5H 9C 2D 8S")))
    >>> nets = expected_nets(pos, holding_distribution(pos), Solver())
    >>> sorted(nets), round(nets[2], 4)
    ([2, 5, 8, 9], -1.9489)
    """
    count_ranks = [int(c.rank) for c in position.count_cards]
    my_ranks = [int(c.rank) for c in position.hand]
    # A card and a holding that are another card and holding with the ten-ranks relabelled
    # play out alike: each pair is searched as the one it relabels to, once.
    relabel = ten_relabelling(my_ranks, count_ranks)
    if nets is None:
        nets = {}
    tail = pack_tail(position.count, *tail_of(count_ranks))
    mine = pack_hand(my_ranks)
    out: dict[int, float] = {}
    for card in position.legal_cards():
        r = int(card.rank)
        if r in out:
            continue
        expected = 0.0
        for ranks, p in dist:
            net = nets.get((r, ranks))
            if net is None:
                same = relabel(r, ranks)
                net = nets.get(same)
                if net is None:
                    r2, ranks2 = same
                    rest2 = mine - (1 << (3 * (r2 - 1)))
                    net = nets[same] = solver.play(rest2, pack_hand(ranks2), tail, r2)
                nets[r, ranks] = net
            expected += p * net
        out[r] = expected
    return out


def lead_with_discards(
    situation: PegSituation, position: Position, solver: Solver
) -> dict[int, float] | None:
    """The opening lead's expected nets against the random opponent with your discards
    known, from the shipped nets of the lead (None where those are not shipped, or no
    discards are given).

    Every card taken from the unseen (the starter, each discard) changes only the weight
    of the holdings with its rank: with ``a`` cards of rank x unseen before and ``k`` of
    them taken, a holding of ``h`` of them keeps C(a − k, h) / C(a, h) of its card sets,
    which is 1 − k·h/a for h of 0 or 1. The shipped file gives each lead's net with no
    starter and with a starter of each rank, that is the sums Σ w·net (``w``: a holding's
    card sets with nothing taken) and each rank's Σ w·h·net (one card of it taken: 1 − h/a).
    So the sum with everything taken is Σ w·net − Σ k·Σ w·h·net / a, put right by
    searching only the holdings where the product of those factors is not 1 − Σ k·h/a:
    those holding two of the ranks taken, or two or more of a rank taken twice (247
    holdings of 1,816 for 5H 9C 2D 8S, the starter 3C, QD 7S thrown). The same figures as
    searching every holding, to the last bits of a float; None too when two leads are worth
    the same, whose order those last bits decide (the full search orders them as ever).

    >>> from crib_trainer.core.cards import parse_card, parse_cards
    >>> s = PegSituation(parse_cards("5H 9C 2D 8S"), (), parse_card("3C"), parse_cards("QD 7S"))
    >>> pos = read_situation(s)
    >>> fast = lead_with_discards(s, pos, Solver())
    >>> slow = expected_nets(pos, holding_distribution(pos), Solver())
    >>> all(abs(fast[r] - slow[r]) < 1e-12 for r in slow)
    True
    """
    if not situation.discards or situation.played:  # (not a lead with discards known)
        return None
    bare = replace(situation, starter=None, discards=())
    before = read_situation(bare)
    if shipped_lead_nets(bare, before) is None:
        return None
    ranks = tuple(sorted(int(c.rank) for c in position.hand))
    was = _unseen_ranks(before)
    taken: dict[int, int] = {}
    for c in (*situation.discards, *((situation.starter,) if situation.starter else ())):
        taken[int(c.rank)] = taken.get(int(c.rank), 0) + 1
    n, unseen = position.opponent_left, sum(was)
    every = comb(unseen, n)  # card sets with nothing taken, and with one card taken
    less_one = comb(unseen - 1, n)
    plain = lead_nets_row(ranks, 0)
    total = {r: net * every for r, net in plain.items()}  # Σ w·net
    for x, k in taken.items():
        one_taken = lead_nets_row(ranks, x)
        for r in total:  # less k·Σ w·h·net / a, as k·(Σ w·net − Σ w·(1 − h/a)·net)
            total[r] -= k * (plain[r] * every - one_taken[r] * less_one)
    product = math.prod(was[x] for x in taken)
    mended: list[tuple[tuple[int, ...], float]] = []
    for held, ways in holdings(was, n):
        kept = ways
        linear = product  # (1 − Σ k·h/a) × the product of the a's
        for x, k in taken.items():
            h = held.count(x)
            if h:
                kept = kept * comb(was[x] - k, h) // comb(was[x], h)
                linear -= k * h * product // was[x]
        gap = kept * product - ways * linear
        if gap:
            mended.append((held, gap / product))
    more = expected_nets(position, mended, solver)
    after = comb(unseen - sum(taken.values()), n)
    nets = {r: (total[r] + more[r]) / after for r in total}
    # Two leads worth the same (ten-cards that play alike) are ordered by the last bits of
    # their floats, which a sum in another order may change: they are searched in full.
    values = sorted(nets.values())
    if any(b - a < TIE for a, b in pairwise(values)):
        return None
    return nets


def _unseen_ranks(position: Position) -> list[int]:
    """How many unseen cards of each rank (index 0 unused)."""
    out = [0] * 14
    for c in position.unseen:
        out[c.rank] += 1
    return out


def analyse_plays(
    situation: PegSituation, *, opponent: str = "random", weight: HoldingWeight | None = None
) -> list[PlayOption]:
    """The legal plays, best first, with facts but no ``reason`` (see
    ``crib_trainer.training.words.pegreasons.rank_plays`` for the one with reasons)."""
    return list(analyse(situation, opponent=opponent, weight=weight).options)


_TEN_RANKS = (10, 11, 12, 13)
# The runs of three that take in a ten-rank (every longer run is a chain of these).
_TEN_WINDOWS = ((8, 9, 10), (9, 10, 11), (10, 11, 12), (11, 12, 13))


def ten_relabelling(
    mine: Sequence[int], count_ranks: Sequence[int]
) -> Callable[[int, tuple[int, ...]], tuple[int, tuple[int, ...]]]:
    """A function taking the rank you lay and a holding (sorted ranks) to a rank and a
    holding that play out exactly alike, the same for all pairs that relabel into one
    another.

    The four ten-ranks count 10 alike; they differ only in pairs (each rank with itself)
    and runs. Swap them about by a permutation that leaves the cards of the current count
    alone and your hand as it is (a ten-rank of yours may only change places with
    another you hold as many of), and every line of play maps to a line that scores the
    same, card for card, as long as the ranks on the table and in both hands that make
    runs of three still make them after the swap and no others do (every longer run is a
    chain of runs of three, each overlapping the next by two ranks, so those go along).
    So laying ``r`` against a holding nets what laying the image of ``r`` nets against
    the image of the holding. Of all the images the least is taken: pairs that relabel
    into one another give the same.

    >>> relabel = ten_relabelling([1, 2, 3, 4], [])
    >>> relabel(4, (5, 11, 13, 13)), relabel(4, (5, 10, 12, 12))  # no runs through tens
    ((4, (5, 10, 10, 11)), (4, (5, 10, 10, 11)))
    >>> relabel(4, (8, 9, 12, 13))  # Q-K and 8-9 want a third card that no one holds
    (4, (8, 9, 11, 12))
    >>> relabel(4, (9, 10, 11, 13))  # 9-10-J is a run, and a Q for the K would make another
    (4, (9, 10, 11, 13))
    >>> tens = ten_relabelling([1, 4, 10, 12], [])  # a 10 and a Q in hand
    >>> tens(12, (2, 5, 6, 11)), tens(10, (2, 5, 6, 11))  # with his J: 10-J-Q either way
    ((10, (2, 5, 6, 11)), (10, (2, 5, 6, 11)))
    >>> tens(12, (2, 5, 6, 7))  # with no ten-card in his hand the Q leads as the 10 does
    (10, (2, 5, 6, 7))
    """
    held = [0] * 14
    for r in mine:
        held[r] += 1
    on_table = set(count_ranks)
    swaps = []
    for image in permutations(_TEN_RANKS):
        swap = dict(zip(_TEN_RANKS, image, strict=True))
        if all(swap[r] == r or (r not in on_table and held[swap[r]] == held[r]) for r in swap):
            swaps.append(swap)
    fixed_high = {r for r in (*mine, *count_ranks) if r >= 8}
    allowed: dict[frozenset[int], list[dict[int, int]]] = {}
    memo: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}

    def windows(ranks: set[int] | frozenset[int]) -> set[tuple[int, ...]]:
        return {w for w in _TEN_WINDOWS if ranks.issuperset(w)}

    def relabel(r: int, ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        first_ten = len(ranks)
        while first_ten and ranks[first_ten - 1] >= 10:
            first_ten -= 1
        tens = ranks[first_ten:]
        lead = r if r >= 10 else 0
        if not tens and not lead:
            return r, ranks
        # What decides the runs through ten-ranks: the 8s and 9s too.
        key = (lead, 8 in ranks, 9 in ranks, *tens)
        got = memo.get(key)
        if got is None:
            high = frozenset(fixed_high.union(x for x in ranks if x >= 8))
            valid = allowed.get(high)
            if valid is None:
                runs = windows(high)
                valid = allowed[high] = [
                    swap
                    for swap in swaps
                    if {tuple(sorted(swap.get(x, x) for x in w)) for w in runs}
                    == windows({swap.get(x, x) for x in high})
                ]
            got = memo[key] = min(  # the identity is always among them
                (swap.get(lead, lead), tuple(sorted(swap[x] for x in tens))) for swap in valid
            )
        return got[0] or r, ranks[:first_ten] + got[1]

    return relabel


def _representatives(unseen: Sequence[Card]) -> dict[int, Card]:
    out: dict[int, Card] = {}
    for c in unseen:
        out.setdefault(int(c.rank), c)
    for c in FULL_DECK:
        out.setdefault(int(c.rank), c)
    return out


def _rank_bits(ranks: Sequence[int]) -> int:
    bits = 0
    for r in ranks:
        bits |= 1 << r
    return bits


def _rank_chances(dist: Sequence[tuple[tuple[int, ...], float]]) -> dict[int, float]:
    """The chance he holds each rank: the holdings with it, added up in order."""
    out: dict[int, float] = {}
    for ranks, p in dist:
        for s in set(ranks):
            out[s] = out.get(s, 0.0) + p
    return out


def _replies(
    holds: Sequence[tuple[int, int, float]],
    chance: dict[int, float],
    points: dict[int, int],
    *,
    count_cards: tuple[Card, ...],
    representative: dict[int, Card],
    hand: tuple[Card, ...],
    played: Card,
) -> tuple[Reply, ...]:
    """His replies that score, grouped by what they score and by what your best answer to
    them scores (a 6 and a 9 can both make a run on 7-8, but only the 9 lets your 7 make
    31 as well), most likely first."""
    rest_cards = list(hand)
    rest_cards.remove(played)
    groups: dict[tuple[object, ...], list[int]] = {}
    facts: dict[int, tuple[tuple[PegItem, ...], int, tuple[PegItem, ...]]] = {}
    for s, p in chance.items():
        if points[s] <= 0 or p <= 0:
            continue
        rep = representative[s]
        items = score_card(count_cards, rep)
        counter, counter_items = _best_answer((*count_cards, rep), rest_cards)
        facts[s] = (items, counter, counter_items)
        signature = (
            points[s],
            tuple((i.kind, i.points) for i in items),
            counter,
            tuple((i.kind, i.points) for i in counter_items),
        )
        groups.setdefault(signature, []).append(s)
    out: list[Reply] = []
    for ranks in groups.values():
        pts = points[ranks[0]]
        group = _rank_bits(ranks)
        p_any = min(1.0, sum(p for bits, _, p in holds if bits & group))
        items, counter, counter_items = facts[ranks[0]]
        out.append(
            Reply(tuple(Rank(s) for s in sorted(ranks)), items, pts, p_any, counter, counter_items)
        )
    out.sort(key=lambda rp: (-rp.chance, -rp.points, rp.ranks))
    return tuple(out)


def _best_answer(
    count_cards: tuple[Card, ...], cards: Sequence[Card]
) -> tuple[int, tuple[PegItem, ...]]:
    """The most one of ``cards`` scores at once laid on ``count_cards``, and its items."""
    count = sum(c.value for c in count_cards)
    best = 0
    best_items: tuple[PegItem, ...] = ()
    for c in cards:
        if comes_in(c.value, count):
            items = score_card(count_cards, c)
            total = sum(i.points for i in items)
            if total > best:
                best, best_items = total, items
    return best, best_items

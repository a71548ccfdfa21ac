"""Exact expected values of every throw to the crib, as dealer or pone.

For a dealt hand and each way of throwing cards to the crib:

- ``hand_ev``: the kept cards' mean show over every starter among the unseen cards
  (the 52 cards less the ones you were dealt);
- ``crib_ev``: the crib's mean show over every starter and every set of the other crib
  cards (your opponent's throw; with three or four players the other players' throws,
  and with three one card from the pack), under an opponent model:

  * ``random``: the other crib cards are uniform over the unseen cards and the starter
    uniform over the rest;
  * ``weighted``: each other player throws as a good player does: a set of cards is
    thrown with a weight read from a table built offline (see
    :mod:`crib_trainer.analysis.opponent`), the starter uniform over the rest;

- ``heels_ev``: the dealer's expected points for his heels (2 when a jack is turned),
  the same whatever you throw, so it is reported separately and **not** part of net;
- ``net_ev``: hand + crib when the crib is yours (or your side's), hand − crib when it is
  an opponent's; ``loss`` is how much less than the best throw's net it is, and
  ``as_good`` says it is within :data:`AS_GOOD` of the best (a near-tie, graded as best).

"Dealer" means the crib is yours: with four players, your side's (you or your partner
dealt); with three, yours alone. ``dealer=False`` means another player's crib.

Nothing is sampled. The crib's suit-free points depend only on the multiset of its ranks,
so the analysis counts, for every multiset of other-cards-plus-starter ranks, how many
card-level ways (weighted by the opponent model) give it, once per deal, and takes one
dot product per throw with a table of points; flushes and his nob are counted
combinatorially. With the random model every sum is an exact integer, and each
expectation is one integer divided by another (Python divides integers correctly
rounded), so it is the correctly rounded float of an exact fraction; the nets are
compared exactly, as integers over one denominator. The random model is worked in plain
Python over the shipped byte tables (:func:`random_crib_totals`: no numpy for one hand);
the weighted model with numpy (:func:`crib_totals`).

>>> from crib_trainer.core.cards import format_cards, parse_cards
>>> a = analyse_discards(parse_cards("5H 5D 5S JC 2C 9D"), dealer=True)
>>> best = a.options[0]
>>> format_cards(best.discard, ascii=True), format_cards(best.keep, ascii=True)
('2C 9D', '5H 5D 5S JC')
>>> best.hand_min, best.hand_max, best.loss
(14, 29, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import comb
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Any

from crib_trainer.analysis import OPPONENTS
from crib_trainer.analysis.ranksets import (
    binomials,
    card_set_ways,
    multiset_index,
    multiset_keys,
    multisets,
    points_matrix,
    points_table,
)
from crib_trainer.core.cards import (
    FULL_DECK,
    Card,
    CardError,
    Rank,
    check_distinct,
    format_cards,
    parse_cards,
)
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

if TYPE_CHECKING:
    import numpy as np

JACK = int(Rank.JACK)
#: Throws within this many points of the best net are as good as the best: closer than
#: any player can tell at the table, and graded as best.
AS_GOOD = 0.05
CRIB_FLUSH = 5  # a crib flush needs all four crib cards and the starter: always 5 points

# Who throws into the crib, by the relation of each thrower to the crib's owner: "own"
# throws to his own (side's) crib, "other" to an opponent's; "pack" is the three-player
# game's card from the pack, uniform over the unseen cards.
CRIB_SLOTS: dict[str, tuple[str, ...]] = {
    "six-card": ("own", "other"),
    "five-card": ("own", "other"),
    "three-player": ("own", "other", "other", "pack"),
    "four-player": ("own", "own", "other", "other"),
}


# --- results -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrowOption:
    """One way to throw: the cards thrown and kept, and what they are worth on average.

    ``hand_min``/``hand_max`` are the kept cards' lowest and highest show over the
    starters. ``net_ev`` excludes his heels (see :attr:`DiscardAnalysis.heels_ev`).
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    heels_ev: float
    net_ev: float
    loss: float
    hand_min: int
    hand_max: int
    as_good: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "discard": [c.code for c in self.discard],
            "keep": [c.code for c in self.keep],
            "hand_ev": self.hand_ev,
            "crib_ev": self.crib_ev,
            "heels_ev": self.heels_ev,
            "net_ev": self.net_ev,
            "loss": self.loss,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "as_good": self.as_good,
        }


@dataclass(frozen=True, slots=True)
class DiscardAnalysis:
    """Every throw from one dealt hand, best first (highest net; ties: higher hand)."""

    cards: tuple[Card, ...]
    dealer: bool
    variant: Variant
    opponent: str
    options: tuple[ThrowOption, ...]
    heels_ev: float  # the dealer's expected points for his heels; not included in net

    @property
    def best(self) -> ThrowOption:
        return self.options[0]

    def option_for(self, discard: Iterable[Card]) -> ThrowOption:
        """The option that throws exactly these cards (any order).

        Raises :class:`CardError` when they are not a throw from this hand.
        """
        wanted = frozenset(discard)
        for option in self.options:
            if frozenset(option.discard) == wanted:
                return option
        raise CardError(
            f"{format_cards(sorted(wanted))} is not a throw of {self.variant.discard} "
            f"card(s) from {format_cards(self.cards)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [c.code for c in self.cards],
            "role": "dealer" if self.dealer else "pone",
            "variant": self.variant.name,
            "opponent": self.opponent,
            "heels_ev": self.heels_ev,
            "net_includes_heels": False,
            "options": [o.to_json() for o in self.options],
        }


# --- the public entry point ----------------------------------------------------------


def analyse_discards(
    cards: Sequence[Card] | str,
    *,
    dealer: bool,
    variant: Variant | str = SIX_CARD,
    opponent: str = "random",
) -> DiscardAnalysis:
    """Rank every throw from a dealt hand by exact expected net points.

    ``cards`` are the dealt cards (six in the six-card game, five otherwise), or text.
    ``dealer``: the crib is yours (your side's with four players). ``opponent`` is
    ``random`` or ``weighted``. Raises :class:`CardError` for the wrong number of cards or
    a card given twice, :class:`ValueError` for an unknown variant or opponent model.

    >>> a = analyse_discards("4S 5H 6D KC 9C 2H", dealer=False)
    >>> len(a.options), a.options[0].loss, all(o.loss >= 0 for o in a.options)
    (15, 0.0, True)
    """
    variant = get_variant(variant)
    dealt = check_dealt(cards, variant)
    if opponent not in OPPONENTS:
        raise ValueError(f"unknown opponent model {opponent!r}; choose {' or '.join(OPPONENTS)}")
    unseen, discards, keeps = _throws(dealt, variant)
    hand = hand_sums(unseen, keeps)
    crib: tuple[list[int] | list[float], int | float]
    if opponent == "random":
        crib = random_crib_totals(unseen, discards, variant.crib_size - variant.discard)
    else:
        crib = crib_totals(unseen, discards, crib_model(variant.name, dealer, opponent))
    return ranked(dealt, dealer, variant, opponent, discards, keeps, hand, crib, unseen)


#: The fewest hands :func:`analyse_many` works as one batch (fewer: one at a time, which
#: spares importing numpy).
BATCH_MIN = 8


def analyse_many(
    hands: Sequence[tuple[Sequence[Card], bool]],
    *,
    variant: Variant | str = SIX_CARD,
    opponent: str = "random",
) -> list[DiscardAnalysis]:
    """:func:`analyse_discards` of many (dealt cards, dealer) at once, the same analyses
    value for value: with the random model every hand's sums, nets and order are worked
    out together in arrays (:func:`_random_batch`: the crib's rank part is one matrix
    product). Raises as :func:`analyse_discards` does for the first bad hand.

    >>> hands = [(parse_cards("5H 5D 5S JC 2C 9D"), True)]
    >>> hands += [(parse_cards("4S 5H 6D KC 9C 2H"), False)]
    >>> analyse_many(hands * 4) == [analyse_discards(c, dealer=d) for c, d in hands * 4]
    True
    """
    variant = get_variant(variant)
    if opponent != "random" or len(hands) < BATCH_MIN:
        return [analyse_discards(c, dealer=d, variant=variant, opponent=opponent) for c, d in hands]
    dealt = [check_dealt(cards, variant) for cards, _ in hands]
    return _random_batch(dealt, [dealer for _, dealer in hands], variant)


def _random_batch(
    dealt: Sequence[tuple[Card, ...]], dealers: Sequence[bool], variant: Variant
) -> list[DiscardAnalysis]:
    """The random model's analyses of many hands, worked in arrays (a row a hand, a
    column a throw in deal order) exactly as :func:`analyse_discards` works one: the kept
    hands' show with every unseen starter (:func:`hand_point_rows`), the crib's rank part
    (:func:`batch_rank_sums`) and suit part (:func:`_random_suit_sums`), the integer nets
    and their order; each float is an exact integer (under 2**53) divided by another, so
    correctly rounded as Python's division of the integers is."""
    import numpy as np

    k, size = variant.discard, variant.hand_size
    m = variant.crib_size - k
    throws = list(combinations(range(variant.dealt), k))
    keeps = [tuple(i for i in range(variant.dealt) if i not in t) for t in throws]
    cards = np.array([[c.index for c in d] for d in dealt], dtype=np.int64)
    rank, suit = cards >> 2, cards & 3  # rank − 1, suit index
    rows = np.arange(len(dealt))[:, None]
    unseen = np.ones((len(dealt), 52), dtype=bool)
    unseen[rows, cards] = False
    n = 52 - variant.dealt
    u = unseen.reshape(-1, 13, 4).sum(axis=2)  # unseen cards of each rank

    # The hand: rank points with each starter's rank, plus flush and his nob by its suit.
    kept_suits = suit[:, keeps]
    kept_first = kept_suits[..., :1]
    flush = (kept_suits == kept_first).all(axis=-1, keepdims=True)
    suits = np.arange(4)
    bonus = np.where(flush, size + (suits == kept_first), 0)
    bonus += ((kept_suits[..., None] == suits) & (rank[:, keeps, None] == JACK - 1)).any(axis=-2)
    hand_rows = points_matrix(size, 1)[_sorted_index(rank[:, keeps])].astype(np.int8)
    # with each starter, in pack order (rank by rank, suit by suit): at most 29 + 6 points
    points = hand_rows[..., None] + bonus[..., None, :].astype(np.int8)
    points = points.reshape(len(dealt), len(keeps), 52)
    held = unseen[:, None, :]
    hand = np.where(held, points, 0).sum(axis=-1, dtype=np.int64)
    low = np.where(held, points, 99).min(axis=-1)
    high = np.where(held, points, -1).max(axis=-1)

    # The crib: the rank part of every throw, then flushes and his nob by suit.
    crib = batch_rank_sums(u, _sorted_index(rank[:, throws]), k, m)
    in_suit = unseen.reshape(-1, 13, 4).sum(axis=1)
    by_suit = np.array([comb(s, m) for s in range(14)], dtype=np.int64)[in_suit]
    flushes = CRIB_FLUSH * np.maximum(in_suit - m, 0) * by_suit
    nob_in_throw = in_suit * comb(n - 1, m)
    nob_in_others = (unseen[:, 4 * (JACK - 1) : 4 * JACK] * (in_suit - 1)).sum(axis=1)
    crib += nob_in_others[:, None] * comb(n - 2, m - 1)
    thrown_suits = suit[:, throws]
    first = thrown_suits[..., 0]
    one_suit = (thrown_suits == first[..., None]).all(axis=-1)
    crib += np.where(one_suit, np.take_along_axis(flushes, first, axis=1), 0)
    jacks = rank[:, throws] == JACK - 1
    crib += (jacks * nob_in_throw[rows[..., None], thrown_suits]).sum(axis=-1)
    weight = (n - m) * comb(n, m)

    sign = np.where(np.asarray(dealers, dtype=bool), 1, -1)[:, None]
    nets = hand * weight + sign * crib * n
    order = np.lexsort((np.broadcast_to(np.arange(len(throws)), nets.shape), -hand, -nets))
    hand, crib, nets, low, high = (
        np.take_along_axis(a, order, axis=1) for a in (hand, crib, nets, low, high)
    )
    loss = (nets[:, :1] - nets) / (n * weight)
    columns = zip(
        order.tolist(),
        (hand / n).tolist(),
        (crib / weight).tolist(),
        (nets / (n * weight)).tolist(),
        loss.tolist(),
        low.tolist(),
        high.tolist(),
        (loss <= AS_GOOD).tolist(),
        strict=True,
    )
    heels = (2 * u[:, JACK - 1] / n).tolist()
    thrown, kept = _pickers(throws), _pickers(keeps)
    out = []
    for d, dealer, h, row in zip(dealt, dealers, heels, columns, strict=True):
        options = tuple(
            ThrowOption(thrown[t](d), kept[t](d), hand_ev, crib_ev, h, *numbers)
            for t, hand_ev, crib_ev, *numbers in zip(*row, strict=True)
        )
        out.append(DiscardAnalysis(d, dealer, variant, "random", options, h))
    return out


def _throws(
    dealt: tuple[Card, ...], variant: Variant
) -> tuple[tuple[Card, ...], list[tuple[Card, ...]], list[tuple[Card, ...]]]:
    """The unseen cards, and every throw's cards thrown and kept, in deal order."""
    throws = list(combinations(range(len(dealt)), variant.discard))
    discards = [tuple(dealt[i] for i in t) for t in throws]
    keeps = [tuple(c for i, c in enumerate(dealt) if i not in t) for t in throws]
    return unseen_cards(dealt), discards, keeps


def ranked(
    dealt: tuple[Card, ...],
    dealer: bool,
    variant: Variant,
    opponent: str,
    discards: Sequence[tuple[Card, ...]],
    keeps: Sequence[tuple[Card, ...]],
    hand: HandSums,
    crib: tuple[Sequence[int], int] | tuple[Sequence[float], float],
    unseen: Sequence[Card],
) -> DiscardAnalysis:
    """The analysis from each throw's sums: ``hand`` over the ``unseen`` starters, and
    ``crib`` (each throw's weighted crib points and the total weight). Integer sums are
    compared exactly (as numerators over one denominator) and divided once each."""
    crib_sums, weight = crib
    n = len(unseen)
    heels = 2 * sum(c.rank == Rank.JACK for c in unseen) / n
    sign = 1 if dealer else -1
    if isinstance(weight, int):  # exact: numerators over n × weight
        denominator = n * weight
        nets: list[Any] = [
            h * weight + sign * c * n for h, c in zip(hand.sums, crib_sums, strict=True)
        ]
    else:
        denominator = 1
        nets = [h / n + sign * c / weight for h, c in zip(hand.sums, crib_sums, strict=True)]
    order = sorted(range(len(nets)), key=lambda t: (-nets[t], -hand.sums[t], t))
    best = nets[order[0]]  # net, then hand, then deal order
    options = []
    for t in order:
        loss = (best - nets[t]) / denominator
        options.append(
            ThrowOption(
                discard=discards[t],
                keep=keeps[t],
                hand_ev=hand.sums[t] / n,
                crib_ev=crib_sums[t] / weight,
                heels_ev=heels,
                net_ev=nets[t] / denominator,
                loss=loss,
                hand_min=hand.mins[t],
                hand_max=hand.maxs[t],
                as_good=loss <= AS_GOOD,
            )
        )
    return DiscardAnalysis(dealt, dealer, variant, opponent, tuple(options), heels)


def check_dealt(cards: Sequence[Card] | str, variant: Variant) -> tuple[Card, ...]:
    """The dealt cards as a tuple, or :class:`CardError` saying what is wrong with them."""
    dealt = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    check_distinct(dealt)
    if len(dealt) != variant.dealt:
        raise CardError(
            f"a {variant.name} hand is dealt {variant.dealt} cards (you keep "
            f"{variant.hand_size} and throw {variant.discard}); got {len(dealt)}: "
            f"{format_cards(dealt)}"
        )
    return dealt


def unseen_cards(known: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of the pack not in ``known``, in pack order."""
    held = set(known)
    return tuple(c for c in FULL_DECK if c not in held)


# --- rank-multiset tables ------------------------------------------------------------


@cache
def _minus_one(size: int) -> np.ndarray:
    """For each multiset M of ``size`` ranks and each rank r: the index of M − {r} among
    multisets of ``size − 1``, or that list's length (a sentinel) when M has no r.
    """
    import numpy as np

    keys, _ = multisets(size)
    smaller = multiset_index(size - 1)
    out = np.full((len(keys), 13), len(smaller), dtype=np.int64)
    for i, ranks in enumerate(keys):
        for r in set(ranks):
            rest = list(ranks)
            rest.remove(r)
            out[i, r - 1] = smaller[tuple(rest)]
    out.setflags(write=False)
    return out


@cache
def _plus_jack(size: int) -> np.ndarray:
    """For each multiset R of ``size`` ranks, the index of R + {J} among multisets of
    ``size + 1`` (the sentinel length when R already has four jacks).
    """
    import numpy as np

    keys, _ = multisets(size)
    bigger = multiset_index(size + 1)
    return np.array(
        [bigger.get(tuple(sorted((*r, JACK))), len(bigger)) for r in keys], dtype=np.int64
    )


def prepare_tables() -> None:
    """Build every table the analysis uses (they are otherwise built on first use)."""
    for size in (1, 2, 3, 4):
        multisets(size)
        _rank_counts(size)
    for k, m in ((2, 2), (1, 3)):
        points_table(k, m + 1)
        points_matrix(k, m + 1)
        _minus_one(m + 1)
        _plus_jack(m - 1)
    for h in (3, 4):
        points_matrix(h, 1)
    random_model(2)
    random_model(3)


# --- the hand ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandSums:
    """Per kept hand: the sum of its show over every starter, its lowest and highest."""

    sums: list[int]
    mins: list[int]
    maxs: list[int]


def hand_sums(unseen: Sequence[Card], keeps: Sequence[tuple[Card, ...]]) -> HandSums:
    """Exact sums of each kept hand's show over every starter in ``unseen``.

    >>> from crib_trainer.core.cards import parse_cards
    >>> deck = unseen_cards(parse_cards("5H 5C 5S JD"))
    >>> s = hand_sums(deck, [parse_cards("5H 5C 5S JD")])
    >>> s.mins, s.maxs
    ([14], [29])
    """
    rows = hand_point_rows(unseen, keeps)
    return HandSums([sum(r) for r in rows], [min(r) for r in rows], [max(r) for r in rows])


def hand_point_rows(unseen: Sequence[Card], keeps: Sequence[tuple[Card, ...]]) -> list[list[int]]:
    """Each kept hand's show with each starter in ``unseen``, a row per kept hand (plain
    Python over the shipped table of rank points)."""
    size = len(keeps[0])
    index = multiset_index(size)
    table = points_table(size, 1)
    starters = [(int(c.rank) - 1, c.suit.index) for c in unseen]
    rows = []
    for keep in keeps:
        base = 13 * index[tuple(sorted(int(c.rank) for c in keep))]
        suit = keep[0].suit.index
        flush = size if all(c.suit is keep[0].suit for c in keep) else 0
        nob = sum(1 << c.suit.index for c in keep if c.rank == Rank.JACK)
        rows.append(
            [
                table[base + r] + (flush and flush + (s == suit)) + ((nob >> s) & 1)
                for r, s in starters
            ]
        )
    return rows


# --- the crib ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class CribModel:
    """How the other ``m`` crib cards fall: each set O of them has weight ``w`` of its rank
    multiset (row order of ``multisets(m)``); the starter is uniform over the rest.

    ``exact`` models have integer weights and give exact integer sums.
    """

    m: int
    weights: np.ndarray
    exact: bool

    @property
    def padded(self) -> np.ndarray:
        """The weights with a trailing zero for the sentinel index."""
        return _padded(self)

    @property
    def per_multiset(self) -> np.ndarray:
        """For every multiset M of other-cards-plus-starter ranks: Σ_r c_r(M)·w(M − r).

        Times the number of card sets with M's ranks, it is the total weight of the
        (other cards, starter) pairs whose ranks make M.
        """
        return _per_multiset(self)

    @property
    def with_jack(self) -> np.ndarray:
        """For every multiset R of m − 1 ranks: the weight of R plus a jack."""
        return _with_jack(self)


@cache
def _padded(model: CribModel) -> np.ndarray:
    import numpy as np

    return np.append(model.weights, np.zeros(1, dtype=model.weights.dtype))


@cache
def _per_multiset(model: CribModel) -> np.ndarray:
    _, counts = multisets(model.m + 1)
    return (counts * model.padded[_minus_one(model.m + 1)]).sum(axis=1)


@cache
def _with_jack(model: CribModel) -> np.ndarray:
    return model.padded[_plus_jack(model.m - 1)]


@cache
def random_model(m: int) -> CribModel:
    """Every set of ``m`` unseen cards equally likely."""
    import numpy as np

    return CribModel(m, np.ones(len(multisets(m)[0]), dtype=np.int64), exact=True)


def slot_model(slots: Sequence[np.ndarray | None]) -> CribModel:
    """A model from independent throwers: one slot of two cards (the two-player games)
    or several slots of one card each; each slot a per-card weight by rank multiset
    (an array over ``multisets(k)``), or ``None`` for a card from the pack (uniform).

    With single-card slots a set of cards weighs the sum, over every way of giving its
    cards to the slots, of the product of the slots' weights.
    """
    import numpy as np

    if len(slots) == 1:
        (weights,) = slots
        if weights is None:
            return random_model(2)
        return CribModel(2, np.asarray(weights, dtype=np.float64), exact=False)
    m = len(slots)
    per_card = [np.ones(13) if s is None else np.asarray(s, dtype=np.float64) for s in slots]
    keys, _ = multisets(m)
    weights = np.zeros(len(keys))
    for row, ranks in enumerate(keys):
        weights[row] = sum(
            np.prod([per_card[slot][ranks[card] - 1] for slot, card in enumerate(order)])
            for order in permutations(range(m))
        )
    return CribModel(m, weights, exact=False)


@cache
def crib_model(variant: str, dealer: bool, opponent: str) -> CribModel:
    """The model of the other crib cards for a variant, whose crib it is, and an
    opponent model (``random`` or ``weighted``).
    """
    slots = other_slots(variant, dealer)
    if opponent == "random":
        rules = get_variant(variant)
        return random_model(rules.crib_size - rules.discard)
    from crib_trainer.analysis.opponent import slot_weights

    return slot_model([None if s == "pack" else slot_weights(variant, s == "own") for s in slots])


def other_slots(variant: str, dealer: bool) -> tuple[str, ...]:
    """The other throwers into the crib (and the pack card), seen by a player whose crib
    it is (``dealer``) or who throws to an opponent's.

    >>> other_slots("four-player", True), other_slots("three-player", False)
    (('own', 'other', 'other'), ('own', 'other', 'pack'))
    """
    slots = list(CRIB_SLOTS[variant])
    slots.remove("own" if dealer else "other")
    return tuple(slots)


#: ``_BINOM[n][k]`` = C(n, k) for n, k ≤ 4: the ways to pick k cards of a rank from n.
_BINOM = tuple(tuple(comb(n, k) for k in range(5)) for n in range(5))


@cache
def _rank_counts(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each multiset of ``size`` ranks (row order of :func:`multiset_keys`) as its
    (rank − 1, count) pairs."""
    return tuple(
        tuple((r - 1, ranks.count(r)) for r in sorted(set(ranks))) for ranks in multiset_keys(size)
    )


def random_crib_totals(
    unseen: Sequence[Card], throws: Sequence[tuple[Card, ...]], m: int
) -> tuple[list[int], int]:
    """:func:`crib_totals` for the random model (every set of the ``m`` other crib cards
    equally likely, then the starter): each throw's crib points summed over every (other
    cards, starter) from ``unseen``, and how many there are. Exact integers, worked in plain
    Python over the shipped table of points (no numpy).

    The (other cards, starter) pairs whose ranks make a multiset M number
    (m + 1) × Π_r C(u_r, c_r(M)) (u_r unseen cards of rank r; any of M's cards may be the
    starter); flushes and his nob are counted by suit.

    >>> from crib_trainer.core.cards import parse_cards
    >>> dealt = parse_cards("5H 5D 5S JC 2C 9D")
    >>> sums, weight = random_crib_totals(unseen_cards(dealt), [parse_cards("2C 9D")], 2)
    >>> weight == 44 * 1035, round(sums[0] / weight, 4)
    (True, 4.1355)
    """
    suit_sums, weight = _random_suit_sums(unseen, throws, m)
    rank_sums = _random_rank_sums(unseen, throws, m)
    return [a + b for a, b in zip(rank_sums, suit_sums, strict=True)], weight


def _random_rank_sums(
    unseen: Sequence[Card], throws: Sequence[tuple[Card, ...]], m: int
) -> list[int]:
    """The rank part of :func:`random_crib_totals`: for each throw, Σ over every (other
    cards, starter) of the points of their ranks with the throw's."""
    u = [0] * 13
    for c in unseen:
        u[c.rank - 1] += 1
    binom = _BINOM
    ways = []
    for groups in _rank_counts(m + 1):
        w = m + 1
        for r, k in groups:
            w *= binom[u[r]][k]
        ways.append(w)
    width = len(ways)
    table = points_table(len(throws[0]), m + 1)
    index = multiset_index(len(throws[0]))
    sums = []
    for t in throws:
        start = width * index[tuple(sorted(int(c.rank) for c in t))]
        sums.append(sum(map(mul, table[start : start + width], ways)))
    return sums


def _random_suit_sums(
    unseen: Sequence[Card], throws: Sequence[tuple[Card, ...]], m: int
) -> tuple[list[int], int]:
    """The suit part of :func:`random_crib_totals` (flushes and his nob, for each throw)
    and the number of (other cards, starter) in all."""
    n = len(unseen)
    of_suit = [[0] * 13 for _ in range(4)]  # 1 where that card is unseen
    for c in unseen:
        of_suit[c.suit.index][c.rank - 1] = 1
    in_suit = [sum(row) for row in of_suit]
    flush = [CRIB_FLUSH * max(s - m, 0) * comb(s, m) for s in in_suit]
    nob_in_throw = [s * comb(n - 1, m) for s in in_suit]  # the starter of a thrown jack's suit
    # an unseen jack among the other cards, the starter another unseen card of its suit
    nob_in_others = sum(
        (s - 1) * comb(n - 2, m - 1)
        for s, row in zip(in_suit, of_suit, strict=True)
        if row[JACK - 1]
    )
    sums = []
    for t in throws:
        total = nob_in_others
        if all(c.suit is t[0].suit for c in t):
            total += flush[t[0].suit.index]
        total += sum(nob_in_throw[c.suit.index] for c in t if c.rank == Rank.JACK)
        sums.append(total)
    return sums, (n - m) * comb(n, m)


def _pickers(positions: Sequence[tuple[int, ...]]) -> list[Callable[[Sequence[Card]], tuple]]:
    """For each tuple of positions, a function giving a hand's cards at them, as a tuple."""
    return [itemgetter(*p) if len(p) > 1 else _one_picker(p[0]) for p in positions]


def _one_picker(i: int) -> Callable[[Sequence[Card]], tuple]:
    """A function giving a hand's card at ``i`` as a tuple of one (``itemgetter`` of one
    position gives the card alone)."""
    return lambda cards: (cards[i],)


def batch_rank_sums(u: np.ndarray, throws: np.ndarray, k: int, m: int) -> np.ndarray:
    """:func:`_random_rank_sums` of many hands at once: ``u[h]`` the unseen cards of each
    rank in hand ``h``, ``throws[h]`` the row of each of its throws (of ``k`` cards) in
    :func:`multisets`. The (other cards, starter) ways of every hand by rank multiset, as
    rows, times the points table, in one matrix product. Exact: every product and sum is
    an integer under 2**53, worked in floating point only to use the fast product.

    >>> import numpy as np
    >>> from crib_trainer.core.cards import parse_cards
    >>> dealt = parse_cards("5H 5D 5S JC 2C 9D")
    >>> throws = [parse_cards("2C 9D"), parse_cards("JC 9D")]
    >>> u = np.array([[4, 3, 4, 4, 1, 4, 4, 4, 3, 4, 3, 4, 4]])
    >>> rows = np.array([[multiset_index(2)[(2, 9)], multiset_index(2)[(9, 11)]]])
    >>> batch_rank_sums(u, rows, 2, 2)[0].tolist() == _random_rank_sums(
    ...     unseen_cards(dealt), throws, 2)
    True
    """
    import numpy as np

    table = binomials()[u].reshape(len(u), 65).astype(np.float64)  # C(u_r, c) at 5r + c
    first, *rest = _held_columns(m + 1)
    ways = (m + 1) * table[:, first]
    for column in rest:
        ways *= table[:, column]
    per_throw = ways @ _float_points(k, m + 1)
    return np.rint(np.take_along_axis(per_throw, throws, axis=1)).astype(np.int64)


@cache
def _held_columns(size: int) -> tuple[np.ndarray, ...]:
    """Each multiset of ``size`` ranks (row order of :func:`multisets`) as ``size``
    columns of a hand's table of C(u_r, c) (at 5r + c, r from 0 for aces): its j-th rank
    held and how many of it, padded with 0 (C(u, 0) = 1)."""
    import numpy as np

    pairs = [groups + ((0, 0),) * (size - len(groups)) for groups in _rank_counts(size)]
    table = np.array(pairs, dtype=np.int64)
    return tuple(np.ascontiguousarray(5 * table[:, j, 0] + table[:, j, 1]) for j in range(size))


@cache
def _float_points(size_a: int, size_b: int) -> np.ndarray:
    """:func:`points_matrix` transposed, in floating point (for the batch's product)."""
    import numpy as np

    return np.ascontiguousarray(points_matrix(size_a, size_b).T, dtype=np.float64)


@cache
def _dense_index(size: int) -> np.ndarray:
    """The row in :func:`multisets` of each ``size`` ranks (0 for aces), lowest first,
    read as a number in base 13 (positions that are no multiset hold 0)."""
    import numpy as np

    out = np.zeros(13**size, dtype=np.int64)
    for row, ranks in enumerate(multiset_keys(size)):
        out[sum((r - 1) * 13**i for i, r in enumerate(reversed(ranks)))] = row
    return out


def _sorted_index(ranks: np.ndarray) -> np.ndarray:
    """The row in :func:`multisets` of each set of ranks along the last axis (0 for aces)."""
    import numpy as np

    ranks = np.sort(ranks, axis=-1)
    size = ranks.shape[-1]
    return _dense_index(size)[ranks @ (13 ** np.arange(size - 1, -1, -1))]


def crib_totals(
    unseen: Sequence[Card], throws: Sequence[tuple[Card, ...]], model: CribModel
) -> tuple[list[int] | list[float], int | float]:
    """For each throw, Σ weight(O) × crib score over every set O of the other crib cards
    and starter s (O and s from ``unseen``, s not in O); and Σ weight(O) over the same.

    The crib score's rank part comes from a table over rank multisets; flushes and his
    nob are counted by suit. Integer weights give exact integer sums.
    """
    import numpy as np

    m = model.m
    k = len(throws[0])
    u = np.zeros(13, dtype=np.int64)
    by_suit = np.zeros((4, 13), dtype=np.int64)  # 1 where that card is unseen
    for c in unseen:
        u[c.rank - 1] += 1
        by_suit[c.suit.index, c.rank - 1] = 1
    _, counts_m = multisets(m)
    _, counts_big = multisets(m + 1)
    w = model.weights

    # Rank part: weight of (O, s) pairs by the multiset of their ranks, dotted with points.
    histogram = card_set_ways(u, counts_big) * model.per_multiset
    index = multiset_index(k)
    rows = [index[tuple(sorted(int(c.rank) for c in t))] for t in throws]
    rank_sums = points_matrix(k, m + 1)[rows] @ histogram

    total_weight = (len(unseen) - m) * (card_set_ways(u, counts_m) @ w)
    flush = _flush_weights(by_suit, counts_m, w, m)
    nob_in_throw = _nob_in_throw_weights(u, by_suit, counts_m, w)
    nob_in_others = _nob_in_others_weight(u, by_suit, model)

    sums = []
    for row, t in enumerate(throws):
        total = rank_sums[row] + nob_in_others
        if all(c.suit is t[0].suit for c in t):
            total += CRIB_FLUSH * flush[t[0].suit.index]
        for c in t:
            if c.rank == Rank.JACK:
                total += nob_in_throw[c.suit.index]
        sums.append(total)
    if model.exact:
        return [int(x) for x in sums], int(total_weight)
    return [float(x) for x in sums], float(total_weight)


def _flush_weights(by_suit: np.ndarray, counts_m: np.ndarray, w: np.ndarray, m: int) -> np.ndarray:
    """Per suit: weight of (O, s) pairs with O and s all of that suit."""
    import numpy as np

    n = by_suit.sum(axis=1)
    return np.maximum(n - m, 0) * (card_set_ways(by_suit, counts_m) @ w)


def _nob_in_throw_weights(
    u: np.ndarray, by_suit: np.ndarray, counts_m: np.ndarray, w: np.ndarray
) -> np.ndarray:
    """Per suit σ: weight of (O, s) pairs with s of suit σ (a thrown jack of σ scores).

    Summed over each unseen starter s of σ: the weight of every O among the unseen
    cards other than s, which depends only on s's rank.
    """
    import numpy as np

    less = u[None, :] - np.eye(13, dtype=np.int64)
    possible = (less >= 0).all(axis=1)
    without = np.where(possible, card_set_ways(np.maximum(less, 0), counts_m) @ w, 0)
    return by_suit @ without


def _nob_in_others_weight(u: np.ndarray, by_suit: np.ndarray, model: CribModel) -> int | float:
    """Weight of (O, s) pairs where O holds the jack of s's suit (the same for every throw).

    For an unseen jack J and a starter s of its suit: O is J plus m − 1 cards from the
    unseen less J and s; their number and weight depend only on s's rank.
    """
    import numpy as np

    jack = JACK - 1
    if u[jack] == 0:
        return 0
    _, counts_rest = multisets(model.m - 1)
    less = u[None, :] - np.eye(13, dtype=np.int64)
    less[:, jack] -= 1
    possible = (less >= 0).all(axis=1)
    with_jack = np.where(
        possible, card_set_ways(np.maximum(less, 0), counts_rest) @ model.with_jack, 0
    )
    total = 0
    for suit in range(4):
        if by_suit[suit, jack]:
            starters = by_suit[suit].copy()
            starters[jack] = 0  # the jack itself is in O, not the starter
            total += starters @ with_jack
    return total

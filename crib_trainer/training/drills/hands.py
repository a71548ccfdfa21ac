"""Counting and judging drills: seeded deals, optionally holding a chosen category.

Everything random comes from the ``rng`` passed in, so a seed gives the same drills.

>>> import random
>>> d = count_drill(random.Random(7), crib=False, target_category="double-run")
>>> "double-run" in count_categories(d.breakdown()), d.hit, d.kind
(True, True, 'count-hand')
>>> CountDrill.from_question(d.question()) == d
True

How a target is met: categories present in at least one deal in twenty (``fifteen-2``,
``fifteen-3plus``, ``pair``, ``run``, ``nobs``) are dealt at random until present; rarer
ones are built from a seed pattern (the cards that make it, e.g. ``r r r+1 r+2`` for a
double run, then random cards, hand and starter shuffled) and checked. A target the
deal cannot hold (:func:`can_hold`: a triple run in a five-card hand of three cards and
the starter, a ``crib-flush-trap`` in a hand), or one still missing after
:data:`MAX_TRIES` deals (not seen in practice), gives a random deal with ``hit=False``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from crib_trainer.core.cards import (
    FULL_DECK,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from crib_trainer.core.show import NINETEEN, Breakdown, score_show
from crib_trainer.core.variants import get_variant
from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import DrillKind
from crib_trainer.training.categories import count_categories, item_categories
from crib_trainer.training.drills.cribs import thrown_crib
from crib_trainer.training.grading.claims import family
from crib_trainer.training.shapes import CountQuestion, DiscardQuestion, JudgeQuestion

MAX_TRIES = 200


@dataclass(frozen=True, slots=True)
class CountDrill:
    """A hand (or crib) and starter to count.

    ``target_category`` is what the deal was asked to hold; ``hit`` is False when it was
    asked for but could not be dealt (see the module notes). ``throws``: for a crib dealt
    as players throw it, each player's throw (the dealer's last).
    """

    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    variant: str = "six-card"
    target_category: str | None = None
    hit: bool = True
    throws: tuple[tuple[Card, ...], ...] = ()

    @property
    def kind(self) -> str:
        return DrillKind.COUNT_CRIB.value if self.crib else DrillKind.COUNT_HAND.value

    def breakdown(self) -> Breakdown:
        return score_show(self.cards, self.starter, crib=self.crib, variant=self.variant)

    def prompt(self) -> str:
        """What the learner is asked, in words.

        >>> CountDrill(parse_cards("5H 5C JD QS"), parse_card("5D"), crib=False).prompt()
        'Your hand, with the starter. What does it score?'
        """
        if not self.crib:
            return "Your hand, with the starter. What does it score?"
        if len(self.throws) == 2:  # thrown by you and him, as in a game
            mine, his = (format_cards(t) for t in reversed(self.throws))
            return f"Your crib: you threw {mine}, he threw {his}. A flush needs the starter."
        return "The crib is yours (you dealt). A crib flush needs the starter too."

    def question(self) -> CountQuestion:
        """The JSON stored with an answer; :meth:`from_question` reads it back."""
        q: CountQuestion = {
            "cards": [c.code for c in self.cards],
            "starter": self.starter.code,
            "crib": self.crib,
            "variant": self.variant,
            "target": self.target_category,
        }
        if self.throws:
            q["throws"] = [[c.code for c in t] for t in self.throws]
        return q

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> CountDrill:
        """Rebuild a drill from a stored question (to replay it)."""
        return cls(
            parse_cards(q["cards"]),
            parse_card(q["starter"]),
            bool(q.get("crib", False)),
            get_variant(q.get("variant", "six-card")).name,
            q.get("target"),
            throws=tuple(parse_cards(t) for t in q.get("throws", ())),
        )


@dataclass(frozen=True, slots=True)
class JudgeDrill:
    """A deal and a player's claim for it; the learner says whether the claim is right."""

    deal: CountDrill
    claim: int

    kind = DrillKind.JUDGE.value

    def question(self) -> JudgeQuestion:
        return {**self.deal.question(), "claim": self.claim}

    def prompt(self) -> str:
        """What the learner is asked: whether the claim is right, and the true total."""
        what = "crib" if self.deal.crib else "hand"
        return f"He claims {self.claim} for his {what}. What is it really?"

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> JudgeDrill:
        return cls(CountDrill.from_question(q), int(q["claim"]))


def count_drill(
    rng: random.Random,
    *,
    crib: bool,
    variant: str = "six-card",
    target_category: str | None = None,
    avoid: frozenset[str] = frozenset(),
) -> CountDrill:
    """Deal a hand (or crib) and starter; with ``target_category``, one that holds it.
    A crib not aimed at a category is thrown by the players (:mod:`.cribs`): each dealt a
    hand, each throwing what a good player throws. ``avoid``: categories the deal should
    not hold besides its target (to tell one possible miss from another), kept to as long
    as :data:`MAX_TRIES` deals allow.

    >>> d = count_drill(random.Random(1), crib=True, target_category="crib-flush-trap")
    >>> len({c.suit for c in d.cards}), d.starter.suit != d.cards[0].suit
    (1, True)
    """
    name = get_variant(variant).name
    size = get_variant(name).shown_size(crib)
    if target_category is not None and target_category not in cat.ITEM_CATEGORIES:
        raise ValueError(
            f"cannot deal for category {target_category!r}; "
            f"choose one of {', '.join(cat.ITEM_CATEGORIES)}"
        )
    if crib and target_category is None:  # thrown by the players, as a crib is
        deal = thrown_crib(rng, name)
        return CountDrill(deal.crib, deal.starter, True, name, throws=deal.throws)
    if target_category and not can_hold(target_category, crib=crib, variant=name):
        hand, starter = _deal(rng, size)
        return CountDrill(hand, starter, crib, name, target_category, hit=False)
    seed = _SEEDS.get(target_category) if target_category else None
    last: CountDrill | None = None
    holding: CountDrill | None = None  # (the first deal holding the target)
    for _ in range(MAX_TRIES if target_category else 1):
        hand, starter = _deal(rng, size, *(seed(rng, size, crib) if seed else ((), None, ())))
        last = CountDrill(hand, starter, crib, name, target_category)
        held = count_categories(last.breakdown())
        if target_category is None or (target_category in held and not avoid & held.keys()):
            return last
        if target_category in held:
            holding = holding or last
    if holding is not None:
        return holding
    assert last is not None
    hand, starter = _deal(rng, size)
    return CountDrill(hand, starter, crib, name, target_category, hit=False)


def can_hold(category: str, *, crib: bool, variant: str = "six-card") -> bool:
    """Whether a hand (or crib) of the variant can hold a counting category at all.

    >>> can_hold("triple-run", crib=False, variant="five-card"), can_hold("nobs", crib=True)
    (False, True)
    >>> can_hold("crib-flush-trap", crib=False), can_hold("hand-four-flush", crib=True)
    (False, False)
    """
    shown = get_variant(variant).shown_size(crib) + 1
    if category == cat.CRIB_FLUSH_TRAP:
        return crib
    if category == cat.HAND_FOUR_FLUSH:
        return not crib
    if category in (cat.TRIPLE_RUN, cat.DOUBLE_DOUBLE_RUN, cat.DOUBLE_RUN_FOUR):
        return shown >= 5
    return category in cat.ITEM_CATEGORIES


def judge_drill(
    rng: random.Random,
    *,
    crib: bool | None = None,
    variant: str = "six-card",
    target_category: str | None = None,
) -> JudgeDrill:
    """A deal and a claim that is right a third of the time, too low a third (an item
    left out) and too high a third (two points too many, or a trap crib's flush counted).

    With ``target_category`` the deal holds it and, two times in three, the claim leaves
    out an item of it (or, for ``crib-flush-trap`` and ``over-claim``, claims too much).
    ``crib=None`` chooses a crib for the trap, and otherwise one time in four.

    >>> j = judge_drill(random.Random(3), target_category="nobs")
    >>> j.claim >= 0 and j.deal.target_category == "nobs"
    True
    """
    if crib is None:
        crib = target_category == cat.CRIB_FLUSH_TRAP or (
            target_category != cat.HAND_FOUR_FLUSH and rng.random() < 0.25
        )
    deal_target = target_category if target_category in cat.ITEM_CATEGORIES else None
    deal = count_drill(rng, crib=crib, variant=variant, target_category=deal_target)
    b = deal.breakdown()
    by_cat = item_categories(b)
    roll = rng.random()
    if target_category and roll < 2 / 3:
        if target_category in (cat.CRIB_FLUSH_TRAP, cat.OVER_CLAIM):
            return _judge(deal, b, b.total + _over_amount(b))
        targets = [item for item, c in by_cat.items() if c == target_category]
        if targets:
            return _judge(deal, b, b.total - rng.choice(targets).points)
        roll = rng.random()
    if roll < 1 / 3 or (roll < 2 / 3 and not b.items):
        return JudgeDrill(deal, b.total)
    if roll < 2 / 3:
        # Leave out an item, favouring the families people overlook.
        weights = [_OVERLOOK_WEIGHT.get(family(i), 1) for i in b.items]
        return _judge(deal, b, b.total - rng.choices(b.items, weights)[0].points)
    return _judge(deal, b, b.total + _over_amount(b))


def _judge(deal: CountDrill, b: Breakdown, claim: int) -> JudgeDrill:
    """The drill claiming ``claim`` on ``deal`` (its show ``b``), or the right total where
    that is 19: "nineteen" is the players' word for nothing (Hoyle, Showing), so it would be
    judged a claim of nothing."""
    return JudgeDrill(deal, b.total if claim == NINETEEN else claim)


def drill_for(
    kind: str,
    rng: random.Random,
    *,
    target_category: str | None = None,
    variant: str = "six-card",
    avoid: frozenset[str] = frozenset(),
) -> CountDrill | JudgeDrill:
    """A new drill of a counting ``kind`` (``count-hand``, ``count-crib``, ``judge``), as a
    scheduler's choice asks for it (``avoid``: as :func:`count_drill`; a count only). A
    target a count cannot hold (``over-claim``, say) deals at random.

    >>> d = drill_for("count-crib", random.Random(2), target_category="nobs")
    >>> d.kind, d.target_category, d.hit
    ('count-crib', 'nobs', True)
    """
    if kind == DrillKind.JUDGE:
        return judge_drill(rng, variant=variant, target_category=target_category)
    if kind not in (DrillKind.COUNT_HAND, DrillKind.COUNT_CRIB):
        raise ValueError(f"{kind!r} is not a counting drill; this module deals count and judge")
    if target_category not in cat.ITEM_CATEGORIES:
        target_category = None
    crib = kind == DrillKind.COUNT_CRIB
    return count_drill(
        rng, crib=crib, variant=variant, target_category=target_category, avoid=avoid
    )


@dataclass(frozen=True, slots=True)
class DiscardDrill:
    """Cards dealt, to throw to the crib as dealer (``dealer=True``) or pone."""

    cards: tuple[Card, ...]
    dealer: bool
    variant: str = "six-card"

    kind = DrillKind.DISCARD.value

    def question(self) -> DiscardQuestion:
        return {
            "cards": [c.code for c in self.cards],
            "role": "dealer" if self.dealer else "pone",
            "variant": self.variant,
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> DiscardDrill:
        return cls(parse_cards(q["cards"]), q["role"] == "dealer", q.get("variant", "six-card"))


def discard_drill(
    rng: random.Random, *, dealer: bool | None = None, variant: str = "six-card"
) -> DiscardDrill:
    """Deal the variant's hand (six cards in the six-card game) and a role.

    >>> d = discard_drill(random.Random(4))
    >>> len(d.cards), DiscardDrill.from_question(d.question()) == d
    (6, True)
    """
    v = get_variant(variant)
    cards = tuple(sorted(rng.sample(FULL_DECK, v.dealt)))
    role = rng.random() < 0.5 if dealer is None else dealer
    return DiscardDrill(cards, role, v.name)


_OVERLOOK_WEIGHT = {"nobs": 4, "fifteen-4": 3, "flush": 3, "fifteen-3": 2}


def _over_amount(b: Breakdown) -> int:
    return len(b.cards) if cat.is_crib_flush_trap(b) else 2


# --- dealing -------------------------------------------------------------------------------

# A seed: (cards that must be in the hand, a fixed starter or None, cards to place anywhere).
Seed = tuple[tuple[Card, ...], Card | None, tuple[Card, ...]]


def _deal(
    rng: random.Random,
    size: int,
    in_hand: tuple[Card, ...] = (),
    starter: Card | None = None,
    anywhere: tuple[Card, ...] = (),
) -> tuple[tuple[Card, ...], Card]:
    """``size`` hand cards and a starter, holding the seed's cards where it says."""
    fixed = len(in_hand) + len(anywhere) + (starter is not None)
    if fixed > size + 1 or len(in_hand) > size:
        in_hand, starter, anywhere = (), None, ()  # the pattern does not fit: deal at random
    used = {*in_hand, *anywhere, *([starter] if starter else [])}
    rest = [c for c in FULL_DECK if c not in used]
    free = size + 1 - len(in_hand) - (starter is not None)
    pool = list(anywhere) + rng.sample(rest, free - len(anywhere))
    rng.shuffle(pool)
    if starter is None:
        starter = pool.pop()
    hand = [*in_hand, *pool]
    rng.shuffle(hand)
    return tuple(hand), starter


def _of_ranks(rng: random.Random, ranks: list[int]) -> tuple[Card, ...]:
    """Cards of the given ranks (repeats allowed, up to four), suits at random."""
    out: list[Card] = []
    for r in sorted(set(ranks)):
        suits = rng.sample(list(Suit), ranks.count(r))
        out += [Card(Rank(r), s) for s in suits]
    return tuple(sorted(out))


def _run_seed(counts: list[list[int]]) -> Callable[[random.Random, int, bool], Seed]:
    """A run (of three, or four) whose ranks appear ``counts`` times (one pattern chosen at
    random)."""

    def seed(rng: random.Random, size: int, crib: bool) -> Seed:
        low = rng.randint(1, 14 - len(counts[0]))
        pattern = rng.choice(counts)
        ranks = [low + i for i, n in enumerate(pattern) for _ in range(n)]
        return (), None, _of_ranks(rng, ranks)

    return seed


def _pair_royal_seed(rng: random.Random, size: int, crib: bool) -> Seed:
    return (), None, _of_ranks(rng, [rng.randint(1, 13)] * 3)


def _flush_seed(rng: random.Random, size: int, crib: bool) -> Seed:
    """A five-card flush: the hand (or crib) and the starter of one suit."""
    suit = rng.choice(list(Suit))
    cards = [Card(Rank(r), suit) for r in rng.sample(range(1, 14), size + 1)]
    return tuple(cards[:size]), cards[size], ()


def _trap_seed(rng: random.Random, size: int, crib: bool) -> Seed:
    """The hand (or crib) of one suit, the starter of another: a crib's flush trap, a
    hand's four-card flush."""
    suit, other = rng.sample(list(Suit), 2)
    hand = tuple(Card(Rank(r), suit) for r in rng.sample(range(1, 14), size))
    return hand, Card(Rank(rng.randint(1, 13)), other), ()


def _heels_seed(rng: random.Random, size: int, crib: bool) -> Seed:
    return (), Card(Rank.JACK, rng.choice(list(Suit))), ()


_SEEDS: dict[str, Callable[[random.Random, int, bool], Seed]] = {
    cat.PAIR_ROYAL: _pair_royal_seed,
    cat.DOUBLE_RUN: _run_seed([[2, 1, 1], [1, 2, 1], [1, 1, 2]]),
    cat.DOUBLE_RUN_FOUR: _run_seed([[2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1], [1, 1, 1, 2]]),
    cat.TRIPLE_RUN: _run_seed([[3, 1, 1], [1, 3, 1], [1, 1, 3]]),
    cat.DOUBLE_DOUBLE_RUN: _run_seed([[2, 2, 1], [2, 1, 2], [1, 2, 2]]),
    cat.FLUSH: _flush_seed,
    cat.HAND_FOUR_FLUSH: _trap_seed,
    cat.CRIB_FLUSH_TRAP: _trap_seed,
    cat.HEELS: _heels_seed,
}

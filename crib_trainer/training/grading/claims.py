"""A claimed score against the truth: the verdict, what was missed, and the ruling under
the rule set (who pegs what, by which law).

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> v = judge_claim(score_show(parse_cards("5H 5C 5S JD"), parse_card("5D")), 28)
>>> v.verdict, v.difference, [i.kind.value for i in v.missed]
('under', 1, ['nobs'])
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from crib_trainer.core.rules import RuleOptions, Ruling, rule_claim
from crib_trainer.core.show import NINETEEN, Breakdown, ItemKind, ShowItem
from crib_trainer.training.grading.overclaims import (
    Mistake,
    diagnose_over,
    impossible_claim,
)


def family(item: ShowItem) -> str:
    """The family an item belongs to when we ask how easily it is overlooked (a finer cut
    than the learning categories of :mod:`~crib_trainer.training.categories`, which are
    what the learner's record is kept in).

    >>> from crib_trainer.core.cards import parse_cards
    >>> family(ShowItem(ItemKind.FIFTEEN, parse_cards("2H 3C KD"), 2))
    'fifteen-3'
    """
    if item.kind == ItemKind.FIFTEEN:
        return f"fifteen-{min(len(item.cards), 4)}"
    return str(item.kind)


# How easily each family is overlooked (higher: more often). Used only to choose the
# likeliest explanation when a total claim falls short and several would fit.
_OVERLOOKED = {
    "nobs": 6,
    "fifteen-4": 5,
    "flush": 4,
    "fifteen-3": 3,
    "run": 2,
    "pair": 1,
    "fifteen-2": 1,
}


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """A claim judged: ``verdict`` is ``correct``, ``under`` or ``over``."""

    breakdown: Breakdown
    claim: int
    missed: tuple[ShowItem, ...]  # the likeliest items overlooked (under-claims)
    missed_certain: bool  # True when only one kind of explanation fits the shortfall (or none)
    options: RuleOptions
    mistakes: tuple[Mistake, ...] = ()  # the likeliest over-counts (over-claims)
    mistakes_certain: bool = False  # True when only that explanation fits the excess
    impossible: str | None = None  # why no such show can score the claim, if none can

    @property
    def nineteen(self) -> bool:
        """The claim was "nineteen", the players' word for a show with nothing in it (no
        show scores 19): a claim of nothing, right on a show worth 0, short on any other
        (Hoyle, Showing; All about, Finale)."""
        return self.claim == NINETEEN

    @property
    def counted(self) -> int:
        """The points the claim stands for (0 for "nineteen")."""
        return 0 if self.nineteen else self.claim

    @property
    def total(self) -> int:
        return self.breakdown.total

    @property
    def difference(self) -> int:
        return abs(self.total - self.counted)

    @property
    def verdict(self) -> str:
        if self.counted == self.total:
            return "correct"
        return "under" if self.counted < self.total else "over"

    @property
    def ruling(self) -> Ruling:
        """What the claimer pegs and what his opponent pegs, by the rule set's laws."""
        return rule_claim(self.options, self.counted, self.total)

    @property
    def to_opponent(self) -> int:
        """Points the opponent scores because of the claim, under the chosen rules."""
        return self.ruling.to_opponent

    def to_json(self) -> dict[str, object]:
        ruling = self.ruling
        out: dict[str, object] = {
            "claim": self.claim,
            "verdict": self.verdict,
            "difference": self.difference,
        }
        out["missed"] = [i.to_json() for i in self.missed]  # (none unless under)
        out["missed_certain"] = self.missed_certain
        out["mistakes"] = [m.to_json() for m in self.mistakes]  # (none unless over)
        out["mistakes_certain"] = self.mistakes_certain
        out["nineteen"] = self.nineteen
        out["impossible"] = self.impossible
        out["scored"] = ruling.scored
        out["to_opponent"] = ruling.to_opponent
        out["rules"] = self.options.ruleset.name
        out["law"] = ruling.laws[0].to_json() if ruling.laws else None
        return out


def judge_claim(b: Breakdown, claim: int, options: RuleOptions | None = None) -> ClaimVerdict:
    """Judge a total claim. For a claim that falls short, find the items most likely
    overlooked: the fewest items that make up the shortfall exactly, preferring the
    families people miss most (nobs, long fifteens, flushes). For one too high, the known
    over-counts that make up the excess (:mod:`~crib_trainer.training.grading.overclaims`). A claim
    of 19 is "nineteen", the players' word for nothing: correct on a show worth nothing,
    short of any other (its points missed). A claim no show can make says why."""
    options = options or RuleOptions()
    if claim < 0:
        raise ValueError(f"a claim is a number of points, 0 or more; got {claim}")
    missed: tuple[ShowItem, ...] = ()
    counted = 0 if claim == NINETEEN else claim
    certain = counted >= b.total  # nothing was missed, for certain
    if counted < b.total:
        missed, certain = likely_missed(b.items, b.total - counted)
    mistakes, sure = diagnose_over(b, counted)
    return ClaimVerdict(
        b, claim, missed, certain, options, mistakes, sure, impossible_claim(b, claim)
    )


def likely_missed(items: tuple[ShowItem, ...], shortfall: int) -> tuple[tuple[ShowItem, ...], bool]:
    """Choose items adding to exactly ``shortfall``: fewest items, then most overlooked.

    Returns the items and whether that choice of families was the only one that fits.
    Items of one family and value are interchangeable, so we choose how many of each.
    """
    families: dict[tuple[str, int], list[ShowItem]] = {}
    for item in items:
        families.setdefault((family(item), item.points), []).append(item)
    keys = list(families)
    fits: list[tuple[tuple[int, int], tuple[int, ...]]] = []
    for counts in product(*(range(len(families[k]) + 1) for k in keys)):
        if sum(n * k[1] for n, k in zip(counts, keys, strict=True)) != shortfall:
            continue
        size = sum(counts)
        weight = sum(n * _OVERLOOKED[k[0]] for n, k in zip(counts, keys, strict=True))
        fits.append(((size, -weight), counts))
    if not fits:
        return (), False
    fits.sort()
    best = fits[0][1]
    chosen = tuple(item for n, k in zip(best, keys, strict=True) for item in families[k][:n])
    return chosen, len(fits) == 1


@dataclass(frozen=True, slots=True)
class ItemGrade:
    """One family of an itemised claim: what was claimed against what is there."""

    kind: ItemKind
    claimed: int
    actual: int

    @property
    def missed(self) -> int:
        return max(self.actual - self.claimed, 0)

    @property
    def over(self) -> int:
        return max(self.claimed - self.actual, 0)


def grade_items(b: Breakdown, claimed: dict[ItemKind, int]) -> tuple[ItemGrade, ...]:
    """Grade a claim made kind by kind (points claimed for fifteens, pairs, …).

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> b = score_show(parse_cards("7H 8C 8D KS"), parse_card("9D"))
    >>> [(g.kind.value, g.missed) for g in grade_items(b, {ItemKind.FIFTEEN: 4, ItemKind.RUN: 3})]
    [('fifteen', 0), ('pair', 2), ('run', 3), ('flush', 0), ('nobs', 0)]
    """
    actual = b.points_by_kind()
    return tuple(ItemGrade(k, claimed.get(k, 0), actual[str(k)]) for k in ItemKind)

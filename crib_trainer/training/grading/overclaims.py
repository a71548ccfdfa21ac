"""What a claim that is too high probably got wrong, and claims no show can make.

Players over-count in a few known ways: a turned jack counted as his nob (it is his
heels, 2 to the dealer at the cut), a crib's four-card flush, a hand's four-card flush
counted as five, a jack of the wrong suit as his nob, a run counted again inside a longer
run, the pair inside a double run counted again. :func:`diagnose_over` finds the mistakes
(one, or two together) whose extra points make up the excess exactly.

No show scores 19, 25, 26 or 27, and none more than 29 ("nineteen" is what players say
for a hand worth nothing); :func:`impossible_claim` says why a claim cannot be right.

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> b = score_show(parse_cards("5H 5C 5S 5D"), parse_card("JS"))
>>> [m.key for m in diagnose_over(b, 29)[0]]
['heels-for-nob']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from crib_trainer.analysis.tables import distribution_for
from crib_trainer.core.cards import Rank
from crib_trainer.core.show import MAX_SHOW, NINETEEN, Breakdown, ItemKind


@dataclass(frozen=True, slots=True)
class Mistake:
    """A known way to over-count: a stable ``key``, the points it adds, and the rule that
    says why they are not there."""

    key: str
    points: int
    text: str

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "points": self.points, "text": self.text}


def possible_totals(b: Breakdown) -> frozenset[int]:
    """Every total a show of this size (hand or crib, this variant) can make."""
    counts = distribution_for(b.variant, crib=b.crib).counts
    return frozenset(total for total, n in enumerate(counts) if n)


def impossible_claim(b: Breakdown, claim: int) -> str | None:
    """Why no show like this one can be worth ``claim``, or None if some can.

    A claim of 19 on a show worth nothing is "nineteen", the players' word for it, and is
    not impossible.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> b = score_show(parse_cards("2H 7C 9D KS"), parse_card("4D"))
    >>> impossible_claim(b, 19)
    "No hand scores 19: players say 'nineteen' for a hand worth nothing, and this one is worth 2."
    >>> impossible_claim(b, 26)
    'No hand scores 25, 26 or 27: after 24 the only scores are 28 and 29.'
    """
    if b.short:
        return None  # a short hand has its own, smaller, range
    possible = possible_totals(b)
    if claim in possible or (claim == NINETEEN and b.total == 0):
        return None
    what = "crib" if b.crib else "hand"
    top = max(possible)
    if claim > top:
        why = (
            "four 5s and the jack of the starter's suit, a 5 turned"
            if top == 29
            else "the most this game's shows can make"
        )
        return f"No {what} scores more than {top} ({why})."
    if claim == NINETEEN:
        return (
            f"No {what} scores 19: players say 'nineteen' for a {what} worth nothing, "
            f"and this one is worth {b.total}."
        )
    if top == 29 and claim in (25, 26, 27):
        return f"No {what} scores 25, 26 or 27: after 24 the only scores are 28 and 29."
    return f"No {what} of this game scores {claim}."


def known_mistakes(b: Breakdown) -> tuple[Mistake, ...]:
    """The over-counts this show invites, each with the points it would add."""
    found: list[Mistake] = []
    jacks = [c for c in b.cards if c.rank == Rank.JACK]
    has_nob = bool(b.of_kind(ItemKind.NOBS))
    if b.starter.rank == Rank.JACK:
        if not has_nob:
            found.append(
                Mistake(
                    "heels-for-nob",
                    1,
                    "a turned jack is his heels, 2 for the dealer when it is cut, not his "
                    "nob in the show",
                )
            )
        found.append(
            Mistake(
                "heels-in-show",
                2,
                "his heels (2 for a turned jack) is pegged by the dealer at the cut, not "
                "counted again in the show",
            )
        )
    if not has_nob and any(j.suit != b.starter.suit for j in jacks):
        found.append(
            Mistake(
                "nob-wrong-suit",
                1,
                "his nob is the jack of the starter's suit; a jack of another suit scores nothing",
            )
        )
    suits = {c.suit for c in b.cards}
    full = not b.short
    if full and len(suits) == 1 and b.starter.suit not in suits:
        if b.crib:
            found.append(
                Mistake(
                    "crib-four-flush",
                    len(b.cards),
                    "a crib scores a flush only when the starter is of its suit too; four "
                    "of a suit in the crib count nothing",
                )
            )
        else:
            found.append(
                Mistake(
                    "flush-with-starter",
                    1,
                    f"the flush is {len(b.cards)}, not {len(b.cards) + 1}: the starter "
                    "is not of its suit",
                )
            )
    runs = b.of_kind(ItemKind.RUN)
    longest = max((len(r.cards) for r in runs), default=0)
    if longest >= 4:
        found.append(
            Mistake(
                "run-inside-run",
                longest - 1,
                f"a run of {longest} is {longest} points; the run of {longest - 1} inside "
                "it is not counted again",
            )
        )
    if len(runs) >= 2 and b.of_kind(ItemKind.PAIR):
        found.append(
            Mistake(
                "pair-in-double-run",
                2,
                "a double run already holds its pair (two runs and a pair); the pair is "
                "not counted again",
            )
        )
    return tuple(found)


def diagnose_over(b: Breakdown, claim: int) -> tuple[tuple[Mistake, ...], bool]:
    """The known mistakes (one, else two) whose extra points make the excess exactly, and
    whether that explanation is the only one that fits. ``()`` when none fits.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> crib = score_show(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=True)
    >>> mistakes, certain = diagnose_over(crib, crib.total + 4)
    >>> [m.key for m in mistakes], certain
    (['crib-four-flush'], True)
    """
    excess = claim - b.total
    if excess <= 0:
        return (), False
    mistakes = known_mistakes(b)
    for size in (1, 2):
        fits = [
            combo
            for combo in combinations(mistakes, size)
            if sum(m.points for m in combo) == excess
            and not {"heels-for-nob", "heels-in-show"} <= {m.key for m in combo}
        ]
        if fits:
            return fits[0], len(fits) == 1
    return (), False


def refused_count(total: int) -> str | None:
    """Why a count typed as ``total`` is refused before it is graded (None: it is taken):
    more than any show scores is a typo, and 19, which no show scores, is the players' word
    for nothing. The drills and the practice game refuse both alike, never recording them.

    >>> refused_count(12) is None, refused_count(31)
    (True, '31 is more than any hand scores (29 is the most): a typo? Type it again.')
    >>> refused_count(19)[:60]
    '19 is no score a hand can have: "nineteen" is what players s'
    """
    if total > MAX_SHOW:
        return (
            f"{total} is more than any hand scores ({MAX_SHOW} is the most): a typo? Type it again."
        )
    if total == NINETEEN:
        return (
            f'{NINETEEN} is no score a hand can have: "nineteen" is what players say for '
            "nothing (type 0 for that). Type the count again."
        )
    return None

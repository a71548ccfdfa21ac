"""The discard principles players learn, found in the numbers of an analysis.

A principle is named only when the analysis shows it: "don't give the dealer a 5" is said
of the best throw only when some throw that gives him a 5 keeps as good a hand and costs
more in his crib, with the difference in points. Nothing here is a fixed sentence per hand.

The shapes a throw can have (the cards players watch for):

- ``five``: a 5 (it makes fifteen with every ten-card);
- ``pair``: two of a rank; ``fifteen``: two cards worth 15 (7-8, 6-9, 5-10);
- ``touching``: neighbouring ranks (7-8); ``one-apart``: one rank between (6-8);
- ``wide``: no 5, no fifteen, four or more ranks apart (K-9, Q-2), the balk.

>>> from crib_trainer.analysis.discard import analyse_discards
>>> a = analyse_discards("3H 4D 6S 7C 8C KD", dealer=True)
>>> [p.key for p in best_principles(a)]
['salt-crib']
>>> best_principles(a)[0].text.split(":")[0]
'Salt your own crib'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations
from operator import attrgetter

from crib_trainer.analysis.discard import DiscardAnalysis, ThrowOption
from crib_trainer.core.cards import Card, Rank

#: Differences smaller than this (in points) are not worth a principle.
MATTERS = 0.1
#: A hand within this of the best hand counts as keeping "as good a hand".
HAND_SLACK = 0.05
#: Hands closer than this are the same hand (the best hand is "the best" only within it).
SAME_HAND = 0.005
#: Throws closer than this in net are tied (the judge's tie, 0.01 points).
TIED = 0.01

#: Throw shapes that feed a crib, most telling first.
FEEDING = ("five", "pair", "fifteen", "touching", "one-apart")

_SHAPE_WORDS = {
    "five": "a 5",
    "pair": "a pair",
    "fifteen": "a fifteen",
    "touching": "touching cards",
    "one-apart": "cards one apart",
}


@dataclass(frozen=True, slots=True)
class Principle:
    """A principle a throw follows (or broke): a stable ``key`` and a sentence with the
    numbers that make it true here."""

    key: str
    text: str
    versus: tuple[Card, ...] = ()  # the throw it is measured against, if one

    @property
    def aim(self) -> str:
        """The principle as a purpose: ``to salt your own crib``."""
        return AIMS[self.key]


#: Each principle as a purpose, for "you would throw 8-9 instead, to …".
AIMS = {
    "salt-crib": "to salt your own crib",
    "balk": "to balk the dealer",
    "no-five": "to keep a 5 from the dealer",
    "keep-best-hand": "to keep the best hand",
    "hand-first": "to keep the hand, though it feeds the dealer's crib",
    "near-tie": "as good as any",
    "keep-run": "to keep the run",
    "keep-pair": "to keep the pair",
    "keep-fifteens": "to keep the fifteens",
}


_RANK_OF = attrgetter("rank")


def ranks_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The cards' ranks, lowest first (a :class:`Rank` is its number, ace 1): what the
    words below depend on, and the key they are remembered by.

    >>> from crib_trainer.core.cards import parse_cards
    >>> ranks_of(parse_cards("JS 5H 4D TD")) == (4, 5, 10, 11)
    True
    """
    return tuple(sorted(map(_RANK_OF, cards)))


def rank_text(cards: Iterable[Card]) -> str:
    """Ranks as players say a hand, lowest first: ``4-5-6-J``.

    >>> from crib_trainer.core.cards import parse_cards
    >>> rank_text(parse_cards("JS 5H 4D TD"))
    '4-5-10-J'
    """
    return ranks_text(ranks_of(cards))


_RANKS = (None, *Rank)  # (by number: _RANKS[5] is Rank.FIVE)
_LABELS = ("", *(rank.label for rank in Rank))
_VALUES = (0, *(rank.pips for rank in Rank))  # counting values: ace 1 … court cards 10


@cache
def ranks_text(ranks: tuple[int, ...]) -> str:
    """:func:`rank_text` of ranks given lowest first (``(4, 13)`` is ``4-K``)."""
    return "-".join([_LABELS[r] for r in ranks])


def throw_shapes(cards: Sequence[Card]) -> tuple[str, ...]:
    """What a throw gives the crib, as shapes (see the module's list), most telling first.

    >>> from crib_trainer.core.cards import parse_cards
    >>> throw_shapes(parse_cards("5H KD")), throw_shapes(parse_cards("7H 8D"))
    (('five', 'fifteen'), ('fifteen', 'touching'))
    >>> throw_shapes(parse_cards("9H KD")), throw_shapes(parse_cards("4H 4D"))
    (('wide',), ('pair',))
    """
    return _throw_shapes(ranks_of(cards))


@cache
def _throw_shapes(ranks: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`throw_shapes` of the thrown ranks, lowest first."""
    shapes: list[str] = []
    if Rank.FIVE in ranks:
        shapes.append("five")
    if len(ranks) == 2:
        a, b = ranks
        gap = b - a
        if gap == 0:
            shapes.append("pair")
        if min(a, 10) + min(b, 10) == 15:
            shapes.append("fifteen")
        if gap == 1:
            shapes.append("touching")
        elif gap == 2:
            shapes.append("one-apart")
        if not shapes and gap >= 4:
            shapes.append("wide")
    return tuple(shapes)


def feeds(cards: Sequence[Card]) -> tuple[str, ...]:
    """The shapes of a throw that feed a crib (``five``, ``pair``, … ; not ``wide``)."""
    return _feeds(ranks_of(cards))


@cache
def _feeds(ranks: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`feeds` of the thrown ranks, lowest first."""
    return tuple(s for s in _throw_shapes(ranks) if s in FEEDING)


_COUNT_WORDS = {2: "a pair of {r}", 3: "three {r}", 4: "four {r}"}
_THE_SET = {2: "the pair of {r}", 3: "the three {r}", 4: "the four {r}"}
_PLURALS = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}


def plural(rank: Rank) -> str:
    """A rank in the plural, as said: ``aces``, ``5s``, ``10s``, ``kings``."""
    return _PLURALS.get(rank, f"{rank.label}s")


@dataclass(frozen=True, slots=True)
class KeepShape:
    """What kept cards hold before the starter: fifteens, sets of a rank, the longest run."""

    fifteens: int
    sets: tuple[tuple[Rank, int], ...]  # (rank, how many) for ranks held two or more times
    run: tuple[int, ...]  # the ranks of the longest run (three or more), lowest first

    @property
    def pairs(self) -> int:
        """Pairs among the kept cards (three of a rank are three pairs)."""
        return _pairs(self.sets)

    def words(self) -> str:
        """``a run of three (6-7-8) and a fifteen`` or ``nothing yet``."""
        parts = []
        if self.run:
            length = {3: "three", 4: "four", 5: "five"}[len(self.run)]
            parts.append(f"a run of {length} ({ranks_text(self.run)})")
        parts += [_COUNT_WORDS[n].format(r=plural(rank)) for rank, n in self.sets]
        if self.fifteens:
            parts.append("a fifteen" if self.fifteens == 1 else f"{self.fifteens} fifteens")
        if not parts:
            return "nothing yet"
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def keep_shape(cards: Iterable[Card]) -> KeepShape:
    """The fifteens, sets of a rank and longest run among kept cards (no starter).

    >>> from crib_trainer.core.cards import parse_cards
    >>> keep_shape(parse_cards("6S 7C 8C KD")).words()
    'a run of three (6-7-8) and a fifteen'
    >>> keep_shape(parse_cards("5H 5D JC 2C")).words()
    'a pair of 5s and 2 fifteens'
    """
    return ranks_shape(ranks_of(cards))


@cache
def ranks_shape(ranks: tuple[int, ...]) -> KeepShape:
    """:func:`keep_shape` of the kept ranks, lowest first: it depends on them alone, so
    it is worked out once for each (at most 1,820 of four cards), a part at a time (a
    throw is set against the best keep's parts only where the best has them)."""
    return KeepShape(_fifteens(ranks), _sets(ranks), _run(ranks))


@cache
def _fifteens(ranks: tuple[int, ...]) -> int:
    """The fifteens among the ranks."""
    values = [_VALUES[r] for r in ranks]
    return sum(
        [[*map(sum, combinations(values, size))].count(15) for size in range(2, len(values) + 1)]
    )


@cache
def _sets(ranks: tuple[int, ...]) -> tuple[tuple[Rank, int], ...]:
    """Each rank held two or more times, and how many (lowest first)."""
    return tuple((_RANKS[r], n) for r in sorted(set(ranks)) if (n := ranks.count(r)) > 1)


def _pairs(sets: tuple[tuple[Rank, int], ...]) -> int:
    """The pairs in the sets (three of a rank are three pairs)."""
    return sum(n * (n - 1) // 2 for _, n in sets)


@cache
def _run(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks of the longest run of three or more, lowest first (or none)."""
    run: tuple[int, ...] = ()
    stretch: list[int] = []
    for rank in sorted(set(ranks)):
        if stretch and rank != stretch[-1] + 1:
            stretch = []
        stretch.append(rank)
        if len(stretch) >= 3 and len(stretch) > len(run):
            run = tuple(stretch)
    return run


def _hand_best(analysis: DiscardAnalysis) -> ThrowOption:
    """The throw that keeps the most in hand (a learner's first instinct)."""
    return max(analysis.options, key=lambda o: (o.hand_ev, o.net_ev))


def _crib_gain(analysis: DiscardAnalysis, this: ThrowOption, other: ThrowOption) -> float:
    """Points ``this`` is better than ``other`` by in the crib, for the thrower."""
    diff = this.crib_ev - other.crib_ev
    return diff if analysis.dealer else -diff


def _shapes_words(shapes: Sequence[str]) -> str:
    return " and ".join(_SHAPE_WORDS[s] for s in shapes[:2])


_PARTNERS = (
    ("your own crib", "your side's crib"),
    ("the dealer", "the other side"),
    ("his crib", "their crib"),
    ("give him", "give them"),
)


def in_table_words(text: str, analysis: DiscardAnalysis) -> str:
    """``text`` in the words of the game: with four players in partnership the crib is a
    side's, not a player's.

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("5H 5D 5S JC 2C", dealer=True, variant="four")
    >>> in_table_words("Salt your own crib", a)
    "Salt your side's crib"
    """
    if analysis.variant.partnerships:
        for player, side in _PARTNERS:
            text = text.replace(player, side)
    return text


def best_principles(analysis: DiscardAnalysis) -> list[Principle]:
    """The principles the best throw follows, each with the numbers that make it true.

    Empty when the numbers show none (the best throw then wins on arithmetic alone).
    """
    found = _best(analysis)
    if not analysis.variant.partnerships:
        return found
    return [replace(p, text=in_table_words(p.text, analysis)) for p in found]


def _best(analysis: DiscardAnalysis) -> list[Principle]:
    best = analysis.best
    kept = keep_shape(best.keep)
    hand_first = _hand_best(analysis)
    found: list[Principle] = []
    gives_up = hand_first.hand_ev - best.hand_ev
    if gives_up > SAME_HAND and hand_first.loss <= MATTERS:
        # Hand against crib, and neither wins by enough to matter: say the trade.
        crib = abs(best.crib_ev - hand_first.crib_ev)
        where = "more in your crib" if analysis.dealer else "less in his crib"
        return [
            Principle(
                "near-tie",
                f"{rank_text(hand_first.discard)} is nearly as good: it keeps {gives_up:.2f} "
                f"points more in hand, {rank_text(best.discard)} puts {crib:.2f} points {where} "
                f"and is {hand_first.loss:.2f} points better in all.",
                hand_first.discard,
            )
        ]
    if gives_up > SAME_HAND:
        # The best throw gives up hand for the crib (its net is the most, so the crib
        # makes up what the hand gives up): balk his, or salt your own.
        gain = _crib_gain(analysis, best, hand_first)
        if analysis.dealer:
            salt = _shapes_words(feeds(best.discard)) or "cards that count"
            found.append(
                Principle(
                    "salt-crib",
                    f"Salt your own crib: {rank_text(best.discard)} ({salt}) make "
                    f"{gain:.2f} points more there than {rank_text(hand_first.discard)}, which "
                    f"would keep {gives_up:.2f} points more in hand.",
                    hand_first.discard,
                )
            )
        else:
            danger = feeds(hand_first.discard)
            given = f" {_shapes_words(danger)}," if danger else ""
            found.append(
                Principle(
                    "balk",
                    f"Balk the dealer: {rank_text(hand_first.discard)} would keep "
                    f"{gives_up:.2f} points more in hand but give him{given} {gain:.2f} points "
                    "more in his crib.",
                    hand_first.discard,
                )
            )
        return found
    held = kept.words()
    found.append(
        Principle(
            "keep-best-hand",
            f"Keep the best hand: {rank_text(best.keep)} averages {best.hand_ev:.2f} points"
            + (f", with {held} before the cut." if held != "nothing yet" else "."),
        )
    )
    found.extend(_crib_side(analysis, best))
    return found


def _crib_side(analysis: DiscardAnalysis, best: ThrowOption) -> list[Principle]:
    """What the best throw does to the crib, when the numbers make it worth saying."""
    shapes = feeds(best.discard)
    others = [o for o in analysis.options if o is not best]
    if analysis.dealer:
        if shapes and others:
            mean = sum(o.crib_ev for o in others) / len(others)
            if best.crib_ev - mean > MATTERS:
                return [
                    Principle(
                        "salt-crib",
                        f"Salt your own crib: {rank_text(best.discard)} "
                        f"({_shapes_words(shapes)}) average {best.crib_ev:.2f} points there, "
                        f"{best.crib_ev - mean:.2f} more than the other throws.",
                    )
                ]
        return []
    # Pone: a rival that keeps as good a hand but feeds his crib shows what was avoided.
    rivals = [
        o
        for o in others
        if o.hand_ev >= best.hand_ev - HAND_SLACK
        and o.crib_ev - best.crib_ev > MATTERS
        and set(feeds(o.discard)) - set(shapes)
    ]
    if rivals:
        rival = max(rivals, key=lambda o: o.crib_ev)
        worse = [s for s in feeds(rival.discard) if s not in shapes]
        key = "no-five" if worse[0] == "five" else "balk"
        lead = "Don't give the dealer a 5" if key == "no-five" else "Balk the dealer"
        return [
            Principle(
                key,
                f"{lead}: {rank_text(rival.discard)} would keep as good a hand but give him "
                f"{_shapes_words(worse)}, {rival.crib_ev - best.crib_ev:.2f} points more in his "
                "crib.",
                rival.discard,
            )
        ]
    safest = min(others, key=lambda o: (o.crib_ev, -o.hand_ev), default=None)
    if shapes and safest is not None and best.crib_ev - safest.crib_ev > MATTERS:
        return [
            Principle(
                "hand-first",
                f"{rank_text(best.discard)} give the dealer {_shapes_words(shapes)}, but the "
                f"hand is worth it: {best.hand_ev - safest.hand_ev:.2f} points more in hand than "
                f"the safest throw, {rank_text(safest.discard)}, for "
                f"{best.crib_ev - safest.crib_ev:.2f} points more in his crib.",
                safest.discard,
            )
        ]
    if not shapes and "wide" in throw_shapes(best.discard):
        return [
            Principle(
                "balk",
                f"Balk the dealer: {rank_text(best.discard)} are too far apart for a run "
                f"and make no fifteen ({best.crib_ev:.2f} points in his crib).",
            )
        ]
    return []


def broken_principle(option: ThrowOption, analysis: DiscardAnalysis) -> Principle | None:
    """The principle a worse throw broke, against the best, or None when the numbers
    show none (a small loss spread over hand and crib)."""
    best = analysis.best
    broke = _broken(option, analysis, feeds(best.discard), keep_shape(best.keep))
    return _in_table(broke, analysis)


def broken_principles(analysis: DiscardAnalysis) -> list[Principle | None]:
    """:func:`broken_principle` of every option in order, None for those tied with the
    best (the best among them); what the best throw feeds and keeps is worked out once.

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("5H 5D 6S JC 2C 9D", dealer=False)
    >>> broken_principles(a)[3] == broken_principle(a.options[3], a)
    True
    """
    best = analysis.best
    fed, kept = feeds(best.discard), keep_shape(best.keep)
    return [
        None if o.loss <= TIED else _in_table(_broken(o, analysis, fed, kept), analysis)
        for o in analysis.options
    ]


def _in_table(broke: Principle | None, analysis: DiscardAnalysis) -> Principle | None:
    """A principle in the words of the game (:func:`in_table_words`)."""
    if broke is None or not analysis.variant.partnerships:
        return broke
    return replace(broke, text=in_table_words(broke.text, analysis))


def _broken(
    option: ThrowOption, analysis: DiscardAnalysis, best_feeds: tuple[str, ...], theirs: KeepShape
) -> Principle | None:
    """:func:`broken_principle`, given what the best throw feeds and keeps."""
    best = analysis.options[0]
    hand_loss = best.hand_ev - option.hand_ev
    crib_loss = best.crib_ev - option.crib_ev  # (what _crib_gain gives, inlined)
    if not analysis.dealer:
        crib_loss = -crib_loss
    if crib_loss > MATTERS and crib_loss >= hand_loss:
        if analysis.dealer:
            salt = [s for s in best_feeds if s not in feeds(option.discard)]
            if salt:
                return Principle(
                    "salt-crib",
                    f"It leaves {_shapes_words(salt)} out of your own crib.",
                    best.discard,
                )
        else:
            fed = [s for s in feeds(option.discard) if s not in best_feeds]
            if fed:
                key = "no-five" if fed[0] == "five" else "balk"
                return Principle(key, f"It gives the dealer {_shapes_words(fed)}.", best.discard)
    if hand_loss > MATTERS:
        # This keep's shape (its ranks') is looked at only where the best keep has a part
        # to lose: a longer run, a set of a rank, fifteens.
        mine = ranks_of(option.keep)
        if theirs.run and len(theirs.run) > len(_run(mine)):
            return Principle("keep-run", f"It breaks the run {ranks_text(theirs.run)}.")
        if theirs.sets:
            sets = _sets(mine)
            lost_sets = [(rank, n) for rank, n in theirs.sets if (rank, n) not in sets]
            if lost_sets and theirs.pairs > _pairs(sets):
                rank, n = lost_sets[0]
                return Principle("keep-pair", f"It breaks up {_THE_SET[n].format(r=plural(rank))}.")
        if theirs.fifteens and theirs.fifteens > (fifteens := _fifteens(mine)):
            return Principle(
                "keep-fifteens", f"It keeps fewer fifteens ({fifteens} for {theirs.fifteens})."
            )
    return None

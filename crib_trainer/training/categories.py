"""Learning categories: the families of item a learner can miss, as stable string ids.

The ids are stored with every answer, so they never change meaning. Counting items fall in:

- ``fifteen-2`` (two cards make 15) and ``fifteen-3plus`` (three or more cards);
- ``pair`` and ``pair-royal`` (three or four of a kind), for same-rank cards outside a run;
- ``run``, ``double-run`` (of three: 8 points, two runs and the pair), ``double-run-four``
  (of four: 10 points), ``triple-run``, ``double-double-run``: every run of the show with
  the pairs inside it;
- ``flush`` (five cards: the hand's or the crib's with the starter), ``hand-four-flush`` (a
  hand's flush without the starter: four cards in the six-card game), ``nobs``;
- ``crib-flush-trap``: a crib whose own cards share a suit but the starter does not. It scores
  nothing; counting it is the mistake, so over-claims on such a crib fall here;
- ``heels``: the starter is a jack, his heels (2 for the dealer at the cut). The show scores
  nothing for it; counting it (as his nob, or the heels again) is the mistake;
- ``over-claim``: points claimed that are not there; ``miscount``: a total short by an
  amount no set of items makes up (the count went wrong somewhere, we cannot say where).

The ids are stored with each answer and never renamed: a row stored before a category was
split keeps its old id (see :func:`read_old`).

Discards: ``discard-dealer`` and ``discard-pone`` (points given up by the throw). Pegging:
``peg-<theme>`` (points given up by the play), e.g. ``peg-near-31``.

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> b = score_show(parse_cards("9H 6C 5D 4S"), parse_card("4D"))
>>> count_categories(b)
{'fifteen-2': 2, 'fifteen-3plus': 4, 'double-run': 8, 'over-claim': 0}
>>> missed_by_category(b, claimed_total=10)
{'fifteen-3plus': 4.0}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import product
from math import comb
from typing import TYPE_CHECKING

from crib_trainer.training.attempt import COUNT_KINDS

if TYPE_CHECKING:  # (the show's rules load when a show is classified: the ids and their
    # words below are all the home screen and the progress summary need)
    from crib_trainer.core.show import Breakdown, ItemKind, ShowItem
    from crib_trainer.training.attempt import Attempt

FIFTEEN_2 = "fifteen-2"
FIFTEEN_3PLUS = "fifteen-3plus"
PAIR = "pair"
PAIR_ROYAL = "pair-royal"
RUN = "run"
DOUBLE_RUN = "double-run"
DOUBLE_RUN_FOUR = "double-run-four"
TRIPLE_RUN = "triple-run"
DOUBLE_DOUBLE_RUN = "double-double-run"
FLUSH = "flush"
HAND_FOUR_FLUSH = "hand-four-flush"
CRIB_FLUSH_TRAP = "crib-flush-trap"
NOBS = "nobs"
HEELS = "heels"
OVER_CLAIM = "over-claim"
MISCOUNT = "miscount"

#: Categories a counting drill can be dealt to contain (in the order they are listed).
ITEM_CATEGORIES = (
    FIFTEEN_2,
    FIFTEEN_3PLUS,
    PAIR,
    PAIR_ROYAL,
    RUN,
    DOUBLE_RUN,
    DOUBLE_RUN_FOUR,
    TRIPLE_RUN,
    DOUBLE_DOUBLE_RUN,
    FLUSH,
    HAND_FOUR_FLUSH,
    CRIB_FLUSH_TRAP,
    NOBS,
    HEELS,
)
#: Every counting category, including the two that describe claims rather than items.
COUNT_CATEGORIES = (*ITEM_CATEGORIES, OVER_CLAIM, MISCOUNT)

DISCARD_DEALER = "discard-dealer"
DISCARD_PONE = "discard-pone"
DISCARD_CATEGORIES = (DISCARD_DEALER, DISCARD_PONE)
POSITION_DEALER = "position-dealer"
POSITION_PONE = "position-pone"
POSITION_PLAY = "position-play"
POSITION_CATEGORIES = (POSITION_DEALER, POSITION_PONE, POSITION_PLAY)
#: The decision habits (``training.habits``): read from each throw or card, tracked by the
#: learner model as categories are, never stored.
THROWS_FIVE = "throws-five-to-dealer"
THROWS_PAIR = "throws-pair-to-dealer"
BREAKS_PAIR = "breaks-pair"
LEADS_FIVE = "leads-five"
PLAYS_TO_21 = "plays-to-21"

#: Pegging themes the pegging drills are expected to use (``peg-<theme>`` categories).
PEG_THEMES = ("lead", "reply-5", "reply-ten", "near-31", "pair-royal-danger", "run-trap", "go")

#: Pegging themes in words.
PEG_THEME_WORDS = {
    "lead": "leading a count",
    "reply-5": "replying to a 5",
    "reply-ten": "replying to a ten-card",
    "near-31": "near 31",
    "pair-royal-danger": "pair royal danger",
    "run-trap": "a run trap",
    "go": "the go",
}

_LABELS = {
    FIFTEEN_2: "2-card fifteens",
    FIFTEEN_3PLUS: "fifteens of 3+ cards",
    PAIR: "pairs",
    PAIR_ROYAL: "pairs royal",
    RUN: "runs",
    DOUBLE_RUN: "double runs",
    DOUBLE_RUN_FOUR: "double runs of four",
    TRIPLE_RUN: "triple runs",
    DOUBLE_DOUBLE_RUN: "double-double runs",
    FLUSH: "flushes",
    HAND_FOUR_FLUSH: "four-card flushes in the hand",
    CRIB_FLUSH_TRAP: "crib flush traps",
    NOBS: "his nob",
    HEELS: "his heels (a turned jack)",
    OVER_CLAIM: "over-claims",
    MISCOUNT: "adding up",
    DISCARD_DEALER: "discards as dealer",
    DISCARD_PONE: "discards as pone",
    POSITION_DEALER: "throws at the score as dealer",
    POSITION_PONE: "throws at the score as pone",
    POSITION_PLAY: "plays at the score",
    THROWS_FIVE: "throws a 5 into the dealer's crib",
    THROWS_PAIR: "throws a pair into the dealer's crib",
    BREAKS_PAIR: "breaks a pair worth keeping",
    LEADS_FIVE: "leads a 5",
    PLAYS_TO_21: "plays the count to 21",
}

_RUN_CATEGORY = {1: RUN, 2: DOUBLE_RUN, 3: TRIPLE_RUN, 4: DOUBLE_DOUBLE_RUN}


def category_label(category: str) -> str:
    """A category (or a decision habit) in words, for the screen (the stored names stay as
    they are).

    >>> category_label("fifteen-3plus"), category_label("peg-reply-ten")
    ('fifteens of 3+ cards', 'replying to a ten-card (pegging)')
    >>> category_label("something-new"), category_label("leads-five")
    ('something new', 'leads a 5')
    """
    if category in _LABELS:
        return _LABELS[category]
    theme = category.removeprefix("peg-")
    if theme != category and theme in PEG_THEME_WORDS:
        return f"{PEG_THEME_WORDS[theme]} (pegging)"
    return category.replace("-", " ")


def peg_category(theme: str) -> str:
    """The category id for a pegging theme.

    >>> peg_category("near-31")
    'peg-near-31'
    """
    return f"peg-{theme}"


def discard_category(dealer: bool) -> str:
    """``discard-dealer`` or ``discard-pone``."""
    return DISCARD_DEALER if dealer else DISCARD_PONE


def is_crib_flush_trap(b: Breakdown) -> bool:
    """A crib whose own cards share a suit while the starter does not: worth nothing.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> is_crib_flush_trap(score_show(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=True))
    True
    """
    return b.crib and len({c.suit for c in b.cards}) == 1 and b.starter.suit != b.cards[0].suit


def is_heels(b: Breakdown) -> bool:
    """The starter is a jack: his heels, pegged at the cut, never counted in the show.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> is_heels(score_show(parse_cards("2H 4H 6H 8H"), parse_card("JS")))
    True
    """
    return int(b.starter.rank) == 11


def item_categories(b: Breakdown) -> dict[ShowItem, str]:
    """The learning category of every item of a show.

    Runs take in the pairs among their ranks, the way players count a double run as one
    thing; pairs of other ranks are a ``pair`` or, three or four of a kind, a ``pair-royal``.
    """
    from crib_trainer.core.show import ItemKind

    runs = b.of_kind(ItemKind.RUN)
    run_ranks = {c.rank for item in runs for c in item.cards}
    run_category = _RUN_CATEGORY[len(runs)] if runs else RUN
    if run_category == DOUBLE_RUN and len(runs[0].cards) == 4:
        run_category = DOUBLE_RUN_FOUR
    everything = (*b.cards, b.starter)
    of_rank = Counter(c.rank for c in everything)
    out: dict[ShowItem, str] = {}
    for item in b.items:
        if item.kind == ItemKind.FIFTEEN:
            out[item] = FIFTEEN_2 if len(item.cards) == 2 else FIFTEEN_3PLUS
        elif item.kind == ItemKind.PAIR:
            rank = item.cards[0].rank
            if rank in run_ranks:
                out[item] = run_category
            else:
                out[item] = PAIR if of_rank[rank] == 2 else PAIR_ROYAL
        elif item.kind == ItemKind.RUN:
            out[item] = run_category
        elif item.kind == ItemKind.FLUSH:
            out[item] = HAND_FOUR_FLUSH if b.starter not in item.cards else FLUSH
        else:
            out[item] = NOBS
    return out


def count_categories(b: Breakdown) -> dict[str, int]:
    """Points present per category, in :data:`COUNT_CATEGORIES` order.

    ``over-claim`` is always present with 0 points (any count can claim too much),
    ``crib-flush-trap`` is present with 0 points on a trap crib, and ``heels`` on a show
    whose starter is a jack. ``miscount`` never is.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> count_categories(score_show(parse_cards("5H 5C 5S JD"), parse_card("5D")))
    {'fifteen-2': 8, 'fifteen-3plus': 8, 'pair-royal': 12, 'nobs': 1, 'over-claim': 0}
    >>> count_categories(score_show(parse_cards("9H 9C TS QD"), parse_card("JS")))
    {'double-run-four': 10, 'heels': 0, 'over-claim': 0}
    """
    points: Counter[str] = Counter()
    for item, cat in item_categories(b).items():
        points[cat] += item.points
    if is_crib_flush_trap(b):
        points[CRIB_FLUSH_TRAP] += 0
    if is_heels(b):
        points[HEELS] += 0
    points[OVER_CLAIM] += 0
    return {cat: points[cat] for cat in COUNT_CATEGORIES if cat in points}


def missed_by_category(
    b: Breakdown,
    claimed_total: int | None = None,
    claimed_items: Iterable[ShowItem] | Mapping[ItemKind, int] | Mapping[str, int] | None = None,
) -> dict[str, float]:
    """Points missed per category for a claim: a total, or itemised (give one, not both).

    A total that falls short is explained by the likeliest missed items
    (:func:`~crib_trainer.training.grading.claims.likely_missed`: fewest items, the most often
    overlooked first); a shortfall no set of items makes up is a ``miscount``. A total
    that is too high is an ``over-claim``, except that on a trap crib the flush the
    learner wrongly counted is a ``crib-flush-trap``.

    ``claimed_items`` may list the items claimed (``ShowItem``s; matched on kind and cards,
    so it is exact) or give points per kind (``{ItemKind.FIFTEEN: 4, "run": 3}``; within a kind
    the likeliest missed items are chosen as for a total).

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> trap = score_show(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=True)
    >>> missed_by_category(trap, claimed_total=4)
    {'crib-flush-trap': 4.0}
    >>> missed_by_category(trap, claimed_total=0)
    {}
    """
    if (claimed_total is None) == (claimed_items is None):
        raise ValueError("give either claimed_total or claimed_items, not both or neither")
    cats = item_categories(b)
    missed: Counter[str] = Counter()
    if claimed_total is not None:
        if claimed_total < 0:
            raise ValueError(f"a claim is a number of points, 0 or more; got {claimed_total}")
        if claimed_total < b.total:
            _explain_shortfall(missed, b.items, b.total - claimed_total, cats)
        elif claimed_total > b.total:
            _over(missed, b, claimed_total - b.total, counted_flush=None)
    elif isinstance(claimed_items, Mapping):
        _by_kind(missed, b, claimed_items, cats)
    else:
        assert claimed_items is not None
        _by_item(missed, b, claimed_items, cats)
    return {cat: float(missed[cat]) for cat in COUNT_CATEGORIES if missed[cat] > 0}


def _explain_shortfall(
    missed: Counter[str], items: tuple[ShowItem, ...], shortfall: int, cats: dict[ShowItem, str]
) -> None:
    from crib_trainer.training.grading.claims import likely_missed

    chosen, _ = likely_missed(items, shortfall)
    if not chosen:
        missed[MISCOUNT] += shortfall
    for item in chosen:
        missed[cats[item]] += item.points


def _over(missed: Counter[str], b: Breakdown, excess: int, *, counted_flush: int | None) -> None:
    """Points claimed that are not there. On a trap crib a total over by at least the
    crib's size most likely counted the flush; ``counted_flush`` says how many points of
    flush were claimed when the claim is itemised."""
    trap = 0
    if is_crib_flush_trap(b):
        flush_size = len(b.cards)
        if counted_flush is not None:
            trap = min(counted_flush, excess)
        elif excess >= flush_size:
            trap = flush_size
    missed[CRIB_FLUSH_TRAP] += trap
    missed[OVER_CLAIM] += excess - trap


def _by_kind(
    missed: Counter[str],
    b: Breakdown,
    claimed: Mapping[ItemKind, int] | Mapping[str, int],
    cats: dict[ShowItem, str],
) -> None:
    from crib_trainer.core.show import ItemKind

    known = {str(k) for k in ItemKind}
    per_kind: Counter[str] = Counter()
    for kind, points in claimed.items():
        if str(kind) not in known:
            raise ValueError(f"unknown kind {kind!r}; kinds are {', '.join(sorted(known))}")
        if points < 0:
            raise ValueError(f"points claimed for {kind} cannot be negative: {points}")
        per_kind[str(kind)] += points
    for kind in ItemKind:
        items = b.of_kind(kind)
        actual = sum(i.points for i in items)
        said = per_kind[str(kind)]
        if said < actual:
            _explain_shortfall(missed, items, actual - said, cats)
        elif said > actual:
            flush = said if kind == ItemKind.FLUSH else 0
            _over(missed, b, said - actual, counted_flush=flush)


def _by_item(
    missed: Counter[str], b: Breakdown, claimed: Iterable[ShowItem], cats: dict[ShowItem, str]
) -> None:
    from crib_trainer.core.show import ItemKind

    truth = {(item.kind, frozenset(item.cards)): item for item in b.items}
    said: dict[tuple[ItemKind, frozenset], int] = {}
    for item in claimed:
        key = (ItemKind(item.kind), frozenset(item.cards))
        said[key] = said.get(key, 0) + item.points
    for key, item in truth.items():
        short = item.points - said.get(key, 0)
        if short > 0:
            missed[cats[item]] += short
    for key, points in said.items():
        excess = points - (truth[key].points if key in truth else 0)
        if excess > 0:
            flush = excess if key[0] == ItemKind.FLUSH else 0
            _over(missed, b, excess, counted_flush=flush)


# --- booking a claim: what is certain, what is only probable ------------------------------

#: The odds of one more item being overlooked, when nothing is known of the learner: a
#: shortfall is explained by few items far more often than by many.
OVERLOOK_ODDS = 0.25
#: The chance booked for a crib flush counted on a trap crib when another mistake could
#: also explain the excess.
TRAP_CHANCE = 0.5


@dataclass(frozen=True, slots=True)
class Booking:
    """What a claim says about the learner, per category.

    ``missed``: points missed for certain (only one explanation fits). ``maybe``: the
    chance (strictly between 0 and 1) that a category was missed, where the claim could
    mean several things (a total 2 short on a hand with a two-card and a three-card
    fifteen). Stats and the learner model keep the two apart.
    """

    missed: dict[str, float] = field(default_factory=dict)
    maybe: dict[str, float] = field(default_factory=dict)


def book_misses(
    b: Breakdown,
    claimed_total: int | None = None,
    claimed_items: Iterable[ShowItem] | Mapping[ItemKind, int] | Mapping[str, int] | None = None,
    *,
    odds: Mapping[str, float] | None = None,
) -> Booking:
    """Book a claim (a total, or itemised) to the categories it is certain about, and the
    rest as chances.

    A shortfall is explained by every set of items that adds up to it, each set weighted
    by how many ways its items can be chosen and the odds of overlooking each (``odds``
    per category: the learner's own, when known; else :data:`OVERLOOK_ODDS`). A category
    missed in every fitting set is certain (the fewest points any set gives it); one
    missed in some is a chance. A claim too
    high is an ``over-claim`` for certain; the part a trap crib's flush explains (the
    over-claims diagnosis, :func:`~crib_trainer.training.grading.overclaims.diagnose_over`) is a
    ``crib-flush-trap``, for certain only when no other mistake fits. Items claimed one
    by one (``ShowItem``s) are exact.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> b = score_show(parse_cards("7H 9C 8D 7C"), parse_card("AC"))
    >>> book_misses(b, claimed_total=12)  # a pair or one of three fifteens: who can say?
    Booking(missed={}, maybe={'fifteen-2': 0.5, 'fifteen-3plus': 0.25, 'double-run': 0.25})
    >>> book_misses(b, claimed_total=12, odds={"double-run": 3.0})  # known to miss those
    Booking(missed={}, maybe={'fifteen-2': 0.133, 'fifteen-3plus': 0.067, 'double-run': 0.8})
    >>> book_misses(score_show(parse_cards("5H 5C 5S JD"), parse_card("5D")), claimed_total=28)
    Booking(missed={'nobs': 1.0}, maybe={})
    """
    if (claimed_total is None) == (claimed_items is None):
        raise ValueError("give either claimed_total or claimed_items, not both or neither")
    if claimed_items is not None and not isinstance(claimed_items, Mapping):
        return Booking(missed_by_category(b, claimed_items=claimed_items))
    cats = item_categories(b)
    missed: Counter[str] = Counter()
    maybe: dict[str, float] = {}
    if claimed_total is not None:
        if claimed_total < 0:
            raise ValueError(f"a claim is a number of points, 0 or more; got {claimed_total}")
        if claimed_total < b.total:
            _book_shortfall(missed, maybe, b.items, b.total - claimed_total, cats, odds)
        elif claimed_total > b.total:
            _book_over(missed, maybe, b, claimed_total)
    else:
        assert isinstance(claimed_items, Mapping)
        exact = missed_by_category(b, claimed_items=claimed_items)  # (checks the claim)
        for c in (OVER_CLAIM, CRIB_FLUSH_TRAP):
            missed[c] += int(exact.get(c, 0))  # (whole points: over-claims and flushes)
        from crib_trainer.core.show import ItemKind

        said = Counter({str(k): v for k, v in claimed_items.items()})
        for kind in ItemKind:
            items = b.of_kind(kind)
            short = sum(i.points for i in items) - said[str(kind)]
            if short > 0:
                _book_shortfall(missed, maybe, items, short, cats, odds)
    return Booking(
        {c: float(missed[c]) for c in COUNT_CATEGORIES if missed[c] > 0},
        {c: maybe[c] for c in COUNT_CATEGORIES if c in maybe and c not in missed},
    )


def _book_shortfall(
    missed: Counter[str],
    maybe: dict[str, float],
    items: tuple[ShowItem, ...],
    shortfall: int,
    cats: dict[ShowItem, str],
    odds: Mapping[str, float] | None,
) -> None:
    families: Counter[tuple[str, int]] = Counter((cats[i], i.points) for i in items)
    keys = list(families)
    total_weight = 0.0
    chance: dict[str, float] = {}
    least: dict[str, int] = {}  # the fewest points of each category any fit misses
    for counts in product(*(range(families[k] + 1) for k in keys)):
        if sum(n * k[1] for n, k in zip(counts, keys, strict=True)) != shortfall:
            continue
        weight = 1.0
        per_cat: Counter[str] = Counter()
        for n, (c, p) in zip(counts, keys, strict=True):
            odd = OVERLOOK_ODDS if odds is None else odds.get(c, OVERLOOK_ODDS)
            weight *= comb(families[(c, p)], n) * odd**n
            per_cat[c] += n * p
        total_weight += weight
        for c in {c for c, _ in keys}:
            least[c] = min(least.get(c, shortfall), per_cat[c])
            if per_cat[c]:
                chance[c] = chance.get(c, 0.0) + weight
    if total_weight == 0:
        missed[MISCOUNT] += shortfall
        return
    for c in chance:
        if least[c]:  # missed in every fit: certain (at least that many points)
            missed[c] += least[c]
        else:
            maybe[c] = max(maybe.get(c, 0.0), round(chance[c] / total_weight, 3))


_HEELS_MISTAKES = ("heels-for-nob", "heels-in-show")


def _book_over(missed: Counter[str], maybe: dict[str, float], b: Breakdown, claim: int) -> None:
    excess = claim - b.total
    from crib_trainer.training.grading.overclaims import diagnose_over

    mistakes, certain = diagnose_over(b, claim)
    trap = sum(m.points for m in mistakes if m.key == "crib-four-flush")
    if trap and certain and len(mistakes) == 1:
        missed[CRIB_FLUSH_TRAP] += trap
        excess -= trap
    elif trap or (is_crib_flush_trap(b) and excess >= len(b.cards)):
        maybe[CRIB_FLUSH_TRAP] = TRAP_CHANCE
    heels = sum(m.points for m in mistakes if m.key in _HEELS_MISTAKES)
    if heels and certain and len(mistakes) == 1:
        missed[HEELS] += heels
        excess -= heels
    elif heels:
        maybe[HEELS] = TRAP_CHANCE
    if excess:
        missed[OVER_CLAIM] += excess


# --- rows stored before a category was split --------------------------------------------

#: A category split in two, and the new id its old rows may belong to: ``double-run`` meant
#: any double run, ``flush`` any flush, until ``double-run-four`` and ``hand-four-flush``.
SPLIT = {DOUBLE_RUN: DOUBLE_RUN_FOUR, FLUSH: HAND_FOUR_FLUSH}
_RANKS = "A23456789TJQK"


def read_old(a: Attempt) -> Attempt:
    """An answer with its categories as this code names them: a row stored before a
    category was split keeps its old id in the file, and is read here by its cards (an old
    ``double-run`` whose five cards hold four ranks in a row is a double run of four; an old
    ``flush`` in a hand whose four cards share a suit the starter lacks is a hand's
    four-card flush). Read from the card codes alone (a start folds answers without
    loading the show's rules). Anything else comes back as it is; so does a question whose
    cards do not read.

    >>> from datetime import datetime, UTC
    >>> from crib_trainer.training.attempt import Attempt
    >>> old = Attempt("count-hand", {"cards": ["9H", "9C", "TS", "JD"], "starter": "QS"},
    ...               {"total": 8}, {"total": 10}, False, "under", {"double-run": 2}, 5,
    ...               datetime(2025, 1, 1, tzinfo=UTC), present={"double-run": 10})
    >>> read_old(old).missed, read_old(old).present
    ({'double-run-four': 2.0}, {'double-run-four': 10.0})
    >>> read_old(read_old(old)) == read_old(old)
    True
    """
    if a.kind not in COUNT_KINDS or not any(old in a.present for old in SPLIT):
        return a
    q = a.question
    try:
        codes = [str(c).upper() for c in q["cards"]]
        starter = str(q["starter"]).upper()
        ranks = {_RANKS.index(c[0]) for c in (*codes, starter)}
        suits = {c[-1] for c in codes}
    except (KeyError, TypeError, ValueError, IndexError):
        return a
    renames = {}
    if DOUBLE_RUN in a.present and any({r, r + 1, r + 2, r + 3} <= ranks for r in ranks):
        renames[DOUBLE_RUN] = DOUBLE_RUN_FOUR
    if FLUSH in a.present and not q.get("crib") and len(suits) == 1 and starter[-1] not in suits:
        renames[FLUSH] = HAND_FOUR_FLUSH
    if not renames:
        return a
    from dataclasses import replace

    def rename(d: dict[str, float]) -> dict[str, float]:
        return {renames.get(c, c): v for c, v in d.items()}

    return replace(a, present=rename(a.present), missed=rename(a.missed), maybe=rename(a.maybe))

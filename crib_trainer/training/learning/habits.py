"""Habits: what a player does again and again, read from his answers and decisions.

A habit is one typed entry (:class:`Habit`): its id (stable: the coach's JSON and the
learner model use it), its words, how it is seen in an answer (:func:`sightings`), how
often a deal of the six-card game holds its situation for a player (``per_deal``), and how
to deal a question holding it (the drill kind that aims at it).

- **Counting habits** read a counting category: an answer to a count, a crib or a judged
  claim holding it is a sighting, a miss of it (certain, or a chance where a total could
  mean several misses) shows the habit. Their ids are the categories' own
  (``double-run-four``, ``hand-four-flush``, ``nobs``, ``heels``, …).
- **Decision habits** read the choice itself against the judge's best (``truth["best"]``)
  and band: a throw or a card laid that holds the situation is a sighting; it shows the
  habit when the choice does the thing (throws a 5, leads a 5, …), the judge's best does
  not, and the choice gave up more than the judge's margin (band ``close``, ``fair`` or
  ``costly``). What it cost is what the judge says it gave up.

One sighting is never a habit: the learner model calls a decision habit weak only when it
shows in :data:`CONFIRM` of its recent sightings (``learner.Learner``), and the coach names
a habit after :data:`CONFIRM` shows.

>>> from datetime import datetime, UTC
>>> from crib_trainer.training.attempt import Attempt
>>> q = {"cards": ["2H", "5C", "7D", "9S", "JC", "KH"], "role": "pone", "variant": "six-card"}
>>> a = Attempt("discard", q, {"discard": ["5C", "KH"]},
...             {"best": ["2H", "9S"], "gave_up": 1.2, "unit": "points", "error": 0.0},
...             False, "fair", {"discard-pone": 1.2}, 4, datetime(2026, 1, 1, tzinfo=UTC))
>>> [(s.habit, s.shown, s.cost) for s in sightings(a)]
[('throws-five-to-dealer', 1.0, 1.2)]
>>> HABITS["throws-five-to-dealer"].evidence(4, 6, 1.1)
'as pone you threw a 5 to the dealer in 4 of 6 hands that held one: about 1.1 points a time'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crib_trainer.training import categories as cat
from crib_trainer.training.attempt import COUNT_KINDS

if TYPE_CHECKING:
    from crib_trainer.training.attempt import Attempt

#: Shows among a decision habit's recent sightings before it is called a habit.
CONFIRM = 2
#: The bands of a choice that gave up more than the judge's margin.
BELOW = ("close", "fair", "costly")
#: Tries at dealing a habit's situation before giving the last deal dealt.
MAX_TRIES = 400

_RANKS = "A23456789TJQK"


def rank(code: str) -> int:
    """A card code's rank, 1 (ace) to 13 (king), read without parsing the card.

    >>> rank("5H"), rank("TD"), rank("KS")
    (5, 10, 13)
    """
    return _RANKS.index(code[0].upper()) + 1


def pips(code: str) -> int:
    """A card's value in the play (a ten-card is 10).

    >>> pips("QH"), pips("AS")
    (10, 1)
    """
    return min(rank(code), 10)


@dataclass(frozen=True, slots=True)
class Sighting:
    """An answer that held a habit's situation: whether it showed the habit (1, 0, or the
    chance it did: a total that several misses explain) and the points it cost (certain
    shows only)."""

    habit: str
    shown: float
    cost: float


@dataclass(frozen=True, slots=True)
class Habit:
    """One habit (see the module notes).

    - ``id``, ``label``: the habit in a player's words ("throws a 5 into the dealer's crib");
    - ``kind``: the drill kind that deals its situation; ``situation``: that situation in
      words; ``did``/``where``: the evidence sentence's parts ("as pone you threw a 5 to
      the dealer" in 4 of 6 "hands that held one");
    - ``practise``: what to practise, in words;
    - ``per_deal``: the chance a deal of the six-card game holds the situation for a player
      (his hand every deal, his crib every other), to give the cost per deal;
    - ``category``: a counting habit's category (None for a decision habit);
    - ``held(question)``: a stored question holds the situation (a decision habit);
    - ``shown(question, answer, truth)``: the choice does the thing and the best does not.
    """

    id: str
    label: str
    kind: str
    situation: str
    did: str
    where: str
    practise: str
    per_deal: float
    category: str | None = None
    held: Callable[[Mapping[str, Any]], bool] | None = None
    shown: Callable[[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], bool] | None = None

    def evidence(self, shown: int, times: int, cost: float) -> str:
        """The evidence in a player's words, made from its numbers.

        >>> HABITS["leads-five"].evidence(1, 3, 0.42)
        'you led a 5 in 1 of 3 leads holding one: about 0.4 points a time'
        """
        return (
            f"{self.did} in {shown} of {times} {self.where}: "
            f"about {cost:.1f} point{'' if round(cost, 1) == 1 else 's'} a time"
        )


# --- decision habits: seen in the question, the choice and the judge's best ---------------


def _thrown(answer: Mapping[str, Any]) -> list[str]:
    return list(answer.get("discard", ()))


def _pairs(codes: Sequence[str]) -> set[int]:
    ranks = [rank(c) for c in codes]
    return {r for r in ranks if ranks.count(r) >= 2}


def _pone_with_a_five(q: Mapping[str, Any]) -> bool:
    return q.get("role") == "pone" and any(rank(c) == 5 for c in q["cards"])


def _throws_five(q: Mapping[str, Any], answer: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    five = any(rank(c) == 5 for c in _thrown(answer))
    return five and not any(rank(c) == 5 for c in truth["best"])


def _pone_with_a_pair(q: Mapping[str, Any]) -> bool:
    return q.get("role") == "pone" and bool(_pairs(q["cards"]))


def _throws_pair(q: Mapping[str, Any], answer: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    thrown, best = _thrown(answer), list(truth["best"])
    return len(_pairs(thrown)) > 0 and not _pairs(best)


def _holds_pair(q: Mapping[str, Any]) -> bool:
    return "cards" in q and "role" in q and bool(_pairs(q["cards"]))


def _breaks_pair(q: Mapping[str, Any], answer: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    """One card of a pair thrown, the other kept, where the best keeps both."""
    held = _pairs(q["cards"])
    thrown = [rank(c) for c in _thrown(answer)]
    best = [rank(c) for c in truth["best"]]
    broken = {r for r in held if thrown.count(r) == 1}
    return any(best.count(r) == 0 for r in broken)


def count_now(played: Sequence[str]) -> int:
    """The count after a play written as stored tokens (``A:5H``, ``go``): a ``go`` or 31
    starts a new count.

    >>> count_now(["A:KS", "B:5H", "A:6C"]), count_now(["A:KS", "B:QH", "go", "A:4C"])
    (21, 4)
    """
    count = 0
    for token in played:
        if token.lower() == "go":
            count = 0
            continue
        count += pips(token.rsplit(":", 1)[-1])
        if count == 31:
            count = 0
    return count


def _lead_with_a_five(q: Mapping[str, Any]) -> bool:
    hand = q.get("hand", ())
    return (
        "lead" in q.get("themes", ())
        and any(rank(c) == 5 for c in hand)
        and any(rank(c) != 5 for c in hand)
    )


def _leads_five(q: Mapping[str, Any], answer: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    return rank(answer["card"]) == 5 and rank(truth["best"]) != 5


def _can_make_21(q: Mapping[str, Any]) -> bool:
    if "hand" not in q or "played" not in q:
        return False
    count = count_now(q["played"])
    return count < 21 and any(count + pips(c) == 21 for c in q["hand"])


def _plays_to_21(q: Mapping[str, Any], answer: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    count = count_now(q["played"])
    return count + pips(answer["card"]) == 21 and count + pips(truth["best"]) != 21


_DECISIONS = (
    Habit(
        cat.THROWS_FIVE,
        cat.category_label(cat.THROWS_FIVE),
        "discard",
        "a pone hand holding a 5",
        "as pone you threw a 5 to the dealer",
        "hands that held one",
        "discards as pone from hands holding a 5: keep the 5 unless the rest is worth more",
        0.199,  # pone every other deal x a 5 among six cards (1 - C(48,6)/C(52,6) = 0.397)
        held=_pone_with_a_five,
        shown=_throws_five,
    ),
    Habit(
        cat.THROWS_PAIR,
        cat.category_label(cat.THROWS_PAIR),
        "discard",
        "a pone hand holding a pair",
        "as pone you threw a pair to the dealer",
        "hands that held one",
        "discards as pone from hands holding a pair: a pair in his crib is 2 for him at once",
        0.327,  # pone every other deal x a pair among six cards (0.655)
        held=_pone_with_a_pair,
        shown=_throws_pair,
    ),
    Habit(
        cat.BREAKS_PAIR,
        cat.category_label(cat.BREAKS_PAIR),
        "discard",
        "a hand holding a pair",
        "you threw one card of a pair the best throw kept",
        "hands that held a pair",
        "discards from hands holding a pair: a pair kept is 2 and often more with the starter",
        0.655,  # a pair among six cards, every deal
        held=_holds_pair,
        shown=_breaks_pair,
    ),
    Habit(
        cat.LEADS_FIVE,
        cat.category_label(cat.LEADS_FIVE),
        "peg-play",
        "a lead holding a 5",
        "you led a 5",
        "leads holding one",
        "leads holding a 5: a 5 led gives him 15-2 with any ten-card",
        0.235,  # measured: a lead with a choice and a 5 (bench/habit_rates.py)
        held=_lead_with_a_five,
        shown=_leads_five,
    ),
    Habit(
        cat.PLAYS_TO_21,
        cat.category_label(cat.PLAYS_TO_21),
        "peg-play",
        "a play that could make the count 21",
        "you made the count 21",
        "plays that could",
        "plays near 21: at 21 any ten-card makes 31 for him",
        0.167,  # measured: a play with a choice and a card to 21 (bench/habit_rates.py)
        held=_can_make_21,
        shown=_plays_to_21,
    ),
)


# --- counting habits: a category missed ------------------------------------------------


def _count(
    category: str, did: str, where: str, practise: str, per_deal: float, label: str = ""
) -> Habit:
    kind = "count-crib" if category == cat.CRIB_FLUSH_TRAP else "count-hand"
    return Habit(
        category,
        label or did.removeprefix("you "),
        kind,
        f"a show holding {cat.category_label(category)}",
        did,
        where,
        practise,
        per_deal,
        category=category,
    )


#: ``per_deal``: the share of random hands holding the category plus half the share of
#: cribs thrown as players throw (his crib every other deal), 40,000 hands and 4,000 cribs.
_COUNTS = (
    _count(cat.FIFTEEN_2, "you missed a two-card fifteen", "shows that held one",
           "counting fifteens: every pair of cards making 15", 0.63),
    _count(cat.FIFTEEN_3PLUS, "you missed a fifteen of three or more cards",
           "shows that held one", "counting fifteens of three, four and five cards", 0.55),
    _count(cat.PAIR, "you missed a pair", "shows that held one", "counting pairs", 0.65),
    _count(cat.PAIR_ROYAL, "you counted a pair royal short (it is 6)", "shows that held one",
           "pairs royal: three of a kind is three pairs, 6", 0.038),
    _count(cat.RUN, "you missed a run", "shows that held one", "counting runs", 0.25),
    _count(cat.DOUBLE_RUN, "you counted a double run of three short (it is 8)",
           "shows that held one", "double runs of three: two runs and the pair, 8", 0.07),
    _count(cat.DOUBLE_RUN_FOUR, "you counted a double run of four short (it is 10)",
           "shows that held one", "double runs of four: two runs of four and the pair, 10",
           0.0096, "counts a double run of four as 8"),
    _count(cat.TRIPLE_RUN, "you counted a triple run short (it is 15)", "shows that held one",
           "triple runs: three runs and the pair royal, 15", 0.0017),
    _count(cat.DOUBLE_DOUBLE_RUN, "you counted a double-double run short (it is 16)",
           "shows that held one", "double-double runs: four runs and two pairs, 16", 0.0036),
    _count(cat.FLUSH, "you missed a five-card flush", "shows that held one",
           "flushes with the starter: one a card, 5", 0.0022),
    _count(cat.HAND_FOUR_FLUSH, "you left a four-card flush in the hand uncounted",
           "hands that held one", "four-card flushes in the hand: 4, the starter need not match",
           0.0088, "leaves a four-card flush in the hand uncounted"),
    _count(cat.CRIB_FLUSH_TRAP, "you counted a four-card flush in the crib",
           "cribs that held one", "crib flushes: a crib scores a flush only with the starter",
           0.0031),
    _count(cat.NOBS, "you missed his nob", "shows that held it",
           "his nob: the jack of the starter's suit, 1", 0.10),
    _count(cat.HEELS, "you counted a turned jack in the show", "shows with a jack turned",
           "his heels: a turned jack is 2 for the dealer at the cut, never in the show", 0.12,
           "counts his heels in the show"),
)  # fmt: skip

#: Every habit by id: the counting habits, then the decision habits.
HABITS: dict[str, Habit] = {h.id: h for h in (*_COUNTS, *_DECISIONS)}
#: The decision habits each drill kind can deal (the session aims at them like categories).
DECISION_HABITS: dict[str, tuple[str, ...]] = {
    kind: tuple(h.id for h in _DECISIONS if h.kind == kind) for kind in ("discard", "peg-play")
}
DECISION_IDS = frozenset(h.id for h in _DECISIONS)
#: A choice that shows a habit and a more particular one is evidence of the particular one
#: only: a pair of 5s thrown as pone is throwing a 5 to the dealer, one of them thrown is
#: not breaking a pair too.
YIELDS = {
    "throws-pair-to-dealer": frozenset({"throws-five-to-dealer"}),
    "breaks-pair": frozenset({"throws-five-to-dealer", "throws-pair-to-dealer"}),
}


def sightings(a: Attempt, *, counts: bool = True) -> list[Sighting]:
    """The habits an answer held, each with whether it showed and what it cost.

    ``counts=False`` gives the decision habits only (the counting habits are the answer's
    own categories, which the learner model reads already). A choice that shows a habit
    and a more particular one (:data:`YIELDS`) is a sighting of the particular one only.
    A question or answer that does not read gives none.
    """
    if a.kind in COUNT_KINDS:
        if not counts:
            return []
        out = []
        for category in a.present:
            habit = HABITS.get(category)
            if habit is None or habit.category is None:
                continue
            missed = a.missed.get(category, 0.0)
            shown = 1.0 if missed > 0 else a.maybe.get(category, 0.0)
            out.append(Sighting(category, shown, missed))
        return out
    ids = DECISION_HABITS.get(a.kind)
    if not ids or "best" not in a.truth:
        return []
    out = []
    try:
        for habit_id in ids:
            habit = HABITS[habit_id]
            assert habit.held is not None and habit.shown is not None
            if not habit.held(a.question):
                continue
            shown = a.grade in BELOW and habit.shown(a.question, a.answer, a.truth)
            cost = float(a.truth.get("gave_up", 0.0)) if shown else 0.0
            out.append(Sighting(habit_id, float(shown), cost))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return []  # (a row changed outside crib-trainer: passed over)
    shown_ids = {s.habit for s in out if s.shown}
    return [s for s in out if not (s.shown and shown_ids & YIELDS.get(s.habit, frozenset()))]


def holds(drill: Any) -> frozenset[str]:
    """The decision habits whose situation a drill holds, before it is answered.

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.training.drills.hands import DiscardDrill
    >>> sorted(holds(DiscardDrill(parse_cards("5H 5D JC QS 2H 9C"), dealer=False)))
    ['breaks-pair', 'throws-five-to-dealer', 'throws-pair-to-dealer']
    """
    ids = DECISION_HABITS.get(drill.kind, ())
    if not ids:
        return frozenset()
    q = drill.question()
    return frozenset(i for i in ids if HABITS[i].held(q))  # type: ignore[misc]


def deal(habit_id: str, rng: random.Random, variant: str = "six-card") -> Any:
    """A drill of the habit's kind holding its situation (the last one dealt if
    :data:`MAX_TRIES` deals do not: not met in practice)."""
    habit = HABITS[habit_id]
    if habit.kind == "discard":
        from crib_trainer.training.drills.hands import discard_drill

        dealer = habit.held is _holds_pair and rng.random() < 0.5  # (else as pone)
        drill: Any = None
        for _ in range(MAX_TRIES):
            drill = discard_drill(rng, dealer=dealer, variant=variant)
            if habit_id in holds(drill):
                return drill
        return drill
    from crib_trainer.training.drills.pegdrills import deal_moments

    found: Any = None
    for _ in range(MAX_TRIES):
        moments = [m for m in deal_moments(rng, variant) if habit_id in holds(m)]
        if moments:
            return rng.choice(moments)
        found = found or next(iter(deal_moments(rng, variant)), None)
    return found

"""Counting by patterns: the chunks a player sees at a glance, each with its fixed value.

A strong player does not add a double run up from its runs and its pair: he sees "a double
run", knows it is eight, and says "fifteen six and a double run is fourteen". This module
cuts a show into those chunks and names the family the hand belongs to, so a learner learns
the families, not just the sums. The chunks' points always add up to the show's total.

Chunks, in the order they are said:

- the named hands: ``twenty-nine`` (the 29), ``four-fives`` (twenty: the fifteens the fives
  make and the double pair royal), ``three-fives-and-a-ten`` (three fives and a ten-card:
  fourteen, the fifteens among them and the pair royal);
- ``fifteens``: the fifteens left, said at once when there are three or more ("fifteen six");
- the runs with the pairs inside them (``double-run`` is eight, ``triple-run`` fifteen,
  ``double-double-run`` sixteen, ``double-run-of-four`` ten, ``run-of-three`` …);
- the other pairs (``pair``, ``two-pairs``, ``pair-royal``, ``double-pair-royal``);
- ``flush`` and ``nob``.

A hand's family is its first named hand, else its run or pair chunk, else ``fifteens`` or
``flush`` or ``nob``, else ``nineteen`` (nothing to count).

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> p = pattern(score_show(parse_cards("9H 6C 5D 4S"), parse_card("4D")))
>>> p.family, p.says
('double-run', 'Fifteen six and a double run is fourteen.')
>>> p.lesson
'A double run is eight: two runs of three and the pair inside them.'
>>> pattern(score_show(parse_cards("5H 5C 5S JD"), parse_card("2C"))).says
'Three fives and the jack is fourteen.'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from crib_trainer.core.cards import Card, Rank
from crib_trainer.core.show import MAX_SHOW, Breakdown, ItemKind, ShowItem
from crib_trainer.training.words.explain import number_word

#: Each family's fixed value, as a teacher says it.
LESSONS = {
    "twenty-nine": "The 29: three fives and the jack of the starter's suit with the fourth "
    "five cut, the best hand there is.",
    "four-fives": "Four fives are twenty: fifteen eight and a double pair royal; every "
    "ten-card with them makes four fifteens more.",
    "three-fives-and-a-ten": "Three fives and a ten-card are fourteen: fifteen eight and a "
    "pair royal.",
    "double-double-run": "A double-double run is sixteen: four runs of three and two pairs.",
    "triple-run": "A triple run is fifteen: three runs of three and a pair royal.",
    "double-run-of-four": "A double run of four is ten: two runs of four and a pair.",
    "double-run": "A double run is eight: two runs of three and the pair inside them.",
    "run-of-five": "A run of five is five: one a card.",
    "run-of-four": "A run of four is four: one a card.",
    "run-of-three": "A run of three is three: one a card.",
    "double-pair-royal": "Four of a kind is twelve: six pairs.",
    "pair-royal": "Three of a kind is six: three pairs.",
    "two-pairs": "Two pairs are four.",
    "pair": "A pair is two.",
    "fifteens": "Fifteens go two at a time: say the last one (three of them are fifteen six).",
    "flush": "A flush is one a card: four in hand, five with the starter (a crib needs all five).",
    "nob": "His nob is one: the jack of the starter's suit.",
    "nineteen": "No hand can score 19, so players say nineteen for nothing.",
}
FAMILIES = tuple(LESSONS)

_RUNS = {  # (runs, run length) -> family and name
    (1, 3): ("run-of-three", "a run of three"),
    (1, 4): ("run-of-four", "a run of four"),
    (1, 5): ("run-of-five", "a run of five"),
    (2, 3): ("double-run", "a double run"),
    (2, 4): ("double-run-of-four", "a double run of four"),
    (3, 3): ("triple-run", "a triple run"),
    (4, 3): ("double-double-run", "a double-double run"),
}
_SAME_RANK = {
    2: ("pair", "a pair"),
    3: ("pair-royal", "a pair royal"),
    4: ("double-pair-royal", "a double pair royal"),
}
_NAMED = ("twenty-nine", "four-fives", "three-fives-and-a-ten")


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk of a count: its family, what it is called, its cards and its points."""

    family: str
    name: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "family": self.family,
            "name": self.name,
            "cards": [c.code for c in self.cards],
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Pattern:
    """A show cut into chunks: the hand's family, the count said by chunks, the lesson."""

    family: str
    chunks: tuple[Chunk, ...]
    says: str
    lesson: str

    def to_json(self) -> dict[str, object]:
        return {
            "family": self.family,
            "says": self.says,
            "lesson": self.lesson,
            "chunks": [c.to_json() for c in self.chunks],
        }


def pattern(b: Breakdown) -> Pattern:
    """The chunks of a show, its family and the count said by chunks."""
    chunks = _chunks(b)
    families = [c.family for c in chunks]
    family = next(
        (f for f in families if f not in ("fifteens", "flush", "nob")),
        families[0] if families else "nineteen",
    )
    return Pattern(family, chunks, _say(chunks), LESSONS[family])


def _cards(items: list[ShowItem]) -> tuple[Card, ...]:
    return tuple(sorted({c for item in items for c in item.cards}))


def _chunks(b: Breakdown) -> tuple[Chunk, ...]:
    if b.total == MAX_SHOW:
        return (Chunk("twenty-nine", "the 29", tuple(sorted((*b.cards, b.starter))), MAX_SHOW),)
    out: list[Chunk] = []
    fifteens = list(b.of_kind(ItemKind.FIFTEEN))
    pairs = list(b.of_kind(ItemKind.PAIR))
    named = _named_fives(b, fifteens, pairs)
    if named is not None:
        out.append(named)
        fifteens = [f for f in fifteens if not set(f.cards) <= set(named.cards)]
        pairs = [p for p in pairs if p.cards[0].rank is not Rank.FIVE]
    if fifteens:
        n = len(fifteens)
        out.append(Chunk("fifteens", f"fifteen {number_word(2 * n)}", _cards(fifteens), 2 * n))
    runs = list(b.of_kind(ItemKind.RUN))
    if runs:
        ranks = {c.rank for item in runs for c in item.cards}
        inside = [p for p in pairs if p.cards[0].rank in ranks]
        pairs = [p for p in pairs if p not in inside]
        family, name = _RUNS[(len(runs), runs[0].points)]
        points = sum(i.points for i in runs + inside)
        out.append(Chunk(family, name, _cards(runs), points))
    by_rank = Counter(p.cards[0].rank for p in pairs)
    if sorted(by_rank.values()) == [1, 1]:
        out.append(Chunk("two-pairs", "two pairs", _cards(pairs), 4))
    else:
        for rank, n in sorted(by_rank.items(), key=lambda r: -r[1]):
            of_rank = [p for p in pairs if p.cards[0].rank == rank]
            family, name = _SAME_RANK[len(_cards(of_rank))]
            out.append(Chunk(family, name, _cards(of_rank), 2 * n))
    for item in b.of_kind(ItemKind.FLUSH):
        out.append(
            Chunk("flush", f"a flush of {number_word(item.points)}", item.cards, item.points)
        )
    for item in b.of_kind(ItemKind.NOBS):
        out.append(Chunk("nob", "one for his nob", item.cards, 1))
    return tuple(out)


def _named_fives(b: Breakdown, fifteens: list[ShowItem], pairs: list[ShowItem]) -> Chunk | None:
    """Four fives, or three fives and a ten-card (the jack if there is one), as one chunk."""
    every = (*b.cards, b.starter)
    fives = [c for c in every if c.rank is Rank.FIVE]
    tens = sorted((c for c in every if c.value == 10), key=lambda c: c.rank != Rank.JACK)
    if len(fives) == 4:
        cards, family, name = fives, "four-fives", "four fives"
    elif len(fives) == 3 and tens:
        ten = tens[0]
        article = "the" if ten.rank is Rank.JACK else "a"
        rank_name = {Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen"}.get(ten.rank, "king")
        cards, family = [*fives, ten], "three-fives-and-a-ten"
        name = f"three fives and {article} {rank_name}"
    else:
        return None
    taken = [f for f in fifteens if set(f.cards) <= set(cards)]
    taken += [p for p in pairs if p.cards[0].rank is Rank.FIVE]
    return Chunk(family, name, tuple(sorted(cards)), sum(i.points for i in taken))


def _say(chunks: tuple[Chunk, ...]) -> str:
    """The count said by chunks: "Fifteen two, fifteen four and a pair is six."."""
    if not chunks:
        return "Nineteen: nothing to count."
    if chunks[0].family == "twenty-nine":
        return "Twenty-nine: the best hand there is."
    parts: list[str] = []
    running = 0
    for chunk in chunks:
        running += chunk.points
        if chunk.family == "fifteens":
            n = chunk.points // 2
            if running != chunk.points:  # after a named hand
                more = "another fifteen" if n == 1 else f"{number_word(n)} more fifteens"
                parts.append(f"{more} is {number_word(running)}")
            elif n <= 2:
                parts += [f"fifteen {number_word(2 * i)}" for i in range(1, n + 1)]
            else:
                parts.append(chunk.name)
        elif chunk.family == "nob" and running == 1:
            parts.append(chunk.name)
        else:
            verb = "are" if not parts and chunk.family in ("four-fives", "two-pairs") else "is"
            parts.append(f"{chunk.name} {verb} {number_word(running)}")
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text[0].upper() + text[1:] + "."

"""``score --batch``'s JSON lines, put together from parts that are each worked out once.

A show's JSON line (:func:`crib_trainer.cli.show_json.score_json`, as ``score --batch`` writes
it) is made of parts that each depend on little:

- the fifteens, on the counting values of the cards in card order (a king as a queen);
- the pairs and runs, on whether each two neighbours in card order are of one rank, one
  rank apart or further (the *steps*);
- the spoken count and the pattern's family, words, lesson and its chunks' names and
  points, on how many fifteens there are, the steps, the flush's points and his nob;
- the flush and his nob, on the suits: which case of flush it is (none; the hand's cards;
  all five; a crib of one suit without the starter's, which scores none and has a note;
  a crib with the starter's) and whether the hand holds the jack of the starter's suit.

Each part is worked out once by the ordinary code (the fifteens and the pairs and runs by
:mod:`crib_trainer.core.show`, the words by
:func:`~crib_trainer.training.words.explain.spoken_count` and
:func:`~crib_trainer.training.words.patterns.pattern` run on a stand-in show of the same
counts), and each *shape* of show (its ranks, the case of flush and his nob) gets a
template: its line with a slot for each card. A show fills its shape's slots with its
cards. Shows of three or four fives (the named hands, which name one of their cards) are
rendered the ordinary way. Tests hold the lines to the ordinary rendering, byte for byte
(every multiset of five ranks among them).

>>> from crib_trainer.cli.show_json import score_json
>>> from crib_trainer.core.cards import parse_card, parse_cards
>>> lines = ShowLines(SIX_CARD)
>>> same = []
>>> for hand, starter in (("4H 5C 6S JC", "6D"), ("JD 6C 4D 5S", "6H")):
...     cards = parse_cards(hand)
...     same.append(lines.line(cards, parse_card(starter), crib=False) == json.dumps(
...         score_json(score_show(cards, parse_card(starter))), ensure_ascii=False))
>>> same, len(lines.templates)
([True, True], 1)
>>> lines.plain_line("5h 5c 5s jd | 5d") == lines.line(parse_cards("5H 5C 5S JD"),
...     parse_card("5D"), crib=False)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from itertools import accumulate, pairwise
from operator import itemgetter

from crib_trainer.cli.show_json import score_json
from crib_trainer.core.cards import FULL_DECK, PLAIN_CARDS, Card, Rank
from crib_trainer.core.show import (
    Breakdown,
    ItemKind,
    ShowItem,
    fifteen_sets,
    rank_items,
    score_show,
)
from crib_trainer.core.variants import SIX_CARD, Variant
from crib_trainer.training.words.explain import show_notes, spoken_count
from crib_trainer.training.words.patterns import pattern

CODES = [card.code for card in FULL_DECK]
#: Every card written plainly (as :data:`~crib_trainer.core.cards.PLAIN_CARDS`) and its index.
INDEXES = {word: card.index for word, card in PLAIN_CARDS.items()}
# A multiset of ranks as one int: three bits a rank, its count (the fives' at bit 12).
_RANK_BITS = [1 << 3 * (index >> 2) for index in range(52)]
_FIVES = 3 * (Rank.FIVE - 1)
_JACKS = 4 * (Rank.JACK - 1)  # the jack of spades' index; + a suit's, that suit's jack
# The cases of flush, by the suits.
NO_FLUSH, HAND_FLUSH, ALL_FLUSH, CRIB_NO_FLUSH, CRIB_FLUSH = range(5)


class ShowLines:
    """Writes shows of one variant as ``score --batch`` JSON lines, keeping one template
    per shape of show met (at most some tens of thousands)."""

    def __init__(self, variant: Variant = SIX_CARD) -> None:
        self.variant = variant
        self.sizes = (variant.shown_size(False), variant.shown_size(True))
        self.templates: dict[int, tuple[str, itemgetter]] = {}
        self.shows: dict[int, Part] = {}  # by the number of cards shown
        self.notes: dict[int, str] = {}  # by the case of flush

    def plain_line(self, text: str) -> str | None:
        """The JSON line of a batch line written plainly (cards as
        :data:`~crib_trainer.core.cards.PLAIN_CARDS` spells them, spaces between, ``|`` a
        word of its own, then the starter and perhaps ``crib``) that is a full show, no
        card twice; ``None`` for any other line, which the ordinary reader reads (or says
        what is wrong with)."""
        if "," in text or text.count("|") != 1:
            return None
        words = text.split()
        crib = words[-1].lower() == "crib"
        if crib:
            words.pop()
        if len(words) < 2 or words[-2] != "|":
            return None
        try:
            hand = [INDEXES[word] for word in words[:-2]]
            starter = INDEXES[words[-1]]
        except KeyError:
            return None
        if len(hand) != self.sizes[crib] or starter in hand or len({*hand}) != len(hand):
            return None
        return self._line(hand, starter, crib)

    def line(self, cards: tuple[Card, ...], starter: Card, *, crib: bool) -> str:
        """The JSON line of a full hand (or crib) and its starter; a wrong number of
        cards or a card given twice raises :class:`~crib_trainer.core.cards.CardError`
        as :func:`~crib_trainer.core.show.score_show` does."""
        hand = [c.index for c in cards]
        if len(hand) != self.sizes[crib] or len({*hand, starter.index}) != len(hand) + 1:
            score_show(cards, starter, crib=crib, variant=self.variant)  # raises
        return self._line(hand, starter.index, crib)

    def _line(self, hand: list[int], starter: int, crib: bool) -> str:
        every = [*hand, starter]
        every.sort()
        ranks = sum(map(_RANK_BITS.__getitem__, every))
        if ranks >> _FIVES & 7 >= 3:
            cards = tuple([FULL_DECK[i] for i in hand])
            b = score_show(cards, FULL_DECK[starter], crib=crib, variant=self.variant)
            return json.dumps(score_json(b), ensure_ascii=False)
        suit = starter & 3
        suits = {i & 3 for i in hand}
        if len(suits) != 1:
            case = NO_FLUSH
        elif suit in suits:
            case = CRIB_FLUSH if crib else ALL_FLUSH
        else:
            case = CRIB_NO_FLUSH if crib else HAND_FLUSH
        nob = _JACKS + suit in hand
        key = ranks << 4 | case << 1 | nob
        found = self.templates.get(key)
        if found is None:
            found = self.templates[key] = self._template(every, hand, starter, crib, case, nob)
        template, get = found
        fill = [*map(CODES.__getitem__, every), *map(CODES.__getitem__, hand)]
        fill += (  # (see _Words for the slots' order)
            CODES[starter],
            "true" if crib else "false",
            '", "'.join([CODES[i] for i in sorted(hand)]) if case == HAND_FLUSH else "",
            CODES[_JACKS + suit],
        )
        return template % get(fill)

    def _template(
        self, every: list[int], hand: list[int], starter: int, crib: bool, case: int, nob: bool
    ) -> tuple[str, itemgetter]:
        """The line of this shape of show as a ``%`` format and a getter of its fill-ins
        (``every``'s codes, then the hand's as given, the starter's, ``true`` or ``false``
        for the crib, the hand flush's codes and the starter's suit's jack)."""
        n = len(every)
        ranks = [i >> 2 for i in every]
        fifteens = _fifteens(tuple([min(r + 1, 10) for r in ranks]))
        steps = tuple([min(b - a, 2) for a, b in pairwise(ranks)])
        flush = {HAND_FLUSH: n - 1, ALL_FLUSH: n, CRIB_FLUSH: n}.get(case, 0)
        words = _words(fifteens.count, steps, flush, nob)
        show = self.shows.get(n)
        if show is None:
            show = self.shows[n] = _show_part(n, self.variant)
        notes = self.notes.get(case)
        if notes is None:
            cards = tuple([FULL_DECK[i] for i in hand])
            b = Breakdown(cards, FULL_DECK[starter], crib, self.variant, ())
            notes = self.notes[case] = _json(show_notes(b))
        items = _join([fifteens.items, words.items])
        text = words.head + items[0] + show[0] + words.spoken + notes + words.pattern
        text += fifteens.cards[0] + words.chunks[0]
        slots = (*items[1], *show[1], *fifteens.cards[1], *words.chunks[1])
        return text, itemgetter(*slots)  # type: ignore[call-arg]  # (a tuple of slots)


Part = tuple[str, tuple[int, ...]]  # JSON text, "%s" for each card, and the cards' slots


def _cards(slots: Iterable[int]) -> Part:
    """A JSON list of the cards in these slots."""
    slots = tuple(slots)
    return "[" + ", ".join(['"%s"'] * len(slots)) + "]", slots


def _join(parts: Iterable[Part]) -> Part:
    """Parts of a JSON list, in turn."""
    parts = [part for part in parts if part[0]]
    return ", ".join([text for text, _ in parts]), sum([slots for _, slots in parts], ())


def _item(kind: str, cards: Part, points: int) -> Part:
    return f'{{"kind": "{kind}", "cards": {cards[0]}, "points": {points}}}', cards[1]


def _json(value: object) -> str:
    """JSON text as ``score --batch`` writes it, ``%`` doubled (as a ``%`` format's text)."""
    return json.dumps(value, ensure_ascii=False).replace("%", "%%")


def _show_part(n: int, variant: Variant) -> Part:
    """From the end of the items to the spoken count: the hand (slots ``n`` to ``2n − 2``),
    the starter, whether a crib, the variant."""
    hand = _cards(range(n, 2 * n - 1))
    text = f'], "cards": {hand[0]}, "starter": "%s", "crib": %s, '
    return text + f'"variant": {_json(variant.name)}, "spoken": ', (*hand[1], 2 * n - 1, 2 * n)


class _Fifteens:
    """The fifteens of cards in card order with these counting values: how many, their
    items, and the cards they take in (the pattern's fifteens chunk)."""

    def __init__(self, values: tuple[int, ...]) -> None:
        where = range(len(values))
        sets = [get(where) for get in fifteen_sets(values)]
        self.count = len(sets)
        self.items = _join([_item("fifteen", _cards(p), 2) for p in sets])
        self.cards = _cards(sorted({*sum(sets, ())})) if sets else ("", ())


_fifteens = cache(_Fifteens)


@cache
def _stand_ins(steps: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards in card order whose neighbours' ranks make these steps: none of them a five
    where that could make three fives, which would count as a named hand."""
    ranks = list(accumulate(steps, initial=6 if sum(steps) <= 7 else 1))
    return tuple([FULL_DECK[4 * r - 4 + ranks[:k].count(r)] for k, r in enumerate(ranks)])


@cache
def _pairs_and_runs(steps: tuple[int, ...]) -> tuple[tuple[ItemKind, tuple[int, ...], int], ...]:
    """The pairs and runs of cards in card order with these steps: (kind, positions,
    points) each, in the order :func:`~crib_trainer.core.show.rank_items` gives them."""
    ranks = tuple([c.rank for c in _stand_ins(steps)])
    where = range(len(ranks))
    return tuple([(kind, get(where), p) for kind, get, p in rank_items(ranks) if kind != "fifteen"])


class _Words:
    """What a show's counts make of it: its total, the pairs', runs', flush's and nob's
    items, the spoken count, and the pattern (family, words, lesson and chunks), worked out
    by the ordinary code on stand-in cards with the same counts. A show of ``n`` cards has
    its own in slots ``0`` to ``n − 1``, the flush of its hand in ``2n + 1``, and the jack
    of the starter's suit in ``2n + 2``."""

    def __init__(self, fifteens: int, steps: tuple[int, ...], flush: int, nob: bool) -> None:
        cards = _stand_ins(steps)
        n = len(cards)
        at = {card: k for k, card in enumerate(cards)}
        sets = _pairs_and_runs(steps)
        items = [ShowItem(ItemKind.FIFTEEN, cards[:2], 2)] * fifteens
        items += [ShowItem(kind, tuple([cards[i] for i in p]), points) for kind, p, points in sets]
        items += [ShowItem(ItemKind.FLUSH, cards, flush)] * (flush > 0)
        items += [ShowItem(ItemKind.NOBS, cards[:1], 1)] * nob
        b = Breakdown(cards[:-1], cards[-1], False, SIX_CARD, tuple(items))
        flush_cards = ('["%s"]', (2 * n + 1,)) if flush == n - 1 else _cards(range(n))
        nob_cards = _cards([2 * n + 2])
        self.items = _join(
            [_item(kind.value, _cards(p), points) for kind, p, points in sets]
            + [_item("flush", flush_cards, flush)] * (flush > 0)
            + [_item("nobs", nob_cards, 1)] * nob
        )
        self.head = f'{{"total": {b.total}, "items": ['
        self.spoken = _json(spoken_count(b)) + ', "notes": '
        p = pattern(b)
        self.pattern = (
            f', "pattern": {{"family": {_json(p.family)}, "says": {_json(p.says)}, '
            f'"lesson": {_json(p.lesson)}, "chunks": ['
        )
        chunks: list[Part] = []
        after = ""  # (the fifteens' chunk, always the first, has its cards put in between)
        for c in p.chunks:
            head = f'{{"family": {_json(c.family)}, "name": {_json(c.name)}, "cards": '
            tail = f', "points": {c.points}}}'
            if c.family == "fifteens":
                self.pattern += head
                after = tail
            else:
                part = {"flush": flush_cards, "nob": nob_cards}.get(c.family)
                part = part or _cards([at[x] for x in c.cards])
                chunks.append((head + part[0] + tail, part[1]))
        text, slots = _join(chunks)
        self.chunks = (after + (", " if after and text else "") + text + "]}}", slots)


_words = cache(_Words)

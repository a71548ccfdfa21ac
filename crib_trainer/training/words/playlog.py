"""The play as it happens, in words: one line for each card laid (with the count and what
it scored), each "go" said, each point for the go or the last card, and each new count.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.core.pegging import PlayState
>>> s = PlayState.start([parse_cards("TH 9D 5C 8S"), parse_cards("5S KD QC JC")])
>>> for card in parse_cards("TH 5S 9D 5C KD 8S QC JC"):
...     s = s.play(card)
>>> print("\\n".join(play_lines(s.events, me=0, ascii=True)))
You TH: 10.
He 5S: 15 for 2.
You 9D: 24.
He says go.
You 5C: 29.
You: go for 1.
New count.
He KD: 10.
You 8S: 18.
He QC: 28.
He: go for 1.
New count.
He JC: 10.
He: last card for 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crib_trainer.core.cards import Card
from crib_trainer.core.pegging import LIMIT, PegItem, PegKind, Played, SaidGo
from crib_trainer.training.words.explain import describe_peg_item

POINTS_OF_THE_TURN = frozenset({PegKind.GO, PegKind.LAST})


def play_lines(
    events: Sequence[Played | SaidGo],
    me: int,
    *,
    notes: Mapping[Card, str] | None = None,
    ascii: bool = False,
    names: Sequence[str] | None = None,
) -> list[str]:
    """Each event of a play as a line, from ``me``'s side ("You", "He").

    ``notes`` adds a word after a card's line (``"the best card, played for you"``);
    ``names`` names every seat (at a table of three or four: "Left", "Partner", …).

    >>> from crib_trainer.core.cards import parse_card
    >>> ten = Played(0, parse_card("TH"), 31, (PegItem(PegKind.THIRTY_ONE, 2),))
    >>> play_lines([ten], 1, ascii=True)
    ['He TH: 31 for 2.']
    """
    notes = notes or {}
    seats = list(names) if names else ["He"] * (1 + max([me, *(e.player for e in events)]))
    seats[me] = "You"
    lines: list[str] = []
    pending: list[str] = []  # the go or last point and a new count, after the goes said
    last = -1
    for event in events:
        if isinstance(event, SaidGo):
            if event.player != last:  # who laid the last card takes the go; others say it
                who = seats[event.player]
                lines.append(f"{who} say{'' if event.player == me else 's'} go.")
            continue
        lines += pending
        who = seats[event.player]
        card = event.card.code if ascii else str(event.card)
        scored = [i for i in event.items if i.kind not in POINTS_OF_THE_TURN]
        words = [_scored_words(i, ascii) for i in scored]
        if not any(i.kind in (PegKind.FIFTEEN, PegKind.THIRTY_ONE) for i in scored):
            words.insert(0, str(event.count))
        note = f" ({notes[event.card]})" if event.card in notes else ""
        lines.append(f"{who} {card}: {', '.join(words)}.{note}")
        pending = [f"{who}: {_POINT_WORDS[i.kind]}." for i in event.items if i.kind in _POINT_WORDS]
        if event.count == LIMIT or any(i.kind is PegKind.GO for i in event.items):
            pending.append("New count.")
        last = event.player
    return lines + [p for p in pending if p != "New count."]


_POINT_WORDS = {PegKind.GO: "go for 1", PegKind.LAST: "last card for 1"}


def _scored_words(item: PegItem, ascii: bool) -> str:
    if item.kind is PegKind.FIFTEEN:
        return "15 for 2"
    if item.kind is PegKind.THIRTY_ONE:
        return "31 for 2"
    return describe_peg_item(item, ascii)

"""A plain, straightforward cribbage scorer: the yardstick for ``score --batch``.

Written the way a scorer such as the ``cribbage-scorer`` package is: cards as (rank, suit)
pairs, every fifteen by trying each set of two or more cards, pairs by each two cards, runs
by the longest length that has one, then flush and nob; one JSON line out per deal (total
and items). No crib-trainer code is used.

Run:  python bench/score_reference.py FILE   (deals as ``score --batch`` reads them)
"""

from __future__ import annotations

import json
import sys
from itertools import combinations
from typing import TextIO

RANKS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
LETTERS = "A23456789TJQK"


def parse(token: str) -> tuple[int, str]:
    return RANKS[token[:-1].upper()], token[-1].upper()


def code(card: tuple[int, str]) -> str:
    return LETTERS[card[0] - 1] + card[1]


def score(hand: list[tuple[int, str]], starter: tuple[int, str], crib: bool) -> dict:
    cards = sorted([*hand, starter])
    items = []
    for size in range(2, 6):
        for combo in combinations(cards, size):
            if sum(min(rank, 10) for rank, _ in combo) == 15:
                items.append(("fifteen", combo, 2))
    for a, b in combinations(cards, 2):
        if a[0] == b[0]:
            items.append(("pair", (a, b), 2))
    for size in (5, 4, 3):
        found = [
            combo
            for combo in combinations(cards, size)
            if len({rank for rank, _ in combo}) == size
            and max(r for r, _ in combo) - min(r for r, _ in combo) == size - 1
        ]
        if found:
            items += [("run", combo, size) for combo in found]
            break
    if len({suit for _, suit in hand}) == 1:
        if starter[1] == hand[0][1]:
            items.append(("flush", tuple(cards), 5))
        elif not crib:
            items.append(("flush", tuple(sorted(hand)), 4))
    for card in hand:
        if card[0] == 11 and card[1] == starter[1]:
            items.append(("nobs", (card,), 1))
    return {
        "total": sum(points for _, _, points in items),
        "items": [
            {"kind": kind, "cards": [code(c) for c in combo], "points": points}
            for kind, combo, points in items
        ],
    }


def score_file(source: TextIO, out: TextIO) -> None:
    """Score every deal line (``5H 5C 5S JD | 5D [crib]``) of ``source`` onto ``out``."""
    for line in source:
        hand_text, _, rest = line.partition("|")
        words = rest.split()
        crib = words[-1] == "crib"
        hand = [parse(t) for t in hand_text.split()]
        out.write(json.dumps(score(hand, parse(words[0]), crib)) + "\n")


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as source:
        score_file(source, sys.stdout)

"""Explanations for people: the spoken count, the itemised view, rarity, and pegging.

>>> from crib_trainer.core.cards import parse_cards, parse_card
>>> from crib_trainer.core.show import score_show
>>> spoken_count(score_show(parse_cards("9H 6C 5D 4S"), parse_card("4D")))
'Fifteen two, fifteen four, fifteen six, and a double run is fourteen.'
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from crib_trainer.analysis.tables import distribution_for
from crib_trainer.core.cards import format_cards
from crib_trainer.core.show import Breakdown, ItemKind, ShowItem

if TYPE_CHECKING:  # (the play's words are keyed by PegKind's values: counting a hand,
    # the command line's score, never loads the rules of the play, nor the grading of
    # claims unless a claim is judged)
    from crib_trainer.core.pegging import PegItem, Played
    from crib_trainer.training.grading.claims import ClaimVerdict

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = {2: "twenty", 3: "thirty"}


def number_word(n: int) -> str:
    """A number in words, as a count is spoken.

    >>> number_word(24), number_word(7), number_word(30)
    ('twenty-four', 'seven', 'thirty')
    """
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


# --- grouping items the way players speak of them -------------------------------------

RUN_NAMES = {
    (1, 3): "a run of three",
    (1, 4): "a run of four",
    (1, 5): "a run of five",
    (2, 3): "a double run",
    (2, 4): "a double run of four",
    (3, 3): "a triple run",
    (4, 3): "a double-double run",
}
SAME_RANK_NAMES = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def spoken_groups(b: Breakdown) -> list[tuple[str, int]]:
    """The show as players call it, as (phrase, points) in the customary order:
    fifteens one by one, pairs, runs (a double run takes in its pair), flush, his nob.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> spoken_groups(score_show(parse_cards("7H 8C 8D KS"), parse_card("9D")))
    [('fifteen', 2), ('fifteen', 2), ('a double run', 8)]
    """
    groups: list[tuple[str, int]] = [("fifteen", 2) for _ in b.of_kind(ItemKind.FIFTEEN)]
    run_items = b.of_kind(ItemKind.RUN)
    run_ranks = {c.rank for item in run_items for c in item.cards}
    pair_items = b.of_kind(ItemKind.PAIR)
    in_run = [p for p in pair_items if p.cards[0].rank in run_ranks]
    outside = Counter(p.cards[0].rank for p in pair_items if p.cards[0].rank not in run_ranks)
    plain = sorted(outside.values(), reverse=True)
    if plain == [1, 1]:
        groups.append(("two pairs", 4))
    else:
        groups += [(SAME_RANK_NAMES[n], 2 * n) for n in plain]
    if run_items:
        name = RUN_NAMES[(len(run_items), run_items[0].points)]
        groups.append((name, sum(i.points for i in run_items) + 2 * len(in_run)))
    for item in b.of_kind(ItemKind.FLUSH):
        groups.append((f"a flush of {number_word(item.points)}", item.points))
    for _ in b.of_kind(ItemKind.NOBS):
        groups.append(("one for his nob", 1))
    return groups


def spoken_count(b: Breakdown) -> str:
    """The count said aloud: "Fifteen two, fifteen four, and a pair is six."

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> spoken_count(score_show(parse_cards("2H 7C 9D KS"), parse_card("QD")))
    'Nineteen — nothing to count.'
    """
    groups = spoken_groups(b)
    if not groups:
        return "Nineteen — nothing to count."
    parts: list[str] = []
    running = 0
    for name, points in groups:
        running += points
        if name == "fifteen":
            parts.append(f"fifteen {number_word(running)}")
        elif name == "one for his nob" and not parts:
            parts.append("one for his nob")
        else:
            parts.append(f"{'and ' if parts else ''}{name} is {number_word(running)}")
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + "."


# --- the itemised view -----------------------------------------------------------------

KIND_TITLES = {
    ItemKind.FIFTEEN: "Fifteens",
    ItemKind.PAIR: "Pairs",
    ItemKind.RUN: "Runs",
    ItemKind.FLUSH: "Flush",
    ItemKind.NOBS: "His nob",
}

# Each rule in our own words, with the text that states it (see docs/rules.md).
KIND_RULES = {
    ItemKind.FIFTEEN: "every set of cards whose values add to 15 scores 2 (Britannica, Fifteens)",
    ItemKind.PAIR: "every two cards of one rank score 2; three of a kind hold three pairs "
    "(Britannica, Pairs; Hoyle, Pair)",
    ItemKind.RUN: "the longest sequence of three or more cards scores one a card, and again for "
    "each card that can stand in for another; the shorter runs inside it do not count "
    "(Britannica, Sequences; All about, Run)",
    ItemKind.FLUSH: "a hand all of one suit scores one a card, one more if the starter matches; "
    "a crib scores a flush only with the starter (Britannica, Flushes)",
    ItemKind.NOBS: "the jack of the starter's suit scores 1 for his nob (Britannica, His nob)",
}


def item_name(item: ShowItem) -> str:
    """What an item is called: ``fifteen``, ``pair``, ``run of three``, ``flush of five``…"""
    if item.kind is ItemKind.RUN:
        return f"run of {number_word(item.points)}"
    if item.kind is ItemKind.FLUSH:
        return f"flush of {number_word(item.points)}"
    return {ItemKind.FIFTEEN: "fifteen", ItemKind.PAIR: "pair", ItemKind.NOBS: "his nob"}[item.kind]


def describe_item(item: ShowItem, ascii: bool = False) -> str:
    """One line for an item: ``fifteen 5♥ J♦ for 2``."""
    return f"{item_name(item)} {format_cards(item.cards, ascii)} for {item.points}"


def spoken_order(b: Breakdown) -> list[ShowItem]:
    """The items in the order they are counted aloud: fifteens, pairs outside any run,
    then each run with the pairs inside it, the flush, his nob.
    """
    run_ranks = {c.rank for item in b.of_kind(ItemKind.RUN) for c in item.cards}
    pairs = b.of_kind(ItemKind.PAIR)
    return [
        *b.of_kind(ItemKind.FIFTEEN),
        *(p for p in pairs if p.cards[0].rank not in run_ranks),
        *(p for p in pairs if p.cards[0].rank in run_ranks),
        *b.of_kind(ItemKind.RUN),
        *b.of_kind(ItemKind.FLUSH),
        *b.of_kind(ItemKind.NOBS),
    ]


def itemised_lines(b: Breakdown, ascii: bool = False) -> list[str]:
    """Every item, grouped by kind with a subtotal, then the total."""
    lines: list[str] = []
    for kind in ItemKind:
        items = b.of_kind(kind)
        if not items:
            continue
        subtotal = sum(i.points for i in items)
        lines.append(f"{KIND_TITLES[kind]:<28}{subtotal:>3}")
        for item in items:
            lines.append(f"  {format_cards(item.cards, ascii):<26}{item.points:>3}")
    lines.append(f"{'Total':<28}{b.total:>3}")
    return lines


def header_line(b: Breakdown, ascii: bool = False) -> str:
    what = "Crib" if b.crib else "Hand"
    return (
        f"{what} {format_cards(b.cards, ascii)}  starter {b.starter.format(ascii)}"
        f"  ({b.variant.title})"
    )


def rarity_line(b: Breakdown) -> str:
    """How often a show scores this total, e.g. "24 points: 1 hand in 3,531".

    Counted over every hand (or crib) and starter of the variant.
    """
    dist = distribution_for(b.variant, crib=b.crib)
    r = dist.rarity(b.total)
    noun = "crib" if b.crib else "hand"
    assert r.one_in is not None  # a real hand's total always occurs
    one_in = f"{r.one_in:,.0f}" if r.one_in >= 10 else f"{r.one_in:.1f}"
    line = (
        f"{b.total} point{'' if b.total == 1 else 's'}: 1 {noun} in {one_in} "
        f"({r.exact:,} of {r.out_of:,} {noun}s with a starter)"
    )
    if b.total == 0:
        return line
    return f"{line}; {_percent(r.at_least / r.out_of)} score {b.total} or more"


def _percent(share: float) -> str:
    """A share as a percentage people can read.

    >>> _percent(0.66), _percent(0.0123), _percent(0.0000003)
    ('66%', '1.2%', 'under 0.01%')
    """
    pct = 100 * share
    if pct < 0.01:
        return "under 0.01%"
    if pct < 10:
        return f"{pct:.2g}%"
    return f"{pct:.0f}%"


def show_notes(b: Breakdown) -> list[str]:
    """Rules worth saying about this show whatever was claimed: a crib holding four of a
    suit (the crib's flush rule), shown whether or not anyone counted it.

    >>> from crib_trainer.core.cards import parse_cards, parse_card
    >>> from crib_trainer.core.show import score_show
    >>> crib = score_show(parse_cards("2H 4H 6H 8H"), parse_card("KS"), crib=True)
    >>> show_notes(crib)[0].split(";")[0]
    'No flush: a crib scores a flush only when the starter is of its suit too'
    """
    if not b.crib or b.short or len({c.suit for c in b.cards}) != 1:
        return []
    from crib_trainer.training.categories import is_crib_flush_trap  # (rarely reached)

    if is_crib_flush_trap(b):
        return [
            "No flush: a crib scores a flush only when the starter is of its suit too; four "
            "of a suit in the crib count nothing (Britannica, Flushes)."
        ]
    return [
        "A crib's flush counts only with the starter of its suit, as here: five cards for "
        "5 (Britannica, Flushes)."
    ]


def explain_show(b: Breakdown, ascii: bool = False) -> str:
    """The whole explanation: header, items with subtotals, spoken count, rarity, and any
    rule worth saying (:func:`show_notes`)."""
    return "\n".join(
        [
            header_line(b, ascii),
            *itemised_lines(b, ascii),
            spoken_count(b),
            *([] if b.short else [rarity_line(b)]),  # (the odds are for full hands)
            *show_notes(b),
        ]
    )


# --- the play ----------------------------------------------------------------------------


def describe_peg_item(item: PegItem, ascii: bool = False) -> str:
    """What one pegging item is, in words.

    >>> from crib_trainer.core.pegging import PegItem, PegKind
    >>> describe_peg_item(PegItem(PegKind.GO, 1))
    'the go for 1'
    >>> from crib_trainer.core.cards import parse_cards
    >>> describe_peg_item(PegItem(PegKind.PAIR, 2, parse_cards("AS AH")))
    'a pair of aces for 2'
    """
    kind = item.kind
    if kind in _SAME_RANK_WORDS:
        from crib_trainer.training.words.discard_principles import plural

        return f"{_SAME_RANK_WORDS[kind]} of {plural(item.cards[0].rank)} for {item.points}"
    if kind == "run":
        ranks = "-".join(c.rank.label for c in item.cards)
        return f"run of {number_word(item.points)} {ranks} for {item.points}"
    return _PEG_WORDS[kind]


_SAME_RANK_WORDS = {
    "pair": "a pair",
    "pair-royal": "pair royal",
    "double-pair-royal": "double pair royal",
}
_PEG_WORDS = {
    "fifteen": "makes 15 for 2",
    "thirty-one": "makes 31 for 2",
    "go": "the go for 1",
    "last": "last card for 1",
}


def explain_play(played: Played, ascii: bool = False) -> str:
    """What a card scored and why: "makes 15 for 2; run of four 3-4-5-6 for 4"."""
    if not played.items:
        return "no score"
    return "; ".join(describe_peg_item(i, ascii) for i in played.items)


# --- a claim judged ----------------------------------------------------------------------


def explain_verdict(v: ClaimVerdict, ascii: bool = False) -> str:
    """The verdict on a claim in plain words: the rule for each item missed, and the
    ruling under the rule set with its law."""
    total, claim, diff = v.total, v.claim, v.difference
    what = "crib" if v.breakdown.crib else "hand"
    ruling = v.ruling
    law = ruling.laws[0] if ruling.laws else None
    cite = f" ({law.cite()})" if law else ""
    if v.verdict == "correct":
        if v.nineteen:
            return f"Claimed nineteen, the players' word for nothing: correct, the {what} is 0."
        return f"Claimed {claim}: correct."
    impossible = f"\n{v.impossible}" if v.impossible else ""
    if v.verdict == "over":
        if ruling.to_opponent:
            penalty = f"it is put right and the opponent pegs {ruling.to_opponent}"
        else:
            penalty = "the opponent may have it put right, with no penalty"
        text = f"Claimed {claim}, but the {what} is worth {total}: {diff} too many; "
        text += f"{penalty}{cite}.{impossible}"
        if v.mistakes:
            lead = "Counted wrongly" if v.mistakes_certain else "Probably"
            text += f"\n{lead}:" + "".join(f"\n  +{m.points}: {m.text}" for m in v.mistakes)
        elif not v.impossible:
            text += f"\nNo common mistake makes {diff} too many: count it again item by item."
        return text
    said = "nineteen (nothing)" if v.nineteen else str(claim)
    lines = [f"Claimed {said}, but the {what} is worth {total}: {diff} missed.{impossible}"]
    if v.missed:
        lead = "Missed" if v.missed_certain else "Most likely missed"
        lines.append(f"{lead}:")
        for item in v.missed:
            lines.append(f"  {describe_item(item, ascii)} — {KIND_RULES[item.kind]}")
    else:
        lines.append(f"No set of items adds up to exactly {diff}: the count went wrong.")
    if ruling.to_opponent:
        lines.append(f"Muggins: the opponent scores the {diff} overlooked{cite}.")
    elif ruling.scored == total:
        lines.append(f"By agreement the count is put right to {total}.")
    else:
        points = "point is" if diff == 1 else "points are"
        lines.append(f"The {diff} overlooked {points} lost: he pegs {v.counted}{cite}.")
    return "\n".join(lines)

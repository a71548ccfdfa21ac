"""Ranked pegging plays with a one-line reason each, for people.

The numbers come from :mod:`crib_trainer.analysis.pegging`; this module only puts them
into words: what the card scores now, the replies that would score on it (most likely
first, each with how likely he is to hold it), and your answer to each when you have a
good one.

>>> from crib_trainer.core.cards import parse_cards
>>> from crib_trainer.analysis.pegging import PegSituation
>>> from crib_trainer.core.pegging import parse_peg_tokens
>>> s = PegSituation.from_sequence(parse_peg_tokens(["KS"]), parse_cards("5H 9C 2D 8S"))
>>> best = rank_plays(s)[0]
>>> best.card.code, best.reason
('5H', 'makes 15 for 2, but leaves a 5 to pair (18%)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from crib_trainer.analysis.pegging import (
    Analysis,
    HoldingWeight,
    PegSituation,
    PlayOption,
    Position,
    Reply,
    analyse,
)
from crib_trainer.core.cards import Rank
from crib_trainer.core.pegging import LIMIT, PegItem, PegKind

if TYPE_CHECKING:  # (the table's analysis loads only when a table is explained)
    from crib_trainer.analysis.pegging import TableAnalysis, TableOption, TablePosition


def number_word(n: int) -> str:
    """:func:`crib_trainer.training.words.explain.number_word`, loaded when a number is first said
    (that module brings the show's tables, which most reasons never need).

    >>> number_word(3)
    'three'
    """
    from crib_trainer.training.words.explain import number_word as words

    return words(n)


_RANK_WORDS = {
    Rank.ACE: "an ace",
    Rank.EIGHT: "an 8",
    Rank.JACK: "a jack",
    Rank.QUEEN: "a queen",
    Rank.KING: "a king",
}
_TEN_CARDS = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


def a_rank(rank: Rank) -> str:
    """A rank with its article, as said aloud.

    >>> a_rank(Rank.ACE), a_rank(Rank.EIGHT), a_rank(Rank.FIVE), a_rank(Rank.TEN)
    ('an ace', 'an 8', 'a 5', 'a 10')
    """
    return _RANK_WORDS.get(rank, f"a {rank.label}")


def ranks_phrase(ranks: Sequence[Rank]) -> str:
    """The cards of a reply: "a ten-card" for the four ten-cards (or three of them),
    otherwise each rank, joined by "or".

    >>> ranks_phrase([Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING])
    'a ten-card'
    >>> ranks_phrase([Rank.THREE, Rank.SIX])
    'a 3 or a 6'
    """
    if len(ranks) >= 3 and set(ranks) <= _TEN_CARDS:
        return "a ten-card"
    return " or ".join(a_rank(r) for r in ranks)


def item_noun(item: PegItem) -> str:
    """A pegging item as a noun: "15 for 2", "a pair royal for 6", "a run of four for 4".

    >>> item_noun(PegItem(PegKind.RUN, 4)), item_noun(PegItem(PegKind.PAIR, 2))
    ('a run of four for 4', 'a pair for 2')
    """
    kind = item.kind
    if kind is PegKind.FIFTEEN:
        return "15 for 2"
    if kind is PegKind.THIRTY_ONE:
        return "31 for 2"
    if kind is PegKind.RUN:
        return f"a run of {number_word(item.points)} for {item.points}"
    return f"{_NOUNS[kind]} for {item.points}"


_NOUNS = {
    PegKind.PAIR: "a pair",
    PegKind.PAIR_ROYAL: "a pair royal",
    PegKind.DOUBLE_PAIR_ROYAL: "a double pair royal",
    PegKind.GO: "the go",
    PegKind.LAST: "the last card",
}


def scores_phrase(items: Sequence[PegItem]) -> str:
    """What a card scores as it is laid: "makes 15 for 2 and a pair for 2" ("" for nothing).

    >>> scores_phrase([PegItem(PegKind.PAIR_ROYAL, 6)])
    'scores a pair royal for 6'
    """
    if not items:
        return ""
    verb = "makes" if items[0].kind in (PegKind.FIFTEEN, PegKind.THIRTY_ONE) else "scores"
    return f"{verb} {' and '.join(item_noun(i) for i in items)}"


def threat_phrase(reply: Reply) -> str:
    """What a reply would take: "leaves a 5 to pair", "leaves 15 to a ten-card".

    >>> from crib_trainer.core.pegging import PegItem, PegKind
    >>> threat_phrase(Reply((Rank.SIX,), (PegItem(PegKind.RUN, 3),), 3, 0.2))
    'leaves a run of three to a 6'
    """
    return f"leaves {threat_words(reply)}"


def threat_words(reply: Reply) -> str:
    """A reply as a threat, without the verb: "a 5 to pair", "31 to a 5"."""
    who = ranks_phrase(reply.ranks)
    kinds = [i.kind for i in reply.items]
    parts: list[str] = []
    for item in reply.items:
        if item.kind is PegKind.FIFTEEN:
            parts.append("15")
        elif item.kind is PegKind.THIRTY_ONE:
            parts.append("31")
        elif item.kind is PegKind.RUN:
            parts.append(f"a run of {number_word(item.points)}")
    if kinds == [PegKind.PAIR]:
        return f"{who} to pair"
    if PegKind.PAIR in kinds:
        parts.append("a pair")
    if PegKind.PAIR_ROYAL in kinds:
        parts.append("a pair royal")
    if PegKind.DOUBLE_PAIR_ROYAL in kinds:
        parts.append("a double pair royal")
    return f"{' and '.join(parts)} to {who}"


_SHORT = {
    PegKind.FIFTEEN: "15",
    PegKind.THIRTY_ONE: "31",
    PegKind.RUN: "a run",
    PegKind.PAIR: "a pair",
    PegKind.PAIR_ROYAL: "a pair royal",
    PegKind.DOUBLE_PAIR_ROYAL: "a double pair royal",
    PegKind.GO: "the go",
    PegKind.LAST: "the last card",
}


def threat_list(replies: Sequence[Reply], *, most: int | None = 2) -> str:
    """Every reply that scores, most likely first, each with its chance and your answer;
    past ``most`` of them (None: no limit), how many more.

    >>> from crib_trainer.core.pegging import PegItem, PegKind
    >>> run = Reply((Rank.FOUR,), (PegItem(PegKind.RUN, 3),), 3, 0.14)
    >>> thirty_one = Reply((Rank.FIVE,), (PegItem(PegKind.THIRTY_ONE, 2),), 2, 0.14)
    >>> threat_list([thirty_one, run])
    '31 to a 5 (14%) and a run of three to a 4 (14%)'
    """
    said = []
    for reply in replies if most is None else replies[:most]:
        chance = _percent(reply.chance)
        if reply.counter >= 2:
            answer = " and ".join(_SHORT[i.kind] for i in reply.counter_items)
            said.append(
                f"{threat_words(reply)} ({chance}; you answer with {answer} for {reply.counter})"
            )
        else:
            said.append(f"{threat_words(reply)} ({chance})")
    more = len(replies) - len(said)
    if more > 0:
        said.append(f"{number_word(more)} more")
    return ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1]


def _percent(p: float) -> str:
    return "under 1%" if 0 < p < 0.005 else f"{p:.0%}"


def reason_for(option: PlayOption, position: Position, *, most: int | None = 2) -> str:
    """One line on a play: what it scores, the danger it leaves, your answer to it.

    Uses only the option's facts (and the position, for what the opponent can do). With
    ``most=None`` every scoring reply is listed and, when there are several, the chance
    he holds any of them (so two cards compared show all their threats).

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.core.pegging import parse_peg_tokens
    >>> s = PegSituation.from_sequence(parse_peg_tokens(["7S"]), parse_cards("8H 9C 2D KS"))
    >>> a = analyse(s)
    >>> eight = next(o for o in a.options if o.card.code == "8H")
    >>> reason_for(eight, a.position).split(" (")[0]
    'makes 15 for 2, but leaves a run of three to a 6'
    >>> reason_for(eight, a.position, most=None).rsplit("; ", 1)[1]
    'he holds one of them 52% of the time'
    """
    now = scores_phrase(option.items)
    if option.count == LIMIT:
        over = position.variant.play_ends_at_first_go or (
            len(position.hand) == 1 and position.opponent_left == 0
        )
        return f"{now}; {'the play is over' if over else 'the count starts again'}"
    if position.count_cards:
        head = now or f"count {option.count}"
    else:
        head = f"leads {option.card.rank.label}"
    if position.opponent_left == 0:
        return f"{head}; he has no cards left"
    if position.opponent_passed:
        return f"{head}; he has said go"
    if option.opponent_can_reply == 0:
        return f"{head}; nothing he holds comes in on {option.count}"
    scoring = [r for r in option.replies if r.points >= 2]
    if not scoring:
        return f"{head}; no reply can score on it"
    threats = threat_list(scoring, most=most)
    if most is None and len(scoring) > 1:
        threats += f"; he holds one of them {_percent(option.risk)} of the time"
    return f"{head}{', but' if now else ';'} leaves {threats}"


def explain_analysis(analysis: Analysis) -> list[PlayOption]:
    """The analysis' options with their reasons filled in."""
    return [replace(o, reason=reason_for(o, analysis.position)) for o in analysis.options]


def rank_plays(
    situation: PegSituation, *, opponent: str = "random", weight: HoldingWeight | None = None
) -> list[PlayOption]:
    """Every legal card for the player to move, best first, each with its expected net
    points to the end of the play, its risk, a one-line reason, and whether it is as good
    as the best (see :class:`~crib_trainer.analysis.pegging.PlayOption`)."""
    return explain_analysis(analyse(situation, opponent=opponent, weight=weight))


def table_reason(option: TableOption, position: TablePosition) -> str:
    """One line on a play at a table of three or four: what it scores, or the count it
    makes (or the rank it leads).

    >>> from crib_trainer.core.cards import parse_cards
    >>> from crib_trainer.analysis.pegging import TableSituation, analyse_table
    >>> a = analyse_table(TableSituation(parse_cards("5H 9C 2D 8S")), samples=20)
    >>> sorted(table_reason(o, a.position) for o in a.options)[0]
    'leads 2'
    """
    now = scores_phrase(option.items)
    if option.count == LIMIT:
        over = sum(position.left) == 1  # (his was the last card held)
        return f"{now}; {'the play is over' if over else 'the count starts again'}"
    if not position.count_cards:
        return f"leads {option.card.rank.label}"
    return now or f"count {option.count}"


def explain_table(analysis: TableAnalysis) -> list[TableOption]:
    """A table analysis' options with their reasons filled in."""
    return [replace(o, reason=table_reason(o, analysis.position)) for o in analysis.options]

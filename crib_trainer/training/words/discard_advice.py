"""Words for a discard analysis: why the best throw wins, what another gives up, the table.

>>> from crib_trainer.analysis.discard import analyse_discards
>>> a = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True)
>>> why_best(a).split(".")[0]
'Throw 2-9'
>>> throw_reason(a.options[-1], a).split(".")[0]
'It breaks up the three 5s'

"""

from __future__ import annotations

from crib_trainer.analysis.discard import DiscardAnalysis, ThrowOption, analyse_discards
from crib_trainer.core.cards import format_cards
from crib_trainer.training.grading.verdict import SAME
from crib_trainer.training.words.discard_principles import (
    Principle,
    best_principles,
    broken_principle,
    broken_principles,
    in_table_words,
    rank_text,
)

TIE = 1e-9  # options closer than this in net are exactly equal
#: Throws closer than this are tied, in words as in the judge's bands (0.01 points).
TIED = SAME["points"]


def crib_owner(analysis: DiscardAnalysis) -> str:
    """Whose crib the throw goes to, as the learner would say it."""
    partners = analysis.variant.partnerships
    if analysis.dealer:
        return "your side's crib" if partners else "your crib"
    return "the other side's crib" if partners else "the dealer's crib"


def _role_text(analysis: DiscardAnalysis) -> str:
    """``you deal, the crib is yours`` and the like."""
    if analysis.variant.partnerships:
        side = "your side's" if analysis.dealer else "the other side's"
        return f"the crib is {side}"
    if analysis.dealer:
        return "you deal, the crib is yours"
    return "you are pone, the crib is the dealer's"


def why_best(analysis: DiscardAnalysis, ascii: bool = False) -> str:
    """Why the best throw is best: the principles it follows (as the numbers show them),
    else what it keeps and does to the crib; then what it beats the next best by, or that
    the next is as good (within :data:`~crib_trainer.analysis.discard.AS_GOOD`); cards
    named by their codes with ``ascii``.
    """
    return _why_best(analysis, best_principles(analysis), ascii)


def _why_best(analysis: DiscardAnalysis, principles: list[Principle], ascii: bool = False) -> str:
    """:func:`why_best`, the best throw's principles given."""
    best = analysis.best
    if principles:
        parts = [f"Throw {rank_text(best.discard)}. " + " ".join(p.text for p in principles)]
    else:
        parts = [
            f"Throw {rank_text(best.discard)}: it keeps {rank_text(best.keep)} "
            f"(avg {best.hand_ev:.2f} points in hand, {_spread(best)}) and "
            f"{_crib_clause(best, analysis)}."
        ]
    if len(analysis.options) > 1:
        second = analysis.options[1]
        same = rank_text(second.discard) == rank_text(best.discard)
        other = format_cards(second.discard, ascii) if same else rank_text(second.discard)
        measured = any(frozenset(p.versus) == frozenset(second.discard) for p in principles)
        if second.loss <= TIED:
            parts.append(f"Throwing {other} is just as good (a tie).")
        elif measured:
            parts.append(f"It beats {other} by {second.loss:.2f} points.")
        else:
            parts.append(
                f"It beats the next best, {other}, by {second.loss:.2f} points"
                f" ({_difference(best, second, analysis)})."
            )
    return " ".join(parts)


def throw_reason(option: ThrowOption, analysis: DiscardAnalysis) -> str:
    """One sentence or two on any throw: the principle it broke, if the numbers show one,
    and what it gives up against the best, and where."""
    if option.loss <= TIE and option is analysis.best:
        return why_best(analysis)
    return _reason(option, _broke(option, analysis), _against(analysis))


def principle_keys(option: ThrowOption, analysis: DiscardAnalysis) -> list[str]:
    """The principles as keys: those the best throw follows (for the best, and for a throw
    as good), else the one this throw broke (if the numbers show one).

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("3H 4D 6S 7C 8C KD", dealer=True)
    >>> principle_keys(a.best, a), principle_keys(a.options[1], a)
    (['salt-crib'], ['salt-crib'])
    """
    if option is analysis.best:
        return [p.key for p in best_principles(analysis)]
    broke = _broke(option, analysis)
    return [broke.key] if broke else []


def advise(analysis: DiscardAnalysis) -> tuple[str, list[tuple[str, list[str]]]]:
    """:func:`why_best`, and each option's :func:`throw_reason` and :func:`principle_keys`
    in the options' order, each worked out once (as ``discard --json`` gives them).

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("3H 4D 6S 7C 8C KD", dealer=True)
    >>> why, each = advise(a)
    >>> why == why_best(a) and each[3] == (throw_reason(a.options[3], a),
    ...     principle_keys(a.options[3], a))
    True
    """
    principles = best_principles(analysis)
    why = _why_best(analysis, principles)
    each = [(why, [p.key for p in principles])]
    against = _against(analysis)
    for option, broke in zip(analysis.options[1:], broken_principles(analysis)[1:], strict=True):
        each.append((_reason(option, broke, against), [broke.key] if broke else []))
    return why, each


def _broke(option: ThrowOption, analysis: DiscardAnalysis) -> Principle | None:
    """The principle a throw worse than the best broke (None for one tied with it)."""
    return None if option.loss <= TIED else broken_principle(option, analysis)


#: What every other throw's reason sets it against (:func:`_against`): the best throw's
#: ranks, hand and crib, whose crib it is and where it is (``in your crib``).
_Against = tuple[str, float, float, bool, str]


def _against(analysis: DiscardAnalysis) -> _Against:
    best, dealer = analysis.best, analysis.dealer
    owner = ("in " if dealer else "to ") + crib_owner(analysis)
    return rank_text(best.discard), best.hand_ev, best.crib_ev, dealer, owner


def _reason(option: ThrowOption, broke: Principle | None, best: _Against) -> str:
    """:func:`throw_reason` of a throw other than the best, given its broken principle."""
    loss = option.loss
    if loss <= TIED:
        return "Tied with the best throw."
    lead = f"{broke.text} " if broke else ""
    ranks, hand, crib, dealer, owner = best
    difference = _difference_text(option.hand_ev - hand, option.crib_ev - crib, dealer, owner)
    return f"{lead}Gives up {loss:.2f} points against throwing {ranks}: {difference}."


def role_contrast(analysis: DiscardAnalysis) -> str | None:
    """What the same cards would throw in the other role, when that differs: the difference
    between dealing and being pone on one hand. None when the best throw is the same.

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("5H 5D 6S JC 2C 9D", dealer=True, opponent="weighted")
    >>> role_contrast(a)
    'As pone you would throw 2-9 instead, to keep the best hand.'
    """
    other = analyse_discards(
        analysis.cards,
        dealer=not analysis.dealer,
        variant=analysis.variant,
        opponent=analysis.opponent,
    )
    mine, theirs = analysis.best, other.best
    if (
        frozenset(mine.discard) == frozenset(theirs.discard)
        or other.option_for(mine.discard).as_good
    ):
        return None
    role = "the dealer" if other.dealer else "pone"
    if analysis.variant.partnerships:
        role = "your side's dealer" if other.dealer else "the other side's crib"
    principles = best_principles(other)
    aim = f", {in_table_words(principles[0].aim, other)}" if principles else ""
    return f"As {role} you would throw {rank_text(theirs.discard)} instead{aim}."


def _spread(option: ThrowOption) -> str:
    if option.hand_min == option.hand_max:
        return f"always {option.hand_min}"
    return f"{option.hand_min} to {option.hand_max}"


def _crib_clause(option: ThrowOption, analysis: DiscardAnalysis) -> str:
    thrown = rank_text(option.discard)
    owner = crib_owner(analysis)
    average = f"(avg {option.crib_ev:.2f} points there)"
    if analysis.dealer:
        return f"puts {thrown} in {owner} {average}"
    if option.crib_ev <= min(o.crib_ev for o in analysis.options) + TIE:
        return f"baulks {owner} with {thrown} {average}"
    return f"gives {owner} {thrown} {average}"


def _difference(this: ThrowOption, other: ThrowOption, analysis: DiscardAnalysis) -> str:
    """How ``this`` differs from ``other`` in hand and crib, in the learner's terms."""
    owner = ("in " if analysis.dealer else "to ") + crib_owner(analysis)
    return _difference_text(
        this.hand_ev - other.hand_ev, this.crib_ev - other.crib_ev, analysis.dealer, owner
    )


def _difference_text(hand: float, crib: float, dealer: bool, owner: str) -> str:
    """:func:`_difference` of the differences in hand and crib; ``owner`` is where the
    crib is (``in your crib``)."""
    if abs(hand) < 0.005:
        return f"the same in hand, {abs(crib):.2f} points {'more' if crib > 0 else 'less'} {owner}"
    hand_text = f"{abs(hand):.2f} points {'more' if hand > 0 else 'less'} in hand"
    if abs(crib) < 0.005:
        return f"{hand_text}, the same {owner}"
    crib_good = crib > 0 if dealer else crib < 0
    joint = " and " if (hand > 0) == crib_good else ", for "
    return f"{hand_text}{joint}{abs(crib):.2f} points {'more' if crib > 0 else 'less'} {owner}"


def explain_discards(analysis: DiscardAnalysis, ascii: bool = False) -> str:
    """The ranked table of throws, the best marked ``*``, with why it wins and a line on
    his heels.
    """
    dash = "-" if ascii else "–"
    lines = [
        f"{format_cards(analysis.cards, ascii)}: {_role_text(analysis)}; "
        f"{analysis.variant.title}, {analysis.opponent} opponent",
        "",
        f"   {'throw':<12} {'keep':<16} {'hand':>6} {'crib':>6} {'net':>6} {'loss':>5}  "
        f"min{dash}max",
    ]
    sign = "+" if analysis.dealer else "-"
    for o in analysis.options:
        mark = "*" if o.as_good else " "
        lines.append(
            f" {mark} {format_cards(o.discard, ascii):<12} {format_cards(o.keep, ascii):<16} "
            f"{o.hand_ev:>6.2f} {sign}{o.crib_ev:>5.2f} {o.net_ev:>6.2f} {o.loss:>5.2f}  "
            f"{o.hand_min}{dash}{o.hand_max}"
        )
    contrast = role_contrast(analysis)
    lines += [
        "",
        why_best(analysis, ascii),
        *([contrast] if contrast else []),
        f"His heels (2 to the dealer when a jack is turned) averages {analysis.heels_ev:.2f} "
        "here whatever is thrown; it is not in net.",
    ]
    return "\n".join(lines)

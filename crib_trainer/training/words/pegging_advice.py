"""Throws with the play counted, in words: the ``discard --with-pegging`` table and why its
best differs (or not) from the points-best.

>>> from crib_trainer.analysis.discard import analyse_discards
>>> from crib_trainer.analysis.pegnet import with_pegging
>>> a = analyse_discards("5H 5D JS QC 2C 9D", dealer=True)
>>> pegging_reason(a, with_pegging(a)).startswith("With the play counted")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from crib_trainer.analysis.discard import DiscardAnalysis
from crib_trainer.analysis.pegnet import PeggedThrow
from crib_trainer.core.cards import format_cards
from crib_trainer.training.words.discard_advice import crib_owner
from crib_trainer.training.words.discard_principles import rank_text


def pegging_reason(analysis: DiscardAnalysis, ranked: Sequence[PeggedThrow]) -> str:
    """One line: the best throw with the play counted, and what the play changes (or
    that the points-best is as good, within the pegging table's error)."""
    best = ranked[0]
    top = next(r for r in ranked if r.option is analysis.best)
    keep = rank_text(best.option.keep)
    if top is best:
        return (
            f"With the play counted the points-best throw still leads: throw "
            f"{rank_text(best.option.discard)}, keep {keep} "
            f"(the play {best.pegging.net:+.2f} on average)"
        )
    if top.as_good:
        return (
            f"With the play counted throw {rank_text(best.option.discard)} (total "
            f"{best.total:.2f}) or the points-best {rank_text(top.option.discard)} "
            f"({top.total:.2f}): as good as each other within the pegging table's error"
        )
    points = (
        "for the same points in hand and crib"
        if best.option.loss < 0.005
        else f"worth more than the {best.option.loss:.2f} points it gives up in hand and crib"
    )
    return (
        f"With the play counted throw {rank_text(best.option.discard)}, not "
        f"{rank_text(top.option.discard)}: {keep} pegs {best.pegging.net:+.2f} on average "
        f"against {top.pegging.net:+.2f} for {rank_text(top.option.keep)}, {points}"
    )


def explain_with_pegging(
    analysis: DiscardAnalysis, ranked: Sequence[PeggedThrow], ascii: bool = False
) -> str:
    """The throws ranked by hand + crib + the play, the best marked ``*``, and why."""
    sign = "+" if analysis.dealer else "-"
    lines = [
        f"{format_cards(analysis.cards, ascii)}: {'you deal' if analysis.dealer else 'he deals'}, "
        f"{crib_owner(analysis)}; "
        f"{analysis.variant.title}, {analysis.opponent} opponent",
        "",
        f"   {'throw':<12} {'keep':<16} {'hand':>6} {'crib':>6} {'peg':>6} {'total':>6} "
        f"{'loss':>5}",
    ]
    for r in ranked:
        o = r.option
        lines.append(
            f" {'*' if r.as_good else ' '} {format_cards(o.discard, ascii):<12} "
            f"{format_cards(o.keep, ascii):<16} {o.hand_ev:>6.2f} {sign}{o.crib_ev:>5.2f} "
            f"{r.pegging.net:>+6.2f} {r.total:>6.2f} {r.loss:>5.2f}"
        )
    worst = max(r.pegging.se for r in ranked)
    lines += [
        "",
        pegging_reason(analysis, ranked) + ".",
        "peg: the play's expected net for the cards kept (yours less his), from expert "
        f"self-play; standard error at most {worst:.2f} here (README: discard --with-pegging).",
    ]
    return "\n".join(lines)

"""Position-aware throws in a player's words: the ranked table with a win column, and a
one-line reason read off the numbers (never a rule of thumb the numbers do not bear out).

>>> from crib_trainer.analysis.position import analyse_position
>>> p = analyse_position("3C 3S QH AH JH 6H", dealer=False, me=116, him=100)
>>> position_reason(p).split(":")[0]
'you need 5 and you count first'
"""

from __future__ import annotations

import math

from crib_trainer.analysis.position import PositionAnalysis
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.training.grading.verdict import SAME as SAMES
from crib_trainer.training.words.discard_principles import rank_text

#: Win chances closer than this are the same to a player (the judge's tie).
SAME = SAMES["win"]
#: A crib this many points poorer is worth naming as the reason.
CRIB_GAP = 0.5


def _ranks(cards: tuple[Card, ...]) -> str:
    """A throw or keep as every verdict names it (``3-10``)."""
    return rank_text(cards)


def position_reason(p: PositionAnalysis) -> str:
    """Why the position-aware best is best, in one line, true of the numbers."""
    best, top = p.best, p.points_best
    mine, his = p.needs()
    b, t = best.option, top.option
    if best is top or best.win - top.win < SAME:
        return (
            f"at {p.me} to {p.him} the most points are also the best chance: throw "
            f"{_ranks(t.discard)} (win {top.win:.0%})"
        )
    if p.as_good_as_best(top):
        error = math.hypot(best.error, top.error)
        return (
            f"at {p.me} to {p.him} throwing {_ranks(b.discard)} wins {best.win:.0%} and the "
            f"most points (throw {_ranks(t.discard)}) {top.win:.0%}, a gap of "
            f"{best.win - top.win:.1%} of the game with a standard error of {error:.1%} "
            "from the plays sampled"
        )
    where = "your hand counts before your crib" if p.points.dealer else "you count first"
    if b.hand_min >= mine > t.hand_min:
        return (
            f"you need {mine} to go out and {where}: keep the sure {b.hand_min}, "
            f"throw {_ranks(b.discard)}"
        )
    if best.home > top.home:
        return (
            f"you need {mine} and {where}: keep the hand that gets there alone more often "
            f"({best.home:.0%} of cuts, against {top.home:.0%} with {_ranks(t.keep)})"
        )
    if b.hand_max > t.hand_max:
        return (
            f"you need {mine}: only a big count can get you there, keep the cards that can "
            f"make {b.hand_max} (at most {t.hand_max} with {_ranks(t.keep)})"
        )
    if not p.points.dealer and t.crib_ev - b.crib_ev >= CRIB_GAP:
        return (
            f"he needs {his} and counts his crib last: throw him as little as you can "
            f"({b.crib_ev:.1f} to his crib, not {t.crib_ev:.1f} with {_ranks(t.discard)})"
        )
    return (
        f"at {p.me} to {p.him} throwing {_ranks(b.discard)} wins {best.win:.0%}, "
        f"against {top.win:.0%} for the most points ({_ranks(t.discard)})"
    )


def explain_position(p: PositionAnalysis, ascii: bool = False) -> str:
    """The throws ranked by the chance to win with its standard error, those as good as
    the best for all we know marked ``*`` (:meth:`PositionAnalysis.as_good_as_best`),
    and why."""
    a = p.points
    mine, his = p.needs()
    role = "you deal (your crib)" if a.dealer else "he deals (his crib)"
    sign = "+" if a.dealer else "-"
    lines = [
        f"{format_cards(a.cards, ascii)}: {role}; {p.me} to {p.him} in a game to "
        f"{a.variant.target}: you need {mine}, he needs {his}; {a.opponent} opponent",
        "",
        f"   {'throw':<12} {'keep':<16} {'hand':>6} {'crib':>6} {'net':>6} {'win':>6} {'±':>5}",
    ]
    for o in p.options:
        mark = "*" if p.as_good_as_best(o) else " "
        x = o.option
        lines.append(
            f" {mark} {format_cards(x.discard, ascii):<12} {format_cards(x.keep, ascii):<16} "
            f"{x.hand_ev:>6.2f} {sign}{x.crib_ev:>5.2f} {x.net_ev:>6.2f} {o.win:>6.1%} "
            f"{o.error:>5.1%}"
        )
    lines += [
        "",
        f"Why: {position_reason(p)}.",
        "win: your chance to win the game; your hand and the crib exact for every starter, "
        "the play and his hand from expert self-play (README: discard --score). ±: its "
        "standard error from the plays of the cards kept; *: as good as the best within two "
        "standard errors.",
    ]
    return "\n".join(lines)


#: Close to the end: either side needs this many points or fewer in a game to 121 (the
#: five-card game to 61: half). Further from home the most points are nearly always the
#: best chance (docs/benchmarks.md, the position drill).
NEAR_END = 30


def near_end(me: int, him: int, target: int) -> bool:
    """Whether the score is close enough to the end for position-aware advice.

    >>> near_end(95, 60, 121), near_end(80, 85, 121), near_end(48, 10, 61)
    (True, False, True)
    """
    near = round(NEAR_END * target / 121)
    return min(target - me, target - him) <= near


def play_reason(
    labels: list[str], immediate: list[int], wins: list[float], outs: list[float], need: int,
    his_need: int,
) -> str:  # fmt: skip
    """Why the card with the best chance to win is best, in a player's words. The lists
    are in the pegging analysis' order (the most points first): each card's label
    (``"the 5"``), its points now, its chance to win and the chance he then holds a card
    that pegs him out.

    >>> play_reason(["the 9", "the 5"], [0, 2], [0.8, 1.0], [0.3, 0.0], 2, 6)
    'you need 2: the 5 pegs 2 and wins now'
    >>> play_reason(["the 5", "the 9"], [0, 0], [0.5, 0.8], [0.6, 0.1], 9, 3)[:50]
    'he needs 3: lay the 9, not the 5 (the most points)'
    """
    best = max(range(len(wins)), key=lambda i: (wins[i], -i))
    if immediate[best] >= need:
        return f"you need {need}: {labels[best]} pegs {immediate[best]} and wins now"
    if best != 0 and outs[best] + SAME < outs[0]:
        return (
            f"he needs {his_need}: lay {labels[best]}, not {labels[0]} (the most points): "
            f"it leaves him a card that pegs out {outs[best]:.0%} of the time, against "
            f"{outs[0]:.0%}"
        )
    if best != 0 and wins[best] - wins[0] >= SAME:
        return (
            f"you need {need}, he needs {his_need}: {labels[best]} wins {wins[best]:.0%}, "
            f"{labels[0]} (the most points) {wins[0]:.0%}"
        )
    return f"at this score the most points are also the best chance: {labels[best]}"

"""Position-aware throws in a player's words: the ranked table with a win column, and a
one-line reason read off the numbers (never a rule of thumb the numbers do not bear out).

>>> from crib_trainer.analysis.position import analyse_position
>>> p = analyse_position("3C 3S QH AH JH 6H", dealer=False, me=116, him=100)
>>> position_reason(p).split(":")[0]
'you need 5 and you count first'
"""

from __future__ import annotations

from crib_trainer.analysis.position import PositionAnalysis
from crib_trainer.core.cards import Card, format_cards
from crib_trainer.training.answers import WIN_SAME

#: Win chances closer than this are the same to a player.
SAME = WIN_SAME
#: A crib this many points poorer is worth naming as the reason.
CRIB_GAP = 0.5


def _ranks(cards: tuple[Card, ...]) -> str:
    return "-".join(c.rank.letter for c in sorted(cards, key=lambda c: c.rank))


def position_reason(p: PositionAnalysis) -> str:
    """Why the position-aware best is best, in one line, true of the numbers."""
    best, top = p.best, p.points_best
    mine, his = p.needs()
    b, t = best.option, top.option
    same_throw = best is top or best.win - top.win < SAME
    if same_throw:
        return (
            f"at {p.me} to {p.him} the most points are also the best chance: throw "
            f"{_ranks(t.discard)} (win {top.win:.0%})"
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
    """The throws ranked by the chance to win, the best marked ``*``, and why."""
    a = p.points
    mine, his = p.needs()
    role = "you deal (your crib)" if a.dealer else "he deals (his crib)"
    sign = "+" if a.dealer else "-"
    lines = [
        f"{format_cards(a.cards, ascii)}: {role}; {p.me} to {p.him} in a game to "
        f"{a.variant.target}: you need {mine}, he needs {his}",
        "",
        f"   {'throw':<12} {'keep':<16} {'hand':>6} {'crib':>6} {'net':>6} {'win':>6}",
    ]
    for o in p.options:
        mark = "*" if p.best.win - o.win < SAME else " "
        x = o.option
        lines.append(
            f" {mark} {format_cards(x.discard, ascii):<12} {format_cards(x.keep, ascii):<16} "
            f"{x.hand_ev:>6.2f} {sign}{x.crib_ev:>5.2f} {x.net_ev:>6.2f} {o.win:>6.1%}"
        )
    lines += [
        "",
        f"Why: {position_reason(p)}.",
        "win: your chance to win the game; your hand and the crib exact for every starter, "
        "the play and his hand from expert self-play (README: discard --score).",
    ]
    return "\n".join(lines)

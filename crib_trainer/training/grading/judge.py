"""One judge for each kind of decision: every place that grades a throw or a card asks here.

Each judge takes the decision and what the player could know (his cards, his role, the
cards seen, the score) and returns a :class:`~crib_trainer.training.grading.verdict.Verdict`: the
choices ranked by the analysis that fits, the choice made, and why the best is best. The
drills, the practice game at every table size, the hand review and a replay all call these,
so one decision gets one verdict wherever it is graded.

- :func:`judge_throw`: a throw by expected points (hand + crib against the ``weighted``
  opponent, who throws as the computer does; with ``pegging`` the play of the cards kept
  too, with the pegging table's error).
- :func:`judge_throw_at_score`: a throw near the end by the chance to win the game
  (:mod:`crib_trainer.analysis.position`).
- :func:`judge_card`: a card laid (two players) by the expected net of the play, exact.
- :func:`judge_card_at_score`: a card laid near the end by the chance to win.
- :func:`judge_table_card`: a card laid at a table of three or four, by the sampled or exact
  table analysis; sampled further where the error alone would decide a band.

Each has a twin taking the analysis already made (:func:`throw_verdict`,
:func:`position_verdict`, :func:`card_verdict`, :func:`chances_verdict`,
:func:`table_verdict`): a screen analyses in its worker once and
judges whichever choice the learner makes.

>>> from crib_trainer.core.cards import parse_cards
>>> v = judge_throw(parse_cards("5H 5D JC QS 2H 9C"), parse_cards("5H 5D"), dealer=False)
>>> v.band, v.unit, v.error
('costly', 'points', 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from crib_trainer.core.cards import Card
from crib_trainer.training.grading.verdict import POINTS, WIN, Choice, Verdict, ranked

if TYPE_CHECKING:  # (the analyses load when a judge first runs)
    from crib_trainer.analysis.discard import DiscardAnalysis
    from crib_trainer.analysis.pegging import (
        Analysis,
        PegSituation,
        PlayOption,
        TableAnalysis,
        TableOption,
        TableSituation,
    )
    from crib_trainer.analysis.position import PositionAnalysis
    from crib_trainer.training.drills.position_plays import PlayChances

#: Deals of the hidden hands a card at a table is first judged over, and the most it is
#: sampled to when the error alone would decide its band.
TABLE_SAMPLES = 100
TABLE_SAMPLES_MAX = 300


def judge_throw(
    cards: Sequence[Card],
    thrown: Sequence[Card],
    *,
    dealer: bool,
    variant: str = "six-card",
    pegging: bool = False,
) -> Verdict:
    """A throw from ``cards`` by expected points against the weighted opponent (as
    ``discard --opponent weighted`` ranks them); ``pegging`` (two players) adds the play of
    the cards kept, from the shipped pegging table, with its standard error."""
    from crib_trainer.analysis.discard import analyse_discards

    analysis = analyse_discards(tuple(cards), dealer=dealer, variant=variant, opponent="weighted")
    return throw_verdict(analysis, thrown, pegging=pegging)


def throw_verdict(
    analysis: DiscardAnalysis, thrown: Sequence[Card], *, pegging: bool = False
) -> Verdict:
    """:func:`judge_throw` from an analysis already made (a screen's, in its worker)."""
    from crib_trainer.training.words.discard_advice import advise

    why, each = advise(analysis)
    reasons = {o.discard: r for o, (r, _) in zip(analysis.options, each, strict=True)}
    if not pegging:
        choices = [Choice(o.discard, o.net_ev, 0.0, reasons[o.discard]) for o in analysis.options]
        return Verdict("throw", POINTS, tuple(thrown), ranked(choices), why, basis="hand + crib")
    from crib_trainer.analysis.pegnet import with_pegging
    from crib_trainer.training.words.pegging_advice import pegging_reason

    pegged = with_pegging(analysis)
    choices = [
        Choice(
            p.option.discard,
            p.total,
            p.pegging.se,
            f"{reasons[p.option.discard]} Its play pegs {p.pegging.net:+.2f} points on average",
        )
        for p in pegged
    ]
    return Verdict(
        "throw",
        POINTS,
        tuple(thrown),
        ranked(choices),
        pegging_reason(analysis, pegged),
        basis="hand + crib + pegging",
    )


def judge_throw_at_score(
    cards: Sequence[Card],
    thrown: Sequence[Card],
    *,
    dealer: bool,
    me: int,
    him: int,
    variant: str = "six-card",
) -> Verdict:
    """A throw at ``me`` to ``him`` (two players) by the chance to win the game."""
    from crib_trainer.analysis.position import analyse_position

    p = analyse_position(tuple(cards), dealer=dealer, me=me, him=him, variant=variant)
    return position_verdict(p, thrown)


def position_verdict(p: PositionAnalysis, thrown: Sequence[Card]) -> Verdict:
    """:func:`judge_throw_at_score` from the position analysis already made."""
    from crib_trainer.training.words.position_words import position_reason

    top = p.points_best
    choices = [
        Choice(
            o.option.discard,
            o.win,
            o.error,
            f"it wins {o.win:.1%} of the time"
            + (" (the most points)" if o is top else "")
            + f", {o.option.net_ev:.2f} points on average",
            group=o.kept_ranks(),
        )
        for o in p.options
    ]
    return Verdict(
        "throw",
        WIN,
        tuple(thrown),
        ranked(choices),
        position_reason(p),
        basis="the chance to win",
    )


def judge_card(situation: PegSituation, card: Card) -> Verdict:
    """A card laid in a two-player ``situation`` (the player's view), by the exact pegging
    analysis: the expected net points to the end of the play, against the random
    opponent. Each card's reason lists every reply that scores on it."""
    from crib_trainer.analysis.pegging import analyse

    return card_verdict(analyse(situation), card)


def card_verdict(analysis: Analysis, card: Card) -> Verdict:
    """:func:`judge_card` from the analysis already made (a screen's, in its worker)."""
    from crib_trainer.training.words.pegreasons import reason_for

    choices = [
        Choice((o.card,), o.expected_net, 0.0, reason_for(o, analysis.position, most=None))
        for o in _one_per_rank(analysis.options)
    ]
    order = ranked(choices)
    return Verdict(
        "card", POINTS, (card,), order, _card_why(order[0]), basis="the points of the play"
    )


def judge_card_at_score(situation: PegSituation, card: Card, *, me: int, him: int) -> Verdict:
    """A card laid at ``me`` to ``him`` (two players) by the chance to win the game."""
    from crib_trainer.training.drills.position_plays import play_chances

    return chances_verdict(play_chances(situation, me, him), card)


def chances_verdict(chances: PlayChances, card: Card) -> Verdict:
    """:func:`judge_card_at_score` from the chances already worked out."""
    seen: set[int] = set()
    choices = []
    for o, win, out in zip(chances.options, chances.wins, chances.outs, strict=True):
        if o.card.rank in seen:
            continue
        seen.add(o.card.rank)
        points = f", makes {o.immediate} now" if o.immediate else ""
        choices.append(
            Choice(
                (o.card,),
                win,
                0.0,
                f"it wins {win:.1%} of the time{points}; he then holds a card that pegs out "
                f"{out:.0%} of the time",
            )
        )
    return Verdict(
        "card", WIN, (card,), ranked(choices), chances.reason(), basis="the chance to win"
    )


def judge_table_card(
    situation: TableSituation,
    card: Card,
    *,
    samples: int | None = None,
    seed: int = 0,
) -> Verdict:
    """A card laid at a table of three or four, by :func:`table_analysis`."""
    return table_verdict(table_analysis(situation, samples=samples, seed=seed), card)


def table_analysis(
    situation: TableSituation, *, samples: int | None = None, seed: int = 0
) -> TableAnalysis:
    """The table analysis a card is judged by: exact late in the play, else sampled over
    ``samples`` deals of the hidden hands with ``seed``. Unless ``samples`` is given, a
    ranking in which the error alone would make some card as good as the best (a gap over
    a tie but within twice the error) is sampled again over :data:`TABLE_SAMPLES_MAX`
    deals, whichever card is then laid, so every card is judged on one ranking."""
    from crib_trainer.analysis.pegging import analyse_table

    n = samples or TABLE_SAMPLES
    analysis = analyse_table(situation, samples=n, seed=seed)
    if samples is not None or analysis.method == "exact" or n >= TABLE_SAMPLES_MAX:
        return analysis
    verdict = table_verdict(analysis, analysis.options[0].card)
    if any(verdict.for_choice(c.cards).band == "as-good" for c in verdict.ranking):
        return analyse_table(situation, samples=TABLE_SAMPLES_MAX, seed=seed)
    return analysis


def table_verdict(analysis: TableAnalysis, card: Card) -> Verdict:
    """A card's verdict from a table analysis (:func:`table_analysis`)."""
    from crib_trainer.training.words.pegreasons import explain_table

    choices = [
        Choice((o.card,), o.expected_net, o.stderr, o.reason)
        for o in _one_per_rank(explain_table(analysis))
    ]
    order = ranked(choices)
    return Verdict(
        "card", POINTS, (card,), order, _card_why(order[0]), basis="the points of the play"
    )


_Option = TypeVar("_Option", "PlayOption", "TableOption")


def _one_per_rank(options: Sequence[_Option]) -> list[_Option]:
    """The first option of each rank (suits do not matter in the play)."""
    seen: set[int] = set()
    out: list[_Option] = []
    for o in options:
        if o.card.rank not in seen:
            seen.add(o.card.rank)
            out.append(o)
    return out


def _card_why(best: Choice) -> str:
    return f"{best.cards[0]} {best.reason}" if best.reason else ""

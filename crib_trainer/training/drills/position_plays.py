"""Plays in the position drill: a pegging moment near the end of the game with both scores
shown, the card graded by the chance to win it gives up
(:func:`~crib_trainer.analysis.endplay.play_wins`).

Most moments of a play teach nothing at the score: the card with the most points is the
best chance too (in 63 random end-of-game moments, 2 had a card whose chance beat the
points-best's by 1%). So a question is dealt as a real play is (a
:func:`~crib_trainer.training.drills.pegdrills.deal_moments` moment once :data:`MIN_PLAYED`
cards are down), and then the scores are chosen: every pair of needs in
:data:`MY_NEEDS` × :data:`HIS_NEEDS` is tried and one whose best chance beats the
points-best by :data:`TEACHES` is asked (nearly always "he needs N: lay the card that
leaves him nothing to peg out with"). Up to :data:`TRIES` moments are looked at; else the
last, at needs drawn at random. ``play_wins`` takes the play to end
with the card (the goes, the last card and later pairs and runs are left out), so the
moments are late in the play, where little of it is left, and both needs are 2 or more
(a need of 1 is nearly always met by the go or the last card).

>>> import random
>>> d = position_play(random.Random(3))
>>> d.kind, PositionPlay.from_question(d.question()) == d
('position', True)
>>> c = d.chances()
>>> c.wins[c.best] - c.wins[0] >= TEACHES
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crib_trainer.analysis.endplay import his_peg_outs, play_wins
from crib_trainer.analysis.pegging import PegSituation, PlayOption, analyse, read_situation
from crib_trainer.analysis.position import check_scores
from crib_trainer.core.cards import Card
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import DrillKind
from crib_trainer.training.drills.pegdrills import PegDrill, deal_moments
from crib_trainer.training.shapes import PositionPlayQuestion
from crib_trainer.training.words.position_words import play_reason

#: Moments looked at for one question, at most (docs/benchmarks.md: about one in eight
#: teaches at some pair of needs).
TRIES = 36
#: Cards laid before the moment, at least: at most five are left to lay.
MIN_PLAYED = 3
#: A moment teaches when, at its score, the best chance beats the points-best's by this.
TEACHES = 0.01
#: The needs tried (points to go out), in a game to 121; the five-card game's are halved.
MY_NEEDS = (2, 10)
HIS_NEEDS = (2, 6)


@dataclass(frozen=True, slots=True)
class PlayChances:
    """The legal cards (the pegging analysis' options, in its order: the most points
    first), each one's chance to win, and the chance he then holds a card that pegs out."""

    options: tuple[PlayOption, ...]
    wins: tuple[float, ...]
    outs: tuple[float, ...]
    me: int
    him: int
    target: int

    @property
    def best(self) -> int:
        """The index of the best chance (the most points among equal chances)."""
        return max(range(len(self.wins)), key=lambda i: (self.wins[i], -i))

    def index_of(self, card: Card) -> int:
        """The index of the option for ``card``, or for a card of its rank (suits do not
        matter in the play: the analysis may list one card of a rank or each)."""
        cards = [o.card for o in self.options]
        if card in cards:
            return cards.index(card)
        return next(i for i, c in enumerate(cards) if c.rank == card.rank)

    def reason(self) -> str:
        """Why the best chance is best, in a player's words."""
        return play_reason(
            [f"the {o.card}" for o in self.options],
            [o.immediate for o in self.options],
            list(self.wins),
            list(self.outs),
            self.target - self.me,
            self.target - self.him,
        )


@dataclass(frozen=True, slots=True)
class PositionPlay:
    """A pegging moment (the pegging drill's :class:`PegDrill`) at a score: ``me`` and
    ``him`` before the card is laid."""

    peg: PegDrill
    me: int
    him: int

    kind = DrillKind.POSITION.value

    @property
    def situation(self) -> PegSituation:
        return self.peg.situation

    @property
    def dealer(self) -> bool:
        return self.peg.situation.dealer

    @property
    def variant(self) -> str:
        return self.peg.situation.variant.name

    def question(self) -> PositionPlayQuestion:
        """The pegging drill's question (``hand``, ``played``, ``starter``, ``discards``,
        ``dealer``, ``variant``, ``themes``, ``opponent``) plus ``"score": [me, him]``."""
        q = self.peg.question()
        return {
            "hand": q["hand"],
            "played": q["played"],
            "starter": q["starter"],
            "discards": q["discards"],
            "dealer": q["dealer"],
            "variant": q["variant"],
            "themes": q["themes"],
            "opponent": q["opponent"],
            "score": [self.me, self.him],
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> PositionPlay:
        """The drill a stored question asks (``ValueError`` if it cannot be)."""
        me, him = (int(x) for x in q["score"])
        check_scores(me, him, get_variant(q.get("variant", "six-card")))
        peg = PegDrill.from_question({**q, "target": None})
        read_situation(peg.situation)  # a moment that cannot happen is refused here
        return cls(peg, me, him)

    def chances(self) -> PlayChances:
        """Every legal card with its chance to win (slow: the exact pegging analysis)."""
        return play_chances(self.situation, self.me, self.him)


def play_chances(situation: PegSituation, me: int, him: int) -> PlayChances:
    """The pegging analysis of ``situation`` and each card's chance to win at the score."""
    analysis = analyse(situation)
    return PlayChances(
        analysis.options,
        tuple(float(w) for w in play_wins(situation, analysis, me=me, him=him)),
        tuple(float(p) for p in his_peg_outs(situation, analysis, me=me, him=him)),
        me,
        him,
        situation.variant.target,
    )


def _needs(target: int, needs: tuple[int, int]) -> range:
    scale = target / 121
    return range(max(2, round(needs[0] * scale)), max(2, round(needs[1] * scale)) + 1)


def position_play(rng: random.Random, *, variant: str = "six-card") -> PositionPlay:
    """A pegging moment at a score where the best chance is not the most points (see the
    module's text)."""
    drill = None
    for _ in range(TRIES):
        tried, teaches = deal_try(rng, variant)
        drill = tried or drill
        if teaches:
            break
    assert drill is not None  # (nearly every deal has moments late in the play)
    return drill


def deal_try(rng: random.Random, variant: str = "six-card") -> tuple[PositionPlay | None, bool]:
    """One try: a deal played out, one of its moments late in the play, and needs at
    which it teaches if there are any (True), else needs drawn at random (False). None
    when the deal has no such moment."""
    v = get_variant(variant)
    mine_needs, his_needs = _needs(v.target, MY_NEEDS), _needs(v.target, HIS_NEEDS)
    moments = [m for m in deal_moments(rng, v) if len(m.situation.cards_played) >= MIN_PLAYED]
    if not moments:
        return None, False
    peg = rng.choice(moments)
    s = peg.situation
    analysis = analyse(s)
    teaching = []
    for mine in mine_needs:
        for his in his_needs:
            wins = play_wins(s, analysis, me=v.target - mine, him=v.target - his)
            if max(wins) - wins[0] >= TEACHES:
                teaching.append((mine, his))
    if teaching:
        mine, his = rng.choice(teaching)
    else:
        mine, his = rng.choice(mine_needs), rng.choice(his_needs)
    return PositionPlay(peg, v.target - mine, v.target - his), bool(teaching)

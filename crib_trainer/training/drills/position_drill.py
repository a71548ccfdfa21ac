"""The position drill: a throw near the end of the game with the score shown, graded by
the chance to win given up (:mod:`crib_trainer.analysis.position`).

Deals are drawn where the score changes the answer most often (each side needing 4 to
20), dealer and pone alike: since each throw's play comes from the plays of its own
kept ranks (:mod:`crib_trainer.analysis.keepplay`), a throw beats the points-best by 1%
or more in 41% of such deals as dealer and 25% as pone (300 seeded positions,
``bench/position_keep_bench.py``). Up to :data:`TRIES` deals are looked at and the
first whose best chance beats the points-best by :data:`TEACHES`, and by more than the
sample's error (:meth:`PositionAnalysis.as_good_as_best`), is asked (else the last one).

>>> import random
>>> d = position_drill(random.Random(1))
>>> d.kind, PositionDrill.from_question(d.question()) == d
('position', True)
>>> 0 < 121 - d.me <= 20 and 0 < 121 - d.him <= 20
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crib_trainer.analysis.position import PositionAnalysis, analyse_position, check_scores
from crib_trainer.core.cards import FULL_DECK, Card, parse_cards
from crib_trainer.core.variants import get_variant
from crib_trainer.training.attempt import DrillKind
from crib_trainer.training.shapes import PositionQuestion

#: Deals looked at for one question, at most.
TRIES = 12
#: A position teaches when its best chance beats the points-best's by this much.
TEACHES = 0.01
#: The needs dealt (points to go out), each side.
NEEDS = (4, 20)
#: The share of questions dealt as pone when the role is not asked for.
PONE_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class PositionDrill:
    """Cards dealt, the role and both scores before the deal (two-player games)."""

    cards: tuple[Card, ...]
    dealer: bool
    me: int
    him: int
    variant: str = "six-card"

    kind = DrillKind.POSITION.value

    def question(self) -> PositionQuestion:
        return {
            "cards": [c.code for c in self.cards],
            "role": "dealer" if self.dealer else "pone",
            "variant": self.variant,
            "score": [self.me, self.him],
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> PositionDrill:
        """The drill a stored question asks (``ValueError`` if its score cannot be)."""
        me, him = (int(x) for x in q["score"])
        variant = get_variant(q.get("variant", "six-card"))
        check_scores(me, him, variant)
        cards = parse_cards(q["cards"])
        if len(cards) != variant.dealt:
            raise ValueError(f"a {variant.name} deal has {variant.dealt} cards")
        return cls(cards, q["role"] == "dealer", me, him, variant.name)

    def analyse(self) -> PositionAnalysis:
        """Every throw ranked by the chance to win."""
        return analyse_position(
            self.cards, dealer=self.dealer, me=self.me, him=self.him, variant=self.variant
        )


def position_drill(
    rng: random.Random, *, dealer: bool | None = None, variant: str = "six-card"
) -> PositionDrill:
    """A deal near the end of the game where the score matters (see the module's text)."""
    v = get_variant(variant)
    scale = v.target / 121  # the five-card game to 61: needs scaled down
    low, high = max(1, round(NEEDS[0] * scale)), max(2, round(NEEDS[1] * scale))
    drill = None
    for _ in range(TRIES):
        cards = tuple(sorted(rng.sample(FULL_DECK, v.dealt)))
        role = rng.random() >= PONE_SHARE if dealer is None else dealer
        me, him = v.target - rng.randint(low, high), v.target - rng.randint(low, high)
        drill = PositionDrill(cards, role, me, him, v.name)
        p = drill.analyse()
        if p.best.win - p.points_best.win >= TEACHES and not p.as_good_as_best(p.points_best):
            break
    assert drill is not None
    return drill

"""The position analysis in plain Python answers as the numpy version did (issue 38):
every throw's chance to win in every sampled play, its mean, its standard error, the
ranking, and the crib per starter, over seeded random deals in both games, both roles,
both models of his throw, at scores mid-game, near the end and at its last holes. The
numpy version is kept in ``position_oracle.py`` (tests only) as the reference."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from crib_trainer.analysis.discard import unseen_cards
from crib_trainer.analysis.position import analyse_position, crib_chances, pair_weights
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD, Variant
from tests.analysis import position_oracle as oracle
from tests.conftest import examples

#: Positions per game, role and model (a quarter in the default run: 6 each, 48 in all).
DEALS = examples(24)


def scores(rng: random.Random, i: int, target: int) -> tuple[int, int]:
    """Mid-game, near the end, or at the last holes (a need of 1 or 2: heels and the
    play's last card decide), by turns."""
    if i % 3 == 0:
        return rng.randrange(0, target - 30), rng.randrange(0, target - 30)
    if i % 3 == 1:
        return rng.randrange(target - 25, target), rng.randrange(target - 25, target)
    return target - rng.choice((1, 2, 3)), target - rng.choice((1, 2, 3, 8))


@pytest.mark.parametrize(
    ("variant", "dealer", "opponent"),
    list(itertools.product((SIX_CARD, FIVE_CARD), (True, False), ("random", "weighted"))),
    ids=lambda x: x.name if isinstance(x, Variant) else str(x),
)
@pytest.mark.slow  # (an oracle of the analysis: the slow checks, as the brute-force ones)
def test_the_plain_analysis_answers_as_the_numpy_one(variant, dealer, opponent):
    rng = random.Random(f"{variant.name} {dealer} {opponent}")
    for i in range(DEALS):
        cards = rng.sample(FULL_DECK, variant.dealt)
        me, him = scores(rng, i, variant.target)
        p = analyse_position(
            cards, dealer=dealer, me=me, him=him, variant=variant, opponent=opponent
        )
        options = p.points.options  # (in the points analysis' order, as the rows come)
        throws, keeps = [o.discard for o in options], [o.keep for o in options]
        weights = pair_weights(variant.name, dealer) if opponent == "weighted" else None
        array = oracle.pair_weights_array(weights)
        unseen = unseen_cards(cards)
        cribs = np.array(crib_chances(unseen, throws, weights))
        assert np.abs(cribs - oracle.crib_chances(unseen, throws, array)).max() < 1e-12
        rows = oracle.throw_win_plays(
            cards, throws, keeps, dealer=dealer, me=me, him=him, variant=variant, weights=array
        )
        wins = np.clip(rows.mean(axis=1), 0.0, 1.0)
        errors = rows.std(axis=1, ddof=1) / np.sqrt(rows.shape[1])
        row = {id(o): t for t, o in enumerate(options)}
        for o in p.options:
            assert o.win == pytest.approx(wins[row[id(o.option)]], abs=1e-9)
            assert o.error == pytest.approx(errors[row[id(o.option)]], abs=1e-9)
        assert_ranked_alike(p.options, [row[id(o.option)] for o in p.options], wins)


def assert_ranked_alike(ranked, rows, wins):
    """The throws come in the order the numpy version's chances give (best first, to six
    decimals, ties in the points analysis' order), but where one of its chances lies within
    1e-9 of a half step of the sixth decimal, either rounding is its (a true chance of
    43/128 = 0.3359375 came out as 0.3359374999999999 for one throw and as
    0.3359375000000001 for two that keep other cards: it ranked equal throws apart)."""

    def keys(w: float) -> tuple[float, float]:
        """The sixth-decimal figures ``w`` may round to, give or take 1e-9."""
        return round(w - 1e-9, 6), round(w + 1e-9, 6)

    if not any(keys(w)[0] != keys(w)[1] for w in wins):
        assert rows == sorted(range(len(wins)), key=lambda t: -round(wins[t], 6))
        return
    for (a, b), (x, y) in zip(itertools.pairwise(rows), itertools.pairwise(ranked), strict=True):
        assert keys(wins[a])[1] >= keys(wins[b])[0]  # (not below the next but by rounding)
        if round(x.win, 6) == round(y.win, 6):
            assert a < b  # equal: the points analysis' order

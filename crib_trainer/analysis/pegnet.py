"""The expected net points of the play for the cards kept: a table by the kept ranks and
the role, estimated offline by expert self-play (:mod:`crib_trainer.analysis.build.pegnet`)
and shipped as ``analysis/data/pegnet.npz``.

The net is the keeper's points in the play less his opponent's (his heels not counted).
Each key's sample mean is shrunk toward a smooth model of the ranks (:func:`shrink`), so a
key whose sample came out high by chance is pulled back in proportion to its noise.

>>> net = pegging_net([5, 5, 10, 11], dealer=True)
>>> net.se < 0.5, -3 < net.net < 5
(True, True)

:func:`with_pegging` ranks a discard analysis's throws by hand + crib + pegging (the
``discard --with-pegging`` table and the discard drill's pegging toggle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from crib_trainer.analysis.discard import DiscardAnalysis, ThrowOption
from crib_trainer.analysis.ranksets import multiset_index
from crib_trainer.core.cards import Card
from crib_trainer.core.variants import SIX_CARD, Variant, get_variant

#: The table built by :mod:`crib_trainer.analysis.build.pegnet`.
TABLE_PATH = Path(__file__).parent / "data" / "pegnet.npz"
_PIPS = np.minimum(np.arange(1, 14), 10)


#: Throws whose totals are this close to the best are as good as it (and so are those
#: within the pegging figures' combined error: :func:`with_pegging`).
AS_GOOD = 0.1


@dataclass(frozen=True, slots=True)
class PegNet:
    """The expected net of the play for a kept hand in a role, with its standard error."""

    net: float
    se: float


@dataclass(frozen=True, slots=True)
class PeggedThrow:
    """A throw with the play counted: its points analysis, the pegging net of the cards it
    keeps, ``total`` (net + pegging), ``loss`` against the best total, ``as_good`` (within
    0.1 of the best total, or within the pegging figures' error: :func:`with_pegging`)."""

    option: ThrowOption
    pegging: PegNet
    total: float
    loss: float
    as_good: bool

    def to_json(self) -> dict[str, object]:
        """The option's JSON with ``pegging``, ``pegging_se``, ``total``, ``total_loss``;
        ``as_good`` is by the total."""
        out = self.option.to_json()
        out.update(
            pegging=round(self.pegging.net, 4),
            pegging_se=round(self.pegging.se, 4),
            total=round(self.total, 4),
            total_loss=round(self.loss, 4),
            as_good=self.as_good,
        )
        return out


def features(counts: np.ndarray) -> np.ndarray:
    """The smooth model's inputs for rows of rank counts (column 0 aces … 12 kings): the
    counts themselves, the pairs, the ranks next to a held rank, the pairs of cards making
    fifteen.

    >>> features(np.array([[0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1, 0, 0]]))[0, 13:].tolist()
    [1.0, 1.0, 4.0]
    """
    counts = np.asarray(counts, dtype=np.float64)
    pairs = (counts * (counts - 1) / 2).sum(axis=1)
    held = counts > 0
    neighbours = (held[:, 1:] & held[:, :-1]).sum(axis=1)
    fifteens = np.zeros(len(counts))
    for r in range(13):
        for s in range(r + 1, 13):
            if _PIPS[r] + _PIPS[s] == 15:
                fifteens += counts[:, r] * counts[:, s]
    return np.column_stack([counts, pairs, neighbours, fifteens])


def sample_se(sd: np.ndarray, n: int) -> np.ndarray:
    """Each key's standard error from its sample's standard deviation, the deviation held
    to at least half its role's (row's) pooled one: a small sample that came out all alike
    does not claim to be exact.

    >>> sample_se(np.array([[0.0, 2.0, 2.0]]), 4).tolist()
    [[0.408248290463863, 1.0, 1.0]]
    """
    pooled = np.sqrt(np.mean(sd**2, axis=1, keepdims=True))
    return np.maximum(sd, pooled / 2) / np.sqrt(n)


def shrink(
    raw: np.ndarray, se: np.ndarray, counts: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Empirical Bayes per role (row): fit the smooth model (:func:`features`, least
    squares) to the keys' sample means ``raw``; ``tau²`` is the keys' spread about it less
    the sampling noise (their mean ``se²``). Each key moves from the model toward its own
    mean by ``1 - B`` where ``B = se² / (se² + tau²)``, and its standard error becomes
    ``se √(1 - B (1 - h))``, ``h`` the key's leverage in the fit (the model's own error
    counted, so a key never claims more precision than the fit has). Returns (model,
    estimate, its se, tau per role).

    >>> counts = np.eye(13, dtype=np.int64)[[0, 4, 9, 12]] * 4
    >>> prior, est, err, tau = shrink(np.ones((2, 4)), np.full((2, 4), 0.1), counts)
    >>> np.allclose(est, 1.0), bool((err <= 0.1).all())
    (True, True)
    """
    x = features(counts)
    leverage = np.einsum("ij,ij->i", x @ np.linalg.pinv(x.T @ x), x)
    prior = np.empty_like(raw)
    estimate = np.empty_like(raw)
    error = np.empty_like(raw)
    tau = np.empty(len(raw))
    for role in range(len(raw)):
        coef, *_ = np.linalg.lstsq(x, raw[role], rcond=None)
        prior[role] = x @ coef
        spread = float(np.mean((raw[role] - prior[role]) ** 2) - np.mean(se[role] ** 2))
        tau2 = max(spread, 1e-6)
        b = se[role] ** 2 / (se[role] ** 2 + tau2)
        estimate[role] = prior[role] + (1 - b) * (raw[role] - prior[role])
        error[role] = se[role] * np.sqrt(1 - b * (1 - leverage))
        tau[role] = np.sqrt(tau2)
    return prior, estimate, error, tau


@cache
def _table(name: str) -> tuple[np.ndarray, np.ndarray]:
    key = name.replace("-", "_")
    with np.load(TABLE_PATH) as data:
        if f"{key}_net" not in data:
            raise ValueError(f"no pegging table for the {name} game")
        return data[f"{key}_net"], data[f"{key}_se"]


def pegging_net(
    kept: Sequence[Card] | Sequence[int], *, dealer: bool, variant: Variant | str = SIX_CARD
) -> PegNet:
    """The expected net of the play for the ``kept`` cards (or ranks) in a role."""
    v = get_variant(variant)
    ranks = tuple(sorted(int(c.rank) if isinstance(c, Card) else int(c) for c in kept))
    if len(ranks) != v.hand_size:
        raise ValueError(f"a {v.name} hand keeps {v.hand_size} cards, not {len(ranks)}")
    net, se = _table(v.name)
    row = multiset_index(v.hand_size)[ranks]
    role = 1 if dealer else 0
    return PegNet(float(net[role, row]), float(se[role, row]))


def with_pegging(analysis: DiscardAnalysis) -> tuple[PeggedThrow, ...]:
    """The throws ranked by hand + crib + the play (best first; ties keep the points
    order). A throw is ``as_good`` as the best when its total is within
    :data:`AS_GOOD` of it or within the two pegging figures' combined standard error (the
    table cannot tell them apart; the same kept ranks have the same figure, no error).

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> ranked = with_pegging(analyse_discards("5H 5D JS QC 2C 9D", dealer=True))
    >>> ranked[0].loss, len(ranked)
    (0.0, 15)
    """
    rows = [
        (o, pegging_net(o.keep, dealer=analysis.dealer, variant=analysis.variant))
        for o in analysis.options
    ]
    rows.sort(key=lambda row: -(row[0].net_ev + row[1].net))
    top, top_peg = rows[0]
    best = top.net_ev + top_peg.net
    out = []
    for o, p in rows:
        loss = best - (o.net_ev + p.net)
        same_key = sorted(c.rank for c in o.keep) == sorted(c.rank for c in top.keep)
        error = 0.0 if same_key else (p.se**2 + top_peg.se**2) ** 0.5
        out.append(PeggedThrow(o, p, o.net_ev + p.net, loss, loss <= max(AS_GOOD, error)))
    return tuple(out)

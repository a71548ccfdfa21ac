"""Build the weighted opponent's table (``data/throw_weights.json``), offline.

Run from the repository: ``python -m crib_trainer.analysis.build.weights`` (about 40
seconds for the four variants; ``--check`` rebuilds and compares with the shipped file
instead of writing; ``--variant V`` builds only V).

The method, for each variant, follows the iteration Hessel describes for his discard
tables (cribbageforum.com, "Discarding to your crib"):

1. Start with every throw equally likely (the random model).
2. For each multiset of ranks a player can throw, compute the average crib when he
   throws it to his own crib ("own") and to an opponent's ("other"): the exact crib
   model of :mod:`crib_trainer.analysis.discard`, the other throwers using the current
   weights, the starter uniform over the rest of the pack; averaged over the throw's
   suits (suited and unsuited, by how many card sets each is).
3. For every rank pattern of a dealt hand (18,395 in the six-card game), each kind of
   thrower picks the throw with the best value: the kept ranks' average show over the
   unseen starters (suit-free points, plus 12/51 of a point per kept jack for his nob;
   hand flushes ignored), plus the crib average for "own", minus it for "other". Ties go
   to the lowest throw in rank order.
4. Count, over every deal (each pattern weighs the number of card sets with its ranks),
   how many deals throw and keep each multiset of ranks. A particular set of cards is
   then thrown with weight count / (card sets with those ranks).
5. Repeat 2-4. For the first 10 rounds the counts are replaced; after that each round's
   counts are averaged in (fictitious play), because a few dozen patterns of nearly equal
   value otherwise flip between two throws for ever. Stop when no crib average moves by
   0.0001 in a round.

The file also records, per thrown multiset, the crib average *as thrown*: over the deals
that throw it, with the rest of the thrower's hand known (Hessel's measure, which the
benchmark compares with his published table).

What the table leaves out: suits in the choice (flushes, which jack), pegging, and board
position; and in the analysis a thrower's throw is independent of the rest of his hand.
It models a sound player who maximises his average, not any one person.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from math import comb, prod
from pathlib import Path
from typing import Any

import numpy as np

from crib_trainer.analysis.discard import (
    CRIB_SLOTS,
    JACK,
    CribModel,
    crib_totals,
    slot_model,
    unseen_cards,
)
from crib_trainer.analysis.opponent import DATA_FILE, rank_key
from crib_trainer.analysis.ranksets import card_set_ways, multiset_index, multisets, points_matrix
from crib_trainer.core.cards import SUIT_ORDER, Card, Rank
from crib_trainer.core.variants import VARIANTS, Variant

NOB_CHANCE = 12 / 51  # a kept jack's suit matches the starter's, suits unknown
BURN_IN = 10
TOLERANCE = 1e-4
MAX_ROUNDS = 400
ROLES = ("own", "other")


@dataclass
class Choices:
    """Every (dealt pattern, throw) pair of a variant, with the kept hand's value."""

    pattern: np.ndarray  # pattern row of each pair
    throw: np.ndarray  # multisets(k) row of the thrown ranks
    keep: np.ndarray  # multisets(hand size) row of the kept ranks
    hand_value: np.ndarray
    deals: np.ndarray  # card sets per pattern
    starts: np.ndarray  # first pair of each pattern


def choices(variant: Variant) -> Choices:
    """Enumerate every dealt rank pattern and its distinct throws."""
    k, h = variant.discard, variant.hand_size
    patterns, counts = multisets(variant.dealt)
    throw_index, keep_index = multiset_index(k), multiset_index(h)
    hand_points = points_matrix(h, 1)
    rows: list[tuple[int, int, int]] = []
    starts = []
    for p, ranks in enumerate(patterns):
        starts.append(len(rows))
        seen = set()
        for pick in _sub_multisets(ranks, k):
            if pick in seen:
                continue
            seen.add(pick)
            rest = list(ranks)
            for r in pick:
                rest.remove(r)
            rows.append((p, throw_index[pick], keep_index[tuple(rest)]))
    pattern, throw, keep = (np.array(col, dtype=np.int64) for col in zip(*rows, strict=True))
    starters = 4 - counts[pattern]  # unseen cards of each rank
    _, keep_counts = multisets(h)
    hand_value = (hand_points[keep] * starters).sum(axis=1) / (52 - variant.dealt)
    hand_value = hand_value + NOB_CHANCE * keep_counts[keep, JACK - 1]
    deals = np.array([prod(comb(4, c) for c in row) for row in counts.tolist()], dtype=np.int64)
    return Choices(pattern, throw, keep, hand_value, deals, np.array(starts, dtype=np.int64))


def _sub_multisets(ranks: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    return [tuple(c) for c in combinations(ranks, k)]


def representatives(ranks: tuple[int, ...]) -> list[tuple[tuple[Card, ...], int]]:
    """Cards standing for a thrown rank multiset, each with how many card sets it stands
    for: one suit pattern for a single card or a pair; suited and unsuited otherwise.
    """
    if len(ranks) == 1 or ranks[0] == ranks[1]:
        cards = tuple(Card(Rank(r), SUIT_ORDER[i]) for i, r in enumerate(ranks))
        return [(cards, prod(comb(4, ranks.count(r)) for r in set(ranks)))]
    a, b = (Rank(r) for r in ranks)
    suited = (Card(a, SUIT_ORDER[0]), Card(b, SUIT_ORDER[0]))
    unsuited = (Card(a, SUIT_ORDER[0]), Card(b, SUIT_ORDER[1]))
    return [(suited, 4), (unsuited, 12)]


def role_model(variant: Variant, role: str, weights: dict[str, np.ndarray]) -> CribModel:
    """The other crib cards, seen by a thrower of this role, the others using ``weights``."""
    slots = list(CRIB_SLOTS[variant.name])
    slots.remove(role)
    return slot_model([None if s == "pack" else weights[s] for s in slots])


def crib_averages(variant: Variant, weights: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Average crib for each thrown rank multiset, per role, with the others weighted:
    the thrower's other cards unknown (the rest of the pack is unseen).
    """
    keys, _ = multisets(variant.discard)
    out = {}
    for role in ROLES:
        model = role_model(variant, role, weights)
        values = np.zeros(len(keys))
        for row, ranks in enumerate(keys):
            total = 0.0
            for cards, sets in representatives(ranks):
                sums, weight = crib_totals(unseen_cards(cards), [cards], model)
                total += sets * sums[0] / weight
            values[row] = total / sum(sets for _, sets in representatives(ranks))
        out[role] = values
    return out


def best_throws(c: Choices, crib: np.ndarray, sign: int) -> np.ndarray:
    """Index (into the pairs) of each pattern's best throw; ties to the first."""
    value = c.hand_value + sign * crib[c.throw]
    best = np.maximum.reduceat(value, c.starts)
    is_best = value >= best[c.pattern] - 1e-12
    _, first = np.unique(c.pattern[is_best], return_index=True)
    return np.flatnonzero(is_best)[first]


def as_thrown_averages(
    variant: Variant, c: Choices, crib: dict[str, np.ndarray], weights: dict[str, np.ndarray]
) -> dict[str, np.ndarray]:
    """Average crib per thrown rank multiset over the deals that throw it (Hessel's
    measure): the rest of the thrower's hand is known, so cards he kept cannot be cut or
    thrown by the others. Suit-free points are recomputed per dealt pattern; flushes and
    nobs keep their pack-wide values.
    """
    k, m = variant.discard, variant.crib_size - variant.discard
    _, pattern_counts = multisets(variant.dealt)
    keys_k, counts_k = multisets(k)
    _, counts_m = multisets(m)
    _, counts_big = multisets(m + 1)
    points = points_matrix(k, m + 1).astype(np.float64)
    out = {}
    for role in ROLES:
        model = role_model(variant, role, weights)
        chosen = best_throws(c, crib[role], +1 if role == "own" else -1)
        pattern, thrown = c.pattern[chosen], c.throw[chosen]
        deals = c.deals[pattern].astype(np.float64)
        unseen = 4 - pattern_counts[pattern]
        value = np.empty(len(chosen))
        for start in range(0, len(chosen), 256):
            rows = slice(start, start + 256)
            value[rows] = _rank_part(
                unseen[rows], points[thrown[rows]], model, 52 - variant.dealt, counts_m, counts_big
            )
        pack = _rank_part(4 - counts_k, points, model, 52 - k, counts_m, counts_big)
        dealt = np.bincount(thrown, weights=deals, minlength=len(keys_k))
        known = np.bincount(thrown, weights=deals * value, minlength=len(keys_k))
        with np.errstate(invalid="ignore", divide="ignore"):
            out[role] = np.where(dealt > 0, crib[role] + known / dealt - pack, np.nan)
    return out


def _rank_part(
    unseen: np.ndarray,
    points: np.ndarray,
    model: CribModel,
    n_unseen: int,
    counts_m: np.ndarray,
    counts_big: np.ndarray,
) -> np.ndarray:
    """Mean suit-free crib points, row by row: unseen rank counts, points of the throw."""
    histogram = card_set_ways(unseen, counts_big) * model.per_multiset[None, :]
    weight = (n_unseen - model.m) * (card_set_ways(unseen, counts_m) @ model.weights)
    return (histogram * points).sum(axis=1) / weight


@dataclass
class Result:
    variant: Variant
    rounds: int
    last_change: float  # largest change of any crib average in the last round
    gap: float  # share of deals whose best throw differs from the table's mixture
    throws: dict[str, np.ndarray]  # deals per thrown multiset, per role
    keeps: dict[str, np.ndarray]
    crib: dict[str, np.ndarray]
    as_thrown: dict[str, np.ndarray]
    deals: int
    patterns: int


def build(variant: Variant, log: Callable[[str], None] | None = None) -> Result:
    """Iterate best throws to a stable table for one variant.

    The first ``BURN_IN`` rounds replace the table with the best throws; after that each
    round averages them in (fictitious play: round t weighs 1/t), which settles the
    few patterns that would otherwise flip back and forth between two throws of almost
    equal value. It stops when no crib average moves by ``TOLERANCE`` in a round.
    """
    c = choices(variant)
    keys_k, _ = multisets(variant.discard)
    keys_h, _ = multisets(variant.hand_size)
    sets_k = np.array([prod(comb(4, r.count(x)) for x in set(r)) for r in keys_k], dtype=float)
    weights = {role: np.ones(len(keys_k)) for role in ROLES}
    throws: dict[str, np.ndarray] = {}
    keeps: dict[str, np.ndarray] = {}
    crib = crib_averages(variant, weights)
    rounds, change, gap = 0, float("inf"), 0.0
    while rounds < MAX_ROUNDS and change >= TOLERANCE:
        rounds += 1
        step = 1.0 if rounds <= BURN_IN else 1.0 / (rounds - BURN_IN + 1)
        gap = 0.0
        for role in ROLES:
            chosen = best_throws(c, crib[role], +1 if role == "own" else -1)
            deals = c.deals[c.pattern[chosen]]
            thrown = np.bincount(c.throw[chosen], weights=deals, minlength=len(keys_k))
            kept = np.bincount(c.keep[chosen], weights=deals, minlength=len(keys_h))
            if role in throws:
                gap = max(gap, float(np.abs(thrown - throws[role]).sum()) / 2 / c.deals.sum())
                thrown = throws[role] + step * (thrown - throws[role])
                kept = keeps[role] + step * (kept - keeps[role])
            throws[role], keeps[role] = thrown, kept
            weights[role] = thrown / sets_k
        new_crib = crib_averages(variant, weights)
        change = max(float(np.abs(new_crib[r] - crib[r]).max()) for r in ROLES)
        crib = new_crib
        if log:
            log(f"{variant.name}: round {rounds}, crib averages moved up to {change:.6f}")
    return Result(
        variant,
        rounds,
        change,
        gap,
        throws,
        keeps,
        crib,
        as_thrown_averages(variant, c, crib, weights),
        int(c.deals.sum()),
        len(c.starts),
    )


def to_json(results: list[Result]) -> dict[str, Any]:
    variants: dict[str, object] = {}
    for res in results:
        v = res.variant
        keys_k, _ = multisets(v.discard)
        keys_h, _ = multisets(v.hand_size)
        entry: dict[str, object] = {
            "dealt": v.dealt,
            "throw": v.discard,
            "patterns": res.patterns,
            "deals": res.deals,
            "rounds": res.rounds,
            "last_change": round(res.last_change, 7),
            "gap": round(res.gap, 6),
        }
        for role in ROLES:
            entry[role] = {
                "throws": _counts(keys_k, res.throws[role]),
                "keeps": _counts(keys_h, res.keeps[role]),
                "crib": _averages(keys_k, res.crib[role]),
                "crib_as_thrown": _averages(keys_k, res.as_thrown[role]),
            }
        variants[v.name] = entry
    return {
        "about": (
            "How a good player throws: for each variant and thrower ('own': to his own or "
            "his side's crib; 'other': to an opponent's), the number of deals (out of "
            "'deals') in which he throws and keeps each multiset of ranks, and the average "
            "crib per thrown multiset. Built by iterating best throws over every dealt rank "
            "pattern until no choice changes; see crib_trainer/analysis/build/weights.py."
        ),
        "made_by": "python -m crib_trainer.analysis.build.weights",
        "variants": variants,
    }


def _counts(keys: tuple[tuple[int, ...], ...], deals: np.ndarray) -> dict[str, int]:
    """Deals per rank multiset, to the nearest deal, leaving out those never thrown/kept."""
    rounded = (round(float(n)) for n in deals)
    return {rank_key(r): n for r, n in zip(keys, rounded, strict=True) if n}


def _averages(keys: tuple[tuple[int, ...], ...], values: np.ndarray) -> dict[str, float]:
    return {rank_key(r): round(float(x), 4) for r, x in zip(keys, values, strict=True) if x == x}


def default_path() -> Path:
    return Path(__file__).with_name("data") / DATA_FILE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_path())
    parser.add_argument("--check", action="store_true", help="compare with --out, write nothing")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    names = args.variant or list(VARIANTS)

    def log(text: str) -> None:
        print(text, file=sys.stderr)

    results = [build(VARIANTS[n], log) for n in names]
    data = to_json(results)
    text = json.dumps(data, indent=1, sort_keys=False) + "\n"
    if args.check:
        shipped = json.loads(args.out.read_text(encoding="utf-8"))
        same = all(shipped["variants"][n] == data["variants"][n] for n in names)
        print("same as shipped" if same else "DIFFERS from shipped")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

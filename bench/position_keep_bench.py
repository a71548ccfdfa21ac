"""What the play of the kept hand changes in position-aware throws (issue 18, item 3).

Run:  python bench/position_keep_bench.py [--positions N] [--seed S] [--truth-plays M]

1. Accuracy of the play: for ten kept hands in each role of the six-card game, M fresh
   plays of each by expert self-play (``build_pegnet.play_out``, seed 7, independent of
   the shipped files) are the truth; for every pair of needs 1–16 (mine, his) it compares
   the chance that I peg out first, and that he does, with (a) the shipped plays of that
   kept hand (``keep_play.npz``, what ``analyse_position`` reads now) and (b) the deal
   sample's plays, the same for every keep (what it read before). Prints the mean
   absolute error over the 256 pairs of needs, averaged over the hands, and the truth's
   own sampling error (half the mean gap between its two halves).
2. How often the answer changes: N seeded six-card deals (alternately pone and dealer),
   each side needing 1–20, ranked by ``analyse_position`` with the play of each kept hand
   and again with the deal sample's play for every keep; counts the deals whose win-best
   kept ranks differ, and the chance to win (by the play of each keep) that the old
   choice gives up; and, each way, the deals whose win-best throw beats the points-best
   by 1% or more (those the position drill looks for).
3. The play's own sampling error in a throw's chance: for the first 60 of those deals,
   20 bootstrap resamples of every keep's plays; prints the standard deviation of each
   throw's chance (median, 90th percentile, largest) and of the gap between the best
   throw and the second.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from unittest import mock

import numpy as np

from crib_trainer.analysis import position
from crib_trainer.analysis.build.keep_play import Events
from crib_trainer.analysis.build.pegnet import play_out
from crib_trainer.analysis.keepplay import PlaySample, keep_play
from crib_trainer.analysis.position import SAMPLE_PATH
from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.variants import SIX_CARD

KEYS = [
    (5, 5, 5, 5),
    (10, 10, 10, 10),
    (10, 11, 12, 13),
    (3, 3, 9, 9),
    (5, 5, 10, 13),
    (7, 8, 8, 9),
    (2, 3, 4, 6),
    (1, 3, 4, 4),
    (4, 5, 6, 7),
    (2, 2, 3, 3),
]
NEEDS = range(1, 17)


def sample_play() -> PlaySample:
    """The deal sample's plays (every keep alike), as ``analyse_position`` read them."""
    with np.load(SAMPLE_PATH) as data:
        who, points = data["six_card_play_role"], data["six_card_play_points"]
        lengths = np.diff(data["six_card_play_start"])
    return PlaySample.of(who, points, lengths)


def sample_of(plays: Sequence[Events]) -> PlaySample:
    """The sample of these plays (each its ``(who, points)`` in order)."""
    flat = [e for events in plays for e in events]
    return PlaySample.of(
        np.array([w for w, _ in flat]),
        np.array([p for _, p in flat]),
        np.array([len(events) for events in plays]),
    )


def first_chances(play: PlaySample, role: int) -> np.ndarray:
    """``[0|1, m, n]``: the chance that I (0) or he (1) peg out first, my need m, his n."""
    out = np.zeros((2, len(NEEDS), len(NEEDS)))
    for i, m in enumerate(NEEDS):
        for j, n in enumerate(NEEDS):
            pone, dealer = (m, n) if role == 0 else (n, m)
            tp, td = np.array(play.pone_reach(pone)), np.array(play.dealer_reach(dealer))
            me, him = (tp, td) if role == 0 else (td, tp)
            out[0, i, j] = np.count_nonzero(me < him) / play.plays
            out[1, i, j] = np.count_nonzero(him < me) / play.plays
    return out


def _truth(job: tuple[tuple[int, ...], int, int]) -> list[Events]:
    ranks, role, plays = job
    return [play_out(ranks, role, j, seed=7, variant=SIX_CARD)[0] for j in range(plays)]


def accuracy(plays: int) -> None:
    jobs = [(k, role, plays) for role in (0, 1) for k in KEYS]
    with ProcessPoolExecutor() as pool:
        truths = list(pool.map(_truth, jobs))
    old = sample_play()
    print(f"1. the chance to peg out first, needs 1–16, against {plays} fresh plays a hand")
    print("| role | truth's own error | this keep's plays (now) | the deal sample (before) |")
    print("|---|---:|---:|---:|")
    for role in (0, 1):
        rows = []
        for (k, r, _), records in zip(jobs, truths, strict=True):
            if r != role:
                continue
            truth = first_chances(sample_of(records), role)
            half = len(records) // 2
            a = first_chances(sample_of(records[:half]), role)
            b = first_chances(sample_of(records[half:]), role)
            now = first_chances(keep_play(k, dealer=role == 1), role)
            rows.append(
                (
                    np.abs(a - b).mean() / 2,
                    np.abs(now - truth).mean(),
                    np.abs(first_chances(old, role) - truth).mean(),
                )
            )
        m = np.mean(rows, axis=0)
        name = "dealer" if role else "pone"
        print(f"| {name} | {m[0]:.2%} | {m[1]:.2%} | {m[2]:.2%} |")


def best_keep(analysis: position.PositionAnalysis) -> tuple[int, ...]:
    return tuple(sorted(int(c.rank) for c in analysis.best.option.keep))


def teaches(analysis: position.PositionAnalysis) -> bool:
    """The win-best throw beats the points-best by 1% or more."""
    return analysis.best.win - analysis.points_best.win >= 0.01


def changes(n: int, seed: int) -> None:
    rng = random.Random(seed)
    old = sample_play()
    rows: dict[bool, list[tuple[bool, bool, bool]]] = {False: [], True: []}
    lost: list[float] = []
    for i in range(n):
        cards: Sequence = rng.sample(FULL_DECK, 6)
        dealer = i % 2 == 1
        me, him = 121 - rng.randint(1, 20), 121 - rng.randint(1, 20)
        new = position.analyse_position(cards, dealer=dealer, me=me, him=him)
        with mock.patch.object(position, "keep_play", lambda *_a, **_k: old):
            before = position.analyse_position(cards, dealer=dealer, me=me, him=him)
        changed = best_keep(new) != best_keep(before)
        rows[dealer].append((changed, teaches(new), teaches(before)))
        if changed:
            was = next(o for o in new.options if o.option.keep == before.best.option.keep)
            lost.append(new.best.win - was.win)
    print(f"\n2. {n} seeded six-card deals (seed {seed}), each side needing 1–20")
    print("| role | deals | win-best keep changes | win-best 1% above points-best: now | before |")
    print("|---|---:|---:|---:|---:|")
    for dealer in (False, True):
        r = np.array(rows[dealer])
        changed, now, before = r.sum(axis=0)
        print(
            f"| {'dealer' if dealer else 'pone'} | {len(r)} | {changed} ({changed / len(r):.0%}) "
            f"| {now / len(r):.0%} | {before / len(r):.0%} |"
        )
    if lost:
        print(
            f"where it changes, the old choice gives up (by each keep's play) a mean "
            f"{statistics.fmean(lost):.2%} to win (median {statistics.median(lost):.2%}), "
            f"at most {max(lost):.2%}; {sum(x >= 0.01 for x in lost)} deals 1% or more"
        )


def resampled(play: PlaySample, rng: np.random.Generator) -> PlaySample:
    """A bootstrap resample of a keep's plays."""
    pick = rng.integers(0, play.plays, play.plays).tolist()
    return PlaySample(
        play.plays,
        [play.pone_play[i] for i in pick],
        [play.dealer_play[i] for i in pick],
        tuple(tuple(side[i] for i in pick) for side in play._points),
        tuple(tuple(side[i] for i in pick) for side in play._events),
    )


def bootstrap(n: int, seed: int, resamples: int = 20) -> None:
    rng = random.Random(seed)
    boot = np.random.default_rng(seed)
    spread: list[float] = []
    gaps: list[float] = []
    for i in range(n):
        cards = rng.sample(FULL_DECK, 6)
        dealer = i % 2 == 1
        me, him = 121 - rng.randint(1, 20), 121 - rng.randint(1, 20)
        base = position.analyse_position(cards, dealer=dealer, me=me, him=him)
        order = [o.option.discard for o in base.options[:2]]
        runs = []
        for _ in range(resamples):
            with mock.patch.object(
                position, "keep_play", lambda *a, **k: resampled(keep_play(*a, **k), boot)
            ):
                again = position.analyse_position(cards, dealer=dealer, me=me, him=him)
            wins = {o.option.discard: o.win for o in again.options}
            runs.append([wins[o.option.discard] for o in base.options])
        table = np.array(runs)
        spread.extend(table.std(axis=0, ddof=1).tolist())
        first = [row[0] - row[1] for row in table]
        gaps.append(float(np.std(first, ddof=1)))
        assert [o.option.discard for o in base.options[:2]] == order
    s = np.array(spread)
    print(f"\n3. bootstrap of the play ({n} of those deals, {resamples} resamples each)")
    print(
        f"a throw's chance: sd median {np.median(s):.2%}, 90th percentile "
        f"{np.quantile(s, 0.9):.2%}, largest {s.max():.2%}; the best throw's lead over the "
        f"second: sd median {np.median(gaps):.2%}, largest {max(gaps):.2%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--truth-plays", type=int, default=600)
    args = parser.parse_args()
    if args.truth_plays:
        accuracy(args.truth_plays)
    changes(args.positions, args.seed)
    bootstrap(min(60, args.positions), args.seed)


if __name__ == "__main__":
    main()

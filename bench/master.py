"""The master against the expert, game by game on the same deals.

Run:  python bench/master.py [--games 2000] [--seed 2026] [--variant six-card]
      [--parts master,throw,card] [--workers N]

Each game seed is played twice: the player under test in seat 0 against the expert, and
the expert in seat 0 against the expert. Both games deal the same cards and go the same
way until the player under test first decides otherwise, so the difference of the two
results, game by game, measures what its own decisions changed with far less noise than
two separate matches: most games never reach a decision where it differs. ``--parts``
names what is tested: ``master`` (the whole player), ``throw`` (its throws, the expert's
cards), ``card`` (its cards, the expert's throws). Prints one table: each part's win share,
the expert's share in the same seats, the paired difference with its 95% interval, and
how many games came out differently. (The player's strength as a user measures it, both
players holding every hand, is ``crib-trainer match master expert --duplicate``; this
script takes the master apart. Both take their 95% intervals from the seeds by
``selfplay.Mean``.)
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from crib_trainer.analysis.players import Expert, Master, Player, make_player
from crib_trainer.analysis.selfplay import Mean, play_out, seat_names
from crib_trainer.core.engine import EngineGame
from crib_trainer.core.variants import get_variant

STRIDE = 1_000_003


@dataclass
class ThrowOnly(Master):
    """The master's throws, the expert's cards."""

    name: str = "throw"
    play = Expert.play
    play_table = Expert.play_table


@dataclass
class CardOnly(Master):
    """The master's cards, the expert's throws."""

    name: str = "card"
    discard = Expert.discard


PARTS = {"master": Master, "throw": ThrowOnly, "card": CardOnly}


def winner(first: Player, seed: int, variant: str) -> int:
    """The side that wins the game of ``seed`` with ``first`` in seat 0 and experts in the
    others."""
    v = get_variant(variant)
    names = seat_names(("expert",) * v.players, v)
    game = EngineGame.new(seed=seed, variant=v, names=names)
    players = [first] + [
        make_player("expert", random.Random(f"{seed}:player:{s}")) for s in range(1, v.players)
    ]
    winner = play_out(game, players).winner
    assert winner is not None
    return winner


def one(job: tuple[str, int, str]) -> tuple[int, int, float]:
    """(tested wins, expert wins, seconds of the tested game) for one seed."""
    part, seed, variant = job
    started = time.process_time()
    tested = winner(PARTS[part](rng=random.Random(seed)), seed, variant) == 0
    spent = time.process_time() - started
    base = winner(make_player("expert", random.Random(seed)), seed, variant) == 0
    return int(tested), int(base), spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variant", default="six-card")
    parser.add_argument("--parts", default="master,throw,card")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"# {platform.node()} · {os.cpu_count()} cores · {args.variant} · "
        f"{args.games} seeds from {args.seed} · {when}"
    )
    print(
        "| part | games | its wins | expert in its seat | paired difference (95%) | "
        "games that differ | CPU ms a game |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    with ProcessPoolExecutor(args.workers) as pool:
        for part in args.parts.split(","):
            jobs = [(part, args.seed * STRIDE + i, args.variant) for i in range(args.games)]
            rows = list(pool.map(one, jobs, chunksize=20))
            n = len(rows)
            diffs = [t - b for t, b, _ in rows]
            paired = Mean.of(diffs)
            won = sum(t for t, _, _ in rows) / n
            base = sum(b for _, b, _ in rows) / n
            differ = sum(1 for d in diffs if d)
            ms = 1000 * sum(s for _, _, s in rows) / n
            print(
                f"| {part} | {n} | {won:.1%} | {base:.1%} | "
                f"{paired.mean:+.2%} ± {paired.ci95:.2%} | {differ} | {ms:.0f} |"
            )


if __name__ == "__main__":
    main()

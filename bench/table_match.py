"""Computer games at a table of three and four: speed, and the dealer's seat advantage.

Run:  python bench/table_match.py [--games 3000] [--speed-games 40] [--seed 2026]
      [--workers N] [--tables three-player four-player]

Expert against expert at every seat (``match expert expert expert --variant
three-player``, ``match expert expert --variant four-player``). Speed is one process on
one core after a warm-up game (CPU seconds; wall seconds, which other processes inflate).
The seat advantage is each place's share of the wins by where it sat from the first
dealer, with its 95% Wilson interval; points per deal are every seat's by its place from
the dealer (deals in which the game was won are left out). Prints one table.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from crib_trainer.analysis.selfplay import play_game, run_match, summarise_table
from crib_trainer.core.variants import get_variant

TABLES = {"three-player": ("expert",) * 3, "four-player": ("expert", "expert")}


def speed(variant: str, names: tuple[str, ...], games: int, seed: int) -> tuple[float, float]:
    """Games per CPU second and per wall second, one process."""
    play_game(*names, seed=-1, variant=variant)  # warm-up: tables, imports
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        play_game(*names, seed=seed + i, variant=variant)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--speed-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--tables", nargs="+", choices=list(TABLES), default=list(TABLES))
    args = parser.parse_args()
    print(
        f"# bench/table_match.py, {args.games} games a table, seed {args.seed}, "
        f"{args.workers} workers, Python {platform.python_version()}, {platform.machine()}"
    )
    print("| table | what | measured | 95% interval |")
    print("|---|---|---:|---:|")
    for variant in args.tables:
        names = TABLES[variant]
        per_cpu, per_wall = speed(variant, names, args.speed_games, args.seed)
        print(
            f"| {variant} | speed, one core | {per_cpu:.1f} games/CPU-s ({per_wall:.1f}/wall-s) | |"
        )
        started = time.perf_counter()
        records = run_match(
            *names, games=args.games, seed=args.seed, variant=variant, workers=args.workers
        )
        seconds = time.perf_counter() - started
        s = summarise_table(records, names, get_variant(variant), seconds=seconds)
        print(f"| {variant} | {args.games} games, pool | {seconds:.0f} s wall | |")
        for place, row in s["first_deal_seat"].items():  # type: ignore[union-attr]
            low, high = row["ci95"]
            print(
                f"| {variant} | wins, {place} at the first deal | {row['share']:.1%} "
                f"| {low:.1%} – {high:.1%} |"
            )
        for place, row in s["per_position"].items():  # type: ignore[union-attr]
            print(
                f"| {variant} | per deal, {place} | {row['total']:.2f} (pegging "
                f"{row['pegging']:.2f}, hand {row['hand']:.2f}, crib {row['crib']:.2f}) | |"
            )


if __name__ == "__main__":
    main()

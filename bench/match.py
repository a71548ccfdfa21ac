"""The match engine against the targets of issue 13: speed, expert-vs-expert points per
deal and first-dealer wins, expert against beginner, and the fast pegging policy's
agreement with the exact pegging analysis.

Run:  python bench/match.py [--games 2000] [--beginner-games 1000] [--agreement-deals 200]
      [--speed-games 100] [--seed 2026] [--workers N]

Speed is one process on one core, after a warm-up game (CPU seconds, and wall seconds,
which other processes on the machine inflate). The rest runs in a process pool. Prints one
table.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import time
from collections import defaultdict
from statistics import fmean

from crib_trainer.analysis.pegging import PegSituation, analyse
from crib_trainer.analysis.players import fast_values, make_player
from crib_trainer.analysis.selfplay import GameRecord, Mean, play_game, run_match
from crib_trainer.core.engine import DEALER, PONE, EngineGame

# Issue 13's targets for expert against expert (points per deal; first dealer's share).
TARGETS = {
    ("dealer", "pegging"): 3.5,
    ("dealer", "hand"): 8.0,
    ("dealer", "crib"): 4.5,
    ("dealer", "total"): 16.0,
    ("pone", "total"): 10.0,
}
FIRST_DEALER = (0.55, 0.56)


def speed(games: int, seed: int) -> tuple[float, float]:
    """Expert-vs-expert games per CPU second and per wall second, one process."""
    play_game("expert", "expert", seed=-1)  # warm-up: tables, imports
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        play_game("expert", "expert", seed=seed + i)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def pooled(records: list[GameRecord]) -> dict[tuple[str, str], Mean]:
    """Points per complete deal for either seat, by role and part."""
    rows: dict[tuple[str, str], list[float]] = defaultdict(list)
    for record in records:
        for deal in record.deals:
            if not deal.complete:
                continue
            for role_name, role in (("dealer", DEALER), ("pone", PONE)):
                parts = [deal.points(role, p) for p in ("pegging", "hand", "crib")]
                for part, points in zip(("pegging", "hand", "crib"), parts, strict=True):
                    rows[role_name, part].append(points)
                rows[role_name, "total"].append(sum(parts))
    return {key: Mean.of(values) for key, values in rows.items()}


def share(wins: int, n: int) -> tuple[float, float]:
    p = wins / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


def agreement(deals: int, seed: int) -> dict[int, list[float]]:
    """For every choice (two or more ranks) in ``deals`` expert-vs-expert deals: how much
    less the fast policy's card is worth than the exact analysis' best, by cards played."""
    losses: dict[int, list[float]] = defaultdict(list)
    expert = make_player("expert")
    for i in range(deals):
        game = EngineGame.new(seed=seed + i, first_dealer=i % 2)
        for seat in (game.pone, game.dealer):
            throw = expert.discard(
                game.hands[seat], dealer=seat == game.dealer, variant=game.variant
            )
            game = game.discard(seat, throw)
        while game.phase == "play":
            state = game.play_state
            legal = state.legal_cards()
            if len({c.rank for c in legal}) > 1:
                seat = game.seat_of(state.turn)
                situation = PegSituation.from_state(
                    state, starter=game.starter, discards=game.thrown[seat]
                )
                exact = {int(o.card.rank): o.expected_net for o in analyse(situation).options}
                fast = fast_values(situation)
                pick = max(fast, key=lambda r: (fast[r], -r))
                losses[len(state.plays)].append(max(exact.values()) - exact[pick])
                card = expert.play(situation)
            else:
                card = legal[0]
            game = game.play(card)
    return losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--beginner-games", type=int, default=1000)
    parser.add_argument("--agreement-deals", type=int, default=200)
    parser.add_argument("--speed-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    per_cpu, per_wall = speed(args.speed_games, args.seed)
    started = time.perf_counter()
    ee = run_match("expert", "expert", games=args.games, seed=args.seed, workers=args.workers)
    ee_seconds = time.perf_counter() - started
    eb = run_match(
        "expert", "beginner", games=args.beginner_games, seed=args.seed, workers=args.workers
    )
    losses = agreement(args.agreement_deals, args.seed)

    print(
        f"# bench/match.py, seed {args.seed}, {args.workers} workers, "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    print("| what | measured | 95% CI | target |")
    print("|---|---:|---:|---|")
    print(
        f"| speed, expert v expert, one core | {per_cpu:.1f} games/CPU-s "
        f"({per_wall:.1f}/wall-s) | | ≥ 20 games/s |"
    )
    print(f"| {args.games} expert v expert games, pool | {ee_seconds:.0f} s wall | | |")
    means = pooled(ee)
    for (role, part), m in sorted(means.items()):
        target = TARGETS.get((role, part))
        mark = ""
        if target is not None:
            inside = abs(m.mean - target) <= m.ci95
            mark = f"about {target} ({'inside' if inside else 'outside'} the CI)"
        print(f"| {role} {part} per deal ({m.n} deals) | {m.mean:.2f} | ± {m.ci95:.2f} | {mark} |")
    p, half = share(sum(r.winner == r.first_dealer for r in ee), len(ee))
    print(f"| first dealer wins | {p:.1%} | ± {half:.1%} | 55–56% |")
    p, half = share(sum(r.winner == 0 for r in eb), len(eb))
    print(f"| expert beats beginner ({len(eb)} games) | {p:.1%} | ± {half:.1%} | ≥ 60% |")
    kinds = defaultdict(int)
    for r in eb:
        kinds[("expert" if r.winner == 0 else "beginner", r.kind)] += 1
    print(f"| their results by kind | {dict(sorted(kinds.items()))} | | |")
    every = [loss for stage in losses.values() for loss in stage]
    within = [loss <= 0.1 + 1e-9 for loss in every]
    p, half = share(sum(within), len(within))
    print(
        f"| fast policy within 0.1 of the exact best ({len(every)} choices, "
        f"{args.agreement_deals} deals) | {p:.1%} | ± {half:.1%} | ≥ 95% |"
    )
    for played in sorted(losses):
        stage = losses[played]
        ok = sum(loss <= 0.1 + 1e-9 for loss in stage) / len(stage)
        print(
            f"| … after {played} cards played ({len(stage)} choices) | {ok:.1%} | "
            f"mean loss {fmean(stage):.3f} | |"
        )


if __name__ == "__main__":
    main()

"""The table pegging policy (``analysis/tablepolicy.py``) against the sampled table
analysis: how often the expert's card is as good as the analysis' best, and what it gives
up, at three and four players, beside the beginner's greedy card and a random card.

Run:  python bench/table_policy.py [--positions 200] [--samples 200] [--seed 2026]
      [--workers N]

Positions: every play with a choice of rank in seeded expert self-play deals (three or
four experts), taken in order until there are ``--positions`` per variant. Each is
ranked by ``analyse_table(samples=S, seed=i)`` (exact where the hidden hands lie in at
most S ways). "As good" is within 0.1 of the best by that ranking; "within noise" is
within two standard errors of the best (the sampled means' errors, added in quadrature).
Prints one table.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor
from statistics import fmean

from crib_trainer.analysis.pegging import TableSituation, analyse_table, exact_deals, read_table
from crib_trainer.analysis.players import make_player
from crib_trainer.analysis.tablepolicy import EXACT_DEALS, table_values
from crib_trainer.core.engine import EngineGame

VARIANTS = ("three-player", "four-player")


def positions(variant: str, count: int, seed: int) -> list[TableSituation]:
    """Situations with a choice of rank from expert self-play deals, in order."""
    expert = make_player("expert")
    out: list[TableSituation] = []
    deal = 0
    while len(out) < count:
        game = EngineGame.new(seed=seed + deal, variant=variant, first_dealer=deal % 3)
        deal += 1
        for seat in game.show_order:
            own = game.side_of(seat) == game.side_of(game.dealer)
            game = game.discard(
                seat, expert.discard(game.hands[seat], dealer=own, variant=game.variant)
            )
        while game.phase == "play" and len(out) < count:
            state = game.play_state
            seat = game.seat_of(state.turn)
            s = TableSituation.from_state(state, starter=game.starter, discards=game.thrown[seat])
            if len({c.rank for c in state.legal_cards()}) > 1:
                out.append(s)
            game = game.play(expert.play_table(s))
    return out


def judge(job: tuple[TableSituation, int, int]) -> dict[str, object]:
    situation, samples, seed = job
    t = time.process_time()
    a = analyse_table(situation, samples=samples, seed=seed)
    analysis_s = time.process_time() - t
    value = {int(o.card.rank): o.expected_net for o in a.options}
    err = {int(o.card.rank): o.stderr for o in a.options}
    best = max(value, key=value.get)
    t = time.process_time()
    fast = table_values(situation)
    policy_s = time.process_time() - t
    expert = max(fast, key=lambda r: (fast[r], r))
    beginner = int(make_player("beginner").play_table(situation).rank)
    late = exact_deals(read_table(situation), EXACT_DEALS) is not None
    phase = "lead" if not situation.played else ("late" if late else "middle")

    def loss(r: int) -> float:
        return value[best] - value[r]

    def noise(r: int) -> bool:
        return value[best] - value[r] <= 2 * (err[best] ** 2 + err[r] ** 2) ** 0.5 + 1e-9

    return {
        "phase": phase,
        "expert_loss": loss(expert),
        "expert_noise": noise(expert),
        "beginner_loss": loss(beginner),
        "random_loss": fmean(loss(r) for r in value),
        "analysis_s": analysis_s,
        "policy_s": policy_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    print(
        f"# bench/table_policy.py, {args.positions} positions a variant, {args.samples} "
        f"samples, seed {args.seed}, {args.workers} workers, Python "
        f"{platform.python_version()}, {platform.machine()}"
    )
    print(
        "| variant | positions | expert as good (≤ 0.1) | expert within noise | "
        "mean loss: expert | beginner | random card | policy ms | analysis s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for variant in VARIANTS:
        found = positions(variant, args.positions, args.seed)
        jobs = [(s, args.samples, args.seed + i) for i, s in enumerate(found)]
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(judge, jobs, chunksize=4))
        groups = [("all", rows)] + [
            (p, [r for r in rows if r["phase"] == p]) for p in ("lead", "middle", "late")
        ]
        for name, group in groups:
            if not group:
                continue
            good = fmean(r["expert_loss"] <= 0.1 + 1e-9 for r in group)
            noisy = fmean(bool(r["expert_noise"]) for r in group)
            print(
                f"| {variant} {name} | {len(group)} | {good:.1%} | {noisy:.1%} | "
                f"{fmean(r['expert_loss'] for r in group):.3f} | "
                f"{fmean(r['beginner_loss'] for r in group):.3f} | "
                f"{fmean(r['random_loss'] for r in group):.3f} | "
                f"{1000 * fmean(r['policy_s'] for r in group):.2f} | "
                f"{fmean(r['analysis_s'] for r in group):.2f} |"
            )


if __name__ == "__main__":
    main()

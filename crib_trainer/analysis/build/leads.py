"""Build the opening-lead table of the fast pegging policy (``analysis/data/peg_leads.json``).

The opening lead is the slowest position the exact pegging analysis meets (about half a
second: every holding of the dealer's four hidden cards, each played out). What it
recommends depends on the leader's ranks and on which cards are unseen; the table keeps,
for every multiset of ranks a leader can hold (1,820 four-card hands in the six-card
game, 455 three-card hands in the five-card game), the exact expected net of leading each
of its ranks with only the leader's own hand known (the random opponent; his discards
and the starter are counted as unseen). ``bench/match.py`` measures how often the table's
lead is as good (within 0.1) as the exact analysis' lead with everything the leader knows.

Nothing is sampled, so no seed is needed; the work is shared over every core::

    python -m crib_trainer.analysis.build.leads          # about 15 minutes of one core
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations_with_replacement
from pathlib import Path

from crib_trainer.analysis.pegging import PegSituation, read_situation
from crib_trainer.analysis.players import exact_values
from crib_trainer.core.cards import Card, Rank, Suit
from crib_trainer.core.variants import FIVE_CARD, SIX_CARD

OUT = Path(__file__).parent / "data" / "peg_leads.json"
VARIANTS = (SIX_CARD, FIVE_CARD)
SUITS = tuple(Suit)


def hand_of(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards with these ranks (suits in turn: the play does not see them)."""
    seen: dict[int, int] = {}
    cards = []
    for r in ranks:
        k = seen.get(r, 0)
        seen[r] = k + 1
        cards.append(Card(Rank(r), SUITS[k]))
    return tuple(cards)


def rank_hands(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks with at most four of a rank."""
    return [
        h
        for h in combinations_with_replacement(range(1, 14), size)
        if max(h.count(r) for r in set(h)) <= 4
    ]


def lead_values(job: tuple[str, tuple[int, ...]]) -> tuple[str, str, dict[str, float]]:
    variant_name, ranks = job
    variant = SIX_CARD if variant_name == SIX_CARD.name else FIVE_CARD
    situation = PegSituation(hand_of(ranks), variant=variant)
    values = exact_values(read_situation(situation))
    key = "".join(Rank(r).letter for r in ranks)
    return variant_name, key, {Rank(r).letter: round(v, 5) for r, v in values.items()}


def build(workers: int | None = None) -> dict[str, dict[str, dict[str, float]]]:
    jobs = [(v.name, h) for v in VARIANTS for h in rank_hands(v.hand_size)]
    table: dict[str, dict[str, dict[str, float]]] = {v.name: {} for v in VARIANTS}
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        for done, (name, key, values) in enumerate(pool.map(lead_values, jobs, chunksize=8), 1):
            table[name][key] = values
            if done % 100 == 0:
                print(f"{done}/{len(jobs)}", file=sys.stderr, flush=True)
    return table


def main() -> None:
    started = time.perf_counter()
    table = build()
    OUT.write_text(json.dumps(table, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} in {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

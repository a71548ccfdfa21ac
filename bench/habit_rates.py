"""How often a deal holds each habit's situation for a player: the ``per_deal`` figures of
crib_trainer/training/learning/habits.py, measured.

Run:  python bench/habit_rates.py [--hands N] [--cribs N] [--deals N]

Counting habits: the share of random hands (hand and starter) holding the category, plus
half the share of cribs thrown as players throw (his crib every other deal). Throws: the
share of random six-card deals holding the situation, a role each deal at random. Plays:
the share of player-deals (each deal played out by the drills' expert play,
``pegdrills.deal_moments``) with a moment of choice holding it. Seeded; prints one table
with each figure, its standard error and the constant in habits.py.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from crib_trainer.core.cards import FULL_DECK
from crib_trainer.core.show import score_show
from crib_trainer.training.categories import count_categories
from crib_trainer.training.drills.cribs import thrown_crib
from crib_trainer.training.drills.hands import discard_drill
from crib_trainer.training.drills.pegdrills import deal_moments
from crib_trainer.training.learning.habits import HABITS, holds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40000)
    parser.add_argument("--cribs", type=int, default=4000)
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    rng = random.Random(1)
    hands: dict[str, int] = dict.fromkeys(HABITS, 0)
    for _ in range(args.hands):
        cards = rng.sample(FULL_DECK, 5)
        for c in count_categories(score_show(tuple(cards[:4]), cards[4])):
            hands[c] = hands.get(c, 0) + 1
    cribs: dict[str, int] = dict.fromkeys(HABITS, 0)
    for _ in range(args.cribs):
        deal = thrown_crib(rng, "six-card")
        for c in count_categories(score_show(deal.crib, deal.starter, crib=True)):
            cribs[c] = cribs.get(c, 0) + 1
    throws: dict[str, int] = dict.fromkeys(HABITS, 0)
    for _ in range(args.hands):
        for h in holds(discard_drill(rng)):
            throws[h] += 1
    plays: dict[str, int] = dict.fromkeys(HABITS, 0)
    for _ in range(args.deals):
        moments = deal_moments(rng)
        for me in (0, 1):
            found = set().union(*(holds(m) for m in moments if m.situation.me == me))
            for h in found:
                plays[h] += 1
    rows = [("habit", "measured", "± se", "habits.py")]
    for h in HABITS.values():
        if h.category is not None:
            hand, crib = hands[h.id] / args.hands, cribs[h.id] / args.cribs
            rate = hand + crib / 2
            se = math.sqrt(hand * (1 - hand) / args.hands + crib * (1 - crib) / args.cribs / 4)
        elif h.kind == "discard":
            rate = throws[h.id] / args.hands
            se = math.sqrt(rate * (1 - rate) / args.hands)
        else:
            n = 2 * args.deals
            rate = plays[h.id] / n
            se = math.sqrt(rate * (1 - rate) / n)
        rows.append((h.id, f"{rate:.4f}", f"{se:.4f}", f"{h.per_deal:.4f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()

"""Average crib per thrown pair: the weighted opponent's table beside published tables.

Run:  python bench/crib_tables.py [--grid own|other]
Reads the shipped table (crib_trainer/analysis/data/throw_weights.json; rebuild it with
``python -m crib_trainer.analysis.build.weights``) and compares its six-card averages with:

- Hessel, "Discarding to opponent's crib": every pair, two decimals.
  http://cribbageforum.com/OppCrib.htm
- Hessel and Schell, dealer's crib for 7-9 and J-Q, from "How to analyze discards, part 2",
  http://cribbageforum.com/AnalyzeDiscardsPart2.htm; pone's A-6 and A-2 from part 3,
  http://www.cribbageforum.com/AnalyzeDiscardsPart3.htm
- Cribbage Pro's dealer discard table (averages from games played online, one decimal),
  https://blog.cribbagepro.net (October 2012 post "Dealer discard table").

Ours come two ways: "pack-wide" (the thrower's other cards unknown) and "as thrown" (over
the deals that throw the pair, the rest of the thrower's hand known), which is how Hessel
measured. Prints one table; ``--grid`` prints our 13 × 13 averages as thrown.
"""

from __future__ import annotations

import argparse
import statistics

from crib_trainer.analysis.opponent import table

RANKS = "A23456789TJQK"

# Hessel, opponent's crib (rows and columns A..K), cribbageforum.com/OppCrib.htm.
HESSEL_PONE = """
6.07 5.07 5.17 5.74 6.06 4.93 4.95 4.92 4.66 4.46 4.72 4.41 4.34
5.07 6.43 7.34 5.44 6.17 5.13 5.12 5.03 4.82 4.64 4.91 4.60 4.53
5.17 7.34 6.78 6.10 6.85 4.92 5.16 5.08 4.82 4.70 4.97 4.66 4.59
5.74 5.44 6.10 6.59 7.46 5.47 4.91 5.02 4.75 4.55 4.80 4.49 4.43
6.06 6.17 6.85 7.46 9.39 7.66 7.08 6.36 6.22 7.46 7.75 7.42 7.31
4.93 5.13 4.92 5.47 7.66 7.17 6.64 6.05 6.31 4.41 4.61 4.29 4.25
4.95 5.12 5.16 4.91 7.08 6.64 7.25 7.88 5.46 4.44 4.73 4.44 4.38
4.92 5.03 5.08 5.02 6.36 6.05 7.88 6.76 5.97 5.02 4.65 4.38 4.31
4.66 4.82 4.82 4.75 6.22 6.31 5.46 5.97 6.44 5.52 4.98 4.14 4.13
4.46 4.64 4.70 4.55 7.46 4.41 4.44 5.02 5.52 6.11 5.60 4.65 3.99
4.72 4.91 4.97 4.80 7.75 4.61 4.73 4.65 4.98 5.60 6.56 5.55 4.89
4.41 4.60 4.66 4.49 7.42 4.29 4.44 4.38 4.14 4.65 5.55 5.89 4.56
4.34 4.53 4.59 4.43 7.31 4.25 4.38 4.31 4.13 3.99 4.89 4.56 5.72
"""

# Cribbage Pro, dealer's crib from online games (rows and columns A..K).
CRIBBAGE_PRO_DEALER = """
5.2 4.4 4.6 5.2 5.2 3.7 3.7 3.7 3.3 3.3 3.5 3.3 3.3
4.4 5.8 6.9 4.6 5.2 3.9 3.9 3.7 3.7 3.6 3.8 3.6 3.6
4.6 6.9 5.9 5.0 5.9 3.8 3.8 3.9 3.7 3.6 3.9 3.7 3.7
5.2 4.6 5.0 5.5 6.3 3.9 3.7 3.9 3.6 3.4 3.7 3.5 3.5
5.2 5.2 5.9 6.3 8.5 6.4 5.8 5.3 5.1 6.3 6.7 6.4 6.3
3.7 3.9 3.8 3.9 6.4 5.6 4.9 4.6 4.9 3.0 3.2 3.0 2.9
3.7 3.9 3.8 3.7 5.8 4.9 5.8 6.4 4.0 3.1 3.3 3.1 3.1
3.7 3.7 3.9 3.9 5.3 4.6 6.4 5.3 4.5 3.7 3.3 3.1 3.0
3.3 3.7 3.7 3.6 5.1 4.9 4.0 4.5 4.9 4.1 3.7 2.8 2.8
3.3 3.6 3.6 3.4 6.3 3.0 3.1 3.7 4.1 4.6 4.3 3.3 2.7
3.5 3.8 3.9 3.7 6.7 3.2 3.3 3.3 3.7 4.3 5.1 4.5 3.8
3.3 3.6 3.7 3.5 6.4 3.0 3.1 3.1 2.8 3.3 4.5 4.5 3.4
3.3 3.6 3.7 3.5 6.3 2.9 3.1 3.0 2.8 2.7 3.8 3.4 4.4
"""

SPOT_VALUES = {  # (role, pair): {source: value}
    ("own", "79"): {"Hessel": 4.06, "Schell": 4.04},
    ("own", "JQ"): {"Hessel": 4.90, "Schell": 4.81},
    ("other", "A6"): {"Hessel": 4.93, "Schell": 4.91},
    ("other", "A2"): {"Hessel": 5.07, "Schell": 5.07},
}


def grid(text: str) -> dict[str, float]:
    """A symmetric 13 × 13 table as {pair key: value}, lower rank first."""
    out = {}
    for i, line in enumerate(text.strip().splitlines()):
        for j, value in enumerate(line.split()):
            if j >= i:
                out[RANKS[i] + RANKS[j]] = float(value)
    return out


def compare(ours: dict[str, float], theirs: dict[str, float]) -> tuple[int, float, float, str]:
    """Pairs compared, mean of ours − theirs, mean |difference|, the worst pair."""
    diffs = {k: ours[k] - v for k, v in theirs.items() if k in ours}
    worst = max(diffs, key=lambda k: abs(diffs[k]))
    return (
        len(diffs),
        statistics.mean(diffs.values()),
        statistics.mean(abs(d) for d in diffs.values()),
        f"{worst[0]}-{worst[1]} {diffs[worst]:+.2f}",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grid", choices=["own", "other"])
    args = parser.parse_args()
    six = table()["variants"]["six-card"]
    if args.grid:
        print(f"Average crib as thrown, six-card, {args.grid} crib (rows and columns A..K)")
        data = six[args.grid]["crib_as_thrown"]
        for a in RANKS:
            keys = ("".join(sorted(a + b, key=RANKS.index)) for b in RANKS)
            print(a, " ".join(f"{data[k]:5.2f}" if k in data else "  -  " for k in keys))
        return
    references = [
        ("Hessel, pone (91 pairs)", "other", grid(HESSEL_PONE)),
        ("Cribbage Pro games, dealer (91)", "own", grid(CRIBBAGE_PRO_DEALER)),
    ]
    for source in ("Hessel", "Schell"):
        for role in ("own", "other"):
            spots = {p: v[source] for (r, p), v in SPOT_VALUES.items() if r == role}
            name = f"{source}, {'dealer' if role == 'own' else 'pone'} ({len(spots)} pairs)"
            references.append((name, role, spots))
    print(f"{'reference':<32} {'ours':<10} {'pairs':>5} {'mean diff':>9} {'mean |d|':>8}  worst")
    for name, role, theirs in references:
        for label, field in (("pack-wide", "crib"), ("as thrown", "crib_as_thrown")):
            n, mean, mean_abs, worst = compare(six[role][field], theirs)
            print(f"{name:<32} {label:<10} {n:>5} {mean:>+9.3f} {mean_abs:>8.3f}  {worst}")


if __name__ == "__main__":
    main()

"""``crib-trainer odds``: the exact distribution of show scores."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from crib_trainer.cli.common import output_options, variant_option
from crib_trainer.core.variants import get_variant


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``odds`` (hand or crib, variant)."""
    odds = sub.add_parser(
        "odds",
        parents=[output_options(), variant_option()],
        help="exact distribution of show scores",
        description="The exact score distribution over every hand (or crib) and starter.",
    )
    odds.add_argument("--crib", action="store_true", help="the distribution for the crib")
    odds.set_defaults(run=cmd_odds)


def cmd_odds(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer odds``: the exact distribution of show scores."""
    from crib_trainer.analysis.tables import distribution_for

    variant = get_variant(args.variant)
    dist = distribution_for(variant, crib=args.crib)
    counts = dist.as_dict()
    if args.json:
        payload = {
            "variant": variant.name,
            "crib": args.crib,
            "counts": {str(s): n for s, n in counts.items()},
            "total": dist.total,
            "mean": dist.mean,
        }
        print(json.dumps(payload), file=out)
        return 0
    noun = "crib" if args.crib else "hand"
    print(
        f"Every {variant.title} {noun} with every starter: {dist.total:,} deals, "
        f"mean {dist.mean:.4f}",
        file=out,
    )
    print(f"{'score':>5}  {'deals':>10}  {'share':>8}  {'1 in':>12}", file=out)
    for score, n in counts.items():
        print(
            f"{score:>5}  {n:>10,}  {100 * n / dist.total:>7.3f}%  {dist.total / n:>12,.1f}",
            file=out,
        )
    never = [str(s) for s in range(max(counts) + 1) if s not in counts]
    if never:
        print(f"Never scored: {', '.join(never)}", file=out)
    return 0

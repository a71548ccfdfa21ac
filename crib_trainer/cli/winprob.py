"""``crib-trainer winprob``: the chance to win from a score, before a deal."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from crib_trainer.cli.common import UsageError, output_options, variant_option
from crib_trainer.core.variants import get_variant


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``winprob ME HIM`` (who deals, variant)."""
    winprob = sub.add_parser(
        "winprob",
        parents=[output_options(), variant_option()],
        help="the chance to win from a score",
        description=(
            "Your chance to win a two-player game between equal (expert) players, from "
            "your score and his, before a deal in which you deal (--dealer) or he does "
            "(--pone). From a table built by expert self-play (docs/benchmarks.md)."
        ),
    )
    winprob.add_argument("me", type=int, metavar="ME", help="your score")
    winprob.add_argument("him", type=int, metavar="HIM", help="his score")
    role = winprob.add_mutually_exclusive_group(required=True)
    role.add_argument("--dealer", action="store_true", help="you deal the coming hand")
    role.add_argument("--pone", action="store_true", help="he deals the coming hand")
    winprob.set_defaults(run=cmd_winprob)


def cmd_winprob(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer winprob``: the chance to win from a score, from the shipped table."""
    variant = get_variant(args.variant)
    if variant.players != 2:
        raise UsageError(
            f"win chances are for two-player games (six-card, five-card), not {variant.name}"
        )
    target = variant.target
    for name, score in (("ME", args.me), ("HIM", args.him)):
        if not 0 <= score < target:
            raise UsageError(
                f"{name} is {score}: scores run from 0 to {target - 1} in a game to {target}"
            )
    from crib_trainer.analysis.winprob import shipped_chance

    win, error = shipped_chance(variant, args.me, args.him, dealer=args.dealer)
    if args.json:
        payload = {
            "win": round(win, 4),
            "me": args.me,
            "him": args.him,
            "dealer": args.dealer,
            "error": round(error, 4),
        }
        print(json.dumps(payload), file=out)
        return 0
    role = "you deal" if args.dealer else "he deals"
    print(
        f"At {args.me} to {args.him} in a game to {target}, {role}: you win "
        f"{win:.1%} (± {1.96 * error:.1%}) between equal players.",
        file=out,
    )
    return 0

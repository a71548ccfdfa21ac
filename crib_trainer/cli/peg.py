"""``crib-trainer peg``: score a sequence of play, card by card."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from crib_trainer.cli.common import UsageError, output_options
from crib_trainer.core.pegging import parse_peg_tokens, score_sequence


def add_parser(sub: argparse._SubParsersAction) -> None:
    peg = sub.add_parser(
        "peg",
        parents=[output_options()],
        help="score a sequence of play",
        description="Score the play, card by card. TOKEN is a card, NAME:CARD, or 'go' "
        "(no one can play: the last player scores the go and the count restarts).",
        epilog="Example: peg 2D 9S 4C 4D JH go 2S 9D 6H",
    )
    peg.add_argument("tokens", nargs="*", metavar="TOKEN")
    peg.add_argument(
        "--unfinished", action="store_true", help="the play goes on: no point for the last card"
    )
    peg.set_defaults(run=cmd_peg)


def cmd_peg(args: argparse.Namespace, out: TextIO) -> int:
    from crib_trainer.training.explain import explain_play

    if not args.tokens:
        raise UsageError("give the cards played in order, e.g. 'peg 4S 2H 5D 3C'")
    record = score_sequence(parse_peg_tokens(args.tokens), finished=not args.unfinished)
    if args.json:
        print(json.dumps(record.to_json()), file=out)
        return 0
    width = max(len(n) for n in (*record.players, "player"))
    print(f"{'':>3}  {'player':<{width}}  card  count  points", file=out)
    for i, p in enumerate(record.plays, start=1):
        name = record.players[p.player]
        why = f"  {explain_play(p, args.ascii)}" if p.items else ""
        points = str(p.points) if p.points else ""
        row = (
            f"{i:>3}  {name:<{width}}  {p.card.format(args.ascii):<4}  {p.count:>5}  "
            f"{points:>6}{why}"
        )
        print(row.rstrip(), file=out)
    totals = ", ".join(f"{n} {t}" for n, t in record.totals().items())
    print(f"Totals: {totals}", file=out)
    return 0

"""The command line: ``crib-trainer score|peg|odds …``; with no subcommand, the trainer.

Every command prints text for people by default and stable JSON with ``--json``.
Bad input exits with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn, TextIO

from crib_trainer.core.cards import Card, CardError, parse_card, parse_cards, split_card_text
from crib_trainer.core.pegging import PlayError, parse_peg_tokens, score_sequence
from crib_trainer.core.rules import VARIANTS, OverscoreLaw, RuleOptions, Variant, get_variant
from crib_trainer.core.show import Breakdown, score_show

PROG = "crib-trainer"


class UsageError(Exception):
    """A mistake in what the user typed; shown as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


# --- score -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    cards: tuple[Card, ...]
    starter: Card
    crib: bool


def parse_deal(text: str) -> Deal:
    """Read a batch line: ``5H 5C 5S JD | 5D`` with an optional trailing ``crib``.

    >>> d = parse_deal("5h 5c 5s jd | 5d crib")
    >>> len(d.cards), d.starter.code, d.crib
    (4, '5D', True)
    """
    hand_text, bar, rest = text.partition("|")
    if not bar:
        raise CardError("no '|' before the starter; write the hand, '|', then the starter")
    words = split_card_text(rest)
    crib = bool(words) and words[-1].lower() == "crib"
    if crib:
        words = words[:-1]
    if len(words) != 1:
        raise CardError(
            f"after '|' give exactly one starter card (then 'crib' if it is a crib); "
            f"got {' '.join(words) or 'nothing'}"
        )
    return Deal(parse_cards(hand_text), parse_card(words[0]), crib)


def _breakdown(deal: Deal, variant: Variant) -> Breakdown:
    return score_show(deal.cards, deal.starter, crib=deal.crib, variant=variant)


def score_json(b: Breakdown, verdict_json: dict[str, object] | None = None) -> dict[str, object]:
    from crib_trainer.training.explain import spoken_count

    out = b.to_json()
    out |= {
        "cards": [c.code for c in b.cards],
        "starter": b.starter.code,
        "crib": b.crib,
        "variant": b.variant.name,
        "spoken": spoken_count(b),
    }
    if verdict_json:
        out |= verdict_json
    return out


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from crib_trainer.training.explain import explain_show, explain_verdict, spoken_count
    from crib_trainer.training.grading import judge_claim

    variant = get_variant(args.variant)
    if args.batch is not None:
        return _score_batch(args, variant, out)
    deal = _deal_from_args(args)
    b = _breakdown(deal, variant)
    options = RuleOptions(muggins=args.muggins, overscore=OverscoreLaw(args.law))
    verdict = judge_claim(b, args.claim, options) if args.claim is not None else None
    if args.json:
        text = json.dumps(score_json(b, verdict.to_json() if verdict else None), ensure_ascii=False)
    else:
        parts = [spoken_count(b)] if args.say else [explain_show(b, args.ascii)]
        if verdict:
            parts.append(explain_verdict(verdict, args.ascii))
        text = "\n".join(parts)
    print(text, file=out)
    if args.copy:
        _copy(text)
    return 0


def _deal_from_args(args: argparse.Namespace) -> Deal:
    text = " ".join(args.cards)
    if "|" in text:
        if args.starter:
            raise UsageError("give the starter either after '|' or with --starter, not both")
        deal = parse_deal(text + (" crib" if args.crib else ""))
        return deal
    if not args.starter:
        raise UsageError("which card is the starter? add --starter CARD (e.g. --starter 5D)")
    return Deal(parse_cards(text), parse_card(args.starter), args.crib)


def _score_batch(args: argparse.Namespace, variant: Variant, out: TextIO) -> int:
    source = _open_batch(args.batch)
    bad = 0
    with source:
        for number, line in enumerate(source, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                record = score_json(_breakdown(parse_deal(line), variant))
            except (CardError, ValueError) as err:
                record = {"line": number, "error": str(err)}
                bad += 1
            print(json.dumps(record, ensure_ascii=False), file=out, flush=True)
    if bad:
        print(
            f"{PROG}: {bad} line(s) could not be scored; see their error records", file=sys.stderr
        )
        return 2
    return 0


def _open_batch(name: str) -> TextIO:
    if name == "-":
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")  # a bad byte spoils its line, not the run
        return sys.stdin
    try:
        return open(name, encoding="utf-8", errors="replace")
    except OSError as err:
        raise UsageError(f"cannot read batch file {name!r}: {err.strerror}") from None


def _copy(text: str) -> None:
    from crib_trainer.clipboard import copy_text

    result = copy_text(text)
    print(result.message, file=sys.stderr)


# --- peg ---------------------------------------------------------------------------------


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


# --- odds --------------------------------------------------------------------------------


def cmd_odds(args: argparse.Namespace, out: TextIO) -> int:
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


# --- the parser and the entry point ------------------------------------------------------


def build_parser() -> Parser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", help="print JSON instead of text")
    common.add_argument("--ascii", action="store_true", help="write cards as 5H rather than 5♥")
    variant = argparse.ArgumentParser(add_help=False)
    variant.add_argument(
        "--variant",
        default="six-card",
        metavar="V",
        help=f"game variant: {', '.join(VARIANTS)} (default six-card)",
    )

    parser = Parser(
        prog=PROG,
        description="Cribbage trainer: with no command, opens the trainer in the terminal.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    score = sub.add_parser(
        "score",
        parents=[common, variant],
        help="count a hand or crib, item by item; judge a claim",
        description="Count a hand or crib with its starter; with --claim, judge a claim.",
        epilog="Examples: score 5H 5C 5S JD --starter 5D | score 6H 7C 7D 8S '|' 8D --crib "
        "| score 4S 5S 6S 9H --starter 5D --claim 10",
    )
    score.add_argument("cards", nargs="*", metavar="CARD", help="the hand (or crib) cards")
    score.add_argument("--starter", metavar="CARD", help="the starter (turn-up) card")
    score.add_argument("--crib", action="store_true", help="score it as a crib")
    score.add_argument("--claim", type=_non_negative, metavar="N", help="the score claimed")
    score.add_argument("--muggins", action="store_true", help="missed points go to the opponent")
    score.add_argument(
        "--law",
        choices=[law.value for law in OverscoreLaw],
        default=OverscoreLaw.BRITANNICA.value,
        help="penalty for an over-claim: britannica (opponent adds the excess) "
        "or hoyle (opponent pegs 2)",
    )
    score.add_argument("--say", action="store_true", help="print the count as it is spoken")
    score.add_argument("--copy", action="store_true", help="copy the output to the clipboard")
    score.add_argument(
        "--batch",
        metavar="FILE",
        help="score one deal per line ('5H 5C 5S JD | 5D [crib]'); - reads standard input",
    )
    score.set_defaults(run=cmd_score)

    peg = sub.add_parser(
        "peg",
        parents=[common],
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

    odds = sub.add_parser(
        "odds",
        parents=[common, variant],
        help="exact distribution of show scores",
        description="The exact score distribution over every hand (or crib) and starter.",
    )
    odds.add_argument("--crib", action="store_true", help="the distribution for the crib")
    odds.set_defaults(run=cmd_odds)
    return parser


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a claim is a whole number of points, not {text!r}"
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a claim cannot be negative: {value}")
    return value


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    out = out or sys.stdout
    run: Callable[[argparse.Namespace, TextIO], int] | None = getattr(args, "run", None)
    if run is None:
        parser.print_help(out)
        return 0
    try:
        return run(args, out)
    except (UsageError, CardError, PlayError, ValueError) as err:
        print(f"{PROG} {args.command}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

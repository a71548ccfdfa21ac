"""``crib-trainer score``: count a hand or crib item by item; judge a claim."""

from __future__ import annotations

import argparse
import json
import re
from typing import NamedTuple, TextIO

from crib_trainer.cli.common import (
    UsageError,
    attempt,
    copy_to_clipboard,
    output_options,
    run_batches,
    variant_option,
)
from crib_trainer.cli.show_json import score_json
from crib_trainer.core.cards import (
    Card,
    CardError,
    parse_card,
    parse_cards,
    split_card_text,
)
from crib_trainer.core.rules import RULESETS, RuleOptions, resolve_ruleset
from crib_trainer.core.show import Breakdown, score_show
from crib_trainer.core.variants import Variant, get_variant
from crib_trainer.training.words.explain import spoken_count
from crib_trainer.training.words.patterns import pattern


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``score`` (cards, starter, crib, claim, law, muggins, batch, say, copy)."""
    score = sub.add_parser(
        "score",
        parents=[output_options(), variant_option()],
        help="count a hand or crib, item by item; judge a claim",
        description="Count a hand or crib with its starter; with --claim, judge a claim.",
        epilog="Examples: score 5H 5C 5S JD --starter 5D | score 6H 7C 7D 8S '|' 8D --crib "
        "| score 4S 5S 6S 9H --starter 5D --claim 10 --law hoyle. A hand with too few cards "
        "is scored as a short hand (Britannica, law 10), with no flush and the --law's penalty "
        "(Hoyle: the opponent pegs 2).",
    )
    score.add_argument("cards", nargs="*", metavar="CARD", help="the hand (or crib) cards")
    score.add_argument("--starter", metavar="CARD", help="the starter (turn-up) card")
    score.add_argument("--crib", action="store_true", help="score it as a crib")
    score.add_argument("--claim", type=_non_negative, metavar="N", help="the score claimed")
    score.add_argument(
        "--muggins",
        action="store_true",
        help="missed points go to the opponent (hoyle and acc rules; Britannica's law 19 "
        "has no muggins)",
    )
    score.add_argument(
        "--law",
        choices=list(RULESETS),
        default=None,
        help="the rules a claim is judged by: acc (tournament rules: the opponent pegs the "
        "excess of an over-claim), britannica (law 19: the same), hoyle (the over-claim is "
        "put right, no penalty); a short claim is lost unless muggins is played. Default: "
        "acc for a game of 121, britannica for a game of 61",
    )
    score.add_argument("--say", action="store_true", help="print the count as it is spoken")
    score.add_argument("--copy", action="store_true", help="copy the output to the clipboard")
    score.add_argument(
        "--batch",
        metavar="FILE",
        help="score one deal per line ('5H 5C 5S JD | 5D [crib]'); - reads standard input",
    )
    score.set_defaults(run=cmd_score)


MAX_CLAIM = 999  # three digits


def _non_negative(text: str) -> int:
    """A claim: plain ASCII digits, 0 to :data:`MAX_CLAIM` (``int`` alone would take
    ``1_0``, ``٣`` and numbers too big for JSON readers)."""
    digits = text.strip()
    shown = digits if len(digits) <= 12 else digits[:12] + "…"
    if re.fullmatch(r"-[0-9]+", digits):
        raise argparse.ArgumentTypeError(f"a claim cannot be negative: {shown}")
    if not re.fullmatch(r"0*[0-9]{1,3}", digits):
        raise argparse.ArgumentTypeError(
            f"a claim is a whole number of points, 0 to {MAX_CLAIM}, not {shown!r}"
        )
    return int(digits)


class Show(NamedTuple):
    """A show to count: the cards, the starter, and whether it is a crib (a named tuple:
    a dataclass costs start-up)."""

    cards: tuple[Card, ...]
    starter: Card
    crib: bool


def parse_show(text: str) -> Show:
    """Read a batch line: ``5H 5C 5S JD | 5D`` with an optional trailing ``crib``.

    >>> d = parse_show("5h 5c 5s jd | 5d crib")
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
    return Show(parse_cards(hand_text), parse_card(words[0]), crib)


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer score``: count one show (and judge a claim), or each line of a batch."""
    from crib_trainer.training.words.explain import explain_show, explain_verdict

    variant = get_variant(args.variant)
    if args.batch is not None:
        alone = [
            name
            for name, given in (
                ("cards", args.cards),
                ("--starter", args.starter),
                ("--crib", args.crib),
                ("--claim", args.claim is not None),
                ("--say", args.say),
                ("--copy", args.copy),
                ("--muggins", args.muggins),
                ("--law", args.law is not None),
            )
            if given
        ]
        if alone:
            raise UsageError(
                f"--batch reads every deal from the file (a trailing 'crib' marks a crib); "
                f"{', '.join(alone)} cannot go with it"
            )
        return _score_batch(args, variant, out)
    deal = _show_from_args(args)
    b = score_show(deal.cards, deal.starter, crib=deal.crib, variant=variant, short=True)
    rules = resolve_ruleset(args.law, variant.target)
    options = RuleOptions(rules, muggins=args.muggins)
    verdict = None
    if args.claim is not None:
        from crib_trainer.training.grading.claims import judge_claim  # (only to judge a claim)

        verdict = judge_claim(b, args.claim, options)
    short = rules.short_hand
    if args.json:
        data = score_json(b, verdict.to_json() if verdict else None)
        if b.short:
            data |= {"short": b.short, "short_law": short.law.to_json()}
            data |= {"short_to_opponent": short.to_opponent(1)}
        text = json.dumps(data, ensure_ascii=False)
    else:
        parts = [spoken_count(b)] if args.say else [explain_show(b, args.ascii), pattern_line(b)]
        if b.short:
            penalty = short.to_opponent(1)
            parts.append(
                f"A short hand ({len(b.cards)} of {len(b.cards) + b.short} cards, no flush): "
                + (f"the opponent pegs {penalty}" if penalty else "no penalty")
                + f" ({short.law.cite()})."
            )
        if verdict:
            parts.append(explain_verdict(verdict, args.ascii))
        text = "\n".join(parts)
    print(text, file=out)
    if args.copy:
        copy_to_clipboard(text)
    return 0


def pattern_line(b: Breakdown) -> str:
    """The count by chunks and its family's lesson, for the text output."""
    p = pattern(b)
    return f"By pattern: {p.says} {p.lesson}"


def _show_from_args(args: argparse.Namespace) -> Show:
    text = " ".join(args.cards)
    if "|" in text:
        if args.starter:
            raise UsageError("give the starter either after '|' or with --starter, not both")
        said_crib = split_card_text(text)[-1].lower() == "crib"
        return parse_show(text + (" crib" if args.crib and not said_crib else ""))
    if not args.starter:
        raise UsageError("which card is the starter? add --starter CARD (e.g. --starter 5D)")
    return Show(parse_cards(text), parse_card(args.starter), args.crib)


def _score_batch(args: argparse.Namespace, variant: Variant, out: TextIO) -> int:
    from crib_trainer.cli.score_lines import ShowLines

    lines = ShowLines(variant)

    def record(line: str) -> str:
        """A batch line's JSON record (as :func:`score_json` writes it), read by
        :func:`parse_show`."""
        deal = parse_show(line)
        return lines.line(deal.cards, deal.starter, crib=deal.crib)

    def records(texts: list[str]) -> list[str | ValueError]:
        return [lines.plain_line(text) or attempt(record, text) for text in texts]

    # A line at a time (the lines are written in blocks into a pipe or a file). The lines
    # hold only the package's own words and card codes: nothing to make safe.
    return run_batches(args.batch, records, out, "scored", safe=True)

"""``crib-trainer discard``: rank every throw from a dealt hand by exact expected points."""

from __future__ import annotations

import argparse
import json
import os
from operator import attrgetter
from typing import TYPE_CHECKING, TextIO

from crib_trainer.analysis import OPPONENTS
from crib_trainer.cli.common import (
    UsageError,
    attempt,
    output_options,
    run_batch,
    run_batches,
    variant_option,
)
from crib_trainer.core.cards import Card, CardError, parse_cards, split_card_text
from crib_trainer.core.variants import Variant, get_variant

if TYPE_CHECKING:
    from crib_trainer.analysis.discard import DiscardAnalysis

ROLE_WORDS = {"dealer": True, "pone": False}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``discard`` (cards, role, opponent model, batch, score)."""
    discard = sub.add_parser(
        "discard",
        parents=[output_options(), variant_option()],
        help="rank every throw to the crib by exact expected points",
        description="Rank every throw from a dealt hand by its exact expected hand, crib "
        "and net points, as dealer (your crib) or pone (the opponent's crib).",
        epilog="Examples: discard 5H 5D 5S JC 2C 9D --dealer | discard 4S 5H 6D KC 9C 2H "
        "--pone --opponent weighted | printf '5H 5D 5S JC 2C 9D dealer\\n' | discard --batch -",
    )
    discard.add_argument("cards", nargs="*", metavar="CARD", help="the cards dealt to you")
    role = discard.add_mutually_exclusive_group()
    role.add_argument(
        "--dealer",
        action="store_true",
        help="you deal: the crib is yours (with four players, your side's)",
    )
    role.add_argument("--pone", action="store_true", help="the crib is an opponent's")
    discard.add_argument(
        "--opponent",
        choices=OPPONENTS,
        default="random",
        help="how the other crib cards fall: random (every set equally likely, the default) "
        "or weighted (thrown as a good player throws)",
    )
    discard.add_argument(
        "--batch",
        metavar="FILE",
        help="one hand and role per line ('5H 5D 5S JC 2C 9D dealer'); - reads standard input",
    )
    discard.add_argument(
        "--score",
        nargs=2,
        type=int,
        metavar=("ME", "HIM"),
        help="your score and his before this deal: rank the throws by the chance to win "
        "the game (two-player games)",
    )
    discard.add_argument(
        "--with-pegging",
        action="store_true",
        help="count the play too: each throw's expected pegging net for the cards it keeps "
        "(from expert self-play), ranked by hand + crib + pegging (two-player games)",
    )
    discard.set_defaults(run=cmd_discard)


def parse_hand_line(text: str, default: bool | None = None) -> tuple[tuple[Card, ...], bool]:
    """Read a batch line: the dealt cards, then ``dealer`` or ``pone``.

    >>> cards, dealer = parse_hand_line("5h 5d 5s jc 2c 9d dealer")
    >>> len(cards), dealer
    (6, True)
    """
    words = split_card_text(text)
    role = ROLE_WORDS.get(words[-1].lower()) if words else None
    if role is not None:
        words = words[:-1]
    if any(w.lower() in ROLE_WORDS for w in words):
        raise CardError("give one role, 'dealer' or 'pone', at the end of the line")
    cards = parse_cards(words)
    if role is None:
        if default is None:
            raise CardError("say whose crib it is: end the line with 'dealer' or 'pone'")
        role = default
    return cards, role


def analysis_json(
    cards: tuple[Card, ...], dealer: bool, variant: Variant, opponent: str, pegging: bool = False
) -> dict:
    """One hand's ranked throws as the JSON of ``discard --json``, each with its reason
    and principles; with ``pegging`` each adds ``pegging``, ``pegging_se``, ``total`` and
    ``total_loss``, ranked by the total (``why`` then says what the play changes)."""
    from crib_trainer.analysis.discard import analyse_discards

    analysis = analyse_discards(cards, dealer=dealer, variant=variant, opponent=opponent)
    return analysis_record(analysis, pegging)


def analysis_record(analysis: DiscardAnalysis, pegging: bool = False) -> dict:
    """:func:`analysis_json` of an analysis already made."""
    from crib_trainer.training.words.discard_advice import advise

    out = analysis.to_json()
    why, each = advise(analysis)
    for record, (reason, keys) in zip(out["options"], each, strict=True):
        record["reason"] = reason
        record["principles"] = keys
    out["why"] = why
    if pegging:
        from crib_trainer.analysis.pegnet import with_pegging
        from crib_trainer.training.words.pegging_advice import pegging_reason

        ranked = with_pegging(analysis)
        by_throw = {tuple(r["discard"]): r for r in out["options"]}
        out["options"] = [
            {**by_throw[tuple(c.code for c in r.option.discard)], **r.to_json()} for r in ranked
        ]
        out["why"] = pegging_reason(analysis, ranked)
    return out


_CODE = attrgetter("code")

#: One option of :func:`analysis_line`, as ``json.dumps`` writes its record.
_OPTION_JSON = (
    '{"discard": [%s], "keep": [%s], "hand_ev": %s, "crib_ev": %r, "heels_ev": %s, '
    '"net_ev": %r, "loss": %r, "hand_min": %r, "hand_max": %r, "as_good": %s, '
    '"reason": %s, "principles": [%s]}'
)


def analysis_line(analysis: DiscardAnalysis) -> str:
    """:func:`analysis_record` (without pegging) as one line of JSON, byte for byte as
    ``json.dumps(record, ensure_ascii=False)`` writes it, assembled from its parts: a
    batch writes one a hand, and the dictionaries would only be thrown away. It holds
    card codes, numbers and the advice's own words, nothing a terminal would obey, so the
    batch writes it as it is (``run_batches(..., safe=True)``).

    >>> from crib_trainer.analysis.discard import analyse_discards
    >>> a = analyse_discards("5H 5D 5S JC 2C 9D", dealer=True)
    >>> analysis_line(a) == json.dumps(analysis_record(a), ensure_ascii=False)
    True
    """
    from json.encoder import encode_basestring

    from crib_trainer.training.words.discard_advice import advise

    why, each = advise(analysis)
    heels = repr(analysis.heels_ev)  # (the same in every option: written once)
    options = ", ".join(
        _OPTION_JSON
        % (
            _codes(o.discard),
            _codes(o.keep),
            _float_text(o.hand_ev),
            o.crib_ev,
            heels if o.heels_ev == analysis.heels_ev else repr(o.heels_ev),
            o.net_ev,
            o.loss,
            o.hand_min,
            o.hand_max,
            "true" if o.as_good else "false",
            encode_basestring(reason),
            _quoted(keys),
        )
        for o, (reason, keys) in zip(analysis.options, each, strict=True)
    )
    return (
        f'{{"cards": [{_codes(analysis.cards)}], '
        f'"role": "{"dealer" if analysis.dealer else "pone"}", '
        f'"variant": {encode_basestring(analysis.variant.name)}, '
        f'"opponent": {encode_basestring(analysis.opponent)}, '
        f'"heels_ev": {heels}, "net_includes_heels": false, '
        f'"options": [{options}], "why": {encode_basestring(why)}}}'
    )


#: :func:`repr` of floats already written: a hand's mean (its sum over the starters, an
#: integer below 1,400, over their number) comes again and again, and a float's shortest
#: repr is the dearest part of the line.
_FLOAT_TEXT: dict[float, str] = {}


def _float_text(x: float) -> str:
    """``repr(x)``, remembered."""
    text = _FLOAT_TEXT.get(x)
    if text is None:
        text = _FLOAT_TEXT[x] = repr(x)
    return text


def _codes(cards: tuple[Card, ...]) -> str:
    """The cards' codes as the items of a JSON list: ``"5H", "JC"``."""
    return '"' + '", "'.join(map(_CODE, cards)) + '"' if cards else ""


def _quoted(words: list[str]) -> str:
    """Plain ASCII words (card codes, principle keys) as the items of a JSON list."""
    return '"' + '", "'.join(words) + '"' if words else ""


def position_json(
    cards: tuple[Card, ...],
    dealer: bool,
    variant: Variant,
    score: tuple[int, int],
    opponent: str = "random",
) -> dict:
    """The points analysis's JSON with the throws ranked by the chance to win: each
    option adds ``win`` and ``win_se``, and its ``as_good`` says it is as good as the best
    chance (the text's ``*``); the record adds ``me``, ``him`` and ``why`` (the reason)."""
    from crib_trainer.analysis.position import analyse_position
    from crib_trainer.training.words.position_words import position_reason

    me, him = score
    p = analyse_position(cards, dealer=dealer, me=me, him=him, variant=variant, opponent=opponent)
    out = p.points.to_json()
    out["options"] = [{**o.to_json(), "as_good": p.as_good_as_best(o)} for o in p.options]
    out.update(me=me, him=him, why=position_reason(p))
    return out


def _check_score(args: argparse.Namespace, variant: Variant) -> None:
    if args.score is None:
        return
    from crib_trainer.analysis.position import check_scores

    try:
        me, him = args.score
        check_scores(me, him, variant)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _check_pegging(args: argparse.Namespace, variant: Variant) -> None:
    if not args.with_pegging:
        return
    if args.score is not None:
        raise UsageError("--score already counts the play; drop --with-pegging")
    if variant.players != 2:
        raise UsageError("--with-pegging is for the two-player games (six-card, five-card)")


def _role(args: argparse.Namespace) -> bool | None:
    if args.dealer:
        return True
    if args.pone:
        return False
    return None


def cmd_discard(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer discard``: rank every throw of one hand, or of each line of a batch."""
    variant = get_variant(args.variant)
    _check_score(args, variant)
    _check_pegging(args, variant)
    if args.batch is not None:
        if args.cards:
            raise UsageError("give the hands either as cards or with --batch, not both")
        return _discard_batch(args, variant, out)
    dealer = _role(args)
    if dealer is None:
        raise UsageError("whose crib is it? add --dealer (yours) or --pone (the opponent's)")
    if not args.cards:
        raise UsageError(f"give the {variant.dealt} cards dealt to you, like 5H 5D 5S JC 2C 9D")
    cards = parse_cards(" ".join(args.cards))
    if args.score is not None:
        return _discard_position(cards, dealer, variant, args, out)
    if args.json:
        record = analysis_json(cards, dealer, variant, args.opponent, args.with_pegging)
        print(json.dumps(record), file=out)
        return 0
    from crib_trainer.analysis.discard import analyse_discards
    from crib_trainer.training.words.discard_advice import explain_discards

    analysis = analyse_discards(cards, dealer=dealer, variant=variant, opponent=args.opponent)
    if args.with_pegging:
        from crib_trainer.analysis.pegnet import with_pegging
        from crib_trainer.training.words.pegging_advice import explain_with_pegging

        print(explain_with_pegging(analysis, with_pegging(analysis), args.ascii), file=out)
        return 0
    print(explain_discards(analysis, args.ascii), file=out)
    return 0


def _discard_position(
    cards: tuple[Card, ...], dealer: bool, variant: Variant, args: argparse.Namespace, out: TextIO
) -> int:
    if args.json:
        record = position_json(cards, dealer, variant, args.score, args.opponent)
        print(json.dumps(record), file=out)
        return 0
    from crib_trainer.analysis.position import analyse_position
    from crib_trainer.training.words.position_words import explain_position

    me, him = args.score
    p = analyse_position(
        cards, dealer=dealer, me=me, him=him, variant=variant, opponent=args.opponent
    )
    print(explain_position(p, args.ascii), file=out)
    return 0


#: Hands analysed together by ``discard --batch`` (one matrix product for them all).
BATCH = 256


def _discard_batch(args: argparse.Namespace, variant: Variant, out: TextIO) -> int:
    if args.score is not None:

        def record(line: str) -> dict[str, object]:
            """One batch line's JSON record."""
            cards, dealer = parse_hand_line(line, _role(args))
            return position_json(cards, dealer, variant, args.score, args.opponent)

        return run_batch(args.batch, record, out, "analysed")
    # The batch's matrix products are small: a second BLAS thread would only spin (and
    # numpy reads this when it is first imported, which the analysis below does).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from crib_trainer.analysis.discard import analyse_many, check_dealt

    def hand(line: str) -> tuple[tuple[Card, ...], bool]:
        cards, dealer = parse_hand_line(line, _role(args))
        return check_dealt(cards, variant), dealer

    def records(lines: list[str]) -> list[object]:
        """The lines' JSON records, their hands analysed together."""
        hands = [attempt(hand, line) for line in lines]
        good = [h for h in hands if not isinstance(h, ValueError)]
        analyses = iter(analyse_many(good, variant=variant, opponent=args.opponent))
        results: list[object] = []
        for h in hands:
            if isinstance(h, ValueError):
                results.append(h)
                continue
            analysis = next(analyses)
            try:
                if args.with_pegging:
                    results.append(analysis_record(analysis, pegging=True))
                else:
                    results.append(analysis_line(analysis))
            except ValueError as err:
                results.append(err)
        return results

    return run_batches(args.batch, records, out, "analysed", size=BATCH, safe=True)

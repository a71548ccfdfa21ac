"""``crib-trainer peg``: score a sequence of play card by card, or, with ``--hand``, rank the
plays for the player to move."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from crib_trainer.analysis import OPPONENTS
from crib_trainer.cli.common import UsageError, output_options
from crib_trainer.core.cards import Card, parse_card, parse_cards
from crib_trainer.core.pegging import PlayError, parse_peg_tokens, score_sequence
from crib_trainer.core.safe_text import shown
from crib_trainer.core.variants import Variant, get_variant

if TYPE_CHECKING:
    from crib_trainer.analysis.pegging import Analysis, PegSituation
    from crib_trainer.analysis.pegging.sampled import TableAnalysis

_RANK_ONLY = ("starter", "discards", "opponent", "player", "variant", "samples", "seed", "score")
_TABLE_ONLY = ("samples", "seed")


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``peg`` (a written sequence to score, or a hand to rank the next card for)."""
    peg = sub.add_parser(
        "peg",
        parents=[output_options()],
        help="score a sequence of play, or rank the plays for the next card",
        description="Score the play, card by card. TOKEN is a card, NAME:CARD, or 'go' "
        "(no one can play: the last player scores the go and the count restarts). "
        "A sequence the rules forbid (a go while someone holds a card that would come in, "
        "a player passed over who lays such a card later, the wrong player leading after a "
        "go) is refused with the rule, unless --as-laid. "
        "With --hand, rank the cards the next player can lay after the TOKENs by the net "
        "points (his minus his opponent's) they lead to by the end of the play; a closing "
        "'go' after his own card, while he can still come in, is his opponent's go. "
        "With three or four players (--variant) the other seats' hidden hands are sampled "
        "(exact when there are few enough ways for them to lie).",
        epilog="Examples: peg 2D 9S 4C 4D JH A:2S 9D B:6H (the 1911 dialogue: B says go at "
        "29, A plays on to 31, B plays out);  "
        "peg KS --hand 5H 9C 2D 8S --starter 3C --discards QD 7S;  "
        "peg KS QH --hand 4D 2S 9C 8C --variant three-player --seed 7",
    )
    peg.add_argument("tokens", nargs="*", metavar="TOKEN")
    peg.add_argument(
        "--unfinished", action="store_true", help="the play goes on: no point for the last card"
    )
    peg.add_argument(
        "--as-laid",
        action="store_true",
        help="score the cards as they were laid at a table even where the rules forbid the "
        'sequence; each such play is listed (JSON: "irregular")',
    )
    rank = peg.add_argument_group("ranking the next play (with --hand)")
    rank.add_argument(
        "--hand",
        nargs="+",
        metavar="CARD",
        help="the cards the next player still holds: rank his legal plays (put the TOKENs "
        "before --hand)",
    )
    rank.add_argument("--starter", metavar="CARD", help="the starter, if turned")
    rank.add_argument(
        "--discards", nargs="+", metavar="CARD", help="the cards he threw to the crib"
    )
    rank.add_argument(
        "--opponent",
        choices=OPPONENTS,
        default=None,
        help="how the opponent's hidden cards are weighted (default random: every holding "
        "that fits the play so far is equally likely)",
    )
    rank.add_argument(
        "--player",
        metavar="NAME",
        help="who holds --hand (default: the player after the last card's player, unless "
        "only the last card's player has that many cards left and his opponent could have "
        "said go (the count is 22 or more) or is out of cards)",
    )
    rank.add_argument(
        "--variant",
        metavar="V",
        help="six-card (default), five-card, three-player or four-player (partners: seats A "
        "and C against B and D; A leads, the last seat deals)",
    )
    rank.add_argument(
        "--samples",
        type=int,
        metavar="N",
        help="three or four players: deals of the hidden hands to average over; exact when "
        "there are no more ways for them to lie than N (default: exact up to 300, else "
        "sampled until the best card's lead over the next is twice its error, the two are "
        "within 0.05 points, 300 deals or half a second of search)",
    )
    rank.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="three or four players: the seed the deals are drawn with (default 0): the "
        "same seed gives the same ranking",
    )
    rank.add_argument(
        "--score",
        nargs=2,
        type=int,
        metavar=("ME", "HIM"),
        help="the score of the player to move and his opponent's before this card: rank "
        "the plays by the chance to win the game (a card that pegs out wins now)",
    )
    peg.set_defaults(run=cmd_peg)


def cmd_peg(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer peg``: score a sequence card by card, or rank the plays with --hand."""
    if args.hand is not None:
        return _rank(args, out)
    given = [f"--{name}" for name in _RANK_ONLY if getattr(args, name) is not None]
    if given:
        verb = "goes" if len(given) == 1 else "go"
        raise UsageError(
            f"{' and '.join(given)} {verb} with --hand (the cards of the player to move)"
        )
    return _score(args, out)


def _score(args: argparse.Namespace, out: TextIO) -> int:
    from crib_trainer.training.words.explain import explain_play

    if not args.tokens:
        raise UsageError("give the cards played in order, e.g. 'peg 4S 2H 5D 3C'")
    record = score_sequence(parse_peg_tokens(args.tokens), finished=not args.unfinished)
    if record.irregular and not args.as_laid:
        raise PlayError(f"{record.irregular[0].text()} (--as-laid scores it as laid)")
    irregular = [i.text() for i in record.irregular]
    if args.json:
        data = record.to_json()
        if args.as_laid:
            data["irregular"] = irregular
        _print_json(data, out)
        return 0
    names = [shown(n) for n in record.players]  # (typed names: one line, nothing obeyed)
    width = max(len(n) for n in (*names, "player"))
    print(f"{'':>3}  {'player':<{width}}  card  count  points", file=out)
    for i, p in enumerate(record.plays, start=1):
        name = names[p.player]
        why = f"  {explain_play(p, args.ascii)}" if p.items else ""
        points = str(p.points) if p.points else ""
        row = (
            f"{i:>3}  {name:<{width}}  {p.card.format(args.ascii):<4}  {p.count:>5}  "
            f"{points:>6}{why}"
        )
        print(row.rstrip(), file=out)
    totals = ", ".join(f"{shown(n)} {t}" for n, t in record.totals().items())
    print(f"Totals: {totals}", file=out)
    if args.as_laid:
        print(
            "Scored as laid: "
            + ("nothing in it breaks the rules." if not irregular else "against the rules:"),
            file=out,
        )
        for line in irregular:
            print(f"  {shown(line)}", file=out)
    return 0


def situation_from_args(args: argparse.Namespace, hand: tuple[Card, ...]) -> PegSituation:
    """The situation the command line describes: the TOKENs, ``--hand``, ``--starter``,
    ``--discards``, ``--variant`` and ``--player`` (who holds the hand)."""
    from crib_trainer.analysis.pegging import PegSituation, UnknownHolderError

    starter = parse_card(args.starter) if args.starter else None
    discards = parse_cards(" ".join(args.discards)) if args.discards else ()
    try:
        return PegSituation.from_sequence(
            parse_peg_tokens(args.tokens),
            hand,
            starter=starter,
            discards=discards,
            variant=args.variant or "six-card",
            holder=args.player,
        )
    except UnknownHolderError as err:
        raise UsageError(
            f"--player {err.holder!r} is not one of the players: {', '.join(err.players)}"
        ) from None


def _wins(
    args: argparse.Namespace, situation: PegSituation, analysis: Analysis, opponent: str
) -> list[float]:
    """The chance to win after each play (in the analysis's order)."""
    from crib_trainer.analysis.endplay import play_wins

    me, him = args.score
    return play_wins(situation, analysis, me=me, him=him, opponent=opponent)


def _check_score(args: argparse.Namespace, situation: PegSituation) -> None:
    from crib_trainer.analysis.position import check_scores

    try:
        me, him = args.score
        check_scores(me, him, situation.variant)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _rank(args: argparse.Namespace, out: TextIO) -> int:
    from crib_trainer.analysis.pegging import analyse
    from crib_trainer.core.cards import format_cards
    from crib_trainer.training.words.pegreasons import explain_analysis

    if args.unfinished or args.as_laid:
        flag = "--unfinished" if args.unfinished else "--as-laid"
        raise UsageError(f"{flag} is for scoring a sequence; with --hand the play goes on")
    hand = parse_cards(" ".join(args.hand))
    if not hand:
        raise UsageError("--hand needs the cards the player to move holds")
    if _variant(args).players > 2:
        if args.score:
            raise UsageError("--score is for the two-player games (the win table is theirs)")
        return _rank_table(args, hand, out)
    given = [f"--{name}" for name in _TABLE_ONLY if getattr(args, name) is not None]
    if given:
        verb = "goes" if len(given) == 1 else "go"
        raise UsageError(
            f"{' and '.join(given)} {verb} with --variant three-player or four-player "
            "(the two-player analysis is exact)"
        )
    situation = situation_from_args(args, hand)
    if args.score:
        _check_score(args, situation)
    opponent = args.opponent or "random"
    analysis = analyse(situation, opponent=opponent)
    options = explain_analysis(analysis)
    wins = _wins(args, situation, analysis, opponent) if args.score else None
    if wins is not None:
        ranked = sorted(zip(options, wins, strict=True), key=lambda ow: -round(ow[1], 6))
        options, wins = [o for o, _ in ranked], [w for _, w in ranked]
    if args.json:
        plays = [o.to_json() for o in options]
        for play, win in zip(plays, wins or (), strict=False):
            play["win"] = round(win, 4)
        _print_json({"plays": plays}, out)
        return 0
    pos = analysis.position
    a = args.ascii
    role = "dealer" if situation.dealer else "non-dealer"
    where = (
        f"count {pos.count} ({format_cards(pos.count_cards, a)})"
        if pos.count_cards
        else "a new count: you lead"
    )
    hidden = (
        f"his {pos.opponent_left} hidden cards from {len(pos.unseen)} unseen, {opponent} opponent"
        if pos.opponent_left
        else "he has no cards left"
    )
    print(f"You ({role}) hold {format_cards(hand, a)}; {where}; {hidden}.", file=out)
    win_head = "    win" if wins else ""
    print(f"{'':>3}  card  now     net  risk{win_head}  {'':<7}  why", file=out)
    for i, o in enumerate(options, start=1):
        mark = "best" if i == 1 else ("as good" if o.as_good and not wins else "")
        now = str(o.immediate) if o.immediate else ""
        win_text = f"  {wins[i - 1]:>5.1%}" if wins else ""
        print(
            f"{i:>3}  {o.card.format(a):<4}  {now:>3}  {o.expected_net:>+6.2f}  "
            f"{o.risk:>4.0%}{win_text}  {mark:<7}  {o.reason}",
            file=out,
        )
    if wins:
        print(
            "win: your chance to win the game after the card: 100% when it pegs out; "
            "otherwise his pegging out at once on it, then the shows and the next deals "
            "(the rest of the play left out; README: peg --score).",
            file=out,
        )
    print(
        "net: your points minus his to the end of the play; risk: the chance he holds a "
        "reply that scores 2 or more.",
        file=out,
    )
    return 0


def _print_json(data: object, out: TextIO) -> None:
    """Print ``data`` as one line of JSON (:mod:`json` is loaded only for ``--json``)."""
    import json

    print(json.dumps(data), file=out)


def _variant(args: argparse.Namespace) -> Variant:
    try:
        return get_variant(args.variant or "six-card")
    except ValueError as err:
        raise UsageError(f"--variant: {err}") from None


def _rank_table(args: argparse.Namespace, hand: tuple[Card, ...], out: TextIO) -> int:
    """Rank the plays at a table of three or four (the other seats' hands sampled)."""
    from crib_trainer.analysis.pegging import (
        MAX_SAMPLES,
        TableSituation,
        analyse_table,
    )
    from crib_trainer.core.cards import format_cards
    from crib_trainer.training.words.pegreasons import explain_table

    v = _variant(args)
    if args.opponent not in (None, "random"):
        raise UsageError(
            f"--opponent {args.opponent} is for two players; the {v.name} game "
            "takes every deal of the hidden hands alike"
        )
    samples = args.samples
    if samples is not None and not 2 <= samples <= MAX_SAMPLES:
        raise UsageError(f"--samples must be 2 to {MAX_SAMPLES}; got {samples}")
    seed = 0 if args.seed is None else args.seed
    situation = TableSituation.from_sequence(
        parse_peg_tokens(args.tokens),
        hand,
        variant=v,
        holder=args.player,
        starter=parse_card(args.starter) if args.starter else None,
        discards=parse_cards(" ".join(args.discards)) if args.discards else (),
    )
    analysis = analyse_table(situation, samples=samples, seed=seed)
    options = explain_table(analysis)
    if args.json:
        data = {
            "plays": [o.to_json() for o in options],
            "method": analysis.method,
            "deals": analysis.deals,
            "samples": samples,
            "seed": seed,
        }
        if analysis.stopped:
            data |= {
                "stopped": analysis.stopped,
                "lead": round(analysis.lead, 4),
                "lead_stderr": round(analysis.lead_stderr, 4),
            }
        _print_json(data, out)
        return 0
    pos = analysis.position
    a = args.ascii
    names = "ABCD"
    seat = f"seat {names[pos.seat]} of {v.players}"
    if situation.dealer:
        seat += ", dealer"
    where = (
        f"count {pos.count} ({format_cards(pos.count_cards, a)})"
        if pos.count_cards
        else "a new count: you lead"
    )
    held = ", ".join(f"{names[q]} {pos.left[q]}" for q in pos.hidden) or "none"
    print(f"You ({seat}) hold {format_cards(hand, a)}; {where}; hidden cards: {held}.", file=out)
    how = (
        f"exact over all {analysis.deals:,} deals of the hidden hands"
        if analysis.method == "exact"
        else f"sampled: {analysis.deals:,} deals of the hidden hands, seed {seed}"
    )
    print(f"{how}{_until_clear_words(analysis)}.", file=out)
    print(f"{'':>3}  card  now     net     ±  {'':<7}  why", file=out)
    for i, o in enumerate(options, start=1):
        mark = "best" if i == 1 else ("as good" if o.as_good else "")
        now = str(o.immediate) if o.immediate else ""
        print(
            f"{i:>3}  {o.card.format(a):<4}  {now:>3}  {o.expected_net:>+6.2f}  {o.stderr:>4.2f}  "
            f"{mark:<7}  {o.reason}",
            file=out,
        )
    side = "your side's points (you and your partner)" if v.partnerships else "your points"
    print(
        f"net: {side} minus the others' to the end of the play; ±: its standard error.",
        file=out,
    )
    return 0


def _until_clear_words(analysis: TableAnalysis) -> str:
    """Why sampling until clear stopped, from its numbers ("" when the count was fixed).

    >>> from crib_trainer.analysis.pegging.sampled import TableAnalysis
    >>> a = TableAnalysis(None, (), "sampled", 60, None, 0, 0, "clear", 0.3, 0.1)
    >>> _until_clear_words(a)
    '; the best card leads the next by 0.30 points, over twice its error (0.10)'
    """
    from crib_trainer.analysis.pegging.sampled import BUDGET_S, TIED

    lead, error = analysis.lead, analysis.lead_stderr
    said = f"the best card leads the next by {lead:.2f} points"
    if analysis.stopped == "clear":
        return f"; {said}, over twice its error ({error:.2f})"
    if analysis.stopped == "tied":
        return f"; the best two are within {TIED} points ({lead:.2f}, error {error:.2f})"
    if analysis.stopped == "budget":
        return f"; not clear when its {BUDGET_S} s were spent: {said} ± {error:.2f}"
    if analysis.stopped == "limit":
        return f"; not clear after {analysis.deals} deals: {said} ± {error:.2f}"
    return ""

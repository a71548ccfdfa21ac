"""``crib-trainer game replay FILE``: replay a game log with every ruling and the result;
``crib-trainer game analyse FILE``: every decision graded, the points each player lost."""

from __future__ import annotations

import argparse
import io
import json
from typing import TextIO

from crib_trainer.cli.common import UsageError, open_input, output_options
from crib_trainer.core.gamelog import GameLogError, Replay, replay_log
from crib_trainer.core.safe_text import shown
from crib_trainer.textfiles import read_text_file, read_text_stream


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``game replay FILE``."""
    game = sub.add_parser(
        "game",
        help="replay or analyse a game log: every ruling and result; every decision graded",
        description="Work with a game written as a log: a header line (names, variant, "
        "rules), then one entry a line in the scorekeeper's own input syntax.",
    )
    actions = game.add_subparsers(dest="action", metavar="ACTION", required=True)
    replay = actions.add_parser(
        "replay",
        parents=[output_options()],
        help="replay a game log with every ruling, the scores after each entry and the result",
        description="Replay a game log: each entry with its rulings (each citing its law) and "
        "the scores after it, then the result (winner; single, lurch, skunk or double skunk "
        "by the game's rules). A line that cannot be read or breaks a rule stops the replay: "
        "one line naming its number and the rule, exit status 2.",
        epilog="A log: 'game: Ann, Bob; rules acc' then lines such as 5D, 4H, bob:5H, go, "
        "ann 2, end, '5H 5C 5S JD 29', 'penalty bob misdeal'. The scorekeeper writes one "
        "with x. See docs/gamelog.md.",
    )
    replay.add_argument("file", metavar="FILE", help="the game log (- reads standard input)")
    replay.set_defaults(run=cmd_replay)
    analyse = actions.add_parser(
        "analyse",
        parents=[output_options()],
        help="grade a game log card by card: points lost per player, the biggest mistakes",
        description="Grade every decision a game log makes known once its shows are in: each "
        "card laid with a choice, from what its player could know then (his hand, the cards "
        "seen; the exact pegging analysis, two players), each show's count (under the "
        "game's rules), and each throw the log gives with a throw line ('throw ann 5H 5C'). "
        "Prints the points each player lost by throws, the play and counting, and the "
        "biggest mistakes. A log that cannot be read: one line, exit status 2.",
        epilog="See docs/gamelog.md for the log and its throw line.",
    )
    analyse.add_argument("file", metavar="FILE", help="the game log (- reads standard input)")
    analyse.set_defaults(run=cmd_analyse)


def read_replay(name: str) -> Replay:
    """A game log read and replayed, or a ``UsageError`` of one line saying why not."""
    try:
        if name == "-":
            with open_input("-", "game log") as source:
                text = read_text_stream(source, name="standard input", what="game log")
        else:
            text = read_text_file(name, what="game log")
    except OSError as err:
        raise UsageError(f"cannot read game log '{shown(name)}': {err.strerror}") from None
    try:
        return replay_log(io.StringIO(text))
    except GameLogError as err:
        raise UsageError(f"{name} line {err.line}: {err.reason}") from None


def cmd_analyse(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer game analyse``: every decision of a game log graded."""
    from crib_trainer.training.game.game_analysis import AnalysisError, analyse_game

    replay = read_replay(args.file)
    try:
        analysis = analyse_game(replay.game, replay.throws)
    except AnalysisError as err:
        raise UsageError(f"{args.file} line {err.line}: {err.reason}") from None
    if args.json:
        game = {**replay.game.config.to_json(), "first_dealer": replay.game.first_dealer}
        print(json.dumps({"game": game, **analysis.to_json()}, ensure_ascii=False), file=out)
        return 0
    print(_title(replay), file=out)
    print(_result_text(replay), file=out)
    print("", file=out)
    for line in analysis.lines():
        print(line, file=out)
    return 0


def _title(replay: Replay) -> str:
    config = replay.game.config
    muggins = "muggins" if config.muggins else "no muggins"
    return (
        f"{', '.join(config.names)} · {config.variant.name} to {config.target} · "
        f"{config.rules.title} · {muggins}"
    )


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer game replay``: every line of a game log with its rulings and the scores."""
    replay = read_replay(args.file)
    if args.json:
        print(json.dumps(replay_json(replay), ensure_ascii=False), file=out)
        return 0
    config = replay.game.config
    print(_title(replay), file=out)
    for row in replay.entries:
        print(f"{row.line:>4}  {row.text}", file=out)
        for event in row.events:
            print(f"        {event.text}", file=out)
        scores = ", ".join(f"{n} {s}" for n, s in zip(config.names, row.scores, strict=True))
        print(f"        = {scores}", file=out)
    print(_result_text(replay), file=out)
    return 0


def _result_text(replay: Replay) -> str:
    state = replay.game.state()
    config = replay.game.config
    if state.winner is None or state.result is None:
        return f"Not finished: deal {state.deal}, {_phase(state.phase)}."
    scores = "–".join(str(s) for s in _winner_first(state.scores, state.winner))
    law = f" ({state.result.law.cite()})" if state.result.law else ""
    return f"{config.names[state.winner]} wins {scores}, {state.result.text}{law}."


def _phase(phase: str) -> str:
    return {"cut": "the cut", "play": "the play", "show": "the shows"}[phase]


def _winner_first(scores: list[int], winner: int) -> list[int]:
    return [scores[winner], *(s for i, s in enumerate(scores) if i != winner)]


def replay_json(replay: Replay) -> dict[str, object]:
    """The replay as JSON: the game's settings, each entry, and the result (null until the
    game is won)."""
    game = replay.game
    config = game.config
    state = game.state()
    names = list(config.names)
    result = None
    if state.winner is not None and state.result is not None:
        result = {
            "winner": names[state.winner],
            "scores": dict(zip(names, state.scores, strict=True)),
            **state.result.to_json(),
        }
    return {
        "game": {**config.to_json(), "first_dealer": game.first_dealer},
        "entries": [
            {
                "line": row.line,
                "text": row.text,
                "events": [{"text": e.text, "points": list(e.points)} for e in row.events],
                "scores": dict(zip(names, row.scores, strict=True)),
            }
            for row in replay.entries
        ],
        "result": result,
        "deal": state.deal,
        "phase": state.phase,
    }

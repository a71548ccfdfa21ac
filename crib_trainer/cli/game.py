"""``crib-trainer game replay FILE``: replay a game log with every ruling and the result."""

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
        help="replay a game log: every ruling, the scores, the result",
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


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``crib-trainer game replay``: every line of a game log with its rulings and the scores."""
    try:
        if args.file == "-":
            with open_input("-", "game log") as source:
                text = read_text_stream(source, name="standard input", what="game log")
        else:
            text = read_text_file(args.file, what="game log")
    except OSError as err:
        raise UsageError(f"cannot read game log '{shown(args.file)}': {err.strerror}") from None
    try:
        replay = replay_log(io.StringIO(text))
    except GameLogError as err:
        raise UsageError(f"{args.file} line {err.line}: {err.reason}") from None
    if args.json:
        print(json.dumps(replay_json(replay), ensure_ascii=False), file=out)
        return 0
    config = replay.game.config
    muggins = "muggins" if config.muggins else "no muggins"
    print(
        f"{', '.join(config.names)} · {config.variant.name} to {config.target} · "
        f"{config.rules.title} · {muggins}",
        file=out,
    )
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

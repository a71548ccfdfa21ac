"""The coach on a year's history, and ``game analyse`` on whole games: timed.

Run:  python bench/coach_bench.py [--answers N] [--games N] [--analysed N] [--runs N]

1. ``crib-trainer coach --json`` (a fresh process each run, as a person runs it) on a
   history of ``--answers`` answers (``bench/long_history.py``: a learner's year, seeded)
   and ``--games`` finished scorekeeper games, each with its analysis kept. The games are
   self-play games (a beginner against an expert, seeded, ``game_analysis.record_log``);
   ``--analysed`` of them are analysed for real, and each of the others keeps a copy of one
   of those analyses under its own name (reading a kept analysis is what the coach does;
   analysing 200 games would take minutes here and is not what is timed).
2. ``crib-trainer game analyse FILE`` (a fresh process) on ``--analysed`` of those games,
   each a whole game to 121, timed one by one.

Prints one table: the median and the slowest of each.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from long_history import write_history

from crib_trainer.analysis.selfplay import play_game
from crib_trainer.core.gamelog import replay_log
from crib_trainer.storage.analyses import FOLDER, save_analysis
from crib_trainer.storage.db import open_store
from crib_trainer.storage.games import save_game
from crib_trainer.training.game.game_analysis import analyse_game, record_log

END = datetime(2026, 11, 25, tzinfo=UTC)


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=20000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--analysed", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="coach-bench-"))
    env = os.environ | {"CRIB_TRAINER_HOME": str(home)}
    os.environ["CRIB_TRAINER_HOME"] = str(home)
    history = home / "history.sqlite3"
    write_history(history, args.answers, end=END)
    logs: list[str] = []
    finished = 0
    seed = 0
    while finished < args.games:
        record = play_game("beginner", "expert", seed=seed)
        seed += 1
        text = record_log(record, ("You", f"Op{seed}"))
        if replay_log(io.StringIO(text)).game.state().winner is not None:
            logs.append(text)
            finished += 1
    analyses = []
    for text in logs[: args.analysed]:
        replay = replay_log(io.StringIO(text))
        analyses.append(analyse_game(replay.game, replay.throws, when=END))
    with open_store(history) as store:
        for n, text in enumerate(logs):
            game = replay_log(io.StringIO(text)).game
            save_game(store, game, None, now=END - timedelta(hours=n))
            save_analysis(home / FOLDER, game, analyses[n % len(analyses)])
    exe = [sys.executable, "-m", "crib_trainer.cli"]
    coach = [timed([*exe, "coach", "--json"], env) for _ in range(args.runs)]
    analyse = []
    for n, text in enumerate(logs[: args.analysed]):
        path = home / f"game-{n}.txt"
        path.write_text(text, encoding="utf-8")
        analyse.append(timed([*exe, "game", "analyse", str(path)], env))
    rows = [
        ("what", "runs", "median s", "slowest s"),
        (
            f"coach --json: {args.answers} answers, {args.games} games",
            str(len(coach)),
            f"{statistics.median(coach):.2f}",
            f"{max(coach):.2f}",
        ),
        (
            "game analyse: a game to 121 (beginner v expert)",
            str(len(analyse)),
            f"{statistics.median(analyse):.2f}",
            f"{max(analyse):.2f}",
        ),
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        cells = zip(r, widths, strict=True)
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(cells)))
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()

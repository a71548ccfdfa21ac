"""Moves while another program holds the history's write lock, and quitting then.

Run:  python bench/locked_history_bench.py [--moves N] [--rounds R]

The trainer runs headless (Textual's ``run_test``) with the default busy timeout (5 s),
its history in a temporary folder. Each round plays ``N`` practice-game moves (random
legal throws and cards, go when due) and enters ``N`` scorekeeper lines (points, so any
number fit), once with the history free and once with a second connection holding a
write transaction (``BEGIN IMMEDIATE``) for the whole run, the two interleaved, free
first. A move's time is from the key to the screen idle again (Pilot's wait), so a move
that waited on the file would count its wait. Then quitting: the time from leaving the
app with the lock still held to the app's end, what the file refused, as the trainer
reports it. Prints one table: median and worst move in milliseconds, and quitting.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def hold_lock(path: Path) -> sqlite3.Connection:
    other = sqlite3.connect(path, timeout=0.1, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


async def practice_moves(app, pilot, n: int, rng: random.Random) -> list[float]:
    """``n`` moves of a practice game, each timed from the key to the screen idle."""
    from crib_trainer.ui.screens.practice import NewPracticeScreen, PracticeScreen

    await pilot.press("0")
    await pilot.pause()
    if isinstance(app.screen, NewPracticeScreen):
        await pilot.press("enter")
        await pilot.pause()
    times = []
    while len(times) < n:
        screen = app.screen
        if not isinstance(screen, PracticeScreen):  # a review: play on
            await pilot.press("escape")
            await pilot.pause()
            continue
        p = screen.practice
        keys: list[str] = []
        if p.waiting_for == "discard":
            picks = rng.sample(range(1, len(p.hand) + 1), p.game.variant.discard)
            keys = [*(str(k) for k in picks), "enter"]
        elif p.waiting_for == "play" and p.game.play_state is not None:
            card = rng.choice(p.game.play_state.legal_cards())
            keys = [str(p.hand.index(card) + 1)]
        elif p.waiting_for == "go":
            keys = ["g"]
        elif p.waiting_for == "count":
            screen.query_one("#practice-total").value = str(p.next_show()[2].total)
            keys = ["enter"]
        elif p.waiting_for == "check":
            keys = ["enter"]
        else:
            await pilot.press("ctrl+n")  # the game is over: a new one
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            continue
        started = time.perf_counter()
        await pilot.press(*keys)
        await pilot.pause()
        times.append(time.perf_counter() - started)
        await app.workers.wait_for_complete()  # (the grading thread: not the move's)
    await home(app, pilot)
    return times


async def home(app, pilot) -> None:
    """Back to the home screen (past a review or a summary)."""
    while type(app.screen).__name__ != "HomeScreen":
        await pilot.press("escape")
        await pilot.pause()


async def scorekeeper_lines(app, pilot, n: int) -> list[float]:
    """``n`` lines of the scorekeeper (a new game, then points), each timed."""
    await pilot.press("9")
    await pilot.pause()
    if type(app.screen).__name__ == "NewGameScreen":
        app.screen.query_one("#names").focus()
        await pilot.press("enter")
        await pilot.pause()
    times = []
    box = app.screen.query_one("#entry")
    for i in range(n):
        state = app.screen.game.state()
        if state.phase == "over":
            break
        box.value = "5D" if state.phase == "cut" else f"{1 + i % 2} 1"
        if state.phase == "show":
            box.value = "5H 5C 5S JD 29"
        started = time.perf_counter()
        await pilot.press("enter")
        await pilot.pause()
        times.append(time.perf_counter() - started)
    await home(app, pilot)
    return times


async def one_run(n: int, locked: bool, seed: int) -> tuple[list[float], list[float], float, str]:
    from crib_trainer.storage.paths import database_path
    from crib_trainer.ui.app import CribTrainerApp

    app = CribTrainerApp(seed=seed)
    other = None
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if locked:
            other = hold_lock(database_path())
        practice = await practice_moves(app, pilot, n, random.Random(seed))
        score = await scorekeeper_lines(app, pilot, n)
        leaving = time.perf_counter()
    quit_s = time.perf_counter() - leaving
    if other is not None:
        other.rollback()
        other.close()
    return practice, score, quit_s, app.unkept.text() or "nothing"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    results: dict[bool, list] = {False: [], True: []}
    for r in range(args.rounds):
        for locked in (False, True):  # interleaved, free first
            with tempfile.TemporaryDirectory() as home:
                os.environ["CRIB_TRAINER_HOME"] = home
                results[locked].append(asyncio.run(one_run(args.moves, locked, seed=r)))
    print(
        f"{'history':<8} {'practice move ms':>26} {'scorekeeper line ms':>26} {'quit s':>7}"
        "  lost at quit"
    )
    print(f"{'':<8}" + f" {'median':>8} {'p90':>8} {'worst':>8}" * 2 + f" {'worst':>7}")
    for locked in (False, True):
        runs = results[locked]
        practice = [t * 1000 for run in runs for t in run[0]]
        score = [t * 1000 for run in runs for t in run[1]]
        quit_s = max(run[2] for run in runs)
        lost = " / ".join(run[3] for run in runs)
        cells = "".join(
            f" {statistics.median(ms):>8.0f} {statistics.quantiles(ms, n=10)[-1]:>8.0f}"
            f" {max(ms):>8.0f}"
            for ms in (practice, score)
        )
        print(f"{'locked' if locked else 'free':<8}{cells} {quit_s:>7.2f}  {lost}")


if __name__ == "__main__":
    main()

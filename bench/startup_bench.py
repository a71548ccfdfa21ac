"""Start-up: from launching the trainer to the home screen, and to the first hand drawn.

Run:  python bench/startup_bench.py [--runs N]
Each run is a fresh Python process (imports included), headless, with its history in a
temporary folder: launched once on an empty history (the first launch makes the database),
then again on the history that made (every later launch); bytecode is compiled first.
The child imports what ``crib-trainer`` imports before its first screen (the app and the
home screen) and the count screen only once the home screen is shown, as the trainer
loads it when ``1`` opens it (until 2026-11-25 the child imported it at the start, which
put its modules before the home screen).
Then the home screen again on long histories (:data:`HISTORIES` answers: a learner's
weeks, months and year, seeded, ``bench/long_history.py``, built once per bench run and
copied into each run's folder).
Prints one table of medians and maxima in milliseconds, wall clock and the process's CPU
time (which a loaded machine changes far less), beside three floors measured in the same
runs: a bare Python, one that only imports Textual's app, screen and widgets (what any
Textual program pays), and a bare Textual app of the home screen's widgets shown.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from long_history import write_history

import crib_trainer
from crib_trainer.storage.paths import DATABASE_NAME

#: The long histories the home screen is shown on, in answers.
HISTORIES = (1000, 5000, 20000)

CHILD = r"""
import time
cpu = time.process_time
import asyncio, json
from crib_trainer.ui.startup import pause_collector
pause_collector()  # (as crib-trainer does before it imports the trainer)
from crib_trainer.ui.app import CribTrainerApp
from crib_trainer.ui.screens.home import HomeScreen
imported, imported_cpu = time.perf_counter(), cpu()

async def main():
    app = CribTrainerApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, HomeScreen):
            await pilot.pause()
        home, home_cpu = time.perf_counter(), cpu()
        # (the count screen's module is loaded when 1 opens it, as in the trainer)
        from crib_trainer.ui.screens.count import CountScreen
        await pilot.press("1")
        while not (isinstance(app.screen, CountScreen) and app.screen.drill is not None):
            await pilot.pause()
        await pilot.pause()
        hand, hand_cpu = time.perf_counter(), cpu()
    print(json.dumps({"import": imported, "home": home, "hand": hand,
                      "import_cpu": imported_cpu, "home_cpu": home_cpu, "hand_cpu": hand_cpu}))

asyncio.run(main())
"""


FLOOR = r"""
import json, time
import textual.app, textual.screen, textual.widgets
print(json.dumps({"textual": time.perf_counter(), "textual_cpu": time.process_time()}))
"""


#: A Textual app of the home screen's widgets and nothing of ours, to its first screen: what
#: any Textual program of this kind pays before its own work (a third floor).
APP_FLOOR = r"""
import time
cpu = time.process_time
import asyncio, json
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, OptionList, Static

class Bare(App):
    def compose(self):
        yield Header()
        with Horizontal():
            yield OptionList(*[f"drill {n}" for n in range(12)])
            with Vertical():
                yield Static("Today")
                yield Static("Nothing answered yet.")
        yield Footer()

async def main():
    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(json.dumps({"app": time.perf_counter(), "app_cpu": cpu()}))

asyncio.run(main())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)
    results: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as built:
        histories = {}
        for n in HISTORIES:
            histories[n] = Path(built) / f"{n}.sqlite3"
            write_history(histories[n], n, end=datetime.now(UTC))
        for _ in range(args.runs):  # the rows in turn, so a change of load falls on all
            with tempfile.TemporaryDirectory() as home:
                env = dict(os.environ, CRIB_TRAINER_HOME=home)
                row = _prefixed(_child(CHILD, env), "first_")
                row |= _child(CHILD, env)  # again: the history the first run made is there
                row |= _bare(env)
                row |= _floor(env)
                row |= _child(APP_FLOOR, env)
            for n, path in histories.items():
                with tempfile.TemporaryDirectory() as home:
                    shutil.copy(path, Path(home) / DATABASE_NAME)
                    env = dict(os.environ, CRIB_TRAINER_HOME=home)
                    row |= _prefixed(_child(CHILD, env), f"{n}_")
            results.append(row)
    print(
        f"# {args.runs} runs of fresh processes, headless 80x24; "
        f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'from launch to':<36} {'wall ms':>8} {'cpu ms':>8} {'max wall':>9}")
    for key, label in (
        ("bare", "bare python -c pass (floor)"),
        ("textual", "Textual imported (floor)"),
        ("app", "a bare Textual app shown (floor)"),
        ("first_import", "first launch: imports done"),
        ("first_home", "first launch: home screen shown"),
        ("first_hand", "first launch: first hand drawn"),
        ("import", "imports done"),
        ("home", "home screen shown"),
        ("hand", "first hand drawn (key 1)"),
        *((f"{n}_home", f"home screen, {n:,} answers") for n in HISTORIES),
    ):
        wall = [r[key] * 1000 for r in results]
        cpu = [r[f"{key}_cpu"] * 1000 for r in results]
        print(
            f"{label:<36} {statistics.median(wall):>8.0f} {statistics.median(cpu):>8.0f} "
            f"{max(wall):>9.0f}"
        )


def _child(code: str, env: dict[str, str]) -> dict[str, float]:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    row = json.loads(out.stdout.strip().splitlines()[-1])
    # (perf_counter is the system's monotonic clock: the child's readings less this
    # process's start are times from launch)
    return {k: v if k.endswith("_cpu") else v - start for k, v in row.items()}


def _prefixed(row: dict[str, float], prefix: str) -> dict[str, float]:
    return {prefix + k: v for k, v in row.items()}


def _bare(env: dict[str, str]) -> dict[str, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"bare": wall, "bare_cpu": cpu}


def _floor(env: dict[str, str]) -> dict[str, float]:
    """Textual's own import, timed from launch (wall from this process's clock)."""
    return _child(FLOOR, env)


if __name__ == "__main__":
    main()

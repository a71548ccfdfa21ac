"""Start-up: from launching the trainer to the home screen, and to the first hand drawn.

Run:  python bench/startup_bench.py [--runs N]
Each run is a fresh Python process (imports included), headless, with an empty history in
a temporary folder. Prints one table of medians and maxima in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = r"""
import time
start = time.perf_counter()
import asyncio, json
from crib_trainer.ui.app import CribTrainerApp
from crib_trainer.ui.screens.count import CountScreen
from crib_trainer.ui.screens.home import HomeScreen
imported = time.perf_counter()

async def main():
    app = CribTrainerApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, HomeScreen):
            await pilot.pause()
        home = time.perf_counter()
        await pilot.press("1")
        while not (isinstance(app.screen, CountScreen) and app.screen.drill is not None):
            await pilot.pause()
        await pilot.pause()
        hand = time.perf_counter()
    print(json.dumps({"import": imported - start, "home": home - start, "hand": hand - start}))

asyncio.run(main())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, CRIB_TRAINER_HOME=home)
            out = subprocess.run(
                [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True
            )
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(f"# {args.runs} fresh processes, headless 80x24, empty history")
    print(f"{'from launch to':<32} {'median ms':>10} {'max ms':>8}")
    for key, label in (
        ("import", "imports done"),
        ("home", "home screen shown"),
        ("hand", "first hand drawn (key 1)"),
    ):
        values = [r[key] * 1000 for r in results]
        print(f"{label:<32} {statistics.median(values):>10.0f} {max(values):>8.0f}")


if __name__ == "__main__":
    main()

"""Start-up of the served trainer: from launching ``crib-trainer serve`` to a page a person
can use in a browser (the home screen drawn in headless Chromium), and from opening a
further tab on a running server to its home screen.

Run:  python bench/serve_bench.py [--runs N]      (needs Debian's chromium)
Each run: a fresh server (a fresh Python process, imports included) with an empty history
in a temporary folder, a new tab in one already running headless Chromium at 1000x640,
the screen read every 10 ms. Prints one table of medians and maxima in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.web.cdp import Chromium, find_chromium
from tests.web.conftest import free_port

HOME = "Drills and tools"


async def one_run(browser: Chromium, home: str) -> dict[str, float]:
    port = free_port()
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "crib_trainer.cli", "serve", "--port", str(port)],
        env=dict(os.environ, CRIB_TRAINER_HOME=home),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        server.stdout.readline()
        listening = time.perf_counter()
        page = await browser.new_page()
        opened = time.perf_counter()
        await page.open(f"http://localhost:{port}/")
        await page.wait_for_text(HOME, every=0.01)
        usable = time.perf_counter()
        other = await browser.new_page()
        second = time.perf_counter()
        await other.open(f"http://localhost:{port}/")
        await other.wait_for_text(HOME, every=0.01)
        second_usable = time.perf_counter()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {
        "listening": listening - start,
        "page": usable - opened,
        "total": usable - start - (opened - listening),
        "second": second_usable - second,
    }


async def bench(runs: int) -> list[dict[str, float]]:
    chromium = find_chromium()
    if chromium is None:
        sys.exit("needs Debian's chromium (apt-get install chromium)")
    results = []
    async with Chromium(chromium) as browser:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as home:
                results.append(await one_run(browser, home))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    results = asyncio.run(bench(args.runs))
    print(f"# {args.runs} fresh servers, headless Chromium 1000x640, empty history")
    print(f"{'what':<52} {'median ms':>10} {'max ms':>8}")
    for key, label in (
        ("listening", "launch of serve to listening"),
        ("page", "page opened to home screen drawn (first tab)"),
        ("total", "launch of serve to a usable page (the two above)"),
        ("second", "another tab opened to its home screen"),
    ):
        values = [r[key] * 1000 for r in results]
        print(f"{label:<52} {statistics.median(values):>10.0f} {max(values):>8.0f}")


if __name__ == "__main__":
    main()

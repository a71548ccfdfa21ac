"""Start-up and memory of the served trainer, beside the same trainer's bare start-up.

Run:  python bench/serve_bench.py [--runs N]      (needs Debian's chromium; Linux: /proc)

Each run, in turn so that a change of load falls on every row alike:
- bare start-up: ``crib-trainer`` (the terminal trainer) launched in a pseudo-terminal of
  111 × 30 (the size the page's terminal is at 1000 × 640), to its home screen drawn;
- a fresh ``crib-trainer serve`` (a fresh Python process, imports included) with an empty
  history in a temporary folder: from its launch to listening, and a new tab in one
  already running headless Chromium (1000 × 640) from opening the page to the home screen
  drawn; then a second tab on the same server, opened to its home screen;
- the memory of the first tab's trainer process (its proportional set size, PSS, from
  /proc/PID/smaps_rollup: what the tab adds to the machine) once its home screen is drawn,
  of a socket that asks for a 5000 × 2000 terminal (capped at 240 × 80), and of the server.
The screen is read every 10 ms. Prints one table: medians and maxima, and each median as a
multiple of the bare start-up's.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.web.cdp import Chromium, find_chromium
from tests.web.conftest import free_port

HOME = "Drills and tools"
COLUMNS, ROWS = 111, 30
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)")


def bare_startup(home: str) -> float:
    """Seconds from launching the terminal trainer in a pseudo-terminal to its home screen."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal's size, then the trainer
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.environ.update(CRIB_TRAINER_HOME=home, TERM="xterm-256color")
        os.execv(sys.executable, [sys.executable, "-m", "crib_trainer.cli"])
    seen = b""
    try:
        while HOME.encode() not in ESCAPES.sub(b"", seen):
            ready, _, _ = select.select([fd], [], [], 30)
            if not ready:
                raise TimeoutError("the trainer drew no home screen in 30 s")
            seen += os.read(fd, 65536)
        return time.perf_counter() - start
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def pss(pid: int) -> float:
    """A process's proportional set size, in MiB."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    raise ValueError(f"no Pss for {pid}")


def trainers(server: int) -> set[int]:
    """The trainer processes started by the server ``server``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            continue
        if parent == server:
            found.add(int(stat.parent.name))
    return found


async def capped_tab(port: int, server: int, before: set[int]) -> float:
    """PSS (MiB) of the trainer of a socket that asks for a 5000 × 2000 terminal, once its
    home screen is drawn."""
    url = f"ws://localhost:{port}/ws?width=5000&height=2000"
    seen = b""
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as socket:
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data
                if HOME.encode() in ESCAPES.sub(b"", seen):
                    break
        [trainer] = trainers(server) - before
        return pss(trainer)


async def one_run(browser: Chromium, home: str) -> dict[str, float]:
    bare = bare_startup(home)
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
        [first] = trainers(server.pid)
        tab = pss(first)
        other = await browser.new_page()
        second = time.perf_counter()
        await other.open(f"http://localhost:{port}/")
        await other.wait_for_text(HOME, every=0.01)
        second_usable = time.perf_counter()
        capped = await capped_tab(port, server.pid, trainers(server.pid))
        serving = pss(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {
        "bare": bare,
        "listening": listening - start,
        "page": usable - opened,
        "total": usable - start - (opened - listening),
        "second": second_usable - second,
        "tab": tab,
        "capped": capped,
        "server": serving,
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
    bare = statistics.median(r["bare"] for r in results)
    print(f"# {args.runs} runs, headless Chromium 1000x640 ({COLUMNS}x{ROWS}), empty history")
    print(f"{'what':<58} {'median ms':>10} {'max ms':>8} {'x bare':>7}")
    for key, label in (
        ("bare", f"bare start-up: crib-trainer in a {COLUMNS}x{ROWS} terminal to home"),
        ("listening", "launch of serve to listening"),
        ("page", "page opened to home screen drawn (first tab)"),
        ("total", "launch of serve to a usable page (the two above)"),
        ("second", "another tab opened to its home screen"),
    ):
        values = [r[key] * 1000 for r in results]
        median = statistics.median(values)
        print(f"{label:<58} {median:>10.0f} {max(values):>8.0f} {median / bare / 1000:>6.2f}x")
    print(f"{'memory (PSS)':<58} {'median MiB':>10} {'max MiB':>8}")
    for key, label in (
        ("tab", f"a tab's trainer ({COLUMNS}x{ROWS})"),
        ("capped", "a tab asking 5000x2000 (capped at 240x80)"),
        ("server", "the server itself, two tabs open"),
    ):
        values = [r[key] for r in results]
        print(f"{label:<58} {statistics.median(values):>10.1f} {max(values):>8.1f}")


if __name__ == "__main__":
    main()

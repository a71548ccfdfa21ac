"""The command line as a user meets it: whole processes, start-up included, beside a bare
Python and a plain scorer; the ratios are measured in one run, interleaved.

Run:  python bench/cli_bench.py [--runs N] [--deals N] [--hands N]
Bytecode is compiled first (and a warm-up run made), so no row pays for compiling. Each
row is the median of ``--runs`` fresh processes, taken in turn (a row at a time would
let a change in the machine's load fall on one row). Prints one table.

- ``score`` batch: ``score --batch -`` on ``--deals`` seeded deals (a quarter of them
  cribs) against ``bench/score_reference.py`` scoring the same deals in this process
  (its start-up not counted);
- ``discard --batch``: per hand, the difference of two batches' whole processes
  (``--hands`` seeded hands, and a tenth as many) over the difference of their sizes:
  what one more hand costs once the command is running, its start-up (numpy's import for
  the batch's matrix product included) counted in neither.
"""

from __future__ import annotations

import argparse
import compileall
import io
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import score_reference  # (bench/, beside this script)

import crib_trainer
from crib_trainer.core.cards import FULL_DECK

CLI = "from crib_trainer.cli import main; raise SystemExit(main())"  # as the console script


def command(*argv: str) -> list[str]:
    return [sys.executable, "-c", CLI, *argv]


def timed(args: list[str], stdin: Path | None = None) -> tuple[float, float]:
    """Seconds for one process to run, wall and CPU (user + system), its output thrown
    away."""
    with open(stdin or os.devnull, "rb") as source:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, stdin=source, stdout=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def deal_lines(n: int, seed: int) -> str:
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        five = rng.sample(FULL_DECK, 5)
        crib = " crib" if rng.random() < 0.25 else ""
        lines.append(f"{' '.join(c.code for c in five[:4])} | {five[4].code}{crib}")
    return "\n".join(lines) + "\n"


def hand_lines(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(
        f"{' '.join(c.code for c in rng.sample(FULL_DECK, 6))} {rng.choice(['dealer', 'pone'])}\n"
        for _ in range(n)
    )


def reference(path: Path) -> tuple[float, float]:
    """Seconds for the plain scorer to score the file in this process, wall and CPU."""
    with open(path, encoding="utf-8") as source, open(os.devnull, "w") as out:
        start, cpu = time.perf_counter(), time.process_time()
        score_reference.score_file(source, out)
        return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)

    folder = Path(tempfile.mkdtemp())
    deals = folder / "deals.txt"
    deals.write_text(deal_lines(args.deals, args.seed), encoding="utf-8")
    hands = folder / "hands.txt"
    hands.write_text(hand_lines(args.hands, args.seed), encoding="utf-8")
    few = folder / "few_hands.txt"
    few.write_text(hand_lines(args.hands // 10, args.seed + 1), encoding="utf-8")
    os.environ["CRIB_TRAINER_HOME"] = str(folder / "home")

    rows: dict[str, Callable[[], tuple[float, float]]] = {
        "bare python -c pass": lambda: timed([sys.executable, "-c", "pass"]),
        "score 5H 5C 5S JD --starter 5D": lambda: timed(
            command("score", "5H", "5C", "5S", "JD", "--starter", "5D")
        ),
        "odds": lambda: timed(command("odds")),
        "discard 5H 5D 5S JC 2C 9D --dealer": lambda: timed(
            command("discard", "5H", "5D", "5S", "JC", "2C", "9D", "--dealer")
        ),
        f"discard --batch ({args.hands // 10} hands)": lambda: timed(
            command("discard", "--batch", "-"), few
        ),
        f"discard --batch ({args.hands} hands)": lambda: timed(
            command("discard", "--batch", "-"), hands
        ),
        "peg --hand, opening lead": lambda: timed(
            command("peg", "--hand", "5H", "9C", "2D", "8S", "--starter", "3C")
        ),
        "peg --hand, first reply": lambda: timed(
            command("peg", "KS", "--hand", "5H", "9C", "2D", "8S", "--starter", "3C")
        ),
        f"score --batch - ({args.deals:,} deals)": lambda: timed(
            command("score", "--batch", "-"), deals
        ),
        f"plain scorer in-process ({args.deals:,} deals)": lambda: reference(deals),
    }
    for run in rows.values():  # warm-up: bytecode written, files in the page cache
        run()
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
    for _ in range(args.runs):
        for name, run in rows.items():
            times[name].append(run())
    out = io.StringIO()
    print(
        f"# {args.runs} runs each, interleaved; median ms, whole process unless noted; "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
        file=out,
    )
    print(f"{'what':<46} {'wall ms':>8} {'cpu ms':>8}  note (wall; cpu)", file=out)
    wall, cpu = ({name: _median_ms(t, clock) for name, t in times.items()} for clock in (0, 1))
    for name in rows:
        notes = "; ".join(filter(None, (_note(name, wall, args), _note(name, cpu, args))))
        print(f"{name:<46} {wall[name]:>8.1f} {cpu[name]:>8.1f}  {notes}".rstrip(), file=out)
    print(out.getvalue(), end="")


def _median_ms(times: list[tuple[float, float]], clock: int) -> float:
    return 1000 * statistics.median(t[clock] for t in times)


def _note(name: str, ms: dict[str, float], args: argparse.Namespace) -> str:
    """The figure a target is set on, for one row (empty for the others)."""
    bare = ms["bare python -c pass"]
    if name in ("score 5H 5C 5S JD --starter 5D", "odds"):
        return f"{ms[name] / bare:.2f}× bare"
    if name == f"score --batch - ({args.deals:,} deals)":
        return f"{ms[name] / ms[f'plain scorer in-process ({args.deals:,} deals)']:.2f}× plain"
    if name == f"discard --batch ({args.hands} hands)":
        few = ms[f"discard --batch ({args.hands // 10} hands)"]
        return f"{(ms[name] - few) / (args.hands - args.hands // 10):.2f} ms a hand"
    return ""


if __name__ == "__main__":
    main()

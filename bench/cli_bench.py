"""The command line as a user meets it: whole processes, start-up included, beside a bare
Python and a plain scorer; the ratios are measured in one run, interleaved.

Run:  python bench/cli_bench.py [--runs N] [--deals N] [--hands N]
Bytecode is compiled first (and a warm-up run made), so no row pays for compiling. Each
row is the median of ``--runs`` fresh processes, taken in turn (a row at a time would
let a change in the machine's load fall on one row). Prints one table.

- ``score`` batch: ``score --batch -`` on ``--deals`` seeded deals (a quarter of them
  cribs) against ``bench/score_reference.py`` scoring the same deals in this process
  (its start-up not counted);
- ``discard --batch``: per hand, the whole process less the one-hand process, over
  ``--hands`` seeded hands.
"""

from __future__ import annotations

import argparse
import compileall
import io
import os
import platform
import random
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


def timed(args: list[str], stdin: Path | None = None) -> float:
    """Seconds for one process to run, its output thrown away."""
    with open(stdin or os.devnull, "rb") as source:
        start = time.perf_counter()
        subprocess.run(args, stdin=source, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start


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


def reference(path: Path) -> float:
    """Seconds for the plain scorer to score the file in this process."""
    with open(path, encoding="utf-8") as source, open(os.devnull, "w") as out:
        start = time.perf_counter()
        score_reference.score_file(source, out)
        return time.perf_counter() - start


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
    os.environ["CRIB_TRAINER_HOME"] = str(folder / "home")

    rows: dict[str, Callable[[], float]] = {
        "bare python -c pass": lambda: timed([sys.executable, "-c", "pass"]),
        "score 5H 5C 5S JD --starter 5D": lambda: timed(
            command("score", "5H", "5C", "5S", "JD", "--starter", "5D")
        ),
        "odds": lambda: timed(command("odds")),
        "discard 5H 5D 5S JC 2C 9D --dealer": lambda: timed(
            command("discard", "5H", "5D", "5S", "JC", "2C", "9D", "--dealer")
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
    times: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(args.runs):
        for name, run in rows.items():
            times[name].append(run())
    ms = {name: 1000 * statistics.median(values) for name, values in times.items()}

    bare = ms["bare python -c pass"]
    batch = ms[f"score --batch - ({args.deals:,} deals)"]
    plain = ms[f"plain scorer in-process ({args.deals:,} deals)"]
    one_hand = ms["discard 5H 5D 5S JC 2C 9D --dealer"]
    per_hand = (ms[f"discard --batch ({args.hands} hands)"] - one_hand) / (args.hands - 1)
    one_score = ms["score 5H 5C 5S JD --starter 5D"]
    notes = {
        "score 5H 5C 5S JD --starter 5D": f"{one_score / bare:.2f}× bare",
        "odds": f"{ms['odds'] / bare:.2f}× bare",
        f"score --batch - ({args.deals:,} deals)": f"{batch / plain:.2f}× the plain scorer",
        f"discard --batch ({args.hands} hands)": f"{per_hand:.2f} ms a hand after start-up",
    }
    out = io.StringIO()
    print(
        f"# {args.runs} runs each, interleaved; median ms, whole process unless noted; "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
        file=out,
    )
    print(f"{'what':<46} {'median ms':>10}  note", file=out)
    for name in rows:
        print(f"{name:<46} {ms[name]:>10.1f}  {notes.get(name, '')}".rstrip(), file=out)
    print(out.getvalue(), end="")


if __name__ == "__main__":
    main()

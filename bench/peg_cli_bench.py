"""``peg --hand`` as a user meets it: whole processes, start-up included, beside a bare
Python; the ratios are measured in one run, interleaved.

Run:  python bench/peg_cli_bench.py [--runs N] [--before DIR]

The rows of ``bench/cli_bench.py`` that issue 16 sets the pegging targets on (the opening
lead, the first reply), and a reply later in the play, without that bench's slow batch
rows. Bytecode is compiled first (and a warm-up run made), so no row pays for compiling.
Each row is the median of ``--runs`` fresh processes, taken in turn. Prints one table.

``--before DIR`` runs each ``peg`` row a second time with ``PYTHONPATH=DIR``, a copy of
another version of the package (``git archive main | tar -x -C DIR``), so that a change is
measured against what it changes in the same run.
"""

from __future__ import annotations

import argparse
import compileall
import io
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_bench import command  # (bench/, beside this script)

import crib_trainer

HAND = ("--hand", "5H", "9C", "2D", "8S", "--starter", "3C")
ROWS: dict[str, list[str]] = {
    "bare python -c pass": [sys.executable, "-c", "pass"],
    "peg --hand, opening lead": command("peg", *HAND),
    "peg --hand, first reply": command("peg", "KS", *HAND),
    "peg --hand, first reply --json": command("peg", "KS", *HAND, "--json"),
    "peg --hand, mid-play (count 18)": command(
        "peg", "KS", "5H", "3D", "--hand", "9C", "2D", "8S", "--starter", "3C"
    ),
}


def timed(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds for one process to run, wall and CPU (user + system), its output thrown
    away; ``env`` is added to this process's environment."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    environ = {**os.environ, **env} if env else None
    subprocess.run(args, stdout=subprocess.DEVNULL, check=True, env=environ)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", type=Path, help="another version's source tree")
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)
    os.environ["CRIB_TRAINER_HOME"] = tempfile.mkdtemp()
    rows = {name: (argv, None) for name, argv in ROWS.items()}
    if args.before:
        compileall.compile_dir(args.before / "crib_trainer", quiet=1)
        before = {"PYTHONPATH": str(args.before.resolve())}
        for name, argv in ROWS.items():
            if name.startswith("peg"):
                rows[f"{name} (before)"] = (argv, before)
    for argv, env in rows.values():  # warm-up: bytecode written, files in the page cache
        timed(argv, env=env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
    for _ in range(args.runs):
        for name, (argv, env) in rows.items():
            times[name].append(timed(argv, env=env))
    out = io.StringIO()
    print(
        f"# {args.runs} runs each, interleaved; median ms, whole process; "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
        file=out,
    )
    print(f"{'what':<43} {'wall ms':>8} {'cpu ms':>8} {'cpu × bare':>10}", file=out)
    cpu_bare = statistics.median(t[1] for t in times["bare python -c pass"])
    for name, t in times.items():
        wall = statistics.median(x[0] for x in t)
        cpu = statistics.median(x[1] for x in t)
        print(
            f"{name:<43} {1000 * wall:>8.1f} {1000 * cpu:>8.1f} {cpu / cpu_bare:>10.2f}",
            file=out,
        )
    print(out.getvalue(), end="")


if __name__ == "__main__":
    main()

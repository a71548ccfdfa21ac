"""Speed where a player waits (issue 38): every row of the issue's table, as a ratio to
its floor measured in the same run, for this code and (``--before DIR``) another version.

Run:  python bench/wait_bench.py [--runs N] [--before DIR] [--only ROW...]

Each row is whole processes (start-up included), the median of ``--runs``, the rows and
the two versions taken in turn so that a change of the machine's load falls on all of them;
bytecode is compiled first and each row run once before timing. ``--before DIR`` runs
every row a second time with ``PYTHONPATH=DIR``, another version of the package (a
worktree: ``git worktree add /tmp/before df7ad1e``); the floors are the same for both.

Rows (the issue's cases exactly):

- ``lead``: ``peg --hand 5H 9C 2D 8S --starter 3C --discards QD 7S`` (the opening lead with
  the discards known) / bare ``python -c pass``;
- ``mid``: ``peg KS 5H 3D --hand 9C 2D 8S --starter 3C`` (mid-play) / bare;
- ``position``: ``discard 5H 5D 5S JC 2C 9D --dealer --score 100 110`` / bare;
- ``winprob``: ``winprob 100 110 --dealer`` / bare;
- ``batch``: ``score --batch -`` on 30,000 seeded deals (a quarter of them cribs), its
  output into a pipe read by this process / the PyPI scorer ``cribbage-scorer``'s
  ``show_calc_score`` over the same deals in this process (``bench/score_reference.py``
  when it is not installed; the table says which);
- ``three``, ``four``: ``peg KS --hand 4D 2S 9C 8C --variant three-player`` (one card
  laid, four in hand; and ``four-player``) / bare; ``three-lead``, ``four-lead``: the
  opening lead ``peg --hand 4D 2S 9C 8C`` at the same tables;
- ``tui``: the trainer to its home screen (``bench/startup_bench.py``'s child, on a
  fresh history) / a minimal Textual app of the home screen's widgets to its first
  screen (that bench's floor);
- ``ctrl-c``: ``match expert expert --games 1000000 --workers 2``, Ctrl-C (SIGINT to its
  process group, as a terminal sends it) once it has run ``--match-seconds``: seconds
  from the signal until it has exited, its workers with it (no floor: the target is 1 s;
  a match still running ``--stop-cap`` seconds later is killed and counted as the cap).

Prints one table: medians in ms of wall clock and CPU (user + system of the process and
its children), and each row's ratio to its floor by wall clock and by CPU.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import os
import platform
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cli_bench import deal_lines  # (bench/, beside this script)
from startup_bench import APP_FLOOR, CHILD

import crib_trainer

CLI = "from crib_trainer.cli import main; raise SystemExit(main())"  # as the console script
BARE = [sys.executable, "-c", "pass"]

#: Each row: its command's arguments (after ``crib-trainer``) and its floor.
COMMANDS: dict[str, list[str]] = {
    "lead": "peg --hand 5H 9C 2D 8S --starter 3C --discards QD 7S".split(),
    "mid": "peg KS 5H 3D --hand 9C 2D 8S --starter 3C".split(),
    "position": "discard 5H 5D 5S JC 2C 9D --dealer --score 100 110".split(),
    "winprob": "winprob 100 110 --dealer".split(),
    "three": "peg KS --hand 4D 2S 9C 8C --variant three-player".split(),
    "four": "peg KS --hand 4D 2S 9C 8C --variant four-player".split(),
    "three-lead": "peg --hand 4D 2S 9C 8C --variant three-player".split(),
    "four-lead": "peg --hand 4D 2S 9C 8C --variant four-player".split(),
}
ROWS = (*COMMANDS, "batch", "tui", "ctrl-c")
TARGETS = {
    "lead": "<= 6.5x",
    "mid": "<= 3.5x",
    "position": "<= 4x",
    "winprob": "<= 3x",
    "batch": "<= 0.6x",
    "three": "<= 40x",
    "four": "<= 80x",
    "tui": "<= 1.3x",
    "ctrl-c": "<= 1 s",
}

Timing = tuple[float, float]  # wall and CPU seconds


def timed(args: list[str], env: dict[str, str], stdin: Path | None = None) -> Timing:
    """One process run to its end, its output read through a pipe by this process."""
    with open(stdin or os.devnull, "rb") as source:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.Popen(args, stdin=source, stdout=subprocess.PIPE, env=env)
        assert proc.stdout is not None
        while proc.stdout.read(1 << 16):
            pass
        if proc.wait() not in (0, 2):  # (2: a batch line it could not score is still timed)
            raise SystemExit(f"{args} failed with status {proc.returncode}")
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def child_json(code: str, env: dict[str, str], key: str) -> Timing:
    """A child that prints JSON with ``key`` (a perf_counter reading) and ``key_cpu``:
    seconds from launch to that moment."""
    import json

    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    row = json.loads(out.stdout.strip().splitlines()[-1])
    return row[key] - start, row[f"{key}_cpu"]


def ctrl_c(env: dict[str, str], after: float, cap: float) -> Timing:
    """Seconds from a terminal's Ctrl-C to the match (and its workers) having exited; at
    most ``cap``, when it is killed (a match that would not stop)."""
    args = [sys.executable, "-c", CLI, "match", "expert", "expert", "--games", "1000000"]
    proc = subprocess.Popen(
        [*args, "--workers", "2", "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # (as at a terminal)
    )
    time.sleep(after)
    start = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=cap)
    while subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True).stdout:
        if time.perf_counter() - start >= cap:  # (still playing: stopped by force)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return cap, cap
        time.sleep(0.01)  # (the workers too)
    seconds = time.perf_counter() - start
    return seconds, seconds


def peer_loop(deals: Path) -> tuple[str, Callable[[], Timing]]:
    """The PyPI scorer scoring the deals in this process (its import and reading of the
    file not counted), or the plain scorer of bench/score_reference.py."""
    rank = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
    try:
        from cribbage_scorer import cribbage_scorer as peer
    except ImportError:
        import score_reference

        def plain() -> Timing:
            with open(deals, encoding="utf-8") as source, open(os.devnull, "w") as out:
                start, cpu = time.perf_counter(), time.process_time()
                score_reference.score_file(source, out)
                return time.perf_counter() - start, time.process_time() - cpu

        return "bench/score_reference.py in-process", plain
    shows = []
    for line in deals.read_text(encoding="utf-8").splitlines():
        cards, rest = line.split("|")
        starter, *crib = rest.split()
        hand = [(rank[c[0]], c[1]) for c in cards.split()]
        shows.append((hand, (rank[starter[0]], starter[1]), bool(crib)))

    def run() -> Timing:
        start, cpu = time.perf_counter(), time.process_time()
        for hand, starter, crib in shows:
            peer.show_calc_score(starter, hand, crib)
        return time.perf_counter() - start, time.process_time() - cpu

    return "cribbage-scorer show_calc_score in-process", run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another version's package folder")
    parser.add_argument("--only", nargs="+", choices=ROWS, default=list(ROWS))
    parser.add_argument("--deals", type=int, default=30_000)
    parser.add_argument("--match-seconds", type=float, default=5.0)
    parser.add_argument("--stop-cap", type=float, default=60.0)
    args = parser.parse_args()
    compileall.compile_dir(Path(crib_trainer.__file__).parent, quiet=1)
    versions = {"after": {}}  # type: dict[str, dict[str, str]]
    if args.before:
        compileall.compile_dir(args.before / "crib_trainer", quiet=1)
        versions["before"] = {"PYTHONPATH": str(args.before)}
    folder = Path(tempfile.mkdtemp())
    deals = folder / "deals.txt"
    deals.write_text(deal_lines(args.deals, 2026), encoding="utf-8")
    peer_name, peer = peer_loop(deals)

    def runner(row: str, extra: dict[str, str]) -> Callable[[], Timing]:
        def run() -> Timing:
            home = tempfile.mkdtemp(dir=folder)
            env = dict(os.environ, CRIB_TRAINER_HOME=home, **extra)
            if row in COMMANDS:
                return timed([sys.executable, "-c", CLI, *COMMANDS[row]], env)
            if row == "batch":
                return timed([sys.executable, "-c", CLI, "score", "--batch", "-"], env, deals)
            if row == "tui":
                return child_json(CHILD, env, "home")
            return ctrl_c(env, args.match_seconds, args.stop_cap)

        return run

    floors: dict[str, Callable[[], Timing]] = {
        "bare": lambda: timed(BARE, dict(os.environ)),
        "peer": peer,
        "textual": lambda: child_json(APP_FLOOR, dict(os.environ), "app"),
    }
    floor_of = {row: "bare" for row in COMMANDS} | {"batch": "peer", "tui": "textual"}
    jobs: dict[tuple[str, str], Callable[[], Timing]] = {}
    for row in args.only:
        if row in floor_of:
            jobs[("floor", floor_of[row])] = floors[floor_of[row]]
        for name, extra in versions.items():
            jobs[(name, row)] = runner(row, extra)
    for (_, row), run in jobs.items():  # warm-up (not the slow Ctrl-C row)
        if row != "ctrl-c":
            run()
    times: dict[tuple[str, str], list[Timing]] = {key: [] for key in jobs}
    order = list(jobs)
    for i in range(args.runs):
        for key in order if i % 2 == 0 else order[::-1]:  # (each version first in turn)
            times[key].append(jobs[key]())
    median = {
        key: tuple(statistics.median(t[j] for t in got) for j in (0, 1))
        for key, got in times.items()
    }
    print(
        f"# {args.runs} runs each, interleaved; median ms; "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end; "
        f"batch floor: {peer_name}"
    )
    print(f"{'row':<11} {'version':<7} {'wall':>9} {'cpu':>9} {'x wall':>8} {'x cpu':>8}  target")
    for key in ("bare", "peer", "textual"):
        if ("floor", key) in median:
            wall, cpu = median[("floor", key)]
            print(f"{key:<11} {'floor':<7} {wall * 1000:>9.1f} {cpu * 1000:>9.1f}")
    for row in args.only:
        for name in versions:
            wall, cpu = median[(name, row)]
            if row == "ctrl-c":
                ratio = f"{wall:>7.2f}s {'':>8}"
            else:
                fw, fc = median[("floor", floor_of[row])]
                ratio = f"{wall / fw:>7.2f}x {cpu / fc:>7.2f}x"
            print(
                f"{row:<11} {name:<7} {wall * 1000:>9.1f} {cpu * 1000:>9.1f} {ratio}  "
                f"{TARGETS.get(row, '')}"
            )


if __name__ == "__main__":
    main()

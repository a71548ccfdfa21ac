"""Writing a shipped table of the play: what the builders of ``peg_endings.bin`` and
``peg_lead_nets.bin`` share."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path


def write_built(path: Path | str, build: Callable[[], bytes]) -> None:
    """Write what ``build()`` makes to ``path``, then say on stderr how big it is and the
    wall and CPU time it took (the pool's worker processes included)."""
    started, cpu = time.perf_counter(), time.process_time()
    data = build()
    Path(path).write_bytes(data)
    times = os.times()
    cpu = time.process_time() - cpu + times.children_user + times.children_system
    wall = time.perf_counter() - started
    print(f"wrote {path} ({len(data):,} bytes): {wall:.1f} s, CPU {cpu:.1f} s", file=sys.stderr)

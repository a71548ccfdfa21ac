"""The trainer's start-up without the garbage collector's passes.

Importing Textual and the trainer and showing the first screen make about 80,000 objects
that live as long as the program (modules, classes, parsed styles, the widgets). While
they were made, the collector walked them over and over, each pass finding almost
nothing: 15–25 ms of the start-up's CPU (``bench/startup_bench.py``). So ``crib-trainer``
calls :func:`pause_collector` before it imports the trainer, and the app calls
:func:`resume_collector` once its first screen is drawn: the cycles start-up left are
collected in one pass, what survives is set aside from later passes (``gc.freeze``: it
lives to the end anyway, so no later pass needs to walk it), and the collector runs as
before. Objects are freed as they are dropped all along; only reference cycles wait.

A program that never paused (the tests, a script making the app) is left as it was
(``tests/ui/test_start.py`` checks both ways).
"""

from __future__ import annotations

import gc

_paused = False


def pause_collector() -> None:
    """Stop the collector's passes until :func:`resume_collector` (nothing if it is off)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collector() -> None:
    """Collect start-up's cycles once, set the survivors aside and run the collector
    again, if :func:`pause_collector` stopped it; else do nothing."""
    global _paused
    if not _paused:
        return
    _paused = False
    gc.collect()
    gc.freeze()
    gc.enable()

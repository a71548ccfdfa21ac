"""Shared test helpers."""

from __future__ import annotations

import atexit
import gc
import importlib
import itertools
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from crib_trainer.core.cards import FULL_DECK, Card, parse_card, parse_cards

# Where PYTHONDONTWRITEBYTECODE is set, every fresh interpreter the suite starts (the
# xdist workers, the command-line tests' subprocesses) would compile the package and
# assertion-rewrite the tests again: the suite keeps its bytecode (__pycache__, ignored by
# git) whatever that says.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The tests' folders (tmp_path, tempfile's, and so every history file they make) go in
# memory where the machine has a tmpfs: each new history file was a few disk syncs, about
# 0.1 s of waiting apiece, in every UI test. What the tests check of files does not depend
# on the disk.
if "PYTEST_DEBUG_TEMPROOT" not in os.environ and os.access("/dev/shm", os.W_OK):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = "/dev/shm"
    tempfile.tempdir = "/dev/shm"  # (and the folders a test makes itself: 1.4 s of syncs)

# Tests never touch the learner's real data or clipboard.
os.environ.setdefault("CRIB_TRAINER_NO_TTY", "1")

# Tests check answers, not speed (that is bench/'s job): no per-example deadline, which a
# loaded CI machine or a table built on first use would otherwise trip.
settings.register_profile("crib-trainer", deadline=None)
settings.load_profile("crib-trainer")

#: The everyday run (the README's command, about a minute on two cores) leaves out the
#: tests marked ``slow`` and runs a quarter of the slow property tests' cases;
#: ``pytest -m slow`` runs the slow checks alone (CI runs both), and
#: ``CRIB_TRAINER_FULL_TESTS=1`` runs everything with the full counts (a nightly job).
FULL_TESTS = os.environ.get("CRIB_TRAINER_FULL_TESTS", "") not in ("", "0")


def cheap_hasher():
    """Argon2id at its least cost (one pass over 8 KiB): :func:`cheap_hashes`'."""
    from argon2 import PasswordHasher

    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture
def cheap_hashes(monkeypatch) -> Iterator[None]:
    """Members' passwords hashed at Argon2id's least cost (one pass over 8 KiB) instead of
    the served trainer's (argon2-cffi's default: 0.2-0.3 CPU-s a hash here), for the tests
    of what is hashed, kept and checked, not of how slowly (the club file of
    ``tests/web/conftest.py`` is made the same way). One test hashes at the real cost
    and checks it: ``test_a_password_is_hashed_at_the_served_trainers_cost``."""
    from crib_trainer.ui import members

    monkeypatch.setattr(members, "_hasher", cheap_hasher())
    members._unknown.cache_clear()  # (the hash no password matches: made again, and after)
    yield
    members._unknown.cache_clear()


def examples(full: int) -> int:
    """A property test's cases: ``full`` in the full run, else a quarter (at least 10).

    >>> examples(200) == (200 if FULL_TESTS else 50)
    True
    """
    return full if FULL_TESTS else max(10, full // 4)


def _share_parsed_css() -> None:
    """Every app a worker starts parses the same CSS (Textual's widgets', the trainer's):
    Textual keeps what it parsed per app, so each app parsed it all again (a tenth of the
    UI tests' time). Parsing is a function of the text, where it came from and the theme's
    variables, so the rules parsed once are shared by every app with the same variables."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def shared(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope)
        key += (tuple(sorted(self._variables.items())),)
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    Stylesheet._parse_rules = shared
    _share_stylesheet_rules(Stylesheet)


def _share_stylesheet_rules(stylesheet_class: type) -> None:
    """An app gathers its CSS as it mounts new kinds of widget: each new source makes
    Textual list every source's rules again, then map each selector name to its rules,
    8 to 12 times an app, the same lists in the same order in every app (6 to 9 ms, 5-8%
    of an app's start and first drill). Both are functions of the sources, the theme's
    variables and the CSS already found invalid, so each app that has gathered the same
    sources takes the lists and map made the first time. (A source that fails to parse
    still raises in each app: failures are not kept.)"""
    parse = stylesheet_class.parse
    rules_map = stylesheet_class.rules_map
    if not (callable(parse) and isinstance(rules_map, property) and rules_map.fget):
        return  # (a Textual that gathers its rules otherwise: left as it is)
    build_map = rules_map.fget
    made: dict[tuple, tuple[list, dict]] = {}

    def parse_or_share(self) -> None:
        key = (
            tuple(self.source.items()),
            tuple(sorted(self._variables.items())),
            frozenset(self._invalid_css),
        )
        if key in made:
            self._rules, self._rules_map = made[key]
            self._require_parse = False
            return
        parse(self)
        made[key] = (self._rules, build_map(self))

    stylesheet_class.parse = parse_or_share


_share_parsed_css()


def pytest_xdist_auto_num_workers(config) -> int | None:
    """``-n auto`` (the README's command) starts one worker more than the machine has
    cores: about a seventh of a worker's time is spent waiting (on Chromium, on a server's
    trainers, on a locked file, on the app going idle after a key), and a spare worker's
    tests fill those gaps. ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # (xdist reads it)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


#: Where the tests that spend most of their time waiting live (on Chromium and a server's
#: trainers), run first: see pytest_collection_modifyitems.
RUN_FIRST = ("tests/web/",)


def pytest_collection_modifyitems(config, items):
    """The slow checks (marked ``slow``) are left out of the everyday run, unless the run
    names its own markers (``-m slow``), is the full one (:data:`FULL_TESTS`) or names
    their file (``pytest tests/web/test_browser.py``, a test's id); pytest reports them as
    deselected.

    The tests that wait start the run and the many short ones end it. Each worker
    starts on its share of the tests in the order collected (``--dist worksteal``: one
    that runs out takes half of what another still has queued): the browser tests, last
    in that order, kept one worker waiting on Chromium for the final seconds while the
    other had finished (8 s of a 66 s run). First, their waiting overlaps the other
    worker's work, and the run ends with short tests that even the workers out."""

    def first(item) -> int:
        path = item.nodeid
        return next((i for i, p in enumerate(RUN_FIRST) if path.startswith(p)), len(RUN_FIRST))

    if not (FULL_TESTS or config.option.markexpr):
        here = config.invocation_params.dir
        named = {(here / arg.split("::")[0]).resolve() for arg in config.args}

        def left_out(item) -> bool:
            return bool(item.get_closest_marker("slow")) and item.path.resolve() not in named

        slow = [item for item in items if left_out(item)]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not left_out(item)]
    items.sort(key=first)


def pytest_configure(config):
    """Two things for a run's end, which waited for the last worker's.

    An xdist worker has sent every result before it exits; then Python freed its heap,
    object by object (about 0.7 s of CPU a worker; the run ended 1.2 s after the last
    test, every worker freeing at once on two cores). A worker now ends without freeing
    it, after every exit hook registered after this one (the ones its tests left, such as
    temporary folders' clean-ups: this one, added as the worker starts, runs last; the
    few added before it, such as logging's flush, are skipped). Its exit status is 0:
    xdist reads a worker's results, and a worker that crashes in a test, from its
    channel, not from its status.

    At its end pytest collects garbage five times over to find errors raised as objects
    are freed; over a worker's heap each pass took about 0.2 s. One pass still frees every
    object unreachable by then and reports what their finalizers raise (more passes only
    found garbage those finalizers left)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        atexit.register(os._exit, 0)
    try:
        from _pytest.unraisableexception import gc_collect_iterations_key
    except ImportError:  # (a pytest without it: its own number)
        return
    config.stash[gc_collect_iterations_key] = 1


def pytest_collection(session) -> None:
    """On a fresh clone every worker assertion-rewrites each test module as it collects it
    (pytest keeps the result in ``__pycache__`` for the next run; 3.4 s of CPU for one
    process alone), the same files in the same order at the same moment, each all of them.
    Each worker now imports the test modules first starting from its own share of them
    (the second worker a third of the way in, ...) and finds the others' already written
    by the time it reaches them; collection then takes the modules imported. Only the
    modules under the paths the run was given are imported; one that cannot be imported
    is left for collection to import again and report."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if not worker.startswith("gw") or workers < 2:
        return
    here = session.config.invocation_params.dir
    given = [(here / arg.split("::")[0]).resolve() for arg in session.config.args]
    tests = Path(__file__).parent
    modules = [
        ".".join(path.relative_to(tests.parent).with_suffix("").parts)
        for path in sorted(tests.rglob("test_*.py"))
        if any(path == root or root in path.parents for root in given)
    ]
    start = len(modules) * int(worker[2:]) // workers
    for name in modules[start:] + modules[:start]:
        try:
            importlib.import_module(name)
        except (Exception, pytest.skip.Exception, pytest.fail.Exception):
            continue


def pytest_collection_finish(session):
    """Once every module is imported, the objects alive then (modules, functions, shipped
    tables) are left out of garbage collection, and a collection runs after 50,000 new
    objects rather than 700: the UI tests make and drop many small objects, and Python's
    collector went through all of them over and over (about a tenth of their time)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def hears_ctrl_c() -> None:
    """For ``subprocess.Popen(preexec_fn=...)`` in tests that press Ctrl-C: the child starts
    with SIGINT's default action, as under a terminal, whatever the suite inherited (a run
    started in the background of a shell without job control ignores it, and so did every
    child, and a Ctrl-C sent to one was never heard)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def deals(size: int) -> st.SearchStrategy[tuple[tuple[Card, ...], Card]]:
    """Random distinct cards: ``size`` for the hand and one starter."""
    return st.lists(
        st.sampled_from(FULL_DECK), min_size=size + 1, max_size=size + 1, unique=True
    ).map(lambda cs: (tuple(cs[:size]), cs[size]))


@pytest.fixture(scope="session")
def _homes(tmp_path_factory) -> Iterator[Path]:
    """Where the tests' own homes go, each a name not used before (the trainer makes its
    home when it first writes there)."""
    base = tmp_path_factory.mktemp("homes")
    return (base / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def _isolated_home(request, _homes, monkeypatch):
    """Each test has a home of its own: ``tmp_path / "home"`` in a test that asks for
    ``tmp_path``, else a fresh name (making a ``tmp_path`` for every one of the suite's
    tests, most of which never write, was a millisecond apiece)."""
    if "tmp_path" in request.fixturenames:
        home = request.getfixturevalue("tmp_path") / "home"
    else:
        home = next(_homes)
    monkeypatch.setenv("CRIB_TRAINER_HOME", str(home))

"""The layers stay in order: core imports no UI, storage, numpy or higher layer, and
training imports no storage or UI (each checked in a fresh process)."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import crib_trainer
import crib_trainer.analysis
import crib_trainer.core
import crib_trainer.training
from tests.sources import parsed


def modules_of(package) -> list[str]:
    """Every module of a package, found on disk (so a new module is checked too)."""
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__))


CORE = modules_of(crib_trainer.core)
ANALYSIS = sorted(
    m.name for m in pkgutil.walk_packages(crib_trainer.analysis.__path__, "crib_trainer.analysis.")
)
#: Every module of training/, its rooms' included (``drills.hands`` …).
TRAINING = sorted(
    m.name.removeprefix("crib_trainer.training.")
    for m in pkgutil.walk_packages(crib_trainer.training.__path__, "crib_trainer.training.")
)


def imported_by(modules: list[str], forbidden: tuple[str, ...]) -> list[str]:
    """The forbidden modules loaded once ``modules`` are imported in a fresh interpreter."""
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = [m for m in sys.modules if m.startswith({forbidden!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [m for m in out.stdout.strip().split(",") if m]


# A fresh interpreter for each of fifty modules was most of this file's time, and most of
# each was Python starting and importing numpy and the core. One interpreter imports those
# (which training and analysis may use) and forks a child for each module to import it in:
# a forbidden module loaded before the fork would show up in every child's answer, so what
# is shared can make a check fail, never pass.
FORK_SERVER = """
import importlib, json, os, sys
import numpy, crib_trainer.core
for line in sys.stdin:
    modules, forbidden = json.loads(line)
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        try:
            for name in modules:
                importlib.import_module(name)
            bad = sorted(m for m in sys.modules if m.startswith(tuple(forbidden)))
        except BaseException as error:
            bad = [f"(importing {modules} failed: {error!r})"]
        os.write(write, json.dumps(bad).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        print(answer.read(), flush=True)
    os.wait()
"""


@pytest.fixture(scope="session")
def imported_after_fork() -> Iterator[Callable[[list[str], tuple[str, ...]], list[str]]]:
    """Like :func:`imported_by`, each module imported in a child of one interpreter that
    has imported numpy and the core (which neither training nor analysis forbids)."""
    server = subprocess.Popen(
        [sys.executable, "-c", FORK_SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert server.stdin is not None and server.stdout is not None

    def ask(modules: list[str], forbidden: tuple[str, ...]) -> list[str]:
        server.stdin.write(json.dumps([modules, forbidden]) + "\n")
        server.stdin.flush()
        line = server.stdout.readline()
        assert line, "the fork server stopped (a module failed to import?)"
        return json.loads(line)

    try:
        yield ask
    finally:
        server.stdin.close()
        server.wait(timeout=10)


def test_core_imports_nothing_from_ui_storage_or_higher_layers():
    forbidden = (
        "textual", "rich", "sqlite3", "numpy", "pyperclip", "platformdirs", "crib_trainer.ui",
        "crib_trainer.storage", "crib_trainer.training", "crib_trainer.analysis",
        "crib_trainer.cli",
    )  # fmt: skip
    assert imported_by([f"crib_trainer.core.{m}" for m in CORE], forbidden) == []


def test_the_fork_server_finds_what_a_module_imports(imported_after_fork):
    """The fork server's answer is the modules a child imported, not the server's own."""
    assert "sqlite3" in imported_after_fork(["sqlite3"], ("sqlite3", "textual"))
    assert imported_after_fork(["json"], ("sqlite3", "textual")) == []
    assert imported_after_fork(["json"], ("numpy",)) != []  # what the server imported shows


@pytest.mark.parametrize("module", TRAINING)
def test_training_imports_no_storage_or_ui(module, imported_after_fork):
    forbidden = (
        "textual", "sqlite3", "crib_trainer.ui", "crib_trainer.storage", "crib_trainer.cli",
    )  # fmt: skip
    assert imported_after_fork([f"crib_trainer.training.{module}"], forbidden) == []


@pytest.mark.parametrize("module", ANALYSIS)
def test_analysis_imports_no_higher_layer(module, imported_after_fork):
    """Analysis takes values: no command-line, training, storage or UI code below it."""
    forbidden = (
        "textual", "sqlite3", "crib_trainer.ui", "crib_trainer.storage",
        "crib_trainer.training", "crib_trainer.cli",
    )  # fmt: skip
    assert imported_after_fork([module], forbidden) == []


def test_no_module_imports_another_modules_private_names():
    """Shared helpers get a public home (e.g. ``analysis/ranksets.py``): no module reaches
    into another's ``_private`` names."""
    root = Path(crib_trainer.core.__file__).parent.parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("crib_trainer"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                if private:
                    found.append(f"{path.relative_to(root)}: {node.module} {private}")
    assert found == []


def test_the_analysis_modules_import_one_another_without_a_cycle():
    """The analysis modules' imports, lazy ones inside functions included, make no cycle
    (discard and its opponent model once imported each other, lazily)."""
    root = Path(crib_trainer.analysis.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        edges = graph.setdefault(name, set())
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "crib_trainer.analysis"
            ):
                edges.add(node.module)
                edges.update(f"{node.module}.{a.name}" for a in node.names)
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done or name not in graph:
            return
        for nxt in graph[name] - {name}:
            if not name.startswith(nxt + "."):  # a module may import its own package
                visit(nxt, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_the_ui_reaches_storage_through_the_records_alone():
    """One path to storage: the UI imports ``storage.records`` (and ``storage.paths`` for
    where files go), never the modules that read and write the history (``db``,
    ``progress``, ``games``, ``practice_games``, ``writer``)."""
    root = Path(crib_trainer.core.__file__).parent.parent
    allowed = {"crib_trainer.storage.records", "crib_trainer.storage.paths"}
    found = []
    for path in sorted((root / "ui").rglob("*.py")):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module == "crib_trainer.storage":
                found += [f"{path.name}: storage.{a.name}" for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "crib_trainer.storage."
            ):
                if node.module not in allowed:
                    found.append(f"{path.name}: {node.module}")
            elif isinstance(node, ast.Import):
                found += [f"{path.name}: {a.name}" for a in node.names if ".storage" in a.name]
    assert found == []


def test_only_the_builders_import_the_builders():
    """The offline builders live in ``analysis/build/`` and nothing the trainer runs imports
    them (a command loads no builder, self-play or build-time table)."""
    package = Path(crib_trainer.__file__).parent
    builders = package / "analysis" / "build"

    def imports_a_builder(path: Path) -> bool:
        for node in ast.walk(parsed(path)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.startswith("crib_trainer.analysis.build") for n in names):
                return True
        return False

    users = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if builders not in path.parents and imports_a_builder(path)
    ]
    assert users == []

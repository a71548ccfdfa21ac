"""The layers stay in order: core imports no UI, storage, numpy or higher layer, and
training imports no storage or UI (each checked in a fresh interpreter)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import crib_trainer.analysis
import crib_trainer.analysis.pegging
import crib_trainer.core
import crib_trainer.training


def modules_of(package) -> list[str]:
    """Every module of a package, found on disk (so a new module is checked too)."""
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__))


CORE = modules_of(crib_trainer.core)
ANALYSIS = [f"crib_trainer.analysis.{m}" for m in modules_of(crib_trainer.analysis)] + [
    f"crib_trainer.analysis.pegging.{m}" for m in modules_of(crib_trainer.analysis.pegging)
]
TRAINING = modules_of(crib_trainer.training)


def imported_by(modules: list[str], forbidden: tuple[str, ...]) -> list[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = [m for m in sys.modules if m.startswith({forbidden!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [m for m in out.stdout.strip().split(",") if m]


def test_core_imports_nothing_from_ui_storage_or_higher_layers():
    forbidden = (
        "textual", "rich", "sqlite3", "numpy", "pyperclip", "platformdirs", "crib_trainer.ui",
        "crib_trainer.storage", "crib_trainer.training", "crib_trainer.analysis",
        "crib_trainer.cli",
    )  # fmt: skip
    assert imported_by([f"crib_trainer.core.{m}" for m in CORE], forbidden) == []


@pytest.mark.parametrize("module", TRAINING)
def test_training_imports_no_storage_or_ui(module):
    forbidden = (
        "textual", "sqlite3", "crib_trainer.ui", "crib_trainer.storage", "crib_trainer.cli",
    )  # fmt: skip
    assert imported_by([f"crib_trainer.training.{module}"], forbidden) == []


@pytest.mark.parametrize("module", ANALYSIS)
def test_analysis_imports_no_higher_layer(module):
    """Analysis takes values: no command-line, training, storage or UI code below it."""
    forbidden = (
        "textual", "sqlite3", "crib_trainer.ui", "crib_trainer.storage",
        "crib_trainer.training", "crib_trainer.cli",
    )  # fmt: skip
    assert imported_by([module], forbidden) == []


def test_no_module_imports_another_modules_private_names():
    """Shared helpers get a public home (e.g. ``analysis/ranksets.py``): no module reaches
    into another's ``_private`` names."""
    root = Path(crib_trainer.core.__file__).parent.parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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

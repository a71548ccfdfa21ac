"""The layers stay in order: core imports no UI, storage, numpy or higher layer, and
training imports no storage or UI (each checked in a fresh interpreter)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import crib_trainer.core
import crib_trainer.training


def modules_of(package) -> list[str]:
    """Every module of a package, found on disk (so a new module is checked too)."""
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__))


CORE = modules_of(crib_trainer.core)
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

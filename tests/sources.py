"""The package's source files, each parsed once a process, for the tests that read what
modules import (tests/test_layers.py, tests/test_no_import_circles.py): parsing the
package is 0.6 CPU-s, and five tests read it.

>>> tree = parsed(PACKAGE / "core" / "cards.py")
>>> tree is parsed(PACKAGE / "core" / ".." / "core" / "cards.py")
True
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

#: The package's folder.
PACKAGE = Path(__file__).resolve().parent.parent / "crib_trainer"


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the source file ``path``, shared by every test that asks: read
    it, never change it."""
    return _parsed(path.resolve())


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))

"""The examples written in docs/architecture.md run as they are written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_architecture_examples_run():
    failed, tried = doctest.testfile(str(DOCS / "architecture.md"), module_relative=False)
    assert tried >= 4 and failed == 0

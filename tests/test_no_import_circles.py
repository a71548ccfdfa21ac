"""No two modules of the package import each other, directly or round a longer circle,
whether at the top or inside a function (issue 40: storage/db <-> storage/progress and
cli/score <-> cli/score_lines were circles). Imports made only for type checking
(``if TYPE_CHECKING:``) are left out: they are never run."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.sources import PACKAGE, parsed


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST, modules: set[str]) -> set[str]:
    found: set[str] = set()
    not_run = {  # (what an ``if TYPE_CHECKING:`` holds; the shared tree is left as it is)
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in not_run:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in modules else node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {m for m in found if m in modules}


def _graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module(p) for p in paths}
    return {_module(p): _imports(parsed(p), modules) - {_module(p)} for p in paths}


def test_no_module_imports_round_a_circle():
    graph = _graph()
    circles = []
    for start in graph:
        stack, seen = [(start, (start,))], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join((*path, start)))
                elif nxt not in seen and not nxt.startswith(start + ".") and nxt not in path:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert circles == []

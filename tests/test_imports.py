"""No import circles among the project's packages.

The graph is read from the source with `ast`: every `import` and `from ... import` anywhere in a
module, inside functions too (an import moved into a function still closes a circle, it only
delays it), and `importlib.import_module("a.b")` with a literal name. Imports under
`if TYPE_CHECKING:` are left out: they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "catalogues", "diagrams", "pyworker", "sitegen", "hooks")


def project_modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of `packages` under `root`."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of `tree` except those only run under `if TYPE_CHECKING:`."""
    nodes: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return nodes


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module `name` (file `path`) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def known(dotted: str) -> str | None:
        """`dotted` or its longest prefix that is a project module."""
        while dotted:
            if dotted in modules:
                return dotted
            dotted = dotted.rpartition(".")[0]
        return None

    out: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import sub` imports the module pkg.sub when there is one.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
            ]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets = [node.args[0].value]
        for target in targets:
            hit = known(target)
            if hit is not None and hit != name:
                out.add(hit)
    return out


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    modules = project_modules(root, packages)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph` as [a, b, ..., a], or None when it has none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_no_import_circle() -> None:
    graph = import_graph(ROOT, PACKAGES)
    assert len(graph) > 50, "the walk found too few modules to mean anything"
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # A circle closed only by an import inside a function is still found.
        (
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "from pkg.b import f\n",
                "pkg/b.py": "def f():\n    from . import a\n",
            },
            ["pkg.a", "pkg.b", "pkg.a"],
        ),
        # Through a relative `from . import module`, and a literal importlib.import_module.
        (
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "import importlib\nimportlib.import_module('pkg.b')\n",
                "pkg/b.py": "from .sub import c\n",
                "pkg/sub/__init__.py": "",
                "pkg/sub/c.py": "from .. import a\n",
            },
            ["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"],
        ),
        # A type-only import closes no circle.
        (
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "from pkg import b\n",
                "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n",
            },
            None,
        ),
    ],
)
def test_find_cycle(tmp_path: Path, files: dict[str, str], expected: list[str] | None) -> None:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    assert find_cycle(import_graph(tmp_path, ("pkg",))) == expected

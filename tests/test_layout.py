"""The code's layout (issue 26 item 3): small modules, and no import circle.

(a) No Python module of the project's code folders is over MAX_LINES lines, unless it is data
    (DATA below) or waits for its split (NOT_YET_SPLIT, each with the length it may not pass).
(b) No import circle among all the project's modules, scripts/ and tests/ included. The graph
    is tests/test_imports.py's (read with `ast`: imports inside functions count, type-only ones
    do not); the failure names the circle's path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_imports import find_cycle, import_graph

ROOT = Path(__file__).resolve().parent.parent
CODE = ("engine", "catalogues", "diagrams", "pyworker", "sitegen", "scripts")
MAX_LINES = 450

# Modules that are data (tables, word lists, fixed figures) rather than code may be longer: a
# table split in two reads worse than one. Each entry says what data it holds. None today.
DATA: dict[str, str] = {}

# Code still over MAX_LINES, with the length each may not pass until it is split (a split
# takes the entry out; the test fails on an entry whose file no longer needs it):
NOT_YET_SPLIT: dict[str, int] = {}


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_modules(root: Path, folders: tuple[str, ...], limit: int) -> dict[str, int]:
    """{path relative to root: lines} of every .py file under `folders` longer than `limit`."""
    found: dict[str, int] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            lines = line_count(path)
            if lines > limit:
                found[path.relative_to(root).as_posix()] = lines
    return found


def layout_problems(
    root: Path, folders: tuple[str, ...], limit: int, data: dict[str, str], pending: dict[str, int]
) -> list[str]:
    problems = []
    long = long_modules(root, folders, limit)
    for rel, lines in sorted(long.items()):
        if rel in data:
            continue
        if rel in pending:
            if lines > pending[rel]:
                problems.append(
                    f"{rel}: {lines} lines, more than the {pending[rel]} it waits at for its split"
                )
            continue
        problems.append(
            f"{rel}: {lines} lines (at most {limit}: split it into modules named for what they hold)"
        )
    for rel in sorted(set(pending) - set(long)):
        problems.append(f"{rel}: no longer over {limit} lines: take it out of NOT_YET_SPLIT")
    return problems


def test_no_module_over_the_limit() -> None:
    assert long_modules(ROOT, CODE, 100), "the walk found no module over 100 lines: wrong folders?"
    problems = layout_problems(ROOT, CODE, MAX_LINES, DATA, NOT_YET_SPLIT)
    assert not problems, "\n".join(problems)


def test_no_import_circle_anywhere() -> None:
    graph = import_graph(ROOT, (*CODE, "hooks", "tests"))
    assert len(graph) > 150, "the walk found too few modules to mean anything"
    assert any(name.startswith("scripts.") and deps for name, deps in graph.items())
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_layout_check_sees_long_and_stale_entries(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/long.py": "x = 1\n" * 11,
            "pkg/table.py": "x = 1\n" * 30,
            "pkg/waiting.py": "x = 1\n" * 12,
            "pkg/grown.py": "x = 1\n" * 20,
            "pkg/done.py": "x = 1\n" * 3,
        },
    )
    problems = layout_problems(
        tmp_path,
        ("pkg",),
        10,
        {"pkg/table.py": "a table"},
        {"pkg/waiting.py": 12, "pkg/grown.py": 15, "pkg/done.py": 40},
    )
    assert problems == [
        "pkg/grown.py: 20 lines, more than the 15 it waits at for its split",
        "pkg/long.py: 11 lines (at most 10: split it into modules named for what they hold)",
        "pkg/done.py: no longer over 10 lines: take it out of NOT_YET_SPLIT",
    ]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # scripts/ has no __init__.py: `from scripts import x` inside a function still closes it.
        (
            {
                "scripts/a.py": "def f():\n    from scripts import b\n",
                "scripts/b.py": "from scripts.a import f\n",
            },
            ["scripts.a", "scripts.b", "scripts.a"],
        ),
        # Across folders: a script importing a package that imports the script back.
        (
            {
                "pkg/__init__.py": "",
                "pkg/m.py": "import scripts.tool\n",
                "scripts/tool.py": "from pkg import m\n",
            },
            ["pkg.m", "scripts.tool", "pkg.m"],
        ),
        (
            {"pkg/__init__.py": "", "pkg/m.py": "import json\n", "scripts/tool.py": "from pkg import m\n"},
            None,
        ),
    ],
)
def test_planted_circle_is_found(tmp_path: Path, files: dict[str, str], expected: list[str] | None) -> None:
    _write(tmp_path, files)
    assert find_cycle(import_graph(tmp_path, ("pkg", "scripts"))) == expected

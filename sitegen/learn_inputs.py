"""Build-time checks of the lesson and puzzle files, whether or not a page uses them yet."""

from __future__ import annotations

from pathlib import Path


def check_learn_inputs(docs_dir: Path, root: Path | None = None) -> tuple[int, int]:
    """Loads (and so checks) every docs/lessons/*.json and docs/puzzles/*.json; counts them."""
    from sitegen.lessons import load_lesson

    lessons = sorted((docs_dir / "lessons").glob("*.json"))
    for path in lessons:
        load_lesson(docs_dir, path.stem, root)
    puzzles = sorted((docs_dir / "puzzles").glob("*.json"))
    if puzzles:
        from sitegen.puzzles import load_puzzle

        for path in puzzles:
            load_puzzle(docs_dir, path.stem, root)
    return len(lessons), len(puzzles)

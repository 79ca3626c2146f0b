"""The one error type of the site build: a message tied to a file and line of a build input."""

from __future__ import annotations

from pathlib import Path


class SourceError(ValueError):
    """A bad build input. `str()` is `path:line: message`, the form editors jump to."""

    def __init__(self, path: str | Path, line: int, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        super().__init__(f"{self.path}:{line}: {message}")


def display_path(path: str | Path, root: Path | None = None) -> str:
    """`path` relative to the project root (or cwd) when it lies inside it, for short messages."""
    p = Path(path).resolve()
    for base in (root, Path.cwd()):
        if base is None:
            continue
        try:
            return p.relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return str(p)

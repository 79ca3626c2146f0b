"""What a marker handler is given: where the marker is and what its page has used so far.

A module of its own so that the handlers (sitegen/diagram_marker.py, live.py, lessons.py, ...)
import it without importing sitegen/markers.py, which imports them to register them: the
registry dispatches to the handlers and no handler imports it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from sitegen.errors import SourceError


@dataclass
class MarkerContext:
    """Where a marker is and what the page has used so far (shared by a page's markers)."""

    path: str  # the page's file, as shown in messages (docs/ko/crescent.md)
    lang: str
    docs_dir: Path
    root: Path | None = None
    line: int = 1
    url: str | None = None  # the page's URL under the site (el/crescent/), when MkDocs gave it
    ids: set[str] = field(default_factory=set)  # diagram / board ids used on this page
    data: dict[str, Any] = field(default_factory=dict)  # per-page scratch for handlers

    def fail(self, message: str) -> NoReturn:
        raise SourceError(self.path, self.line, message)

    def claim_id(self, ident: str) -> None:
        """Ids must be unique per page (they become element ids and data-diagram values)."""
        if ident in self.ids:
            self.fail(f"id {ident!r} is used twice on this page (give one an id=NAME option)")
        self.ids.add(ident)


# A marker handler: (the marker's arguments, the page's language, its context) -> the text
# that replaces the marker.
Handler = Callable[[str, str, MarkerContext], str]

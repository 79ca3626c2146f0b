"""What each output of the serve loop's builder used of the catalogues (scripts/rebuild.py): the
recorder (`Uses`) that wraps the catalogues' lookups while a page, a marker output or a drawing
is made, and the caches that remember it per entry (`Remembered`), so that a changed message
forgets exactly what used it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

ALL = "*"  # a use of a whole language's catalogue (catalogues.load)


class Uses:
    """Which catalogue messages each remembered output read: every marker output
    (sitegen/markers.py `_memo`), every drawing (sitegen/diagram_marker.py `_svg_cache`) and
    every page (its markers, its own hooks' messages). Recorded by wrapping the catalogues'
    lookups (`message`, `pattern`, `parsed`: one message; `load`: all of a language) while
    a recorder is open; a cached output reused inside another passes its uses on to it.
    An output made with no recorder open counts as using every message."""

    def __init__(self) -> None:
        self.open: list[set[tuple[str, str]]] = []
        self.pages: dict[str, set[tuple[str, str]]] = {}
        self.drawings = Remembered(self, {})  # diagrams.render_svg's, once installed
        self.drawn_languages: set[str] = set()  # whose drawings `drawings` keeps

    def note(self, used: Iterable[tuple[str, str]]) -> None:
        for recorder in self.open:
            recorder.update(used)

    def current(self) -> set[tuple[str, str]]:
        return set(self.open[-1]) if self.open else {("", ALL)}

    @contextmanager
    def recording(self) -> Iterator[set[tuple[str, str]]]:
        recorder: set[tuple[str, str]] = set()
        self.open.append(recorder)
        try:
            yield recorder
        finally:
            self.open.pop()
            self.note(recorder)

    def install(self) -> None:
        """Wraps the catalogues' lookups and sitegen's two caches (once, before any build)."""
        import catalogues
        from sitegen import diagram_marker, markers

        def one(lookup: Any) -> Any:
            def wrapper(lang: str, key: str, *args: Any, **kwargs: Any) -> Any:
                self.note([(lang, key)])
                return lookup(lang, key, *args, **kwargs)

            return wrapper

        def whole(lookup: Any) -> Any:
            def wrapper(lang: str) -> Any:
                self.note([(lang, ALL)])
                return lookup(lang)

            return wrapper

        for name in ("message", "pattern", "parsed"):
            setattr(catalogues, name, one(getattr(catalogues, name)))
        catalogues.load = whole(catalogues.load)
        run = markers._run

        def recorded_run(*args: Any, **kwargs: Any) -> Any:
            with self.recording():
                return run(*args, **kwargs)

        markers._run = recorded_run
        markers._memo = Remembered(self, markers._memo)
        diagram_marker._svg_cache = Remembered(self, diagram_marker._svg_cache)
        self._remember_drawings()

    def _remember_drawings(self) -> None:
        """The drawings (diagrams.render_svg, a pure function of its arguments and the
        catalogues) of the languages in `drawn_languages`, remembered with what they used. A
        marker output forgotten after a catalogue edit is made again, and most of that is
        drawing the same boards (fr's puzzle page: 3,600 drawings, two thirds of its time),
        which an edit of a refusal's or a caption's wording leaves as they were. Only the
        languages whose catalogues were edited (scripts/rebuild.py adds them): the whole site's
        drawings take 830 MB, a language's about a seventh, and a writer edits one language
        many times. The serve loop's builder only: a full build draws each board once."""
        import diagrams

        draw = diagrams.render_svg
        drawings = self.drawings

        def drawn(state: dict[str, Any], lang: str, **options: Any) -> str:
            if lang not in self.drawn_languages:
                return draw(state, lang, **options)
            key = json.dumps([state, lang, options], sort_keys=True)
            if key in drawings:
                return str(drawings[key])  # notes the drawing's uses in the open recorders
            with self.recording():  # the entry's uses are exactly the drawing's
                svg = draw(state, lang, **options)
                drawings[key] = svg
            return svg

        diagrams.render_svg = drawn

    @staticmethod
    def stale(used: set[tuple[str, str]], changed: set[tuple[str, str]]) -> bool:
        """Whether an output that used `used` used a changed message (or a whole catalogue
        with a changed message in it, or everything)."""
        languages = {lang for lang, _key in changed}
        return bool(used & changed) or any(
            key == ALL and (lang in languages or not lang) for lang, key in used
        )


class Remembered(dict[Any, Any]):
    """A cache that knows what each of its entries used (Uses)."""

    def __init__(self, uses: Uses, entries: dict[Any, Any]) -> None:
        super().__init__(entries)
        self.uses = uses
        self.used: dict[Any, set[tuple[str, str]]] = {key: {("", ALL)} for key in entries}

    def __setitem__(self, key: Any, value: Any) -> None:
        self.used[key] = self.uses.current()
        super().__setitem__(key, value)

    def __getitem__(self, key: Any) -> Any:
        self.uses.note(self.used.get(key, {("", ALL)}))
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self:
            return self[key]
        return default

    def __delitem__(self, key: Any) -> None:
        self.used.pop(key, None)
        super().__delitem__(key)

    def clear(self) -> None:
        self.used.clear()
        super().clear()

    def drop_stale(self, changed: set[tuple[str, str]]) -> int:
        stale = [k for k, used in self.used.items() if self.uses.stale(used, changed)]
        for key in stale:
            if key in self:
                del self[key]
        return len(stale)

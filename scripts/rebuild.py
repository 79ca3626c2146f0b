"""The serve loop's builder (`build.py --builder`, driven by scripts/devloop.py): builds once, then
answers each batch of edited paths with the least rebuild that gives the same pages.

What it keeps between edits: the drawings, replays and marker outputs cached in memory by
sitegen, and, per language, the last build's MkDocs files, navigation and template environment
(`Kept`, registered into the build's configuration). With those:
- a Markdown page edited (docs/<lang>/*.md, a page the last build had): that page is read,
  rendered and written again as the language's own build would (MkDocs' `_populate_page` and
  `_build_page` with the language's configuration restored by the plugins' `on_config`, as
  mkdocs-static-i18n does before each language), the files its markers queued are written, its
  entries of the language's search index replaced, and every page of the language has its
  anchor links checked again. No other page can change: the navigation's titles come from the
  catalogues (hooks/languages.py), not from the pages;
- a catalogue edited (catalogues/<lang>/*.json): its messages are merged again, and what used a
  changed message is forgotten and made again: the marker outputs and drawings that used it, and
  the pages (of any language) that used it, directly or through them, which are re-rendered as
  above; py.zip is written again (the live boards read the catalogues from it). What used what
  is recorded while it is made (`Uses`: the catalogues' lookups are wrapped in this process
  only). A changed `site.*` message (nav titles, language names, description, palette names:
  on every language's pages, set before any page) takes a quick build of the whole site;
- anything else under docs/ (stored games, positions, assets, a new or deleted page): a quick
  build of the whole site (scripts/build.py `build_site(quick=True)`), the engine's checks
  first when a stored game or position changed.
Nothing here writes the compressed copies, the Pyodide snapshot or the service worker's lists:
the copies of the files it rewrites are removed instead, and pages whose py.zip changed name a
snapshot that does not exist, so they boot Python (sitegen/snapshot.py keys it by py.zip).
Each batch is answered on stdout with `@@ok SECONDS` or `@@fail`.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from scripts.message_uses import ALL, Remembered, Uses

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "catalogues"
READY = "@@"  # the start of the builder's answer lines (scripts/devloop.py reads them)
# Stored inputs the engine checks at every build (scripts/build.py check_inputs).
CHECKED_DIRS = ("examples", "positions", "lessons", "puzzles")


class RenderFailed(Exception):
    """A page that would fail the strict build; the message says why."""


@dataclass
class LanguageBuild:
    files: Any
    nav: Any
    env: Any = None


@dataclass
class Kept:
    """What each language's build leaves behind, kept for re-rendering its pages."""

    config: Any = None
    languages: dict[str, LanguageBuild] = field(default_factory=dict)
    complete: bool = False
    uses: Uses = field(default_factory=Uses)
    _page_recorder: Any = None

    def attach(self, config: Any) -> None:
        """`prepare` of scripts/build.py's build_site: registers this as a plugin."""
        self.config, self.languages, self.complete = config, {}, False
        config.plugins["serve-loop-kept"] = self

    def _language(self, config: Any) -> str:
        i18n = config.plugins.get("i18n")
        return str(i18n.current_language if i18n else config.theme.get("language") or "en")

    @event_priority(-1000)  # after mkdocs-static-i18n has made the language's own navigation
    def on_nav(self, nav: Any, config: Any, files: Any) -> Any:
        self.languages[self._language(config)] = LanguageBuild(files, nav)
        return nav

    @event_priority(-1000)
    def on_env(self, env: Any, config: Any, files: Any) -> Any:
        self.languages[self._language(config)].env = env
        return env

    # A page's uses: while it is read and rendered (on_pre_page .. on_page_content), and while
    # its template is filled and the hooks finish it (on_page_context .. on_post_page).
    def _open(self, page: Any, fresh: bool) -> None:
        if fresh:
            self.uses.pages[page.file.src_uri] = set()
        self._page_recorder = self.uses.recording()
        self._page_recorder.__enter__()

    def _close(self, page: Any) -> None:
        recorder, self._page_recorder = self._page_recorder, None
        if recorder is not None:
            used = set(self.uses.open[-1]) if self.uses.open else set()
            recorder.__exit__(None, None, None)
            self.uses.pages.setdefault(page.file.src_uri, set()).update(used)

    @event_priority(1000)
    def on_pre_page(self, page: Any, config: Any, files: Any) -> Any:
        self._open(page, fresh=True)
        return page

    @event_priority(-1000)
    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        self._close(page)
        return html

    @event_priority(1000)
    def on_page_context(self, context: Any, page: Any, config: Any, nav: Any) -> Any:
        self._open(page, fresh=False)
        return context

    @event_priority(-1000)
    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        self._close(page)
        return output

    def page_of(self, path: Path) -> tuple[str, Any] | None:
        """(language, MkDocs page) of a source the last build rendered."""
        for lang, built in self.languages.items():
            for file in built.files.documentation_pages():
                if file.abs_src_path and Path(file.abs_src_path) == path and file.page is not None:
                    return lang, file.page
        return None


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _strict() -> Iterator[None]:
    """Any warning MkDocs logs while pages render fails them, as the strict build would."""
    handler = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.messages:
        raise RenderFailed("\n".join(handler.messages))


def render_pages(kept: Kept, lang: str, pages: list[Any] | None) -> list[Any]:
    """Renders and writes `pages` of `lang` (None: all of them), as its build did."""
    from mkdocs.commands.build import _build_page, _populate_page
    from mkdocs.exceptions import MkDocsException
    from mkdocs.structure.files import InclusionLevel

    config = kept.config
    built = kept.languages[lang]
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        i18n.current_language = lang
    doc_files = built.files.documentation_pages(inclusion=InclusionLevel.is_included)
    todo = [f.page for f in doc_files] if pages is None else pages
    try:
        with _strict():
            config = config.plugins.on_config(config)  # the language's settings, as its build began
            for page in todo:
                _populate_page(page, config, built.files)
            for page in todo:
                _build_page(page, config, doc_files, built.nav, built.env)
            for file in doc_files:
                file.page.validate_anchor_links(files=built.files, log_level=config.validation.links.anchors)
    except (MkDocsException, ValueError, KeyError, OSError) as e:
        raise RenderFailed(str(e)) from None
    return todo


def update_search(kept: Kept, site_dir: Path, lang: str, pages: list[Any]) -> None:
    """Replaces the entries of `pages` in the language's search index (sitegen/search.py's
    per-language file), in the order of the language's pages."""
    from material.plugins.search.plugin import SearchIndex  # type: ignore[import-untyped]

    from sitegen import search

    config = kept.config
    i18n = config.plugins.get("i18n")
    default = i18n.default_language if i18n else lang
    prefix = "" if lang == default else f"{lang}/"
    path = (site_dir / prefix) / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    old: dict[str, list[dict[str, Any]]] = {}
    for doc in index["docs"]:
        old.setdefault(doc["location"].split("#", 1)[0], []).append(doc)
    fresh: dict[str, list[dict[str, Any]]] = {}
    for page in pages:
        entries = SearchIndex(**config.plugins["material/search"].config)
        entries.add_entry_from_context(page)
        fresh[page.url.removeprefix(prefix)] = [
            {**doc, "location": doc["location"].removeprefix(prefix)} for doc in entries.entries
        ]
    docs: list[dict[str, Any]] = []
    for file in kept.languages[lang].files.documentation_pages():
        where = file.page.url.removeprefix(prefix)
        docs += fresh.get(where, old.get(where, []))
    index["docs"] = docs
    search._write(path, search.add_plain_field(index))


def _drop_copies(site_dir: Path, pages: Iterable[Any], since: float) -> None:
    """The compressed copies of what was just rewritten (scripts/serve.py would send them)."""
    targets = [Path(page.file.abs_dest_path) for page in pages]
    targets += [site_dir / "assets" / "py.zip", *(site_dir.rglob("search_index.json"))]
    for target in targets:
        for suffix in (".br", ".gz"):
            packed = target.with_name(target.name + suffix)
            if packed.is_file() and target.stat().st_mtime >= since:
                packed.unlink()


def forget_messages(kept: Kept, languages: set[str]) -> set[tuple[str, str]]:
    """After an edit of these languages' catalogues: their messages are merged again, and every
    marker output and drawing that used a changed one is forgotten (Uses). Returns the changed
    (language, key) pairs; ValueError for a catalogue that does not load."""
    import catalogues
    from sitegen import diagram_marker, markers

    # A language not merged since its last failed edit counts as all changed (before = {}).
    before = {lang: dict(catalogues._CACHE.get(lang) or {}) for lang in languages}
    catalogues._CACHE.clear()  # every language: merging them again takes milliseconds
    for table in (catalogues._ORIGIN, catalogues._PARSED, getattr(catalogues, "_SIMPLE", {})):
        for entry in [k for k in table if k[0] in languages]:
            del table[entry]
    kept.uses.drawn_languages |= languages  # from now on their drawings are remembered
    changed: set[tuple[str, str]] = set()
    for lang in languages:
        after = catalogues.load(lang)
        changed |= {
            (lang, k) for k in before[lang].keys() | after.keys() if before[lang].get(k) != after.get(k)
        }
    for cache in (markers._memo, diagram_marker._svg_cache, kept.uses.drawings):
        if isinstance(cache, Remembered):
            cache.drop_stale(changed)
        else:
            cache.clear()
    return changed


def edited_languages(paths: Iterable[Path]) -> set[str]:
    return {p.parent.name for p in paths if p.suffix == ".json" and p.parent.parent == CATALOGUES}


def needs_check(paths: Iterable[Path], docs_dir: Path) -> bool:
    return any(p.is_relative_to(docs_dir) and p.relative_to(docs_dir).parts[0] in CHECKED_DIRS for p in paths)


def _answer(ok: bool, seconds: float = 0.0) -> None:
    print(f"{READY}ok {seconds:.2f}" if ok else f"{READY}fail", flush=True)


def builder(
    docs_dir: Path,
    site_dir: Path,
    *,
    site_url: str | None,
    quick: bool,
    build_site: Callable[..., float],
    failed: type[Exception],
) -> int:
    """Builds once (in full, or quick after a restart), then rebuilds for each line on stdin
    (a JSON list of changed paths), answering each. `build_site` and `failed` (its BuildFailed)
    are scripts/build.py's, passed in by its --builder, which imports this module."""
    kept = Kept()
    kept.uses.install()

    def whole(check: bool, quick: bool) -> None:
        try:
            seconds = build_site(
                docs_dir, site_dir, site_url=site_url, quick=quick, check=check, prepare=kept.attach
            )
        except failed as e:
            kept.uses.open.clear()  # recorders a failed page left open
            print(f"build: error: {e}", file=sys.stderr, flush=True)
            _answer(False)
        else:
            kept.complete = True
            _answer(True, seconds)

    whole(check=True, quick=quick)
    for line in sys.stdin:
        paths = [Path(p) for p in json.loads(line)]
        start, began = time.perf_counter(), time.time()
        try:
            done = _pages_only(kept, paths, docs_dir, site_dir, began)
        except (RenderFailed, ValueError) as e:
            print(f"build: error: {e}", file=sys.stderr, flush=True)
            kept.complete = False  # a page half made: the next edit rebuilds everything
            kept.uses.open.clear()
            _answer(False)
            continue
        if done:
            print(f"build: {done} ({time.perf_counter() - start:.2f} s)", flush=True)
            _answer(True, time.perf_counter() - start)
        else:
            whole(check=needs_check(paths, docs_dir), quick=True)
    return 0


def _pages_only(kept: Kept, paths: list[Path], docs_dir: Path, site_dir: Path, began: float) -> str:
    """Rebuilds only the pages the edits touch, if that is enough; says what it did ("" when
    the whole site must be built, after forgetting what used an edited catalogue)."""
    from sitegen import runtime
    from sitegen.assets import write_assets

    languages = edited_languages(paths)
    changed = forget_messages(kept, languages) if languages else set()
    if not kept.complete:
        return ""
    todo: dict[str, dict[str, Any]] = {}  # language -> page source -> page
    for path in paths:
        if path.suffix == ".json" and path.parent.parent == CATALOGUES:
            continue
        found = kept.page_of(path) if path.suffix == ".md" else None
        if found is None:
            return ""  # not a page the last build had: the whole site
        todo.setdefault(found[0], {})[found[1].file.src_uri] = found[1]
    if any(key.startswith("site.") for _lang, key in changed):
        return ""  # nav titles, language names...: on every language's pages
    for lang, built in kept.languages.items():
        for file in built.files.documentation_pages():
            used = kept.uses.pages.get(file.src_uri, {("", ALL)})
            if changed and kept.uses.stale(used, changed):
                todo.setdefault(lang, {})[file.src_uri] = file.page
    rendered: list[Any] = []
    for lang, pages in sorted(todo.items()):
        order = [f.page for f in kept.languages[lang].files.documentation_pages() if f.src_uri in pages]
        render_pages(kept, lang, order)
        update_search(kept, site_dir, lang, order)
        rendered += order
    if languages:
        runtime.install(site_dir, ROOT)  # py.zip holds the catalogues; and the queued files
    else:
        write_assets(site_dir)  # the files the pages' markers queued (pictures, answers)
    _drop_copies(site_dir, rendered, began)
    shown = ", ".join(p.file.src_uri for p in rendered) or "none uses it"
    return f"re-rendered {len(rendered)} page{'s' if len(rendered) != 1 else ''}: {shown}"

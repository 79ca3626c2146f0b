"""`scripts/build.py --serve` (scripts/devloop.py, scripts/rebuild.py, scripts/serve.py's live
reload): which edits it sees and how it answers them, and the reload script it serves (never
written into the site)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import devloop
from tests.conftest import ROOT, load_script

serve = load_script("serve")
DOCS = ROOT / "docs"
PAGE = "<html><body><p>réserve</p></body></html>"


@pytest.mark.parametrize(
    ("rel", "kind"),
    [
        ("docs/fr/crescent.md", "quick"),
        ("docs/examples/crescent-example.json", "quick"),
        ("docs/assets/js/main.js", "quick"),
        ("catalogues/fr/core.json", "quick"),
        ("catalogues/__init__.py", "restart"),
        ("pyworker/ops.py", "restart"),  # missed before issue 26
        ("data/stats/summary.json", "restart"),  # missed before issue 26
        ("engine/rules.py", "restart"),
        ("sitegen/markers.py", "restart"),
        ("hooks/markers.py", "restart"),
        ("overrides/main.html", "restart"),
        ("scripts/make_sw.mjs", "restart"),
        ("mkdocs.yml", "restart"),
        ("package-lock.json", "restart"),
        ("site/index.html", None),
        ("README.md", None),
        ("sitegen/__pycache__/markers.cpython-311.pyc", None),
        ("docs/fr/.crescent.md.swp", None),
        ("docs/fr/crescent.md~", None),
    ],
)
def test_every_source_the_build_reads_is_seen(rel: str, kind: str | None) -> None:
    assert devloop.classify(ROOT / rel, DOCS) == kind


def test_the_watcher_reports_an_edit_without_polling(tmp_path: Path) -> None:
    import queue

    docs = tmp_path / "docs"
    (docs / "fr").mkdir(parents=True)
    edits: queue.Queue[Path] = queue.Queue()
    observer = devloop._watch(docs, edits)
    try:
        assert type(observer).__name__ == "InotifyObserver"  # events from the kernel, no poll
        (docs / "fr" / "page.md").write_text("# Titre\n", encoding="utf-8")
        batch = devloop._next_batch(edits, docs)
        assert batch == {docs / "fr" / "page.md": "quick"}
    finally:
        observer.stop()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "fr" / "index.html.gz").write_bytes(b"stale")
    (tmp_path / "app.js").write_text("1;", encoding="utf-8")
    return tmp_path


@pytest.fixture
def live(site: Path) -> Iterator[tuple[str, object]]:
    reload = serve.LiveReload()
    server = serve.make_server(site, 0, live_reload=reload)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield serve.url_of(server), reload
    finally:
        server.shutdown()
        server.server_close()


def _get(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def test_pages_get_the_reload_script_only_when_served_live(live: tuple[str, object], site: Path) -> None:
    url, _reload = live
    page = _get(url + "fr/").decode()
    assert page.count("<script data-live-reload>") == 1
    assert page.index("data-live-reload") < page.index("</body>")
    assert '"/__livereload?since=0"' in page
    assert _get(url + "app.js") == b"1;"  # scripts and other files as they are
    assert (site / "fr" / "index.html").read_text(encoding="utf-8") == PAGE  # never on disk
    with serve.serving(site) as plain:  # the ordinary server: nothing added
        assert b"live-reload" not in _get(plain + "fr/index.html")


def test_the_reload_request_is_answered_after_the_next_build(live: tuple[str, object]) -> None:
    url, reload = live
    assert isinstance(reload, serve.LiveReload)
    answer: list[bytes] = []

    def listen() -> None:
        with urllib.request.urlopen(url + "__livereload?since=0", timeout=20) as response:
            assert response.headers["Content-Type"] == "text/event-stream"
            answer.append(response.read())

    listener = threading.Thread(target=listen)
    listener.start()
    time.sleep(0.5)
    assert answer == []  # held while nothing was built
    reload.bump()
    listener.join(10)
    assert answer and b"data: reload 1" in answer[0]
    # A page served after that build waits for the next one.
    assert '"/__livereload?since=1"' in _get(url + "fr/").decode()


def test_a_page_older_than_the_last_build_reloads_at_once(live: tuple[str, object]) -> None:
    url, reload = live
    assert isinstance(reload, serve.LiveReload)
    reload.bump()
    start = time.perf_counter()
    with urllib.request.urlopen(url + "__livereload?since=0", timeout=20) as response:
        assert b"data: reload 1" in response.read()
    assert time.perf_counter() - start < 5


def _builder(docs: Path, site: Path) -> subprocess.Popen[str]:
    command = [sys.executable, str(ROOT / "scripts" / "build.py"), "--builder", "--quick", "--no-snapshot"]
    return subprocess.Popen(
        [*command, "--docs-dir", str(docs), "--site-dir", str(site)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def _stop(builder: subprocess.Popen[str]) -> None:
    if builder.stdin:
        builder.stdin.close()  # the builder's loop ends with its input
    builder.wait(60)


def _answer(builder: subprocess.Popen[str]) -> tuple[str, list[str]]:
    said = []
    assert builder.stdout is not None
    for line in builder.stdout:
        if line.startswith("@@"):
            return line[2:].strip(), said
        said.append(line.strip())
    raise AssertionError(f"the builder ended without an answer: {said}")


@pytest.mark.slow
def test_a_page_edit_re_renders_that_page_as_a_whole_build_would(tmp_path: Path) -> None:
    import catalogues

    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "tests" / "fixtures" / "docs", docs)
    for lang in catalogues.LANGUAGES:  # the build wants pages for every catalogue language
        if not (docs / lang).exists():
            shutil.copytree(docs / "en", docs / lang)
    builder = _builder(docs, tmp_path / "site")
    try:
        assert _answer(builder)[0].startswith("ok")
        page = docs / "fr" / "faq.md"
        page.write_text(page.read_text(encoding="utf-8") + "\n\nUne phrase ajoutée.\n", encoding="utf-8")
        assert builder.stdin is not None
        builder.stdin.write(json.dumps([str(page)]) + "\n")
        builder.stdin.flush()
        answer, said = _answer(builder)
        assert answer.startswith("ok")
        assert len(said) == 1 and said[0].startswith("build: re-rendered 1 page: fr/faq.md ("), said
    finally:
        _stop(builder)
    # The same pages built whole, from scratch, in a new process.
    fresh = _builder(docs, tmp_path / "fresh")
    try:
        assert _answer(fresh)[0].startswith("ok")
    finally:
        _stop(fresh)
    for rel in ("fr/faq/index.html", "fr/search/search_index.json"):
        edited, whole = (tmp_path / site / rel for site in ("site", "fresh"))
        assert "Une phrase ajoutée." in edited.read_text(encoding="utf-8"), rel
        assert edited.read_bytes() == whole.read_bytes(), rel


def test_a_catalogue_edit_forgets_only_what_used_the_changed_message() -> None:
    from scripts.rebuild import ALL, Remembered, Uses

    uses = Uses()
    cache = Remembered(uses, {"old": "made before recording"})
    with uses.recording():
        uses.note([("fr", "a")])
        cache["drawing"] = "<svg/>"
    with uses.recording():
        uses.note([("fr", ALL)])  # catalogues.load("fr")
        cache["everything-fr"] = "..."
    with uses.recording() as page:
        assert cache["drawing"] == "<svg/>"  # reused: its uses pass on to what reuses it
    assert page == {("fr", "a")}
    assert cache.drop_stale({("ko", "a")}) == 1  # another language: only the unrecorded one
    assert set(cache) == {"drawing", "everything-fr"}
    assert cache.drop_stale({("fr", "b")}) == 1  # a French message: what read all of French
    assert set(cache) == {"drawing"}
    assert cache.drop_stale({("fr", "a")}) == 1
    assert set(cache) == set()


def test_the_builder_remembers_an_edited_languages_drawings_until_a_message_they_used_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """scripts/message_uses.py `_remember_drawings`: a drawing of a language whose catalogue was
    edited is drawn once and then reused, as the pure drawing it is, until a message it read
    changes; other languages' drawings are not kept (memory)."""
    import catalogues
    import diagrams
    import engine
    from scripts.rebuild import Uses
    from sitegen import diagram_marker, markers

    # Uses.install() wraps these module attributes: put each back after the test.
    for module, names in (
        (catalogues, ("message", "pattern", "parsed", "load")),
        (markers, ("_run", "_memo")),
        (diagram_marker, ("_svg_cache",)),
        (diagrams, ("render_svg",)),
    ):
        for name in names:
            monkeypatch.setattr(module, name, getattr(module, name))
    draw = diagrams.render_svg
    uses = Uses()
    uses.install()
    uses.drawn_languages.add("fr")
    state = engine.new_game("CR1-N-AAKYMLT").state()
    first = diagrams.render_svg(state, "fr", diagram_id="t")
    assert first == draw(state, "fr", diagram_id="t")
    assert len(uses.drawings) == 1
    with uses.recording() as page:
        assert diagrams.render_svg(state, "fr", diagram_id="t") is first  # not drawn again
    (used,) = uses.drawings.used.values()
    assert page == used and ("fr", "site.name") not in used
    assert any(lang == "fr" for lang, _key in used), used
    assert diagrams.render_svg(state, "de", diagram_id="t") == draw(state, "de", diagram_id="t")
    assert len(uses.drawings) == 1  # German was never edited: not kept
    assert uses.drawings.drop_stale({("fr", "reason.adjacent-rank")}) == 0  # a refusal: unused
    assert uses.drawings.drop_stale({min(used)}) == 1
    assert len(uses.drawings) == 0

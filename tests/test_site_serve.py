"""scripts/serve.py: the static server the README's command and the browser tests use."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import load_script

serve = load_script("serve")

FILES = {
    "pyodide/pyodide.asm.wasm": ("application/wasm", b"\0asm\1\0\0\0"),
    "pyodide/pyodide.asm.mjs": ("text/javascript", b"export {};"),
    "assets/js/boot.js": ("text/javascript", b"1;"),
    "search/search_index.json": ("application/json", b"{}"),
    "assets/py.zip": ("application/zip", b"PK\5\6" + b"\0" * 18),
    "assets/board.svg": ("image/svg+xml", b"<svg/>"),
    "fr/index.html": ("text/html", "<p>réserve</p>".encode()),
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for rel, (_type, data) in FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    return tmp_path


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


@pytest.fixture
def running(site: Path) -> Iterator[str]:
    with serve.serving(site) as url:
        yield url


@pytest.mark.parametrize("rel", sorted(FILES))
def test_mime_types_and_bytes(running: str, rel: str) -> None:
    content_type, body = _get(running + rel)
    assert content_type.split(";")[0] == FILES[rel][0]
    assert body == FILES[rel][1]


def test_directory_serves_its_index(running: str) -> None:
    content_type, body = _get(running + "fr/")
    assert content_type.startswith("text/html") and "réserve" in body.decode()


def test_an_unknown_page_gets_the_sites_own_404_page(site: Path) -> None:
    """Hostile review #26: not the stdlib's English "Error response" page."""
    import urllib.error

    with serve.serving(site) as url:
        with pytest.raises(urllib.error.HTTPError) as bare:
            _get(url + "ko/nowhere/")
        assert bare.value.code == 404 and b"Error response" in bare.value.read()  # no 404.html yet
        (site / "404.html").write_text("<h1>Page not found</h1>", encoding="utf-8")
        with pytest.raises(urllib.error.HTTPError) as ours:
            _get(url + "ko/nowhere/")
        assert ours.value.code == 404 and ours.value.read() == b"<h1>Page not found</h1>"


def test_listens_on_loopback_only(running: str) -> None:
    assert running.startswith("http://127.0.0.1:")


def test_wrong_wasm_mime_flag(site: Path) -> None:
    with serve.serving(site, wrong_wasm_mime=True) as url:
        content_type, _ = _get(url + "pyodide/pyodide.asm.wasm")
        assert content_type == "application/octet-stream"
        # Everything else keeps its type.
        assert _get(url + "assets/js/boot.js")[0].startswith("text/javascript")


def test_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no built site"):
        serve.make_server(tmp_path / "nope", 0)


# ---- precompressed copies (sitegen/compress.py) -------------------------------------------------


def _fetch(url: str, accept: str | None) -> tuple[Any, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read()  # case-insensitive header names


@pytest.fixture
def compressed_site(tmp_path: Path) -> Path:
    from sitegen.compress import compress_site

    text = ("<p>réserve, fondation, talon</p>\n" * 200).encode()
    wasm = b"\0asm\1\0\0\0" + bytes(range(256)) * 40
    for rel, data in {
        "fr/index.html": text,
        "pyodide/pyodide.asm.wasm": wasm,
        "assets/py.zip": b"PK\5\6" + b"\0" * 600,
        "tiny.js": b"1;",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    compress_site(tmp_path)
    return tmp_path


def test_compressed_copies_are_deterministic_and_exact(compressed_site: Path, tmp_path_factory) -> None:
    import gzip

    import brotli

    from sitegen.compress import compress_site

    html = compressed_site / "fr" / "index.html"
    assert gzip.decompress((compressed_site / "fr" / "index.html.gz").read_bytes()) == html.read_bytes()
    assert brotli.decompress((compressed_site / "fr" / "index.html.br").read_bytes()) == html.read_bytes()
    assert (compressed_site / "pyodide" / "pyodide.asm.wasm.br").is_file()
    # Zips and tiny files get no copies; a second run (with a cache) gives the same bytes.
    assert not (compressed_site / "assets" / "py.zip.gz").exists()
    assert not (compressed_site / "tiny.js.gz").exists()
    before = {p.name: p.read_bytes() for p in compressed_site.rglob("*.*") if p.suffix in (".gz", ".br")}
    compress_site(compressed_site, tmp_path_factory.mktemp("cache"))
    compress_site(compressed_site, tmp_path_factory.mktemp("cache"))
    after = {p.name: p.read_bytes() for p in compressed_site.rglob("*.*") if p.suffix in (".gz", ".br")}
    assert before == after
    # A copy whose source is gone is removed.
    html.unlink()
    compress_site(compressed_site)
    assert not (compressed_site / "fr" / "index.html.br").exists()


@pytest.mark.parametrize(
    ("accept", "coding"),
    [("gzip, deflate, br", "br"), ("gzip, deflate", "gzip"), ("br;q=0, gzip", "gzip"), (None, None)],
)
def test_server_sends_the_copy_the_client_accepts(
    compressed_site: Path, accept: str | None, coding: str | None
) -> None:
    import gzip

    import brotli

    with serve.serving(compressed_site) as url:
        for rel, mime in (("fr/", "text/html"), ("pyodide/pyodide.asm.wasm", "application/wasm")):
            headers, body = _fetch(url + rel, accept)
            source = (compressed_site / (rel + "index.html" if rel.endswith("/") else rel)).read_bytes()
            assert headers["Content-Type"].split(";")[0] == mime
            assert headers.get("Content-Encoding") == coding
            assert headers["Vary"] == "Accept-Encoding"
            assert int(headers["Content-Length"]) == len(body)
            decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[coding](body)
            assert decoded == source

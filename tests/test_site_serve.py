"""scripts/serve.py: the static server the README's command and the browser tests use."""
from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

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


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    for rel, (_type, data) in FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    return tmp_path


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


@pytest.fixture()
def running(site: Path) -> Iterator[str]:
    server = serve.serve(site, 0)
    try:
        yield serve.url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("rel", sorted(FILES))
def test_mime_types_and_bytes(running: str, rel: str) -> None:
    content_type, body = _get(running + rel)
    assert content_type.split(";")[0] == FILES[rel][0]
    assert body == FILES[rel][1]


def test_directory_serves_its_index(running: str) -> None:
    content_type, body = _get(running + "fr/")
    assert content_type.startswith("text/html") and "réserve" in body.decode()


def test_listens_on_loopback_only(running: str) -> None:
    assert running.startswith("http://127.0.0.1:")


def test_wrong_wasm_mime_flag(site: Path) -> None:
    server = serve.serve(site, 0, wrong_wasm_mime=True)
    try:
        content_type, _ = _get(serve.url_of(server) + "pyodide/pyodide.asm.wasm")
        assert content_type == "application/octet-stream"
        # Everything else keeps its type.
        assert _get(serve.url_of(server) + "assets/js/boot.js")[0].startswith("text/javascript")
    finally:
        server.shutdown()
        server.server_close()


def test_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no built site"):
        serve.make_server(tmp_path / "nope", 0)

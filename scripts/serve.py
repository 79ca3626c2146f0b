#!/usr/bin/env python3
"""Serve the built site (site/) on 127.0.0.1 with the MIME types Pyodide needs.

`.wasm` must be `application/wasm` or the browser refuses to compile it as a stream: Python's
default table depends on the host's /etc/mime.types, so the types are fixed here.
`--wrong-wasm-mime` serves `.wasm` as `application/octet-stream` on purpose: the browser tests
use it to check the page's 10 s time-out message.

Compressed copies: where the build wrote `X.br` / `X.gz` beside `X` (sitegen/compress.py), a
request for X that accepts br (or gzip) gets that copy's bytes with `Content-Encoding` and X's
own Content-Type; every file answer carries `Vary: Accept-Encoding`.

Live reload (`build.py --serve` only, `make_server(..., live_reload=LiveReload())`): every HTML
answer gets LIVE_RELOAD_SCRIPT before `</body>`, naming the build it was served from; the
script's `EventSource` on `/__livereload?since=N` is answered once a later build is done (the
server holds the request meanwhile, no polling), and the tab reloads. Files on disk never hold
the script, and without live reload nothing is added.

Importable: `serve(directory, port) -> server` starts a server in a daemon thread (port 0 picks
a free port: read `server.server_address[1]`); call `server.shutdown()` to stop it.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".xml": "application/xml",
    ".gz": "application/gzip",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}


LIVE_RELOAD_PATH = "/__livereload"
# Reloads once, when the server says a build newer than the page's is done; EventSource
# reconnects by itself after a dropped connection (a held request times out: HOLD_SECONDS).
LIVE_RELOAD_SCRIPT = (
    '<script data-live-reload>new EventSource("{path}?since={generation}")'
    ".onmessage = () => location.reload();</script>"
)
HOLD_SECONDS = 30


class LiveReload:
    """The number of the last finished build, which held requests wait to see change."""

    def __init__(self) -> None:
        self.generation = 0
        self._changed = threading.Condition()

    def bump(self) -> None:
        with self._changed:
            self.generation += 1
            self._changed.notify_all()

    def wait_past(self, since: int, timeout: float) -> int:
        with self._changed:
            self._changed.wait_for(lambda: self.generation > since, timeout)
            return self.generation

    def script(self) -> bytes:
        return LIVE_RELOAD_SCRIPT.format(path=LIVE_RELOAD_PATH, generation=self.generation).encode()


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, no caching surprises, and no log line per request."""

    extensions_map = MIME_TYPES
    wrong_wasm_mime = False
    verbose = False
    live_reload: LiveReload | None = None

    def guess_type(self, path: Any) -> str:
        suffix = Path(str(path)).suffix.lower()
        if suffix == ".wasm" and self.wrong_wasm_mime:
            return "application/octet-stream"
        return MIME_TYPES.get(suffix, "application/octet-stream")

    def end_headers(self) -> None:
        # Every reload sees the latest build (the site is rebuilt under a running server).
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def accepted_encodings(self) -> set[str]:
        """The codings the client takes (`Accept-Encoding`, those with q=0 left out)."""
        accepted = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.strip().partition(";")
            q = params.strip()
            if q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"):
                continue
            if name:
                accepted.add(name.strip().lower())
        return accepted

    def do_GET(self) -> None:
        if self.live_reload is not None and urlsplit(self.path).path == LIVE_RELOAD_PATH:
            self.hold_until_rebuilt(self.live_reload)
            return
        super().do_GET()

    def hold_until_rebuilt(self, live: LiveReload) -> None:
        """An event stream that says `reload` once a build newer than `since` is done."""
        try:
            since = int(parse_qs(urlsplit(self.path).query).get("since", ["0"])[0])
        except ValueError:
            since = 0
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(b"retry: 500\n\n")
        self.wfile.flush()
        generation = live.wait_past(since, HOLD_SECONDS)
        if generation > since:
            self.wfile.write(f"data: reload {generation}\n\n".encode())
        self.wfile.flush()
        self.close_connection = True

    def send_head(self):  # the stdlib's signature (untyped there too)
        """The stdlib's, but a precompressed copy is sent when the client accepts it."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # the stdlib's redirect to the slash form
            path = path / "index.html"
        if self.live_reload is not None and path.suffix == ".html" and path.is_file():
            return self.send_with_live_reload(path, self.live_reload)
        if path.is_file():
            accepted = self.accepted_encodings()
            for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
                packed = path.with_name(path.name + suffix)
                if coding in accepted and packed.is_file():
                    # Not a `with`: send_head returns the open file, as the stdlib's does.
                    f = open(packed, "rb")  # noqa: SIM115
                    try:
                        size = os.fstat(f.fileno()).st_size
                        self.send_response(200)
                        self.send_header("Content-Type", self.guess_type(path))
                        self.send_header("Content-Encoding", coding)
                        self.send_header("Content-Length", str(size))
                        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
                        self.end_headers()
                        return f
                    except Exception:
                        f.close()
                        raise
        return super().send_head()

    def send_with_live_reload(self, path: Path, live: LiveReload) -> io.BytesIO:
        """The page with the live-reload script before its last `</body>`, uncompressed."""
        page = path.read_bytes()
        at = page.rfind(b"</body>")
        page = page[:at] + live.script() + page[at:] if at >= 0 else page + live.script()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        return io.BytesIO(page)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A page that does not exist gets the site's own 404 page (in its look and with its
        navigation, as a static host serves it), not the stdlib's bare "Error response"."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file() or self.command != "GET":
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: errors still reach the client; the build prints what matters

    def log_error(self, format: str, *args: Any) -> None:
        if self.verbose:  # 404s of assets are worth seeing while writing pages
            sys.stderr.write(f"serve: {self.path}: " + (format % args) + "\n")


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection mid-file is normal; do not print tracebacks for it.
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | Path,
    port: int = 8000,
    *,
    host: str = HOST,
    wrong_wasm_mime: bool = False,
    verbose: bool = False,
    live_reload: LiveReload | None = None,
) -> QuietServer:
    directory = Path(directory)
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory}: no built site here (run scripts/build.py first)")
    handler_class = type(
        "Handler",
        (SiteHandler,),
        {"wrong_wasm_mime": wrong_wasm_mime, "verbose": verbose, "live_reload": live_reload},
    )
    handler = functools.partial(handler_class, directory=str(directory))
    return QuietServer((host, port), handler)


def serve(
    directory: str | Path, port: int = 0, *, host: str = HOST, wrong_wasm_mime: bool = False
) -> QuietServer:
    """Starts serving `directory` in a daemon thread and returns the server."""
    server = make_server(directory, port, host=host, wrong_wasm_mime=wrong_wasm_mime)
    thread = threading.Thread(target=server.serve_forever, name=f"serve:{port}", daemon=True)
    thread.start()
    return server


def url_of(server: QuietServer) -> str:
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    return f"http://{host}:{port}/"


@contextlib.contextmanager
def serving(
    directory: str | Path, port: int = 0, *, host: str = HOST, wrong_wasm_mime: bool = False
) -> Iterator[str]:
    """Serves `directory` for the `with` block and yields its base URL (ending in /); the
    tests' and benchmarks' fixtures, so that no one forgets to shut a server down."""
    server = serve(directory, port, host=host, wrong_wasm_mime=wrong_wasm_mime)
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", default=str(ROOT / "site"), help="default: site/")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--wrong-wasm-mime",
        action="store_true",
        help="serve .wasm as application/octet-stream (tests the page's time-out)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print failed requests")
    args = parser.parse_args(argv)
    try:
        server = make_server(
            args.directory, args.port, wrong_wasm_mime=args.wrong_wasm_mime, verbose=args.verbose
        )
    except (FileNotFoundError, OSError) as e:
        print(f"serve: {e}", file=sys.stderr)
        return 2
    print(f"Serving {args.directory} at {url_of(server)} (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`scripts/build.py --serve`: serve the site while writing it, rebuild what an edit needs, and
reload the open tab.

Two processes, the uvicorn `--reload` model:
- this one serves site/ (scripts/serve.py with live reload: every HTML answer gets a small
  script that waits on `/__livereload` and reloads the tab after the next build; the files on
  disk never hold it) and watches every source the build reads with watchdog (inotify: no
  polling, no CPU while nothing changes);
- a builder (`build.py --builder`, scripts/rebuild.py) that keeps what it has drawn, replayed
  and rendered in memory: an edit under docs/ or of a catalogue's messages
  (catalogues/<lang>/*.json) is sent to it, and it re-renders the pages that edit touches (a
  page; a language's pages), or makes a quick build of the whole site, never the Pyodide
  snapshot, the service worker and the compressed copies, which belong to a full build. Any
  other edit (code, templates, mkdocs.yml, statistics, scripts) starts a new builder, so no
  module is ever reloaded in place.
The site it leaves is for writing, not for publishing: `scripts/build.py` makes that one.
"""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
# Source folders the build reads besides docs/ (and ROOT's own files below); an edit here
# restarts the builder, except a catalogue's messages (catalogues/<lang>/*.json).
CODE_DIRS = (
    "catalogues",
    "engine",
    "diagrams",
    "pyworker",
    "sitegen",
    "hooks",
    "overrides",
    "scripts",
    "data",
)
ROOT_FILES = ("mkdocs.yml", "package-lock.json", "requirements.txt")
DEBOUNCE = 0.05  # seconds: an editor's save is often several events (write, chmod, rename)
READY = "@@"  # the builder's answer lines start with this (scripts/rebuild.py)


def _ignored(path: Path) -> bool:
    """Editor and interpreter droppings, never a source."""
    name = path.name
    return (
        "__pycache__" in path.parts
        or name.startswith((".", "#"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".pyc"))
    )


def classify(path: Path, docs_dir: Path) -> str | None:
    """ "quick", "restart" or None (not a source of the build)."""
    if _ignored(path):
        return None
    if path.is_relative_to(docs_dir):
        return "quick"
    try:
        rel = path.relative_to(ROOT)
    except ValueError:
        return None
    parts = rel.parts
    if not parts:
        return None
    if len(parts) == 1:
        return "restart" if parts[0] in ROOT_FILES else None
    if parts[0] == "catalogues" and len(parts) == 3 and path.suffix == ".json":
        return "quick"
    if parts[0] == "data" and parts[1] != "stats":
        return None
    return "restart" if parts[0] in CODE_DIRS else None


class Builder:
    """The builder subprocess: started, sent edits, restarted, each answer awaited."""

    def __init__(self, docs_dir: Path, site_dir: Path, site_url: str | None, no_snapshot: bool) -> None:
        self.command = [sys.executable, str(ROOT / "scripts" / "build.py"), "--builder"]
        self.command += ["--docs-dir", str(docs_dir), "--site-dir", str(site_dir)]
        if site_url:
            self.command += ["--site-url", site_url]
        if no_snapshot:
            self.command.append("--no-snapshot")
        self.results: queue.Queue[str] = queue.Queue()
        self.process: subprocess.Popen[str] | None = None

    def start(self, *, quick: bool) -> None:
        self.stop()
        self.process = subprocess.Popen(
            self.command + (["--quick"] if quick else []),
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        assert self.process.stdout is not None
        threading.Thread(target=self._relay, args=(self.process.stdout,), daemon=True).start()

    def _relay(self, out: IO[str]) -> None:
        for line in out:
            if line.startswith(READY):
                self.results.put(line[len(READY) :].strip())
            else:
                print(line, end="", flush=True)
        self.results.put("fail exited")  # the process ended: whoever waits must not wait forever

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def send(self, paths: Iterable[Path]) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(json.dumps(sorted(str(p) for p in paths)) + "\n")
        self.process.stdin.flush()

    def wait(self) -> bool:
        """Blocks until the builder answers; True when it built."""
        return self.results.get().startswith("ok")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        if process.stdin:
            process.stdin.close()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        # Drop the answer its relay thread posts on exit.
        while not self.results.empty():
            self.results.get_nowait()


def _watch(docs_dir: Path, edits: queue.Queue[Path]) -> Any:
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    class Collect(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write") or event.is_directory:
                return
            for raw in (event.src_path, getattr(event, "dest_path", "")):
                if raw:
                    edits.put(Path(raw if isinstance(raw, str) else raw.decode()))

    observer = Observer()
    handler = Collect()
    observer.schedule(handler, str(docs_dir), recursive=True)
    for name in CODE_DIRS:
        if (ROOT / name).is_dir():
            observer.schedule(handler, str(ROOT / name), recursive=True)
    observer.schedule(handler, str(ROOT), recursive=False)  # mkdocs.yml, package-lock.json
    observer.daemon = True
    observer.start()
    return observer


def _next_batch(edits: queue.Queue[Path], docs_dir: Path) -> dict[Path, str]:
    """Blocks for the next edit of a source, then takes the ones that follow it closely."""
    batch: dict[Path, str] = {}
    while not batch:
        first = edits.get()
        kind = classify(first, docs_dir)
        if kind:
            batch[first] = kind
    deadline = time.monotonic() + DEBOUNCE
    while (left := deadline - time.monotonic()) > 0:
        try:
            path = edits.get(timeout=left)
        except queue.Empty:
            break
        kind = classify(path, docs_dir)
        if kind:
            batch[path] = kind
    return batch


def _interrupt(_signal: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def serve(docs_dir: Path, site_dir: Path, port: int, *, site_url: str | None, no_snapshot: bool) -> int:
    from scripts import serve as server_module

    # `kill` stops the builder too (a Ctrl+C reaches the whole process group anyway).
    signal.signal(signal.SIGTERM, _interrupt)
    edits: queue.Queue[Path] = queue.Queue()
    observer = _watch(docs_dir, edits)  # before the first build: an edit made during it counts
    builder = Builder(docs_dir, site_dir, site_url, no_snapshot)
    builder.start(quick=False)
    if not builder.wait():
        builder.stop()
        return 1
    reload = server_module.LiveReload()
    try:
        server = server_module.make_server(site_dir, port, live_reload=reload)
    except OSError as e:
        builder.stop()
        print(f"serve: cannot listen on 127.0.0.1:{port}: {e}", file=sys.stderr)
        return 1
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 3600}, daemon=True).start()
    print(
        f"Serving {site_dir} at {server_module.url_of(server)}: rebuilding on changes, "
        "reloading the open tab (Ctrl+C to stop)",
        flush=True,
    )
    try:
        while True:
            batch = _next_batch(edits, docs_dir)
            names = ", ".join(
                sorted(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p) for p in batch)
            )
            if "restart" in batch.values() or not builder.alive():
                print(f"build: changed {names}: new builder", flush=True)
                builder.start(quick=True)
            else:
                print(f"build: changed {names}", flush=True)
                builder.send(batch)
            if builder.wait():
                reload.bump()
    except KeyboardInterrupt:
        pass
    finally:
        builder.stop()
        observer.stop()
        server.server_close()
    return 0

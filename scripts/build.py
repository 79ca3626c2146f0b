#!/usr/bin/env python3
"""Build the site into site/: one command, same bytes for the same commit.

Steps (each prints a progress line):
  1. check the stored inputs with the engine: every example game in docs/examples/ replays
     legally and ends won; every position in docs/positions/ is a possible position;
  2. `mkdocs build --strict` (in this process), whose hooks expand the markers in the pages
     into diagrams, descriptions, replays and boards generated from the engine, pack engine/,
     diagrams/ and catalogues/ into site/assets/py.zip and copy the Pyodide runtime from
     node_modules/pyodide into site/pyodide/ (written only when their bytes change), and
     make the Pyodide memory snapshot the live boards start from (sitegen/snapshot.py,
     scripts/make_snapshot.mjs; --no-snapshot or PYODIDE_SNAPSHOT=0: none) and generate the
     service worker for offline reading with Workbox under Node (sitegen/offline.py,
     scripts/make_sw.mjs);
  3. write gzip and brotli copies beside every text file and Pyodide's wasm
     (sitegen/compress.py; brotli's slow best quality is cached in .cache/compressed/).

With SITE_URL=https://host/path/ (or --site-url) the build also writes sitemap.xml,
robots.txt, hreflang alternates and canonical links for that address (sitegen/deploy.py);
without it no page names a host.

Any bad input stops the build with `path:line: message` and exit status 1.
`--serve` then serves site/ on http://127.0.0.1:8000/ (`--port`), rebuilds what an edit needs
and reloads the open tab (scripts/devloop.py): a page or catalogue edit re-renders the pages in
a warm builder process (no compression, snapshot or service worker: those are a full build's),
a code edit restarts the builder. The site it leaves is for writing, not for publishing.
SOURCE_DATE_EPOCH is taken from the last commit, so dates in the output do not depend on when
the build ran.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen.errors import display_path  # noqa: E402


class BuildFailed(Exception):
    """A build that stopped on bad input or a strict-mode warning; the message says where."""


def progress(message: str) -> None:
    print(f"build: {message}", flush=True)


def source_date_epoch() -> str:
    """The last commit's time, so that every date written in the site is the commit's."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        if out.isdigit():
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return "0"  # not a git checkout: a fixed date is still a deterministic one


def check_returns(path: Path) -> None:
    """A stored winning line keeps the Examples page's promise: no card comes back to a place it
    left unless it is a take-back a card then lands on (its remark says so), and no card makes the
    same return twice (sitegen/returns.py). No exception: every stored winning line is straight."""
    import json

    from sitegen.errors import SourceError
    from sitegen.returns import return_defects
    from sitegen.sources import _line_of_move

    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("outcome"):
        return  # a mistake line shows a beginner's play after its mistake
    problems = return_defects(data["code"], data["moves"])
    if problems:
        step = int(problems[0].split()[1]) - 1
        raise SourceError(display_path(path, ROOT), _line_of_move(text, step), problems[0])


def check_inputs(docs_dir: Path) -> tuple[int, int]:
    """Replays every example (must end won) and validates every position; counts them."""
    from sitegen.sources import load_position, verify_example

    examples = sorted((docs_dir / "examples").glob("*.json"))
    positions = sorted((docs_dir / "positions").glob("*.json"))
    for path in examples:
        verify_example(docs_dir, path.stem, ROOT)
        check_returns(path)
    for path in positions:
        load_position(docs_dir, path.stem, ROOT)
    from sitegen.learn_inputs import check_learn_inputs

    check_learn_inputs(docs_dir, ROOT)  # lessons (and puzzles): lines legal, goals reached
    return len(examples), len(positions)


_LINK_WARNING = re.compile(r"Doc file '(?P<file>[^']+)' contains a link '(?P<link>[^']+)'")


def _with_line(message: str, docs_dir: Path) -> str:
    """MkDocs' link warnings name the file but not the line: add `path:line: ` in front."""
    m = _LINK_WARNING.search(message)
    if not m:
        return message
    path = docs_dir / m.group("file")
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return message
    for number, text in enumerate(lines, 1):
        if f"({m.group('link')}" in text or f"]: {m.group('link')}" in text or m.group("link") in text:
            return f"{display_path(path, ROOT)}:{number}: {message}"
    return message


class _Problems(logging.Handler):
    """Keeps MkDocs' warnings and errors: its Abort only says "Aborted with a BuildError!"."""

    def __init__(self, docs_dir: Path) -> None:
        super().__init__(logging.WARNING)
        self.docs_dir = docs_dir
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(_with_line(record.getMessage(), self.docs_dir))


def _mkdocs_logging(verbose: bool, docs_dir: Path) -> list[logging.Handler]:
    """MkDocs' own messages on stdout (warnings fail the build in strict mode)."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("mkdocs: %(levelname)s %(message)s"))
    handler.setLevel(logging.DEBUG if verbose else logging.WARNING)
    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)
    handlers = [handler, _Problems(docs_dir)]
    for h in handlers:
        logger.addHandler(h)
    return handlers


# A quick build (--serve after an edit) leaves these post-build steps to the full build: the
# Pyodide snapshot (a Node boot) and the service worker's lists (Workbox under Node).
FULL_BUILD_ONLY = ("hooks/snapshot.py", "hooks/offline.py")


def _keep_directory(directory: str) -> None:
    """mkdocs.utils.clean_directory for a quick build: the last build's files stay."""


@contextmanager
def _quick(config: Any) -> Iterator[None]:
    """Builds over the last build's site/ instead of emptying it (so that the snapshot, the
    service worker and Pyodide stay), without the FULL_BUILD_ONLY post-build steps."""
    import mkdocs.utils

    events = config.plugins.events["post_build"]
    skipped = [getattr(config.plugins[name], "on_post_build", None) for name in FULL_BUILD_ONLY]
    kept = [method for method in events if method not in skipped]
    saved, clean = list(events), mkdocs.utils.clean_directory
    events[:] = kept
    mkdocs.utils.clean_directory = _keep_directory
    try:
        yield
    finally:
        events[:] = saved
        mkdocs.utils.clean_directory = clean


def run_mkdocs(
    docs_dir: Path,
    site_dir: Path,
    *,
    verbose: bool = False,
    site_url: str | None = None,
    quick: bool = False,
    prepare: Callable[[Any], None] | None = None,
) -> None:
    """`prepare(config)`: called with the loaded configuration before the build (the serve
    loop's builder registers what it keeps of each language's build)."""
    import mkdocs.utils
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, MkDocsException

    from sitegen.errors import SourceError

    handlers = _mkdocs_logging(verbose, docs_dir)
    problems = handlers[1]
    assert isinstance(problems, _Problems)
    clean = mkdocs.utils.clean_directory
    try:
        # site_url: only for a public host (sitemap, alternates, canonical links; see
        # sitegen/deploy.py); None keeps every link relative and names no host.
        config = load_config(
            str(ROOT / "mkdocs.yml"),
            docs_dir=str(docs_dir),
            site_dir=str(site_dir),
            strict=True,
            site_url=site_url,
        )
        if prepare is not None:
            prepare(config)
        if quick:
            with _quick(config):
                build(config)
        else:
            build(config)
    except SourceError as e:
        raise BuildFailed(str(e)) from None
    except (Abort, ConfigurationError, MkDocsException) as e:
        message = getattr(e, "message", None) or str(e)
        # The page errors (path:line: ...) and strict-mode warnings that caused the abort.
        details = [m for m in problems.messages if m and not m.rstrip().endswith(":")]
        if details:
            message = "\n".join(details) if "BuildError" in message else "\n".join([message, *details])
        raise BuildFailed(message) from None
    finally:
        # A build that failed inside mkdocs-static-i18n leaves its monkey-patch behind.
        mkdocs.utils.clean_directory = clean
        for h in handlers:
            logging.getLogger("mkdocs").removeHandler(h)


def _drop_stale_copies(site_dir: Path, since: float) -> None:
    """Removes `X.br` and `X.gz` where a quick build rewrote X (scripts/serve.py would send the
    old bytes); the next full build writes them again."""
    for packed in [*site_dir.rglob("*.br"), *site_dir.rglob("*.gz")]:
        original = packed.with_suffix("")
        try:
            if original.stat().st_mtime >= since:
                packed.unlink()
        except FileNotFoundError:
            continue  # no X beside it: a file of its own (the snapshot is X.bin.gz)


def build_site(
    docs_dir: Path = ROOT / "docs",
    site_dir: Path = ROOT / "site",
    *,
    verbose: bool = False,
    say: Callable[[str], None] = progress,
    site_url: str | None = None,
    quick: bool = False,
    check: bool = True,
    prepare: Callable[[Any], None] | None = None,
) -> float:
    """The whole build; returns its duration in seconds; raises BuildFailed.

    `site_url`: the public address (https://host/path/) for sitemap.xml, robots.txt,
    hreflang alternates and canonical links; None (the default) names no host.
    `quick` (--serve after an edit): every page, search index and py.zip over the last build's
    site_dir, without the snapshot, the service worker and the compressed copies (those of the
    files it rewrites are removed, so that no stale copy is served); `check=False` skips the
    engine's check of the stored games and positions (none of them changed); `prepare`: see
    run_mkdocs."""
    from sitegen.deploy import SiteUrlError, normalise
    from sitegen.errors import SourceError

    if site_url:
        try:
            site_url = normalise(site_url)
        except SiteUrlError as e:
            raise BuildFailed(str(e)) from None

    os.environ["SOURCE_DATE_EPOCH"] = source_date_epoch()
    start, began = time.perf_counter(), time.time()
    if check:
        try:
            n_examples, n_positions = check_inputs(docs_dir)
        except SourceError as e:
            raise BuildFailed(str(e)) from None
        say(
            f"checked {n_examples} example games and {n_positions} positions with the engine "
            f"({time.perf_counter() - start:.1f} s)"
        )
    say(
        f"mkdocs build --strict -> {site_dir}"
        + (" (quick: no snapshot, service worker, compression)" if quick else "")
    )
    step = time.perf_counter()
    run_mkdocs(docs_dir, site_dir, verbose=verbose, site_url=site_url, quick=quick, prepare=prepare)
    say(
        (
            "pages, search index and py.zip"
            if quick
            else "pages, search index, py.zip, Pyodide and service worker"
        )
        + f" written ({time.perf_counter() - step:.1f} s)"
        + (f"; sitemap for {site_url}" if site_url else "")
    )
    if quick:
        _drop_stale_copies(site_dir, since=began)
        return time.perf_counter() - start
    step = time.perf_counter()
    from sitegen.compress import compress_site

    files, before, after = compress_site(site_dir, ROOT / ".cache" / "compressed")
    say(
        f"gzip and brotli copies of {files} files ({before / 1e6:.1f} MB -> {after / 1e6:.1f} MB "
        f"brotli, {time.perf_counter() - step:.1f} s)"
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="serve site/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--docs-dir", type=Path, default=ROOT / "docs")
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("-v", "--verbose", action="store_true", help="show MkDocs' info messages")
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="make no Pyodide memory snapshot (same as PYODIDE_SNAPSHOT=0): "
        "every live board then boots Python",
    )
    parser.add_argument(
        "--site-url",
        default=os.environ.get("SITE_URL") or None,
        help="public address of the site (default: $SITE_URL; unset: no host "
        "named anywhere): writes sitemap.xml, robots.txt, hreflang "
        "alternates and canonical links",
    )
    parser.add_argument("--quick", action="store_true", help=argparse.SUPPRESS)  # scripts/rebuild.py
    parser.add_argument("--builder", action="store_true", help=argparse.SUPPRESS)  # scripts/rebuild.py
    args = parser.parse_args(argv)
    if args.no_snapshot:
        os.environ["PYODIDE_SNAPSHOT"] = "0"  # read by sitegen/snapshot.py
    docs_dir, site_dir = args.docs_dir.resolve(), args.site_dir.resolve()
    if args.builder:  # the warm builder process that --serve drives
        from scripts import rebuild

        # build_site is handed over rather than imported back by rebuild.py: no import circle
        # (tests/test_layout.py).
        return rebuild.builder(
            docs_dir,
            site_dir,
            site_url=args.site_url,
            quick=args.quick,
            build_site=build_site,
            failed=BuildFailed,
        )
    if args.serve:
        from scripts import devloop

        return devloop.serve(
            docs_dir, site_dir, args.port, site_url=args.site_url, no_snapshot=args.no_snapshot
        )
    try:
        seconds = build_site(docs_dir, site_dir, verbose=args.verbose, site_url=args.site_url)
    except BuildFailed as e:
        print(f"build: error: {e}", file=sys.stderr, flush=True)
        return 1
    progress(f"done in {seconds:.1f} s: {site_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

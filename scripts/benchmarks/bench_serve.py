"""The writer's loop: from saving an edit to the open tab showing it, under `build.py --serve`.

Works on a copy of the project (docs/, catalogues/ and the code, in a temporary directory; the
working tree is never touched) served on port 8118 (`--port`). A real Chromium (Playwright,
Debian's /usr/bin/chromium) keeps the French Crescent rules page open while the benchmark:
- page edit: appends a sentence to a paragraph of docs/fr/crescent.md;
- catalogue edit: appends a word to a French message that the page shows (the first, by key,
  of catalogues/fr/*.json whose whole text is in the page);
and times, from the file's write to the text being in the tab, what the reader waits for. A
serve loop that reloads the tab by itself is timed as it is; one that does not (before issue
26) is helped: the benchmark reloads the tab every half second, as a writer would by hand.
Then the serve processes' CPU while nothing changes (IDLE_SECONDS).
Each figure is printed with the load average (the machine may be busy with other work).
Target (issue 26): at most 3 s for either edit.

    .venv/bin/python scripts/bench.py serve [--quick] [--tree DIR]

`--tree DIR`: measure another checkout's serve loop (e.g. an older commit, `git archive`d) with
this benchmark.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PORT = 8118
PAGE = ("fr", "crescent")
TARGET = 3.0
IDLE_SECONDS = 30.0
FIRST_BUILD_TIMEOUT = 1800.0
SHOW_TIMEOUT = 600.0
COPIED: tuple[str, ...] = ("catalogues", "data", "diagrams", "docs", "engine", "hooks", "overrides")
COPIED += ("pyworker", "scripts", "sitegen")
COPIED_FILES = ("mkdocs.yml", "package.json", "package-lock.json", "pyproject.toml", "requirements.txt")
LINKED = ("node_modules", ".venv", ".cache")  # big, and only read: shared with the tree
CHROMIUM = "/usr/bin/chromium"


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f})"


def _copy_tree(tree: Path, into: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        if (tree / name).is_dir():
            shutil.copytree(tree / name, into / name, ignore=ignore)
    for name in COPIED_FILES:
        if (tree / name).is_file():
            shutil.copy2(tree / name, into / name)
    for name in LINKED:
        source = tree / name if (tree / name).exists() else ROOT / name
        if name == ".cache":
            source.mkdir(exist_ok=True)  # a fresh checkout has none yet: never link to nothing
        (into / name).symlink_to(source.resolve())
    return into


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its descendants, from /proc (clock ticks)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / ticks
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def _text_in_tab(page: Any, text: str) -> bool:
    from playwright.sync_api import Error

    try:
        return bool(page.evaluate("(t) => !!document.body && document.body.innerText.includes(t)", text))
    except Error:
        return False  # the tab is reloading


def _time_until_shown(page: Any, text: str, write: Any, live: bool) -> float:
    """Seconds from write() to `text` in the tab (reloading it by hand without live reload)."""
    from playwright.sync_api import Error

    start = time.perf_counter()
    write()
    last_reload = start
    while time.perf_counter() - start < SHOW_TIMEOUT:
        if _text_in_tab(page, text):
            return time.perf_counter() - start
        if not live and time.perf_counter() - last_reload >= 0.5:
            last_reload = time.perf_counter()
            try:
                page.reload(wait_until="domcontentloaded")
            except Error:
                continue
        page.wait_for_timeout(20)
    raise TimeoutError(f"{text!r} not shown after {SHOW_TIMEOUT:.0f} s")


def _page_edit(tree: Path, n: int) -> tuple[str, Any]:
    path = tree / "docs" / PAGE[0] / f"{PAGE[1]}.md"
    sentence = f"Phrase de banc numéro {n} ajoutée."
    source = path.read_text(encoding="utf-8")
    # The first paragraph of plain prose (not a marker, heading, list or front matter).
    lines = source.split("\n")
    at = next(i for i, line in enumerate(lines) if re.match(r"^[A-ZÀ-Ý][^|<>#]{40,}[.:]$", line))
    lines[at] = f"{lines[at]} {sentence}"
    return sentence, lambda: path.write_text("\n".join(lines), encoding="utf-8")


def _shown_message(tree: Path, page_text: str) -> tuple[Path, str, str]:
    """(catalogue file, key, message): a French message without placeholders, shown whole."""
    for path in sorted((tree / "catalogues" / PAGE[0]).glob("*.json")):
        if path.name == "terms.json":
            continue
        for key, value in sorted(json.loads(path.read_text(encoding="utf-8")).items()):
            if len(value) >= 25 and not re.search(r"[{}<>'\n]", value) and value in page_text:
                return path, key, value
    raise LookupError("no French message of catalogues/fr is shown whole on the page")


def _catalogue_edit(path: Path, key: str, n: int) -> tuple[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    word = f"banc{n}"
    data[key] = f"{data[key]} {word}"
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return word, lambda: path.write_text(text, encoding="utf-8")


def _wait_serving(process: subprocess.Popen[bytes], log: Path, url: str) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + FIRST_BUILD_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"build.py --serve exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(1)
    raise TimeoutError("the first build did not finish")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """The serve loop and its builder (a process group of their own)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
    except ProcessLookupError:
        return  # already gone
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def run(args: Any) -> None:
    from playwright.sync_api import sync_playwright

    tree = Path(getattr(args, "tree", "") or ROOT).resolve()
    runs = 1 if getattr(args, "quick", False) else 3
    port = int(getattr(args, "port", 0) or PORT)
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        copy = _copy_tree(tree, Path(tmp) / "tree")
        log = Path(tmp) / "serve.log"
        url = f"http://127.0.0.1:{port}/{PAGE[0]}/{PAGE[1]}/"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [sys.executable, "scripts/build.py", "--serve", "--port", str(port)],
                cwd=copy,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its builder too is stopped with the group below
            )
        try:
            started = time.perf_counter()
            _wait_serving(process, log, url)
            print(f"first build and serve: {time.perf_counter() - started:.0f} s ({_load()})", flush=True)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
                page = browser.new_page()
                page.goto(url, wait_until="domcontentloaded")
                live = bool(page.evaluate("!!document.querySelector('script[data-live-reload]')"))
                print(f"live reload in the tab: {'yes' if live else 'no (the benchmark reloads it)'}")
                message_file, key, _message = _shown_message(copy, page.evaluate("document.body.innerText"))
                print(f"catalogue message edited: {message_file.relative_to(copy)} {key}")
                for label in ("page edit", "catalogue edit"):
                    seconds = []
                    for n in range(runs):
                        if label == "page edit":
                            text, write = _page_edit(copy, n)
                        else:
                            text, write = _catalogue_edit(message_file, key, n)
                        page.wait_for_timeout(1500)  # a writer does not save twice a second
                        seconds.append(_time_until_shown(page, text, write, live))
                        print(f"  {label} {n + 1}: {seconds[-1]:.2f} s ({_load()})", flush=True)
                    median = statistics.median(seconds)
                    verdict = "ok" if median <= TARGET else "OVER TARGET"
                    figure = f"{label}: saved -> shown {median:.2f} s (median of {runs}"
                    print(f"{figure}, target {TARGET} s: {verdict})")
                browser.close()
            time.sleep(3)  # let the last build's output settle
            before, wall = _cpu_seconds(process.pid), time.perf_counter()
            time.sleep(IDLE_SECONDS)
            used = _cpu_seconds(process.pid) - before
            share = 100 * used / (time.perf_counter() - wall)
            print(f"idle: {share:.1f} % of a core over {IDLE_SECONDS:.0f} s ({_load()})", flush=True)
        finally:
            _stop(process)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one run of each edit instead of three")
    parser.add_argument(
        "--tree", default="", help="the checkout whose serve loop is measured (default: this)"
    )
    parser.add_argument("--port", type=int, default=PORT)
    run(parser.parse_args())


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

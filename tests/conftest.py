"""Shared fixtures: one build of the real site per test run (tests that need a built site use
`built_site` instead of building again), and a helper to build any docs tree.

Under pytest-xdist (`-n 2`, scripts/test.sh) every worker is a session of its own: the builds
are made once per run all the same, by the first worker that needs one, under a file lock in
the run's shared temporary folder (`shared_build`); the others wait for it and reuse it.
scripts/test.sh starts the site's build before its static checks and hands it over
(SITE_UNDER_TEST + SITE_UNDER_TEST_STATUS: `built_site` waits for the build's exit status).

Tests that need no built site run first (`pytest_collection_modifyitems`), so that no worker
sits waiting for a build while others work. With SUITE_TIMELINE=FILE every test phase is
written to FILE as a JSON line (worker, start, stop, and the CPU seconds of the worker and the
processes it started: tests/cputime.py), for scripts/benchmarks/suite_times.py."""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, cast

import pytest
from hypothesis import settings

from tests import cputime

# No time limit on one Hypothesis example, as every property test here already says
# (deadline=None): on this shared 2-core machine a first example of 0.05 ms took 420 ms once
# (tests/test_links_damaged.py, a clean-clone run at load 12), a failure of the machine, not of
# the code. Speed is measured by scripts/benchmarks/, not by timed tests.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")
SITE_URL = "https://cards.example.org/rules/"  # the public address of hosted_site


def load_script(name: str) -> ModuleType:
    """scripts/NAME.py as a module (scripts/ is not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def build_docs(docs_dir: Path, site_dir: Path, site_url: str | None = None) -> Path:
    """Runs scripts/build.py's whole build (checks, strict mkdocs, runtime) in this process."""
    load_script("build").build_site(docs_dir, site_dir, say=lambda _message: None, site_url=site_url)
    return site_dir


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test run's temporary folder, shared by its xdist workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_build(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """`make(folder)` once per test run, whichever xdist worker asks first; the others wait for
    it (a lock file beside the folder) and get the same folder. A failed build is made again
    (and fails again) for the next test that asks, so that each reports it."""
    base = run_folder(tmp_path_factory)
    folder, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


_made: dict[str, Any] = {}  # run_cached's values, in this process


def run_cached(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[], T]) -> T:
    """`make()` once per test run, whichever xdist worker asks first (under a lock); the others
    read the pickle it leaves in the run's folder. For values that several test files compute
    alike and only read: a file's tests may run on either worker (`--dist worksteal`)."""
    if name not in _made:
        base = run_folder(tmp_path_factory)
        path = base / f"{name}.pickle"
        with open(base / f"{name}.pickle.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.exists():
                _made[name] = pickle.loads(path.read_bytes())
            else:
                _made[name] = make()
                part = path.with_suffix(".part")
                part.write_bytes(pickle.dumps(_made[name]))
                part.replace(path)  # a reader never sees half a pickle
    return cast(T, _made[name])


@pytest.fixture(scope="session")
def puzzle_answers(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], dict[str, Any]]:
    """(name, lang) -> sitegen.puzzles.answers(load_puzzle(docs, name), lang, "puzzle-" + name),
    what the Puzzles page of `lang` ships for each stored puzzle: made once per run for all the
    puzzles of a language (about 2.2 s of CPU each) instead of again by each of test_claims,
    test_refutation_text and test_puzzle_pages, which only read them."""

    def every_puzzle(lang: str) -> dict[str, dict[str, Any]]:
        from sitegen.puzzles import answers, load_puzzle

        docs = ROOT / "docs"
        names = sorted(path.stem for path in (docs / "puzzles").glob("*.json"))
        return {name: answers(load_puzzle(docs, name, ROOT), lang, f"puzzle-{name}") for name in names}

    def get(name: str, lang: str) -> dict[str, Any]:
        return run_cached(tmp_path_factory, f"puzzle-answers-{lang}", lambda: every_puzzle(lang))[name]

    return get


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site (docs/), built once for the run into a temporary directory.

    SITE_UNDER_TEST=/some/site reuses a site built before (scripts/build.py --site-dir ...):
    scripts/test.sh builds it once for all its workers, and one test file can be iterated on
    quickly; without it the first worker that needs the site builds it (shared_build)."""
    prebuilt = os.environ.get("SITE_UNDER_TEST")
    if prebuilt:
        status = os.environ.get("SITE_UNDER_TEST_STATUS")
        if status:
            _wait_for_build(Path(status), Path(prebuilt))
        return Path(prebuilt)
    # In a new process: this one has run marker tests whose queued page files (pictures,
    # answers: sitegen/assets.py keeps them process-wide, and the lessons' and puzzles' caches
    # rely on that within one process) would otherwise land in the site, which must be exactly
    # what `scripts/build.py` makes (tests/test_site.py compares the two).
    return shared_build(tmp_path_factory, "site", _build_in_a_new_process)


BUILD_WAIT_SECONDS = 1800


def _wait_for_build(status: Path, site: Path) -> None:
    """Waits until scripts/test.sh's build of `site` has written its exit status (to `status`,
    its output beside it in build.log); a failed build fails every test that needs it."""
    deadline = time.monotonic() + BUILD_WAIT_SECONDS
    while not status.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"the site's build into {site} wrote no status in {BUILD_WAIT_SECONDS} s")
        time.sleep(0.2)
    code = status.read_text(encoding="utf-8").strip()
    if code != "0":
        log = status.with_name("build.log")
        tail = log.read_text(encoding="utf-8", errors="replace")[-6000:] if log.exists() else ""
        pytest.fail(f"the build of {site} failed (exit {code}; tests/prebuild.py):\n{tail}")


def _build_in_a_new_process(folder: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--site-dir", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="session")
def hosted_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site for a public host (tests/test_deploy.py): scripts/build.py's build with the
    address given without its final slash (the build adds it); once per run, in this process, so
    that a worker which built `built_site` reuses its drawings and marker outputs (a new process
    would make them all again). That SITE_URL in the environment reaches the build is
    test_deploy.py's bad-address test's.

    HOSTED_UNDER_TEST (+ HOSTED_UNDER_TEST_STATUS) as SITE_UNDER_TEST: scripts/test.sh builds it
    once for all its workers, right after the site and in the same process (tests/prebuild.py)."""
    prebuilt = os.environ.get("HOSTED_UNDER_TEST")
    if prebuilt:
        status = os.environ.get("HOSTED_UNDER_TEST_STATUS")
        if status:
            _wait_for_build(Path(status), Path(prebuilt))
        return Path(prebuilt)
    return shared_build(
        tmp_path_factory, "hosted", lambda site: build_docs(ROOT / "docs", site, SITE_URL.rstrip("/"))
    )


# The session fixtures that hold a built site (a test asking for one waits for its build).
SITE_FIXTURES = frozenset({"built_site", "hosted_site", "fixture_site", "live_site"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that need no built site first, then the others, each group in its own order: the
    first tests of every xdist worker (`--dist worksteal` deals each a contiguous share) run
    while the site is still being built."""
    items.sort(key=lambda item: not SITE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ())))


_cpu_read = [0.0]  # the process tree's CPU at the end of the last test phase (tests/cputime.py)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The first phase's CPU counts from here: the process's start and its collection are not
    any test's (each xdist worker's: 3-5 s)."""
    if os.environ.get("SUITE_TIMELINE"):
        _cpu_read[0] = cputime.tree_cpu()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """SUITE_TIMELINE: each phase's report carries the CPU seconds its process and their children
    (Chromium's included) spent since the last phase ended, to the process that writes the line."""
    outcome = yield
    if os.environ.get("SUITE_TIMELINE"):
        now = cputime.tree_cpu()
        # Never below 0: when the browser quits at the session's end its processes are not
        # waited for, and their time leaves the reading (it was counted while they ran).
        spent = max(0.0, now - _cpu_read[0])
        outcome.get_result().user_properties.append(("cpu_s", round(spent, 3)))
        _cpu_read[0] = now


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """SUITE_TIMELINE=FILE: one JSON line per test phase, written by the process that reports
    it (under xdist the controller, which names the worker; the workers write nothing)."""
    path = os.environ.get("SUITE_TIMELINE")
    node = getattr(report, "node", None)
    if not path or (node is None and os.environ.get("PYTEST_XDIST_WORKER")):
        return
    worker = node.gateway.id if node is not None else "main"
    line = {"worker": worker, "nodeid": report.nodeid, "when": report.when, "start": report.start}
    line.update(stop=report.stop, outcome=report.outcome)
    line.update(cpu=dict(report.user_properties).get("cpu_s"))
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")

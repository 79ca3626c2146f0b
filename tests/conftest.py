"""Shared fixtures: one build of the real site per test run (tests that need a built site use
`built_site` instead of building again), and a helper to build any docs tree.

Under pytest-xdist (`-n 2`, scripts/test.sh) every worker is a session of its own: the builds
are made once per run all the same, by the first worker that needs one, under a file lock in
the run's shared temporary folder (`shared_build`); the others wait for it and reuse it."""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
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


def shared_build(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """`make(folder)` once per test run, whichever xdist worker asks first; the others wait for
    it (a lock file beside the folder) and get the same folder. A failed build is made again
    (and fails again) for the next test that asks, so that each reports it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, shared by its workers
    folder, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site (docs/), built once for the run into a temporary directory.

    SITE_UNDER_TEST=/some/site reuses a site built before (scripts/build.py --site-dir ...):
    scripts/test.sh builds it once for all its workers, and one test file can be iterated on
    quickly; without it the first worker that needs the site builds it (shared_build)."""
    prebuilt = os.environ.get("SITE_UNDER_TEST")
    if prebuilt:
        return Path(prebuilt)
    # In a new process: this one has run marker tests whose queued page files (pictures,
    # answers: sitegen/assets.py keeps them process-wide, and the lessons' and puzzles' caches
    # rely on that within one process) would otherwise land in the site, which must be exactly
    # what `scripts/build.py` makes (tests/test_site.py compares the two).
    return shared_build(tmp_path_factory, "site", _build_in_a_new_process)


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
    test_deploy.py's bad-address test's."""
    return shared_build(
        tmp_path_factory, "hosted", lambda site: build_docs(ROOT / "docs", site, SITE_URL.rstrip("/"))
    )

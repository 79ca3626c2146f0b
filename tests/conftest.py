"""Shared fixtures: one build of the real site per test session (tests that need a built site
use `built_site` instead of building again), and a helper to build any docs tree."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
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


def build_docs(docs_dir: Path, site_dir: Path) -> Path:
    """Runs scripts/build.py's whole build (checks, strict mkdocs, runtime) in this process."""
    load_script("build").build_site(docs_dir, site_dir, say=lambda _message: None)
    return site_dir


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site (docs/), built once for the session into a temporary directory.

    SITE_UNDER_TEST=/some/site reuses a site built before (scripts/build.py --site-dir ...),
    to iterate on tests quickly; the default, and CI, always build afresh."""
    prebuilt = os.environ.get("SITE_UNDER_TEST")
    if prebuilt:
        return Path(prebuilt)
    return build_docs(ROOT / "docs", tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def hosted_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site for a public host (tests/test_deploy.py): scripts/build.py run with SITE_URL
    in the environment (without its final slash: the build adds it)."""
    site = tmp_path_factory.mktemp("hosted")
    env = {**os.environ, "SITE_URL": SITE_URL.rstrip("/")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--site-dir", str(site)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,  # the assertion below shows the build's output
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return site

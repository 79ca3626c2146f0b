"""The two sites the test run needs, built before and beside its tests by scripts/test.sh:

    .venv/bin/python -m tests.prebuild WORK

WORK/site is exactly `scripts/build.py --site-dir WORK/site` (its `main`, in this process); its
exit status is written to WORK/status as soon as it is done, so that the tests that need it
(tests/conftest.py `built_site`, SITE_UNDER_TEST) start. Then WORK/hosted, the build for a
public host (`hosted_site`, HOSTED_UNDER_TEST), made as that fixture makes it, in this same
process: it reuses the first build's drawings and marker outputs, as a worker that built both
did before (6.0 CPU-s instead of 22.9 for a build in a process of its own, load 22); its status
goes to WORK/hosted-status. Both builds' output goes to the caller's (WORK/build.log)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.conftest import ROOT, SITE_URL, build_docs, load_script


def _done(work: Path, name: str, code: int) -> None:
    part = work / f"{name}.part"
    part.write_text(f"{code}\n", encoding="utf-8")
    part.replace(work / name)  # a reader never sees half a status


def main(work: Path) -> int:
    """A status a crash leaves unwritten is written by scripts/test.sh (1)."""
    build = load_script("build")
    code = build.main(["--site-dir", str(work / "site")])
    _done(work, "status", code)
    hosted = code
    if code == 0:
        try:
            build_docs(ROOT / "docs", work / "hosted", SITE_URL.rstrip("/"))
        except build.BuildFailed as e:
            print(f"build: error: {e}", file=sys.stderr, flush=True)
            hosted = 1
    _done(work, "hosted-status", hosted)
    return max(code, hosted)


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))

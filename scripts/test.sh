#!/usr/bin/env bash
# The README's test command: installs what the tests need (idempotent), runs the static checks
# (scripts/lint.sh), then every test on two processes (pytest-xdist, one test file per worker at
# a time), and lists the 20 slowest. The site is built once per run, by the first worker that
# needs it, and shared by every test file (tests/conftest.py `shared_build`; SITE_UNDER_TEST=DIR
# reuses a site built before).
#   scripts/test.sh             everything
#   scripts/test.sh --fast      everything but the browser tests (tests/browser/: Chromium and
#                               Pyodide, and the sites only they need)
#   scripts/test.sh [--fast] ARGS...   ARGS go to pytest (tests/test_x.py, -k NAME, -n 0, ...)
set -euo pipefail
cd "$(dirname "$0")/.."
select=()
if [ "${1:-}" = "--fast" ]; then
  shift
  select=(-m "not browser")
fi
scripts/setup.sh --browser
scripts/lint.sh
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist loadfile --durations=20 ${select[@]+"${select[@]}"} "$@"

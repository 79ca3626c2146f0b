#!/usr/bin/env bash
# The README's test command: installs what the tests need (idempotent), runs the static checks
# (scripts/lint.sh), then every test on two processes (pytest-xdist), and lists the 20 slowest
# tests, then the slowest files and how busy each worker was (scripts/benchmarks/suite_times.py,
# from the run's timeline in build/suite-timeline.jsonl).
#   scripts/test.sh             everything
#   scripts/test.sh --fast      everything but the browser tests (tests/browser/: Chromium and
#                               Pyodide, and the sites only they need)
#   scripts/test.sh [--fast] ARGS...   ARGS go to pytest (tests/test_x.py, -k NAME, -n 0, ...)
# The site is built once per run and shared by every test file (tests/conftest.py `built_site`).
# Without ARGS that build starts here, beside the static checks, into a temporary folder
# (SITE_UNDER_TEST, its exit status in SITE_UNDER_TEST_STATUS: the tests that need the site
# wait for it, the others run meanwhile), and the build for a public host after it in the same
# process (HOSTED_UNDER_TEST: tests/prebuild.py); SITE_UNDER_TEST=DIR given reuses a site built
# before (and the tests build the hosted one themselves).
# `--dist worksteal`: each worker starts on its own share of the tests and, once done, takes
# over part of the other's, so that both stay busy to the end (`loadfile` kept a whole file on
# one worker: the long browser files left the other idle for minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
select=()
if [ "${1:-}" = "--fast" ]; then
  shift
  select=(-m "not browser")
fi
scripts/setup.sh --browser

builder=""
if [ $# -eq 0 ] && [ -z "${SITE_UNDER_TEST:-}" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/cc-test-site.XXXXXX")
  export SITE_UNDER_TEST="$work/site" SITE_UNDER_TEST_STATUS="$work/status"
  export HOSTED_UNDER_TEST="$work/hosted" HOSTED_UNDER_TEST_STATUS="$work/hosted-status"
  (
    .venv/bin/python -m tests.prebuild "$work" >"$work/build.log" 2>&1 || true
    # Whatever stopped it, the waiting tests get a status (tests/prebuild.py writes its own).
    for name in status hosted-status; do
      [ -e "$work/$name" ] || { echo 1 >"$work/$name.part" && mv "$work/$name.part" "$work/$name"; }
    done
  ) &
  builder=$!
  # shellcheck disable=SC2064  # the folder and the builder's process id are known now
  trap "pkill -TERM -P $builder 2>/dev/null || true; kill $builder 2>/dev/null || true; rm -rf '$work'" EXIT
fi

scripts/lint.sh
mkdir -p build
export SUITE_TIMELINE="$PWD/build/suite-timeline.jsonl"
rm -f "$SUITE_TIMELINE"
status=0
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist worksteal --durations=20 \
  ${select[@]+"${select[@]}"} "$@" || status=$?
if [ -s "$SUITE_TIMELINE" ]; then
  .venv/bin/python scripts/benchmarks/suite_times.py "$SUITE_TIMELINE" --top 15 || true
fi
exit $status

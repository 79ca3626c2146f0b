#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian machine, idempotently:
#   scripts/setup.sh            Python venv (.venv) and npm packages (node_modules): enough to build and serve
#   scripts/setup.sh --browser  also what the tests need: Debian's chromium and a CJK font for the
#                               browser tests, a C compiler and Python's headers for the compiled
#                               solver's test (mypyc, tests/test_compiled_solver.py)
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
[ "${1:-}" = "--browser" ] && want_browser=1

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

command -v node >/dev/null 2>&1 || apt_install nodejs npm
if [ $want_browser -eq 1 ]; then
  apt_install chromium fonts-nanum fonts-dejavu-core
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
# Reinstall only when requirements.txt changed since the last successful install.
stamp=.venv/.requirements.sha
sum=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  echo "setup: installing Python packages"
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt
  echo "$sum" > "$stamp"
fi

lockstamp=node_modules/.package-lock.sha
locksum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$lockstamp" ] || [ "$(cat "$lockstamp")" != "$locksum" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --silent
  echo "$locksum" > "$lockstamp"
fi
if [ $want_browser -eq 1 ]; then
  command -v cc >/dev/null 2>&1 || apt_install gcc libc6-dev
  .venv/bin/python -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
    || apt_install python3-dev
fi
echo "setup: ready"

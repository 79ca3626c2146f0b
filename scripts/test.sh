#!/usr/bin/env bash
# The README's test command: installs what the tests need (idempotent), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
exec .venv/bin/python -m pytest "$@"

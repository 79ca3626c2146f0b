#!/usr/bin/env bash
# The static checks, a few seconds in all: scripts/test.sh runs them before any test, so a lint
# error fails at once. Configuration: pyproject.toml ([tool.ruff], [tool.mypy]).
#   scripts/lint.sh          check only (what CI runs)
#   scripts/lint.sh --fix    first apply ruff's safe fixes and format, then check
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/ruff ] || [ ! -x .venv/bin/mypy ]; then
  echo "lint: .venv/bin/ruff or mypy missing (run scripts/setup.sh)" >&2
  exit 1
fi
if [ "${1:-}" = "--fix" ]; then
  .venv/bin/ruff check --fix --quiet . || true  # what is left is reported below
  .venv/bin/ruff format --quiet .
fi

# Python: lint, formatting, types (strict for engine/ catalogues/ diagrams/ pyworker/).
echo "lint: ruff check"
.venv/bin/ruff check --quiet .
echo "lint: ruff format --check"
.venv/bin/ruff format --check --quiet .
echo "lint: mypy"
.venv/bin/python -m mypy

# JavaScript (docs/assets/js/): ESLint (eslint.config.js) and TypeScript's checker over the JSDoc
# types (tsconfig.json, tsconfig.worker.json), both pinned in package-lock.json (npm ci).
echo "lint: eslint, tsc (scripts/lint-js.sh)"
scripts/lint-js.sh

echo "lint: clean"

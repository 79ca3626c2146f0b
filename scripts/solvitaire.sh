#!/usr/bin/env bash
# Builds Solvitaire (Blake & Gent, github.com/thecharlieblake/Solvitaire), the second solver
# scripts/cross_check.py runs on our deals of its `canfield` preset (issue 24 item 6).
# Optional: no README command, CI job or test calls it; nothing it fetches enters the project
# (the clone and the build live in the git-ignored build/solvitaire).
#
#   scripts/solvitaire.sh               install the Debian build deps, clone, build
#   SOLVITAIRE_REPO=/path/or/url ...    clone from another copy of the repository (a mirror)
#
# The binary: build/solvitaire/cmake-build-release/bin/solvitaire
set -euo pipefail
cd "$(dirname "$0")/.."

# The commit every figure of the cross-check was measured with (the repository's last, 2022-07-13).
COMMIT=23983059f1d3d67632d5a4f731c803c6b0c8c236
REPO=${SOLVITAIRE_REPO:-https://github.com/thecharlieblake/Solvitaire.git}
DIR=build/solvitaire

missing=()
for pkg in cmake g++ make git libboost-program-options-dev libboost-system-dev libgtest-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "solvitaire: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -d "$DIR/.git" ]; then
  mkdir -p build
  git clone --quiet "$REPO" "$DIR"
fi
git -C "$DIR" fetch --quiet origin "$COMMIT" 2>/dev/null || true
git -C "$DIR" checkout --quiet --force "$COMMIT"

# Its CMakeLists.txt downloads googletest's main branch at configure time (CMakeLists.txt.in's
# ExternalProject): build Debian's copy (libgtest-dev's /usr/src/googletest) instead, so the
# build fetches nothing but the pinned clone. Only the unit_tests target links it.
sed -i '/# Download and unpack googletest at configure time/,/googletest-build)/c\
add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/googletest-build EXCLUDE_FROM_ALL)' \
  "$DIR/CMakeLists.txt"
if grep -q googletest-download "$DIR/CMakeLists.txt"; then
  echo "solvitaire: could not point $DIR/CMakeLists.txt at Debian's googletest" >&2
  exit 1
fi

# Its release flags (-O3 -flto; its compile flags link -lboost_system, hence that package),
# niced and on one core: the machine is shared.
cd "$DIR"
nice -n 10 cmake -DCMAKE_BUILD_TYPE=RELEASE -Bcmake-build-release -H. >/dev/null
nice -n 10 cmake --build cmake-build-release -- -j1 solvitaire
echo "solvitaire: built $(pwd)/cmake-build-release/bin/solvitaire at $COMMIT"

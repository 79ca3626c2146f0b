"""scripts/compile_solver.py: the mypyc-compiled engine for batch runs searches exactly as the
pure one does (same verdicts, node counts and winning lines on both games), and
`solve_stats.py --compiled` runs it on its Dask workers and says so in each line.

The test's build (build/mypyc-O0: the same modules at -O0, about 10 s of CPU; not build/mypyc,
the optimised one that `solve_stats.py --compiled` uses) is made here when missing or stale,
else reused.
Off CI, a machine without a C compiler or Python's headers skips with the reason
(`scripts/setup.sh --browser`, which scripts/test.sh runs, installs both); on CI it fails."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import engine
import engine.solver
from scripts import stats_summary
from tests.conftest import load_script

compile_solver = load_script("compile_solver")
stats = load_script("solve_stats")

# Both games; Canfield wins (draw 3 and draw 1), a proved loss, a search cut off by its
# budget (the same node count at the cut-off shows the same search); Crescent wins.
DEALS = [
    "CF1-D3-AAKYPIK",
    "CF1-D3-AAKYQCR",
    "CF1-D1-AAKYNCS",
    "CF1-D3-AAKYMMH",
    "CR1-N-AAKYMPV",
    "CR1-N-AAKYMPW",
]
TICKS = 150.0  # counting-clock budget: AAKYMMH stays undecided, the others are decided


@pytest.fixture(scope="module")
def build() -> Path:
    try:
        return compile_solver.build(compile_solver.TEST_BUILD, opt_level="0")
    except compile_solver.Unavailable as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(error))


def test_the_source_engine_stays_pure_python() -> None:
    assert not compile_solver.is_compiled(engine.solver)
    assert not [p.name for p in (compile_solver.ROOT / "engine").iterdir() if p.suffix in (".so", ".pyd")]


@pytest.mark.slow
def test_compiled_and_pure_solvers_search_alike(build: Path) -> None:
    pure = compile_solver.solve_fixed_in(compile_solver.ROOT, DEALS, TICKS)
    compiled = compile_solver.solve_fixed_in(build, DEALS, TICKS)
    assert [r["compiled"] for r in pure] == [False] * len(DEALS)
    assert [r["compiled"] for r in compiled] == [True] * len(DEALS)
    verdicts = [r["status"] for r in pure]
    assert verdicts == ["win", "loss", "win", "unknown", "win", "win"]
    for p, c in zip(pure, compiled, strict=True):
        assert (c["code"], c["status"], c["nodes"], c["moves"]) == (
            p["code"],
            p["status"],
            p["nodes"],
            p["moves"],
        )
    # The compiled engine's winning lines replay in the pure engine too.
    for row in compiled:
        if row["status"] == "win":
            game = engine.new_game(row["code"])
            for move in row["moves"]:
                game.play(move)
            assert game.status == "won"


def test_a_stale_build_is_rebuilt(build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert compile_solver.is_current(build, "0")
    assert not compile_solver.is_current(build)  # -O0 is not the batch runs' optimised build
    monkeypatch.setattr(compile_solver, "fingerprint", lambda opt_level="3": "another engine")
    assert not compile_solver.is_current(build, "0")


def test_no_toolchain_gives_a_clear_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert "no C compiler" in (compile_solver.missing_toolchain() or "")
    with pytest.raises(compile_solver.Unavailable, match="no-such-compiler-here"):
        compile_solver.build(tmp_path / "mypyc")


@pytest.mark.slow
def test_solve_stats_runs_the_compiled_engine_on_its_workers(
    build: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_summary, "STATS_DIR", tmp_path)
    first = 8_200_000  # deals no other test, example or statistics run names
    stats.run("canfield-d3", first, 2, 5.0, workers=1, compiled=build)
    rows = [json.loads(line) for line in (tmp_path / "canfield-d3.jsonl").read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == [first, first + 1]
    for row in rows:
        assert row["build"] == "mypyc" and row["clock"] == "cpu"
        again = engine.solve(engine.new_game(row["code"]), max_seconds=5.0)
        if "unknown" not in (row["status"], again.status):
            assert again.status == row["status"]
    # The summary reads them like any other line.
    assert stats_summary.summarise("canfield-d3", rows)["deals"] == 2


def test_compiled_needs_a_local_cluster() -> None:
    with pytest.raises(SystemExit):
        stats.main(["canfield-d3", "--compiled", "--scheduler", "tcp://127.0.0.1:1"])

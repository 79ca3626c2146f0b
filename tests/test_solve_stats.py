"""scripts/solve_stats.py: deals solved on a real two-worker Dask LocalCluster, appended as they
arrive, resumed without solving a deal twice; the summary's intervals and time buckets."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import catalogues
import engine
from scripts import stats_summary as summary
from scripts.stats_games import GAMES, SEARCHES
from tests.conftest import load_script

stats = load_script("solve_stats")
ROOT = Path(__file__).resolve().parent.parent
FIRST = 8_100_000  # deals no other test, example or statistics run names


@pytest.fixture
def stats_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(summary, "STATS_DIR", tmp_path)
    return tmp_path


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow
def test_deals_run_on_a_two_worker_local_cluster_and_resume(stats_dir: Path) -> None:
    counts = stats.run("canfield-d1", FIRST, 4, 5.0, workers=2)
    rows = lines(stats_dir / "canfield-d1.jsonl")
    assert sorted(r["deal"] for r in rows) == list(range(FIRST, FIRST + 4))
    assert sum(counts.values()) == 4
    for row in rows:
        assert row["clock"] == "cpu" and row["cap"] == 5.0 and row["game"] == "canfield-d1"
        assert row["status"] in ("win", "loss", "unknown")
        assert 0 <= row["seconds"] <= 5.0 + 0.5  # CPU seconds, checked every few hundred nodes
        # The worker's verdict is the engine's: a win's line replays, a loss is a loss here too.
        game = engine.new_game(row["code"])
        again = engine.solve(game, max_seconds=5.0)
        if "unknown" not in (row["status"], again.status):
            assert again.status == row["status"]
        if row["status"] == "win":
            assert row["moves"] >= 51
    # Resumable: a second run over a larger range solves only the new deal.
    stats.run("canfield-d1", FIRST, 5, 5.0, workers=2)
    again_rows = lines(stats_dir / "canfield-d1.jsonl")
    assert len(again_rows) == 5 and again_rows[:4] == rows
    assert again_rows[4]["deal"] == FIRST + 4


def test_retry_picks_only_undecided_deals_of_the_range() -> None:
    results = [
        {"deal": 1, "status": "unknown"},
        {"deal": 2, "status": "win"},
        {"deal": 3, "status": "unknown"},
        {"deal": 3, "status": "loss"},
        {"deal": 9, "status": "unknown"},
    ]
    assert stats.todo_deals(results, 1, 5, retry_unknown=False) == [4, 5]
    assert stats.todo_deals(results, 1, 5, retry_unknown=True) == [1]


def test_a_retry_cut_short_resumes_with_the_deals_not_yet_tried_at_its_cap() -> None:
    results = [
        {"deal": 1, "status": "unknown", "cap": 10.0, "clock": "cpu"},
        {"deal": 1, "status": "unknown", "cap": 60.0, "clock": "cpu"},
        {"deal": 2, "status": "unknown", "cap": 10.0, "clock": "cpu"},
        {"deal": 3, "status": "unknown", "cap": 90.0, "clock": "wall"},
    ]
    assert stats.todo_deals(results, 1, 3, retry_unknown=True, cap=60.0) == [2, 3]
    assert stats.todo_deals(results, 1, 3, retry_unknown=True, cap=300.0) == [1, 2, 3]


def test_summary_keeps_decided_results_and_buckets_times(stats_dir: Path) -> None:
    rows = [
        {"deal": 1, "status": "unknown", "seconds": 10.0, "cap": 10.0, "nodes": 5, "clock": "cpu"},
        {"deal": 1, "status": "win", "seconds": 40.0, "cap": 60.0, "nodes": 5, "clock": "cpu"},
        {"deal": 2, "status": "loss", "seconds": 0.05, "cap": 10.0, "nodes": 5},
        {"deal": 3, "status": "win", "seconds": 2.0, "cap": 10.0, "nodes": 5, "clock": "cpu"},
        {"deal": 4, "status": "unknown", "seconds": 10.0, "cap": 10.0, "nodes": 5, "clock": "cpu"},
    ]
    game = summary.summarise("crescent", rows)
    assert (game["deals"], game["wins"], game["losses"], game["unknown"]) == (4, 2, 1, 1)
    assert game["caps_used"] == [10.0, 60.0] and game["clocks"] == ["cpu", "wall"]
    assert game["decided_within"] == [[10.0, 0.5], [60.0, 0.75]]
    assert game["decide_times"]["counts"] == [1, 0, 0, 1, 0, 0, 1, 0, 0]
    assert game["solver_hours"] == round(62.05 / 3600, 3)
    low, high = summary.wilson(2, 3)
    assert game["win_rate_decided"] == {"value": 0.6667, "low": round(low, 4), "high": round(high, 4)}


def test_progress_bar_counts_and_rewrites_one_line() -> None:
    out = io.StringIO()
    bar = stats.Progress(2, out)
    bar.add({"status": "win", "seconds": 1.5})
    bar.add({"status": "unknown", "seconds": 10.0})
    assert out.getvalue().count("\r") == 3 and "\n" not in out.getvalue()
    assert out.getvalue().rsplit("\r", 1)[1].startswith("[" + "#" * 30 + "] 2/2 win 1 loss 0 unknown 1")


def test_bad_scheduler_address_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        stats.main(["crescent", "--scheduler", "10.0.0.5:8786"])
    assert "expected an address like tcp://HOST:PORT" in capsys.readouterr().err


def test_a_deal_line_says_why_it_is_undecided() -> None:
    """An unknown line names what ended the search: the table cap (--max-positions) here."""
    row = stats.solve_deal("canfield-d3", 5_000_015, 1.0, max_positions=2000)
    assert row["code"] == "CF1-D3-AAKYMMH"  # undecided at 10 s of CPU in the sample
    assert (row["status"], row["why"]) == ("unknown", "memory")
    assert "build" not in row  # the pure engine


def test_the_zip_for_remote_workers_imports_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker of `--scheduler` has only the zip: solve_stats and what it imports must load from
    it, with no checkout on the path (zipimport finds no namespace package)."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    archive = stats.engine_zip()
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); import solve_stats; "
        "print(solve_stats.solve_deal('canfield-d1', 5000000, 2.0)['status'])"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", probe, str(archive)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("win", "loss", "unknown")


def test_a_retry_with_a_new_search_takes_the_deals_tried_at_that_cap_with_another() -> None:
    results = [
        {"deal": 1, "status": "unknown", "cap": 30.0, "clock": "cpu"},
        {"deal": 2, "status": "unknown", "cap": 30.0, "clock": "cpu", "search": "dominance"},
        {"deal": 3, "status": "win", "cap": 30.0, "clock": "cpu"},
    ]
    assert stats.todo_deals(results, 1, 3, True, 30.0, "dominance") == [1]
    assert stats.todo_deals(results, 1, 3, True, 30.0) == [2]


def test_a_deal_line_names_its_search_and_the_summary_lists_them() -> None:
    """Rainfall's deals run with the pass dominance and the complete search only: the line says
    so, and its verdict is the default search's (Storehouse deal 5,000,000, a cheap proof:
    lost either way, in fewer positions with it)."""
    assert GAMES["rainfall"]["search"] == "dominance"
    options = SEARCHES["dominance"]
    row = stats.solve_deal("storehouse", 5_000_000, 60.0, search="dominance", search_options=options)
    assert (row["search"], row["status"]) == ("dominance", "loss")
    plain = stats.solve_deal("storehouse", 5_000_000, 60.0)
    assert plain["status"] == "loss" and "search" not in plain
    assert row["nodes"] < plain["nodes"]
    game = summary.summarise("storehouse", [plain, row])
    assert game["searches"] == ["default", "dominance"]


def test_the_statistics_page_names_the_games_with_another_search() -> None:
    """The page's method paragraph says which games' samples were searched with the pass
    dominance, in every language; those games' stored lines show it."""
    others = {name for name, info in GAMES.items() if info.get("search", "default") != "default"}
    assert others == {"rainfall"}
    for name in others:
        assert "dominance" in summary.summarise(name, summary.read_results(name))["searches"]
        for lang in catalogues.LANGUAGES:
            text = (ROOT / "docs" / lang / "statistics.md").read_text(encoding="utf-8")
            method = text.split("<!-- stats: times -->")[0].split("<!-- stats: sample -->")[1]
            assert catalogues.message(lang, f"site.stats.game.{name}") in method, lang

"""The same random games played by the engine under Pyodide (npm pyodide, in Node) and under
CPython give identical states, so that the browser can never drift from the build.

One Node run (one Pyodide cold start) plays every game; tests/pyodide/playout.py is the one
driver both runtimes execute."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.codes import deal_letters
from tests.pyodide import harness, playout

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_CODES = sorted(p.stem for p in (ROOT / "tests" / "golden" / "deals").glob("*.json"))


def _request() -> dict:
    rng = random.Random(20240601)
    games = [{"code": code, "picks": []} for code in GOLDEN_CODES]  # the deals themselves
    for head in ("CR1-N", "CF1-D3", "CF1-D1"):
        for _ in range(6):
            code = f"{head}-{deal_letters(rng.randrange(26**7))}"
            games.append({"code": code, "picks": [rng.randrange(2**31) for _ in range(300)]})
    return {"op": "replay", "games": games}


@pytest.fixture(scope="module", params=["boot", "snapshot"])
def pyodide_answer(request: pytest.FixtureRequest) -> dict:
    """The games played under Pyodide booted normally, and started from the build's memory
    snapshot (sitegen/snapshot.py) as the page's worker does, with the engine it holds."""
    why = harness.available()
    if why:
        pytest.fail(f"Pyodide parity cannot run: {why} (scripts/setup.sh installs both)")
    if request.param == "boot":
        return harness.run(_request())
    site = request.getfixturevalue("built_site")
    snapshots = sorted(site.glob("assets/snapshot/*.bin.gz"))
    assert len(snapshots) == 1, f"the build made no snapshot (or several): {snapshots}"
    answer = harness.run(_request(), snapshot=snapshots[0])
    # The snapshot's engine, unpacked from py.zip at build time, not the test bundle's.
    assert answer["engine"].startswith("/home/pyodide/app/engine/"), answer["engine"]
    return answer


@pytest.mark.slow
def test_pyodide_runs_the_engine_under_its_own_python(pyodide_answer: dict) -> None:
    assert pyodide_answer["python"].startswith("3.")
    assert len(pyodide_answer["result"]) == len(_request()["games"])


@pytest.mark.slow
def test_pyodide_and_cpython_give_identical_games(pyodide_answer: dict) -> None:
    cpython = json.loads(playout.main(json.dumps(_request())))
    browser = pyodide_answer["result"]
    assert sum(len(g["actions"]) for g in cpython) > 2000  # the games did get played
    assert any("undo" in g["actions"] for g in cpython)
    for ours, theirs in zip(cpython, browser, strict=True):
        assert theirs["code"] == ours["code"]
        assert theirs["actions"] == ours["actions"], ours["code"]
        assert theirs["checkpoints"] == ours["checkpoints"], ours["code"]
        assert theirs["final"] == ours["final"], ours["code"]


@pytest.mark.slow
def test_pyodide_deals_the_golden_deals(pyodide_answer: dict) -> None:
    by_code = {g["code"]: g["final"] for g in pyodide_answer["result"]}
    for code in GOLDEN_CODES:
        pinned = json.loads(
            (ROOT / "tests" / "golden" / "deals" / f"{code}.json").read_text(encoding="utf-8")
        )
        assert by_code[code] == pinned

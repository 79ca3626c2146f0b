"""Every catalogue message formats to the same text under Pyodide (npm pyodide, in Node) as under
CPython: plurals, numbers, French spacing, Greek sigma and capitals, Korean particles."""

from __future__ import annotations

import json

import pytest

from tests.pyodide import catformat, harness


@pytest.mark.skipif(harness.available() is not None, reason=str(harness.available()))
def test_catalogues_format_identically_under_pyodide() -> None:
    answer = harness.run({}, packages=("catalogues",), driver=harness.HERE / "catformat.py")
    browser = answer["result"]
    here = json.loads(catformat.main({}))
    assert len(here) > 500  # every message of every language, and the helpers
    differ = [key for key in here if browser.get(key) != here[key]]
    assert not differ, f"Pyodide {answer['python']} differs on {differ[:10]}"
    assert set(browser) == set(here)

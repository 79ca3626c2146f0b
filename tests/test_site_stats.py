"""sitegen/stats.py: the statistics table and chart, from data/stats/summary.json."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitegen import markers
from sitegen.errors import SourceError

GAME = {"deals": 300, "wins": 262, "losses": 16, "unknown": 22, "cap_seconds": 10.0,
        "win_rate_decided": {"value": 0.9424, "low": 0.9086, "high": 0.9643},
        "win_rate_bounds": {"low": 0.8309, "high": 0.9669},
        "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"}}


def _root(tmp_path: Path, summary: object) -> Path:
    (tmp_path / "data" / "stats").mkdir(parents=True)
    (tmp_path / "data" / "stats" / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    return tmp_path


def expand(text: str, lang: str, root: Path) -> str:
    return markers.expand(text, f"docs/{lang}/statistics.md", lang, root / "docs", root=root)


def test_table_in_each_language(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"canfield-d3": GAME}})
    fr = expand("<!-- stats: table -->", "fr", root)
    assert "<td>262</td>" in fr and "94,2\u202f% (90,9\u202f%–96,4\u202f%)" in fr
    assert "Canfield, pioche par trois" in fr and "Solvitaire (Blake &amp; Gent)" in fr
    en = expand("<!-- stats: table -->", "en", root)
    assert "94.2% (90.9%–96.4%)" in en and "83.1%–96.7%" in en
    assert "배치당 제한 시간" in expand("<!-- stats: table -->", "ko", root)


def test_chart_is_an_accessible_inline_svg(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"canfield-d3": GAME, "crescent": {**GAME, "reference": None}}})
    el = expand("<!-- stats: chart -->", "el", root)
    assert 'role="img"' in el and "<title id=\"stats-chart-t\">" in el
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", el).group(1)
    assert desc.startswith("Crescent:") and "94,2%" in desc and "Canfield, τράβηγμα τριών" in desc
    assert "http" not in el.replace("http://www.w3.org/2000/svg", "")


def test_missing_summary_fails_with_the_marker_line(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as info:
        expand("# S\n\n<!-- stats: table -->", "en", tmp_path)
    assert info.value.line == 3 and "data/stats/summary.json is missing" in info.value.message


def test_malformed_summary_and_unknown_view(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"solitaire": GAME}})
    with pytest.raises(SourceError, match="unknown game 'solitaire'"):
        expand("<!-- stats: table -->", "en", root)
    with pytest.raises(SourceError, match="unknown stats view 'pie'"):
        expand("<!-- stats: pie -->", "en", root)

"""sitegen/stats.py: the statistics table and chart, from data/stats/summary.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitegen import markers
from sitegen.errors import SourceError

GAME = {
    "deals": 300,
    "wins": 262,
    "losses": 16,
    "unknown": 22,
    "cap_seconds": 10.0,
    "win_rate_decided": {"value": 0.9424, "low": 0.9086, "high": 0.9643},
    "win_rate_bounds": {"low": 0.8309, "high": 0.9669},
    "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"},
}


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
    # The undecided column: 262 of 300 won with every undecided deal lost, 284 with every one won.
    assert "94.2% (90.9%–96.4%)" in en and "87.3%–94.7%" in en
    assert "배치당 제한 시간" in expand("<!-- stats: table -->", "ko", root)


def test_chart_is_an_accessible_inline_svg(tmp_path: Path) -> None:
    root = _root(
        tmp_path, {"schema": 1, "games": {"canfield-d3": GAME, "crescent": {**GAME, "reference": None}}}
    )
    el = expand("<!-- stats: chart -->", "el", root)
    assert 'role="img"' in el and '<title id="stats-chart-t">' in el
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


FULL = {
    **GAME,
    "caps_used": [10.0, 60.0],
    "first_code": "CF1-D3-AAKYMLS",
    "last_code": "CF1-D3-AAKZBDB",
    "decided_within": [[10.0, 0.9], [60.0, 0.9267]],
    "solver_hours": 1.25,
    "clocks": ["cpu", "wall"],
    "decided_share": 0.9267,
    "decide_times": {
        "edges": [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0],
        "counts": [150, 30, 30, 30, 30, 5, 3, 0, 0],
    },
    "cross_check": {
        "solver": "Solvitaire",
        "deals": 100,
        "their_losses_our_wins": 12,
        "agree_wins": 72,
        "agree_losses": 9,
        "contradictions": 0,
        "seconds": 10,
        "ours_decided": 96,
        "theirs_decided": 82,
    },
}
CRESCENT = {
    **FULL,
    "deals": 2000,
    "wins": 1990,
    "losses": 0,
    "unknown": 10,
    "reference": None,
    "first_code": "CR1-N-AAKYMLS",
    "last_code": "CR1-N-AAKZGNJ",
    "cross_check": None,
    "decide_times": {**FULL["decide_times"], "counts": [10, 90, 900, 600, 300, 60, 30, 0, 0]},
}


def test_sample_lists_each_games_figures_from_the_summary(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"canfield-d3": FULL, "crescent": CRESCENT}})
    en = expand("<!-- stats: sample -->", "en", root)
    assert en.index("<dt>Crescent</dt>") < en.index("<dt>Canfield, draw three</dt>")
    assert "Deals: 2,000, game codes CR1-N-AAKYMLS to CR1-N-AAKZGNJ" in en
    assert "Won: 1,990; proved lost: 0; undecided: 10" in en
    assert "Time limit: 10 s of CPU time per deal" in en and "tried again with up to 60 s" in en
    assert (
        "Decided within 10 s: 90.0% of the deals" in en
        and "Solver time spent, every attempt counted (retries included): 1.2 h" in en
    )
    assert en.count("No Crescent deal has been proved lost yet") == 1  # Crescent only, 0 losses
    assert en.count("wall-clock limit") == 2  # both games have lines from wall-clock caps
    fr = expand("<!-- stats: sample -->", "fr", root)
    assert "2\u202f000, codes de partie" in fr  # the French thousands separator
    de = expand("<!-- stats: sample -->", "de", root)
    assert "Spiele: 2.000" in de and "90,0 %" in de


def test_times_chart_is_an_accessible_cumulative_chart(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        {
            "schema": 1,
            "games": {
                "canfield-d3": FULL,
                "crescent": CRESCENT,
                "canfield-d3-no-takebacks": {**FULL, "comparison_only": True},
            },
        },
    )
    en = expand("<!-- stats: times -->", "en", root)
    assert 'role="img"' in en and '<title id="stats-times-t">How long deals take to decide</title>' in en
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", en).group(1)
    # Crescent: 10+90+900 of 2000 deals within 1 s; +600+300 within 10 s; +60 within 30 s.
    assert desc.startswith("Crescent: 50.0% decided within 1 s, 95.0% within 10 s, 98.0% within 30 s")
    assert "Canfield, draw three: 70.0% decided within 1 s" in desc
    assert 'data-game="canfield-d3-no-takebacks"' not in en  # comparison only: not charted
    paths = re.findall(r'<path d="([^"]+)"[^>]*data-game="crescent"', en)
    assert len(paths) == 1 and paths[0].count("V") == 8  # one step per time bucket
    assert "λογαριθμική κλίμακα" in expand("<!-- stats: times -->", "el", root)


def test_crosscheck_states_the_solvitaire_figures(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"canfield-d3": FULL}})
    en = expand("<!-- stats: crosscheck -->", "en", root)
    assert "run on 100 of our deals" in en and "12 deals that it proves lost are wins" in en
    assert "72 wins and 9 losses" in en and "decided 96 of the 100 deals, the changed Solvitaire 82" in en
    ko = expand("<!-- stats: crosscheck -->", "ko", root)
    assert "승리 72개, 패배 9개" in ko
    no_check = _root(tmp_path / "other", {"schema": 1, "games": {"crescent": CRESCENT}})
    assert "stats-crosscheck" not in expand("<!-- stats: crosscheck -->", "en", no_check)


def test_every_statistics_page_uses_every_view() -> None:
    root = Path(__file__).resolve().parent.parent
    for page in sorted((root / "docs").glob("*/statistics.md")):
        text = page.read_text(encoding="utf-8")
        for view in ("table", "chart", "sample", "times", "crosscheck"):
            assert f"<!-- stats: {view} -->" in text, (page, view)
        assert "one card at a time" not in text


def test_the_preset_crosscheck_is_said_when_the_summary_has_it(tmp_path: Path) -> None:
    preset = {
        **FULL,
        "code_prefix": "CF1-D3GKN-",
        "cross_check": {
            "solver": "Solvitaire",
            "deals": 200,
            "agree_wins": 139,
            "agree_losses": 42,
            "contradictions": 0,
            "seconds": 10,
            "ours_decided": 188,
            "theirs_decided": 181,
        },
    }
    root = _root(tmp_path, {"schema": 1, "games": {"canfield-d3": FULL, "solvitaire-canfield": preset}})
    en = expand("<!-- stats: crosscheck -->", "en", root)
    assert en.count('class="stats-crosscheck"') == 2  # no verdict on our undecided deals: no third
    # Run on 200 of the sample's 300 deals so far: the sentence says so.
    assert "Solvitaire unchanged and our solver were run on 200 deals of the 300 deals of our sample" in en
    assert (
        "139 wins and 42 losses, and no contradiction. Our solver decided 188 of them, Solvitaire 181." in en
    )
    assert "승리 139개, 패배 42개" in expand("<!-- stats: crosscheck -->", "ko", root)
    whole = _root(
        tmp_path / "whole", {"schema": 1, "games": {"solvitaire-canfield": {**preset, "deals": 200}}}
    )
    assert "were run on the 200 deals of our sample" in expand("<!-- stats: crosscheck -->", "en", whole)
    # A contradiction is said, and the agreement on every deal no longer is.
    check = {**preset["cross_check"], "contradictions": 2}
    root = _root(
        tmp_path / "c", {"schema": 1, "games": {"solvitaire-canfield": {**preset, "cross_check": check}}}
    )
    en = expand("<!-- stats: crosscheck -->", "en", root)
    assert "they agree on 139 wins and 42 losses, and contradict each other on 2 deals." in en
    assert "every deal both decide" not in en


# Solvitaire's verdicts on 40 of our 50 undecided deals: 36 lost, 2 won (2 still undecided).
OUTSIDE_CHECK = {
    "solver": "Solvitaire",
    "deals": 1000,
    "agree_wins": 700,
    "agree_losses": 230,
    "contradictions": 0,
    "seconds": 10.0,
    "ours_decided": 950,
    "theirs_decided": 960,
    "our_unknown": 50,
    "our_unknown_run": 40,
    "our_unknown_their_wins": 2,
    "our_unknown_their_losses": 36,
    "their_unknown_our_wins": 10,
    "their_unknown_our_losses": 2,
    "with_theirs": {"value": 0.7367, "low": 0.7088, "high": 0.7628, "decided": 988},
}
PRESET = {
    **FULL,
    "deals": 1000,
    "wins": 726,
    "losses": 224,
    "unknown": 50,
    "code_prefix": "CF1-D3GKN-",
    "win_rate_decided": {"value": 0.7642, "low": 0.7362, "high": 0.7901},
    "cross_check": OUTSIDE_CHECK,
}


def test_a_published_figure_outside_our_interval_is_explained_from_the_data(tmp_path: Path) -> None:
    root = _root(tmp_path, {"schema": 1, "games": {"solvitaire-canfield": PRESET}})
    en = expand("<!-- stats: crosscheck -->", "en", root)
    assert en.count('class="stats-crosscheck"') == 2
    assert (
        "Solvitaire’s published figure, 71.245%, lies outside the interval of ours for the same rules, "
        "76.4% (73.6%–79.0%). Of the 50 deals our solver left undecided, Solvitaire, run on 40 of them "
        "so far, decided 38: 36 lost and 2 won. So the undecided deals Solvitaire could decide are "
        "mostly lost ones" in en
    )
    assert (
        "our figure becomes 73.7% (70.9%–76.3%) of 988 decided deals, an interval that holds the "
        "published figure. Counted as lost, the 12 deals still undecided would bring our figure to 72.8%."
        in en
    )
    for lang, words in {
        "fr": "36 perdues et 2 gagnées",
        "de": "36 verloren und 2 gewonnen",
        "es": "36 perdidos y 2 ganados",
        "el": "36 χαμένες και 2 κερδισμένες",
        "ko": "패배가 36개, 승리가 2개",
        "ja": "負けが36、勝ちが2",
    }.items():
        text = expand("<!-- stats: crosscheck -->", lang, root)
        assert words in text and text.count('class="stats-crosscheck"') == 2, lang
    # Every undecided deal run, most of them won, the interval still away from the figure.
    check = {
        **OUTSIDE_CHECK,
        "our_unknown_run": 50,
        "our_unknown_their_wins": 30,
        "our_unknown_their_losses": 5,
        "with_theirs": {"value": 0.7654, "low": 0.7385, "high": 0.7903, "decided": 985},
    }
    root = _root(
        tmp_path / "won", {"schema": 1, "games": {"solvitaire-canfield": {**PRESET, "cross_check": check}}}
    )
    en = expand("<!-- stats: crosscheck -->", "en", root)
    assert "Of the 50 deals our solver left undecided, Solvitaire decided 35: 5 lost and 30 won." in en
    assert "mostly lost" not in en and "an interval that still does not hold the published figure." in en
    assert "the 15 deals still undecided would bring our figure to 75.6%." in en
    assert "ne contient toujours pas le chiffre publié" in expand("<!-- stats: crosscheck -->", "fr", root)


def test_a_published_figure_inside_our_interval_needs_no_explanation(tmp_path: Path) -> None:
    inside = {**PRESET, "win_rate_decided": {"value": 0.7301, "low": 0.7020, "high": 0.7565}}
    root = _root(tmp_path, {"schema": 1, "games": {"solvitaire-canfield": inside}})
    for lang in ("en", "ko", "el", "fr", "de", "es", "ja"):
        text = expand("<!-- stats: crosscheck -->", lang, root)
        assert text.count('class="stats-crosscheck"') == 1, lang
    assert "lies outside" not in expand("<!-- stats: crosscheck -->", "en", root)


def test_the_published_preset_crosscheck_is_the_stored_files() -> None:
    """summary.json's cross-check of the preset is the one the two stored files give (Solvitaire's
    lines, scripts/cross_check.py, and our sample): no figure typed in."""
    from scripts import stats_summary

    root = Path(__file__).resolve().parent.parent
    summary = json.loads((root / "data/stats/summary.json").read_text(encoding="utf-8"))
    check = summary["games"]["solvitaire-canfield"]["cross_check"]
    ours = stats_summary.read_results("solvitaire-canfield")
    theirs = stats_summary.read_check("solvitaire-canfield")
    assert theirs and all(row["code"].startswith("CF1-D3GKN-") and row["clock"] == "cpu" for row in theirs)
    assert check == stats_summary.cross_check("Solvitaire", ours, theirs)

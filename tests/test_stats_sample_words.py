"""The Statistics table's published figures speak the page's language: a figure's sample
(Wolter's Storehouse, 438,117 of 1,000,000 deals won) is worded and digit-grouped by the
catalogue (`site.stats.reference_sample`), whether the summary gives it as fields ("won",
"deals", as scripts/solve_stats.py now writes it) or, as summaries written before did, inside
the source's English text."""

from __future__ import annotations

import pytest

import catalogues
from sitegen.stats import _reference
from tests.conftest import load_script

LEGACY = {"value": 0.438117, "margin": 0.00097, "source": "Jan Wolter (438,117 of 1,000,000)"}
FIELDS = {"value": 0.438117, "margin": 0.00097, "source": "Jan Wolter", "won": 438_117, "deals": 1_000_000}


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_a_sample_is_worded_and_grouped_in_the_page_language(lang: str) -> None:
    text = _reference(lang, {"reference": FIELDS})
    assert text.startswith("Jan Wolter"), text
    assert catalogues.number(lang, 438_117) in text and catalogues.number(lang, 1_000_000) in text, text
    if lang != "en":
        assert " of " not in text, text
    # A summary of the older form reads the same.
    assert _reference(lang, {"reference": LEGACY}) == text


def test_french_and_spanish_words() -> None:
    assert _reference("fr", {"reference": FIELDS}).startswith(
        "Jan Wolter (438\u202f117 sur 1\u202f000\u202f000)"
    )
    assert _reference("es", {"reference": FIELDS}).startswith("Jan Wolter (438.117 de 1.000.000)")


def test_a_source_without_a_sample_is_shown_as_it_is() -> None:
    ref = {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"}
    assert _reference("en", {"reference": ref}) == "Solvitaire (Blake & Gent): 71.245% ± 0.031 points"


def test_solve_stats_writes_the_sample_as_fields() -> None:
    games = load_script("solve_stats").GAMES
    ref = games["storehouse"]["reference"]
    assert (ref["source"], ref["won"], ref["deals"]) == ("Jan Wolter", 438_117, 1_000_000)
    for name, game in games.items():
        if game["reference"]:
            assert not any(ch.isdigit() for ch in game["reference"]["source"]), name

"""Formats every catalogue message of every language with sample arguments, and runs the
language helpers (plural categories, Korean reading, Greek capitals), so that CPython and
Pyodide can be compared (tests/test_catalogues_pyodide.py). main(request) -> JSON text."""

from __future__ import annotations

import json

import catalogues
from catalogues import korean, messageformat

COUNTS = (0, 1, 2, 3, 5, 11, 21, 101, 1000, 1234)
CODE = {"card": "6D", "rank": "6"}
WORDS = ("6♦", "A♠", "다이아몬드 6", "10", "카드 3장(클럽 5)", "킹", "Crescent", "캔필드", "7", "100")


def main(request: object) -> str:
    out: dict[str, object] = {}
    for lang in catalogues.LANGUAGES:
        for key, text in sorted(catalogues.load(lang).items()):
            nodes = catalogues.parsed(lang, key)
            numeric = {b.name for b in messageformat.plural_blocks(nodes)}
            names = sorted(catalogues.placeholders(text))
            # A card or rank argument ({card, card, on}) takes a code; any other a sample word.
            codes = {n: CODE[kind] for n, kind in catalogues.card_arguments(lang, key).items()}
            samples = []
            for n in COUNTS if numeric else (7,):
                params = {name: (n if name in numeric else codes.get(name, f"{name}6♦")) for name in names}
                samples.append(catalogues.message(lang, key, **params))
            out[f"{lang}:{key}"] = samples
        out[f"{lang}:plural"] = [catalogues.plural_category(lang, n) for n in range(1001)]
        out[f"{lang}:upper"] = catalogues.upper(lang, "Κανόνες του Μάιου ή ρολόι")
    out["ko:final"] = [korean.final_sound(w) for w in WORDS]
    return json.dumps(out, ensure_ascii=False, sort_keys=True)

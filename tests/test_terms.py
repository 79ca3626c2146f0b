"""Terminology: one word per thing in every language (catalogues/<lang>/terms.json).

- the glossary page of each language heads each glossary term with the table's preferred term;
- no forbidden synonym appears in the language's pages, catalogues or generated text (the
  descriptions and captions of every stored example game, every step).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

import catalogues
from catalogues import terms

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _languages() -> tuple[str, ...]:
    return catalogues.LANGUAGES


def test_every_language_has_a_valid_table_with_the_same_glossary_terms() -> None:
    reference = None
    for lang in _languages():
        table = terms.load_terms(lang)
        ids = {t.id for t in table if t.glossary}
        if reference is None:
            reference = ids
        assert ids == reference, f"{lang}: glossary terms differ: {sorted(ids ^ reference)}"
        data = json.loads(Path(terms.path(lang)).read_text(encoding="utf-8"))
        assert list(data["terms"]) == sorted(data["terms"]), f"{lang}: terms are not sorted"


def _headings(lang: str) -> dict[str, str]:
    text = (DOCS / lang / "glossary.md").read_text(encoding="utf-8")
    return {
        m.group(2): m.group(1) for m in re.finditer(r"^##\s+(.+?)\s*\{#([\w-]+)\}\s*$", text, re.MULTILINE)
    }


@pytest.mark.parametrize("lang", _languages())
def test_glossary_headings_are_the_preferred_terms(lang: str) -> None:
    headings = _headings(lang)
    for term in terms.load_terms(lang):
        if not term.glossary:
            continue
        assert term.id in headings, f"docs/{lang}/glossary.md has no heading {{#{term.id}}}"
        for word in term.preferred.values():
            assert word.casefold() in headings[term.id].casefold(), (
                f"docs/{lang}/glossary.md: heading {headings[term.id]!r} of #{term.id} does not "
                f"name the preferred term {word!r} (catalogues/{lang}/terms.json)"
            )


# Markdown that is not prose: code, markers and other HTML comments, link targets, attributes.
_NOT_PROSE = re.compile(r"```.*?```|`[^`\n]*`|<!--.*?-->|\]\([^)]*\)|\{[#.][^}]*\}|<[^>]+>", re.DOTALL)


def _prose(text: str) -> str:
    return _NOT_PROSE.sub(lambda m: " " * len(m.group(0)), text)


def _hits_report(hits: list[terms.Hit]) -> str:
    return "\n".join(str(h) for h in hits[:20])


@pytest.mark.parametrize("lang", _languages())
def test_no_forbidden_synonym_in_pages(lang: str) -> None:
    hits = []
    for page in sorted((DOCS / lang).glob("*.md")):
        text = _prose(page.read_text(encoding="utf-8"))
        for hit in terms.find_forbidden(lang, text, f"page:{page.stem}"):
            line = text.count("\n", 0, hit.offset) + 1
            hits.append(
                terms.Hit(hit.term, hit.forbidden, hit.found, f"docs/{lang}/{page.name}:{line}", hit.offset)
            )
    assert not hits, _hits_report(hits)


@pytest.mark.parametrize("lang", _languages())
def test_no_forbidden_synonym_in_catalogues(lang: str) -> None:
    hits = []
    for key, text in catalogues.load(lang).items():
        hits += terms.find_forbidden(lang, text, f"key:{key}")
    assert not hits, _hits_report(hits)


@cache
def _examples() -> tuple[tuple[str, tuple[str, ...], tuple[dict, ...]], ...]:
    from sitegen.sources import load_example

    out = []
    for path in sorted((DOCS / "examples").glob("*.json")):
        ex = load_example(DOCS, path.stem, ROOT)
        out.append((path.stem, tuple(ex.moves), tuple(ex.states)))
    return tuple(out)


@pytest.mark.parametrize("lang", _languages())
def test_no_forbidden_synonym_in_generated_text(lang: str) -> None:
    import diagrams

    hits = []
    for name, moves, states in _examples():
        texts = [diagrams.describe(states[0], lang), catalogues.message(lang, f"title.{states[0]['game']}")]
        for i, move in enumerate(moves):
            texts.append(diagrams.caption(move, states[i], lang, i + 1))
            if i % 10 == 9 or i == len(moves) - 1:
                texts.append(diagrams.describe(states[i + 1], lang))
        for text in texts:
            hits += terms.find_forbidden(lang, text, f"generated:{name}")
    assert not hits, _hits_report(hits)


# ---- the checker itself ------------------------------------------------------------------------


def test_a_forbidden_synonym_is_found_with_its_place() -> None:
    hits = terms.find_forbidden("fr", "Le talon est face caché : touchez-le.", "key:reason.x")
    assert {h.term for h in hits} == {"face-down", "tap"}
    assert terms.find_forbidden("fr", "Les cartes face cachée.", "page:canfield") == []
    # Scoped by game: 완성 더미 is the Crescent word, wrong only on the Canfield board.
    assert terms.find_forbidden("ko", "완성 더미에 올라갔습니다", "key:ui.won", game="canfield")
    assert not terms.find_forbidden("ko", "완성 더미에 올라갔습니다", "key:ui.won", game="crescent")
    # Korean matches word starts (particles follow), not inside other words.
    assert terms.find_forbidden("ko", "Canfield와", "page:index")
    assert not terms.find_forbidden("ko", "Canfield Solitaire 앱", "page:canfield")


def test_bad_tables_say_what_and_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "xx").mkdir()
    monkeypatch.setattr(terms, "_ROOT", str(tmp_path))
    terms.load_terms.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"xx/terms\.json: missing"):
            terms.load_terms("xx")
        terms.load_terms.cache_clear()
        (tmp_path / "xx" / "terms.json").write_text('{"terms": {"a": {"preferred": "b"}}}', encoding="utf-8")
        with pytest.raises(ValueError, match="term 'a': needs 'preferred' and a 'note'"):
            terms.load_terms("xx")
        terms.load_terms.cache_clear()
        (tmp_path / "xx" / "terms.json").write_text(
            '{"terms": {"a": {"preferred": "b", "note": "n", "forbidden": [{"regex": "("}]}}}',
            encoding="utf-8",
        )
        with pytest.raises(ValueError, match="bad regex"):
            terms.load_terms("xx")
    finally:
        terms.load_terms.cache_clear()


def test_terms_file_is_not_a_catalogue() -> None:
    for lang in _languages():
        assert all(not p.endswith("terms.json") for p in catalogues.catalogue_files(lang))

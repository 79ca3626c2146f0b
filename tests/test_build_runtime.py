"""sitegen/runtime.py (py.zip, Pyodide copy) and sitegen/search.py (accent-free words)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from sitegen import runtime, search
from tests.conftest import ROOT


def test_py_zip_is_deterministic_and_clean() -> None:
    first = runtime._zip(runtime.packed_files(ROOT))
    again = runtime._zip(runtime.packed_files(ROOT))
    assert first == again
    with zipfile.ZipFile(io.BytesIO(first)) as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert all(n.split("/")[0] in runtime.PACKAGES for n in names)
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        assert {i.date_time for i in zf.infolist()} == {runtime.FIXED_TIME}
        assert zf.read("engine/__init__.py") == (ROOT / "engine" / "__init__.py").read_bytes()


def test_install_writes_only_what_changed(tmp_path: Path) -> None:
    written = runtime.install(tmp_path, ROOT)
    assert "assets/py.zip" in written and "pyodide/pyodide.asm.wasm" in written
    assert runtime.install(tmp_path, ROOT) == []
    (tmp_path / "pyodide" / "pyodide.js").write_text("tampered")
    assert runtime.install(tmp_path, ROOT) == ["pyodide/pyodide.js"]


def test_strip_accents() -> None:
    assert search.strip_accents("ανακατανομή") == "ανακατανομη"
    assert search.strip_accents("Réserve, ΐ, ϊ, ç") == "Reserve, ι, ι, c"
    assert search.strip_accents("재배치") == "재배치"  # Hangul syllables are not decomposed away


def test_plain_words_keep_only_accented_words_once() -> None:
    text = "<p>La <em>réserve</em> et la réserve; le talon.</p> <code>élan</code>"
    assert search.plain_words("Règles", text) == "regles reserve elan"


def test_japanese_clauses_are_indexed_from_every_word_start() -> None:
    from sitegen import search_ja

    # 画面では、山が馬蹄形に並びます: clauses split at 、。; tails start at kanji and at katakana
    # runs or numbers, never inside hiragana (endings, particles) or inside a katakana word.
    assert search_ja.clause_tails("画面では、山が馬蹄形に並びます。") == [
        "面では",
        "馬蹄形に並びます",
        "蹄形に並びます",
        "形に並びます",
        "並びます",
    ]
    assert search_ja.clause_tails("16番の山のゲームコード") == [
        "番の山のゲームコード",
        "山のゲームコード",
        "ゲームコード",
    ]
    assert len(search_ja.clause_tails("一二三四五六七八九十百千万億兆京")[0]) == search_ja.SUFFIX_CHARS
    assert search_ja.clause_tails("Règles, réserve, ανακατανομή, 재배치") == []
    # The accent stripping leaves kana alone (NFD would take the voicing mark off ゲ and バ).
    words = search.plain_words("ゲームコード", "<p>捨て札と<b>バ</b>ラ</p>").split()
    assert "ケームコート" not in words and words == ["札と"]


def test_index_gets_a_plain_field_idempotently() -> None:
    index = {
        "config": {"fields": {"title": {"boost": 1000.0}}},
        "docs": [
            {"location": "fr/", "title": "Règles", "text": "<p>réserve</p>"},
            {"location": "", "title": "Rules", "text": "<p>reserve</p>"},
        ],
    }
    once = search.add_plain_field(index)
    assert once["docs"][0]["plain"] == "regles reserve" and "plain" not in once["docs"][1]
    assert search.add_plain_field(once) == once
    assert once["config"]["fields"]["plain"] == {"boost": 1}


def test_pages_search_their_language_folder() -> None:
    page = (
        '<link rel="alternate" href="../../canfield/" hreflang="en">\n'
        '<script id="__config" type="application/json">{"annotate": null, "base": "../..", "x": 1}</script>'
    )
    fr = search.localise_page(page, "fr")
    assert '"base": "../../fr/"' in fr and 'rel="alternate"' not in fr
    assert '"base": "../.."' in search.localise_page(page, None)


def test_split_by_language(tmp_path: Path) -> None:
    import json

    merged = {
        "config": {"fields": {}},
        "docs": [
            {"location": "", "title": "Home", "text": ""},
            {"location": "fr/", "title": "Accueil", "text": "réserve"},
            {"location": "fr/canfield/#la-réserve", "title": "Réserve", "text": ""},
            {"location": "faq/", "title": "FAQ", "text": ""},
        ],
    }
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(merged))
    assert search.split_by_language(tmp_path, ["fr", "ko"]) == [
        "search/search_index.json",
        "fr/search/search_index.json",
        "ko/search/search_index.json",
    ]
    fr = json.loads((tmp_path / "fr" / "search" / "search_index.json").read_text())
    assert [d["location"] for d in fr["docs"]] == ["", "canfield/#la-réserve"]
    assert fr["docs"][0]["plain"] == "reserve"
    root = json.loads((tmp_path / "search" / "search_index.json").read_text())
    assert [d["location"] for d in root["docs"]] == ["", "faq/"]

"""The message catalogues: complete and consistent in every language, and the loader's rules.

Covers every catalogue file of every language (core.json and the other owners' ui.json,
facts.json, site.json as they appear): the same keys and the same placeholders per key in
every language, no empty message, a message for every engine reason code, and the seeds'
exact wording where the seed pages give it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import catalogues
import engine

ROOT = Path(catalogues.__file__).resolve().parent
SITE_LANGUAGES = ("el", "en", "fr", "ko")


def test_languages_are_discovered_from_folders_sorted() -> None:
    on_disk = sorted(
        p.name
        for p in ROOT.iterdir()
        if p.is_dir() and not p.name.startswith(("_", ".")) and any(p.glob("*.json"))
    )
    assert tuple(on_disk) == catalogues.LANGUAGES
    assert set(SITE_LANGUAGES) <= set(catalogues.LANGUAGES)


def test_every_language_has_exactly_the_same_keys() -> None:
    reference = set(catalogues.load("en"))
    for lang in catalogues.LANGUAGES:
        keys = set(catalogues.load(lang))
        assert keys == reference, (
            f"{lang}: missing {sorted(reference - keys)}, extra {sorted(keys - reference)}"
        )


def test_every_key_has_the_same_placeholders_in_every_language() -> None:
    """The same argument names, plural and select arguments included; the branches of a plural
    may differ (French has `many`, Korean needs none): tests/test_plurals.py checks those."""
    en = catalogues.load("en")
    for lang in catalogues.LANGUAGES:
        messages = catalogues.load(lang)
        for key, text in messages.items():
            assert catalogues.placeholders(text) == catalogues.placeholders(en[key]), (lang, key, text)


def test_no_message_is_empty() -> None:
    for lang in catalogues.LANGUAGES:
        for key, text in catalogues.load(lang).items():
            assert text.strip(), f"{lang}: {key} is empty"


def test_every_engine_reason_has_a_message_in_every_language() -> None:
    assert len(engine.REASONS) == len(set(engine.REASONS))
    for lang in catalogues.LANGUAGES:
        messages = catalogues.load(lang)
        missing = [code for code in engine.REASONS if f"reason.{code}" not in messages]
        assert not missing, f"{lang}: no message for {missing}"


def test_catalogue_files_are_flat_sorted_utf8_objects_of_strings() -> None:
    for lang in catalogues.LANGUAGES:
        for path in catalogues.catalogue_files(lang):
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            assert isinstance(data, dict) and all(isinstance(v, str) for v in data.values()), path
            assert list(data) == sorted(data), f"{path}: keys are not sorted"


def test_core_families_are_complete() -> None:
    en = catalogues.load("en")
    for rank in "A23456789TJQK":
        assert f"rank.{rank}" in en and f"rank_short.{rank}" in en
    for suit in "SHDC":
        assert f"suit.{suit}" in en and f"place.cf.{suit}" in en
        for sign in "+-":
            assert f"place.cr.{suit}{sign}" in en and f"name.cr.{suit}{sign}" in en
    assert catalogues.placeholders(en["card"]) == {"rank", "suit"}


@pytest.mark.parametrize(
    ("lang", "code", "text"),
    [
        ("ko", "same-suit", "같은 무늬여야 합니다"),
        ("ko", "adjacent-rank", "순위가 하나 높거나 낮아야 합니다"),
        ("ko", "empty-pile", "빈 더미에는 놓을 수 없습니다"),
        ("ko", "pile-full", "이 더미는 가득 찼습니다. 다른 위치를 선택하세요"),
        ("ko", "base-locked", "완성 더미의 기본 카드는 잠겨 있습니다"),
        ("ko", "no-redeals", "남은 재배치 없음"),
        ("el", "same-suit", "Πρέπει να είναι του ίδιου σχήματος"),
        # The seed's words, verbatim (issue 22: issue 12 had added «αμέσως»; the page's rule
        # says «αμέσως πάνω ή αμέσως κάτω», and a quotation of the app stays as the seed gives it).
        ("el", "adjacent-rank", "Πρέπει να είναι μεγαλύτερης ή μικρότερης αξίας"),
        ("el", "empty-pile", "Δεν μπορεί να τοποθετηθεί σε άδεια στοίβα"),
        ("el", "pile-full", "Αυτή η στοίβα είναι γεμάτη· επιλέξτε άλλον προορισμό"),
        ("el", "base-locked", "Η βάση του θεμελίου είναι κλειδωμένη"),
        ("el", "no-redeals", "Καμία ανακατανομή"),
        ("en", "same-suit", "Must be the same suit"),
    ],
)
def test_seed_wording_is_used(lang: str, code: str, text: str) -> None:
    assert catalogues.message(lang, f"reason.{code}") == text


def test_short_rank_labels_are_the_decided_letters() -> None:
    expected = {"en": "KQJ", "ko": "KQJ", "el": "KQJ", "fr": "RDV"}
    for lang, (k, q, j) in expected.items():
        assert [catalogues.message(lang, f"rank_short.{r}") for r in "KQJ"] == [k, q, j]
        assert catalogues.message(lang, "rank_short.T") == "10"


def test_card_names_follow_each_language() -> None:
    def name(lang: str, rank: str, suit: str) -> str:
        return catalogues.message(
            lang,
            "card",
            rank=catalogues.message(lang, f"rank.{rank}"),
            suit=catalogues.message(lang, f"suit.{suit}"),
        )

    assert name("ko", "J", "D") == "다이아몬드 잭"
    assert name("en", "A", "S") == "ace of spades"
    assert name("el", "Q", "H") == "Ντάμα κούπα"
    assert name("fr", "K", "C") == "roi de trèfle"


def test_message_formats_and_names_unknown_keys_and_missing_params() -> None:
    assert catalogues.message("en", "place.cr.pile", n=10) == "Pile 10"
    assert catalogues.message("en", "place.cr.pile", n=10, unused=1) == "Pile 10"
    with pytest.raises(KeyError) as err:
        catalogues.message("fr", "no.such.key")
    assert "no.such.key" in str(err.value) and "'fr'" in str(err.value)
    with pytest.raises(KeyError) as err:
        catalogues.message("en", "place.cr.pile")
    assert "'n'" in str(err.value) and "place.cr.pile" in str(err.value)
    with pytest.raises(KeyError) as err:
        catalogues.load("xx")
    assert "xx" in str(err.value)


def test_load_returns_an_independent_copy() -> None:
    first = catalogues.load("en")
    first["reason.same-suit"] = "changed"
    assert catalogues.load("en")["reason.same-suit"] == "Must be the same suit"


@pytest.fixture
def fake_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(catalogues, "_ROOT", str(tmp_path))
    monkeypatch.setattr(catalogues, "_CACHE", {})
    monkeypatch.setattr(catalogues, "_PARSED", {})
    monkeypatch.setattr(catalogues, "_SIMPLE", {})
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "core.json").write_text("{}", encoding="utf-8")
    (tmp_path / "__pycache__").mkdir()
    monkeypatch.setattr(catalogues, "LANGUAGES", catalogues._discover())
    return tmp_path


def test_a_key_in_two_files_of_one_language_names_both_files(fake_root: Path) -> None:
    (fake_root / "xx" / "core.json").write_text('{"a": "1", "b": "2"}', encoding="utf-8")
    (fake_root / "xx" / "ui.json").write_text('{"b": "3"}', encoding="utf-8")
    assert catalogues.LANGUAGES == ("xx",)
    with pytest.raises(ValueError, match="'b'") as err:
        catalogues.load("xx")
    text = str(err.value)
    assert "'b'" in text and "core.json" in text and "ui.json" in text


def test_bad_catalogue_files_say_what_and_where(fake_root: Path) -> None:
    path = fake_root / "xx" / "core.json"
    path.write_text('{"a": "1",\n "a": "2"}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"core\.json.*'a' appears twice"):
        catalogues.load("xx")
    catalogues._CACHE.clear()
    path.write_text('{"a": "1",\n "b": }', encoding="utf-8")
    with pytest.raises(ValueError, match=r"core.json:2: not valid JSON"):
        catalogues.load("xx")
    path.write_text('{"a": 3}', encoding="utf-8")
    with pytest.raises(ValueError, match="'a' is int"):
        catalogues.load("xx")


def test_files_of_a_language_are_merged(fake_root: Path) -> None:
    (fake_root / "xx" / "core.json").write_text('{"a": "A {x}"}', encoding="utf-8")
    (fake_root / "xx" / "ui.json").write_text('{"b": "B"}', encoding="utf-8")
    assert catalogues.load("xx") == {"a": "A {x}", "b": "B"}
    assert catalogues.message("xx", "a", x=1) == "A 1"

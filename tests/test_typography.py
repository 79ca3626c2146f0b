"""Typography and grammar applied by the catalogue formatter (catalogues/typography.py,
catalogues/korean.py): French spacing, Greek final sigma and capitals, Korean particles."""

from __future__ import annotations

import html
import re

import pytest

import catalogues
from catalogues import korean, typography

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Code de la partie:", f"Code de la partie{NBSP}:"),
        ("Gagné ! Bravo ?", f"Gagné{NNBSP}! Bravo{NNBSP}?"),
        ("a ; b", f"a{NNBSP}; b"),
        ("« talon »", f"«{NNBSP}talon{NNBSP}»"),
        ("50 %", f"50{NNBSP}%"),
        ("Quoi ?!", f"Quoi{NNBSP}?!"),
        ("http://127.0.0.1:8000/ et 10:30", "http://127.0.0.1:8000/ et 10:30"),
        (f"déjà{NBSP}: bon", f"déjà{NBSP}: bon"),
        ("l'as d'aujourd'hui", "l\u2019as d\u2019aujourd\u2019hui"),
        ("'cité' et 'x'", "'cité' et 'x'"),
    ],
)
def test_french_spacing(text: str, expected: str) -> None:
    assert typography.french(text) == expected
    assert typography.french(expected) == expected  # idempotent


def test_every_french_message_is_spaced() -> None:
    bad = {}
    for key in catalogues.load("fr"):
        names = catalogues.placeholders(catalogues.load("fr")[key])
        blocks = catalogues.messageformat.plural_blocks(catalogues.parsed("fr", key))
        params = dict.fromkeys(names, "x") | {b.name: 2 for b in blocks}
        params |= {n: ("6D" if k == "card" else "6") for n, k in catalogues.card_arguments("fr", key).items()}
        text = catalogues.message("fr", key, **params)
        if re.search(r"(?<=[^\s\u00a0\u202f/])[;!?](?=\s|$)|[^\u00a0\u202f/\d]:(?=\s|$)", text):
            bad[key] = text
    assert not bad, bad


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Κανόνες του Crescent", "ΚΑΝΟΝΕΣ ΤΟΥ CRESCENT"),
        ("Μάιος", "ΜΑΪΟΣ"),
        ("ρολόι", "ΡΟΛΟΪ"),
        ("Άσος ή Ρήγας", "ΑΣΟΣ Ή ΡΗΓΑΣ"),
        ("αϋπνία", "ΑΫΠΝΙΑ"),
        ("καΐκι", "ΚΑΪΚΙ"),
    ],
)
def test_greek_capitals_drop_accents(text: str, expected: str) -> None:
    assert catalogues.upper("el", text) == expected
    assert catalogues.upper("en", "déjà") == "DÉJÀ"


def test_greek_final_sigma() -> None:
    assert typography.greek_final_sigma("τοσ σχήματοσ, σ") == "τος σχήματος, σ"
    for key, text in catalogues.load("el").items():
        assert not re.search(r"[α-ωά-ώ]σ(?![\w{])", text), (key, text)
    from pathlib import Path

    for page in sorted(Path("docs/el").glob("*.md")):
        found = re.search(r"[\u0370-\u03ff]σ(?![\w\u0300-\u036f])", page.read_text(encoding="utf-8"))
        assert not found, (str(page), found.group(0))


@pytest.mark.parametrize(
    ("before", "pair", "expected"),
    [
        ("다이아몬드 6", "이/가", "이"),
        ("6♦", "이/가", "이"),
        ("A♠", "이/가", "가"),
        ("K♣", "을/를", "을"),
        ("Q♦", "은/는", "은"),
        ("J♥", "과/와", "과"),
        ("10", "이/가", "이"),
        ("2", "이/가", "가"),
        ("7", "으로/로", "로"),
        ("6", "으로/로", "으로"),
        ("3", "으로/로", "으로"),
        ("100", "은/는", "은"),
        ("1000", "이/가", "이"),
        ("0", "이/가", "이"),
        ("하트 7", "으로/로", "로"),
        ("스페이드 에이스", "으로/로", "로"),
        ("킹", "이/가", "이"),
        ("카드 3장(클럽 5, 하트 4)", "을/를", "을"),
        ("Crescent", "이/가", "가"),
        ("캔필드", "이나/나", "나"),
        ("CR", "이나/나", "이나"),
        ("50%", "은/는", "는"),
    ],
)
def test_korean_particles_follow_the_reading(before: str, pair: str, expected: str) -> None:
    assert korean.resolve(before, pair + " 놓습니다") == expected + " 놓습니다"


def test_korean_particles_in_messages() -> None:
    # A particle right after an argument is chosen by the argument as read.
    text = catalogues.message(
        "ko",
        "facts.cf.refill_to_foundation",
        move="첫 번째",
        column=1,
        card="6D",  # a card code: the message names it (다이아몬드 6) and the particle follows
        foundation="다이아몬드 파운데이션",
        refill="QS",
    )
    assert "다이아몬드 6이 " in text and "파운데이션으로 " in text and "스페이드 퀸으로 " in text
    # A pair after a space is text, not a particle.
    assert korean.resolve("", "이/가 뜻") == "이/가 뜻"


def test_no_punctuation_is_built_in_python() -> None:
    """The board's share labels and the lessons' labels get their colon from the catalogue
    (`punct.label`), so French gets its space and Japanese its full-width colon."""
    from pathlib import Path

    from sitegen import live
    from sitegen.markers import MarkerContext

    ctx = MarkerContext(
        path="play-crescent.md", lang="fr", docs_dir=Path("docs"), root=Path("."), line=1, ids=set(), data={}
    )
    out = html.unescape(live.board_html("crescent", "fr", ctx))
    assert f"Code de la partie{NBSP}:" in out and f"Lien vers cette donne{NBSP}:" in out
    for path in sorted(Path("sitegen").glob("*.py")):
        src = path.read_text(encoding="utf-8")
        assert not re.search(r"\{m\([^)]*\)\}:", src), f"{path}: a colon after a message"


def test_page_typesetting_leaves_markup_code_and_entities_alone() -> None:
    from sitegen.page_typography import typeset

    page = (
        '<p>Le talon : voir <a href="x?y=1">ici</a> ! Tom &amp; Jerry ; '
        "<code>a : b</code> <em>donne</em> : « oui »</p><pre>x ; y</pre>"
        "<svg><text>a : b</text></svg><!-- c : d -->"
    )
    out = typeset(page, "fr")
    assert out == (
        f'<p>Le talon{NBSP}: voir <a href="x?y=1">ici</a>{NNBSP}! Tom &amp; Jerry{NNBSP}; '
        f"<code>a : b</code> <em>donne</em>{NBSP}: «{NNBSP}oui{NNBSP}»</p><pre>x ; y</pre>"
        "<svg><text>a : b</text></svg><!-- c : d -->"
    )
    assert typeset(page, "en") == page


def test_built_french_pages_have_no_breakable_space_before_punctuation(built_site) -> None:
    from sitegen.page_typography import _PROTECTED

    bad = []
    for path in sorted((built_site / "fr").rglob("index.html")):
        text = path.read_text(encoding="utf-8")
        main = text[text.find("<article") : text.find("</article>")]
        for m in re.finditer(r" [;:!?](?=\s|<|$)", _PROTECTED.sub("<>", main)):
            bad.append((str(path.relative_to(built_site)), main and m.group(0)))
    assert main and not bad, bad[:10]


def test_a_reason_is_a_sentence_of_its_own_in_a_message() -> None:
    """`ui.moves-stopped` quotes a refusal (a sentence with its capital): never after a colon."""
    for lang in catalogues.LANGUAGES:
        reason = catalogues.message(lang, "reason.same-suit")
        text = catalogues.message(lang, "ui.moves-stopped", number=3, reason=reason)
        before = text[: text.index(reason)].rstrip(" \u00a0\u202f")
        assert before[-1] in ".。!?", (lang, text)


def test_the_canfield_win_message_names_no_crescent_pile() -> None:
    assert "완성 더미" not in catalogues.message("ko", "ui.won", moves=3)


def test_label_marker_quotes_the_sites_own_words() -> None:
    from pathlib import Path

    from sitegen import markers
    from sitegen.errors import SourceError

    docs = Path("docs")
    out = markers.expand("Choose “<!-- label: ui.button.undo -->”.", "docs/fr/x.md", "fr", docs)
    assert out == f"Choose “{catalogues.message('fr', 'ui.button.undo')}”."
    with pytest.raises(SourceError, match=r"docs/en/x.md:2: .*no message 'ui.nope'"):
        markers.expand("a\n<!-- label: ui.nope -->", "docs/en/x.md", "en", docs)
    with pytest.raises(SourceError, match="takes arguments"):
        markers.expand("<!-- label: ui.selected -->", "docs/en/x.md", "en", docs)


def test_no_korean_particle_pair_is_left_in_a_formatted_message() -> None:
    pairs = re.compile("|".join(re.escape(f"{a}/{b}") for a, b in korean.PARTICLES))
    for key, text in catalogues.load("ko").items():
        nodes = catalogues.parsed("ko", key)
        blocks = catalogues.messageformat.plural_blocks(nodes)
        params = dict.fromkeys(catalogues.placeholders(text), "다이아몬드 6") | {b.name: 2 for b in blocks}
        params |= {n: ("6D" if k == "card" else "6") for n, k in catalogues.card_arguments("ko", key).items()}
        out = catalogues.message("ko", key, **params)
        left = [m.group(0) for m in pairs.finditer(out) if m.start() and not out[m.start() - 1].isspace()]
        assert not left, (key, out)


def test_page_hook_names_permalinks_in_the_page_language_and_typesets_the_contents() -> None:
    import importlib.util
    from pathlib import Path
    from types import SimpleNamespace

    path = Path(__file__).resolve().parents[1] / "hooks" / "typography.py"
    spec = importlib.util.spec_from_file_location("typography_hook", path)
    assert spec and spec.loader
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    item = SimpleNamespace(title="Colonne ou fondation ?", children=[])
    page = SimpleNamespace(file=SimpleNamespace(src_uri="fr/canfield.md"), toc=[item])
    html = (
        '<h2 id="x">Colonne ou fondation ?<a class="headerlink" href="#x" title="Permanent link">¶</a></h2>'
    )
    out = hook.on_page_content(html, page)
    assert 'title="Lien permanent"' in out and "Permanent link" not in out
    assert item.title == f"Colonne ou fondation{NNBSP}?"
    assert f"fondation{NNBSP}?" in out

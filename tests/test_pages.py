"""The site's pages: same pages in every language, the seeds' structure kept, markers that name
real positions, examples and facts, glossary links that land, nothing loaded from elsewhere.

The seeds (the user's own pages) are copied verbatim in tests/fixtures/seeds/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import catalogues
import engine
from sitegen import diagram_marker, facts
from sitegen.markers import MARKER_RE, MarkerContext  # first: it imports diagram_marker itself
from sitegen.sources import check_name, load_position, position_line

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SEEDS = ROOT / "tests" / "fixtures" / "seeds"
LANGS = catalogues.LANGUAGES  # every catalogue language has every page
PAGES = (
    "index.md",
    "crescent.md",
    "canfield.md",
    "examples.md",
    "play-crescent.md",
    "play-canfield.md",
    "analysis-crescent.md",
    "analysis-canfield.md",
    "puzzles.md",
    "puzzles-crescent.md",
    "puzzles-canfield.md",
    "faq.md",
    "glossary.md",
    "statistics.md",
)
# Every stored game (docs/examples/*.json) has its replay on the Examples page.
EXAMPLES = tuple(
    sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "docs" / "examples").glob("*.json"))
)
MARKER_NAMES = {
    "playlink",
    "diagram",
    "factdiagram",
    "fact",
    "board",
    "replay",
    "stats",
    "lesson",
    "progress",
    "puzzles",
    "puzzlerating",
    "puzzlepicker",
    "label",
    "deal",
    "analysis",
    "layoutexample",
}

# Seed headings deliberately reworded (reported to the lead): the Greek seed calls the
# foundations both βάσεις and θεμέλια; the page uses θεμέλια (βάση is the base card).
RENAMED_HEADINGS = {"Οι βάσεις": "Τα θεμέλια"}


def page(lang: str, name: str) -> str:
    return (DOCS / lang / name).read_text(encoding="utf-8")


def seed_headings(name: str) -> list[str]:
    """Section titles of a seed: short lines without final punctuation, not list or table rows."""
    out = []
    for raw in (SEEDS / name).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line[0] in "-•|" or line[-1] in ".:’»)":
            continue
        out.append(RENAMED_HEADINGS.get(line, line))
    return out


def page_headings(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        m = re.match(r"^#{1,6}\s+(.*?)\s*(\{#[\w-]+\})?\s*$", line)
        if m:
            out.append(m.group(1))
    return out


def markers(text: str) -> list[tuple[int, str, str]]:
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for m in MARKER_RE.finditer(line):
            found.append((number, m.group(1), m.group(2).strip()))
    return found


def all_pages() -> list[tuple[str, str]]:
    return [(lang, name) for lang in LANGS for name in PAGES]


def test_every_language_has_the_same_pages() -> None:
    for lang in LANGS:
        names = {p.name for p in (DOCS / lang).glob("*.md")}
        assert names == set(PAGES), lang


@pytest.mark.parametrize(
    ("lang", "name", "seed"),
    [
        ("ko", "crescent.md", "crescent-rules.ko.txt"),
        ("el", "crescent.md", "crescent-rules.el.txt"),
        ("ko", "canfield.md", "canfield-rules.ko.txt"),
    ],
)
def test_seed_pages_keep_the_seed_headings_in_order(lang: str, name: str, seed: str) -> None:
    wanted = seed_headings(seed)
    assert len(wanted) >= 8
    # The seed's sections, then the site's own section on the other versions (issue 24) last.
    seed_part, versions, rest = page(lang, name).partition("{#versions}")
    assert versions and page_headings(seed_part)[:-1] == wanted
    assert all(line.startswith("### ") for line in rest.splitlines() if line.startswith("#"))


@pytest.mark.parametrize("name", ["crescent.md", "canfield.md"])
def test_translations_have_as_many_sections_as_the_korean_page(name: str) -> None:
    count = len(page_headings(page("ko", name)))
    for lang in ("en", "fr") + (("el",) if name == "canfield.md" else ()):
        assert len(page_headings(page(lang, name))) == count, lang


# Pages whose sections follow a seed rather than the English page.
SEED_SECTIONS = {("el", "crescent.md")}


@pytest.mark.parametrize("name", PAGES)
def test_every_translation_has_the_english_pages_sections(name: str) -> None:
    """A translation keeps every section of the English page (an edit that replaced a page's
    text with one new section once passed every other test)."""
    count = len(page_headings(page("en", name)))
    for lang in LANGS:
        if (lang, name) not in SEED_SECTIONS:
            assert len(page_headings(page(lang, name))) == count, (lang, name)


def test_seed_slips_are_fixed() -> None:
    # French letters for king and jack in the Korean and Greek seeds; mixed terms in the seeds.
    for lang in ("ko", "el"):
        for name in ("crescent.md", "canfield.md"):
            text = page(lang, name)
            assert "R♠" not in text and "V♦" not in text
    assert "재분배" not in page("ko", "crescent.md")
    assert "αναδιανομ" not in page("el", "crescent.md")
    ko_canfield = page("ko", "canfield.md")
    for slip in ("기준 카드", "컬럼", "예비 카드 더미", "버린 카드 더미", "뽑기 더미", "클로버"):
        assert slip not in ko_canfield, slip


def test_scoring_table_is_a_markdown_table_in_every_language() -> None:
    for lang in LANGS:
        rows = [line for line in page(lang, "canfield.md").splitlines() if line.startswith("|")]
        assert len(rows) == 4, lang
        assert "+5" in rows[2] and rows[3].rstrip().endswith("| 0 |"), lang


def test_seed_descriptions_are_diagrams_not_text() -> None:
    # The seeds' board descriptions ("... 맨 위는 스페이드 2, 카드 2장; ...") are generated now.
    for lang in ("ko", "el"):
        for name in ("crescent.md", "canfield.md"):
            text = page(lang, name)
            assert "카드 2장;" not in text and "1열: 클럽 6" not in text
    kinds = [m[1] for m in markers(page("ko", "crescent.md"))]
    assert kinds.count("diagram") >= 4 and kinds.count("factdiagram") == 3
    kinds = [m[1] for m in markers(page("ko", "canfield.md"))]
    assert kinds.count("diagram") >= 1 and kinds.count("factdiagram") == 3


@pytest.mark.parametrize(("lang", "name"), all_pages())
def test_markers_are_well_formed_and_name_what_exists(lang: str, name: str) -> None:
    text = page(lang, name)
    ctx = MarkerContext(path=f"docs/{lang}/{name}", lang=lang, docs_dir=DOCS, root=ROOT)
    for number, kind, args in markers(text):
        where = f"docs/{lang}/{name}:{number}"
        assert kind in MARKER_NAMES, where
        if kind == "diagram":
            spec = diagram_marker.parse(args, ctx)
            source, at, step = spec.source.partition("@")
            if at:
                assert step.isdigit(), where
                assert (DOCS / "examples" / f"{source}.json").is_file(), f"{where}: no example {source}"
            else:
                assert (DOCS / "positions" / f"{source}.json").is_file(), f"{where}: no position {source}"
        elif kind in ("fact", "factdiagram"):
            example, dot, key = args.split()[0].partition(".")
            assert dot, where
            if example == "reason":
                assert key in engine.REASONS, where
                continue
            assert key in facts.FACTS, where
            assert example in EXAMPLES, where
            assert (DOCS / "examples" / f"{example}.json").is_file(), f"{where}: no example {example}"
        elif kind == "replay":
            assert args in EXAMPLES, where
            assert (DOCS / "examples" / f"{args}.json").is_file(), f"{where}: no example {args}"
        elif kind == "board":
            assert args in ("crescent", "canfield"), where
        elif kind == "playlink":
            assert engine.new_game(args).code == args, where
        elif kind == "stats":
            assert args in ("table", "chart", "sample", "times", "crosscheck"), where
        elif kind == "lesson":
            assert (DOCS / "lessons" / f"{args}.json").is_file(), f"{where}: no lesson {args}"
        elif kind == "puzzles":
            assert args in ("crescent", "canfield"), where
        elif kind == "progress":
            assert args == "summary", where
        elif kind == "deal":
            from sitegen import deal_facts

            game, _, count = args.partition(".")
            assert count in deal_facts.COUNTS.get(game, {}), f"{where}: no deal count {args}"
        elif kind == "label":
            assert args in catalogues.load(lang), f"{where}: no message {args}"
            assert not catalogues.placeholders(catalogues.load(lang)[args]), where


def test_pages_carry_their_markers() -> None:
    for lang in LANGS:
        assert ("board", "crescent") in [(k, a) for _, k, a in markers(page(lang, "play-crescent.md"))]
        assert ("board", "canfield") in [(k, a) for _, k, a in markers(page(lang, "play-canfield.md"))]
        replays = {a for _, k, a in markers(page(lang, "examples.md")) if k == "replay"}
        assert replays == set(EXAMPLES), lang
        stats = {a for _, k, a in markers(page(lang, "statistics.md")) if k == "stats"}
        assert stats == {"table", "chart", "sample", "times", "crosscheck"}, lang
        # The method paragraph keeps figures out of the prose (they come from the markers):
        # the only percentage is the confidence level.
        prose = re.sub(r"<!--.*?-->", "", page(lang, "statistics.md"))
        assert re.findall(r"(\d+(?:[.,]\d+)?)\s*%", prose) == ["95"], lang


def test_same_markers_in_every_language() -> None:
    for name in PAGES:
        reference = [(k, a) for _, k, a in markers(page("en", name))]
        for lang in LANGS:
            assert [(k, a) for _, k, a in markers(page(lang, name))] == reference, (lang, name)


def _anchors(text: str) -> set[str]:
    return set(re.findall(r"\{#([\w-]+)\}", text))


def test_glossary_anchors_are_the_same_in_every_language() -> None:
    reference = _anchors(page("en", "glossary.md"))
    for term in (
        "pile",
        "foundation",
        "base-card",
        "redeal",
        "reserve",
        "stock",
        "waste",
        "column",
        "run",
        "start-rank",
        "game-code",
        "draw-1",
        "draw-3",
    ):
        assert term in reference
    for lang in LANGS:
        assert _anchors(page(lang, "glossary.md")) == reference, lang


LINK_RE = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize(("lang", "name"), all_pages())
def test_links_are_relative_and_land(lang: str, name: str) -> None:
    anchors = _anchors(page(lang, "glossary.md"))
    for target in LINK_RE.findall(page(lang, name)):
        if target.startswith(("http://", "https://")):
            assert re.match(r"https://[a-z]+\.wikipedia\.org/", target), target
            continue
        path, _, anchor = target.partition("#")
        if path:
            assert "/" not in path and path in PAGES, (lang, name, target)
        if anchor and (path or name) == "glossary.md":
            assert anchor in anchors, (lang, name, target)


def test_rules_pages_link_their_terms_to_the_glossary() -> None:
    for lang in LANGS:
        for name, terms in (
            ("crescent.md", {"pile", "foundation", "base-card", "redeal"}),
            (
                "canfield.md",
                {"reserve", "stock", "waste", "column", "run", "start-rank", "base-card", "foundation"},
            ),
        ):
            linked = set(re.findall(r"glossary\.md#([\w-]+)", page(lang, name)))
            assert terms <= linked, (lang, name, terms - linked)


@pytest.mark.parametrize(("lang", "name"), all_pages())
def test_nothing_is_loaded_from_another_host(lang: str, name: str) -> None:
    text = page(lang, name)
    assert not re.search(r"!\[[^\]]*\]\(\s*(https?:)?//", text)
    assert not re.search(r"<(img|script|iframe|link|source|video|audio)\b", text, re.IGNORECASE)
    assert len(re.findall(r"https?://", text)) <= 1


def test_faq_carries_the_whole_specification_in_every_language() -> None:
    spec = (ROOT / "engine" / "CODES.md").read_text(encoding="utf-8")
    vectors = re.findall(r"0x[0-9a-fA-F]{16}", spec)
    assert len(vectors) >= 10
    code_blocks = re.findall(r"(?m)^    \S.*$", spec)
    for lang in LANGS:
        faq = page(lang, "faq.md")
        for vector in vectors:
            assert vector in faq, (lang, vector)
        for line in code_blocks:
            # The pseudo-code is kept as written, except its two lines in words (translated).
            if "number of cards" in line or "read as a big-endian number" in line:
                continue
            assert line in faq, (lang, line)


# ---------------------------------------------------------------------------------------
# Positions


def position_files() -> list[Path]:
    return sorted((DOCS / "positions").glob("*.json"))


def test_there_are_positions() -> None:
    assert len(position_files()) >= 4


@pytest.mark.parametrize("path", position_files(), ids=lambda p: p.stem)
def test_position_is_accepted_by_the_engine_and_used(path: Path) -> None:
    assert check_name(path.stem)
    state = json.loads(path.read_text(encoding="utf-8"))
    line = position_line(DOCS, path.stem)
    if line is not None:
        # A line from a deal (a version's figure): its code names a version, every move legal.
        game = engine.new_game(line[0])
        assert line[0] == engine.normalise_code(line[0])
        for move in line[1]:
            assert game.check(move) is None, (path.name, move)
            game.play(move)
        assert load_position(DOCS, path.stem) == game.state()
    else:
        game = engine.from_state(state)
        assert game.state() == state  # stored exactly as the engine writes it back
    used = any(
        f"diagram: {path.stem} " in page(lang, name) or f"diagram: {path.stem} -->" in page(lang, name)
        for lang, name in all_pages()
    )
    assert used, f"{path.name} is not drawn by any page"


def _diagram_specs() -> list[tuple[str, str, str, str]]:
    out = []
    for lang, name in all_pages():
        for number, kind, args in markers(page(lang, name)):
            if kind == "diagram" and "@" not in args.split()[0]:
                out.append((f"docs/{lang}/{name}:{number}", lang, name, args))
    return out


# What each position's refused move must be refused for (the page's text says so).
REFUSALS = {
    "crescent-full-pile": "pile-full",
    "crescent-same-suit": "same-suit",
    "crescent-empty-pile": "empty-pile",
    "version-canfield-classic": "no-take-backs",
    "version-rainfall": "no-passes",
    "version-storehouse": "same-suit",
    "version-solvitaire-canfield": "partial-run",
}


@pytest.mark.parametrize(("where", "lang", "name", "args"), _diagram_specs(), ids=str)
def test_position_diagrams_show_what_the_text_says(where: str, lang: str, name: str, args: str) -> None:
    ctx = MarkerContext(path=where, lang=lang, docs_dir=DOCS, root=ROOT)
    spec = diagram_marker.parse(args, ctx)
    game = engine.from_state(load_position(DOCS, spec.source))
    if spec.highlight is None:
        return
    src, dst = spec.highlight
    if spec.refused:
        # The move a drag from src onto dst plays (the stock onto the waste: a draw).
        assert game.check(engine.drop(game, src, dst)) == REFUSALS[spec.source], where
    else:
        # A highlighted move that is not refused is one the player can make (a run may move).
        legal = game.legal_moves()
        assert any(re.fullmatch(rf"{src}(:\d+)?>{dst}", m) for m in legal), where

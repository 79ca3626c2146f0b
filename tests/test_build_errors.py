"""Bad build inputs stop the build with `path:line: message` (markers, positions, examples)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen import markers
from sitegen.errors import SourceError
from sitegen.sources import load_example, load_position, verify_example
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
MARKER_DOCS = FIXTURES / "markers"  # positions/ and examples/ for these tests


def expand(markdown: str, *, first_line: int = 1) -> str:
    return markers.expand(markdown, "docs/xx/page.md", "en", MARKER_DOCS, first_line=first_line)


def error_of(markdown: str, **kwargs: int) -> SourceError:
    with pytest.raises(SourceError) as info:
        expand(markdown, **kwargs)
    return info.value


def test_text_without_markers_is_unchanged() -> None:
    text = "# Title\n\nSome <!-- plain comment without colon --> text.\n"
    assert expand(text) == text


@pytest.mark.parametrize(
    ("markdown", "line", "words"),
    [
        ("# T\n\n<!-- diagrm: opening -->\n", 3, ["unknown marker 'diagrm'", "diagram"]),
        ("# T\n\ntext\n\n<!-- TODO: later -->\n", 5, ["unknown marker 'TODO'"]),
        (
            "<!-- diagram: no-such-position -->",
            1,
            ["unknown diagram id 'no-such-position'", "docs/positions/no-such-position.json"],
        ),
        (
            "\n<!-- diagram: no-such-example@3 -->",
            2,
            ["unknown diagram id", "docs/examples/no-such-example.json"],
        ),
        ("<!-- diagram: short@9 -->", 1, ["only 2 actions"]),
        ("<!-- diagram: short@x -->", 1, ["malformed diagram id"]),
        ("<!-- diagram: ../etc/passwd -->", 1, ["malformed diagram id"]),
        ("<!-- diagram: -->", 1, ["without an id"]),
        ("<!-- diagram: opening highlight=10-14 -->", 1, ["malformed option 'highlight=10-14'"]),
        ("<!-- diagram: opening size=huge -->", 1, ["size is small or large"]),
        ("<!-- diagram: opening colour=red -->", 1, ["unknown or malformed diagram option 'colour=red'"]),
        ("<!-- diagram: opening fan=1,,2 -->", 1, ["malformed option 'fan=1,,2'"]),
        ("<!-- diagram: opening refused -->", 1, ["refused option needs a highlight"]),
        ("See <!-- diagram: opening --> here", 1, ["must stand alone on its line"]),
    ],
)
def test_marker_errors_name_file_and_line(markdown: str, line: int, words: list[str]) -> None:
    error = error_of(markdown)
    assert (error.path, error.line) == ("docs/xx/page.md", line)
    assert str(error).startswith(f"docs/xx/page.md:{line}: ")
    for word in words:
        assert word in str(error)


def test_line_numbers_count_the_front_matter() -> None:
    assert error_of("# T\n<!-- nope: x -->", first_line=5).line == 6


def test_markers_in_fenced_code_are_left_alone() -> None:
    text = "```html\n<!-- diagram: no-such-position -->\n```\n"
    assert expand(text) == text


def test_malformed_position_json_names_its_own_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "positions").mkdir()
    (tmp_path / "positions" / "bad.json").write_text('{\n  "game": "crescent",\n  "piles": [,]\n}\n')
    with pytest.raises(SourceError) as info:
        load_position(tmp_path, "bad", tmp_path)
    assert (info.value.path, info.value.line) == ("positions/bad.json", 3)
    assert "malformed JSON" in info.value.message


def test_impossible_position_is_refused_by_the_engine() -> None:
    with pytest.raises(SourceError) as info:
        load_position(MARKER_DOCS, "impossible", ROOT)
    assert info.value.path == "tests/fixtures/markers/positions/impossible.json"
    assert "impossible position" in info.value.message and "bad-card" in info.value.message


def test_malformed_example_json() -> None:
    with pytest.raises(SourceError) as info:
        load_example(MARKER_DOCS, "broken", ROOT)
    assert info.value.path.endswith("examples/broken.json") and info.value.line == 3


def test_illegal_example_move_names_its_line() -> None:
    with pytest.raises(SourceError) as info:
        load_example(MARKER_DOCS, "illegal", ROOT)
    # "moves": [ on line 3, first move on line 4, the illegal second move on line 5
    assert info.value.line == 5
    assert "move 2 '16>16' is illegal" in info.value.message


def test_example_must_end_won() -> None:
    example = load_example(MARKER_DOCS, "short", ROOT)
    assert len(example.states) == 3 and example.states[0]["moves"] == 0
    with pytest.raises(SourceError) as info:
        verify_example(MARKER_DOCS, "short", ROOT)
    assert "not 'won'" in info.value.message and info.value.line == 5


def test_diagram_ids_must_be_unique_on_a_page() -> None:
    ctx = markers.MarkerContext(path="docs/xx/page.md", lang="en", docs_dir=MARKER_DOCS, line=7)
    ctx.claim_id("opening")
    with pytest.raises(SourceError) as info:
        ctx.claim_id("opening")
    assert str(info.value).startswith("docs/xx/page.md:7: ") and "used twice" in str(info.value)


def _fixture_docs(tmp_path: Path) -> Path:
    """The fixture site, with the English fixture pages standing in for every language whose
    catalogue exists but that the fixture lacks (the build wants pages for each catalogue)."""
    import catalogues

    docs = tmp_path / "docs"
    shutil.copytree(FIXTURES / "docs", docs)
    for lang in catalogues.LANGUAGES:
        if not (docs / lang).exists():
            shutil.copytree(FIXTURES / "docs" / "en", docs / lang)
    return docs


@pytest.mark.slow
def test_unknown_diagram_reference_fails_the_whole_build(tmp_path: Path) -> None:
    docs = _fixture_docs(tmp_path)
    page = docs / "fr" / "canfield.md"
    page.write_text(
        "---\ntitle: Règles\n---\n# Règles\n\nTexte.\n\n<!-- diagram: nowhere@2 -->\n", encoding="utf-8"
    )
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "build.py"),
            "--docs-dir",
            str(docs),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,  # the assertions below read its return code and output
    )
    assert result.returncode == 1, result.stdout + result.stderr
    # Line 8 of the file: the three lines of front matter count. The path is shown relative
    # to the directory the build runs in.
    assert "docs/fr/canfield.md:8: unknown diagram id 'nowhere@2'" in result.stderr


@pytest.mark.slow
def test_broken_link_fails_the_strict_build_with_its_line(tmp_path: Path) -> None:
    docs = _fixture_docs(tmp_path)
    page = docs / "ko" / "faq.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n[용어집](glossary.md#no-such-term)\n", encoding="utf-8"
    )
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "build.py"),
            "--docs-dir",
            str(docs),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,  # the assertions below read its return code and output
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "docs/ko/faq.md:5: " in result.stderr and "#no-such-term" in result.stderr

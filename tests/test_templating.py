"""sitegen/templating.py: the build's HTML templates escape as the build always did, fail on a
missing value with the template's file and line, and come out as one line."""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import pytest
from jinja2 import TemplateSyntaxError
from markupsafe import Markup

from sitegen import markers, templating
from sitegen.errors import SourceError
from tests.conftest import ROOT


def _m(key: str, **params: object) -> str:
    return f"<{key}>"


def test_a_value_is_escaped_as_html_escape_does() -> None:
    nasty = """<a href="x">'&"""
    out = templating.render("play/verdict.html", m=lambda key, **p: nasty)
    assert html.escape(nasty, quote=True) in out
    assert "&#x27;" in out and "&quot;" in out  # not markupsafe's &#39; / &#34;
    assert nasty not in out


def test_html_given_as_markup_is_kept_as_it_is() -> None:
    svg = '<svg data-x="1"><title>a &amp; b</title></svg>'
    out = templating.render(
        "figure.html",
        size="large",
        ident="i",
        state_attribute=Markup(""),
        picture=templating.safe(svg),
        summary="s",
        desc_id="d",
        description="t",
    )
    assert f'<div class="diagram-svg">{svg}</div>' in out


def test_a_template_s_lines_are_joined() -> None:
    out = templating.render("play/verdict.html", m=_m)
    assert "\n" not in out
    assert out.startswith('<div class="cc-verdict" data-role="verdict-box" data-search-exclude><span ')
    assert "</span> <output" in out  # the {{ " " }} at the line's end


def test_a_missing_value_names_the_template_and_its_line() -> None:
    # play/verdict.html: line 3 is the first that reads `m`.
    with pytest.raises(SourceError) as info:
        templating.render("play/verdict.html")
    assert str(info.value) == "sitegen/templates/play/verdict.html:3: 'm' is undefined"
    # Line 11 (`{% if dialog.app %}`), after lines that were filled: the lines are counted
    # as the file has them, though the output joins them.
    with pytest.raises(SourceError) as info:
        templating.render("play/dialog.html", m=_m, ident="b")
    assert str(info.value) == "sitegen/templates/play/dialog.html:11: 'dialog' is undefined"


def test_a_tag_across_two_lines_is_refused() -> None:
    with pytest.raises(TemplateSyntaxError, match="spans two lines"):
        templating.environment().from_string("<p>{% if a\n %}x{% endif %}</p>")


@pytest.mark.parametrize(
    "name",
    sorted(p.relative_to(templating.TEMPLATES).as_posix() for p in templating.TEMPLATES.rglob("*.html")),
)
def test_every_template_compiles(name: str) -> None:
    templating.environment().get_template(name)


def test_json_script_cannot_be_ended_by_its_content() -> None:
    out = templating.json_script("x", {"a": "</script><b>&"})
    assert out.count("</script>") == 1 and "<b>" not in out and "&" not in out.split(">", 1)[1]


def test_a_marker_whose_template_lacks_a_value_fails_with_the_template_s_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the markers, as the build runs them: the error names the template, not the page."""
    folder = tmp_path / "templates"
    shutil.copytree(templating.TEMPLATES, folder)
    board = folder / "board.html"
    lines = board.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines, 1) if 'm("ui.button.hint")' in line)
    lines[number - 1] = lines[number - 1].replace('m("ui.button.hint")', "m(hint_key)")
    board.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(templating, "TEMPLATES", folder)
    templating.environment.cache_clear()
    try:
        with pytest.raises(SourceError) as info:
            markers.expand("<!-- board: crescent -->", "docs/en/play-crescent.md", "en", ROOT / "docs")
    finally:
        templating.environment.cache_clear()
    assert str(info.value) == f"sitegen/templates/board.html:{number}: 'hint_key' is undefined"


# The f-strings in sitegen/ that may still hold a tag: json_script's one element (the primitive
# the templates themselves call) and the sitemap, which is XML with XML's escaping, not a page.
F_STRING_TAGS_ALLOWED = {("sitegen/templating.py", "json_script"), ("sitegen/deploy.py", "sitemap")}


def _f_strings_with_tags(path: Path) -> list[tuple[str, int]]:
    """(enclosing function, line) of every f-string of `path` whose literal text holds a tag."""
    import ast
    import re

    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if re.search(r"</?[A-Za-z]", text):
                found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_sitegen_writes_no_html_with_f_strings() -> None:
    """Build-time HTML comes from the templates (issue 26 item 3), not from f-strings."""
    offending = [
        f"{rel}:{line} ({function or 'module'})"
        for path in sorted((ROOT / "sitegen").rglob("*.py"))
        for rel in [path.relative_to(ROOT).as_posix()]
        for function, line in _f_strings_with_tags(path)
        if (rel, function) not in F_STRING_TAGS_ALLOWED
    ]
    assert not offending, offending

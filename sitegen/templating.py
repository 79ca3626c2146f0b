"""Build-time HTML from the Jinja2 templates in sitegen/templates/ (Jinja2 ships with MkDocs).

`render(template, **values)` fills one template. The environment:
- escapes every `{{ value }}` as `html.escape(..., quote=True)` does (the escaping the build's
  HTML always had: `&quot;` and `&#x27;`), unless the value is already HTML: `Markup`, which
  the caller gives for what it trusts (an SVG from diagrams/, a fragment another template made,
  `json_script`'s text);
- fails on a missing value (StrictUndefined): `SourceError` with the template's path and line,
  `sitegen/templates/board.html:12: 'code' is undefined`, which stops the build like any bad input;
- joins each template's lines: a line's leading and trailing whitespace and its line break are
  not output, so a template is written one element a line, indented, and still makes the one-line
  HTML the pages need (Markdown keeps raw HTML only as one block without blank lines, and the
  JS and the tests read it as it is). Whatever the output should hold at a line's edge is written
  as a value: `{{ " " }}`, `{{ "\\n" }}`. No tag may span two lines (`{% if a and b %}` stays on
  one), and a start tag's attributes stay on its line.
"""

from __future__ import annotations

import html
import json
import traceback
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateSyntaxError, UndefinedError
from jinja2.ext import Extension
from markupsafe import Markup

from sitegen.errors import SourceError

TEMPLATES = Path(__file__).resolve().parent / "templates"


class _JoinLines(Extension):
    """See the module's docstring. The line breaks go into Jinja comments, so that the template's
    line numbers (in errors) stay those of the file while the output has none."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        lines = source.split("\n")
        for number, line in enumerate(lines, 1):
            for opening, closing in (("{{", "}}"), ("{%", "%}"), ("{#", "#}")):
                if line.count(opening) != line.count(closing):
                    raise TemplateSyntaxError(
                        f"a {opening} ... {closing} spans two lines (a template's lines are joined:"
                        " sitegen/templating.py)",
                        number,
                        name,
                        filename,
                    )
        return "{#\n#}".join(line.strip() for line in lines)


def _escape(value: object) -> Markup:
    if hasattr(value, "__html__"):
        return Markup(value)
    return Markup(html.escape(str(value), quote=True))


def json_script(role: str, data: Any) -> Markup:
    """A `<script type="application/json">`; `<`, `>` and `&` escaped so no text ends it early.
    (sitegen/lightpage.py finds these by their exact form.)"""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" data-role="{html.escape(role)}">{text}</script>')


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        finalize=_escape,
        extensions=[_JoinLines],
        keep_trailing_newline=False,
    )
    env.globals["json_script"] = json_script
    return env


def _where(error: BaseException, name: str) -> tuple[str, int]:
    """The template file and line an error came from (Jinja2 writes the template's own file and
    line into the traceback), the innermost template frame first."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        if path.suffix == ".html" and TEMPLATES in path.parents:
            return f"sitegen/templates/{path.relative_to(TEMPLATES).as_posix()}", frame.lineno or 0
    return f"sitegen/templates/{name}", 0


def render(template: str, /, **values: Any) -> Markup:
    """The template `template` (a file in sitegen/templates/) filled with `values`, as HTML."""
    try:
        return Markup(environment().get_template(template).render(**values))
    except UndefinedError as e:
        path, line = _where(e, template)
        raise SourceError(path, line, str(e)) from None
    except TemplateSyntaxError as e:
        raise SourceError(f"sitegen/templates/{e.name or template}", e.lineno, e.message or str(e)) from None


def safe(text: str) -> Markup:
    """HTML the build made itself (an SVG from diagrams/, a fragment of another template), given
    to a template as it is, not escaped."""
    return Markup(text)

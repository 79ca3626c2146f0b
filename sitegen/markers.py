"""Markers in pages: `<!-- NAME: ARGS -->`, expanded into HTML or text at build time.

Every `<!-- word: ... -->` outside fenced code is a marker: a name nobody registered (a typo such
as `diagrm`) fails the build just like an unknown id, with `path:line: message`. Handlers get
the marker's arguments, the page's language and a MarkerContext (where the marker is, the
docs folder, the ids already used on the page) and return the text that replaces it.

Block markers (diagram, board, replay, tryit) must stand alone on their line; their HTML is
surrounded by blank lines so that Markdown keeps it as raw HTML. Inline markers (fact, label, deal) may sit
inside a sentence.

Two things keep builds fast (the hooks use both; a plain `expand()` call returns final HTML):
- `stash`: block HTML is put aside and an empty placeholder element goes through Markdown
  instead; the hook puts the HTML back into the finished page (`unstash`). Markdown's raw-HTML
  parser and the search indexer then never walk the inline SVGs (which the search must not
  index anyway).
- `memo`: a handler's output is remembered for (marker, arguments, language, page, the contents
  of the stored examples, positions and statistics). Only `--serve` rebuilds in the same process
  hit it (a new process, or edited code, starts empty); ids a handler claimed on its page are
  claimed again on a hit, so duplicates are still caught.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from sitegen import (
    analysis,
    deal_facts,
    diagram_marker,
    facts,
    labels,
    lessons,
    live,
    play,
    progress,
    puzzles,
    replay,
    stats,
    tryit,
)
from sitegen.context import Handler, MarkerContext
from sitegen.errors import SourceError

MARKER_RE = re.compile(r"<!--\s*([A-Za-z][\w-]*)\s*:(.*?)-->")
FENCE_RE = re.compile(r"^\s*(```+|~~~+)")


@dataclass(frozen=True)
class Registration:
    handler: Handler
    block: bool


REGISTRY: dict[str, Registration] = {}


def register(name: str, handler: Handler, *, block: bool) -> None:
    REGISTRY[name] = Registration(handler, block)


STASH_ELEMENT = '<div data-sitegen-stash="{key}"></div>'
STASH_RE = re.compile(r'<div data-sitegen-stash="([^"]+)"></div>')

_memo: dict[tuple[str, ...], tuple[str, frozenset[str]]] = {}


def inputs_signature(docs_dir: Path, root: Path | None) -> str:
    """Names, sizes and mtimes of every data file a marker handler may read."""
    paths = sorted(
        [
            *docs_dir.glob("examples/*.json"),
            *docs_dir.glob("positions/*.json"),
            *docs_dir.glob("lessons/*.json"),
            *docs_dir.glob("puzzles/*.json"),
            *((root or docs_dir.parent) / "data" / "stats").glob("summary.json"),
        ]
    )
    digest = hashlib.sha256()
    for p in paths:
        st = p.stat()
        digest.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def unstash(html: str, stash: dict[str, str]) -> str:
    """Puts the stashed block HTML back in place of its placeholders."""
    return STASH_RE.sub(lambda m: stash.get(m.group(1), m.group(0)), html)


def expand(
    markdown: str,
    path: str,
    lang: str,
    docs_dir: Path,
    *,
    root: Path | None = None,
    first_line: int = 1,
    stash: dict[str, str] | None = None,
    memo: bool = False,
    url: str | None = None,
) -> str:
    """Replace every marker in `markdown` (whose first line is line `first_line` of `path`).

    With `stash`, block markers become placeholders and their HTML goes into `stash`.
    With `memo`, handler outputs are reused across calls (see the module's docstring)."""
    ctx = MarkerContext(path=path, lang=lang, docs_dir=docs_dir, root=root, url=url)
    ctx.data["_stash"] = stash
    ctx.data["_memo"] = inputs_signature(docs_dir, root) if memo else None
    out: list[str] = []
    fence: str | None = None
    for offset, line in enumerate(markdown.split("\n")):
        fm = FENCE_RE.match(line)
        if fm:
            mark = fm.group(1)
            if fence is None:
                fence = mark[0] * 3
            elif mark.startswith(fence):
                fence = None
            out.append(line)
            continue
        if fence is not None or "<!--" not in line:
            out.append(line)
            continue
        ctx.line = first_line + offset
        out.append(_expand_line(line, ctx))
    return "\n".join(out)


def _expand_line(line: str, ctx: MarkerContext) -> str:
    matches = list(MARKER_RE.finditer(line))
    if not matches:
        return line
    pieces: list[str] = []
    last = 0
    for m in matches:
        name, args = m.group(1), m.group(2).strip()
        reg = REGISTRY.get(name)
        if reg is None:
            known = ", ".join(sorted(REGISTRY))
            ctx.fail(f"unknown marker {name!r} (known markers: {known})")
        if reg.block and (line[: m.start()].strip() or line[m.end() :].strip()):
            ctx.fail(f"the {name!r} marker must stand alone on its line")
        text = _run(name, args, reg, ctx)
        if reg.block:
            # Raw HTML survives Markdown only as one block: no blank line inside, blank around.
            text = "\n".join(part for part in text.split("\n") if part.strip())
            stash = ctx.data.get("_stash")
            if stash is not None:
                key = str(len(stash))
                stash[key] = text
                text = STASH_ELEMENT.format(key=key)
            text = f"\n\n{text}\n\n"
        pieces.append(line[last : m.start()])
        pieces.append(text)
        last = m.end()
    pieces.append(line[last:])
    return "".join(pieces)


def _fact_diagram(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- factdiagram: EXAMPLE.FACT -->`: the diagram of the example step a fact describes.

    sitegen/facts.py knows which step (and which move to highlight) a fact is about:
    `fact_diagram(args, lang, ctx)` returns diagram-marker arguments such as
    "crescent-example@10 highlight=10>14", drawn here like any `<!-- diagram: ... -->`.
    """
    diagram_args = facts.fact_diagram(args, lang, ctx)
    return diagram_marker.diagram_html(diagram_args, lang, ctx)


def _run(name: str, args: str, reg: Registration, ctx: MarkerContext) -> str:
    signature = ctx.data.get("_memo")
    key = (name, args, ctx.lang, ctx.path, str(ctx.docs_dir), signature or "")
    if signature and key in _memo:
        text, claimed = _memo[key]
        for ident in sorted(claimed):
            ctx.claim_id(ident)
        return text
    handler = reg.handler
    before = set(ctx.ids)
    try:
        text = handler(args, ctx.lang, ctx)
    except SourceError:
        raise
    except (ValueError, KeyError, LookupError) as e:
        ctx.fail(f"{name}: {e}")
    if signature:
        if len(_memo) > 4096:  # many edits in a long --serve session: start afresh
            _memo.clear()
        _memo[key] = (text, frozenset(ctx.ids - before))
    return text


def _register_defaults() -> None:
    register("diagram", diagram_marker.diagram_html, block=True)
    register("factdiagram", _fact_diagram, block=True)
    register("board", live.board_html, block=True)
    register("analysis", analysis.analysis_html, block=True)
    register("layoutexample", analysis.layout_example_html, block=True)
    register("replay", replay.replay_html, block=True)
    register("tryit", tryit.tryit_html, block=True)
    register("fact", facts.fact_text, block=False)
    register("label", labels.label_text, block=False)
    register("playlink", play.play_link, block=False)
    register("deal", deal_facts.deal_text, block=False)
    register("stats", stats.stats_html, block=True)
    register("lesson", lessons.lesson_html, block=True)
    register("progress", progress.progress_html, block=True)
    register("puzzles", puzzles.puzzles_html, block=True)
    register("puzzlerating", puzzles.rating_rule_text, block=False)
    register("puzzlepicker", puzzles.picker_html, block=True)


_register_defaults()

"""Where a page quotes the user's seed pages, the seed's words stay verbatim.

The seeds (`tests/fixtures/seeds/`, copies of `../shared/spec/*.txt`) quote the app's own
messages: «Πρέπει να είναι του ίδιου σχήματος», ‘같은 무늬여야 합니다’, "3장". The page built
from a seed says the same thing, and it says it through the catalogue (`<!-- fact: reason.X -->`,
`<!-- label: KEY -->`), so what the page quotes is also what the board shows. This test renders
each seed page's inline markers as the build does and checks that every quoted sentence of the
seed appears, word for word, in the page's text, and that each quote the page takes from the
catalogue is a message the board really uses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import catalogues
from sitegen.markers import MARKER_RE, REGISTRY, expand

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SEEDS = ROOT / "tests" / "fixtures" / "seeds"

# (language, page, seed): the pages written from a seed.
SEED_PAGES = (
    ("el", "crescent.md", "crescent-rules.el.txt"),
    ("ko", "crescent.md", "crescent-rules.ko.txt"),
    ("ko", "canfield.md", "canfield-rules.ko.txt"),
)

# A quotation in a seed: «…» (Greek), ‘…’ (Korean), "…" (Korean settings).
_QUOTE = re.compile(r"«([^«»]+)»|‘([^‘’]+)’|\"([^\"]+)\"")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def seed_quotes(seed: str) -> list[str]:
    text = (SEEDS / seed).read_text(encoding="utf-8")
    return [next(g for g in m.groups() if g) for m in _QUOTE.finditer(text)]


def rendered_text(lang: str, name: str) -> str:
    """The page's prose with its inline markers (facts, labels) filled in as the build fills
    them; block markers (boards, lessons) are dropped, Markdown links keep their text."""
    lines = []
    for number, line in enumerate((DOCS / lang / name).read_text(encoding="utf-8").split("\n"), 1):
        names = [m.group(1) for m in MARKER_RE.finditer(line)]
        if any(REGISTRY[n].block for n in names):
            continue
        text = (
            expand(line, f"docs/{lang}/{name}", lang, DOCS, root=ROOT, first_line=number) if names else line
        )
        lines.append(_LINK.sub(r"\1", text).replace("**", ""))
    return "\n".join(lines)


def test_the_seeds_quote_something() -> None:
    # The Greek seed quotes the app's six messages; the Korean seeds five and five.
    assert len(seed_quotes("crescent-rules.el.txt")) == 6
    assert len(seed_quotes("crescent-rules.ko.txt")) == 6
    assert len(seed_quotes("canfield-rules.ko.txt")) == 5


@pytest.mark.parametrize(("lang", "name", "seed"), SEED_PAGES)
def test_every_seed_quote_is_verbatim_on_its_page(lang: str, name: str, seed: str) -> None:
    text = rendered_text(lang, name)
    missing = [q for q in seed_quotes(seed) if q not in text]
    assert not missing, f"docs/{lang}/{name} does not quote the seed {seed} verbatim: {missing}"


# The Crescent seeds quote the app's messages; the Canfield seed's quotes ("3장", "어려움") are
# the words of the app's draw setting, which this site's dialog words differently ("3장, 어려움"),
# so that page writes them out and only the verbatim check applies.
@pytest.mark.parametrize(("lang", "name", "seed"), [p for p in SEED_PAGES if p[1] == "crescent.md"])
def test_the_quotes_are_what_the_board_says(lang: str, name: str, seed: str) -> None:
    """A seed quote the page fills from the catalogue is that catalogue message exactly, so the
    board (which shows the same key) says the seed's words too."""
    messages = catalogues.load(lang)
    page = (DOCS / lang / name).read_text(encoding="utf-8")
    quoted = {}
    for m in MARKER_RE.finditer(page):
        kind, args = m.group(1), m.group(2).strip()
        if (kind == "fact" and args.startswith("reason.")) or kind == "label":
            quoted[args] = messages[args]
    for quote in seed_quotes(seed):
        keys = [k for k, v in quoted.items() if v == quote]
        assert keys, f"{seed}: «{quote}» is not a catalogue message quoted on docs/{lang}/{name}"


def test_a_changed_quote_is_caught() -> None:
    # The check itself: the Greek page with one word added to a quote no longer passes.
    text = rendered_text("el", "crescent.md")
    quote = "Πρέπει να είναι μεγαλύτερης ή μικρότερης αξίας"
    assert quote in text
    assert quote not in text.replace(quote, "Πρέπει να είναι αμέσως μεγαλύτερης ή μικρότερης αξίας")


def test_the_redeal_button_is_quoted_with_its_own_label() -> None:
    # The seeds say the button shows «Καμία ανακατανομή» / ‘남은 재배치 없음’ when no redeal is
    # left, so the page quotes the button's label, not the refusal message (in German and
    # Japanese the two differ: „Keine Neuverteilung mehr“ on the button, „… mehr übrig“ as the
    # refusal). Every language's page has the same markers (test_pages.py).
    for lang in catalogues.LANGUAGES:
        page = (DOCS / lang / "crescent.md").read_text(encoding="utf-8")
        assert "<!-- label: ui.no-redeals -->" in page, lang

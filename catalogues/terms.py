"""Terminology tables: one word per thing, per language (`catalogues/<lang>/terms.json`).

The glossary page of a language shows the preferred terms (tests/test_terms.py checks each
glossary heading against the table), and the same test fails when a forbidden synonym appears in
that language's pages, catalogues or generated text (descriptions, captions, facts).

File format (JSON object, keys sorted):

    {
      "match": "word",                 # how forbidden texts match: "word" (whole words, the
                                       # default), "prefix" (Korean: particles follow the word)
                                       # or "substring" (Japanese: no spaces)
      "terms": {
        "stock": {                     # id = the glossary anchor (#stock) when glossary is true
          "glossary": true,
          "preferred": "talon",        # or {"crescent": "…", "canfield": "…"} by game
          "forbidden": [               # each a text, or an object:
            "pioche",                  #   {"text": "…"} or {"regex": "…"} (Python syntax), with
            {"text": "tas", "games": ["canfield"], "in": ["key:ui.*", "page:play-*"]}
          ],                           #   optional games (where it is wrong) and "in" (fnmatch
                                       #   patterns on "page:NAME", "key:KEY", "generated:NAME")
          "note": "why, for the next translator"
        }
      }
    }

Matching is case-insensitive on NFC text. Standard library only, like the rest of the package.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["Hit", "Term", "find_forbidden", "game_of", "load_terms"]

_ROOT = os.path.dirname(os.path.abspath(__file__))
MATCHES = ("word", "prefix", "substring")


@dataclass(frozen=True)
class Forbidden:
    pattern: re.Pattern[str]
    shown: str
    games: tuple[str, ...]  # empty: wrong in every game
    places: tuple[str, ...]  # empty: wrong everywhere


@dataclass(frozen=True)
class Term:
    id: str
    preferred: dict[str, str]  # game ("*" for all) -> term
    forbidden: tuple[Forbidden, ...]
    glossary: bool
    note: str


@dataclass(frozen=True)
class Hit:
    term: str
    forbidden: str
    found: str
    where: str
    offset: int

    def __str__(self) -> str:
        return (
            f"{self.where}: {self.found!r} at character {self.offset} is a forbidden synonym "
            f"({self.forbidden!r}) of term {self.term!r}"
        )


def path(lang: str) -> str:
    return os.path.join(_ROOT, lang, "terms.json")


def _pattern(text: str, match: str, *, regex: bool) -> re.Pattern[str]:
    body = text if regex else re.escape(unicodedata.normalize("NFC", text))
    if match == "word":
        body = rf"(?<!\w)(?:{body})(?!\w)"
    elif match == "prefix":
        body = rf"(?<!\w)(?:{body})"
    return re.compile(body, re.IGNORECASE)


def _fail(lang: str, msg: str) -> ValueError:
    return ValueError(f"{path(lang)}: {msg}")


@cache
def load_terms(lang: str) -> tuple[Term, ...]:
    """The terminology table of `lang` (ValueError naming the file and the entry if malformed)."""
    try:
        with open(path(lang), encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise _fail(lang, "missing: every language has a terminology table") from None
    except json.JSONDecodeError as exc:
        raise _fail(lang, f"line {exc.lineno}: not valid JSON: {exc.msg}") from None
    match = data.get("match", "word")
    if match not in MATCHES:
        raise _fail(lang, f"match must be one of {', '.join(MATCHES)}, not {match!r}")
    terms = data.get("terms")
    if not isinstance(terms, dict) or not terms:
        raise _fail(lang, "expected an object 'terms' of id -> entry")
    out = []
    for tid, entry in terms.items():
        where = f"term {tid!r}"
        if not isinstance(entry, dict) or "preferred" not in entry or not entry.get("note"):
            raise _fail(lang, f"{where}: needs 'preferred' and a 'note'")
        unknown = set(entry) - {"preferred", "forbidden", "glossary", "note"}
        if unknown:
            raise _fail(lang, f"{where}: unknown fields {sorted(unknown)}")
        pref = entry["preferred"]
        preferred = {"*": pref} if isinstance(pref, str) else pref
        if not isinstance(preferred, dict) or not all(isinstance(v, str) and v for v in preferred.values()):
            raise _fail(lang, f"{where}: 'preferred' is a text or an object game -> text")
        forbidden = []
        for given in entry.get("forbidden", []):
            item = {"text": given} if isinstance(given, str) else given
            if not isinstance(item, dict) or len({"text", "regex"} & set(item)) != 1:
                raise _fail(
                    lang, f"{where}: a forbidden entry is a text, or an object with 'text' or 'regex'"
                )
            bad = set(item) - {"text", "regex", "games", "in"}
            if bad:
                raise _fail(lang, f"{where}: unknown fields {sorted(bad)} in a forbidden entry")
            regex = "regex" in item
            shown = item["regex"] if regex else item["text"]
            try:
                pattern = _pattern(shown, match, regex=regex)
            except re.error as exc:
                raise _fail(lang, f"{where}: bad regex {shown!r}: {exc}") from None
            forbidden.append(
                Forbidden(pattern, shown, tuple(item.get("games", ())), tuple(item.get("in", ())))
            )
        out.append(Term(tid, preferred, tuple(forbidden), bool(entry.get("glossary", False)), entry["note"]))
    return tuple(out)


def game_of(where: str) -> str | None:
    """The game a page, key or generated text is about ("canfield", "crescent" or None)."""
    low = where.lower()
    if "canfield" in low or ".cf." in low or low.endswith(".cf"):
        return "canfield"
    if "crescent" in low or ".cr." in low or low.endswith(".cr"):
        return "crescent"
    return None


def find_forbidden(lang: str, text: str, where: str, game: str | None = None) -> list[Hit]:
    """Every forbidden synonym in `text`. `where` names the source ("page:canfield",
    "key:ui.won", "generated:crescent-example@3"); `game` defaults to the one it names."""
    text = unicodedata.normalize("NFC", text)
    game = game if game is not None else game_of(where)
    hits: list[Hit] = []
    for term in load_terms(lang):
        for f in term.forbidden:
            if f.games and game not in f.games:
                continue
            if f.places and not any(fnmatch.fnmatchcase(where, p) for p in f.places):
                continue
            hits.extend(Hit(term.id, f.shown, m.group(0), where, m.start()) for m in f.pattern.finditer(text))
    return hits


def describe_table(lang: str) -> list[dict[str, Any]]:
    """The table as plain data (for a glossary generator or a report)."""
    return [
        {
            "id": t.id,
            "preferred": t.preferred,
            "glossary": t.glossary,
            "note": t.note,
            "forbidden": [f.shown for f in t.forbidden],
        }
        for t in load_terms(lang)
    ]

"""Message catalogues: every sentence and word the site shows, per language.

Layout: ``catalogues/<lang>/<domain>.json``, each a flat JSON object ``{key: message}``. A
language's files are merged; a key defined in two files of one language is an error (it would
make the winner depend on file order). ``terms.json`` beside them is the language's terminology
table (catalogues/terms.py), not messages. Adding a language is adding one folder (and, if it
has plural categories or a number format of its own, one entry in plurals.py / numbers.py).

Messages use ICU MessageFormat's syntax for arguments, plurals and selects (messageformat.py):
``{n}``, ``{n, plural, one {# card} other {# cards}}``, ``{x, select, a {…} other {…}}``.
The formatter then applies the language's typography and grammar (typography.py): French
spacing before ``: ; ! ?``, Greek final sigma, Korean particles (``{card}이/가``) chosen by the
word as read. A card is named in the role the sentence needs, ``{card, card, on}`` (a card code
as the value; catalogues/cardnames.py gives the article, case and elision). The conventions for
translators: catalogues/README.md.

Standard library only: this package also runs under Pyodide, where it is unpacked to disk, so
files are read with plain ``open()`` relative to ``__file__``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from catalogues import cardnames, messageformat, numbers, plurals, typography

__all__ = [
    "LANGUAGES",
    "TERMS_FILE",
    "card_arguments",
    "card_phrase",
    "catalogue_files",
    "load",
    "message",
    "number",
    "parsed",
    "pattern",
    "placeholders",
    "plural_category",
    "rank_phrase",
    "upper",
]

# The terminology table of a language lives beside its catalogues but holds no messages.
TERMS_FILE = "terms.json"

_ROOT = os.path.dirname(os.path.abspath(__file__))


def _discover() -> tuple[str, ...]:
    langs = []
    for name in os.listdir(_ROOT):
        path = os.path.join(_ROOT, name)
        if name.startswith(("_", ".")) or not os.path.isdir(path):
            continue
        if any(f.endswith(".json") for f in os.listdir(path)):
            langs.append(name)
    return tuple(sorted(langs))


LANGUAGES: tuple[str, ...] = _discover()

# lang -> merged messages. Loaded once: catalogues never change while a process runs.
_CACHE: dict[str, dict[str, str]] = {}
# (lang, key) -> the file that defines it, for error messages.
_ORIGIN: dict[tuple[str, str], str] = {}
# (lang, key) -> parsed message.
_PARSED: dict[tuple[str, str], tuple[messageformat.Node, ...]] = {}


def catalogue_files(lang: str) -> list[str]:
    """The JSON files of one language, sorted by name (absolute paths)."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    folder = os.path.join(_ROOT, lang)
    return [
        os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".json") and f != TERMS_FILE
    ]


def _reject_duplicates(path: str) -> Callable[[list[tuple[str, object]]], dict[str, object]]:
    def hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in pairs:
            if key in out:
                raise ValueError(f"{path}: key {key!r} appears twice in the file")
            out[key] = value
        return out

    return hook


def _read(path: str) -> dict[str, str]:
    with open(path, encoding="utf-8") as fh:
        try:
            data = json.load(fh, object_pairs_hook=_reject_duplicates(path))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a catalogue must be a JSON object of key -> message")
    for key, value in data.items():
        if not isinstance(value, str):
            raise ValueError(f"{path}: message {key!r} is {type(value).__name__}, not a string")
    return data


def _merged(lang: str) -> dict[str, str]:
    cached = _CACHE.get(lang)
    if cached is not None:
        return cached
    merged: dict[str, str] = {}
    origin: dict[str, str] = {}
    for path in catalogue_files(lang):
        for key, value in _read(path).items():
            if key in merged:
                raise ValueError(
                    f"catalogue key {key!r} of language {lang!r} is defined in both {origin[key]} and {path}"
                )
            merged[key] = value
            origin[key] = path
            _ORIGIN[(lang, key)] = path
    _CACHE[lang] = merged
    return merged


def load(lang: str) -> dict[str, str]:
    """Every message of ``lang``, all its files merged (a fresh dict: mutating it changes nothing)."""
    return dict(_merged(lang))


def placeholders(text: str) -> set[str]:
    """The argument names of a message: ``{name}``s and the arguments of plurals and selects,
    inside branches too (``#`` is not an argument; ``{{`` and ``}}`` are literal braces)."""
    return messageformat.arguments(messageformat.parse(text))


def parsed(lang: str, key: str) -> tuple[messageformat.Node, ...]:
    """The parsed message ``key`` of ``lang``, its literal text already typeset (French
    spacing); ValueError naming file, key and column if the message is not valid syntax."""
    cached = _PARSED.get((lang, key))
    if cached is not None:
        return cached
    messages = _merged(lang)
    try:
        text = messages[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the {lang!r} catalogue") from None
    try:
        nodes = messageformat.parse(text)
    except messageformat.MessageSyntaxError as exc:
        raise ValueError(f"{_ORIGIN.get((lang, key), lang)}: message {key!r}: {exc}") from None
    for node in messageformat.formatted(nodes):
        try:
            cardnames.check_style(lang, node.kind, node.style)
        except ValueError as exc:
            raise ValueError(f"{_ORIGIN.get((lang, key), lang)}: message {key!r}: {exc}") from None
    typeset = typography.LITERAL_TEXT.get(lang)
    if typeset is not None:  # punctuation lives in the literal text: typeset it once
        nodes = messageformat.map_literals(nodes, typeset)
    _PARSED[(lang, key)] = nodes
    return nodes


def card_phrase(lang: str, card: str, role: str = "bare", *, short: bool = False, cap: bool = False) -> str:
    """The card ("QH") as the role needs it: card_phrase("fr", "AH", "on") is « sur l’as de cœur »
    (catalogues/cardnames.py). Messages ask for the same with ``{card, card, on}``."""
    return cardnames.phrase(message, lang, card, role, short=short, cap=cap)


def rank_phrase(lang: str, rank: str, role: str = "bare", *, cap: bool = False) -> str:
    """A rank alone ("K") as the role needs it: rank_phrase("de", "K", "acc") is „den König“."""
    return cardnames.rank_phrase(message, lang, rank, role, cap=cap)


def card_arguments(lang: str, key: str) -> dict[str, str]:
    """The arguments of message ``key`` that take a card ("card") or a rank ("rank") code:
    ``{card, card, on}``, ``{start, rank, acc}``, and a ``{card, gender, …}`` select."""
    nodes = parsed(lang, key)
    out = {f.name: f.kind for f in messageformat.formatted(nodes)}
    for node in messageformat.selects(nodes):
        if node.kind == "gender":
            out.setdefault(node.name, "card")
    return out


def plural_category(lang: str, n: object) -> str:
    """CLDR's plural category of ``n`` in ``lang`` (zero, one, two, few, many, other)."""
    return plurals.category(lang, n)  # type: ignore[arg-type]


def number(lang: str, value: object) -> str:
    """A number as the language writes it (ints get the thousands separator)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return numbers.integer(lang, value)
    return str(value)


def upper(lang: str, text: str) -> str:
    """Capitals the language's way (Greek capitals carry no accents)."""
    return typography.upper(lang, text)


# (lang, key) -> a str.format pattern when the message is plain text and arguments with nothing
# for the formatter to decide (no plural, select or Korean particle): most messages, formatted
# at C speed (diagrams format thousands of them per board).
_SIMPLE: dict[tuple[str, str], str | None] = {}


# Languages whose formatted messages get a final pass (typography.FINISH): none today.
_FINISH_LANGS = frozenset(typography.FINISH)


def _simple(lang: str, key: str, nodes: tuple[messageformat.Node, ...]) -> str | None:
    if (lang, key) in _SIMPLE:
        return _SIMPLE[(lang, key)]
    resolve = typography.LITERAL.get(lang)
    pieces: list[str] = []
    simple = True
    for node in nodes:
        if isinstance(node, str):
            if resolve is not None and "/" in node:
                simple = False
                break
            pieces.append(node.replace("{", "{{").replace("}", "}}"))
        elif isinstance(node, messageformat.Arg):
            pieces.append("{" + node.name + "}")
        else:
            simple = False
            break
    result = "".join(pieces) if simple else None
    _SIMPLE[(lang, key)] = result
    return result


def message(lang: str, key: str, **params: object) -> str:
    """The message ``key`` of ``lang`` with its arguments filled from ``params``, plurals and
    selects resolved, then the language's typography and grammar applied.

    KeyError on an unknown key (naming key and language) or on an argument left unfilled.
    Extra params are ignored, so callers may pass one set of params to several patterns.
    """
    fmt = _SIMPLE.get((lang, key))
    if fmt and not _FINISH_LANGS:  # the common case: one lookup, then C-speed formatting
        try:
            return fmt.format_map(params)
        except KeyError:
            pass  # the full path below names the missing argument
    nodes = parsed(lang, key)
    try:
        fmt = _simple(lang, key, nodes)
        if fmt is not None:
            text = fmt.format_map(params)
        else:
            text = messageformat.render(
                nodes,
                params,
                category=lambda n: plurals.category(lang, n),  # type: ignore[arg-type]
                number=lambda v: number(lang, v),
                literal=typography.LITERAL.get(lang),
                formatter=lambda kind, style, value: cardnames.format_value(
                    message, lang, kind, style, value
                ),
            )
    except KeyError as exc:
        raise KeyError(
            f"message {key!r} ({lang!r}) needs the placeholder {exc.args[0]!r}; "
            f"given: {', '.join(sorted(params)) or 'none'}"
        ) from None
    finish = typography.FINISH.get(lang)
    return finish(text) if finish else text


def pattern(lang: str, key: str) -> str:
    """The message for a page script that fills ``{name}`` itself (e.g. the replay counter's
    ``{step}``): typography applied to its text, its ``{name}``s kept. ValueError when the
    message needs the formatter (a plural, a select, a Korean particle after an argument), which
    a script cannot do: such a message must be formatted in Python."""
    nodes = parsed(lang, key)
    pieces: list[str] = []
    for i, node in enumerate(nodes):
        if isinstance(node, str):
            resolve = typography.LITERAL.get(lang)
            # A pair at the start of a literal after an argument is resolved only with a text
            # before it: if "x" before it changes the literal, the pair depends on the argument.
            if i and resolve and resolve("x", node) != resolve("", node):
                raise ValueError(
                    f"{lang}: message {key!r} has a particle after an argument; "
                    f"a page script cannot choose it"
                )
            pieces.append(node)
        elif isinstance(node, messageformat.Arg):
            pieces.append("{" + node.name + "}")
        else:
            raise ValueError(
                f"{lang}: message {key!r} has a plural or select; a page script "
                f"cannot choose its branch: format it in Python"
            )
    finish = typography.FINISH.get(lang)
    text = "".join(pieces)
    return finish(text) if finish else text

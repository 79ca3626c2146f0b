"""Message catalogues: every sentence and word the site shows, per language.

Layout: ``catalogues/<lang>/<domain>.json``, each a flat JSON object ``{key: message}`` with
``str.format``-style ``{name}`` placeholders. A language's files are merged; a key defined in
two files of one language is an error (it would make the winner depend on file order).
Adding a language is adding one folder.

Standard library only: this package also runs under Pyodide, where it is unpacked to disk, so
files are read with plain ``open()`` relative to ``__file__``.
"""
from __future__ import annotations

import json
import os
import string

__all__ = ["LANGUAGES", "load", "message", "placeholders", "catalogue_files"]

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


def catalogue_files(lang: str) -> list[str]:
    """The JSON files of one language, sorted by name (absolute paths)."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    folder = os.path.join(_ROOT, lang)
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".json")]


def _reject_duplicates(path: str):
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
                    f"catalogue key {key!r} of language {lang!r} is defined in both "
                    f"{origin[key]} and {path}")
            merged[key] = value
            origin[key] = path
    _CACHE[lang] = merged
    return merged


def load(lang: str) -> dict[str, str]:
    """Every message of ``lang``, all its files merged (a fresh dict: mutating it changes nothing)."""
    return dict(_merged(lang))


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message (``{{`` and ``}}`` are literal braces)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def message(lang: str, key: str, **params: object) -> str:
    """The message ``key`` of ``lang`` with its placeholders filled from ``params``.

    KeyError on an unknown key (naming key and language) or on a placeholder left unfilled.
    Extra params are ignored, so callers may pass one set of params to several patterns.
    """
    messages = _merged(lang)
    try:
        text = messages[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the {lang!r} catalogue") from None
    try:
        return text.format_map(params)
    except KeyError as exc:
        raise KeyError(
            f"message {key!r} ({lang!r}) needs the placeholder {exc.args[0]!r}; "
            f"given: {', '.join(sorted(params)) or 'none'}") from None

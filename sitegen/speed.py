"""Build speed: work the four language builds of one run would otherwise repeat.

mkdocs-static-i18n runs a whole MkDocs build per language, and each creates a fresh Jinja
environment that compiles Material's ~150 templates again (about a third of a second each
time). A bytecode cache shared by the environments of this process compiles them once;
`--serve` rebuilds reuse it too. Jinja checks each template's source checksum, so an edited
template is recompiled; the output is the same bytes as without the cache.
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2


class MemoryBytecodeCache(jinja2.BytecodeCache):
    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = self._store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._store.clear()


BYTECODE_CACHE = MemoryBytecodeCache()


def share_template_cache(env: Any) -> Any:
    env.bytecode_cache = BYTECODE_CACHE
    return env


# MkDocs lists the theme's static files for every build by matching each of Material's ~14,500
# template files (mostly icons) against a score of patterns: a second of the four language
# builds. The theme's files do not change while a process runs, so the list is kept per
# (theme folders, static templates); the File objects are still made fresh for each build.
_theme_files: dict[tuple[Any, ...], list[tuple[str, str | None]]] = {}


@functools.cache  # patches once per process
def cache_theme_file_list() -> None:
    from mkdocs.structure.files import File, Files

    original = Files.add_files_from_theme

    def add_files_from_theme(self: Files, env: Any, config: Any) -> None:
        key = (
            tuple(config.theme.dirs),
            tuple(config.theme.static_templates),
            config.site_dir,
            config.use_directory_urls,
        )
        entries = _theme_files.get(key)
        if entries is None:
            probe = Files([])
            original(probe, env, config)
            entries = [(f.src_uri, f.src_dir) for f in probe]
            _theme_files[key] = entries
        for path, src_dir in entries:
            if self.get_file_from_path(path) is None:  # docs files override theme files
                self.append(File(path, src_dir, config.site_dir, config.use_directory_urls))

    Files.add_files_from_theme = add_files_from_theme  # type: ignore[method-assign]

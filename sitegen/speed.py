"""Build speed: work the four language builds of one run would otherwise repeat.

mkdocs-static-i18n runs a whole MkDocs build per language, and each creates a fresh Jinja
environment that compiles Material's ~150 templates again (about a third of a second each
time). A bytecode cache shared by the environments of this process compiles them once;
`--serve` rebuilds reuse it too. Jinja checks each template's source checksum, so an edited
template is recompiled; the output is the same bytes as without the cache.
"""
from __future__ import annotations

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

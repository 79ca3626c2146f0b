"""Keeps the worker's start short: a light stand-in for `xml.sax.saxutils` under Pyodide.

diagrams/ escapes text with `xml.sax.saxutils.escape` and `quoteattr`. Importing that module
also imports urllib.request, http.client and the email package: about 1 s of the page's Python
start-up in the browser, for two string functions. In the browser only (sys.platform
"emscripten"), and only if nothing has imported the real module yet, this installs a module with
the same two functions (the same code as CPython's, so the same bytes out) and `unescape`; any
other name is looked up in the real module, imported on first use.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Mapping
from typing import Any


def _replace_all(data: str, entities: Mapping[str, str]) -> str:
    for key, value in entities.items():
        data = data.replace(key, value)
    return data


# The signatures are CPython's (xml.sax.saxutils), with None for its shared `{}` default.
def escape(data: str, entities: Mapping[str, str] | None = None) -> str:
    data = data.replace("&", "&amp;")
    data = data.replace(">", "&gt;")
    data = data.replace("<", "&lt;")
    if entities:
        data = _replace_all(data, entities)
    return data


def unescape(data: str, entities: Mapping[str, str] | None = None) -> str:
    data = data.replace("&lt;", "<")
    data = data.replace("&gt;", ">")
    if entities:
        data = _replace_all(data, entities)
    return data.replace("&amp;", "&")


def quoteattr(data: str, entities: Mapping[str, str] | None = None) -> str:
    data = escape(data, {**(entities or {}), "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"{}"'.format(data.replace('"', "&quot;"))


def _real_saxutils() -> types.ModuleType:
    import xml.sax

    spec = importlib.machinery.PathFinder.find_spec("xml.sax.saxutils", xml.sax.__path__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def install() -> bool:
    """Installs the stand-in under Pyodide; True when it did."""
    name = "xml.sax.saxutils"
    if sys.platform != "emscripten" or name in sys.modules:
        return False
    import xml.sax  # the package itself is light

    shim = types.ModuleType(name, __doc__)
    shim.escape = escape
    shim.unescape = unescape
    shim.quoteattr = quoteattr
    real: list[types.ModuleType] = []

    def __getattr__(attr: str) -> Any:
        if attr.startswith("__"):  # the import system probing (__path__, ...): not a package
            raise AttributeError(attr)
        if not real:
            real.append(_real_saxutils())
        return getattr(real[0], attr)

    shim.__getattr__ = __getattr__
    sys.modules[name] = shim
    xml.sax.saxutils = shim
    return True

"""The Python side of the page's live boards: what assets/js/worker.js calls under Pyodide.

Standard library only (it is packed into py.zip beside engine/, diagrams/ and catalogues/).
One function per operation in `ops`, each returning a JSON-able dict; `handle` takes and returns
JSON text so that the worker never converts Python objects into JavaScript ones.
"""

from __future__ import annotations

from . import lightimports

lightimports.install()  # before ops imports diagrams

from .analysis import OPS as _ANALYSIS_OPS  # noqa: E402  (the Analysis pages' operations)
from .ops import OPS, drop, handle, hint, open_board, redeal, tap, undo, view  # noqa: E402

OPS.update(_ANALYSIS_OPS)

__all__ = ["OPS", "drop", "handle", "hint", "open_board", "redeal", "tap", "undo", "view"]

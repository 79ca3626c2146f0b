"""How wide a label is drawn, roughly, so that a label too wide for its place is squeezed into it.

Labels under the cards stand one column step apart (64 units): "Montón 10", "Columna 1" or
"Στοίβα 10" would otherwise run into their neighbours. The widths below are the advances of
the diagrams' font (bold, `system-ui`/sans-serif: DejaVu Sans Bold on the reference machine,
measured in Chromium) in em; accented Latin letters count as their base letter, East Asian wide
characters (kana, kanji, Hangul) as 1 em, anything else as 0.62 em. A reader's font differs a
little: the label is squeezed with SVG `textLength` only when the estimate exceeds the room, so
an estimate slightly off changes a width by a few percent at most.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_TABLE = (
    (0.31, "'"),
    (0.34, "ijl"),
    (0.35, " "),
    (0.36, "/\\|"),
    (0.37, "IJΙΪ"),
    (0.38, ",."),
    (0.39, "ίι"),
    (0.4, ":;"),
    (0.41, "-"),
    (0.43, "f"),
    (0.46, "!()[]"),
    (0.48, "t"),
    (0.49, "r"),
    (0.5, "_`"),
    (0.52, '"*'),
    (0.56, "έε"),
    (0.58, "?z"),
    (0.59, "csζξς"),
    (0.63, "Ξλ"),
    (0.64, "LΓτ"),
    (0.65, "vxyχ"),
    (0.67, "k"),
    (0.68, "EFTaeΕΣΤΰγνυύ"),
    (0.69, "oάαδθοό"),
    (0.7, "$0123456789"),
    (0.71, "hnu{}ήηκ"),
    (0.72, "SYZbdgpqΖΥΫβρ"),
    (0.73, "CPΡ"),
    (0.74, "μ"),
    (0.76, "BΒ"),
    (0.77, "ARVXΑΔΛΧ"),
    (0.78, "KΚσφ"),
    (0.79, "πψ"),
    (0.81, "U"),
    (0.82, "G"),
    (0.83, "D"),
    (0.84, "#+<=>HN^~ΗΝΠ"),
    (0.85, "OQΘΟΦΨΩ"),
    (0.87, "&ωώ"),
    (0.92, "w"),
    (0.99, "MΜ"),
    (1.0, "%@"),
    (1.04, "m"),
    (1.1, "W"),
)
_EM = {ch: em for em, chars in _TABLE for ch in chars}
_DEFAULT_EM = 0.62


@lru_cache(maxsize=4096)
def _em(ch: str) -> float:
    if ch in _EM:
        return _EM[ch]
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    base = unicodedata.normalize("NFD", ch)[0]
    return _EM.get(base, _DEFAULT_EM)


@lru_cache(maxsize=4096)  # the same few labels come back in every drawing
def width(text: str, size: float) -> float:
    """The estimated advance of `text` in bold at font size `size` (viewBox units)."""
    return size * sum(_em(ch) for ch in text)

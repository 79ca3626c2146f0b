"""SVG drawing shared by both games: cards, outlines, labels, arrows, the root element.

Everything is emitted as text with integer coordinates, in a fixed order, so the output is a
pure function of its input (identical bytes for identical input). Suits are drawn as paths
(told apart by shape, not only by colour); text uses generic font families only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from . import cards, textwidth

CW, CH = 52, 72  # card width and height (viewBox units, = px at size "large")
SMALL_SCALE = 0.6  # size "small" draws the same picture 0.6 times as wide

# Suit shapes in a 100x100 box. Clubs and spades have a stem; hearts are round; diamonds pointed.
_SUIT_PATHS = {
    "S": "M50 2C70 25 98 42 98 64C98 80 86 90 72 90C62 90 56 84 53 77C54 88 58 94 66 98H34"
    "C42 94 46 88 47 77C44 84 38 90 28 90C14 90 2 80 2 64C2 42 30 25 50 2Z",
    "H": "M50 94C22 70 2 52 2 30C2 14 14 4 28 4C38 4 46 10 50 20C54 10 62 4 72 4C86 4 98 14 98 30"
    "C98 52 78 70 50 94Z",
    "D": "M50 2L90 50L50 98L10 50Z",
    "C": "M50 4A21 21 0 0 1 66 40A21 21 0 1 1 56 74C57 86 61 92 68 98H32C39 92 43 86 44 74"
    "A21 21 0 1 1 34 40A21 21 0 0 1 50 4Z",
}

STYLE = (
    ".cd-bg{fill:#e7eee8;stroke:#8c9a8f}"
    ".cd-f{fill:#fff;stroke:#1c1c1c;stroke-width:1.2}"
    ".cd-e{fill:none;stroke:#5b665e;stroke-width:1.5;stroke-dasharray:5 4}"
    ".cd-k{fill:#2a4a80;stroke:#1c1c1c}"
    ".cd-k2{fill:none;stroke:#fff;stroke-width:1.5}"
    ".cd-bk{fill:#111}.cd-rd{fill:#c0102a}.cd-g{fill:#5b665e}"
    "svg[data-diagram] text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif}"
    ".cd-r{font-size:15px;font-weight:700}"
    ".cd-big{font-size:26px;font-weight:700}"
    ".cd-l{font-size:11px;fill:#1c1c1c;text-anchor:middle}"
    ".cd-lb{font-weight:700}"
    ".cd-h{fill:none;stroke:#0b57d0;stroke-width:3.5}"
    ".cd-x{fill:none;stroke:#b3261e;stroke-width:3.5;stroke-dasharray:7 4}"
    ".cd-a{stroke:#0b57d0;stroke-width:4;fill:none}"
    ".cd-ax{stroke:#b3261e;stroke-width:4;fill:none;stroke-dasharray:9 5}"
    ".cd-ah{stroke:#fff;stroke-width:8;fill:none;stroke-linecap:round}"
    ".cd-hit{fill:transparent}"
    # Marks drawn over the board must not catch the clicks meant for the cards under them.
    ".cd-h,.cd-x,.cd-a,.cd-ax,.cd-ah,.cd-n{pointer-events:none}"
)
STYLE_INTERACTIVE = (
    "svg[data-diagram] [data-place]{cursor:pointer}"
    "svg[data-diagram] [data-place]:focus{outline:none}"
    # Purple: no highlight (blue last move, amber selection, green hint, red refusal) shares it.
    "svg[data-diagram] [data-place]:focus>.cd-hit{stroke:#7b1fa2;stroke-width:3;stroke-dasharray:4 3}"
)


@dataclass
class Box:
    x: int
    y: int
    w: int = CW
    h: int = CH

    @property
    def cx(self) -> int:
        return self.x + self.w // 2

    @property
    def cy(self) -> int:
        return self.y + self.h // 2

    def union(self, other: Box) -> Box:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(
            x, y, max(self.x + self.w, other.x + other.w) - x, max(self.y + self.h, other.y + other.h) - y
        )


@dataclass
class Place:
    """One place of a board: its drawing, where its top card is, and how it is announced."""

    id: str  # notation: "10", "S+", "R", "W", "stock", "1", "H"
    parts: list[str] = field(default_factory=list)  # SVG fragments, drawn in order
    top: Box = field(default_factory=lambda: Box(0, 0))  # the top card (arrow ends, rings)
    hit: Box = field(default_factory=lambda: Box(0, 0))  # the clickable area
    label: str = ""  # aria-label (localized)


def ident(diagram_id: str) -> str:
    """An XML id prefix from a diagram id: two diagrams on one page never share an id."""
    return "d-" + re.sub(r"[^A-Za-z0-9_-]", "-", diagram_id)


def attr(value: object) -> str:
    return quoteattr(str(value))


def suit_use(pid: str, suit: str, x: int, y: int, size: int, cls: str | None = None) -> str:
    colour = cls or ("cd-rd" if suit in cards.RED_SUITS else "cd-bk")
    return f'<use href="#{pid}-{suit}" class="{colour}" x="{x}" y="{y}" width="{size}" height="{size}"/>'


def rank_use(pid: str, rank: str, x: int, y: int, cls: str, style: str = "") -> str:
    """A rank index, drawn from the diagram's own `<text id="PID-rRANK">` in `<defs>`.

    Why a `<use>`: the text of a card is a picture of the card, not a label of the place. Kept
    out of the place's own subtree, a place's visible text is only its label ("Pile 3",
    "6 cards"), which its accessible name begins with (WCAG 2.5.3, label in name)."""
    extra = f' style="{style}"' if style else ""
    return f'<use href="#{pid}-r{rank}" class="{cls}" x="{x}" y="{y}"{extra}/>'


def card_face(pid: str, card: str, x: int, y: int, lang: str, corner: str = "v") -> str:
    """A face-up card. ``corner`` places the small suit where a fan leaves it visible:
    "v" (top right: vertical fans show the top strip) or "h" (under the rank: horizontal fans)."""
    rank, suit = cards.parts(card)
    colour = "cd-rd" if suit in cards.RED_SUITS else "cd-bk"
    small = suit_use(pid, suit, CW - 16, 4, 12) if corner == "v" else suit_use(pid, suit, 4, 20, 11)
    return (
        f'<g transform="translate({x},{y})"><rect class="cd-f" width="{CW}" height="{CH}" rx="5"/>'
        f"{rank_use(pid, rank, 4, 16, 'cd-r ' + colour)}{small}"
        f"{suit_use(pid, suit, 13, 30, 26)}</g>"
    )


def card_back(pid: str, x: int, y: int) -> str:
    return f'<use href="#{pid}-k" x="{x}" y="{y}"/>'


def outline(x: int, y: int) -> str:
    return f'<rect class="cd-e" x="{x}" y="{y}" width="{CW}" height="{CH}" rx="5"/>'


def ghost(pid: str, x: int, y: int, suit: str | None, rank: str | None) -> str:
    """What an empty place may hold, drawn faint inside its outline (a foundation's suit, start rank)."""
    out = outline(x, y)
    if suit:
        out += suit_use(pid, suit, x + 15, y + 8, 22, "cd-g")
    if rank:
        out += rank_use(pid, rank, x + CW // 2, y + 60, "cd-big cd-g", "text-anchor:middle")
    return out


LABEL_PX = 11  # .cd-l's font size


def label(x: int, y: int, text: str, bold: bool = False, max_width: int | None = None) -> str:
    """A label centred on x; squeezed into `max_width` when it would be wider (textwidth.py)."""
    cls = "cd-l cd-lb" if bold else "cd-l"
    fit = ""
    if max_width is not None and textwidth.width(text, LABEL_PX) > max_width:
        fit = f' textLength="{max_width}" lengthAdjust="spacingAndGlyphs"'
    return f'<text class="{cls}" x="{x}" y="{y}"{fit}>{escape(text)}</text>'


def ring(box: Box, refused: bool) -> str:
    cls = "cd-x" if refused else "cd-h"
    return (
        f'<rect class="{cls}" x="{box.x - 4}" y="{box.y - 4}" width="{box.w + 8}" '
        f'height="{box.h + 8}" rx="8"/>'
    )


def arrow(pid: str, src: Box, dst: Box, refused: bool, centre: tuple[int, int]) -> str:
    """A gently curved arrow from the source's top card to the destination's; when refused it
    is dashed and the destination gets a cross (shape, not only colour, tells a refusal)."""
    x1, y1, x2, y2 = src.cx, src.cy, dst.cx, dst.cy
    dx, dy = x2 - x1, y2 - y1
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    # Stop short of both card centres so the ranks stay readable, and bow the line sideways.
    trim = min(22.0, length / 4)
    ux, uy = dx / length, dy / length
    sx, sy = round(x1 + ux * trim), round(y1 + uy * trim)
    ex, ey = round(x2 - ux * trim), round(y2 - uy * trim)
    # Bow towards the board's centre: away from the neighbours of a pile on the edge.
    bow = min(70.0, length / 3)
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    if (-uy) * (centre[0] - mx) + ux * (centre[1] - my) < 0:
        bow = -bow
    qx, qy = round(mx - uy * bow), round(my + ux * bow)
    d = f"M{sx} {sy}Q{qx} {qy} {ex} {ey}"
    cls, marker = ("cd-ax", f"{pid}-mx") if refused else ("cd-a", f"{pid}-ma")
    out = f'<path class="cd-ah" d="{d}"/><path class="{cls}" d="{d}" marker-end="url(#{marker})"/>'
    if refused:
        cx, cy, r = dst.x + dst.w - 8, dst.y + dst.h - 8, 11
        out += (
            f'<g class="cd-n" transform="translate({cx},{cy})"><circle r="{r + 2}" fill="#fff"/>'
            f'<circle r="{r}" fill="#b3261e"/><path d="M-5 -5L5 5M5 -5L-5 5" '
            f'stroke="#fff" stroke-width="3" stroke-linecap="round"/></g>'
        )
    return out


def defs(pid: str, with_arrows: bool, lang: str = "en", body: str = "") -> str:
    out = ["<defs>"]
    # The rank indices the board shows (see rank_use), in the language's letters.
    used = set(re.findall(f'href="#{re.escape(pid)}-r([{cards.RANKS}])"', body))
    out.extend(
        f'<text id="{pid}-r{rank}">{escape(cards.rank_label(rank, lang))}</text>'
        for rank in sorted(used, key=cards.RANKS.index)
    )
    out.extend(
        f'<symbol id="{pid}-{suit}" viewBox="0 0 100 100"><path d="{_SUIT_PATHS[suit]}"/></symbol>'
        for suit in cards.SUITS
    )
    out.append(
        f'<symbol id="{pid}-k" viewBox="0 0 {CW} {CH}" width="{CW}" height="{CH}">'
        f'<rect class="cd-k" x=".5" y=".5" width="{CW - 1}" height="{CH - 1}" rx="5"/>'
        f'<rect class="cd-k2" x="5" y="5" width="{CW - 10}" height="{CH - 10}" rx="3"/>'
        f'<path class="cd-k2" d="M5 5L{CW - 5} {CH - 5}M{CW - 5} 5L5 {CH - 5}"/></symbol>'
    )
    if with_arrows:
        for key, colour in (("ma", "#0b57d0"), ("mx", "#b3261e")):
            out.append(
                f'<marker id="{pid}-{key}" viewBox="0 0 10 10" refX="6" refY="5" '
                f'markerWidth="3.2" markerHeight="3.2" orient="auto">'
                f'<path d="M0 0L10 5L0 10z" fill="{colour}"/></marker>'
            )
    out.append("</defs>")
    return "".join(out)


def place_group(place: Place, interactive: bool) -> str:
    if interactive:
        hit = place.hit
        head = (
            f'<g data-place={attr(place.id)} tabindex="0" role="button" aria-label={attr(place.label)}>'
            f'<rect class="cd-hit" x="{hit.x - 3}" y="{hit.y - 3}" width="{hit.w + 6}" '
            f'height="{hit.h + 6}" rx="7"/>'
        )
    else:
        head = f"<g data-place={attr(place.id)}>"
    return head + "".join(place.parts) + "</g>"


def document(
    *,
    pid: str,
    diagram_id: str,
    lang: str,
    title: str,
    desc: str,
    width: int,
    height: int,
    size: str,
    interactive: bool,
    body: str,
    with_arrows: bool,
    rows: tuple[int, int, str, str] | None = None,
) -> str:
    """The root element. `rows` = (width, height, reading order, CSS) of a second arrangement
    the drawing carries (crescent_rows.py): its rules go in a group of their own, so that packed
    drawings (sitegen.live.pack_svgs splits before every `<g`) store them once."""
    if size not in ("small", "large"):
        raise ValueError(f"size must be 'small' or 'large', not {size!r}")
    scale = 1.0 if size == "large" else SMALL_SCALE
    role = "group" if interactive else "img"
    style = STYLE + (STYLE_INTERACTIVE if interactive else "")
    bg = f'<rect class="cd-bg" x=".5" y=".5" width="{width - 1}" height="{height - 1}" rx="10"/>'
    root_extra = ""
    if rows is not None:
        rw, rh, order, css = rows
        root_extra = f' data-rows={attr(order)} preserveAspectRatio="xMinYMin meet"'
        bg = (
            f'<g class="cd-rs"><style>{css}</style></g><g class="cd-all">'
            f'<rect class="cd-bg cd-hw" x=".5" y=".5" width="{width - 1}" height="{height - 1}" rx="10"/>'
            f'<rect class="cd-bg cd-ro" x=".5" y=".5" width="{rw - 1}" height="{rh - 1}" rx="10"/>'
        )
        body += "</g>"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{round(width * scale)}" height="{round(height * scale)}" '
        f'data-diagram={attr(diagram_id)} role="{role}" lang={attr(lang)}{root_extra} '
        f'aria-labelledby="{pid}-t" aria-describedby="{pid}-d">'
        f'<title id="{pid}-t">{escape(title)}</title><desc id="{pid}-d">{escape(desc)}</desc>'
        f"<style>{style}</style>{defs(pid, with_arrows, lang, body)}"
        f"{bg}{body}</svg>"
    )

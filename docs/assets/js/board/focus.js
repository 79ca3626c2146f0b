/* One tab stop per board (a roving tabindex), and the arrow keys between places. */
import { cssEscape } from "../core/dom.js";

/** @typedef {import("./state.js").BoardState} BoardState */

/**
 * The element of `place` in the drawing ([data-place]), or null.
 * @param {BoardState} s
 * @param {string} place
 * @returns {SVGGraphicsElement | null}
 */
export function placeElement(s, place) {
  return s.svgBox.querySelector('[data-place="' + cssEscape(place) + '"]');
}

/** The board's focusable places (an interactive drawing's; a picture has none), in the
 * drawing's own order (diagrams/ emits them in notation order: piles 1-16 then the
 * foundations; stock, waste, reserve, columns, foundations).
 * @param {BoardState} s
 * @returns {SVGGraphicsElement[]} */
export function focusables(s) {
  return Array.from(s.svgBox.querySelectorAll("[data-place][tabindex]"));
}

/** After every new drawing: only the current place is in the tab order. @param {BoardState} s */
export function syncTabStop(s) {
  const places = focusables(s);
  if (!places.length) return;
  let cur = s.tabStop !== null ? placeElement(s, s.tabStop) : null;
  if (!cur || !cur.hasAttribute("tabindex")) cur = places[0];
  s.tabStop = cur.getAttribute("data-place");
  for (const p of places) {
    const want = p === cur ? "0" : "-1";
    if (p.getAttribute("tabindex") !== want) p.setAttribute("tabindex", want);
  }
}

/** Moves the tab stop to `place` (or keeps it) and focuses it.
 * @param {BoardState} s @param {string | null} [place] */
export function focusPlace(s, place) {
  if (place !== null && place !== undefined) s.tabStop = place;
  syncTabStop(s);
  const el = s.tabStop !== null ? placeElement(s, s.tabStop) : null;
  if (el) el.focus();
}

/** Where a place sits on screen, as the browser laid the drawing out: its clickable area's
 * top edge and horizontal centre. (Read, never computed: the layout is diagrams/'s.)
 * @param {Element} el */
function anchorOf(el) {
  const r = (el.querySelector(".cd-hit") || el).getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top, w: r.width, h: r.height };
}

/** The keys that move between places. */
export const NAV_KEYS = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"];

/**
 * The place an arrow key leads to from `from`: the nearest one in that direction, those within
 * 45 degrees of it first; Home and End: the first and last place.
 * @param {BoardState} s
 * @param {Element} from
 * @param {string} key
 * @returns {Element}
 */
export function placeTowards(s, from, key) {
  const places = inOrder(s, focusables(s));
  const i = places.indexOf(/** @type {SVGGraphicsElement} */ (from));
  if (key === "Home") return places[0];
  if (key === "End") return places[places.length - 1];
  const a = anchorOf(from);
  if (!a.w && !a.h) {
    // Not laid out (a closed <details>, print): plain order.
    const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
    return places[Math.max(0, Math.min(places.length - 1, i + step))];
  }
  /** @type {Element | null} */
  let best = null;
  let bestScore = Infinity;
  for (const p of places) {
    if (p === from) continue;
    const b = anchorOf(p);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    let along, across;
    if (key === "ArrowRight") [along, across] = [dx, dy];
    else if (key === "ArrowLeft") [along, across] = [-dx, dy];
    else if (key === "ArrowDown") [along, across] = [dy, dx];
    else [along, across] = [-dy, dx];
    if (along < 4) continue;
    const score = along + 2 * Math.abs(across) + (Math.abs(across) > along ? 1e6 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best || from;
}

/**
 * The places in the order of the arrangement on screen: a Crescent drawing showing its narrow
 * rows (diagrams/crescent_rows.py says so in --cd-arrangement) lists their reading order in
 * data-rows; otherwise the drawing's own order.
 * @param {BoardState} s
 * @param {SVGGraphicsElement[]} places
 */
function inOrder(s, places) {
  const svg = s.svgBox.querySelector("svg[data-rows]");
  if (!svg || getComputedStyle(svg).getPropertyValue("--cd-arrangement").trim() !== "rows") return places;
  /** @type {Record<string, number>} */
  const rank = {};
  (svg.getAttribute("data-rows") || "").split(" ").forEach((p, k) => {
    rank[p] = k;
  });
  const at = (/** @type {Element} */ el) => rank[el.getAttribute("data-place") || ""];
  return places.slice().sort((a, b) => at(a) - at(b));
}

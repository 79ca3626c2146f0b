/* Play pages: cards glide from where they were to where they went (a plugin: board/events.js).
 *
 * 120 ms, after the new position is already shown and announced: the feedback never waits for
 * the animation, and positions are read from the drawing's attributes, so no layout is forced.
 * None when the reader prefers reduced motion. The reader's next action ends a glide still
 * running (the card jumps to where it went): its frames would otherwise be painted while that
 * action is answered, on the same main thread.
 */
import { placeElement } from "../board/focus.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("./play.js").PlayBoard} PlayBoard */
/** @typedef {{src: string, dst: string, n: number}} Places */
/** @typedef {{p: Places, spots: number[][], shift: number[]}} From */

const GLIDE_MS = 120;

/** Asked at each move (the reader may change the setting while playing). */
function still() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The top `n` cards drawn in a place (card groups are translated <g>s; the stock is a <use>).
 * @param {PlayBoard} board @param {string} place @param {number} n @returns {SVGElement[]} */
function topCards(board, place, n) {
  const g = placeElement(board.s, place);
  if (!g) return [];
  const cards = Array.from(g.querySelectorAll(":scope > g[transform], :scope > use"));
  return /** @type {SVGElement[]} */ (cards.slice(Math.max(0, cards.length - n)));
}

/** Where a move's cards come from and go, from its notation ("draw", "3>S", "7:2>4").
 * @param {string} move @returns {Places | null} */
export function placesOf(move) {
  if (move === "draw") return { src: "stock", dst: "W", n: 1 };
  const i = move.indexOf(">");
  if (i < 0) return null;
  let head = move.slice(0, i);
  let n = 1;
  const c = head.indexOf(":");
  if (c >= 0) {
    n = parseInt(head.slice(c + 1), 10) || 1;
    head = head.slice(0, c);
  }
  return { src: head, dst: move.slice(i + 1), n };
}

/** @param {Element} el @returns {number[]} */
function translateOf(el) {
  const m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(el.getAttribute("transform") || "");
  return m ? [parseFloat(m[1]), parseFloat(m[2])] : [0, 0];
}

/** Where a card is drawn, in the drawing's own units, read from its attributes: a card group's
 * translate(x,y), the stock's <use x y>. No layout is read, so nothing forces one.
 * @param {Element} el */
function spotOf(el) {
  if (el.tagName.toLowerCase() === "use") {
    return [parseFloat(el.getAttribute("x") || "") || 0, parseFloat(el.getAttribute("y") || "") || 0];
  }
  return translateOf(el);
}

/** How far a place is moved by CSS (a narrow arrangement, diagrams/crescent_rows.py): a card's
 * spot in one place, plus this, less the other's, is its spot in the other.
 * @param {PlayBoard} board @param {string} place */
function shiftOf(board, place) {
  const out = [0, 0];
  const g = placeElement(board.s, place);
  if (!g || !window.DOMMatrixReadOnly) return out;
  // The place's own move, and its zone's (the foundations move as one block).
  const parent = g.parentElement;
  const zone = parent && parent.hasAttribute("data-zone") ? parent : null;
  for (const el of [g, zone]) {
    const m = el ? getComputedStyle(el).transform : "none";
    if (!m || m === "none") continue;
    const d = new DOMMatrixReadOnly(m);
    out[0] += d.e;
    out[1] += d.f;
  }
  return out;
}

export class Glide {
  /** @param {PlayBoard} board */
  constructor(board) {
    this.board = board;
    /** @type {From | null} */
    this.from = null;
    this.asked = 0;
    /** @type {Animation[] | null} */
    this.glides = null;
  }

  /** A new request: the glides of the last answer end now (see the file's comment). */
  request() {
    this.asked += 1; // a glide not started yet never starts
    const running = this.glides;
    this.glides = null;
    for (const g of running || []) {
      try {
        g.finish();
      } catch {
        /* already gone with its element */
      }
    }
  }

  /** @param {Answer} a */
  beforeApply(a) {
    this.from = null;
    if (!a.played || !a.svg || still()) return;
    const p = placesOf(a.played);
    if (!p) return;
    const cards = topCards(this.board, p.src, p.n);
    if (!cards.length) return;
    this.from = { p, spots: cards.map(spotOf), shift: shiftOf(this.board, p.src) };
  }

  afterApply() {
    const from = this.from;
    this.from = null;
    if (!from) return;
    // The glide starts in the next frame, before it is painted: not part of the move's feedback.
    const asked = this.asked;
    requestAnimationFrame(() => {
      if (this.asked === asked) this.glide(from);
    });
  }

  /** @param {From} from */
  glide(from) {
    const cards = topCards(this.board, from.p.dst, from.spots.length);
    if (cards.length !== from.spots.length) return;
    /** @type {Animation[]} */
    const glides = (this.glides = []);
    const to = shiftOf(this.board, from.p.dst);
    cards.forEach((card, i) => {
      if (!card.animate || card.tagName.toLowerCase() !== "g") return;
      const spot = from.spots[i];
      const now = translateOf(card);
      const was = [spot[0] + from.shift[0] - to[0], spot[1] + from.shift[1] - to[1]];
      if (Math.abs(was[0] - now[0]) + Math.abs(was[1] - now[1]) < 1) return;
      // CSS transform replaces the SVG attribute while it runs, so both ends are the card's own
      // translation (before, then after); when the animation ends the attribute rules again.
      glides.push(card.animate([
        { transform: "translate(" + was[0] + "px," + was[1] + "px)" },
        { transform: "translate(" + now[0] + "px," + now[1] + "px)" },
      ], { duration: GLIDE_MS, easing: "ease-out" }));
    });
  }
}

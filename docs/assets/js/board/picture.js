/* A picture standing for the drawing.
 *
 * A rules page, the Puzzles page and the examples show each board first as an <img> of the
 * build's drawing (sitegen/pictures.py): the page stays light, and the drawing itself comes with
 * the board's answers, fetched as the board nears the viewport. A click or a drag on the picture
 * before then is never dropped: it waits (busy, and said in the status element), and is played
 * at the same spot of the drawing once it is in the page (board/board.js pictureGesture). */
import { placeName } from "../core/dom.js";
import { focusPlace, syncTabStop } from "./focus.js";
import { markSelected } from "./render.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("./state.js").Spot} Spot */

/** The picture in the board's box, while the drawing has not replaced it (else null).
 * @param {BoardState} s
 * @returns {HTMLImageElement | null} */
export function picture(s) {
  return s.svgBox.querySelector("img.cc-picture");
}

/** Puts a drawing in place of the picture; a reader whose focus was on the picture's box goes
 * on to the board's tab stop. @param {BoardState} s @param {string} svg */
export function showDrawing(s, svg) {
  const hadFocus = document.activeElement === s.svgBox;
  s.svgBox.innerHTML = svg;
  // The box was a tab stop only while it held a picture: the board has its own now.
  if (s.svgBox.hasAttribute("data-picture-stop")) {
    s.svgBox.removeAttribute("tabindex");
    s.svgBox.removeAttribute("data-picture-stop");
  }
  syncTabStop(s);
  markSelected(s);
  if (hadFocus) focusPlace(s, s.tabStop);
}

/** Where `ev` fell on `img`, as fractions of its width and height.
 * @param {Element} img @param {{clientX: number, clientY: number}} ev @returns {Spot} */
export function spotOn(img, ev) {
  const r = img.getBoundingClientRect();
  return { x: (ev.clientX - r.left) / (r.width || 1), y: (ev.clientY - r.top) / (r.height || 1) };
}

/** The place (or the foundation zone) under `spot` of the drawing now in the box: the smallest
 * one whose area holds it, as the browser laid the drawing out.
 * @param {BoardState} s @param {Spot | null} spot @returns {string | null} */
export function placeAt(s, spot) {
  const svg = s.svgBox.querySelector("svg");
  if (!svg || !spot) return null;
  const r = svg.getBoundingClientRect();
  const x = r.left + spot.x * r.width;
  const y = r.top + spot.y * r.height;
  /** @type {Element | null} */
  let best = null;
  let bestArea = Infinity;
  for (const el of svg.querySelectorAll("[data-place],[data-zone]")) {
    const b = (el.querySelector(".cd-hit") || el).getBoundingClientRect();
    if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
    const area = b.width * b.height;
    if (area < bestArea) {
      bestArea = area;
      best = el;
    }
  }
  return best ? placeName(best) : null;
}

/* Showing an answer on a board: the drawing (swapped, not replaced), the position's figures,
 * the buttons, the selection, the refusal and hint marks, and the status sentence. Functions
 * of a BoardState only: whoever answers (Python, the build's tables), this shows it. */
import { cssEscape, q, qa, setText } from "../core/dom.js";
import { say } from "../core/messages.js";
import { swapSvg } from "../core/svgswap.js";
import { focusPlace as focusTabStop, placeElement, syncTabStop } from "./focus.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("../python/protocol.js").Answer} Answer */

/**
 * The element of a place, or of the whole foundation zone for "F".
 * @param {BoardState} s
 * @param {string | null | undefined} place
 * @returns {Element | null}
 */
function markable(s, place) {
  if (place === null || place === undefined) return null;
  return place === "F" ? s.svgBox.querySelector('[data-zone="F"]') : placeElement(s, place);
}

/**
 * The drawing in `svg` in place of the one shown, keeping the reader's focus where it was.
 * @param {BoardState} s
 * @param {string} svg
 */
export function swapDrawing(s, svg) {
  const active = document.activeElement;
  const inside = active && s.svgBox.contains(active) ? active : null;
  const focusPlace = inside ? inside.getAttribute("data-place") : null;
  const focusZone = inside ? inside.getAttribute("data-zone") : null;
  // A new drawing ends a hint's highlight (swapSvg keeps the places that did not change).
  clearHint(s);
  swapSvg(s.svgBox, svg);
  syncTabStop(s);
  /** @type {Element | null} */
  let again = null;
  if (inside && document.activeElement === inside && s.svgBox.contains(inside)) again = null;
  else if (focusPlace !== null) again = placeElement(s, focusPlace);
  else if (focusZone !== null) again = s.svgBox.querySelector('[data-zone="' + cssEscape(focusZone) + '"]');
  if (again instanceof SVGElement || again instanceof HTMLElement) again.focus({ preventScroll: true });
  markSelected(s);
}

/**
 * Everything an answer changes on the board, in the order a reader sees it.
 * @param {BoardState} s
 * @param {Answer} a
 */
export function showAnswer(s, a) {
  if (a.svg) {
    swapDrawing(s, a.svg);
    // The position's description is the drawing's <desc> (Python sends no other).
    const desc = s.svgBox.querySelector("desc");
    if (desc) setText(s.el, '[data-role="desc"]', desc.textContent || "");
  }
  if (a.state) {
    s.position = a.state;
    s.el.setAttribute("data-state", JSON.stringify(a.state));
    setText(s.el, '[data-role="moves"]', String(a.state.moves));
    if (a.state.score !== undefined) setText(s.el, '[data-role="score"]', String(a.state.score));
    s.el.setAttribute("data-status", a.state.status);
  }
  for (const [role, text] of Object.entries(a.labels || {})) setText(s.el, '[data-role="' + role + '"]', text);
  let lostFocus = false;
  for (const [action, off] of Object.entries(a.disabled || {})) {
    for (const b of qa(s.el, '[data-action="' + action + '"]')) {
      // A control disabled under the reader's focus would drop it to the page (hostile #12).
      if (off && document.activeElement === b) lostFocus = true;
      /** @type {HTMLButtonElement} */ (b).disabled = !!off;
    }
  }
  if (lostFocus) focusTabStop(s);
  if (a.selected !== undefined) select(s, a.selected);
  if (a.played || a.opened) {
    select(s, null);
    clearHint(s);
  }
  if (a.refused) flashRefused(s, a.refused.place);
  if (a.hint) showHint(s, a.hint);
  if (a.message !== undefined) say(s.el, a.message, a.kind || (a.refused ? "refused" : null));
  const over = s.position && (s.position.status === "won" || s.position.status === "blocked");
  const offer = q(s.el, '[data-role="offer"]');
  if (offer) offer.hidden = !over;
}

/** Selects `place` (null: none) and shows it. @param {BoardState} s @param {string | null} place */
export function select(s, place) {
  s.selected = place;
  markSelected(s);
}

/** @param {BoardState} s */
export function markSelected(s) {
  for (const n of s.svgBox.querySelectorAll(".is-selected")) {
    n.classList.remove("is-selected");
    n.removeAttribute("aria-pressed");
  }
  const g = s.selected !== null ? placeElement(s, s.selected) : null;
  if (g) {
    g.classList.add("is-selected");
    g.setAttribute("aria-pressed", "true");
  }
  s.el.toggleAttribute("data-selected", s.selected !== null);
}

/** @param {BoardState} s @param {string | null | undefined} place */
export function flashRefused(s, place) {
  const g = markable(s, place);
  if (!g) return;
  g.classList.remove("is-refused");
  void g.getBoundingClientRect(); // restart the animation
  g.classList.add("is-refused");
  setTimeout(() => g.classList.remove("is-refused"), 700);
}

/** @param {BoardState} s @param {{src: string | null, dst: string | null}} hint */
export function showHint(s, hint) {
  clearHint(s);
  for (const place of [hint.src, hint.dst]) {
    const g = markable(s, place);
    if (g) g.classList.add("is-hint");
  }
}

/** @param {BoardState} s */
export function clearHint(s) {
  for (const n of s.svgBox.querySelectorAll(".is-hint")) n.classList.remove("is-hint");
}

/** A visible busy state while a click waits for something (the answers, Python).
 * @param {BoardState} s @param {boolean} on */
export function busy(s, on) {
  for (const name of ["data-busy", "aria-busy"]) {
    if (on) s.el.setAttribute(name, "true");
    else s.el.removeAttribute(name);
  }
}

/* A board's input: clicks, keys (Enter/Space, arrows, Escape), drags by mouse, pen or finger,
 * gestures on the picture that stands for the drawing, and its buttons. Reports places, never
 * moves: what a click means is the board's answer source's (board/board.js activate). */
import { NAV_KEYS, focusPlace, placeTowards, syncTabStop } from "./focus.js";
import { picture, spotOn } from "./picture.js";
import { placeName, placeTarget, q } from "../core/dom.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("./state.js").Spot} Spot */

/** A pointer that moves less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 6;

/**
 * What the input reports.
 * @typedef {object} InputHandlers
 * @property {(place: string) => void} activate a click, Enter or Space on a place ("F": the zone)
 * @property {(src: string, dst: string) => void} move a drag from one place onto another
 * @property {() => void} escape Escape while a place is selected
 * @property {(name: string, button: HTMLElement | null) => void} action a [data-action] button
 * @property {(from: Spot, to: Spot | null) => void} pictureGesture a click (or drag) on the picture
 */

/**
 * Listens to the board's box and buttons.
 * @param {BoardState} s
 * @param {InputHandlers} h
 */
export function bindInput(s, h) {
  const box = s.svgBox;
  box.addEventListener("click", (ev) => {
    if (s.dragClick) {
      // The click the browser makes of a drag's release is not the reader's click.
      s.dragClick = false;
      return;
    }
    const img = picture(s);
    if (img && ev.target === img) {
      ev.preventDefault();
      h.pictureGesture(spotOn(img, ev), null);
      return;
    }
    const target = placeTarget(ev.target, box);
    if (!target) return;
    ev.preventDefault();
    const place = placeName(target);
    if (place !== null) h.activate(place);
  });
  box.addEventListener("keydown", (ev) => {
    const target = placeTarget(ev.target, box);
    if (ev.key === "Escape" && s.selected !== null) {
      h.escape();
      return;
    }
    if (target && target.hasAttribute("data-place") && target.hasAttribute("tabindex") &&
        NAV_KEYS.includes(ev.key) && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
      ev.preventDefault(); // the arrows move on the board, not the page
      focusPlace(s, placeTowards(s, target, ev.key).getAttribute("data-place"));
      return;
    }
    if (!target || (ev.key !== "Enter" && ev.key !== " " && ev.key !== "Spacebar")) return;
    ev.preventDefault();
    const place = placeName(target);
    if (place !== null) h.activate(place);
  });
  box.addEventListener("focusin", (ev) => {
    const t = ev.target instanceof Element ? ev.target : null;
    const place = t && t.getAttribute("data-place");
    if (t && place !== null && t.hasAttribute("tabindex") && place !== s.tabStop) {
      s.tabStop = place; // clicked or tabbed to: the tab stop follows
      syncTabStop(s);
    }
  });
  box.addEventListener("pointerdown", (ev) => {
    // A new press: the click the browser made of the drag before, if it made one, came before
    // it. So only that click is ignored, never a deliberate one made soon after a drag (hostile
    // review #24: a time window of 400 ms after every drag swallowed any click made in it).
    s.dragClick = false;
    if (!pictureDown(s, ev)) dragStart(s, ev);
  });
  box.addEventListener("pointermove", (ev) => dragMove(s, ev));
  // A finger that comes down on a card drags it: the page must not take the move as a scroll
  // (Chromium honours CSS touch-action only on the <svg>, not on its places).
  box.addEventListener("touchmove", (ev) => {
    if (s.drag) ev.preventDefault();
  }, { passive: false });
  box.addEventListener("pointerup", (ev) => {
    const gesture = pictureUp(s, ev);
    if (gesture) {
      h.pictureGesture(gesture[0], gesture[1]);
      return;
    }
    const moved = dragEnd(s, ev, false);
    if (moved) h.move(moved[0], moved[1]);
  });
  box.addEventListener("pointercancel", (ev) => {
    dragEnd(s, ev, true);
  });
  s.el.addEventListener("click", (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest("[data-action]") : null;
    if (!(b instanceof HTMLElement) || !s.el.contains(b)) return;
    ev.preventDefault();
    h.action(b.getAttribute("data-action") || "", b);
  });
  const form = q(s.el, '[data-role="newgame"]');
  if (form) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      h.action("open", null);
    });
  }
}

/** @param {BoardState} s @param {PointerEvent} ev */
function dragStart(s, ev) {
  if (ev.button !== 0 || !ev.isPrimary) return;
  const g = ev.target instanceof Element ? ev.target.closest("[data-place]") : null;
  if (!(g instanceof SVGGraphicsElement)) return;
  const place = g.getAttribute("data-place") || "";
  s.drag = { g, place, x0: ev.clientX, y0: ev.clientY, moved: false, id: ev.pointerId, transform: "" };
}

/** @param {BoardState} s @param {PointerEvent} ev */
function dragMove(s, ev) {
  const d = s.drag;
  if (!d || ev.pointerId !== d.id) return;
  const dx = ev.clientX - d.x0;
  const dy = ev.clientY - d.y0;
  if (!d.moved) {
    if (Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX) return;
    d.moved = true;
    d.g.classList.add("is-dragging");
    // Where the place already sits (a narrow arrangement moves it with a CSS transform): the
    // drag's shift goes on top of that.
    const base = getComputedStyle(d.g).transform;
    d.transform = base && base !== "none" ? base : "";
    try {
      s.svgBox.setPointerCapture(ev.pointerId);
    } catch {
      /* capture is a nicety */
    }
  }
  // Screen pixels to the SVG's own units, through the parent's transform matrix.
  const parent = d.g.parentNode;
  const ctm = parent instanceof SVGGraphicsElement ? parent.getScreenCTM() : null;
  const sx = ctm && ctm.a ? ctm.a : 1;
  const sy = ctm && ctm.d ? ctm.d : 1;
  const shift = "translate(" + dx / sx + "px," + dy / sy + "px)";
  d.g.style.transform = d.transform ? shift + " " + d.transform : shift;
}

/**
 * The end of a drag: [from, onto] when it was dropped on another place, else null.
 * @param {BoardState} s @param {PointerEvent} ev @param {boolean} cancelled
 * @returns {[string, string] | null}
 */
function dragEnd(s, ev, cancelled) {
  const d = s.drag;
  if (!d || ev.pointerId !== d.id) return null;
  s.drag = null;
  if (!d.moved) return null; // a plain click: the click handler answers it
  d.g.style.transform = "";
  d.g.classList.remove("is-dragging");
  s.dragClick = true;
  if (cancelled) return null;
  // The dragged group ignores the pointer (CSS), so this finds what lies under it.
  const target = placeTarget(document.elementFromPoint(ev.clientX, ev.clientY), s.svgBox);
  const dst = target ? placeName(target) : null;
  return dst === null || dst === d.place ? null : [d.place, dst];
}

/** @param {BoardState} s @param {PointerEvent} ev */
function pictureDown(s, ev) {
  const img = picture(s);
  if (!img || ev.target !== img || ev.button !== 0 || !ev.isPrimary) return false;
  s.pictureDrag = { spot: spotOn(img, ev), x0: ev.clientX, y0: ev.clientY, id: ev.pointerId };
  return true;
}

/** A drag across the picture: [where it started, where it ended], else null.
 * @param {BoardState} s @param {PointerEvent} ev @returns {[Spot, Spot] | null} */
function pictureUp(s, ev) {
  const d = s.pictureDrag;
  if (!d || ev.pointerId !== d.id) return null;
  s.pictureDrag = null;
  const img = picture(s);
  if (!img || Math.abs(ev.clientX - d.x0) + Math.abs(ev.clientY - d.y0) < DRAG_THRESHOLD_PX) return null;
  s.dragClick = true;
  return [d.spot, spotOn(img, ev)];
}

/* Small DOM helpers every component uses: queries, text, places, "the reader comes near". */

/** A place's element: a card pile or a column ([data-place]) or the foundation zone ([data-zone]). */
export const PLACE_SELECTOR = "[data-place],[data-zone]";

/**
 * The first element under `el` matching `sel` (typed as an HTMLElement: our own markup).
 * @param {ParentNode} el
 * @param {string} sel
 * @returns {HTMLElement | null}
 */
export function q(el, sel) {
  return /** @type {HTMLElement | null} */ (el.querySelector(sel));
}

/**
 * Every element under `el` matching `sel`, as an array.
 * @param {ParentNode} el
 * @param {string} sel
 * @returns {HTMLElement[]}
 */
export function qa(el, sel) {
  return /** @type {HTMLElement[]} */ (Array.from(el.querySelectorAll(sel)));
}

/** @param {string} s */
export function cssEscape(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&");
}

/**
 * Writes `text` into every element under `el` matching `sel` (as text: never parsed).
 * @param {ParentNode} el
 * @param {string} sel
 * @param {string} text
 */
export function setText(el, sel, text) {
  for (const n of el.querySelectorAll(sel)) n.textContent = text;
}

/**
 * The place an element names: its data-place, else its data-zone ("F": the foundations).
 * @param {Element} el
 * @returns {string | null}
 */
export function placeName(el) {
  return el.hasAttribute("data-place") ? el.getAttribute("data-place") : el.getAttribute("data-zone");
}

/**
 * The place or zone element at or above `target`, if it lies inside `box`.
 * @param {EventTarget | Element | null} target
 * @param {Element} box
 * @returns {Element | null}
 */
export function placeTarget(target, box) {
  const el = target instanceof Element ? target.closest(PLACE_SELECTOR) : null;
  return el && box.contains(el) ? el : null;
}

/**
 * Calls `near()` when the reader comes to `el` (pointer, focus, touch) and `seen()` once it
 * nears the viewport (800 px ahead; at once without IntersectionObserver).
 * @param {HTMLElement} el
 * @param {() => void} near
 * @param {() => void} seen
 */
export function onApproach(el, near, seen) {
  for (const type of ["pointerenter", "focusin", "touchstart"]) {
    el.addEventListener(type, near, { passive: true });
  }
  if (!window.IntersectionObserver) {
    seen();
    return;
  }
  const watch = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        watch.disconnect();
        seen();
      }
    },
    { rootMargin: "800px 0px" },
  );
  watch.observe(el);
}

/**
 * Runs `fn` when the browser is idle (at most `timeout` ms later), or in the next task.
 * @param {() => void} fn
 * @param {number} timeout
 * @returns {number} a handle for cancelLater
 */
export function later(fn, timeout) {
  return window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout }) : window.setTimeout(fn, 0);
}

/** @param {number} handle from later() */
export function cancelLater(handle) {
  if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
  else clearTimeout(handle);
}

/** 75 -> "1:15". @param {number} seconds */
export function formatClock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m + ":" + (s < 10 ? "0" : "") + s;
}

/** Adds the stylesheet at `href` to the page, once (the Play and Analysis boards' own CSS,
 * which only their pages need). @param {string} href */
export function loadStylesheet(href) {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (/** @type {HTMLLinkElement} */ (link).href === href) return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}

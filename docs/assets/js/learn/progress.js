/* The reader's progress (lessons done, puzzles solved), kept in this browser under one key, and
 * the home page's [data-progress] summary of it, which can also clear it. */
import { format, uiMessages } from "../core/messages.js";
import { KEYS, readJSON, remove, writeJSON } from "../core/storage.js";

/** @typedef {"lessons" | "puzzles"} Family */
/** @typedef {Record<Family, Record<string, boolean>>} Done */

/** @param {unknown} v the ids marked done in `v` (anything else there is damage, dropped) */
function doneIds(v) {
  /** @type {Record<string, boolean>} */
  const out = {};
  if (!v || typeof v !== "object" || Array.isArray(v)) return out;
  for (const [id, done] of Object.entries(v)) if (done === true) out[id] = true;
  return out;
}

/** What this browser kept (nothing when storage is refused or damaged). A damaged value, such
 * as `{"lessons":"x"}` or `{"lessons":[]}`, counts as none for its part and is repaired at the
 * next mark (hostile review #6, #23: it stopped every lesson with a false "Python" error, and
 * an array silently dropped what was marked). @returns {Done} */
export function readProgress() {
  const data = readJSON(KEYS.learn);
  const d = /** @type {Record<string, unknown>} */ (data && typeof data === "object" ? data : {});
  return { lessons: doneIds(d.lessons), puzzles: doneIds(d.puzzles) };
}

/** @param {Family} family @param {string} id */
export function markDone(family, id) {
  const data = readProgress();
  data[family][id] = true;
  writeJSON(KEYS.learn, data); // nothing kept: the page still works
}

/** Calls `fn` when another tab of the site changes the progress or the rating (or clears the
 * storage): without it, other open tabs showed what they had read at load until reloaded
 * (hostile review #22). The storage event comes only to the tabs that did not write.
 * @param {() => void} fn */
export function onOtherTab(fn) {
  window.addEventListener("storage", (ev) => {
    if (ev.key === null || ev.key === KEYS.learn || ev.key === KEYS.rating) fn();
  });
}

/** The home page's summary: how many of each are done, and a button that forgets them. */
export class Progress {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.msgs = uiMessages(el);
    this.render();
    onOtherTab(() => this.render());
    el.addEventListener("click", (ev) => {
      const b = ev.target instanceof Element ? ev.target.closest('[data-action="clear-progress"]') : null;
      if (!b) return;
      remove(KEYS.learn);
      remove(KEYS.rating); // the puzzle rating and streak (rating.js) go with the progress
      this.render();
      const status = el.querySelector('[role="status"]');
      if (status) status.textContent = this.msgs["learn.progress.cleared"] || "";
    });
  }

  render() {
    const data = readProgress();
    for (const family of /** @type {Family[]} */ (["lessons", "puzzles"])) {
      const items = this.el.querySelectorAll('[data-learn-item="' + family + '"]');
      let done = 0;
      for (const item of items) {
        const ok = !!data[family][item.getAttribute("data-id") || ""];
        if (ok) done++;
        item.toggleAttribute("data-done", ok);
      }
      const text = format(this.msgs["learn.progress." + family] || "{done}/{total}", { done, total: items.length });
      for (const n of this.el.querySelectorAll('[data-role="count-' + family + '"]')) n.textContent = text;
    }
  }
}

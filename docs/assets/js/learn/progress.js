/* The reader's progress (lessons done, puzzles solved), kept in this browser under one key, and
 * the home page's [data-progress] summary of it, which can also clear it. */
import { format, uiMessages } from "../core/messages.js";
import { KEYS, readJSON, remove, writeJSON } from "../core/storage.js";

/** @typedef {"lessons" | "puzzles"} Family */
/** @typedef {Record<Family, Record<string, boolean>>} Done */

/** What this browser kept (nothing when storage is refused or damaged). @returns {Done} */
export function readProgress() {
  const data = /** @type {Partial<Done> | null} */ (readJSON(KEYS.learn));
  return { lessons: (data && data.lessons) || {}, puzzles: (data && data.puzzles) || {} };
}

/** @param {Family} family @param {string} id */
export function markDone(family, id) {
  const data = readProgress();
  data[family][id] = true;
  writeJSON(KEYS.learn, data); // nothing kept: the page still works
}

/** The home page's summary: how many of each are done, and a button that forgets them. */
export class Progress {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.msgs = uiMessages(el);
    this.render();
    el.addEventListener("click", (ev) => {
      const b = ev.target instanceof Element ? ev.target.closest('[data-action="clear-progress"]') : null;
      if (!b) return;
      remove(KEYS.learn);
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

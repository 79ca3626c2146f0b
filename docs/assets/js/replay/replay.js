/* Step-through replays of the stored example games.
 *
 * No Python here: the build drew every step (sitegen/live.py replay_html) — SVG, caption and
 * text description in the page's language — and this module only shows step N. The steps are
 * packed (core/packed.js), embedded in the page or fetched from assets/replays/ on first use.
 */
import { q, qa } from "../core/dom.js";
import { parseHash } from "../core/hash.js";
import { format, say, uiMessages } from "../core/messages.js";
import { unpackSvg } from "../core/packed.js";
import { swapSvg } from "../core/svgswap.js";
import { fetchJSON } from "../board/sources.js";

/** @typedef {import("../core/packed.js").Packed & {captions: string[], notes?: (string | null)[],
 *   descriptions?: string[]}} Steps */

/** Writes `text` into the replay's first element matching `sel`.
 * @param {HTMLElement} el @param {string} sel @param {string} text */
function setText(el, sel, text) {
  const n = q(el, sel);
  if (n) n.textContent = text;
}

/** The site root, from this module's URL (assets/js/replay/replay.js). */
const ROOT = new URL("../../../", import.meta.url).href;

/** @type {Replay[]} */
const replays = [];
/** @type {Replay | null} the replay the reader last clicked or focused */
let lastUsed = null;

// With the focus nowhere (on the page itself), the keys step the replay last used.
document.addEventListener("keydown", (ev) => {
  if (lastUsed && (ev.target === document.body || ev.target === document.documentElement)) lastUsed.key(ev);
});

export class Replay {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.name = el.getAttribute("data-replay") || "";
    this.msgs = uiMessages(el);
    const meta = q(el, 'script[type="application/json"][data-role="replay"]');
    /** @type {{moves: string[], code: string}} */
    this.meta = meta ? JSON.parse(meta.textContent || "") : { moves: [], code: "" };
    this.total = this.meta.moves.length;
    this.step = 0;
    /** @type {Steps | null} */
    this.data = null;
    /** @type {Promise<Steps> | null} */
    this.loading = null;
    this.svgBox = q(el, '[data-role="svg"]');
    /** @type {Record<string, HTMLElement> | null} the move list's entries, by step */
    this.links = null;
    /** @type {HTMLElement | null} */
    this.currentLink = null;
    this.index = replays.length;
    replays.push(this);
    this.bind();
    this.updateControls();
    const wanted = this.stepFromHash();
    if (wanted !== null) this.go(wanted, true);
  }

  bind() {
    const el = this.el;
    el.addEventListener("click", (ev) => {
      const t = ev.target instanceof Element ? ev.target.closest("[data-action],[data-goto]") : null;
      if (!t || !el.contains(t)) return;
      if (t.hasAttribute("data-goto")) {
        ev.preventDefault();
        this.go(parseInt(t.getAttribute("data-goto") || "0", 10));
        return;
      }
      const a = t.getAttribute("data-action");
      if (a === "first") this.go(0);
      else if (a === "prev") this.go(this.step - 1);
      else if (a === "next") this.go(this.step + 1);
      else if (a === "last") this.go(this.total);
      else return;
      ev.preventDefault();
    });
    el.addEventListener("pointerdown", () => (lastUsed = this));
    el.addEventListener("focusin", () => (lastUsed = this));
    el.addEventListener("keydown", (ev) => this.key(ev));
    // Fetching the steps starts as soon as a reader comes near, so the first step is quick.
    for (const type of ["pointerenter", "focusin", "touchstart"]) {
      el.addEventListener(type, () => this.load().catch(() => {}), { passive: true });
    }
    const moves = /** @type {HTMLDetailsElement | null} */ (q(el, "details.cc-moves"));
    if (moves) {
      moves.addEventListener("toggle", () => {
        if (moves.open) this.load().catch(() => {});
      });
    }
    window.addEventListener("hashchange", () => {
      const wanted = this.stepFromHash();
      if (wanted !== null && wanted !== this.step) this.go(wanted, true);
    });
  }

  /** ←, →, Home, End: previous, next, first and last step. @param {KeyboardEvent} ev */
  key(ev) {
    const tag = ev.target instanceof Element ? ev.target.tagName : "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    /** @type {Record<string, number>} */
    const to = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.total };
    if (!Object.prototype.hasOwnProperty.call(to, ev.key)) return;
    ev.preventDefault();
    this.go(to[ev.key]);
  }

  /** `#step=N` addresses the page's first replay; `#replay=NAME&step=N` any of them. */
  stepFromHash() {
    const h = parseHash(location.hash);
    if (h.step === undefined) return null;
    if (h.replay !== undefined ? h.replay !== this.name : this.index !== 0) return null;
    // A step this game does not have is said, not silently replaced (hostile review #19).
    const n = /^[0-9]+$/.test(h.step) ? parseInt(h.step, 10) : null;
    const shown = n === null ? 0 : Math.min(this.total, n);
    if (n === null || n > this.total) {
      const text = format(this.msgs["ui.replay-step-invalid"] || "", { step: h.step, total: this.total, shown });
      say(this.el, text, "refused");
    }
    return shown;
  }

  /** @returns {Promise<Steps>} */
  load() {
    if (this.data) return Promise.resolve(this.data);
    if (this.loading) return this.loading;
    const inline = q(this.el, 'script[type="application/json"][data-role="steps"]');
    if (inline) {
      const data = (this.data = JSON.parse(inline.textContent || ""));
      this.loading = Promise.resolve(data);
      return this.loading;
    }
    this.loading = fetchJSON(this.el.getAttribute("data-src") || "", ROOT).then(
      (/** @type {Steps} */ data) => {
        this.data = data;
        this.fillMoves(data);
        return data;
      },
      (err) => {
        this.loading = null;
        const key = location.protocol === "file:" ? "ui.file-replay" : "ui.replay-unavailable";
        say(this.el, this.msgs[key] || String(err), "error");
        throw err;
      },
    );
    return this.loading;
  }

  /** The move list: every step's caption and commentary, from the step file (the page does not
   * carry them twice; sitegen/live.py replay_html). Written as text, never parsed.
   * @param {Steps} data */
  fillMoves(data) {
    const list = q(this.el, '[data-role="movelist"]');
    if (!list || list.children.length) return;
    const items = document.createDocumentFragment();
    for (let n = 1; n <= data.captions.length; n++) {
      const li = document.createElement("li");
      li.value = n;
      const a = document.createElement("a");
      a.href = "#step=" + n;
      a.setAttribute("data-goto", String(n));
      a.textContent = data.captions[n - 1];
      li.appendChild(a);
      const note = data.notes && data.notes[n - 1];
      if (note) {
        li.appendChild(document.createElement("br"));
        const small = document.createElement("small");
        small.textContent = note;
        li.appendChild(small);
      }
      items.appendChild(li);
    }
    list.appendChild(items);
    this.links = null; // updateControls finds the new entries
    this.updateControls();
  }

  /** @param {number} n @param {boolean} [fromHash] the URL asked: it is left as it is */
  go(n, fromHash) {
    const to = Math.max(0, Math.min(this.total, n | 0));
    if (this.data) {
      this.show(this.data, to, !!fromHash);
      return Promise.resolve(to);
    }
    return this.load().then((data) => {
      this.show(data, to, !!fromHash);
      return to;
    }, () => {});
  }

  /** Shows step n (0 = the deal, n = after move n). @param {Steps} d @param {number} n
   * @param {boolean} fromHash */
  show(d, n, fromHash) {
    if (this.svgBox) swapSvg(this.svgBox, unpackSvg(d, n));
    this.step = n;
    setText(this.el, '[data-role="caption"]', n === 0 ? this.msgs["ui.replay-start"] || "" : d.captions[n - 1]);
    // The build's commentary on this step (sitegen/commentary.py), empty where there is none.
    setText(this.el, '[data-role="note"]', (n > 0 && d.notes && d.notes[n - 1]) || "");
    // The build leaves the descriptions out when each SVG's <desc> already holds its own.
    const desc = d.descriptions ? d.descriptions[n] : this.svgBox && this.svgBox.querySelector("desc");
    setText(this.el, '[data-role="desc"]', typeof desc === "string" ? desc : desc ? desc.textContent || "" : "");
    this.updateControls();
    if (!fromHash && history.replaceState) {
      const hash = (this.index === 0 ? "" : "replay=" + encodeURIComponent(this.name) + "&") + "step=" + n;
      history.replaceState(null, "", "#" + hash);
    }
  }

  updateControls() {
    const n = this.step;
    const total = this.total;
    // A button that becomes disabled drops the focus to the page: keep it in the replay, on the
    // board, so that the arrow keys go on working.
    const active = document.activeElement;
    const action = active && this.el.contains(active) && active.tagName === "BUTTON" ? active.getAttribute("data-action") : null;
    const losing = ((action === "first" || action === "prev") && n === 0) || ((action === "next" || action === "last") && n === total);
    this.el.setAttribute("data-step", String(n));
    const counter = this.msgs["ui.replay-counter"] || "{step} / {total}";
    setText(this.el, '[data-role="counter"]', format(counter, { step: n, total }));
    for (const b of /** @type {HTMLButtonElement[]} */ (qa(this.el, '[data-action="first"],[data-action="prev"]'))) b.disabled = n === 0;
    for (const b of /** @type {HTMLButtonElement[]} */ (qa(this.el, '[data-action="next"],[data-action="last"]'))) b.disabled = n === total;
    // The move list: only the old and the new current entries change (a game has hundreds).
    if (!this.links) {
      /** @type {Record<string, HTMLElement>} */
      const links = (this.links = {});
      for (const a of qa(this.el, '[data-role="movelist"] [data-goto]')) links[a.getAttribute("data-goto") || ""] = a;
    }
    if (this.currentLink) this.currentLink.removeAttribute("aria-current");
    this.currentLink = this.links[String(n)] || null;
    if (this.currentLink) this.currentLink.setAttribute("aria-current", "step");
    if (losing && this.svgBox) this.svgBox.focus({ preventScroll: true });
    // "Continue on the Play page" and "Analyse this position": both open the step shown.
    for (const link of /** @type {HTMLAnchorElement[]} */ (qa(this.el, '[data-role="continue"],[data-role="analyse-link"]'))) {
      const base = link.getAttribute("data-play-url") || (link.getAttribute("href") || "").split("#")[0];
      if (!link.getAttribute("data-play-url")) link.setAttribute("data-play-url", base);
      const moves = this.meta.moves.slice(0, n).map(encodeURIComponent).join(",");
      link.href = base + "#code=" + encodeURIComponent(this.meta.code) + (n ? "&moves=" + moves : "");
    }
  }
}

/* The Analysis page's set-up form: a place, a card typed or picked from the cards not placed
 * yet, the position's other fields, and the pasted text form. Every change goes to Python as
 * one edit of the reader's draft (pyworker/analysis.py `edit`), which answers with the draft
 * checked: a valid position opened, or its problems listed and the draft kept. Nothing here
 * knows a rule: a card that cannot be read, or a place that is full, is Python's to say. */
import { q } from "../core/dom.js";

/** @typedef {import("../python/protocol.js").State} State */

export class Setup {
  /** @param {import("./analysis.js").AnalysisBoard} board */
  constructor(board) {
    this.board = board;
    const el = board.el;
    this.place = /** @type {HTMLSelectElement | null} */ (q(el, '[data-role="setup-place"]'));
    this.card = /** @type {HTMLInputElement | null} */ (q(el, '[data-role="setup-card"]'));
    this.cards = q(el, '[data-role="setup-cards"]');
    this.palette = q(el, '[data-role="palette"]');
    this.text = /** @type {HTMLTextAreaElement | null} */ (q(el, '[data-role="layout"]'));
    /** @type {Record<string, HTMLSelectElement | null>} state field -> its select */
    this.fields = {
      redeals_left: /** @type {HTMLSelectElement | null} */ (q(el, '[data-role="setup-redeals"]')),
      base_rank: /** @type {HTMLSelectElement | null} */ (q(el, '[data-role="setup-base"]')),
      draw: /** @type {HTMLSelectElement | null} */ (q(el, '[data-role="setup-draw"]')),
    };
    for (const [field, sel] of Object.entries(this.fields)) {
      if (sel) sel.addEventListener("change", () => this.edit({ field, value: sel.value }));
    }
    if (this.card) {
      this.card.addEventListener("keydown", (ev) => {
        if (ev.key !== "Enter") return;
        ev.preventDefault();
        this.add(this.card ? this.card.value : "");
      });
    }
    if (this.place) this.place.addEventListener("change", () => this.showCards());
  }

  /** The position being set up: the draft, else the board's position, else the empty layout.
   * @returns {State} */
  base() {
    return this.board.draft || this.board.s.position || this.board.emptyLayout();
  }

  /** One change to the draft, in the board's queue. @param {Record<string, unknown>} change */
  edit(change) {
    if (!this.board.ensureLive()) return;
    const place = this.place ? this.place.value : "";
    this.board.enqueue(() => this.board.ask("edit", { draft: this.base(), place, ...change }));
  }

  /** @param {string} text */
  add(text) {
    if (!text.trim()) return;
    this.edit({ add: text.trim() });
    if (this.card) this.card.value = "";
  }

  /** A place clicked on the board while it holds no valid position. @param {string} place */
  choose(place) {
    if (!this.place || ![...this.place.options].some((o) => o.value === place)) return;
    this.place.value = place;
    this.showCards();
    if (this.card) this.card.focus();
  }

  /** What an answer changes in the form: the text form, the palette, the fields.
   * @param {Record<string, any>} a */
  show(a) {
    if (this.text && typeof a.layout === "string" && typeof a.entered !== "string") this.text.value = a.layout;
    const state = a.draft || this.board.s.position;
    if (state) {
      for (const [field, sel] of Object.entries(this.fields)) {
        if (sel && state[field] !== undefined) sel.value = String(state[field]);
      }
    }
    if (this.palette && Array.isArray(a.unplaced)) this.showPalette(a.unplaced);
    this.showCards();
  }

  /** @param {{card: string, text: string, name: string}[]} unplaced */
  showPalette(unplaced) {
    if (!this.palette) return;
    /** @type {Map<string, HTMLElement>} one row per suit */
    const rows = new Map();
    for (const c of unplaced) {
      const suit = c.card.slice(-1);
      let row = rows.get(suit);
      if (!row) {
        row = document.createElement("div");
        row.className = "cc-palette-row";
        rows.set(suit, row);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-action", "setup-card");
      b.setAttribute("data-card", c.card);
      b.setAttribute("aria-label", c.name);
      b.textContent = c.text;
      row.append(b);
    }
    this.palette.replaceChildren(...rows.values());
  }

  /** The chosen place's cards, bottom to top, beside the place's name. */
  showCards() {
    if (!this.cards || !this.place) return;
    const cards = cardsAt(this.base(), this.place.value);
    this.cards.textContent = cards.length ? cards.join(" ") : "–";
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    switch (name) {
      case "setup-add":
        this.add(this.card ? this.card.value : "");
        return true;
      case "setup-card":
        this.add((button && button.getAttribute("data-card")) || "");
        return true;
      case "setup-remove":
        this.edit({ remove: true });
        return true;
      case "setup-clear":
        this.edit({ clear: true });
        return true;
      case "setup-text": {
        if (!this.board.ensureLive()) return true;
        const text = this.text ? this.text.value : "";
        this.board.enqueue(() => this.board.ask("analyse", { text }));
        return true;
      }
      case "setup-empty":
        if (!this.board.ensureLive()) return true;
        this.board.enqueue(() => this.board.ask("analyse", { state: this.board.emptyLayout() }));
        return true;
    }
    return false;
  }
}

/** The cards at `place` of a state (engine notation), bottom to top.
 * @param {State} state @param {string} place @returns {string[]} */
function cardsAt(state, place) {
  const s = /** @type {Record<string, any>} */ (state);
  /** @type {unknown} */
  let cards;
  if (/^[0-9]+$/.test(place)) cards = (s.piles || s.columns || [])[parseInt(place, 10) - 1];
  else if (place === "R") cards = s.reserve;
  else if (place === "W") cards = s.waste;
  else if (place === "stock") cards = s.stock;
  else cards = (s.foundations || {})[place];
  return Array.isArray(cards) ? cards.filter((c) => typeof c === "string") : [];
}

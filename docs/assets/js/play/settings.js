/* Play pages: the seeds' app settings and its new-game dialog (a plugin: board/events.js).
 *
 * Canfield, as the seeds describe the app: a new game is chosen in a dialog, drawing "3 cards,
 * hard" (the default) or "1 card, easy"; the "Double click" setting (on by default) lets a tap
 * send a card to a column when no foundation takes it; off, a tap only sends a card to its
 * foundation, else selects it (pyworker.ops.tap reads `double_click`). Both are kept in the
 * browser's storage. The dialog is a real <dialog> (modal: focus stays inside, Escape closes
 * it), opened from its button, which gets the focus back when it closes.
 */
import { qa } from "../core/dom.js";
import { KEYS, readJSON, writeJSON } from "../core/storage.js";
import { select } from "../board/render.js";

/** @typedef {{draw: 1 | 3, doubleClick: boolean}} Choices */

/** @returns {Choices} */
function load() {
  /** @type {Choices} */
  const out = { draw: 3, doubleClick: true };
  const v = /** @type {Partial<Choices> | null} */ (readJSON(KEYS.settings));
  if (v && (v.draw === 1 || v.draw === 3)) out.draw = v.draw;
  if (v && typeof v.doubleClick === "boolean") out.doubleClick = v.doubleClick;
  return out;
}

export class Settings {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    this.dialog = /** @type {HTMLDialogElement | null} */ (board.el.querySelector('[data-role="newgame-dialog"]'));
    /** @type {Choices | null} Canfield's (Crescent has none) */
    this.choices = board.s.game === "canfield" ? load() : null;
    /** @type {HTMLElement | null} */
    this.opener = null;
    if (this.dialog && this.choices) this.bindDialog(this.dialog, this.choices);
  }

  /** The draw a random deal takes, or null (no setting). */
  draw() {
    return this.choices ? this.choices.draw : null;
  }

  /** @param {import("../python/protocol.js").Op} op @param {import("../python/protocol.js").Args} args */
  request(op, args) {
    if (this.choices && op === "tap") /** @type {import("../python/protocol.js").TapArgs} */ (args).double_click = this.choices.doubleClick;
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (name !== "newgame" || !this.dialog || !this.choices) return false;
    this.open(this.dialog, this.choices, button);
    return true;
  }

  /** @param {HTMLDialogElement} d @param {Choices} s @param {HTMLElement | null} opener */
  open(d, s, opener) {
    this.opener = opener;
    for (const r of /** @type {HTMLInputElement[]} */ (qa(d, '[data-role="draw-choice"]'))) {
      r.checked = parseInt(r.value, 10) === s.draw;
      r.autofocus = r.checked; // showModal() focuses the chosen option first
    }
    const dbl = /** @type {HTMLInputElement | null} */ (d.querySelector('[data-role="double-click"]'));
    if (dbl) dbl.checked = s.doubleClick;
    if (typeof d.showModal === "function") d.showModal();
    else d.setAttribute("open", "");
  }

  /** @param {HTMLDialogElement} d @param {Choices} choices */
  bindDialog(d, choices) {
    const board = this.board;
    const dbl = /** @type {HTMLInputElement | null} */ (d.querySelector('[data-role="double-click"]'));
    if (dbl) {
      // A setting, not a choice of deal: it applies (and is kept) as soon as it changes.
      dbl.addEventListener("change", () => {
        choices.doubleClick = dbl.checked;
        writeJSON(KEYS.settings, choices);
      });
    }
    d.addEventListener("close", () => {
      const deal = d.returnValue === "deal";
      d.returnValue = "";
      if (this.opener) this.opener.focus();
      if (!deal) return;
      const chosen = /** @type {HTMLInputElement | null} */ (d.querySelector('[data-role="draw-choice"]:checked'));
      choices.draw = chosen && chosen.value === "1" ? 1 : 3;
      writeJSON(KEYS.settings, choices); // refused: kept for this page only
      if (!board.ensureLive()) return;
      board.enqueue(() => {
        select(board.s, null);
        return board.open({ random: true, draw: choices.draw });
      });
    });
  }
}

/* Play pages: the new-game dialog and the seeds' app settings (a plugin: board/events.js).
 *
 * The dialog offers every named version of the page's game (sitegen/play.py writes one radio
 * per row of engine.VERSIONS); "Deal" opens a random deal of the chosen version (pyworker.ops
 * `open` with `random` and `version`), and so does every later random deal of the page (the
 * won offer's "New deal"). Canfield, as the seeds describe the app: its two draws come first,
 * "3 cards, hard" (the default) or "1 card, easy"; the "Double click" setting (on by default)
 * lets a tap send a card to a column when no foundation takes it; off, a tap only sends a card
 * to its foundation, else selects it (pyworker.ops.tap reads `double_click`). All are kept in
 * the browser's storage. The dialog is a real <dialog> (modal: focus stays inside, Escape
 * closes it), opened from its button, which gets the focus back when it closes.
 */
import { qa } from "../core/dom.js";
import { pageGame } from "../core/games.js";
import { KEYS, readJSON, writeJSON } from "../core/storage.js";
import { busy, select } from "../board/render.js";

/** @typedef {{draw: 1 | 3, doubleClick: boolean, versions: Record<string, string>}} Choices */

/** The kept choices; `versions` holds each game's chosen version (a key of engine.VERSIONS).
 * @returns {Choices} */
function load() {
  /** @type {Choices} */
  const out = { draw: 3, doubleClick: true, versions: {} };
  const v = /** @type {Partial<Choices> | null} */ (readJSON(KEYS.settings));
  if (v && (v.draw === 1 || v.draw === 3)) out.draw = v.draw;
  if (v && typeof v.doubleClick === "boolean") out.doubleClick = v.doubleClick;
  if (v && v.versions && typeof v.versions === "object") {
    for (const [game, key] of Object.entries(v.versions)) if (typeof key === "string") out.versions[game] = key;
  }
  return out;
}

export class Settings {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    this.game = board.s.game;
    this.dialog = /** @type {HTMLDialogElement | null} */ (board.el.querySelector('[data-role="newgame-dialog"]'));
    this.choices = load();
    /** @type {HTMLElement | null} */
    this.opener = null;
    // A kept version this page does not offer (an older site, another game's) is forgotten.
    if (!this.radio(this.choices.versions[this.game] || "")) delete this.choices.versions[this.game];
    if (this.dialog) this.bindDialog(this.dialog, this.choices);
  }

  /** @param {string} key @returns {HTMLInputElement | null} the dialog's radio of that version */
  radio(key) {
    if (!this.dialog) return null;
    for (const r of /** @type {HTMLInputElement[]} */ (qa(this.dialog, '[data-role="version-choice"]'))) {
      if (r.value === key) return r;
    }
    return null;
  }

  /** The version a random deal takes: the one chosen, else Canfield's kept draw (the seeds'
   * app), else none (Python deals the seeds' rules). @returns {string | null} */
  version() {
    const key = this.choices.versions[this.game];
    if (key) return key;
    return pageGame(this.game).appDraws ? this.game + "-app-draw-" + this.choices.draw : null;
  }

  /** The draw a random deal takes, or null (no setting). */
  draw() {
    return pageGame(this.game).appDraws ? this.choices.draw : null;
  }

  /** @param {import("../python/protocol.js").Op} op @param {import("../python/protocol.js").Args} args */
  request(op, args) {
    if (pageGame(this.game).appDraws && op === "tap") /** @type {import("../python/protocol.js").TapArgs} */ (args).double_click = this.choices.doubleClick;
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (name !== "newgame" || !this.dialog) return false;
    this.open(this.dialog, button);
    return true;
  }

  /** @param {HTMLDialogElement} d @param {HTMLElement | null} opener */
  open(d, opener) {
    this.opener = opener;
    const chosen = this.version();
    for (const r of /** @type {HTMLInputElement[]} */ (qa(d, '[data-role="version-choice"]'))) {
      r.checked = r.value === chosen || (chosen === null && r === qa(d, '[data-role="version-choice"]')[0]);
      r.autofocus = r.checked; // showModal() focuses the chosen option first
    }
    const dbl = /** @type {HTMLInputElement | null} */ (d.querySelector('[data-role="double-click"]'));
    if (dbl) dbl.checked = this.choices.doubleClick;
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
      const chosen = /** @type {HTMLInputElement | null} */ (d.querySelector('[data-role="version-choice"]:checked'));
      if (chosen) choices.versions[this.game] = chosen.value;
      // The app's draw, as the seeds keep it, when one of the app's two is chosen.
      const code = chosen ? chosen.getAttribute("data-code") || "" : "";
      if (code === "D1" || code === "D3") choices.draw = code === "D1" ? 1 : 3;
      writeJSON(KEYS.settings, choices); // refused: kept for this page only
      if (!board.ensureLive()) return;
      // The old deal stays drawn until Python's answer: the board says it is busy till then, and
      // a click made meanwhile waits in the queue and is played on the new deal.
      busy(board.s, true);
      board
        .enqueue(() => {
          select(board.s, null);
          return board.open({ random: true, draw: this.draw() });
        })
        .finally(() => busy(board.s, false));
    });
  }
}

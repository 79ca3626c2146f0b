/* Play pages: can the game still be won? (a plugin: board/events.js)
 *
 * After every action the board's position goes to a SECOND Python worker, which runs the solver
 * with a small budget (pyworker/verdict.py), so a search never delays a move. The board carries
 * the answer in `data-verdict` (CONTRACT.md): "pending" while the solver works on the current
 * position, then "win", "loss" (proved) or "unknown" (not decided in the budget).
 *
 * Cost on a phone: a second Pyodide is a second WebAssembly instance (tens of MB) and a boot of
 * a few seconds of CPU, so it starts only once the board is live and the reader pauses, and it
 * works on one position at a time: while it searches, only the newest position waits (older ones
 * are dropped), and an answer about a position no longer shown is discarded. An "unknown" gets
 * one second look with a longer budget while the position stays the same.
 *
 * When the verdict of the reader's position is "loss" and an earlier position of this game was
 * "win", the board says so and offers to undo back to the last winnable position.
 */
import { PyClient } from "../python/client.js";
import { focusPlace } from "../board/focus.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").State} State */
/** @typedef {"win" | "loss" | "unknown" | "pending"} Shown */
/** `code` and `moves` name the position too: the worker rebuilds it from them when the page's
 * state hides cards (face-down versions: pyworker/verdict.py).
 * @typedef {{key: string, moves: string, code?: string, state?: State, budget?: number, ms?: number}} Job */

const BUDGETS = [1.0, 4.0]; // seconds of search: a first answer, then one longer look
// The solver works while the reader thinks, not while they click: its worker boots once the
// board is live and the reader has paused, and a position is sent after a pause too. On a phone
// (and on a busy machine) its CPU would otherwise slow the board's own answers.
const START_DELAY_MS = 1500; // quiet time after the board is live (or the last action) to boot
const QUIET_MS = 400; // quiet time after an action before its position goes to the solver

export class Verdict {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    /** @type {PyClient | null} */
    this.client = null;
    this.busy = false;
    this.isLive = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** @type {Job | null} the newest position waiting for the worker */
    this.next = null;
    /** @type {string | null} key of the position on the board */
    this.current = null;
    /** @type {Record<string, boolean>} moves text -> found winnable (this deal) */
    this.wins = {};
    /** @type {Record<string, boolean>} and proved lost */
    this.losses = {};
    /** @type {string | null} */
    this.dealCode = null;
    this.off = false;
    /** True while the solver's worker is past the boot time-out and not started */
    this.stalled = false;
    /** @type {number | null} ms the solver's worker took to start (the page benchmark) */
    this.bootMs = null;
    this.startedAt = 0;
    const el = board.el;
    this.box = el.querySelector('[data-role="verdict-box"]');
    this.out = el.querySelector('[data-role="verdict"]');
    this.note = el.querySelector('[data-role="verdict-note"]');
    this.undoButton = /** @type {HTMLButtonElement | null} */ (el.querySelector('[data-action="undo-to-winnable"]'));
    this.backTo = 0; // actions to undo for the last winnable position
  }

  live() {
    this.isLive = true;
    this.schedule(START_DELAY_MS);
  }

  /** After `ms` with no new action: boot the worker if need be, then send the newest position.
   * @param {number} ms */
  schedule(ms) {
    if (!this.isLive) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.client) this.pump();
      else this.startClient();
    }, ms);
  }

  startClient() {
    if (this.client) return;
    const client = (this.client = new PyClient("verdict"));
    this.startedAt = performance.now();
    let started = false;
    // A worker whose Python never comes (a file aborted, a hang) is said within the board's own
    // boot time-out, not left at "Checking…" for ever (hostile review #5); should it start
    // after all, its verdicts replace the sentence.
    client.onSlow(() => {
      if (started || this.off) return;
      this.stalled = true;
      this.show("unknown", this.board.msg("play.verdict.off"));
    });
    client.start().then(
      () => {
        started = true;
        this.stalled = false;
        this.bootMs = performance.now() - this.startedAt;
        this.pump();
      },
      (err) => {
        console.warn("verdict: the solver's worker could not start", err && err.message);
        this.off = true;
        this.show("unknown", this.board.msg("play.verdict.off"));
      },
    );
  }

  /** @param {Answer} a */
  afterApply(a) {
    if (!a.state || !a.saved || a.kept) return;
    const moves = a.saved.moves;
    const key = a.saved.code + "|" + moves;
    if (a.saved.code !== this.dealCode) {
      this.dealCode = a.saved.code;
      this.wins = {};
      this.losses = {};
    }
    if (key === this.current) return; // a refusal or a selection: same position
    this.current = key;
    this.hideOffer();
    if (this.off) return;
    if (a.state.status === "won" || this.wins[moves] || this.losses[moves]) {
      // Won, or a position of this deal already decided (an undo back to it): no new search.
      this.answered({ key, moves }, { verdict: this.losses[moves] ? "loss" : "win" });
      return;
    }
    if (this.stalled) this.show("unknown", this.board.msg("play.verdict.off"));
    else this.show("pending");
    this.next = { key, moves, code: a.saved.code, state: a.state, budget: 0 };
    this.schedule(this.client ? QUIET_MS : START_DELAY_MS);
  }

  /** Sends the newest waiting position, if the worker is up and idle. */
  pump() {
    const client = this.client;
    const job = this.next;
    if (this.busy || this.timer || !job || !job.state || !client || !client.worker) return;
    this.next = null;
    this.busy = true;
    const t0 = performance.now();
    client.call("verdict", { state: job.state, code: job.code, moves: job.moves, seconds: BUDGETS[job.budget || 0] }).then(
      (answer) => {
        this.busy = false;
        job.ms = performance.now() - t0;
        this.answered(job, answer);
        this.pump();
      },
      (err) => {
        this.busy = false;
        console.warn("verdict:", err && err.message);
        if (job.key === this.current) this.show("unknown");
        if (err && err.kind === "hung") client.restart().then(() => this.pump(), () => {});
        else this.pump();
      },
    );
  }

  /** @param {Job} job @param {Answer} answer */
  answered(job, answer) {
    let v = answer && answer.verdict;
    if (v !== "win" && v !== "loss") v = "unknown";
    if (v === "win") this.wins[job.moves] = true;
    if (v === "loss") this.losses[job.moves] = true;
    if (job.key !== this.current) return; // stale: the board has moved on
    if (v === "unknown" && job.budget !== undefined && job.budget + 1 < BUDGETS.length && !this.next) {
      // Not decided quickly: one longer look while the reader thinks (still "pending").
      this.next = { key: job.key, moves: job.moves, code: job.code, state: job.state, budget: job.budget + 1 };
      return;
    }
    this.show(v);
    if (v === "loss") this.offerUndo(job.moves);
  }

  /** @param {Shown} v @param {string} [text] */
  show(v, text) {
    this.board.el.setAttribute("data-verdict", v);
    if (this.out) this.out.textContent = text || this.board.msg("play.verdict." + v);
    if (this.box) this.box.setAttribute("data-verdict", v);
  }

  /** After a proved loss: the last winnable position of this game, if one is known.
   * @param {string} moves two characters per action */
  offerUndo(moves) {
    for (let n = moves.length - 2; n >= 0; n -= 2) {
      if (!this.wins[moves.slice(0, n)]) continue;
      this.backTo = (moves.length - n) / 2;
      if (this.note) this.note.textContent = " " + this.board.msg("play.verdict.lost-here");
      if (this.undoButton) this.undoButton.hidden = false;
      return;
    }
  }

  hideOffer() {
    this.backTo = 0;
    if (this.note) this.note.textContent = "";
    if (this.undoButton) this.undoButton.hidden = true;
  }

  /** @param {string} name */
  action(name) {
    if (name !== "undo-to-winnable") return false;
    // One offer, one undo (hostile review #3): the offer is withdrawn at the first press, so a
    // double click cannot queue a second `undo {count}` before the answer comes.
    const count = this.backTo;
    if (!count) return true;
    const had = this.undoButton !== null && document.activeElement === this.undoButton;
    this.hideOffer();
    if (had) focusPlace(this.board.s); // the hidden button would drop focus to the page (#12)
    this.board.play("undo", { count });
    return true;
  }
}

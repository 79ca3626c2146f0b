/* The Analysis page's verdicts: the position's own (with a winning line to step through, and
 * "think longer"), and the move list, every legal action with the verdict of the position it
 * leads to (CONTRACT.md: each `[data-move]` element carries `data-verdict`).
 *
 * All of it runs in the page's SECOND Python worker (pyworker/verdict.py), never in the board's:
 * a search never delays a move. The worker takes one position at a time, cheapest first: the
 * position itself, then each action with a short budget, then the undecided ones again with a
 * longer one. A new position drops the jobs of the old one, and a long search still running
 * for it is stopped (the worker is restarted), so an answer always concerns what is shown. */
import { PyClient } from "../python/client.js";
import { q } from "../core/dom.js";

/** @typedef {import("../python/protocol.js").State} State */
/** @typedef {"win" | "loss" | "unknown" | "pending"} Verdict */
/** @typedef {{move: string, text: string, state: State}} Action */
/** @typedef {{item: number, state: State, seconds: number, gen: number}} Job item -1: the position */

const POSITION_BUDGETS = [1, 4, 12, 30]; // seconds: the first look, then each "think longer"
const MOVE_BUDGETS = [0.5, 3]; // seconds per action: a first pass over all, then the undecided
const RESTART_AFTER_S = 2; // a search this long for a position no longer shown is stopped

export class Moves {
  /** @param {import("./analysis.js").AnalysisBoard} board */
  constructor(board) {
    this.board = board;
    const el = board.el;
    this.list = q(el, '[data-role="move-list"]');
    this.progress = q(el, '[data-role="moves-progress"]');
    this.out = q(el, '[data-role="verdict"]');
    this.note = q(el, '[data-role="verdict-note"]');
    this.lineBox = q(el, '[data-role="line-box"]');
    this.lineList = q(el, '[data-role="line"]');
    this.think = /** @type {HTMLButtonElement | null} */ (q(el, '[data-action="think"]'));
    /** @type {PyClient | null} */
    this.client = null;
    this.gen = 0;
    /** @type {Job[]} */
    this.jobs = [];
    /** @type {Job | null} */
    this.running = null;
    /** @type {{move: string, li: HTMLElement, verdict: Verdict, state: State, pass: number}[]} */
    this.items = [];
    /** @type {State | null} */
    this.position = null;
    this.level = 0;
    /** @type {string[]} the winning line shown */
    this.line = [];
    /** @type {number | null} ms from a position's opening to its own verdict, and to the full list */
    this.firstVerdictMs = null;
    this.listMs = null;
    this.openedAt = 0;
  }

  start() {
    if (this.client) return;
    this.client = new PyClient("verdict");
    this.client.start().then(
      () => this.pump(),
      () => this.showPosition("unknown", this.board.msg("play.verdict.off")),
    );
  }

  /** Forgets the shown position's jobs (a new position, or none). */
  clear() {
    this.gen += 1;
    this.jobs = [];
    this.items = [];
    this.position = null;
    this.line = [];
    if (this.list) this.list.replaceChildren();
    if (this.progress) this.progress.textContent = "";
    if (this.lineBox) this.lineBox.hidden = true;
    if (this.think) this.think.disabled = true;
    if (this.note) this.note.textContent = "";
    if (this.out) this.out.textContent = "";
    const r = this.running;
    if (r && r.seconds >= RESTART_AFTER_S && this.client) {
      this.running = null;
      this.client.restart().then(() => this.pump(), () => {});
    }
  }

  /** A valid position and its actions (pyworker/analysis.py `actions`).
   * @param {Record<string, any>} a */
  show(a) {
    this.clear();
    const position = this.board.s.position;
    if (!position) return;
    this.position = position;
    this.level = 0;
    this.openedAt = performance.now();
    this.firstVerdictMs = this.listMs = null;
    /** @type {Action[]} */
    const actions = a.actions || [];
    this.items = actions.map((action) => ({
      move: action.move,
      li: this.item(action),
      verdict: /** @type {Verdict} */ ("pending"),
      state: action.state,
      pass: 0,
    }));
    if (this.list) this.list.replaceChildren(...this.items.map((i) => i.li));
    this.showPosition("pending");
    if (!actions.length) {
      if (this.progress) this.progress.textContent = this.board.msg("analysis.moves.none");
    }
    this.queue(-1, position, POSITION_BUDGETS[0]);
    this.items.forEach((it, i) => this.queue(i, it.state, MOVE_BUDGETS[0]));
    this.count();
    this.start();
    this.pump();
  }

  /** @param {Action} action @returns {HTMLElement} */
  item(action) {
    const li = document.createElement("li");
    li.setAttribute("data-move", action.move);
    li.setAttribute("data-verdict", "pending");
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("data-action", "play-move");
    button.textContent = action.text;
    const verdict = document.createElement("span");
    verdict.className = "cc-move-verdict";
    verdict.textContent = this.board.msg("analysis.move.pending");
    li.append(button, " ", verdict);
    return li;
  }

  /** @param {number} item @param {State} state @param {number} seconds */
  queue(item, state, seconds) {
    this.jobs.push({ item, state, seconds, gen: this.gen });
  }

  pump() {
    const client = this.client;
    if (this.running || !client || !client.worker) return;
    const job = this.jobs.shift();
    if (!job) return;
    this.running = job;
    const line = job.item < 0;
    client.call("verdict", { state: job.state, seconds: job.seconds, line, lang: this.board.s.lang }).then(
      (answer) => {
        if (this.running === job) this.running = null;
        if (job.gen === this.gen) this.answered(job, answer);
        this.pump();
      },
      (err) => {
        if (this.running === job) this.running = null;
        if (job.gen === this.gen) this.answered(job, { verdict: "unknown" });
        if (err && err.kind === "hung") client.restart().then(() => this.pump(), () => {});
        else this.pump();
      },
    );
  }

  /** @param {Job} job @param {any} answer */
  answered(job, answer) {
    /** @type {Verdict} */
    const v = answer && (answer.verdict === "win" || answer.verdict === "loss") ? answer.verdict : "unknown";
    if (job.item < 0) {
      this.firstVerdictMs = performance.now() - this.openedAt;
      this.showPosition(v);
      if (v === "win" && answer.line) this.showLine(answer.line);
      if (this.think) this.think.disabled = v !== "unknown" || this.level + 1 >= POSITION_BUDGETS.length;
      if (v === "unknown" && this.level + 1 >= POSITION_BUDGETS.length && this.note) {
        this.note.textContent = " " + this.board.msg("analysis.think.longest");
      }
      return;
    }
    const it = this.items[job.item];
    if (!it) return;
    it.verdict = v;
    it.li.setAttribute("data-verdict", v);
    const span = it.li.querySelector(".cc-move-verdict");
    if (span) span.textContent = this.board.msg("analysis.move." + v);
    if (v === "unknown" && it.pass + 1 < MOVE_BUDGETS.length) {
      it.pass += 1;
      this.queue(job.item, it.state, MOVE_BUDGETS[it.pass]);
    }
    this.count();
  }

  /** "Judged so far: 3 of 9." */
  count() {
    if (!this.progress || !this.items.length) return;
    const done = this.items.filter((i) => i.verdict !== "pending").length;
    if (done === this.items.length && this.listMs === null) this.listMs = performance.now() - this.openedAt;
    this.progress.textContent =
      done === this.items.length
        ? this.board.msg("analysis.moves.done")
        : this.board.fmt("analysis.moves.progress", { done, total: this.items.length });
  }

  /** @param {Verdict} v @param {string} [text] */
  showPosition(v, text) {
    this.board.el.setAttribute("data-verdict", v);
    if (this.out) this.out.textContent = text || this.board.msg("play.verdict." + v);
    if (v === "pending" && this.note) {
      this.note.textContent = " " + this.board.fmt("analysis.thinking", { seconds: POSITION_BUDGETS[this.level] });
    } else if (this.note) {
      this.note.textContent = "";
    }
  }

  /** @param {{move: string, text: string}[]} line */
  showLine(line) {
    this.line = line.map((l) => l.move);
    if (this.lineList) {
      this.lineList.replaceChildren(
        ...line.map((l) => {
          const li = document.createElement("li");
          li.textContent = l.text;
          return li;
        }),
      );
    }
    if (this.lineBox) this.lineBox.hidden = false;
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (name === "play-move") {
      const li = button && button.closest("[data-move]");
      const move = li && li.getAttribute("data-move");
      if (move) this.board.playMove(move);
      return true;
    }
    if (name === "line-next") {
      if (this.line.length) this.board.playMove(this.line[0]);
      return true;
    }
    if (name === "think") {
      if (!this.position || this.level + 1 >= POSITION_BUDGETS.length) return true;
      this.level += 1;
      if (this.think) this.think.disabled = true;
      this.showPosition("pending");
      // The position first, then the actions not decided yet, each with the longer look too.
      this.jobs.unshift({ item: -1, state: this.position, seconds: POSITION_BUDGETS[this.level], gen: this.gen });
      this.items.forEach((it, i) => {
        if (it.verdict === "unknown") this.queue(i, it.state, POSITION_BUDGETS[this.level]);
      });
      this.pump();
      return true;
    }
    return false;
  }
}

/* How long a reader's action may wait behind earlier ones for its answer (hostile review #25:
 * 1,000 clicks at 50 a second were all answered, but the last 22-24 s after it was made, and
 * the wait grows with every click the answers cannot keep up with).
 *
 * While Python answers, an action is taken only when the actions already waiting would be
 * answered within MAX_LAG_MS (their number times the running mean of an answer's time). One
 * that is not taken is said at once (the board shows itself busy), and when the queue is empty
 * again the count of actions not taken is said after the last answer: none is lost unsaid.
 * Before Python is up every action is kept (it waits for the start); a board whose answers are
 * in the page (lessons, a try-it's first move) answers at once and never reaches the bound. */
import { q } from "../core/dom.js";
import { format } from "../core/messages.js";
import { busy } from "./render.js";

const MAX_LAG_MS = 1000;
const SLOW_ONE_MS = 500; // one answer slowed by something else (a long task) counts at most this

export class Admission {
  /** @param {import("./board.js").Board} board */
  constructor(board) {
    this.board = board;
    this.waiting = 0; // the reader's actions queued and not answered yet
    this.answerMs = 0; // a running mean of the time an answer takes
    this.refused = 0; // actions not taken since the queue was last empty
  }

  /** True when the reader's action may join the queue; else says so and returns false. */
  admit() {
    const b = this.board;
    if (!b.s.live || this.waiting * this.answerMs <= MAX_LAG_MS) return true;
    this.refused++;
    busy(b.s, true);
    b.say(format(b.msg("ui.busy-refused"), { n: this.refused }), "refused");
    return false;
  }

  /** Queues a reader's action on the board's chain, timing its answer unless `timed` is false
   * (a hint: a search, long by design). @param {() => unknown} job @param {boolean} [timed] */
  run(job, timed = true) {
    const b = this.board;
    this.waiting++;
    return b.enqueue(() => {
      const t0 = performance.now();
      return Promise.resolve(job()).finally(() => {
        if (timed) this.answerMs = 0.8 * this.answerMs + 0.2 * Math.min(SLOW_ONE_MS, performance.now() - t0);
      });
    }).finally(() => {
      this.waiting--;
      if (this.waiting > 0 || !this.refused) return;
      busy(b.s, false);
      const line = q(b.el, '[role="status"]');
      const now = ((line && line.textContent) || "").trim();
      const note = format(b.msg("ui.busy-refused"), { n: this.refused });
      this.refused = 0;
      if (!now.endsWith(note)) b.say(now ? now + " " + note : note, line && line.getAttribute("data-kind"));
    });
  }
}

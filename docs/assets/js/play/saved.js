/* Play pages: the game in progress is never lost (a plugin: board/events.js).
 *
 * After every answer Python sends `saved` = {code, moves} (moves: two characters per action,
 * pyworker/links.py). This plugin writes it
 * - into the URL, `#code=…&moves=…`: replaced after each action, pushed when the reader opens
 *   another deal, so that reload, back/forward and a copied link give back the exact position;
 * - into the browser's storage, one slot per game (Crescent, Canfield), so that coming back to
 *   the Play page without a link resumes the game (play/play.js openFromHash asks kept()).
 * An answer to a request older than the last hash change writes nothing (the last change wins).
 *
 * The URL is written at once, in the answer's own task: a Back pressed right after a move must
 * find the move in the entry it leaves. The storage copy is only read by a later visit, so it is
 * written once the answer is painted (idle time, at most STORE_WAIT_MS later) and at once
 * whenever the page may go away or be read again before that: `pagehide` (a reload, a link
 * followed, Back to another page, the tab closed), the page hidden, a hash change, and kept().
 * Only the newest game waits; nothing the page does in between can read the slot.
 */
import { cancelLater, later } from "../core/dom.js";
import { KEYS, readJSON, writeJSON } from "../core/storage.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */
/** @typedef {{code: string, moves: string}} Game  a game as a link carries it */

const MAX_CODE = 64; // characters; longer is no code of ours
const MAX_MOVES = 20000; // characters; pyworker/links.py refuses longer (MAX_TEXT)
const STORE_WAIT_MS = 300; // the longest the storage copy waits for idle time

/** @param {Game} saved */
function hashOf(saved) {
  return "#code=" + encodeURIComponent(saved.code) + (saved.moves ? "&moves=" + saved.moves : "");
}

export class Saved {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    this.key = KEYS.play(board.s.game);
    this.push = false;
    /** @type {Game | null} the game the storage copy still has to get */
    this.waiting = null;
    /** @type {number | null} */
    this.idle = null;
    /** @type {Game | null} what the board holds (a recovery reopens it) */
    this.lastSaved = null;
    /** @type {string | null} the game's own link (the board's share link) */
    this.linkHash = null;
    /** What the writes cost, for scripts/benchmarks/bench_page.py (bounded). */
    this.times = { url: /** @type {number[]} */ ([]), storage: /** @type {number[]} */ ([]) };
    const flush = () => this.flush();
    window.addEventListener("pagehide", flush);
    window.addEventListener("hashchange", flush);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flush();
    });
  }

  /** The game this browser kept for this board's game, or null (none, refused or damaged).
   * @returns {Game | null} */
  kept() {
    this.flush();
    const v = /** @type {Partial<Game> | null} */ (readJSON(this.key));
    if (!v || typeof v.code !== "string" || v.code.length > MAX_CODE) return null;
    if (typeof v.moves !== "string" || v.moves.length > MAX_MOVES) return null;
    return { code: v.code, moves: v.moves };
  }

  /** Writes the storage copy now, if one is waiting. */
  flush() {
    const kept = this.waiting;
    this.waiting = null;
    if (this.idle !== null) {
      cancelLater(this.idle);
      this.idle = null;
    }
    if (!kept) return;
    const t0 = performance.now();
    // Storage full or refused: the URL still carries the game.
    writeJSON(this.key, { code: kept.code, moves: kept.moves });
    this.timed("storage", performance.now() - t0);
  }

  /** The storage copy of `kept`, once the answer is painted (see the file's comment).
   * @param {Game} kept */
  keep(kept) {
    this.waiting = kept;
    if (this.idle !== null) return;
    this.idle = later(() => {
      this.idle = null;
      this.flush();
    }, STORE_WAIT_MS);
  }

  /** @param {"url" | "storage"} what @param {number} ms */
  timed(what, ms) {
    if (this.times[what].length < 2000) this.times[what].push(ms);
  }

  /** @param {Op} op @param {Args} args */
  request(op, args) {
    // A deal the reader chose (random, typed code, new-game dialog) gets its own history entry.
    const a = /** @type {import("../python/protocol.js").OpenArgs} */ (args);
    if (op === "open") this.push = !!(a.random || a.typed);
  }

  /** Before the board shows the answer: history.replaceState took about twice as long right
   * after the new drawing went in (measured in Chromium), and it is in the answer's own task
   * either way. Also, the link the board shows (shareUrl) is then this answer's.
   * @param {Answer} a @param {Op} op */
  beforeApply(a, op) {
    const gen = this.board.answerGen;
    if (a.saved) {
      this.lastSaved = a.saved;
      this.linkHash = hashOf(a.saved);
    }
    const push = this.push;
    this.push = false;
    // The URL at once, not in idle time: a Back pressed right after a move must still find that
    // move (a test lost it when it was deferred); the storage copy is flushed on pagehide.
    const kept = this.write(a, op, gen, push);
    if (kept) this.keep(kept);
  }

  /** Writes the game's link into the URL (at once); returns the game to keep in storage, or null.
   * @param {Answer} a @param {Op} op @param {number} gen @param {boolean} push
   * @returns {Game | null} */
  write(a, op, gen, push) {
    const board = this.board;
    // No hash change since this request, nor one the page has not heard of yet (the reader's
    // `hashchange` may still be queued behind this answer): else the URL is the reader's.
    const current = gen === board.hashGen && location.hash === board.lastHash;
    if (a.kept) {
      // A bad code left the game as it was: the URL goes back to the game's own.
      if (current && this.linkHash && history.replaceState) {
        history.replaceState(null, "", this.linkHash);
        board.lastHash = location.hash;
      }
      return null;
    }
    if (!a.saved || !current) return null;
    const hash = hashOf(a.saved);
    if (location.hash !== hash && history.replaceState) {
      const t0 = performance.now();
      if (op === "open" && a.opened && push) history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
      this.timed("url", performance.now() - t0);
    }
    board.lastHash = location.hash;
    return a.saved;
  }
}

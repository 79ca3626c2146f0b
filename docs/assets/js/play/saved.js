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
 *
 * Nothing the reader had is lost (hostile review #1, #2): a damaged link is opened as far as it
 * reads (pyworker/ops.py), and when that would replace a different kept game, the answer's
 * `hold` keeps it: neither the URL (the link as typed) nor the slot changes, and the kept game is
 * offered back with a link, until the reader plays on. A write the storage refuses (full,
 * private mode, disabled) is said once, and the slot's older copy is removed rather than left to
 * come back later as if it were the latest (the URL still has the game).
 */
import { cancelLater, later } from "../core/dom.js";
import { format } from "../core/messages.js";
import { KEYS, readJSON, readText, remove, writeJSON } from "../core/storage.js";

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
    /** @type {Game | null} a damaged link's readable part, while the kept game is held back */
    this.held = null;
    /** @type {string | null} that link as typed (the URL while it is held) */
    this.heldHash = null;
    /** @type {string | null} the address when the last `open` was asked */
    this.askedHash = null;
    /** @type {Game | null} a game the board shows whose answer a newer address overtook: not
     * yet in the URL nor in storage (the newer address's own answer decides) */
    this.overtaken = null;
    /** True once the reader was told the storage refuses the game (said once per page). */
    this.refusedSaid = false;
    /** What the writes cost, for scripts/benchmarks/bench_page.py (bounded). */
    this.times = { url: /** @type {number[]} */ ([]), storage: /** @type {number[]} */ ([]) };
    const flush = () => this.flush();
    window.addEventListener("pagehide", flush);
    window.addEventListener("hashchange", flush);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flush();
    });
    // Another tab of this browser wrote the slot (hostile review #22): said, never played here.
    window.addEventListener("storage", (ev) => {
      if (ev.key === this.key || ev.key === null) this.otherTab();
    });
  }

  /** The slot as another tab left it. This tab's game stays on its board (the reader is playing
   * it); when the slot now holds another game, the reader is told so, with a link that opens
   * that game here, and that this tab's next move keeps its own game instead (flush). */
  otherTab() {
    const theirs = this.read();
    const mine = this.lastSaved;
    if (!theirs || (mine && theirs.code === mine.code && theirs.moves === mine.moves)) {
      this.note("tab", null);
      return;
    }
    const msg = (/** @type {string} */ key) => this.board.msg(key);
    this.note("tab", format(msg("play.other-tab"), { code: theirs.code }), theirs, msg("play.other-tab.open"));
  }

  /** The game this browser kept for this board's game, or null (none, refused or damaged).
   * @returns {Game | null} */
  kept() {
    this.flush();
    return this.read();
  }

  /** The slot's game as it is now (kept() writes this tab's waiting game first). @returns {Game | null} */
  read() {
    const v = /** @type {Partial<Game> | null} */ (readJSON(this.key));
    if (!v || typeof v.code !== "string" || v.code.length > MAX_CODE) return null;
    if (typeof v.moves !== "string" || v.moves.length > MAX_MOVES) return null;
    return { code: v.code, moves: v.moves };
  }

  /** What the slot holds when kept() cannot read it as a game (hostile review #15, issue 27
   * item 1: a damaged kept game is repaired and said, never taken for no game and overwritten
   * in silence): its code and moves as they are, for Python to open as far as they read and say
   * what could not be (a code not a string or not ours: "not valid"; moves that are not text go
   * as their JSON, whose first action cannot be read). Null when the slot is empty or kept()
   * reads it. @returns {{code: unknown, moves: string} | null} */
  damaged() {
    if (this.kept()) return null;
    const text = readText(this.key);
    if (!text) return null;
    const v = readJSON(this.key);
    if (!v || typeof v !== "object" || Array.isArray(v)) return { code: null, moves: "" };
    const o = /** @type {Record<string, unknown>} */ (v);
    const moves = o.moves ?? "";
    return { code: o.code ?? null, moves: typeof moves === "string" ? moves : JSON.stringify(moves) };
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
    const value = { code: kept.code, moves: kept.moves };
    // Full: the slot's own older copy may be what fills it, so it is dropped and the write tried
    // again. Still refused: no stale copy is left to be resumed as if it were the latest.
    if (!writeJSON(this.key, value) && (remove(this.key), !writeJSON(this.key, value))) {
      remove(this.key);
      this.refused();
    } else {
      this.note("tab", null); // the slot holds this tab's game again
      if (this.refusedSaid) {
        // The storage keeps the game again (space was freed): the note would now say what is not so.
        this.refusedSaid = false;
        this.note("storage", null);
      }
    }
    this.timed("storage", performance.now() - t0);
  }

  /** Says once that the game now lives only in the link. */
  refused() {
    if (this.refusedSaid) return;
    this.refusedSaid = true;
    this.note("storage", this.board.msg("play.storage-failed"));
  }

  /** A line under the board's status (`what`: "storage", "held" or "tab"); null text removes it.
   * @param {string} what @param {string | null} text @param {Game} [link] @param {string} [label] */
  note(what, text, link, label) {
    const board = this.board.el;
    let p = board.querySelector('[data-role="saved-note"][data-note="' + what + '"]');
    if (text === null) {
      if (p) p.remove();
      return;
    }
    if (!p) {
      p = document.createElement("p");
      p.className = "cc-saved-note";
      p.setAttribute("data-role", "saved-note");
      p.setAttribute("data-note", what);
      const status = board.querySelector('[role="status"]');
      if (status && status.parentNode) status.parentNode.insertBefore(p, status.nextSibling);
      else board.appendChild(p);
    }
    p.textContent = text + " ";
    if (link && label) {
      const a = document.createElement("a");
      a.href = hashOf(link);
      a.textContent = label;
      a.setAttribute("data-role", "resume-kept");
      p.appendChild(a);
    }
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
    // The link this open reads: by its answer the address may hold a newer one.
    if (op === "open") this.askedHash = location.hash;
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
    } else if (op === "open" && a.opened && gen === this.board.hashGen && location.hash === this.board.lastHash) {
      // A #state= position played as a custom game (no code, so no `saved`): its link is the
      // address's own, not the game before it (a refused code would put that one back in the
      // URL, and Copy link would give it).
      this.linkHash = location.hash;
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
    if (a.hold && op === "open") {
      // The kept game stays where it is, and so does the link as typed (a reload tells the same).
      this.held = a.saved || null;
      this.heldHash = this.askedHash;
      this.note("held", a.hold.text, a.hold, a.hold.resume);
      board.lastHash = location.hash;
      return null;
    }
    if (this.held && a.saved && !a.kept && (op === "open" || a.saved.moves !== this.held.moves || a.saved.code !== this.held.code)) {
      // The reader played on (or opened another game): the held game gives way.
      this.held = null;
      this.note("held", null);
    } else if (this.held) {
      // Nothing changed on the board (a bad code refused, a move refused): still held, and the
      // URL goes back to the link as typed, not to its readable part's own link, which a reload
      // would open as whole and keep over the held game.
      if (a.kept && current && this.heldHash !== null && history.replaceState) {
        history.replaceState(null, "", this.heldHash);
        board.lastHash = location.hash;
      }
      return null;
    }
    if (a.kept) {
      // A bad code left the game as it was: the URL goes back to the game's own.
      if (current && this.linkHash && history.replaceState) {
        history.replaceState(null, "", this.linkHash);
        board.lastHash = location.hash;
      }
      // If that game's own answer was overtaken by this address, storage never got it: it does
      // now (fuzz test, crescent seed 27: the board and the URL showed a game the slot lacked).
      const o = this.overtaken;
      const last = this.lastSaved;
      const shown = current && o && last && o.code === last.code && o.moves === last.moves ? last : null;
      this.overtaken = null;
      return shown;
    }
    if (!a.saved || !current) {
      this.overtaken = a.saved && !current ? a.saved : null;
      return null;
    }
    this.overtaken = null;
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

/* Play pages: the game in progress is never lost (a board.js plugin, see Board.emit).
 *
 * After every answer Python sends `saved` = {code, moves} (moves: two characters per action,
 * pyworker/links.py). This plugin writes it
 * - into the URL, `#code=…&moves=…`: replaced after each action, pushed when the reader opens
 *   another deal, so that reload, back/forward and a copied link give back the exact position;
 * - into the browser's storage, one slot per game (Crescent, Canfield), so that coming back to
 *   the Play page without a link resumes the game (board.js openFromHash asks keptGame()).
 * An answer to a request older than the last hash change writes nothing (the last change wins).
 *
 * The URL is written at once, in the answer's own task: a Back pressed right after a move must
 * find the move in the entry it leaves. The storage copy is only read by a later visit, so it
 * is written once the answer is painted (idle time, at most STORE_WAIT_MS later) and at once
 * whenever the page may go away or be read again before that: `pagehide` (a reload, a link
 * followed, Back to another page, the tab closed), the page hidden, a hash change, and
 * keptGame(). Only the newest game waits; nothing the page does in between can read the slot.
 */
(function () {
  "use strict";
  var PREFIX = "cc-play:";
  var MAX_MOVES = 20000; // characters; pyworker/links.py refuses longer
  var STORE_WAIT_MS = 300; // the longest the storage copy waits for idle time

  function storageKey(board) {
    return PREFIX + board.game;
  }

  function read(board) {
    try {
      var raw = window.localStorage.getItem(storageKey(board));
      if (!raw) return null;
      var v = JSON.parse(raw);
      if (!v || typeof v.code !== "string" || v.code.length > 64) return null;
      if (typeof v.moves !== "string" || v.moves.length > MAX_MOVES) return null;
      return { code: v.code, moves: v.moves };
    } catch (e) {
      return null; // storage refused (private mode) or damaged: nothing kept
    }
  }

  function store(board, saved) {
    try {
      window.localStorage.setItem(storageKey(board), JSON.stringify({ code: saved.code, moves: saved.moves }));
    } catch (e) {
      /* storage full or refused: the URL still carries the game */
    }
  }

  function hashOf(saved) {
    return "#code=" + encodeURIComponent(saved.code) + (saved.moves ? "&moves=" + saved.moves : "");
  }

  function Saved(board) {
    var self = this;
    this.board = board;
    this.push = false;
    this.waiting = null; // the game the storage copy still has to get
    this.idle = null;
    board.keptGame = function () {
      self.flush();
      return read(board);
    };
    var flush = function () {
      self.flush();
    };
    window.addEventListener("pagehide", flush);
    window.addEventListener("hashchange", flush);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") self.flush();
    });
  }

  /** Writes the storage copy now, if one is waiting. */
  Saved.prototype.flush = function () {
    var kept = this.waiting;
    this.waiting = null;
    if (this.idle !== null) {
      if (window.cancelIdleCallback) window.cancelIdleCallback(this.idle);
      else clearTimeout(this.idle);
      this.idle = null;
    }
    if (!kept) return;
    var t0 = performance.now();
    store(this.board, kept);
    this.timed("storage", performance.now() - t0);
  };

  /** The storage copy of `kept`, once the answer is painted (see the file's comment). */
  Saved.prototype.keep = function (kept) {
    var self = this;
    this.waiting = kept;
    if (this.idle !== null) return;
    var run = function () {
      self.idle = null;
      self.flush();
    };
    this.idle = window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: STORE_WAIT_MS })
      : setTimeout(run, 0);
  };

  /** What the writes cost, for scripts/benchmarks/bench_page.py (bounded). */
  Saved.prototype.timed = function (what, ms) {
    var times = (this.board.saveTimes = this.board.saveTimes || { url: [], storage: [] });
    if (times[what].length < 2000) times[what].push(ms);
  };

  Saved.prototype.request = function (op, args) {
    // A deal the reader chose (random, typed code, new-game dialog) gets its own history entry.
    if (op === "open") this.push = !!(args.random || args.typed);
  };

  /** Before the board shows the answer: history.replaceState took about twice as long right
   * after the new drawing went in (measured in Chromium), and it is in the answer's own task
   * either way. Also, the link the board shows (board.shareUrl) is then this answer's. */
  Saved.prototype.beforeApply = function (a, op) {
    var board = this.board, gen = board.answerGen;
    if (a.saved) {
      board.lastSaved = a.saved; // what the board holds (a recovery reopens it)
      board.linkHash = hashOf(a.saved);
    }
    var push = this.push;
    this.push = false;
    // The URL at once, not in idle time: a Back pressed right after a move must still find that
    // move (a test lost it when it was deferred); the storage copy is flushed on pagehide.
    var kept = this.write(a, op, gen, push);
    if (kept) this.keep(kept);
  };

  /** Writes the game's link into the URL (at once); returns the game to keep in storage, or null. */
  Saved.prototype.write = function (a, op, gen, push) {
    var board = this.board;
    // No hash change since this request, nor one the page has not heard of yet (the reader's
    // `hashchange` may still be queued behind this answer): else the URL is the reader's.
    var current = gen === board.hashGen && location.hash === board.lastHash;
    if (a.kept) {
      // A bad code left the game as it was: the URL goes back to the game's own.
      if (current && board.linkHash && history.replaceState) {
        history.replaceState(null, "", board.linkHash);
        board.lastHash = location.hash;
      }
      return null;
    }
    if (!a.saved || !current) return null;
    var hash = hashOf(a.saved);
    if (location.hash !== hash && history.replaceState) {
      var t0 = performance.now();
      if (op === "open" && a.opened && push) history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
      this.timed("url", performance.now() - t0);
    }
    board.lastHash = location.hash;
    return a.saved;
  };

  (window.CCPlayPlugins = window.CCPlayPlugins || []).push(function (board) {
    return new Saved(board);
  });
})();

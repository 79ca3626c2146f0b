/* Play pages: the game in progress is never lost (a board.js plugin, see Board.emit).
 *
 * After every answer Python sends `saved` = {code, moves} (moves: two characters per action,
 * pyworker/links.py). This plugin writes it
 * - into the URL, `#code=…&moves=…`: replaced after each action, pushed when the reader opens
 *   another deal, so that reload, back/forward and a copied link give back the exact position;
 * - into the browser's storage, one slot per game (Crescent, Canfield), so that coming back to
 *   the Play page without a link resumes the game (board.js openFromHash asks keptGame()).
 * An answer to a request older than the last hash change writes nothing (the last change wins).
 */
(function () {
  "use strict";
  var PREFIX = "cc-play:";
  var MAX_MOVES = 20000; // characters; pyworker/links.py refuses longer

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
    this.board = board;
    this.push = false;
    board.keptGame = function () {
      return read(board);
    };
  }

  Saved.prototype.request = function (op, args) {
    // A deal the reader chose (random, typed code, new-game dialog) gets its own history entry.
    if (op === "open") this.push = !!(args.random || args.typed);
  };

  Saved.prototype.afterApply = function (a, op) {
    var board = this.board, gen = board.answerGen;
    if (a.saved) {
      board.lastSaved = a.saved; // what the board holds (a recovery reopens it)
      board.linkHash = hashOf(a.saved);
    }
    var push = this.push;
    this.push = false;
    // The URL and the storage at once, not in idle time: a Back pressed, or a page left, right
    // after a move must still find that move (a test lost it both ways when they were deferred).
    var t0 = performance.now();
    var kept = this.write(a, op, gen, push);
    var t1 = performance.now();
    if (kept) store(board, kept);
    // What these synchronous writes cost, for scripts/benchmarks/bench_page.py (bounded).
    var times = (board.saveTimes = board.saveTimes || []);
    if (times.length < 2000) times.push({ url: t1 - t0, storage: performance.now() - t1 });
  };

  /** Writes the game's link into the URL; returns the game to keep in storage, or null. */
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
      if (op === "open" && a.opened && push) history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
    }
    board.lastHash = location.hash;
    return a.saved;
  };

  (window.CCPlayPlugins = window.CCPlayPlugins || []).push(function (board) {
    return new Saved(board);
  });
})();

/* Play pages: a player's comforts (a board.js plugin).
 *
 * - Cards glide from where they were to where they went (120 ms), after the new position is
 *   already shown and announced: the feedback never waits for the animation, and positions
 *   are read from the drawing's attributes, so no layout is forced. None when the reader
 *   prefers reduced motion. The reader's next action ends a glide still running (the card
 *   jumps to where it went): its frames would otherwise be painted while that action is
 *   answered, on the same main thread.
 * - A short celebration when a game is won (CSS, none with reduced motion).
 * - Personal statistics per game, kept in this browser: games played (a game counts once its
 *   first action is played), won, best score (Canfield) or fewest moves (Crescent), best time,
 *   current winning streak (a game left unfinished for another deal ends it); a button clears
 *   them.
 * Also loads the Play page's stylesheet (assets/css/play.css).
 */
(function () {
  "use strict";
  var GLIDE_MS = 120;
  var CELEBRATION_MS = 1600;

  (function stylesheet() {
    var root = window.CCLive && window.CCLive.ROOT;
    if (!root || document.querySelector("link[data-cc-play-css]")) return;
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = root + "assets/css/play.css";
    link.setAttribute("data-cc-play-css", "");
    document.head.appendChild(link);
  })();

  /** Asked at each move (the reader may change the setting while playing). */
  function still() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  /** The top `n` cards drawn in a place (card groups are translated <g>s; the stock is a <use>). */
  function topCards(board, place, n) {
    var g = board.placeElement(place);
    if (!g) return [];
    var cards = g.querySelectorAll(":scope > g[transform], :scope > use");
    return Array.prototype.slice.call(cards, Math.max(0, cards.length - n));
  }

  function placesOf(move) {
    if (move === "draw") return { src: "stock", dst: "W", n: 1 };
    var i = move.indexOf(">");
    if (i < 0) return null;
    var head = move.slice(0, i), dst = move.slice(i + 1), n = 1, c = head.indexOf(":");
    if (c >= 0) {
      n = parseInt(head.slice(c + 1), 10) || 1;
      head = head.slice(0, c);
    }
    return { src: head, dst: dst, n: n };
  }

  function translateOf(el) {
    var m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(el.getAttribute("transform") || "");
    return m ? [parseFloat(m[1]), parseFloat(m[2])] : [0, 0];
  }

  /** How far a place is moved by CSS (a narrow arrangement, diagrams/crescent_rows.py): a
   * card's spot in one place, plus this, less the other's, is its spot in the other. */
  function shiftOf(board, place) {
    var out = [0, 0];
    var g = board.placeElement(place);
    if (!g || !window.DOMMatrixReadOnly) return out;
    // The place's own move, and its zone's (the foundations move as one block).
    var zone = g.parentNode && g.parentNode.hasAttribute && g.parentNode.hasAttribute("data-zone") ? g.parentNode : null;
    [g, zone].forEach(function (el) {
      var m = el ? getComputedStyle(el).transform : "none";
      if (!m || m === "none") return;
      var d = new DOMMatrixReadOnly(m);
      out[0] += d.e;
      out[1] += d.f;
    });
    return out;
  }

  function later(fn) {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: 300 });
    else setTimeout(fn, 0);
  }

  // ---- statistics ----------------------------------------------------------------------------

  function statsKey(board) {
    return "cc-stats:" + board.game;
  }

  function emptyStats() {
    return { played: 0, won: 0, best: null, bestTime: null, streak: 0, current: null };
  }

  function readStats(board) {
    try {
      var v = JSON.parse(window.localStorage.getItem(statsKey(board)) || "null");
      if (v && typeof v.played === "number") return v;
    } catch (e) {
      /* none kept */
    }
    return emptyStats();
  }

  function writeStats(board, s) {
    try {
      window.localStorage.setItem(statsKey(board), JSON.stringify(s));
    } catch (e) {
      /* shown for this visit only */
    }
  }

  function clock(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function Comfort(board) {
    this.board = board;
    this.from = null;
    this.wasWon = false;
    this.stats = readStats(board);
    this.showStats();
  }

  /** Where a card is drawn, in the drawing's own units, read from its attributes: a card group's
   * translate(x,y), the stock's <use x y>. No layout is read, so nothing forces one. */
  function spotOf(el) {
    if (el.tagName.toLowerCase() === "use") {
      return [parseFloat(el.getAttribute("x")) || 0, parseFloat(el.getAttribute("y")) || 0];
    }
    return translateOf(el);
  }

  /** A new request: the glides of the last answer end now (see the file's comment). */
  Comfort.prototype.request = function () {
    this.asked = (this.asked || 0) + 1; // a glide not started yet never starts
    var running = this.glides;
    this.glides = null;
    if (!running) return;
    for (var i = 0; i < running.length; i++) {
      try {
        running[i].finish();
      } catch (e) {
        /* already gone with its element */
      }
    }
  };

  Comfort.prototype.beforeApply = function (a) {
    this.from = null;
    if (!a.played || !a.svg || still()) return;
    var p = placesOf(a.played);
    if (!p) return;
    var cards = topCards(this.board, p.src, p.n);
    if (!cards.length) return;
    this.from = { p: p, spots: cards.map(spotOf), shift: shiftOf(this.board, p.src) };
  };

  Comfort.prototype.afterApply = function (a, op) {
    var from = this.from, self = this;
    this.from = null;
    // The glide starts in the next frame, before it is painted; the statistics wait for idle
    // time: neither is part of the move's own feedback.
    if (from) {
      var asked = this.asked;
      requestAnimationFrame(function () {
        if (self.asked === asked) self.glide(from);
      });
    }
    if (a.state) {
      var timer = this.board.timer ? this.board.timer.frozen : null;
      later(function () {
        self.count(a, op, timer);
      });
    }
  };

  Comfort.prototype.glide = function (from) {
    var cards = topCards(this.board, from.p.dst, from.spots.length);
    if (cards.length !== from.spots.length) return;
    var glides = (this.glides = []);
    var to = shiftOf(this.board, from.p.dst);
    cards.forEach(function (card, i) {
      if (!card.animate || card.tagName.toLowerCase() !== "g") return;
      var was = from.spots[i], now = translateOf(card);
      was = [was[0] + from.shift[0] - to[0], was[1] + from.shift[1] - to[1]];
      if (Math.abs(was[0] - now[0]) + Math.abs(was[1] - now[1]) < 1) return;
      // CSS transform replaces the SVG attribute while it runs, so both ends are the card's own
      // translation (before, then after); when the animation ends the attribute rules again.
      glides.push(card.animate([
        { transform: "translate(" + was[0] + "px," + was[1] + "px)" },
        { transform: "translate(" + now[0] + "px," + now[1] + "px)" },
      ], { duration: GLIDE_MS, easing: "ease-out" }));
    });
  };

  Comfort.prototype.count = function (a, op, secs) {
    var board = this.board, s = this.stats, state = a.state;
    var code = a.saved ? a.saved.code : board.code;
    // A game is its deal: reopening the same code (a reload, a link) is the same game.
    if (!s.current || s.current.code !== code) {
      if (s.current && s.current.counted && !s.current.won) s.streak = 0; // left unfinished
      s.current = { code: code, counted: false, won: false };
    }
    if (a.played && !s.current.counted) {
      s.current.counted = true;
      s.played += 1;
    }
    var won = state.status === "won";
    if (won && !s.current.won && s.current.counted) {
      s.current.won = true;
      s.won += 1;
      s.streak += 1;
      var mark = board.game === "canfield" ? state.score : state.moves;
      if (s.best === null || (board.game === "canfield" ? mark > s.best : mark < s.best)) s.best = mark;
      if (secs !== null && (s.bestTime === null || secs < s.bestTime)) s.bestTime = secs;
    }
    if (won && !this.wasWon && a.played) this.celebrate();
    this.wasWon = won;
    writeStats(board, s);
    this.showStats();
  };

  Comfort.prototype.celebrate = function () {
    var el = this.board.el;
    this.celebrations = (this.celebrations || 0) + 1;
    el.setAttribute("data-celebrated", String(this.celebrations)); // for tests: the class is brief
    el.classList.remove("is-celebrating");
    void el.offsetWidth;
    el.classList.add("is-celebrating");
    setTimeout(function () {
      el.classList.remove("is-celebrating");
    }, CELEBRATION_MS);
  };

  Comfort.prototype.showStats = function () {
    var board = this.board, s = this.stats, none = board.msg("play.stats.none");
    var values = {
      played: String(s.played),
      won: String(s.won),
      best: s.best === null ? none : String(s.best),
      bestTime: s.bestTime === null ? none : clock(s.bestTime),
      streak: String(s.streak),
    };
    Array.prototype.forEach.call(board.el.querySelectorAll("[data-stat]"), function (dd) {
      var k = dd.getAttribute("data-stat");
      if (Object.prototype.hasOwnProperty.call(values, k)) dd.textContent = values[k];
    });
  };

  Comfort.prototype.action = function (name) {
    if (name !== "clear-stats") return false;
    var current = this.stats.current;
    this.stats = emptyStats();
    this.stats.current = current ? { code: current.code, counted: true, won: current.won } : null;
    try {
      window.localStorage.removeItem(statsKey(this.board));
    } catch (e) {
      /* nothing kept anyway */
    }
    this.showStats();
    var note = this.board.el.querySelector('[data-role="stats-note"]');
    if (note) note.textContent = this.board.msg("play.stats.cleared");
    return true;
  };

  (window.CCPlayPlugins = window.CCPlayPlugins || []).push(function (board) {
    return new Comfort(board);
  });
})();

/* Play pages: can the game still be won? (a board.js plugin)
 *
 * After every action the board's position goes to a SECOND Python worker, which runs the
 * solver with a small budget (pyworker/verdict.py), so a search never delays a move. The board
 * carries the answer in `data-verdict` (CONTRACT.md): "pending" while the solver works on the
 * current position, then "win", "loss" (proved) or "unknown" (not decided in the budget).
 *
 * Cost on a phone: a second Pyodide is a second WebAssembly instance (tens of MB) and a boot of
 * a few seconds of CPU, so it starts only once the board is live and the reader pauses, and it
 * works on one position at a time: while it searches, only the newest position waits (older
 * ones are dropped), and an answer about a position no longer shown is discarded. An "unknown"
 * gets one second look with a longer budget while the position stays the same.
 *
 * When the verdict of the reader's position is "loss" and an earlier position of this game
 * was "win", the board says so and offers to undo back to the last winnable position.
 */
(function () {
  "use strict";
  var BUDGETS = [1.0, 4.0]; // seconds of search: a first answer, then one longer look
  // The solver works while the reader thinks, not while they click: its worker boots once the
  // board is live and the reader has paused, and a position is sent after a pause too. On a
  // phone (and on a busy machine) its CPU would otherwise slow the board's own answers.
  var START_DELAY_MS = 1500; // quiet time after the board is live (or the last action) to boot
  var QUIET_MS = 400; // quiet time after an action before its position goes to the solver

  function Verdict(board) {
    this.board = board;
    this.client = null;
    this.busy = false;
    this.next = null; // the newest position waiting for the worker
    this.current = null; // key of the position on the board
    this.wins = {}; // moves text -> true for positions found winnable (this deal)
    this.losses = {}; // and proved lost
    this.dealCode = null;
    this.off = false;
    this.box = board.el.querySelector('[data-role="verdict-box"]');
    this.out = board.el.querySelector('[data-role="verdict"]');
    this.note = board.el.querySelector('[data-role="verdict-note"]');
    this.undoButton = board.el.querySelector('[data-action="undo-to-winnable"]');
    this.backTo = 0; // actions to undo for the last winnable position
  }

  Verdict.prototype.live = function () {
    this.isLive = true;
    this.schedule(START_DELAY_MS);
  };

  /** After `ms` with no new action: boot the worker if need be, then send the newest position. */
  Verdict.prototype.schedule = function (ms) {
    var self = this;
    if (!this.isLive) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(function () {
      self.timer = null;
      if (self.client) self.pump();
      else self.startClient();
    }, ms);
  };

  Verdict.prototype.startClient = function () {
    var self = this, cc = this.board.cc;
    if (this.client || !cc.PyClient) return;
    this.client = new cc.PyClient("verdict");
    this.startedAt = performance.now();
    this.client.start().then(
      function () {
        self.bootMs = performance.now() - self.startedAt;
        self.pump();
      },
      function (err) {
        console.warn("verdict: the solver's worker could not start", err && err.message);
        self.off = true;
        self.show("unknown", self.board.msg("play.verdict.off"));
      }
    );
  };

  Verdict.prototype.afterApply = function (a, op) {
    if (!a.state || !a.saved || a.kept) return;
    var key = a.saved.code + "|" + a.saved.moves;
    if (a.saved.code !== this.dealCode) {
      this.dealCode = a.saved.code;
      this.wins = {};
      this.losses = {};
    }
    if (key === this.current) return; // a refusal or a selection: same position
    this.current = key;
    this.moves = a.saved.moves;
    this.hideOffer();
    if (this.off) return;
    if (a.state.status === "won" || this.wins[a.saved.moves] || this.losses[a.saved.moves]) {
      // Won, or a position of this deal already decided (an undo back to it): no new search.
      var known = this.losses[a.saved.moves] ? "loss" : "win";
      this.answered({ key: key, moves: a.saved.moves }, { verdict: known });
      return;
    }
    this.show("pending");
    this.next = { key: key, moves: a.saved.moves, state: a.state, budget: 0 };
    this.schedule(this.client ? QUIET_MS : START_DELAY_MS);
  };

  /** Sends the newest waiting position, if the worker is up and idle. */
  Verdict.prototype.pump = function () {
    var self = this;
    if (this.busy || this.timer || !this.next || !this.client || !this.client.worker) return;
    var job = this.next;
    this.next = null;
    this.busy = true;
    var t0 = performance.now();
    this.client.call("verdict", { state: job.state, seconds: BUDGETS[job.budget] }).then(
      function (answer) {
        self.busy = false;
        job.ms = performance.now() - t0;
        self.answered(job, answer);
        self.pump();
      },
      function (err) {
        self.busy = false;
        console.warn("verdict:", err && err.message);
        if (job.key === self.current) self.show("unknown");
        if (err && err.kind === "hung") self.client.restart().then(function () { self.pump(); }, function () {});
        else self.pump();
      }
    );
  };

  Verdict.prototype.answered = function (job, answer) {
    var v = answer && answer.verdict;
    if (v !== "win" && v !== "loss") v = "unknown";
    if (v === "win") this.wins[job.moves] = true;
    if (v === "loss") this.losses[job.moves] = true;
    if (job.key !== this.current) return; // stale: the board has moved on
    if (v === "unknown" && job.budget !== undefined && job.budget + 1 < BUDGETS.length && !this.next) {
      // Not decided quickly: one longer look while the reader thinks (still "pending").
      this.next = { key: job.key, moves: job.moves, state: job.state, budget: job.budget + 1 };
      return;
    }
    if (window.CCVerdictTimes && job.ms !== undefined) window.CCVerdictTimes.push(job.ms);
    this.show(v);
    if (v === "loss") this.offerUndo(job.moves);
  };

  Verdict.prototype.show = function (v, text) {
    this.board.el.setAttribute("data-verdict", v);
    if (this.out) this.out.textContent = text || this.board.msg("play.verdict." + v);
    if (this.box) this.box.setAttribute("data-verdict", v);
  };

  /** After a proved loss: the last winnable position of this game, if one is known. */
  Verdict.prototype.offerUndo = function (moves) {
    for (var n = moves.length - 2; n >= 0; n -= 2) {
      if (this.wins[moves.slice(0, n)]) {
        this.backTo = (moves.length - n) / 2;
        if (this.note) this.note.textContent = " " + this.board.msg("play.verdict.lost-here");
        if (this.undoButton) this.undoButton.hidden = false;
        return;
      }
    }
  };

  Verdict.prototype.hideOffer = function () {
    this.backTo = 0;
    if (this.note) this.note.textContent = "";
    if (this.undoButton) this.undoButton.hidden = true;
  };

  Verdict.prototype.action = function (name) {
    if (name !== "undo-to-winnable") return false;
    var board = this.board, count = this.backTo;
    if (!count || !board.ensureLive()) return true;
    board.enqueue(function () {
      board.selected = null;
      board.markSelected();
      return board.ask("undo", { count: count });
    });
    return true;
  };

  (window.CCPlayPlugins = window.CCPlayPlugins || []).push(function (board) {
    var v = new Verdict(board);
    board.verdict = v; // for the page benchmark and tests: boot time, worker
    return v;
  });
})();

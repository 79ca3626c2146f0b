/* Lessons (rules pages) and puzzles (Puzzles page), and the reader's progress (home page).
 * Classic script, loaded by boot.js after board.js.
 *
 * A lesson or puzzle board plays like any live board (board.js: clicks, drags, keyboard,
 * role="status"), but every answer was computed at build time by the engine
 * (sitegen/learn_tree.py): a small file (data-answers, fetched as the board nears the viewport)
 * holds a tree of positions and, for each, the answer to every tap and every drop. So every
 * click is answered at once, with no Python at all; a move off the tree comes with its reason
 * (a lesson's goal, a puzzle's refutation).
 *
 * Progress (lessons done, puzzles solved) is kept in localStorage under one key, read by the
 * home page's [data-progress] summary, which can also clear it.
 */
(function () {
  "use strict";
  var kinds = (window.CCLiveKinds = window.CCLiveKinds || {});
  var STORE_KEY = "cc-learn-progress";

  function q(el, sel) {
    return el.querySelector(sel);
  }

  // ---- progress ---------------------------------------------------------------------------

  var progress = {
    read: function () {
      try {
        var data = JSON.parse(window.localStorage.getItem(STORE_KEY) || "{}");
        return { lessons: data.lessons || {}, puzzles: data.puzzles || {} };
      } catch (e) {
        return { lessons: {}, puzzles: {} }; // storage refused (private mode) or damaged
      }
    },
    mark: function (family, id) {
      var data = progress.read();
      data[family][id] = true;
      try {
        window.localStorage.setItem(STORE_KEY, JSON.stringify(data));
      } catch (e) {
        /* nothing kept: the page still works */
      }
    },
    clear: function () {
      try {
        window.localStorage.removeItem(STORE_KEY);
      } catch (e) {
        /* nothing to clear */
      }
    },
  };

  function unpackSvg(packed, index) {
    var parts = packed.svgs[index], out = "";
    for (var i = 0; i < parts.length; i++) out += packed.chunks[parts[i]];
    return out;
  }

  // ---- a lesson or puzzle board -----------------------------------------------------------

  function Learn(el, cc) {
    kinds.Board.call(this, el, cc, "learn");
    var self = this;
    this.family = el.hasAttribute("data-puzzle") ? "puzzles" : "lessons";
    this.ident = el.getAttribute(this.family === "puzzles" ? "data-puzzle" : "data-lesson");
    // The build's answers are a file (data-answers), fetched when the board comes near the
    // viewport (as try-its do); a click that comes first waits for them, it is never dropped.
    this.answersUrl = el.getAttribute("data-answers");
    this.data = null;
    this.answersReady = null;
    this.path = [0]; // indices of the nodes passed through; the last one is shown
    this.live = true; // no Python to wait for: every answer is in the build's file
    this.refutation = null; // {index, step} while a puzzle's refutation is shown
    this.state = JSON.parse(el.getAttribute("data-state") || "null");
    el.setAttribute("data-live", "true");
    if (progress.read()[this.family][this.ident]) this.showBadge();
    // A reader at the board: its drawing now (else it comes in idle time; see loadAnswers).
    ["pointerenter", "focusin", "touchstart"].forEach(function (type) {
      el.addEventListener(type, function () {
        self.loadAnswers().then(function () {
          self.draw();
        });
      }, { passive: true });
    });
    if (window.IntersectionObserver) {
      var seen = new IntersectionObserver(function (entries) {
        for (var i = 0; i < entries.length; i++) {
          if (entries[i].isIntersecting) {
            seen.disconnect();
            self.loadAnswers();
            return;
          }
        }
      }, { rootMargin: "800px 0px" });
      seen.observe(el);
    } else {
      this.loadAnswers();
    }
  }
  Learn.prototype = Object.create(kinds.Board.prototype);

  /** Fetches the build's answers once; resolves with them (null when they cannot come). */
  Learn.prototype.loadAnswers = function () {
    var self = this;
    if (this.answersReady) return this.answersReady;
    this.answersReady = fetch(new URL(this.answersUrl, this.cc.ROOT).href)
      .then(function (r) {
        if (!r.ok) throw new Error(self.answersUrl + ": HTTP " + r.status);
        return r.json();
      })
      .then(
        function (data) {
          self.data = data;
          // The page showed a picture of the board (sitegen/pictures.py): the drawing, whose
          // places take clicks, keys and drags, replaces it when the page is idle (boards that
          // arrive while the page loads would otherwise lengthen its busy start), or at once
          // when the reader comes to the board first.
          if (window.requestIdleCallback) {
            window.requestIdleCallback(function () {
              self.draw();
            }, { timeout: 3000 });
          } else {
            self.draw();
          }
          self.syncButtons();
          return data;
        },
        function (err) {
          console.warn(String(err && err.message ? err.message : err));
          self.say(self.msg("ui.python-error"), "error");
          return null;
        }
      );
    return this.answersReady;
  };

  /** Puts the board's drawing in place of its picture, once the answers are here. */
  Learn.prototype.draw = function () {
    if (this.data && this.picture()) this.showDrawing(unpackSvg(this.data.packed, this.current().svg_ref));
  };

  /** The drawing comes with the answers (see loadAnswers). */
  Learn.prototype.whenDrawn = function () {
    var self = this;
    return this.loadAnswers().then(function (data) {
      if (data) self.draw();
      return !!data && !self.picture();
    });
  };

  Learn.prototype.ensureLive = function () {
    return true;
  };

  Learn.prototype.current = function () {
    return this.data.nodes[this.path[this.path.length - 1]];
  };

  Learn.prototype.showBadge = function () {
    var badge = q(this.el, '[data-role="badge"]');
    if (badge) badge.hidden = false;
  };

  /** The answer the build computed for `op` on the shown position (null: none). */
  Learn.prototype.lookup = function (op, args) {
    var node = this.current();
    var index;
    if (op === "tap" && node.tap) index = node.tap[args.place];
    else if (op === "drop" && node.drop) index = node.drop[args.src] ? node.drop[args.src][args.dst] : undefined;
    else if (op === "redeal") index = node.redeal;
    if (index === undefined || index === null) return null;
    var answer = JSON.parse(JSON.stringify(this.data.responses[index]));
    if (answer.svg_ref !== undefined) {
      answer.svg = unpackSvg(this.data.packed, answer.svg_ref);
      delete answer.svg_ref;
    }
    return answer;
  };

  Learn.prototype.ask = function (op, args) {
    var self = this;
    args = args || {};
    if (!this.data) {
      // Queued behind the answers' arrival (the board's chain holds later clicks behind it).
      this.busy(true);
      this.say(this.msg("ui.answers-loading"), "info");
      return this.loadAnswers().then(function (data) {
        self.busy(false);
        return data ? self.ask(op, args) : null;
      });
    }
    if (this.el.getAttribute("data-done") === "true" || this.refutation) {
      // The goal is reached (or a refutation is on show): the board rests until reset.
      this.say(this.msg(this.refutation ? "learn.refutation-reset" : "learn.already-done"), "info");
      return Promise.resolve(null);
    }
    var answer = this.lookup(op, args);
    if (!answer) return Promise.resolve(null);
    if (answer.refused && args.quiet) {
      answer = { selected: null, message: this.msg("ui.deselected"), kind: "info" };
    } else if (answer.refused) {
      answer.refused.place = args.dst || args.place;
    }
    if (answer.node !== undefined) {
      this.path.push(answer.node);
      answer.state = this.data.nodes[answer.node].state;
    }
    this.apply(answer, op);
    if (answer.refutation !== undefined) this.startRefutation(answer.refutation);
    if (answer.done) this.finish();
    this.syncButtons();
    return Promise.resolve(answer);
  };

  /** Shows node `index` of the tree (after an undo or a reset), with `message`. */
  Learn.prototype.showNode = function (message) {
    var node = this.current();
    this.selected = null;
    this.clearHint();
    this.apply({
      svg: unpackSvg(this.data.packed, node.svg_ref),
      state: node.state,
      labels: node.labels || {},
      message: message,
      kind: "info",
      selected: null,
    });
    this.syncButtons();
  };

  Learn.prototype.syncButtons = function () {
    if (!this.data) return;
    var done = this.el.getAttribute("data-done") === "true";
    var node = this.current();
    var disabled = node.disabled || {};
    Array.prototype.forEach.call(this.el.querySelectorAll("[data-action]"), function (b) {
      var action = b.getAttribute("data-action");
      if (action === "undo") b.disabled = this.path.length < 2 || done || !!this.refutation;
      else if (action === "redeal" || action === "draw") b.disabled = done || !!this.refutation || !!disabled[action];
    }, this);
  };

  Learn.prototype.finish = function () {
    this.el.setAttribute("data-done", "true");
    var done = q(this.el, '[data-role="done"]');
    if (done) done.hidden = false;
    progress.mark(this.family, this.ident);
    this.showBadge();
  };

  Learn.prototype.action = function (name) {
    var self = this;
    if (!this.data && name !== "draw" && name !== "redeal") {
      // Nothing played yet: undo has nothing to take back, reset nothing to undo.
      if (name === "undo") this.say(this.msg("reason.nothing-to-undo"), "refused");
      return;
    }
    switch (name) {
      case "undo":
        if (this.path.length < 2 || this.el.getAttribute("data-done") === "true") {
          this.say(this.msg("reason.nothing-to-undo"), "refused");
          return;
        }
        this.path.pop();
        this.showNode(this.msg("ui.undone"));
        return;
      case "reset":
        this.reset();
        return;
      case "draw":
        this.enqueue(function () {
          self.selected = null;
          self.markSelected();
          return self.ask("tap", { place: "stock" });
        });
        return;
      case "redeal":
        this.enqueue(function () {
          self.selected = null;
          self.markSelected();
          return self.ask("redeal", {});
        });
        return;
      case "ref-prev":
      case "ref-next":
        this.stepRefutation(name === "ref-next" ? 1 : -1);
        return;
    }
  };

  Learn.prototype.reset = function () {
    this.path = [0];
    this.refutation = null;
    var box = q(this.el, '[data-role="refutation"]');
    if (box) box.hidden = true;
    this.el.removeAttribute("data-done");
    this.el.removeAttribute("data-refuted");
    var done = q(this.el, '[data-role="done"]');
    if (done) done.hidden = true;
    this.showNode(this.msg("ui.reset-done"));
  };

  // ---- a puzzle's refutation: the line that shows why a wrong move loses --------------------

  Learn.prototype.startRefutation = function (index) {
    this.refutation = { index: index, step: 0 };
    this.el.setAttribute("data-refuted", "true");
    var box = q(this.el, '[data-role="refutation"]');
    // A move lost at once (nothing left to play) has no line to step through.
    if (box) box.hidden = this.data.refutations[index].captions.length === 0;
    this.showRefutationStep();
  };

  Learn.prototype.stepRefutation = function (delta) {
    if (!this.refutation) return;
    var line = this.data.refutations[this.refutation.index];
    var step = this.refutation.step + delta;
    if (step < 0 || step > line.captions.length) return;
    this.refutation.step = step;
    this.showRefutationStep();
    var caption = step === 0 ? line.start : line.captions[step - 1];
    this.say(caption, step === line.captions.length ? "refused" : "info");
  };

  Learn.prototype.showRefutationStep = function () {
    var r = this.refutation;
    var line = this.data.refutations[r.index];
    this.swapSvg(unpackSvg(this.data.packed, line.svgs[r.step]));
    var total = line.captions.length;
    this.setText('[data-role="ref-counter"]', this.msg("ui.replay-counter").replace("{step}", r.step).replace("{total}", total));
    var prev = q(this.el, '[data-action="ref-prev"]'), next = q(this.el, '[data-action="ref-next"]');
    if (prev) prev.disabled = r.step === 0;
    if (next) next.disabled = r.step === total;
  };

  // ---- the home page's summary of progress ----------------------------------------------------

  function Progress(el, cc) {
    this.el = el;
    this.msgs = cc.uiMessages(el);
    var self = this;
    this.render();
    el.addEventListener("click", function (ev) {
      var b = ev.target.closest && ev.target.closest('[data-action="clear-progress"]');
      if (!b) return;
      progress.clear();
      self.render();
      var status = q(el, '[role="status"]');
      if (status) status.textContent = self.msgs["learn.progress.cleared"] || "";
    });
  }

  Progress.prototype.render = function () {
    var data = progress.read();
    var el = this.el, msgs = this.msgs;
    ["lessons", "puzzles"].forEach(function (family) {
      var items = el.querySelectorAll('[data-learn-item="' + family + '"]');
      var done = 0;
      Array.prototype.forEach.call(items, function (item) {
        var ok = !!data[family][item.getAttribute("data-id")];
        if (ok) done++;
        item.toggleAttribute("data-done", ok);
      });
      var text = (msgs["learn.progress." + family] || "{done}/{total}").replace("{done}", done).replace("{total}", items.length);
      Array.prototype.forEach.call(el.querySelectorAll('[data-role="count-' + family + '"]'), function (n) {
        n.textContent = text;
      });
    });
  };

  kinds.learn = Learn;
  kinds.progress = Progress;
  kinds.learnProgress = progress;
})();

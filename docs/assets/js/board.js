/* Live boards (Play pages) and try-it diagrams (rules pages). Classic script, loaded by boot.js.
 *
 * The board never decides anything about the game: a click sends a place to Python
 * (pyworker.tap / pyworker.drop in the worker) and the answer — an SVG drawn by
 * diagrams.render_svg, the state, and sentences already in the page's language — is shown as
 * it comes. Text from the reader (the URL hash, the code field) only ever travels to Python as
 * a JSON string and comes back through textContent; it is never parsed as HTML.
 *
 * The SVG that Python returns is trusted markup of our own (cards, places, localized labels that
 * diagrams/ escapes), so it is swapped in with innerHTML.
 */
(function () {
  "use strict";
  var boardCount = 0;
  var DRAG_THRESHOLD_PX = 6;
  var NAV_KEYS = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"];

  function q(el, sel) {
    return el.querySelector(sel);
  }

  function cssEscape(s) {
    return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&");
  }

  /** `#code=X&moves=a,b` → {code: "X", moves: "a,b"}; no "+" → " " (moves contain "S+"). */
  function parseHash(hash) {
    var out = {};
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      if (!part) return;
      var i = part.indexOf("=");
      var key = i < 0 ? part : part.slice(0, i);
      var value = i < 0 ? "" : part.slice(i + 1);
      try {
        out[decodeURIComponent(key)] = decodeURIComponent(value);
      } catch (e) {
        out[key] = value; // a malformed escape stays as typed; Python will refuse it
      }
    });
    return out;
  }

  function formatClock(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  /**
   * One board element: [data-board] on a Play page (mode "play", live at once) or
   * [data-tryit] on a rules page (mode "tryit": precomputed first answers, Python on demand).
   */
  function Board(el, cc, mode) {
    this.el = el;
    this.cc = cc;
    this.mode = mode;
    this.game = el.getAttribute("data-board");
    this.lang = el.getAttribute("data-lang") || document.documentElement.lang || "en";
    this.id = "board" + ++boardCount;
    this.diagramId = el.getAttribute("data-diagram-id") || this.id;
    this.msgs = cc.uiMessages(el);
    this.svgBox = q(el, '[data-role="svg"]');
    this.status = q(el, '[role="status"]');
    this.selected = null;
    this.live = false; // Python holds this board's game
    this.failed = null;
    this.chain = Promise.resolve();
    this.timer = { start: null, handle: null, frozen: 0 };
    this.drag = null;
    this.suppressClickUntil = 0;
    this.code = el.getAttribute("data-default-code") || null;
    this.tabStop = null; // the place holding the board's one tab stop (roving tabindex)
    // Play pages' features live in their own files (saved.js, settings.js, verdict.js,
    // comfort.js): each registers in window.CCPlayPlugins and is told about requests and answers.
    this.plugins = [];
    this.hashGen = 0;   // bumped by every hash change: answers to older requests leave the URL alone
    this.answerGen = 0; // the hashGen of the request being applied
    this.bindEvents();
    this.afterSvg();
  }

  /** Calls `name` on every plugin that has it, with the remaining arguments. */
  Board.prototype.emit = function (name) {
    var args = Array.prototype.slice.call(arguments, 1);
    for (var i = 0; i < this.plugins.length; i++) {
      var p = this.plugins[i];
      if (p && typeof p[name] === "function") {
        try {
          p[name].apply(p, args);
        } catch (e) {
          console.warn(e); // a comfort that fails never stops the game
        }
      }
    }
  };

  Board.prototype.say = function (text, kind) {
    this.cc.say(this.el, text, kind);
  };

  Board.prototype.msg = function (key) {
    return this.msgs[key] || key;
  };

  Board.prototype.placeElement = function (place) {
    return this.svgBox.querySelector('[data-place="' + cssEscape(place) + '"]');
  };

  // ---- talking to Python ------------------------------------------------------------------

  /** Runs `job` after every earlier action, so that clicks are answered in order. */
  Board.prototype.enqueue = function (job) {
    var self = this;
    this.chain = this.chain.then(job).catch(function (err) {
      self.fail(err);
    });
    return this.chain;
  };

  Board.prototype.fail = function (err) {
    if (err && err.kind) {
      this.failed = err;
      this.el.setAttribute("data-live", "failed");
      this.say(this.cc.bootMessage(this.msgs, err), "error");
      if (err.kind !== "file" && err.kind !== "timeout") console.warn(err.message);
    } else {
      this.say(this.msg("ui.python-error"), "error");
      console.error(err);
    }
  };

  /** Sends an operation about this board to Python and shows the answer. */
  Board.prototype.ask = function (op, args) {
    var self = this;
    args = args || {};
    args.board = this.id;
    args.lang = this.lang;
    args.game = this.game;
    args.diagram_id = this.diagramId;
    this.emit("request", op, args);
    var gen = this.hashGen;
    return this.cc.python.call(op, args).then(function (answer) {
      self.answerGen = gen;
      self.apply(answer, op);
      return answer;
    });
  };

  // ---- one tab stop per board (roving tabindex) ----------------------------------------------

  /** The board's focusable places (an interactive drawing's; a picture has none), in the
   * drawing's own order (diagrams/ emits them in notation order: piles 1-16 then the
   * foundations; stock, waste, reserve, columns, foundations). */
  Board.prototype.focusables = function () {
    return Array.prototype.slice.call(this.svgBox.querySelectorAll("[data-place][tabindex]"));
  };

  /** After every new drawing: only the current place is in the tab order. */
  Board.prototype.afterSvg = function () {
    var places = this.focusables();
    if (!places.length) return;
    var cur = this.tabStop !== null ? this.placeElement(this.tabStop) : null;
    if (!cur || !cur.hasAttribute("tabindex")) cur = places[0];
    this.tabStop = cur.getAttribute("data-place");
    for (var i = 0; i < places.length; i++) {
      var want = places[i] === cur ? "0" : "-1";
      if (places[i].getAttribute("tabindex") !== want) places[i].setAttribute("tabindex", want);
    }
  };

  Board.prototype.focusPlace = function (place) {
    if (place !== null && place !== undefined) this.tabStop = place;
    this.afterSvg();
    var el = this.tabStop !== null ? this.placeElement(this.tabStop) : null;
    if (el && el.focus) el.focus();
  };

  /** Where a place sits on screen, as the browser laid the drawing out: its clickable area's
   * top edge and horizontal centre. (Read, never computed: the layout is diagrams/'s.) */
  function anchorOf(el) {
    var hit = el.querySelector(".cd-hit") || el;
    var r = hit.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top, w: r.width, h: r.height };
  }

  /** The place an arrow key leads to from `from`: the nearest one in that direction, those
   * within 45 degrees of it first; Home and End: the first and last place. */
  Board.prototype.placeTowards = function (from, key) {
    var places = this.inOrder(this.focusables());
    var i = places.indexOf(from);
    if (key === "Home") return places[0];
    if (key === "End") return places[places.length - 1];
    var a = anchorOf(from);
    if (!a.w && !a.h) {
      // Not laid out (a closed <details>, print): plain order.
      var step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
      return places[Math.max(0, Math.min(places.length - 1, i + step))];
    }
    var best = null, bestScore = Infinity;
    for (var k = 0; k < places.length; k++) {
      if (places[k] === from) continue;
      var b = anchorOf(places[k]);
      var dx = b.x - a.x, dy = b.y - a.y, along, across;
      if (key === "ArrowRight") { along = dx; across = dy; }
      else if (key === "ArrowLeft") { along = -dx; across = dy; }
      else if (key === "ArrowDown") { along = dy; across = dx; }
      else { along = -dy; across = dx; }
      if (along < 4) continue;
      var score = along + 2 * Math.abs(across) + (Math.abs(across) > along ? 1e6 : 0);
      if (score < bestScore) { bestScore = score; best = places[k]; }
    }
    return best || from;
  };

  /** The places in the order of the arrangement on screen: a Crescent drawing showing its
   * narrow rows (diagrams/crescent_rows.py says so in --cd-arrangement) lists their reading
   * order in data-rows; otherwise the drawing's own order. */
  Board.prototype.inOrder = function (places) {
    var svg = this.svgBox.querySelector("svg[data-rows]");
    if (!svg || getComputedStyle(svg).getPropertyValue("--cd-arrangement").trim() !== "rows") return places;
    var rank = {};
    svg.getAttribute("data-rows").split(" ").forEach(function (p, k) {
      rank[p] = k;
    });
    return places.slice().sort(function (a, b) {
      return rank[a.getAttribute("data-place")] - rank[b.getAttribute("data-place")];
    });
  };

  // ---- showing an answer --------------------------------------------------------------------

  Board.prototype.swapSvg = function (svg) {
    var active = document.activeElement;
    var focusPlace = active && this.svgBox.contains(active) ? active.getAttribute("data-place") : null;
    var focusZone = active && this.svgBox.contains(active) ? active.getAttribute("data-zone") : null;
    // A new drawing ends a hint's highlight (cc.swapSvg keeps the places that did not change).
    this.clearHint();
    this.cc.swapSvg(this.svgBox, svg);
    this.afterSvg();
    var again = null;
    if (document.activeElement === active && active && this.svgBox.contains(active)) again = null;
    else if (focusPlace !== null) again = this.placeElement(focusPlace);
    else if (focusZone !== null) again = this.svgBox.querySelector('[data-zone="' + cssEscape(focusZone) + '"]');
    if (again && again.focus) again.focus({ preventScroll: true });
    this.markSelected();
  };

  Board.prototype.apply = function (a, op) {
    if (!a) return;
    this.emit("beforeApply", a, op);
    if (a.svg) this.swapSvg(a.svg);
    if (a.state) {
      this.state = a.state;
      this.el.setAttribute("data-state", JSON.stringify(a.state));
      this.setText('[data-role="moves"]', String(a.state.moves));
      if (a.state.score !== undefined) this.setText('[data-role="score"]', String(a.state.score));
      this.el.setAttribute("data-status", a.state.status);
    }
    if (a.code) this.showCode(a.code);
    if (a.description !== undefined) this.setText('[data-role="desc"]', a.description);
    else if (a.svg) {
      var desc = this.svgBox.querySelector("desc");
      if (desc) this.setText('[data-role="desc"]', desc.textContent);
    }
    var labels = a.labels || {};
    for (var role in labels) {
      if (Object.prototype.hasOwnProperty.call(labels, role)) this.setText('[data-role="' + role + '"]', labels[role]);
    }
    var disabled = a.disabled || {};
    for (var action in disabled) {
      if (Object.prototype.hasOwnProperty.call(disabled, action)) {
        Array.prototype.forEach.call(this.el.querySelectorAll('[data-action="' + action + '"]'), function (b) {
          b.disabled = !!disabled[action];
        });
      }
    }
    if (a.selected !== undefined) {
      this.selected = a.selected;
      this.markSelected();
    }
    if (a.played) {
      this.selected = null;
      this.markSelected();
      this.clearHint();
      this.startClock();
    }
    if (a.opened) {
      this.selected = null;
      this.resetClock();
      this.clearHint();
    }
    if (a.refused) {
      this.flashRefused(a.refused.place);
    }
    if (a.hint) this.showHint(a.hint);
    if (a.message !== undefined) this.say(a.message, a.kind || (a.refused ? "refused" : null));
    var over = this.state && (this.state.status === "won" || this.state.status === "blocked");
    var offer = q(this.el, '[data-role="offer"]');
    if (offer) offer.hidden = !over;
    if (this.state && this.state.status === "won") this.stopClock();
    this.emit("afterApply", a, op);
  };

  Board.prototype.setText = function (sel, text) {
    Array.prototype.forEach.call(this.el.querySelectorAll(sel), function (n) {
      n.textContent = text;
    });
  };

  Board.prototype.markSelected = function () {
    var self = this;
    Array.prototype.forEach.call(this.svgBox.querySelectorAll(".is-selected"), function (n) {
      n.classList.remove("is-selected");
      n.removeAttribute("aria-pressed");
    });
    if (this.selected !== null) {
      var g = this.placeElement(this.selected);
      if (g) {
        g.classList.add("is-selected");
        g.setAttribute("aria-pressed", "true");
      }
    }
    this.el.toggleAttribute("data-selected", self.selected !== null);
  };

  Board.prototype.flashRefused = function (place) {
    var g = place === "F" ? this.svgBox.querySelector('[data-zone="F"]') : place ? this.placeElement(place) : null;
    if (!g) return;
    g.classList.remove("is-refused");
    void g.getBoundingClientRect(); // restart the animation
    g.classList.add("is-refused");
    setTimeout(function () {
      g.classList.remove("is-refused");
    }, 700);
  };

  Board.prototype.showHint = function (hint) {
    this.clearHint();
    var self = this;
    [hint.src, hint.dst].forEach(function (place) {
      if (place === null || place === undefined) return;
      var g = place === "F" ? self.svgBox.querySelector('[data-zone="F"]') : self.placeElement(place);
      if (g) g.classList.add("is-hint");
    });
  };

  Board.prototype.clearHint = function () {
    Array.prototype.forEach.call(this.svgBox.querySelectorAll(".is-hint"), function (n) {
      n.classList.remove("is-hint");
    });
  };

  Board.prototype.showCode = function (code) {
    this.code = code;
    this.setText('[data-role="code-out"]', code);
    var link = q(this.el, '[data-role="link"]');
    if (link) {
      link.href = "#code=" + encodeURIComponent(code);
      link.textContent = this.shareUrl();
    }
    // The page's URL (code and moves) is written by saved.js after every action.
  };

  /** The link to the position on the board: the URL saved.js keeps, else the deal's. */
  Board.prototype.shareUrl = function () {
    if (this.linkHash) return location.href.split("#")[0] + this.linkHash;
    return location.href.split("#")[0] + "#code=" + encodeURIComponent(this.code || "");
  };

  // ---- the clock ----------------------------------------------------------------------------

  Board.prototype.startClock = function () {
    var self = this;
    if (this.timer.handle || !this.el.querySelector('[data-role="timer"]')) return;
    this.timer.start = Date.now() - this.timer.frozen * 1000;
    this.timer.handle = setInterval(function () {
      self.tick();
    }, 1000);
  };

  Board.prototype.tick = function () {
    var secs = Math.floor((Date.now() - this.timer.start) / 1000);
    this.timer.frozen = secs;
    this.setText('[data-role="timer"]', formatClock(secs));
  };

  Board.prototype.stopClock = function () {
    if (this.timer.handle) {
      this.tick();
      clearInterval(this.timer.handle);
      this.timer.handle = null;
    }
  };

  Board.prototype.resetClock = function () {
    if (this.timer.handle) clearInterval(this.timer.handle);
    this.timer = { start: null, handle: null, frozen: 0 };
    this.setText('[data-role="timer"]', formatClock(0));
  };

  // ---- reader actions -----------------------------------------------------------------------

  /** A click, Enter or Space on a place (or on the foundation zone, "F"). */
  Board.prototype.activate = function (place) {
    var self = this;
    if (!this.ensureLive(true)) return;
    this.enqueue(function () {
      var src = self.selected;
      if (src === null) {
        if (place === "F") return null; // the zone itself is no source
        return self.ask("tap", { place: place });
      }
      // The second click ends the selection, whether the move is played or refused.
      self.selected = null;
      self.markSelected();
      if (src === place) {
        // A second tap on the selected place (a double tap) sends its card to a foundation;
        // where none takes it, the tap just cancels the selection.
        return self.ask("drop", { src: src, dst: "F", quiet: true });
      }
      return self.ask("drop", { src: src, dst: place });
    });
  };

  /** True when Python can take the action; otherwise says why and returns false. Checked
   * before queueing, so that a click never waits behind a Python that does not start. */
  Board.prototype.ensureLive = function () {
    if (this.live) return true;
    if (this.failed) {
      this.say(this.cc.bootMessage(this.msgs, this.failed), "error");
      return false;
    }
    // Python is still starting: the action waits in the board's queue, behind the opening
    // of the deal, and is played as soon as Python is up; the reader is told so.
    this.say(this.msg("ui.queued"), "info");
    return true;
  };

  Board.prototype.action = function (name, button) {
    var self = this;
    for (var i = 0; i < this.plugins.length; i++) {
      var p = this.plugins[i];
      if (p && typeof p.action === "function" && p.action(name, button)) return; // a plugin's button
    }
    if (name === "copy-link" || name === "copy-code") {
      this.copy(name === "copy-link" ? this.shareUrl() : this.code || "");
      return;
    }
    if (!this.ensureLive()) return;
    this.enqueue(function () {
      self.selected = null;
      self.markSelected();
      switch (name) {
        case "undo":
          return self.ask("undo", {});
        case "redeal":
          return self.ask("redeal", {});
        case "draw":
          return self.ask("tap", { place: "stock" });
        case "hint":
          self.say(self.msg("ui.hint-thinking"), "info");
          return self.ask("hint", {});
        case "random":
          return self.open({ random: true, draw: self.drawChoice() });
        case "open": {
          // A bad code leaves the game as it was (Python says why); a good one is a new deal.
          var input = q(self.el, '[data-role="code-in"]');
          return self.open({ code: input ? input.value : "", keep: true, typed: true });
        }
        case "reset":
          return self.reset();
      }
      return null;
    });
  };

  Board.prototype.drawChoice = function () {
    if (this.settings && this.settings.draw) return this.settings.draw; // settings.js
    var sel = q(this.el, '[data-role="draw"]');
    return sel ? parseInt(sel.value, 10) : null;
  };

  Board.prototype.copy = function (text) {
    var self = this;
    var done = function () {
      self.say(self.msg("ui.copied"), "info");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {
        self.say(text, "info"); // the reader can still select and copy it from here
      });
    } else {
      this.say(text, "info");
    }
  };

  /** Opens a deal in Python: {code} (typed or from the hash), {random, draw} or {state}. */
  Board.prototype.open = function (args) {
    args.fallback = this.el.getAttribute("data-default-code");
    return this.ask("open", args);
  };

  // ---- events -------------------------------------------------------------------------------

  Board.prototype.bindEvents = function () {
    var self = this;
    var box = this.svgBox;
    box.addEventListener("click", function (ev) {
      if (Date.now() < self.suppressClickUntil) return;
      if (self.pictureClick(ev)) return;
      var target = ev.target.closest && ev.target.closest("[data-place],[data-zone]");
      if (!target || !box.contains(target)) return;
      ev.preventDefault();
      self.activate(target.hasAttribute("data-place") ? target.getAttribute("data-place") : target.getAttribute("data-zone"));
    });
    box.addEventListener("keydown", function (ev) {
      var target = ev.target.closest && ev.target.closest("[data-place],[data-zone]");
      if (ev.key === "Escape" && self.selected !== null) {
        self.selected = null;
        self.markSelected();
        self.say(self.msg("ui.deselected"), "info");
        return;
      }
      if (target && target.hasAttribute("data-place") && target.hasAttribute("tabindex") &&
          NAV_KEYS.indexOf(ev.key) >= 0 && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
        ev.preventDefault(); // the arrows move on the board, not the page
        var next = self.placeTowards(target, ev.key);
        if (next) self.focusPlace(next.getAttribute("data-place"));
        return;
      }
      if (!target || (ev.key !== "Enter" && ev.key !== " " && ev.key !== "Spacebar")) return;
      ev.preventDefault();
      self.activate(target.hasAttribute("data-place") ? target.getAttribute("data-place") : target.getAttribute("data-zone"));
    });
    box.addEventListener("focusin", function (ev) {
      var place = ev.target.getAttribute && ev.target.getAttribute("data-place");
      if (place !== null && place !== undefined && ev.target.hasAttribute("tabindex") && place !== self.tabStop) {
        self.tabStop = place; // clicked or tabbed to: the tab stop follows
        self.afterSvg();
      }
    });
    box.addEventListener("pointerdown", function (ev) {
      if (self.pictureDown(ev)) return;
      self.dragStart(ev);
    });
    box.addEventListener("pointermove", function (ev) {
      self.dragMove(ev);
    });
    // A finger that comes down on a card drags it: the page must not take the move as a scroll
    // (Chromium honours CSS touch-action only on the <svg>, not on its places).
    box.addEventListener("touchmove", function (ev) {
      if (self.drag) ev.preventDefault();
    }, { passive: false });
    box.addEventListener("pointerup", function (ev) {
      if (self.pictureUp(ev)) return;
      self.dragEnd(ev, false);
    });
    box.addEventListener("pointercancel", function (ev) {
      self.dragEnd(ev, true);
    });
    this.el.addEventListener("click", function (ev) {
      var b = ev.target.closest && ev.target.closest("[data-action]");
      if (!b || !self.el.contains(b)) return;
      ev.preventDefault();
      self.action(b.getAttribute("data-action"), b);
    });
    var form = q(this.el, '[data-role="newgame"]');
    if (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        self.action("open");
      });
    }
  };

  Board.prototype.dragStart = function (ev) {
    if (ev.button !== 0 || !ev.isPrimary) return;
    var g = ev.target.closest && ev.target.closest("[data-place]");
    if (!g) return;
    this.drag = { g: g, place: g.getAttribute("data-place"), x0: ev.clientX, y0: ev.clientY, moved: false, id: ev.pointerId, transform: null };
  };

  Board.prototype.dragMove = function (ev) {
    var d = this.drag;
    if (!d || ev.pointerId !== d.id) return;
    var dx = ev.clientX - d.x0, dy = ev.clientY - d.y0;
    if (!d.moved) {
      if (Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX) return;
      d.moved = true;
      d.g.classList.add("is-dragging");
      // Where the place already sits (a narrow arrangement moves it with a CSS transform):
      // the drag's shift goes on top of that.
      var base = getComputedStyle(d.g).transform;
      d.transform = base && base !== "none" ? base : "";
      try {
        this.svgBox.setPointerCapture(ev.pointerId);
      } catch (e) {
        /* capture is a nicety */
      }
    }
    // Screen pixels to the SVG's own units, through the parent's transform matrix.
    var parent = d.g.parentNode;
    var ctm = parent && parent.getScreenCTM ? parent.getScreenCTM() : null;
    var sx = ctm && ctm.a ? ctm.a : 1, sy = ctm && ctm.d ? ctm.d : 1;
    var shift = "translate(" + dx / sx + "px," + dy / sy + "px)";
    d.g.style.transform = d.transform ? shift + " " + d.transform : shift;
  };

  Board.prototype.dragEnd = function (ev, cancelled) {
    var d = this.drag;
    if (!d || ev.pointerId !== d.id) return;
    this.drag = null;
    if (!d.moved) return; // a plain click: the click handler answers it
    d.g.style.transform = "";
    d.g.classList.remove("is-dragging");
    this.suppressClickUntil = Date.now() + 400;
    if (cancelled) return;
    // The dragged group ignores the pointer (CSS), so this finds what lies under it.
    var under = document.elementFromPoint(ev.clientX, ev.clientY);
    var target = under && under.closest ? under.closest("[data-place],[data-zone]") : null;
    if (!target || !this.svgBox.contains(target)) return;
    var dst = target.hasAttribute("data-place") ? target.getAttribute("data-place") : target.getAttribute("data-zone");
    if (dst === d.place) return;
    var self = this;
    if (!this.ensureLive(true)) return;
    this.enqueue(function () {
      self.selected = null;
      self.markSelected();
      return self.ask("drop", { src: d.place, dst: dst });
    });
  };

  // ---- a picture standing for the drawing --------------------------------------------------
  //
  // A rules page, the Puzzles page and the examples show each board first as an <img> of the
  // build's drawing (sitegen/pictures.py): the page stays light, and the drawing itself comes
  // with the board's answers, fetched as the board nears the viewport. A click or a drag on
  // the picture before then is never dropped: it waits (busy, and said in the status
  // element), and is replayed at the same spot of the drawing once it is in the page.

  /** The picture in the board's box, while the drawing has not replaced it (else null). */
  Board.prototype.picture = function () {
    return this.svgBox ? this.svgBox.querySelector("img.cc-picture") : null;
  };

  /** Resolves true once the drawing is in the box, false when it cannot come (each kind of
   * board says how: try-its and lessons with their answers). A Play board is drawn already. */
  Board.prototype.whenDrawn = function () {
    return Promise.resolve(!this.picture());
  };

  /** Puts a drawing in place of the picture; a reader whose focus was on the picture's box
   * goes on to the board's tab stop. */
  Board.prototype.showDrawing = function (svg) {
    var hadFocus = document.activeElement === this.svgBox;
    this.svgBox.innerHTML = svg;
    // The box was a tab stop only while it held a picture: the board has its own now.
    if (this.svgBox.hasAttribute("data-picture-stop")) {
      this.svgBox.removeAttribute("tabindex");
      this.svgBox.removeAttribute("data-picture-stop");
    }
    this.afterSvg();
    this.markSelected();
    if (hadFocus) this.focusPlace(this.tabStop);
  };

  /** A visible busy state while a click waits for something (the answers, Python). */
  Board.prototype.busy = function (on) {
    if (on) {
      this.el.setAttribute("data-busy", "true");
      this.el.setAttribute("aria-busy", "true");
    } else {
      this.el.removeAttribute("data-busy");
      this.el.removeAttribute("aria-busy");
    }
  };

  /** Where `ev` fell on `img`, as fractions of its width and height. */
  function spotOn(img, ev) {
    var r = img.getBoundingClientRect();
    return { x: (ev.clientX - r.left) / (r.width || 1), y: (ev.clientY - r.top) / (r.height || 1) };
  }

  /** The place (or the foundation zone) under `spot` of the drawing now in the box: the
   * smallest one whose area holds it, as the browser laid the drawing out. */
  Board.prototype.placeAt = function (spot) {
    var svg = this.svgBox.querySelector("svg");
    if (!svg || !spot) return null;
    var r = svg.getBoundingClientRect();
    var x = r.left + spot.x * r.width, y = r.top + spot.y * r.height;
    var best = null, bestArea = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("[data-place],[data-zone]"), function (el) {
      var b = (el.querySelector(".cd-hit") || el).getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return;
      var area = b.width * b.height;
      if (area < bestArea) {
        bestArea = area;
        best = el;
      }
    });
    if (!best) return null;
    return best.hasAttribute("data-place") ? best.getAttribute("data-place") : best.getAttribute("data-zone");
  };

  Board.prototype.pictureDown = function (ev) {
    var img = this.picture();
    if (!img || ev.target !== img || ev.button !== 0 || !ev.isPrimary) return false;
    this.pictureDrag = { spot: spotOn(img, ev), x0: ev.clientX, y0: ev.clientY, id: ev.pointerId };
    return true;
  };

  /** A drag across the picture: a drop from where it started to where it ended. */
  Board.prototype.pictureUp = function (ev) {
    var d = this.pictureDrag;
    if (!d || ev.pointerId !== d.id) return false;
    this.pictureDrag = null;
    var img = this.picture();
    if (!img || Math.abs(ev.clientX - d.x0) + Math.abs(ev.clientY - d.y0) < DRAG_THRESHOLD_PX) return false;
    this.suppressClickUntil = Date.now() + 400;
    this.pictureGesture(d.spot, spotOn(img, ev));
    return true;
  };

  /** A click on the picture: true when it was one (it is then queued). */
  Board.prototype.pictureClick = function (ev) {
    var img = this.picture();
    if (!img || ev.target !== img) return false;
    ev.preventDefault();
    this.pictureGesture(spotOn(img, ev), null);
    return true;
  };

  /** Waits for the drawing, then plays the click at `from` (or the drag from `from` to `to`)
   * on it. Queued on the board's chain: later clicks wait behind it, in order. */
  Board.prototype.pictureGesture = function (from, to) {
    var self = this;
    this.busy(true);
    this.say(this.msg("ui.answers-loading"), "info");
    this.enqueue(function () {
      return self.whenDrawn().then(function (drawn) {
        self.busy(false);
        if (!drawn) {
          var kind = location.protocol === "file:" ? "file" : "python";
          self.say(self.cc.bootMessage(self.msgs, self.failed || { kind: kind }), "error");
          return null;
        }
        var src = self.placeAt(from);
        var dst = to ? self.placeAt(to) : null;
        if (src === null) {
          self.say("", null);
          return null;
        }
        if (!to) {
          self.activate(src);
        } else if (dst !== null && dst !== src && self.ensureLive(true)) {
          self.enqueue(function () {
            self.selected = null;
            self.markSelected();
            return self.ask("drop", { src: src, dst: dst });
          });
        }
        return null;
      });
    });
  };

  // ---- Play pages -----------------------------------------------------------------------------

  // A Play page's own features, loaded while Python starts (see Board.emit).
  var PLAY_PLUGINS = ["saved.js", "settings.js", "verdict.js", "comfort.js"];

  function loadPlugins(cc) {
    if (!cc.loadScript) return Promise.resolve();
    return Promise.all(PLAY_PLUGINS.map(function (name) {
      return cc.loadScript(name).catch(function (e) {
        console.warn(e); // the board still plays without a comfort
      });
    }));
  }

  function PlayBoard(el, cc) {
    Board.call(this, el, cc, "play");
    var self = this;
    this.lastHash = location.hash;
    // The page's skip link (sitegen/a11y.py) lands on the board's one tab stop.
    Array.prototype.forEach.call(document.querySelectorAll("a[data-skip-board]"), function (a) {
      if (a.getAttribute("href") !== "#" + self.svgBox.id) return;
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        self.focusPlace(self.tabStop);
      });
    });
    // Live without any click: Python starts now, in its worker, while the plugins load.
    cc.python.start().catch(function () {});
    cc.python.onSlow(function (err) {
      if (self.live) return;
      self.failed = err;
      self.el.setAttribute("data-live", "failed");
      self.say(cc.bootMessage(self.msgs, err), "error");
    });
    var plugins = loadPlugins(cc);
    this.enqueue(function () {
      return plugins.then(function () {
        self.plugins = (window.CCPlayPlugins || []).map(function (make) {
          return make(self);
        });
        return self.openFromHash(true);
      }).then(function () {
        self.goLive();
      });
    });
    window.addEventListener("hashchange", function () {
      if (location.hash === self.lastHash) return;
      self.lastHash = location.hash; // seen (saved.js writes the URL only when nothing is unseen)
      // Only a game link opens a game (not a jump to an anchor of the page).
      if (!/(^#|&)(code|moves|step|draw)=/.test(location.hash)) return;
      // The last change wins: a job whose change was superseded does nothing, and an answer to
      // an older request never writes its URL over the newer one (saved.js checks answerGen).
      var gen = ++self.hashGen;
      self.enqueue(function () {
        if (gen !== self.hashGen || !self.live) return null;
        return self.openFromHash(false);
      });
    });
  }
  PlayBoard.prototype = Object.create(Board.prototype);

  PlayBoard.prototype.goLive = function () {
    this.live = true;
    this.failed = null;
    this.el.setAttribute("data-live", "true");
    this.emit("live");
  };

  /** Opens what the URL names; with no code there, the game this browser kept (saved.js). */
  PlayBoard.prototype.openFromHash = function (first) {
    var h = parseHash(location.hash);
    var fallback = this.el.getAttribute("data-default-code");
    var kept = this.keptGame ? this.keptGame() : null; // {code, moves} or null
    var args = {};
    if (h.code !== undefined) {
      args.code = h.code;
      if (h.moves !== undefined) args.moves = h.moves;
      if (h.step !== undefined) args.step = h.step;
      // At start a bad link opens the kept game (or the default deal); later it changes nothing.
      if (!first) args.keep = true;
      if (kept) {
        fallback = kept.code;
        args.fallback_moves = kept.moves;
      }
    } else if (kept) {
      args.code = kept.code;
      args.moves = kept.moves;
      args.restored = true;
    } else {
      args.code = fallback;
    }
    args.fallback = fallback;
    return this.open(args);
  };

  /** A Python error or a worker that stopped answering never leaves the board dead: the game is
   * reopened where it was (code and actions), in a restarted worker if need be. Only a Python
   * that cannot start at all (file://, time-out) is reported as such. */
  PlayBoard.prototype.fail = function (err) {
    if (err && err.kind && err.kind !== "hung" && !this.live) {
      Board.prototype.fail.call(this, err);
      return;
    }
    console.warn("board: recovering after", err && err.message ? err.message : err);
    var self = this;
    var game = this.lastSaved || { code: this.code || this.el.getAttribute("data-default-code"), moves: "" };
    var reopen = function () {
      return self.ask("open", { code: game.code, moves: game.moves, fallback: self.el.getAttribute("data-default-code") });
    };
    var restart = function () {
      return self.cc.python.restart ? self.cc.python.restart().then(reopen) : Promise.reject(err);
    };
    this.live = false;
    this.el.setAttribute("data-live", "recovering");
    this.chain = this.chain.then(function () {
      var first = err && err.kind === "hung" ? restart() : reopen();
      return first.catch(restart).then(
        function () {
          self.goLive();
          self.say(self.msg("play.recovered"), "info");
        },
        function (again) {
          self.failed = again && again.kind ? again : { kind: "python" };
          self.el.setAttribute("data-live", "failed");
          self.say(self.msg("ui.python-error"), "error");
        });
    });
  };

  // ---- try-it diagrams ------------------------------------------------------------------------

  /**
   * A diagram of a rules page that can be played from its position. The build precomputed,
   * with the engine, every answer to a first click (a tap on each place, a second click from
   * each place onto each other one), so the first answer never waits for Python; Python starts
   * on the reader's first approach and takes over from the second move.
   */
  function TryIt(el, cc) {
    Board.call(this, el, cc, "tryit");
    var self = this;
    this.shown = JSON.parse(el.getAttribute("data-state") || "null"); // the position drawn
    // The build's answers are a file (data-answers), fetched when the figure comes near the
    // viewport; a click that comes first waits for them (see ask), it is never dropped.
    this.answersUrl = el.getAttribute("data-answers");
    this.answers = null;
    this.answersReady = null;
    this.answersFailed = false;
    // A rules page first shows its picture (arrows, no focus stops); the interactive drawing
    // of the same position, which comes with the answers, replaces it once the reader tries it.
    this.initialSvg = this.svgBox.innerHTML;
    this.history = []; // moves played since the shown position
    this.activated = false;
    // Starting Python costs a large download: only when a reader comes near the diagram.
    ["pointerenter", "focusin", "touchstart"].forEach(function (type) {
      el.addEventListener(type, function () {
        self.loadAnswers();
        self.warmUp();
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
  TryIt.prototype = Object.create(Board.prototype);

  /** Fetches the build's answers once; resolves with them, or null when they cannot come. */
  TryIt.prototype.loadAnswers = function () {
    var self = this;
    if (this.answersReady) return this.answersReady;
    if (!this.answersUrl) {
      this.answersFailed = true;
      this.answersReady = Promise.resolve(null);
      return this.answersReady;
    }
    this.answersReady = fetch(new URL(this.answersUrl, this.cc.ROOT).href)
      .then(function (r) {
        if (!r.ok) throw new Error(self.answersUrl + ": HTTP " + r.status);
        return r.json();
      })
      .then(
        function (a) {
          self.answers = a;
          if (a.initial_ref !== undefined) {
            self.initialSvg = unpackSvg(a.packed, a.initial_ref);
            // Tried before the answers came: the focusable drawing replaces the picture now.
            if (self.activated && !self.live && self.history.length === 0) self.showInitial();
          }
          return a;
        },
        function () {
          // No answers (file://, offline): Python answers the first click, or says why not.
          self.answersFailed = true;
          return null;
        }
      );
    return this.answersReady;
  };

  TryIt.prototype.showInitial = function () {
    if (this.svgBox.innerHTML === this.initialSvg) return;
    var active = document.activeElement;
    var place = active && this.svgBox.contains(active) ? active.getAttribute("data-place") : null;
    this.svgBox.innerHTML = this.initialSvg;
    this.afterSvg();
    if (place !== null) this.focusPlace(place);
  };

  /** The page shows a picture of the figure (an <img>) until a click needs the drawing: the
   * same drawing, inline, comes with the answers (`picture_ref`). */
  TryIt.prototype.whenDrawn = function () {
    var self = this;
    return this.loadAnswers().then(function (a) {
      if (!self.picture()) return true;
      var ref = a ? (a.picture_ref !== undefined ? a.picture_ref : a.initial_ref) : undefined;
      if (ref === undefined) return false;
      self.showDrawing(unpackSvg(a.packed, ref));
      return true;
    });
  };

  TryIt.prototype.warmUp = function () {
    var self = this;
    if (this.warming) return;
    // A Python that is slow or cannot start is only mentioned when a click needs it (see
    // ensureLive): the build's answers keep the first move going meanwhile.
    this.cc.python.onSlow(function (err) {
      if (!self.live) self.failed = err;
    });
    this.warming = this.cc.python.start().then(
      function () {
        // From now on Python answers: it opens the shown position and replays what was played.
        return self.enqueue(function () {
          return self.ask("open", { state: self.shown, moves: self.history.slice(), quiet: true }).then(function () {
            self.live = true;
            self.failed = null;
            self.el.setAttribute("data-live", "true");
          });
        });
      },
      function (err) {
        self.failed = err;
        if (err && err.kind !== "file" && err.kind !== "timeout") console.warn(err.message);
      }
    );
  };

  TryIt.prototype.activateBoard = function () {
    if (this.activated) return;
    this.activated = true;
    this.el.setAttribute("data-active", "true");
    if (this.shown) this.el.setAttribute("data-state", JSON.stringify(this.shown));
    this.state = this.shown;
    Array.prototype.forEach.call(this.el.querySelectorAll('[data-action="reset"],[data-action="undo"]'), function (b) {
      b.hidden = false;
    });
    var tryButton = q(this.el, '[data-action="tryit"]');
    if (tryButton) tryButton.hidden = true;
    if (this.history.length === 0) this.showInitial();
    this.loadAnswers();
    this.warmUp();
    if (!this.live && this.history.length === 0) this.say(this.msg("ui.tryit-ready"), "info");
  };

  /** The precomputed answer to `op` on the shown position, or null when there is none. */
  TryIt.prototype.precomputed = function (op, args) {
    var a = this.answers;
    if (!a || this.history.length) return null;
    var index = null;
    if (op === "tap") index = a.tap[args.place];
    else if (op === "drop") index = a.drop[args.src] ? a.drop[args.src][args.dst] : undefined;
    if (index === undefined || index === null) return null;
    var answer = JSON.parse(JSON.stringify(a.responses[index]));
    if (answer.svg_ref !== undefined) {
      answer.svg = unpackSvg(a.packed, answer.svg_ref);
      delete answer.svg_ref;
    }
    if (answer.refused && args.quiet) {
      answer = { selected: null, message: this.msg("ui.deselected"), kind: "info" };
    } else if (answer.refused) {
      answer.refused.place = args.dst;
    }
    return answer;
  };

  TryIt.prototype.ask = function (op, args) {
    var self = this;
    var first = !this.live && this.history.length === 0 && (op === "tap" || op === "drop");
    if (first && !this.answers && !this.answersFailed) {
      // Queued behind the answers' arrival (the board's chain holds later clicks behind it).
      this.busy(true);
      this.say(this.msg("ui.answers-loading"), "info");
      return this.loadAnswers().then(function () {
        self.busy(false);
        return self.ask(op, args);
      });
    }
    if (!this.live) {
      var answer = this.precomputed(op, args || {});
      if (answer) {
        this.apply(answer, op);
        if (answer.played) this.history.push(answer.played);
        return Promise.resolve(answer);
      }
    }
    return Board.prototype.ask.call(this, op, args).then(function (answer) {
      if (answer && answer.played && op !== "open") self.history.push(answer.played);
      if (op === "undo" && answer && !answer.refused) self.history.pop();
      return answer;
    });
  };

  /** `precomputable`: a click or a drop, which the build may have answered already. */
  TryIt.prototype.ensureLive = function (precomputable) {
    if (!this.activated) this.activateBoard();
    if (this.live || (precomputable && !this.answersFailed && this.history.length === 0)) return true;
    if (this.failed) {
      this.say(this.cc.bootMessage(this.msgs, this.failed), "error");
      return false;
    }
    this.say(this.msg("ui.loading"), "info");
    return false;
  };

  TryIt.prototype.action = function (name, button) {
    if (name === "tryit") {
      var self = this;
      this.activateBoard();
      // The focusable drawing comes with the answers: focus its current place then.
      this.loadAnswers().then(function () {
        self.focusPlace(self.tabStop);
      });
      return;
    }
    if (name === "reset") {
      this.reset();
      return;
    }
    Board.prototype.action.call(this, name, button);
  };

  TryIt.prototype.reset = function () {
    var self = this;
    this.selected = null;
    this.history = [];
    this.svgBox.innerHTML = this.initialSvg;
    this.afterSvg();
    this.state = this.shown;
    if (this.state) this.el.setAttribute("data-state", JSON.stringify(this.state));
    this.el.setAttribute("data-status", this.state ? this.state.status : "");
    this.clearHint();
    this.say(this.msg("ui.reset-done"), "info");
    if (this.live) {
      this.enqueue(function () {
        return Board.prototype.ask.call(self, "open", { state: self.shown, quiet: true });
      });
    }
  };

  /** An SVG stored as chunk indices into a shared table (see sitegen/live.py pack_svgs). */
  function unpackSvg(packed, index) {
    var parts = packed.svgs[index], out = "";
    for (var i = 0; i < parts.length; i++) out += packed.chunks[parts[i]];
    return out;
  }

  // Registered for boot.js, whichever of the two scripts the page loads first.
  var kinds = (window.CCLiveKinds = window.CCLiveKinds || {});
  kinds.board = PlayBoard;
  kinds.tryit = TryIt;
  kinds.Board = Board; // the base of learn.js's lesson and puzzle boards
})();

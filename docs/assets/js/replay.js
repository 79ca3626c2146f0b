/* Step-through replays of the stored example games. Classic script, loaded by boot.js.
 *
 * No Python here: the build drew every step (sitegen/live.py replay_html) — SVG, caption and
 * text description in the page's language — and this script only shows step N. The steps are
 * packed as chunk indices into a shared table of SVG fragments (consecutive boards share most of
 * their markup), embedded in the page or fetched from assets/replays/ on first use.
 */
(function () {
  "use strict";
  var replays = [];
  var lastUsed = null; // the replay the reader last clicked or focused

  // With the focus nowhere (on the page itself), the keys step the replay last used.
  document.addEventListener("keydown", function (ev) {
    if (lastUsed && (ev.target === document.body || ev.target === document.documentElement)) lastUsed.key(ev);
  });

  function q(el, sel) {
    return el.querySelector(sel);
  }

  function Replay(el, cc) {
    this.el = el;
    this.cc = cc;
    this.name = el.getAttribute("data-replay");
    this.msgs = cc.uiMessages(el);
    var meta = q(el, 'script[type="application/json"][data-role="replay"]');
    this.meta = meta ? JSON.parse(meta.textContent) : { moves: [], code: "" };
    this.total = this.meta.moves.length;
    this.step = 0;
    this.data = null;
    this.loading = null;
    this.svgBox = q(el, '[data-role="svg"]');
    this.index = replays.length;
    replays.push(this);
    this.bind();
    this.updateControls();
    var wanted = this.stepFromHash();
    if (wanted !== null) this.go(wanted, { fromHash: true });
  }

  Replay.prototype.bind = function () {
    var self = this;
    this.el.addEventListener("click", function (ev) {
      var t = ev.target.closest && ev.target.closest("[data-action],[data-goto]");
      if (!t || !self.el.contains(t)) return;
      if (t.hasAttribute("data-goto")) {
        ev.preventDefault();
        self.go(parseInt(t.getAttribute("data-goto"), 10));
        return;
      }
      var a = t.getAttribute("data-action");
      if (a === "first") self.go(0);
      else if (a === "prev") self.go(self.step - 1);
      else if (a === "next") self.go(self.step + 1);
      else if (a === "last") self.go(self.total);
      else return;
      ev.preventDefault();
    });
    this.el.addEventListener("pointerdown", function () {
      lastUsed = self;
    });
    this.el.addEventListener("focusin", function () {
      lastUsed = self;
    });
    this.el.addEventListener("keydown", function (ev) {
      self.key(ev);
    });
    // Fetching the steps starts as soon as a reader comes near, so the first step is quick.
    ["pointerenter", "focusin", "touchstart"].forEach(function (type) {
      self.el.addEventListener(type, function () {
        self.load().catch(function () {});
      }, { passive: true });
    });
    var moves = q(this.el, "details.cc-moves");
    if (moves) {
      moves.addEventListener("toggle", function () {
        if (moves.open) self.load().catch(function () {});
      });
    }
    window.addEventListener("hashchange", function () {
      var wanted = self.stepFromHash();
      if (wanted !== null && wanted !== self.step) self.go(wanted, { fromHash: true });
    });
  };

  /** ←, →, Home, End: previous, next, first and last step. */
  Replay.prototype.key = function (ev) {
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = null;
    if (ev.key === "ArrowRight") to = this.step + 1;
    else if (ev.key === "ArrowLeft") to = this.step - 1;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = this.total;
    if (to === null) return;
    ev.preventDefault();
    this.go(to);
  };

  /** `#step=N` addresses the page's first replay; `#replay=NAME&step=N` any of them. */
  Replay.prototype.stepFromHash = function () {
    var h = parseHash(location.hash);
    if (h.step === undefined) return null;
    if (h.replay !== undefined ? h.replay !== this.name : this.index !== 0) return null;
    var n = parseInt(h.step, 10);
    if (!/^\d+$/.test(h.step) || isNaN(n)) return null;
    return Math.max(0, Math.min(this.total, n));
  };

  /** `#a=1&b=2` → {a: "1", b: "2"} (no "+" → " ": moves contain "S+"). */
  function parseHash(hash) {
    var out = {};
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var i = part.indexOf("=");
      if (i > 0) {
        try {
          out[decodeURIComponent(part.slice(0, i))] = decodeURIComponent(part.slice(i + 1));
        } catch (e) {
          /* ignored: not ours */
        }
      }
    });
    return out;
  }

  Replay.prototype.load = function () {
    var self = this;
    if (this.data) return Promise.resolve(this.data);
    if (this.loading) return this.loading;
    var inline = q(this.el, 'script[type="application/json"][data-role="steps"]');
    if (inline) {
      this.data = JSON.parse(inline.textContent);
      this.loading = Promise.resolve(this.data);
      return this.loading;
    }
    var src = this.el.getAttribute("data-src");
    this.loading = fetch(new URL(src, this.cc.ROOT).href)
      .then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json();
      })
      .then(
        function (data) {
          self.data = data;
          self.fillMoves(data);
          return data;
        },
        function (err) {
          self.loading = null;
          var key = location.protocol === "file:" ? "ui.file-replay" : "ui.replay-unavailable";
          self.cc.say(self.el, self.msgs[key] || String(err), "error");
          throw err;
        }
      );
    return this.loading;
  };

  /** The move list: every step's caption and commentary, from the step file (the page does
   * not carry them twice; sitegen/live.py replay_html). Written as text, never parsed. */
  Replay.prototype.fillMoves = function (data) {
    var list = q(this.el, '[data-role="movelist"]');
    if (!list || list.children.length) return;
    var items = document.createDocumentFragment();
    for (var n = 1; n <= data.captions.length; n++) {
      var li = document.createElement("li");
      li.value = n;
      var a = document.createElement("a");
      a.href = "#step=" + n;
      a.setAttribute("data-goto", String(n));
      a.textContent = data.captions[n - 1];
      li.appendChild(a);
      var note = data.notes && data.notes[n - 1];
      if (note) {
        li.appendChild(document.createElement("br"));
        var small = document.createElement("small");
        small.textContent = note;
        li.appendChild(small);
      }
      items.appendChild(li);
    }
    list.appendChild(items);
    this.links = null; // updateControls finds the new entries
    this.updateControls();
  };

  Replay.prototype.go = function (n, opts) {
    var self = this;
    opts = opts || {};
    n = Math.max(0, Math.min(this.total, n | 0));
    if (this.data) {
      this.show(n, opts);
      return Promise.resolve(n);
    }
    return this.load().then(function () {
      self.show(n, opts);
      return n;
    }, function () {});
  };

  /** Shows step n (0 = the deal, n = after move n). Synchronous: the data is loaded. */
  Replay.prototype.show = function (n, opts) {
    var d = this.data;
    var parts = d.svgs[n], svg = "";
    for (var i = 0; i < parts.length; i++) svg += d.chunks[parts[i]];
    this.cc.swapSvg(this.svgBox, svg);
    this.step = n;
    var caption = n === 0 ? this.msgs["ui.replay-start"] || "" : d.captions[n - 1];
    this.setText('[data-role="caption"]', caption);
    // The build's commentary on this step (sitegen/commentary.py), empty where there is none.
    this.setText('[data-role="note"]', (n > 0 && d.notes && d.notes[n - 1]) || "");
    // The build leaves the descriptions out when each SVG's <desc> already holds its own.
    var desc = d.descriptions ? d.descriptions[n] : this.svgBox.querySelector("desc");
    this.setText('[data-role="desc"]', typeof desc === "string" ? desc : desc ? desc.textContent : "");
    this.updateControls();
    if (!opts.fromHash && history.replaceState) {
      var hash = (this.index === 0 ? "" : "replay=" + encodeURIComponent(this.name) + "&") + "step=" + n;
      history.replaceState(null, "", "#" + hash);
    }
  };

  Replay.prototype.setText = function (sel, text) {
    var n = q(this.el, sel);
    if (n) n.textContent = text;
  };

  Replay.prototype.updateControls = function () {
    var n = this.step, total = this.total, self = this;
    // A button that becomes disabled drops the focus to the page: keep it in the replay, on the
    // board, so that the arrow keys go on working.
    var active = document.activeElement;
    var losing = active && this.el.contains(active) && active.tagName === "BUTTON" &&
      (((active.getAttribute("data-action") === "first" || active.getAttribute("data-action") === "prev") && n === 0) ||
       ((active.getAttribute("data-action") === "next" || active.getAttribute("data-action") === "last") && n === total));
    this.el.setAttribute("data-step", String(n));
    var counter = this.msgs["ui.replay-counter"] || "{step} / {total}";
    this.setText('[data-role="counter"]', counter.replace("{step}", String(n)).replace("{total}", String(total)));
    Array.prototype.forEach.call(this.el.querySelectorAll('[data-action="first"],[data-action="prev"]'), function (b) {
      b.disabled = n === 0;
    });
    Array.prototype.forEach.call(this.el.querySelectorAll('[data-action="next"],[data-action="last"]'), function (b) {
      b.disabled = n === total;
    });
    // The move list: only the old and the new current entries change (a game has hundreds).
    if (!this.links) {
      this.links = {};
      Array.prototype.forEach.call(this.el.querySelectorAll('[data-role="movelist"] [data-goto]'), function (a) {
        self.links[a.getAttribute("data-goto")] = a;
      });
    }
    if (this.currentLink) this.currentLink.removeAttribute("aria-current");
    this.currentLink = this.links[String(n)] || null;
    if (this.currentLink) this.currentLink.setAttribute("aria-current", "step");
    if (losing && this.svgBox) this.svgBox.focus({ preventScroll: true });
    var cont = q(this.el, '[data-role="continue"]');
    if (cont) {
      var base = cont.getAttribute("data-play-url") || cont.getAttribute("href").split("#")[0];
      if (!cont.getAttribute("data-play-url")) cont.setAttribute("data-play-url", base);
      var moves = self.meta.moves.slice(0, n).map(encodeURIComponent).join(",");
      cont.href = base + "#code=" + encodeURIComponent(self.meta.code) + (n ? "&moves=" + moves : "");
    }
  };

  var kinds = (window.CCLiveKinds = window.CCLiveKinds || {});
  kinds.replay = Replay;
})();

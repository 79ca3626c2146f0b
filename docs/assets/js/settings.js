/* Play pages: the seeds' app settings and its new-game dialog (a board.js plugin).
 *
 * Canfield, as the seeds describe the app: a new game is chosen in a dialog, drawing
 * "3 cards, hard" (the default) or "1 card, easy"; the "Double click" setting (on by default)
 * lets a tap send a card to a column when no foundation takes it; off, a tap only sends a card
 * to its foundation, else selects it (pyworker.ops.tap reads `double_click`). Both are kept in
 * the browser's storage. The dialog is a real <dialog> (modal: focus stays inside, Escape
 * closes it), opened from its button, which gets the focus back when it closes.
 */
(function () {
  "use strict";
  var KEY = "cc-settings";
  var DEFAULTS = { draw: 3, doubleClick: true };

  function load() {
    var out = { draw: DEFAULTS.draw, doubleClick: DEFAULTS.doubleClick };
    try {
      var v = JSON.parse(window.localStorage.getItem(KEY) || "null");
      if (v && (v.draw === 1 || v.draw === 3)) out.draw = v.draw;
      if (v && typeof v.doubleClick === "boolean") out.doubleClick = v.doubleClick;
    } catch (e) {
      /* no storage: the defaults */
    }
    return out;
  }

  function store(settings) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(settings));
    } catch (e) {
      /* kept for this page only */
    }
  }

  function Settings(board) {
    this.board = board;
    this.dialog = board.el.querySelector('[data-role="newgame-dialog"]');
    board.settings = board.game === "canfield" ? load() : null;
    if (this.dialog) this.bindDialog();
  }

  Settings.prototype.request = function (op, args) {
    if (this.board.settings && op === "tap") args.double_click = this.board.settings.doubleClick;
  };

  Settings.prototype.action = function (name, button) {
    if (name !== "newgame" || !this.dialog) return false;
    this.open(button);
    return true;
  };

  Settings.prototype.open = function (opener) {
    var d = this.dialog, s = this.board.settings;
    this.opener = opener || null;
    Array.prototype.forEach.call(d.querySelectorAll('[data-role="draw-choice"]'), function (r) {
      r.checked = parseInt(r.value, 10) === s.draw;
      r.autofocus = r.checked; // showModal() focuses the chosen option first
    });
    var dbl = d.querySelector('[data-role="double-click"]');
    if (dbl) dbl.checked = s.doubleClick;
    if (typeof d.showModal === "function") d.showModal();
    else d.setAttribute("open", "");
  };

  Settings.prototype.bindDialog = function () {
    var self = this, d = this.dialog;
    var dbl = d.querySelector('[data-role="double-click"]');
    if (dbl) {
      // A setting, not a choice of deal: it applies (and is kept) as soon as it changes.
      dbl.addEventListener("change", function () {
        self.board.settings.doubleClick = dbl.checked;
        store(self.board.settings);
      });
    }
    d.addEventListener("close", function () {
      var deal = d.returnValue === "deal";
      d.returnValue = "";
      if (self.opener && self.opener.focus) self.opener.focus();
      if (!deal) return;
      var chosen = d.querySelector('[data-role="draw-choice"]:checked');
      self.board.settings.draw = chosen && chosen.value === "1" ? 1 : 3;
      store(self.board.settings);
      if (!self.board.ensureLive()) return;
      self.board.enqueue(function () {
        self.board.selected = null;
        self.board.markSelected();
        return self.board.open({ random: true, draw: self.board.settings.draw });
      });
    });
  };

  (window.CCPlayPlugins = window.CCPlayPlugins || []).push(function (board) {
    return new Settings(board);
  });
})();

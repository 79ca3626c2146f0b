/* The classic script that runs before the page's modules.
 *
 * Opened from a file (file://), the page's modules (main.js) do not run: browsers load no module
 * script there. This script then says why nothing goes live, in each component's own status
 * line and language: a Play board at once, a try-it, lesson, puzzle or replay when the reader
 * tries it. Over http(s) it holds the input that reaches a component before its module has
 * made it, and plays it to the component once made (`early` below).
 */
(function () {
  "use strict";
  if (location.protocol !== "file:") {
    early();
    return;
  }

  /** The component's sentence for `key` (its messages are written at build time, once per page:
   * a repeat names the first with data-ref).
   * @param {Element} el @param {string} key */
  function message(el, key) {
    var node = el.querySelector('script[type="application/json"][data-role="ui"]');
    var ref = node && node.getAttribute("data-ref");
    if (ref) node = document.getElementById(ref);
    try {
      return JSON.parse((node && node.textContent) || "{}")[key] || "file://";
    } catch (e) {
      return "file://";
    }
  }

  /** @param {Element} el @param {string} key */
  function say(el, key) {
    var status = el.querySelector('[role="status"]');
    if (!status) return;
    status.textContent = message(el, key);
    status.setAttribute("data-kind", "error");
  }

  function start() {
    var play = "[data-board]:not([data-tryit]):not([data-lesson]):not([data-puzzle])";
    document.querySelectorAll(play).forEach(function (el) {
      say(el, "ui.file");
    });
    var tried = "[data-tryit],[data-lesson],[data-puzzle],[data-replay]";
    document.querySelectorAll(tried).forEach(function (el) {
      var key = el.hasAttribute("data-replay") ? "ui.file-replay" : "ui.file";
      var tell = function () {
        say(el, key);
      };
      el.addEventListener("click", tell);
      el.addEventListener("keydown", function (ev) {
        if (/** @type {KeyboardEvent} */ (ev).key === "Enter" || /** @type {KeyboardEvent} */ (ev).key === " ") tell();
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  function early() {
    /* Over http(s): the page's modules load after its HTML (main.js imports each kind of
     * component's module), so a reader's first click, drag or key on a board may come before the
     * board listens. It is held here and played to the board once main.js has made it
     * (CCLive.replay): a reader's input is never dropped. */
    // Every kind of component main.js makes (its KINDS), by their elements.
    var COMPONENT = "[data-board],[data-tryit],[data-lesson],[data-puzzle],[data-replay],[data-progress],[data-puzzle-picker]";
    var KEYS = ["Enter", " ", "Spacebar", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    /** @type {{el: Element, target: Element, type: string, init: any}[]} */
    var held = [];
    /** @type {Object<string, boolean>} pointers that came down on a component not made yet */
    var down = {};

    /** The component not made yet that `ev` reached, else null. @param {Event} ev */
    function waiting(ev) {
      var t = ev.target;
      if (!(t instanceof Element)) return null;
      var el = t.closest(COMPONENT);
      return el && !(/** @type {any} */ (el).__cc) ? el : null;
    }

    /** A form field or link keeps its own keys; a button's Enter or Space comes as a click. @param {Element} t */
    function ownKeys(t) {
      return !!t.closest("a,button,input,select,textarea,summary,[contenteditable]");
    }

    /** @param {Event} ev */
    function hold(ev) {
      var el = waiting(ev);
      if (!el) return;
      var t = /** @type {Element} */ (ev.target);
      var e = /** @type {any} */ (ev);
      var init = { bubbles: true, cancelable: true, composed: true, clientX: e.clientX, clientY: e.clientY,
        screenX: e.screenX, screenY: e.screenY, button: e.button, buttons: e.buttons, key: e.key, code: e.code,
        shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, pointerId: e.pointerId,
        pointerType: e.pointerType, isPrimary: e.isPrimary, detail: e.detail };
      if (ev.type === "keydown") {
        if (ownKeys(t) || KEYS.indexOf(e.key) < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
        ev.preventDefault(); // Space and the arrows would scroll the page
      } else if (ev.type === "pointerdown") {
        if (e.button !== 0 || !e.isPrimary) return;
        down[e.pointerId] = true;
      } else if (ev.type === "pointermove") {
        if (!down[e.pointerId]) return;
        // Only where the pointer is now matters to a drag: one move stands for the ones before.
        var last = held[held.length - 1];
        if (last && last.type === "pointermove" && last.init.pointerId === e.pointerId) held.pop();
      } else if (ev.type === "pointerup") {
        if (!down[e.pointerId]) return;
        delete down[e.pointerId];
      } else if (ev.type === "click") {
        if (t.closest("a[href]")) return; // a link goes where it goes
        ev.preventDefault(); // a form's button must not send the form before the board takes it
      }
      held.push({ el: el, target: t, type: ev.type, init: init });
    }

    /** Where a held event goes now: its target, or (when the board redrew it) the element of the
     * same place or button, or what now lies under the pointer.
     * @param {{el: Element, target: Element, type: string, init: any}} h */
    function retarget(h) {
      if (h.target.isConnected) return h.target;
      var names = ["data-place", "data-zone", "data-action"];
      var named = h.target.closest("[" + names.join("],[") + "]");
      for (var i = 0; named && i < names.length; i++) {
        var v = named.getAttribute(names[i]);
        var same = v === null ? null : h.el.querySelector("[" + names[i] + '="' + v + '"]');
        if (same) return same;
      }
      var under = h.init.clientX !== undefined ? document.elementFromPoint(h.init.clientX, h.init.clientY) : null;
      return under && h.el.contains(under) ? under : null;
    }

    /** Plays to `el` (just made by main.js) what the reader did to it before. @param {Element} el */
    function replay(el) {
      var mine = held.filter(function (h) {
        return h.el === el;
      });
      held = held.filter(function (h) {
        return h.el !== el;
      });
      mine.forEach(function (h) {
        var target = retarget(h);
        if (!target) return;
        if (h.type === "keydown") {
          if (target instanceof HTMLElement || target instanceof SVGElement) target.focus();
          target.dispatchEvent(new KeyboardEvent("keydown", h.init));
        } else if (h.type === "click") {
          target.dispatchEvent(new MouseEvent("click", h.init));
        } else {
          target.dispatchEvent(new PointerEvent(h.type, h.init));
        }
      });
    }

    ["pointerdown", "pointermove", "pointerup", "click", "keydown"].forEach(function (type) {
      window.addEventListener(type, hold, true);
    });
    window.CCLive = Object.assign(window.CCLive || {}, { replay: replay });
  }
})();

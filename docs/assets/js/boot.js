/* Opened from a file (file://), the page's modules (main.js) do not run: browsers load no module
 * script there. This classic script says why nothing goes live, in each component's own status
 * line and language: a Play board at once, a try-it, lesson, puzzle or replay when the reader
 * tries it. Over http(s) it does nothing.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:") return;

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
})();

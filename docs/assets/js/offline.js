/* Reading offline: registers the site's service worker (sw.js at the site's root, generated at
 * build time by Workbox: sitegen/offline.py) and asks it to keep this page's language.
 *
 * Loaded on every page (mkdocs.yml extra_javascript). Opened from file:// there is no service
 * worker (the browser allows none there); boot.js says why nothing goes live. Once the worker
 * has everything of the language, the page says so once per language, quietly, in the
 * role="status" element the build put at the end of the page (hooks/offline.py), with its
 * message from the catalogues (offline.ready).
 */
(function () {
  "use strict";
  if (window.CCOffline) return;
  // state: "off" (no service worker here), "filling", "ready" or "failed"; said: this page
  // showed the "ready for offline reading" line (read by the browser tests).
  /** @type {NonNullable<Window["CCOffline"]>} */
  var progress = (window.CCOffline = { state: "off", said: false });
  var sw = navigator.serviceWorker;
  if (!sw || (location.protocol !== "https:" && location.protocol !== "http:")) return;

  var script = /** @type {HTMLScriptElement} */ (document.currentScript);
  // The site root, from this script's own URL (assets/js/offline.js).
  var ROOT = new URL("../../", script.src).href;
  var NOTE_MS = 8000;
  var lang = document.documentElement.getAttribute("lang") || "";

  function note() {
    return /** @type {HTMLElement | null} */ (document.querySelector("[data-offline-note]"));
  }

  /** @param {string} key */
  function remembered(key) {
    try {
      return window.localStorage.getItem(key) === "1";
    } catch (e) {
      return false; // storage refused: saying it again is harmless
    }
  }

  /** @param {string} key */
  function remember(key) {
    try {
      window.localStorage.setItem(key, "1");
    } catch (e) {
      /* nothing to do */
    }
  }

  function ready() {
    progress.state = "ready";
    var key = "cc-offline-said:" + lang;
    var el = note();
    if (!el || remembered(key)) return;
    remember(key);
    progress.said = true;
    var shown = el;
    shown.textContent = shown.getAttribute("data-ready") || "";
    shown.hidden = false;
    setTimeout(function () {
      shown.hidden = true;
    }, NOTE_MS);
  }

  /** Did this page start Python (a Play page, a try-it that was tried)? Then keep the runtime. */
  function starting() {
    return window.CCLive && window.CCLive.python ? window.CCLive.python.ready : null;
  }

  /** @param {ServiceWorker} worker */
  function ask(worker) {
    progress.state = "filling";
    var python = starting();
    if (!python) {
      worker.postMessage({ type: "cc-offline", lang: lang, runtime: false });
      return;
    }
    // A page starting Python: once it is up, so that keeping the language (a few MB) never
    // slows the board's start, and with the Python runtime, whose files are then in the HTTP
    // cache (keeping them costs no second download).
    python.then(
      function () {
        worker.postMessage({ type: "cc-offline", lang: lang, runtime: true });
      },
      function () {
        worker.postMessage({ type: "cc-offline", lang: lang, runtime: false });
      }
    );
  }

  sw.addEventListener("message", function (event) {
    var d = event.data || {};
    if (d.type === "cc-offline-ready" && d.lang === lang) {
      progress.runtime = d.runtime;
      ready();
    } else if (d.type === "cc-offline-failed" && d.lang === lang) {
      progress.state = "failed";
    }
  });

  function start() {
    sw.register(ROOT + "sw.js", { scope: ROOT }).then(
      function () {
        return sw.ready.then(function (registration) {
          if (registration.active) ask(registration.active);
        });
      },
      function (err) {
        // A host that does not serve sw.js: the site still works, only not offline.
        progress.state = "failed";
        console.warn("offline reading unavailable: " + err);
      }
    );
  }

  // After the page's own loading and a moment more, in idle time: the worker's downloads
  // (a language is a few MB) never compete with the page's loading or its first clicks.
  function later() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
      else start();
    }, 1000);
  }
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later);
})();

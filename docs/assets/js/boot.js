/* Page entry point for live boards, try-it diagrams and replays (classic script, no bundler).
 *
 * Loaded with `defer` by the HTML that sitegen/live.py writes for the board, tryit and replay
 * markers. It is a classic script on purpose: module scripts do not run from file://, and this
 * one must still be able to say why Python cannot start there. It finds the components on the
 * page, loads their scripts (board.js, replay.js) and owns the one Python worker of the page.
 *
 * Nothing here knows a rule or a layout: Python (in assets/js/worker.js) answers every question.
 */
(function () {
  "use strict";
  if (window.CCLive) return; // several markers on one page each include this script

  var script = document.currentScript;
  // The site root, from this script's own URL (assets/js/boot.js), so that pages under /ko/,
  // /el/, /fr/ and a site served below a sub-path all find the same files.
  var ROOT = new URL("../../", script.src).href;
  var BOOT_TIMEOUT_MS = 10000;

  /** Messages written at build time (catalogues/<lang>/ui.json) for one component. A page
   * holds each set once: a repeat names the first (data-ref; sitegen/lightpage.py). */
  function uiMessages(el) {
    var node = el.querySelector('script[type="application/json"][data-role="ui"]');
    if (node && node.hasAttribute("data-ref")) node = document.getElementById(node.getAttribute("data-ref"));
    if (!node) return {};
    try {
      return JSON.parse(node.textContent);
    } catch (e) {
      return {};
    }
  }

  function say(el, text, kind) {
    var status = el.querySelector('[role="status"]');
    if (!status) return;
    status.textContent = text;
    if (kind) status.setAttribute("data-kind", kind);
    else status.removeAttribute("data-kind");
  }

  /** A failure to start Python: `kind` is "file", "timeout", "worker" or "python". */
  function BootError(kind, detail) {
    this.kind = kind;
    this.detail = detail || "";
    this.message = "Python could not start (" + kind + "): " + this.detail;
  }
  BootError.prototype = Object.create(Error.prototype);

  /**
   * The worker's parameters: the build's Python snapshot named by the page (sitegen/snapshot.py)
   * and how to start ("auto"; "boot" or "snapshot" when localStorage "cc-python-start" says so:
   * a reader's way to turn the snapshot off, and the browser tests' two start modes).
   */
  function workerQuery() {
    var meta = document.querySelector('meta[name="cc-snapshot"]');
    var start = "auto";
    try {
      start = window.localStorage.getItem("cc-python-start") || "auto";
    } catch (e) {
      /* storage refused: auto */
    }
    var q = "?start=" + encodeURIComponent(start);
    if (meta && meta.content) q += "&snapshot=" + encodeURIComponent(meta.content);
    // The reader's connection asks to save data: no snapshot fetched for next time.
    if (navigator.connection && navigator.connection.saveData) q += "&save-data=1";
    return q;
  }

  /**
   * The page's single Python worker. `start()` may be called by every component; the first call
   * creates the worker. Every request is a JSON message {id, op, args}; the worker answers
   * {id, result} or {id, error}.
   */
  function PyClient(name) {
    this.name = name || "python";
    this.callTimeoutMs = 60000; // an answer later than this: the worker is taken for dead
    this.worker = null;
    this.ready = null;
    this.pending = {};
    this.nextId = 1;
    this.bootMs = null;
    this.failure = null;
    this.slow = null;
    this.slowListeners = [];
    this.pyTimes = []; // ms spent in Python per answer (read by the page benchmark)
  }

  PyClient.prototype.start = function () {
    var self = this;
    if (this.ready) return this.ready;
    var t0 = (this.startedAt = performance.now());
    this.ready = new Promise(function (resolve, reject) {
      if (location.protocol === "file:") {
        reject(new BootError("file"));
        return;
      }
      var worker;
      try {
        worker = new Worker(ROOT + "assets/js/worker.js" + workerQuery(), { type: "module", name: self.name });
      } catch (e) {
        reject(new BootError("worker", String(e)));
        return;
      }
      self.rawWorker = worker;
      var settled = false;
      // loadPyodide() never settles when the server sends .wasm with the wrong MIME type: after
      // 10 s the reader is told (onSlow). The worker is left running, so that a merely slow
      // machine still gets its live board when Python does come up.
      var timer = setTimeout(function () {
        if (settled) return;
        self.slow = new BootError("timeout");
        self.slowListeners.forEach(function (cb) {
          cb(self.slow);
        });
      }, BOOT_TIMEOUT_MS);
      worker.onmessage = function (ev) {
        var d = ev.data || {};
        if (d.type === "ready") {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          self.worker = worker;
          self.bootMs = performance.now() - t0;
          self.marks = d.marks || null;
          self.mode = d.mode || "boot"; // "snapshot" or "boot" (pystart.js)
          resolve(self);
        } else if (d.type === "boot-error") {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.terminate();
          reject(new BootError("python", d.detail));
        } else if (d.id && self.pending[d.id]) {
          var p = self.pending[d.id];
          delete self.pending[d.id];
          if (d.pyMs !== undefined) self.pyTimes.push(d.pyMs);
          if (d.error) p.reject(new Error(d.error));
          else p.resolve(d.result);
        }
      };
      worker.onerror = function (ev) {
        if (settled) {
          // The worker died after it started: every pending call fails (the board recovers).
          if (self.rawWorker === worker) self.rejectAll(new Error("worker error: " + (ev && ev.message)));
          return;
        }
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        reject(new BootError("worker", ev && ev.message));
      };
    });
    this.ready.catch(function (err) {
      self.failure = err;
    });
    return this.ready;
  };

  PyClient.prototype.rejectAll = function (err) {
    var pending = this.pending;
    this.pending = {};
    for (var id in pending) {
      if (Object.prototype.hasOwnProperty.call(pending, id)) pending[id].reject(err);
    }
  };

  /** Stops the worker (whatever it is doing) and starts a fresh one; resolves when it is up. */
  PyClient.prototype.restart = function () {
    if (this.rawWorker) this.rawWorker.terminate();
    this.rejectAll(new Error("worker restarted"));
    this.rawWorker = null;
    this.worker = null;
    this.ready = null;
    this.failure = null;
    this.slow = null;
    this.restarts = (this.restarts || 0) + 1;
    return this.start();
  };

  /** Calls `cb(error)` once Python has failed to start within 10 s (now, if it already has). */
  PyClient.prototype.onSlow = function (cb) {
    if (this.slow) cb(this.slow);
    else this.slowListeners.push(cb);
  };

  /**
   * Sends one operation to Python; resolves with its JSON-able answer. The message goes to the
   * worker at once, even while Pyodide is still starting: the worker queues it, which saves a
   * round trip on the first answer.
   */
  PyClient.prototype.call = function (op, args) {
    var self = this;
    var ready = this.start();
    return new Promise(function (resolve, reject) {
      var id = self.nextId++;
      var timer = null;
      var done = function (fn) {
        return function (v) {
          if (timer) clearTimeout(timer);
          fn(v);
        };
      };
      self.pending[id] = { resolve: done(resolve), reject: done(reject) };
      // Counted once Python is up: a call that never comes back means a worker gone silent.
      ready.then(function () {
        if (!self.pending[id]) return;
        timer = setTimeout(function () {
          if (!self.pending[id]) return;
          delete self.pending[id];
          var err = new Error("no answer from Python in " + self.callTimeoutMs + " ms");
          err.kind = "hung";
          reject(err);
        }, self.callTimeoutMs);
      }, function () {});
      ready.catch(function (err) {
        if (self.pending[id]) {
          delete self.pending[id];
          reject(err);
        }
      });
      // No worker at all (file://, or Workers refused): `ready` has rejected, and so will this.
      if (self.rawWorker) self.rawWorker.postMessage({ id: id, op: op, args: args || {} });
    });
  };

  /** The localized sentence for a boot failure, from the component's ui messages. */
  function bootMessage(msgs, err) {
    if (err && err.kind === "file") return msgs["ui.file"] || "file://";
    if (err && err.kind === "timeout") return msgs["ui.timeout"] || "timeout";
    return msgs["ui.python-error"] || "error";
  }

  /**
   * Replaces the SVG in `box` by the one in `text`, touching only what differs: unchanged
   * elements (the <style>, the <defs>, most places) stay in the page, so the browser neither
   * re-parses the diagram's stylesheet nor lays out the whole board again. A plain innerHTML
   * swap costs a frame or two on a long page; this keeps a step well inside one.
   *
   * The drawing is first compared as text with the one last shown, element by element (splitTop:
   * our own markup), going down into groups whose start tag is unchanged: only the elements
   * that changed are parsed and merged. A move changes two places, the description and the
   * highlight, so most of the markup is neither parsed nor walked.
   */
  var scratch = null;
  function swapSvg(box, text) {
    var old = box.firstElementChild;
    scratch = scratch || document.createElement("template");
    var shown = old && old.__ccText;
    if (shown && box.children.length === 1) {
      var root = splitTop(text);
      if (root && patchText(old, shown, text, 0, root[0])) {
        old.__ccText = text;
        scratch.innerHTML = "";
        return;
      }
    }
    scratch.innerHTML = text;
    var fresh = scratch.content.firstElementChild;
    if (!old || !fresh || old.nodeName !== fresh.nodeName || box.children.length !== 1) {
      box.innerHTML = text;
      if (box.firstElementChild) box.firstElementChild.__ccText = text;
      return;
    }
    morph(old, fresh, 0);
    scratch.innerHTML = "";
    old.__ccText = text;
  }

  /**
   * Brings `el` (whose markup was `was`) to the markup `now`; false when it cannot tell how
   * (then the caller parses the whole drawing). `rootTag` is the drawing's start tag: a changed
   * element is parsed inside it, so that it is in the SVG namespace.
   */
  function patchText(el, was, now, depth, rootTag) {
    if (was === now) return true;
    var a = splitTop(was), b = splitTop(now);
    if (a && b && a[0] === b[0] && a.length === b.length && b.length > 2 &&
        el.children.length === b.length - 2 && el.nodeName !== "defs" && el.nodeName !== "style") {
      // Same start tag, as many child elements: only the children that changed.
      var list = Array.prototype.slice.call(el.children);
      for (var i = 1; i < b.length - 1; i++) {
        if (!patchText(list[i - 1], a[i], b[i], depth + 1, rootTag)) return false;
      }
      return true;
    }
    if (depth === 0) return false; // another kind of drawing: parsed whole
    // An element that changed otherwise (its attributes, its text, its children): parsed alone.
    scratch.innerHTML = rootTag + now + "</svg>";
    var holder = scratch.content.firstElementChild;
    var fresh = holder && holder.firstElementChild;
    if (!fresh || fresh.nextSibling) return false;
    if (el.nodeName === fresh.nodeName && el.nodeName !== "style") morph(el, fresh, depth);
    else el.parentNode.replaceChild(fresh, el);
    return true;
  }

  // A tag of our own markup: text and attribute values are escaped (no "<" in them; a ">" only
  // in the <style>'s CSS, which no tag match starts in).
  var TAG = /<(\/?)[A-Za-z][^>]*?(\/?)>/g;

  /**
   * [the element's start tag, each child's markup..., its end tag] of the one element in `text`;
   * [the tag] for an empty element (<x/>); null when `text` is not one element whose children
   * are elements only (text between them, a text node inside: the caller parses it whole).
   */
  function splitTop(text) {
    var parts = [], depth = 0, start = 0, m;
    TAG.lastIndex = 0;
    while ((m = TAG.exec(text))) {
      if (m[1]) {
        depth -= 1;
        if (depth === 1) {
          parts.push(text.slice(start, TAG.lastIndex));
          start = TAG.lastIndex;
        } else if (depth === 0) {
          if (start !== m.index || TAG.lastIndex !== text.length) return null;
          parts.push(m[0]);
          return parts;
        } else if (depth < 0) {
          return null;
        }
      } else if (m[2]) {
        if (depth === 0) return m.index === 0 && TAG.lastIndex === text.length ? [m[0]] : null;
        if (depth === 1) {
          if (start !== m.index) return null; // text between two children
          parts.push(m[0]);
          start = TAG.lastIndex;
        }
      } else {
        if (depth === 0) {
          if (m.index !== 0) return null;
          parts.push(m[0]);
          start = TAG.lastIndex;
        } else if (depth === 1 && start !== m.index) {
          return null;
        }
        depth += 1;
      }
    }
    return null;
  }

  function syncAttributes(old, fresh) {
    var i, a;
    for (i = old.attributes.length - 1; i >= 0; i--) {
      a = old.attributes[i];
      if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
    }
    for (i = 0; i < fresh.attributes.length; i++) {
      a = fresh.attributes[i];
      // A place's tabindex is the page's (board.js keeps one tab stop: a roving tabindex);
      // writing the drawing's "0" and then the page's "-1" back would only churn focusability.
      if (a.name === "tabindex" && old.hasAttribute("tabindex")) continue;
      if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    }
  }

  /**
   * <defs> children are matched by id, not by position: the drawing defines only the ranks and
   * suits it shows, so one rank more or less shifts every later definition, and rewriting their
   * ids makes the browser rebuild every <use> that points at them (most of a swap's time).
   * Order inside <defs> does not matter; what is new is appended, what is gone removed.
   */
  function morphDefs(old, fresh) {
    var have = {}, c, next;
    for (c = old.firstChild; c; c = next) {
      next = c.nextSibling;
      if (c.nodeType === 1 && c.id && !have[c.id]) have[c.id] = c;
      else old.removeChild(c);
    }
    var kids = Array.prototype.slice.call(fresh.childNodes);
    for (var i = 0; i < kids.length; i++) {
      var n = kids[i], o = n.nodeType === 1 && n.id ? have[n.id] : null;
      if (!o) {
        if (n.nodeType === 1) old.appendChild(n);
        continue;
      }
      delete have[n.id];
      if (!o.isEqualNode(n)) old.replaceChild(n, o);
    }
    for (var id in have) {
      if (Object.prototype.hasOwnProperty.call(have, id)) old.removeChild(have[id]);
    }
  }

  function morph(old, fresh, depth) {
    syncAttributes(old, fresh);
    if (old.nodeName === "defs") {
      morphDefs(old, fresh);
      return;
    }
    var oldKids = Array.prototype.slice.call(old.childNodes);
    var newKids = Array.prototype.slice.call(fresh.childNodes);
    for (var i = 0; i < newKids.length; i++) {
      var o = oldKids[i], n = newKids[i];
      if (!o) {
        old.appendChild(n);
      } else if (o.isEqualNode(n)) {
        continue;
      } else if (o.nodeType === 3 && n.nodeType === 3) {
        o.nodeValue = n.nodeValue;
      } else if (depth < 3 && o.nodeType === 1 && o.nodeName === n.nodeName && o.nodeName !== "style") {
        morph(o, n, depth + 1);
      } else {
        old.replaceChild(n, o);
      }
    }
    for (var j = newKids.length; j < oldKids.length; j++) old.removeChild(oldKids[j]);
  }

  var loaded = {};
  function loadScript(name) {
    if (!loaded[name]) {
      loaded[name] = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = ROOT + "assets/js/" + name;
        s.onload = resolve;
        s.onerror = function () {
          reject(new Error("could not load " + name));
        };
        document.head.appendChild(s);
      });
    }
    return loaded[name];
  }

  var CCLive = (window.CCLive = {
    ROOT: ROOT,
    BOOT_TIMEOUT_MS: BOOT_TIMEOUT_MS,
    python: new PyClient("python"),
    PyClient: PyClient, // verdict.js runs a second one (the solver), started the same way
    loadScript: loadScript,
    uiMessages: uiMessages,
    say: say,
    bootMessage: bootMessage,
    swapSvg: swapSvg,
    components: [],
    // board.js and replay.js register their constructors here (loaded before or after this).
    kinds: (window.CCLiveKinds = window.CCLiveKinds || {}),
  });

  function attach(root) {
    var found = [
      ["board.js", "board", root.querySelectorAll("[data-board]:not([data-tryit]):not([data-lesson]):not([data-puzzle])")],
      ["board.js", "tryit", root.querySelectorAll("[data-tryit]")],
      ["replay.js", "replay", root.querySelectorAll("[data-replay]")],
      ["learn.js", "learn", root.querySelectorAll("[data-lesson],[data-puzzle]")],
      ["learn.js", "progress", root.querySelectorAll("[data-progress]")],
    ];
    found.forEach(function (entry) {
      var file = entry[0], kind = entry[1], nodes = entry[2];
      if (!nodes.length) return;
      // learn.js builds on board.js's Board: load that first when the page lacks it.
      var base = file === "learn.js" && !CCLive.kinds.Board ? loadScript("board.js") : Promise.resolve();
      var ready = CCLive.kinds[kind] ? Promise.resolve() : base.then(function () {
        return loadScript(file);
      });
      ready.then(
        function () {
          Array.prototype.forEach.call(nodes, function (el) {
            if (el.__cc) return;
            el.__cc = new CCLive.kinds[kind](el, CCLive);
            CCLive.components.push(el.__cc);
          });
        },
        function () {
          Array.prototype.forEach.call(nodes, function (el) {
            say(el, bootMessage(uiMessages(el), null), "error");
          });
        }
      );
    });
  }

  function start() {
    attach(document);
  }

  // This script comes after the page's content (MkDocs puts scripts at the end of the body), so
  // the boards are already there: attaching now starts Python before the rest of the page's
  // scripts have run. DOMContentLoaded (and Material's instant navigation, which swaps page
  // content without reloading scripts) attach anything added since; attach() skips what it has.
  start();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () {
      attach(document);
    });
  }
})();

/* The page's Python: a Pyodide worker (python/worker.js) and the calls to it.
 *
 * Every request is a Call {id, op, args}; the worker answers with a Reply (python/protocol.js).
 * Nothing here knows a rule or a layout: Python answers every question.
 */
import { WORKER } from "./protocol.js";
import { KEYS, readText } from "../core/storage.js";

/** @typedef {import("./protocol.js").Op} Op */
/** @typedef {import("./protocol.js").Args} Args */
/** @typedef {import("./protocol.js").Answer} Answer */
/** @typedef {import("./protocol.js").Reply} Reply */

/** The site root, from this module's own URL (assets/js/python/client.js), so that pages under
 * /ko/, /el/ … and a site served below a sub-path all find the same files. */
export const ROOT = new URL("../../../", import.meta.url).href;
export const BOOT_TIMEOUT_MS = 10000;
/** A Python whose files come, only slowly, is waited for this long in all before it is given up. */
export const BOOT_GIVE_UP_MS = 120000;
const WASM = "pyodide/pyodide.asm.wasm";

/** A failure to start Python: `kind` is "file", "timeout" (nothing came in BOOT_GIVE_UP_MS),
 * "mime" (the server sends the .wasm with the wrong type; `detail` the type it sends),
 * "blocked" (a file Python needs could not be fetched; `detail` which), "worker" or "python". */
export class BootError extends Error {
  /** @param {"file" | "timeout" | "mime" | "blocked" | "worker" | "python"} kind @param {string} [detail] */
  constructor(kind, detail) {
    super("Python could not start (" + kind + "): " + (detail || ""));
    this.kind = kind;
    this.detail = detail || "";
  }
}

/** A call Python never answered (the worker went silent): the board restarts it. A Python
 * exception, by contrast, is a plain Error (the board reopens its game). */
export class HungError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.kind = /** @type {const} */ ("hung");
  }
}

/** What Python's WebAssembly file looks like as the server sends it: a BootError saying what is
 * wrong ("mime", "blocked"), or null when it comes as it should (Python is only slow). Only the
 * headers are read: the body is dropped as soon as they are here.
 * @returns {Promise<BootError | null>} */
async function diagnose() {
  const control = new AbortController();
  try {
    const r = await fetch(new URL(WASM, ROOT).href, { signal: control.signal });
    const type = (r.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
    control.abort();
    if (!r.ok) return new BootError("blocked", WASM + " (HTTP " + r.status + ")");
    if (type !== "application/wasm") return new BootError("mime", type || "–");
    return null;
  } catch {
    return new BootError("blocked", WASM);
  }
}

/**
 * The worker's parameters: the build's Python snapshot named by the page (sitegen/snapshot.py)
 * and how to start ("auto"; "boot" or "snapshot" when localStorage "cc-python-start" says so:
 * a reader's way to turn the snapshot off, and the browser tests' two start modes).
 */
function workerQuery() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="cc-snapshot"]'));
  let q = "?start=" + encodeURIComponent(readText(KEYS.pythonStart) || "auto");
  if (meta && meta.content) q += "&snapshot=" + encodeURIComponent(meta.content);
  // The reader's connection asks to save data: no snapshot fetched for next time.
  const connection = /** @type {{connection?: {saveData?: boolean}}} */ (/** @type {unknown} */ (navigator)).connection;
  if (connection && connection.saveData) q += "&save-data=1";
  return q;
}

/** @typedef {{resolve: (a: Answer) => void, reject: (e: Error) => void}} Pending */

/**
 * One Python worker. `start()` may be called by every component; the first call creates it.
 * The page has one for its boards (`python`) and Play pages a second, for the verdict.
 */
export class PyClient {
  /** @param {string} [name] */
  constructor(name) {
    this.name = name || "python";
    this.callTimeoutMs = 60000; // an answer later than this: the worker is taken for dead
    /** @type {Worker | null} the worker once Python is up */
    this.worker = null;
    /** @type {Worker | null} the worker from its creation (messages go to it while it starts) */
    this.rawWorker = null;
    /** @type {Promise<PyClient> | null} */
    this.ready = null;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {number | null} */
    this.bootMs = null;
    /** @type {Error | null} */
    this.failure = null;
    /** @type {BootError | null} */
    this.slow = null;
    /** @type {((e: BootError) => void)[]} */
    this.slowListeners = [];
    /** True once Python's files were found coming, slowly (after BOOT_TIMEOUT_MS) */
    this.loading = false;
    /** @type {(() => void)[]} */
    this.loadingListeners = [];
    /** @type {number[]} ms spent in Python per answer (read by the page benchmark) */
    this.pyTimes = [];
    /** @type {Record<string, number> | null} */
    this.marks = null;
    /** @type {"snapshot" | "boot" | null} */
    this.mode = null;
    this.restarts = 0;
    this.startedAt = 0;
  }

  /** @returns {Promise<PyClient>} */
  start() {
    if (this.ready) return this.ready;
    const t0 = (this.startedAt = performance.now());
    this.ready = new Promise((resolve, reject) => {
      if (location.protocol === "file:") {
        reject(new BootError("file"));
        return;
      }
      /** @type {Worker} */
      let worker;
      try {
        worker = new Worker(new URL("worker.js" + workerQuery(), import.meta.url), { type: "module", name: this.name });
      } catch (e) {
        reject(new BootError("worker", String(e)));
        return;
      }
      this.rawWorker = worker;
      let settled = false;
      // loadPyodide() never settles when the server sends .wasm with the wrong MIME type, or when
      // its file is blocked. After 10 s the page looks at that file as the server sends it and
      // says what it found (hostile review #4): a wrong type or a failed fetch is said at once
      // (onSlow); a file that comes with the right type is a slow download, said as such
      // (onLoading) while clicks stay queued, and given up only after BOOT_GIVE_UP_MS. The worker
      // is left running either way, so that a Python that does come up still makes boards live.
      const slow = (/** @type {BootError} */ err) => {
        if (settled || this.slow) return;
        this.slow = err;
        for (const cb of this.slowListeners) cb(err);
      };
      /** @type {ReturnType<typeof setTimeout> | null} */
      let giveUp = null;
      const timer = setTimeout(() => {
        if (settled) return;
        diagnose().then((err) => {
          if (settled) return;
          if (err) {
            slow(err);
            return;
          }
          this.loading = true;
          for (const cb of this.loadingListeners) cb();
          giveUp = setTimeout(() => slow(new BootError("timeout")), BOOT_GIVE_UP_MS - BOOT_TIMEOUT_MS);
        });
      }, BOOT_TIMEOUT_MS);
      const stopTimers = () => {
        clearTimeout(timer);
        if (giveUp) clearTimeout(giveUp);
      };
      worker.onmessage = (/** @type {MessageEvent<Reply>} */ ev) => {
        const d = ev.data;
        if (d.type === WORKER.READY) {
          if (settled) return;
          settled = true;
          stopTimers();
          this.worker = worker;
          this.bootMs = performance.now() - t0;
          this.marks = d.marks || null;
          this.mode = d.mode || "boot"; // "snapshot" or "boot" (python/pystart.js)
          resolve(this);
        } else if (d.type === WORKER.BOOT_ERROR) {
          if (settled) return;
          settled = true;
          stopTimers();
          worker.terminate();
          reject(new BootError("python", d.detail));
        } else if (d.type === undefined && this.pending.has(d.id)) {
          const p = /** @type {Pending} */ (this.pending.get(d.id));
          this.pending.delete(d.id);
          if ("error" in d) p.reject(new Error(d.error));
          else {
            if (d.pyMs !== undefined) this.pyTimes.push(d.pyMs);
            p.resolve(d.result);
          }
        }
      };
      worker.onerror = (ev) => {
        if (settled) {
          // The worker died after it started: every pending call fails (the board recovers).
          if (this.rawWorker === worker) this.rejectAll(new Error("worker error: " + (ev && ev.message)));
          return;
        }
        settled = true;
        stopTimers();
        worker.terminate();
        reject(new BootError("worker", ev && ev.message));
      };
    });
    this.ready.catch((err) => {
      this.failure = err;
    });
    return this.ready;
  }

  /** @param {Error} err */
  rejectAll(err) {
    const pending = this.pending;
    this.pending = new Map();
    for (const p of pending.values()) p.reject(err);
  }

  /** Stops the worker (whatever it is doing) and starts a fresh one; resolves when it is up. */
  restart() {
    if (this.rawWorker) this.rawWorker.terminate();
    this.rejectAll(new Error("worker restarted"));
    this.rawWorker = null;
    this.worker = null;
    this.ready = null;
    this.failure = null;
    this.slow = null;
    this.loading = false;
    this.restarts += 1;
    return this.start();
  }

  /** Calls `cb(error)` once Python cannot start: its file is refused or sent with the wrong
   * type (found after 10 s), or nothing came in BOOT_GIVE_UP_MS (now, if so already).
   * @param {(e: BootError) => void} cb */
  onSlow(cb) {
    if (this.slow) cb(this.slow);
    else this.slowListeners.push(cb);
  }

  /** Calls `cb()` once Python is found still downloading after 10 s (now, if so already).
   * @param {() => void} cb */
  onLoading(cb) {
    if (this.loading) cb();
    else this.loadingListeners.push(cb);
  }

  /**
   * Sends one operation to Python; resolves with its answer. The message goes to the worker at
   * once, even while Pyodide is still starting: the worker queues it, which saves a round trip
   * on the first answer.
   * @param {Op} op
   * @param {Args} [args]
   * @returns {Promise<Answer>}
   */
  call(op, args) {
    const ready = this.start();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      /** @type {ReturnType<typeof setTimeout> | null} */
      let timer = null;
      const stop = () => {
        if (timer) clearTimeout(timer);
      };
      this.pending.set(id, {
        resolve: (v) => (stop(), resolve(v)),
        reject: (e) => (stop(), reject(e)),
      });
      // Counted once Python is up: a call that never comes back means a worker gone silent.
      ready.then(() => {
        if (!this.pending.has(id)) return;
        timer = setTimeout(() => {
          if (!this.pending.delete(id)) return;
          reject(new HungError("no answer from Python in " + this.callTimeoutMs + " ms"));
        }, this.callTimeoutMs);
      }, () => {});
      ready.catch((err) => {
        if (this.pending.delete(id)) reject(err);
      });
      // No worker at all (file://, or Workers refused): `ready` has rejected, and so will this.
      if (this.rawWorker) this.rawWorker.postMessage({ id, op, args: args || {} });
    });
  }
}

/** The page's Python for its boards (Play pages, try-its). */
export const python = new PyClient("python");

// Read by the browser tests and scripts/benchmarks/ (never by the page's own code).
window.CCLive = Object.assign(window.CCLive || {}, { ROOT, BOOT_TIMEOUT_MS, BOOT_GIVE_UP_MS, python, PyClient });

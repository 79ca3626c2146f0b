/* The page's Python, off the main thread (a module worker: python/client.js starts it).
 *
 * Starts Pyodide from the site's own pyodide/ folder (or from the build's memory snapshot:
 * python/pystart.js), unpacks assets/py.zip (engine/, diagrams/, catalogues/, pyworker/) and
 * answers each Call {id, op, args} with {id, result} from pyworker.handle(), which takes and
 * returns JSON text so that no Python object crosses into JavaScript (python/protocol.js).
 * Every URL is computed from this file's own URL (assets/js/python/worker.js), never the page's.
 */
import { prefetchSnapshotWhenIdle, startPython } from "./pystart.js";
import { WORKER } from "./protocol.js";

/** @typedef {import("./protocol.js").Call} Call */
/** @typedef {import("./protocol.js").Reply} Reply */

const ROOT = new URL("../../../", import.meta.url);
// Set by python/client.js: the build's memory snapshot (sitegen/snapshot.py) and how to start.
const PARAMS = new URL(import.meta.url).searchParams;

/** @type {((request: string) => string) | null} pyworker.handle, once Python is up */
let handle = null;
/** @type {Call[]} */
const queue = [];
let lastUse = 0; // when Python last answered (the snapshot is fetched once it has been idle)

/** @param {Reply} message */
function reply(message) {
  postMessage(message);
}

/** @param {(request: string) => string} run @param {Call} msg */
function answer(run, msg) {
  try {
    const t0 = performance.now();
    const out = run(JSON.stringify({ op: msg.op, args: msg.args || {} }));
    // pyMs: the Python share of an answer, for scripts/benchmarks/bench_page.py.
    reply({ id: msg.id, result: JSON.parse(out), pyMs: performance.now() - t0 });
  } catch (err) {
    reply({ id: msg.id, error: String(err instanceof Error ? err.message : err) });
  }
}

self.onmessage = (/** @type {MessageEvent<Call>} */ ev) => {
  lastUse = performance.now();
  if (handle) answer(handle, ev.data);
  else queue.push(ev.data);
};

/** @type {Record<string, number>} */
const marks = { start: performance.now() };

async function boot() {
  // py.zip downloads while Pyodide starts.
  const zip = fetch(new URL("assets/py.zip", ROOT)).then((r) => {
    if (!r.ok) throw new Error(`assets/py.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  // Awaited below; if Pyodide fails first, its failure is the one reported, not this.
  zip.catch(() => {});
  const { pyodide, mode, snapshotUrl } = await startPython({
    root: ROOT, zip, snapshot: PARAMS.get("snapshot"), start: PARAMS.get("start") || "auto", marks,
  });
  const run = (handle = pyodide.pyimport("pyworker").handle);
  marks.imported = performance.now();
  // The phases' times (ms since the worker started) are for scripts/benchmarks/bench_page.py.
  reply({ type: WORKER.READY, marks, mode });
  for (let msg = queue.shift(); msg; msg = queue.shift()) answer(run, msg);
  lastUse = performance.now();
  if (mode === "boot" && !PARAMS.get("save-data")) prefetchSnapshotWhenIdle(snapshotUrl, () => lastUse);
}

boot().catch((err) => {
  reply({ type: WORKER.BOOT_ERROR, detail: String(err instanceof Error ? err.message : err) });
});

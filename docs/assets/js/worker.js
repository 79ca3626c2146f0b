/* The page's Python, off the main thread (module worker).
 *
 * Starts Pyodide from the site's own pyodide/ folder (or from the build's memory snapshot:
 * pystart.js), unpacks assets/py.zip (engine/, diagrams/, catalogues/, pyworker/) and answers
 * {id, op, args} with {id, result} from pyworker.handle(), which takes and returns JSON text so that no Python object crosses into JavaScript.
 * Every URL is computed from this file's own URL (assets/js/worker.js), never from the page's.
 */
import { prefetchSnapshotWhenIdle, startPython } from "./pystart.js";

const ROOT = new URL("../../", import.meta.url);
// Set by boot.js: the build's memory snapshot (sitegen/snapshot.py) and how to start (pystart.js).
const PARAMS = new URL(import.meta.url).searchParams;

let handle = null;
const queue = [];
let lastUse = 0; // when Python last answered (the snapshot is fetched once it has been idle)

function answer(msg) {
  try {
    const t0 = performance.now();
    const out = handle(JSON.stringify({ op: msg.op, args: msg.args || {} }));
    // pyMs: the Python share of an answer, for scripts/benchmarks/bench_page.py.
    postMessage({ id: msg.id, result: JSON.parse(out), pyMs: performance.now() - t0 });
  } catch (err) {
    postMessage({ id: msg.id, error: String(err && err.message ? err.message : err) });
  }
}

self.onmessage = (ev) => {
  lastUse = performance.now();
  if (handle) answer(ev.data);
  else queue.push(ev.data);
};

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
  const pyworker = pyodide.pyimport("pyworker");
  handle = pyworker.handle;
  marks.imported = performance.now();
  // The phases' times (ms since the worker started) are for scripts/benchmarks/bench_page.py.
  postMessage({ type: "ready", marks, mode });
  while (queue.length) answer(queue.shift());
  lastUse = performance.now();
  if (mode === "boot" && !PARAMS.get("save-data")) prefetchSnapshotWhenIdle(snapshotUrl, () => lastUse);
}

boot().catch((err) => {
  postMessage({ type: "boot-error", detail: String(err && err.message ? err.message : err) });
});

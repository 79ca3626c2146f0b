/* The page's Python, off the main thread (module worker).
 *
 * Loads Pyodide from the site's own pyodide/ folder, unpacks assets/py.zip (engine/, diagrams/,
 * catalogues/, pyworker/) and answers {id, op, args} with {id, result} from pyworker.handle(),
 * which takes and returns JSON text so that no Python object crosses into JavaScript.
 * Every URL is computed from this file's own URL (assets/js/worker.js), never from the page's.
 */
const ROOT = new URL("../../", import.meta.url);
const APP_DIR = "/home/pyodide/app";

let handle = null;
const queue = [];

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
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", ROOT).href);
  marks.script = performance.now();
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", ROOT).href,
    // Packages would come from a CDN by default; the engine needs none, and nothing may
    // leave the site's host.
    packageBaseUrl: new URL("pyodide/", ROOT).href,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  marks.pyodide = performance.now();
  pyodide.unpackArchive(new Uint8Array(await zip), "zip", { extractDir: APP_DIR });
  marks.unpacked = performance.now();
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(APP_DIR)})`);
  const pyworker = pyodide.pyimport("pyworker");
  handle = pyworker.handle;
  marks.imported = performance.now();
  // The phases' times (ms since the worker started) are for scripts/benchmarks/bench_page.py.
  postMessage({ type: "ready", marks });
  while (queue.length) answer(queue.shift());
}

boot().catch((err) => {
  postMessage({ type: "boot-error", detail: String(err && err.message ? err.message : err) });
});

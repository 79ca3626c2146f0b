/* Starting the page's Python (imported by python/worker.js): from the build's memory snapshot where
 * that wins, else a normal Pyodide boot.
 *
 * The snapshot (assets/snapshot/<key>.bin.gz, named by the page: sitegen/snapshot.py) holds
 * the interpreter's memory after py.zip was unpacked and pyworker imported; restoring it skips
 * the interpreter's start-up and the imports. It is used only when it is already cached (the
 * service worker's cache or the HTTP cache): a first visit boots as before, and once Python is
 * up and idle, fetches the snapshot for next time (unless the connection asks to save data).
 * A snapshot that fails to load (corrupt, wrong runtime) is dropped quietly and Python boots
 * normally.
 *
 * `start` (from the worker's URL, set by python/client.js): "auto" (the above), "snapshot" (fetch it
 * even if not cached: the browser tests' second start mode) or "boot" (never use it).
 */
const APP_DIR = "/home/pyodide/app"; // where py.zip is unpacked: also scripts/make_snapshot.mjs
const IDLE_MS = 3000; // Python unused this long after its start: fetch the snapshot

/** @param {Uint8Array<ArrayBuffer>} bytes @returns {Promise<Uint8Array<ArrayBuffer>>} */
function gunzipIfNeeded(bytes) {
  // A host may already have removed the gzip layer (Content-Encoding): check the magic bytes.
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return Promise.resolve(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

/** The snapshot's bytes if some cache already holds them, else null (never the network). */
/** @param {string} url @returns {Promise<Uint8Array<ArrayBuffer> | null>} */
async function cachedSnapshot(url) {
  try {
    if (self.caches) {
      const hit = await caches.match(url);
      if (hit) return new Uint8Array(await hit.arrayBuffer());
    }
    // The HTTP cache, fresh or stale; a service worker answers this from its own cache or 504.
    const r = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    return r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

/** @param {string} url */
async function fetchedSnapshot(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** @param {URL} root */
function loadOptions(root) {
  return {
    indexURL: new URL("pyodide/", root).href,
    // Packages would come from a CDN by default; the engine needs none, and nothing may
    // leave the site's host.
    packageBaseUrl: new URL("pyodide/", root).href,
    stdout: () => {},
    stderr: (/** @type {string} */ line) => console.warn(line),
  };
}

/**
 * Starts Python; resolves with {pyodide, mode, snapshotUrl}, mode "snapshot" or "boot".
 * `zip` is a promise of py.zip's bytes (fetched while Pyodide starts).
 * @param {{root: URL, zip: Promise<ArrayBuffer>, snapshot: string | null, start: string,
 *   marks: Record<string, number>}} options
 * @returns {Promise<{pyodide: any, mode: "snapshot" | "boot", snapshotUrl: string | null}>}
 */
export async function startPython({ root, zip, snapshot, start, marks }) {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", root).href);
  marks.script = performance.now();
  const snapshotUrl = snapshot ? new URL(snapshot, root).href : null;
  let pyodide = null;
  /** @type {"snapshot" | "boot"} */
  let mode = "boot";
  if (snapshotUrl && start !== "boot") {
    try {
      const packed = start === "snapshot" ? await fetchedSnapshot(snapshotUrl) : await cachedSnapshot(snapshotUrl);
      if (packed) {
        marks.snapshotRead = performance.now();
        const bytes = await gunzipIfNeeded(packed);
        pyodide = await loadPyodide({ ...loadOptions(root), _loadSnapshot: bytes });
        mode = "snapshot";
      }
    } catch (err) {
      // Corrupt or from another runtime: boot normally; the page needs to know nothing.
      console.info(`Python snapshot not used (${err instanceof Error ? err.message : err}); booting`);
      pyodide = null;
      mode = "boot";
    }
  }
  if (!pyodide) pyodide = await loadPyodide(loadOptions(root));
  marks.pyodide = performance.now();
  // The snapshot's memory holds the modules, not the files (Pyodide's file system is not in
  // it): the catalogues read their JSON on first use, so the files are unpacked either way.
  pyodide.unpackArchive(new Uint8Array(await zip), "zip", { extractDir: APP_DIR });
  marks.unpacked = performance.now();
  if (mode === "snapshot") {
    try {
      // The snapshot's `random` state is the build's: draw fresh seeds for this reader.
      pyodide.runPython("import random\nrandom.seed()\nimport pyworker");
    } catch (err) {
      console.info(`Python snapshot not usable (${err}); booting`);
      pyodide = await loadPyodide(loadOptions(root));
      pyodide.unpackArchive(new Uint8Array(await zip), "zip", { extractDir: APP_DIR });
      mode = "boot";
    }
  }
  if (mode === "boot") pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(APP_DIR)})`);
  return { pyodide, mode, snapshotUrl };
}

/**
 * After a normal boot: once Python has had nothing to do for IDLE_MS, fetches the snapshot so
 * that the next start uses it (through the service worker, which keeps it, or into the HTTP
 * cache). `lastUse()` is when Python last answered. Not when the connection saves data (the
 * worker's own view of it here; the page's is passed by python/client.js as save-data=1).
 * @param {string | null} snapshotUrl
 * @param {() => number} lastUse
 */
export function prefetchSnapshotWhenIdle(snapshotUrl, lastUse) {
  const connection = /** @type {{connection?: {saveData?: boolean}}} */ (/** @type {unknown} */ (self.navigator)).connection;
  if (!snapshotUrl || (connection && connection.saveData)) return;
  const tick = () => {
    const quiet = performance.now() - lastUse();
    if (quiet < IDLE_MS) {
      setTimeout(tick, IDLE_MS - quiet);
      return;
    }
    fetch(snapshotUrl, { priority: "low" })
      .then((r) => (r.ok ? r.arrayBuffer() : null))
      .catch(() => null); // offline or gone: next time, perhaps
  };
  setTimeout(tick, IDLE_MS);
}

// Runs tests/pyodide/playout.py with the engine under Pyodide (node_modules/pyodide, no network).
//
//   node tests/pyodide/replay.mjs BUNDLE.zip REQUEST.json [SNAPSHOT.bin.gz]
//
// With SNAPSHOT (the build's, sitegen/snapshot.py), Pyodide starts from it as the page's worker
// does, and playout.py runs with the engine the snapshot had already imported from py.zip.
//
// BUNDLE.zip holds engine/ and playout.py (built by tests/pyodide/harness.py); REQUEST.json is
// playout.main's request. Prints playout.main's JSON answer on stdout. Pyodide starts once for
// all the games of a request (its cold start, about 1.6 s, would dwarf the games themselves).
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [bundlePath, requestPath, snapshotPath] = process.argv.slice(2);
if (!bundlePath || !requestPath) {
  console.error("usage: node replay.mjs BUNDLE.zip REQUEST.json [SNAPSHOT.bin.gz]");
  process.exit(2);
}
try {
  const [file, request] = await Promise.all([readFile(bundlePath), readFile(requestPath, "utf8")]);
  // unpackArchive takes a plain Uint8Array, not Node's Buffer subclass.
  const bundle = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const options = {};
  if (snapshotPath) options._loadSnapshot = new Uint8Array(gunzipSync(await readFile(snapshotPath)));
  const pyodide = await loadPyodide(options);
  if (snapshotPath) pyodide.runPython("import random\nrandom.seed()");
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/lib/engine_pkg" });
  pyodide.runPython("import sys; sys.path.insert(0, '/lib/engine_pkg')");
  const playout = pyodide.pyimport("playout");
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  // Which engine playout.py got (the snapshot's, from py.zip, or the bundle's); null if none.
  const engineFile = pyodide.runPython("import sys; getattr(sys.modules.get('engine'), '__file__', None)") ?? null;
  const answer = playout.main(request);
  process.stdout.write(JSON.stringify({ python: version, engine: engineFile, result: JSON.parse(answer) }) + "\n");
} catch (error) {
  // Only the message: a stack through Pyodide's minified runtime is megabytes of noise.
  console.error(`replay.mjs: ${error?.message ?? error}`);
  process.exit(1);
}

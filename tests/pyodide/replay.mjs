// Runs tests/pyodide/playout.py with the engine under Pyodide (node_modules/pyodide, no network).
//
//   node tests/pyodide/replay.mjs BUNDLE.zip REQUEST.json
//
// BUNDLE.zip holds engine/ and playout.py (built by tests/pyodide/harness.py); REQUEST.json is
// playout.main's request. Prints playout.main's JSON answer on stdout. Pyodide starts once for
// all the games of a request (its cold start, about 1.6 s, would dwarf the games themselves).
import { readFile } from "node:fs/promises";
import { loadPyodide } from "pyodide";

const [bundlePath, requestPath] = process.argv.slice(2);
if (!bundlePath || !requestPath) {
  console.error("usage: node replay.mjs BUNDLE.zip REQUEST.json");
  process.exit(2);
}
try {
  const [file, request] = await Promise.all([readFile(bundlePath), readFile(requestPath, "utf8")]);
  // unpackArchive takes a plain Uint8Array, not Node's Buffer subclass.
  const bundle = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const pyodide = await loadPyodide();
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/lib/engine_pkg" });
  pyodide.runPython("import sys; sys.path.insert(0, '/lib/engine_pkg')");
  const playout = pyodide.pyimport("playout");
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  const answer = playout.main(request);
  process.stdout.write(JSON.stringify({ python: version, result: JSON.parse(answer) }) + "\n");
} catch (error) {
  // Only the message: a stack through Pyodide's minified runtime is megabytes of noise.
  console.error(`replay.mjs: ${error?.message ?? error}`);
  process.exit(1);
}

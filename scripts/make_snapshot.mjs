// Makes the memory snapshot the page's Python worker starts from (sitegen/snapshot.py runs it).
//
//   node scripts/make_snapshot.mjs PYODIDE_DIR PY_ZIP OUT_FILE EPOCH_SECONDS
//
// Boots Pyodide (the site's own copy in PYODIDE_DIR) under Node with `_makeSnapshot`, unpacks
// py.zip where the worker does, imports what the worker imports (pyworker, and through it the
// engine, diagrams and catalogues), and writes `pyodide.makeMemorySnapshot()` to OUT_FILE.
//
// Byte-identical from one run to the next: the interpreter's memory would otherwise hold the
// randomness it drew at start (the str hash secret, the `random` module's Mersenne Twister
// state, a ChaCha state) and the clock (file times, import times). Both are fixed for this
// process only: randomness from a fixed-seed generator, Date.now() at EPOCH_SECONDS (a fixed
// date given by sitegen/snapshot.py), performance.now() a counter. The worker reseeds `random` after a restore,
// so readers still get random deals; the str hash secret stays the snapshot's (a fixed hash
// seed, harmless for a game that hashes no untrusted keys).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, outPath, epochSeconds] = process.argv.slice(2);
if (!pyodideDir || !zipPath || !outPath || !epochSeconds) {
  console.error("usage: node make_snapshot.mjs PYODIDE_DIR PY_ZIP OUT_FILE EPOCH_SECONDS");
  process.exit(2);
}
const APP_DIR = "/home/pyodide/app"; // the same place as docs/assets/js/pystart.js

let state = 0x9e3779b9; // xorshift32
nodeCrypto.randomFillSync = (view, offset = 0, size) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const end = size === undefined ? bytes.length : offset + size;
  for (let i = offset; i < end; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 255;
  }
  return view;
};
const fixedNow = Number(epochSeconds) * 1000;
Date.now = () => fixedNow;
let tick = 0;
performance.now = () => (tick += 0.001);

try {
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const file = readFileSync(zipPath);
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + path.sep,
    _makeSnapshot: true,
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  pyodide.unpackArchive(new Uint8Array(file.buffer, file.byteOffset, file.byteLength), "zip",
                        { extractDir: APP_DIR });
  // The catalogues are read now too (their JSON, parsed): a restored worker answers its first
  // request without reading a file.
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(APP_DIR)})\nimport pyworker
import catalogues\nfor lang in catalogues.LANGUAGES:\n    catalogues.load(lang)`);
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(outPath, snapshot);
  process.stdout.write(JSON.stringify({ bytes: snapshot.length }) + "\n");
} catch (error) {
  console.error(`make_snapshot.mjs: ${error?.message ?? error}`);
  process.exit(1);
}

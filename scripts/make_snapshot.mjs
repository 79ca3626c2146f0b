// Makes the memory snapshot the page's Python worker starts from (sitegen/snapshot.py runs it).
//
//   node scripts/make_snapshot.mjs PYODIDE_DIR PY_ZIP OUT_FILE EPOCH_SECONDS
//
// Boots Pyodide (the site's own copy in PYODIDE_DIR) under Node with `_makeSnapshot`, unpacks
// py.zip where the worker does, imports what the worker imports (pyworker, and through it the
// engine, diagrams and catalogues), and writes `pyodide.makeMemorySnapshot()` to OUT_FILE.
//
// Byte-identical from one run to the next and from one machine or checkout to another: the
// interpreter's memory would otherwise hold
// - the randomness it drew at start (the str hash secret, the `random` module's Mersenne Twister
//   state, a ChaCha state): drawn here from a fixed-seed generator;
// - the clock (file times, import times): Date.now() at EPOCH_SECONDS (a fixed date given by
//   sitegen/snapshot.py), performance.now() a counter;
// - the host it was made on, through what Emscripten sets up: the program's name is this
//   script's own path (process.argv[1], Python's sys.argv[0] and sys.executable and the C
//   environment's `_`: /work/main/scripts/... and a build's /tmp/x-src/scripts/... gave
//   snapshots of one key differing in 9 MB, every later object moved by the path's length),
//   the local time zone's offsets and names (TZ), and LANG from navigator.language (Node 21+,
//   the host's locale). All three are fixed below.
// The worker reseeds `random` after a restore, so readers still get random deals; the str hash
// secret stays the snapshot's (a fixed hash seed, harmless for a game that hashes no untrusted
// keys).
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
// Node rereads TZ when it is set; Emscripten's tzset (run while Pyodide starts) then sees UTC.
process.env.TZ = "UTC";
// Emscripten names the program after process.argv[1] when Pyodide starts; a browser's boot
// names it "./this.program".
process.argv[1] = "./this.program";
// LANG as Node 20 gives it (no navigator); a browser's would be its reader's language, but a
// snapshot is made once for every reader.
const ENV = { LANG: "C.UTF-8" };
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
    env: ENV, // Pyodide adds its HOME and PYTHONINSPECT to these
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

/* The page's scripts start here (a module, so deferred: it runs once the page is parsed).
 *
 * It finds the page's components by their data attributes and imports each kind's module, only
 * for the kinds the page has: a text page loads nothing more. Python starts at once where a Play
 * board needs it, while the board's modules load. Opened from file://, module scripts do not run
 * at all: boot.js (a classic script) says why nothing goes live then.
 */

/**
 * A component: what the page's element becomes (el.__cc, read by tests and benchmarks).
 * @typedef {object} Component
 */

/**
 * @typedef {object} Kind
 * @property {string} selector the elements of this kind
 * @property {string} module the module that makes them (relative to this one)
 * @property {string[]} preload the modules it imports, fetched at once (no waterfall)
 * @property {(m: any, el: HTMLElement) => Component} make
 */

const BOARD = ["board/board.js", "board/admit.js", "board/state.js", "board/focus.js", "board/render.js", "board/input.js",
  "board/picture.js", "board/clock.js", "board/events.js", "core/dom.js", "core/messages.js",
  "core/svgswap.js", "core/storage.js", "core/statelink.js", "python/client.js", "python/protocol.js"];
const ANSWERS = ["board/sources.js", "core/packed.js"];

/** @type {Kind[]} (exported for scripts/lint-js.sh, which checks the preload lists) */
export const KINDS = [
  {
    selector: "[data-board]:not([data-tryit]):not([data-lesson]):not([data-puzzle]):not([data-analysis])",
    module: "play/play.js",
    preload: [...BOARD, "core/hash.js", "play/saved.js", "play/settings.js", "play/verdict.js", "play/glide.js",
      "play/stats.js", "core/games.js"],
    make: (m, el) => new m.PlayBoard(el),
  },
  {
    selector: "[data-analysis]",
    module: "analysis/analysis.js",
    preload: [...BOARD, "core/hash.js", "analysis/moves.js", "analysis/setup.js"],
    make: (m, el) => new m.AnalysisBoard(el),
  },
  { selector: "[data-tryit]", module: "tryit/tryit.js", preload: [...BOARD, ...ANSWERS], make: (m, el) => new m.TryIt(el) },
  { selector: "[data-replay]", module: "replay/replay.js", preload: ["core/dom.js", "core/hash.js", "core/messages.js",
    "core/packed.js", "core/svgswap.js", "board/sources.js"], make: (m, el) => new m.Replay(el) },
  {
    selector: "[data-lesson]",
    module: "learn/lesson.js",
    preload: [...BOARD, ...ANSWERS, "learn/progress.js", "learn/stale.js", "play/glide.js"],
    make: (m, el) => new m.Lesson(el),
  },
  {
    selector: "[data-puzzle]",
    module: "learn/puzzle.js",
    preload: [...BOARD, ...ANSWERS, "learn/lesson.js", "learn/progress.js", "learn/rating.js", "learn/stale.js",
      "play/glide.js"],
    make: (m, el) => new m.Puzzle(el),
  },
  { selector: "[data-puzzle-picker]", module: "learn/rating.js", preload: ["core/messages.js", "core/storage.js",
    "learn/progress.js"], make: (m, el) => new m.Picker(el) },
  { selector: "[data-progress]", module: "learn/progress.js", preload: ["core/messages.js", "core/storage.js"],
    make: (m, el) => new m.Progress(el) },
];

/** @type {Set<string>} */
const preloaded = new Set();

/** @param {string[]} modules */
function preload(modules) {
  for (const name of modules) {
    if (preloaded.has(name)) continue;
    preloaded.add(name);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(name, import.meta.url).href;
    document.head.appendChild(link);
  }
}

/** @type {Component[]} every component of the page (read by tests) */
const components = [];
const made = new WeakSet();

/** The localized "Python could not start" sentence, in the element's status line.
 * @param {Element} el */
function sayBroken(el) {
  const status = el.querySelector('[role="status"]');
  const node = el.querySelector('script[type="application/json"][data-role="ui"]');
  const ref = node && node.getAttribute("data-ref");
  const text = (ref ? document.getElementById(ref) : node)?.textContent || "{}";
  if (!status) return;
  try {
    status.textContent = JSON.parse(text)["ui.python-error"] || "error";
  } catch {
    status.textContent = "error";
  }
  status.setAttribute("data-kind", "error");
}

/** Makes every component under `root` that is not made yet. @param {ParentNode} root */
function attach(root) {
  const found = KINDS.map((kind) => ({ kind, nodes: Array.from(root.querySelectorAll(kind.selector)) }))
    .filter((f) => f.nodes.some((el) => !made.has(el)));
  if (found.some((f) => f.kind === KINDS[0] || f.kind === KINDS[1])) {
    // A Play or Analysis board is live without a click: Python starts now, while its modules load.
    import("./python/client.js").then((m) => m.python.start().catch(() => {}));
  }
  for (const { kind } of found) preload([kind.module, ...kind.preload]);
  for (const { kind, nodes } of found) {
    import("./" + kind.module).then(
      (m) => {
        for (const el of /** @type {HTMLElement[]} */ (nodes)) {
          if (made.has(el)) continue;
          made.add(el);
          const c = kind.make(m, el);
          /** @type {HTMLElement & {__cc?: Component}} */ (el).__cc = c;
          components.push(c);
          // What the reader did to it while its module loaded (boot.js held it).
          window.CCLive?.replay?.(el);
        }
      },
      (err) => {
        console.error(err);
        nodes.forEach(sayBroken);
      },
    );
  }
}

if (typeof window !== "undefined") {
  // The site root (this module is assets/js/main.js): there at once, before any component loads.
  const ROOT = new URL("../../", import.meta.url).href;
  window.CCLive = Object.assign(window.CCLive || {}, { ROOT, components });
  attach(document);
  // Material's instant navigation swaps the page's content without reloading scripts.
  const loads = window.document$;
  if (loads && typeof loads.subscribe === "function") loads.subscribe(() => attach(document));
}

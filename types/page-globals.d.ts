// The page's globals, for TypeScript's check of docs/assets/js (tsconfig.json). Only tests,
// benchmarks and the page's classic scripts read them; the modules import what they use.

interface Window {
  /** Set by boot.js, python/client.js and main.js: read by offline.js, the browser tests and scripts/benchmarks/. */
  CCLive?: {
    ROOT?: string;
    BOOT_TIMEOUT_MS?: number;
    python?: import("../docs/assets/js/python/client.js").PyClient;
    PyClient?: typeof import("../docs/assets/js/python/client.js").PyClient;
    components?: object[];
    /** boot.js: plays to a just-made component the input that reached it while its module loaded. */
    replay?: (el: Element) => void;
  };
  /** offline.js: how far the service worker is (read by the browser tests). */
  CCOffline?: { state: "off" | "filling" | "ready" | "failed"; said: boolean; runtime?: boolean };
  /** overrides/partials/javascripts/palette.html: apply palette `index` (or the stored or system one). */
  __cc_palette?: (index?: number) => unknown;
  /** Material's observable of page loads. */
  document$?: { subscribe(next: () => void): unknown };
}

/** Material's stored settings (its bundle defines them in the page). */
declare function __md_get(key: string): unknown;
declare function __md_set(key: string, value: unknown): void;

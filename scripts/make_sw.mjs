// Generates the site's service worker with Workbox (npm workbox-build, pinned in the lock file).
//
//   echo CONFIG_JSON | node scripts/make_sw.mjs
//
// Run by scripts/build.py (sitegen/offline.py decides what goes in and passes it as JSON on
// stdin). Workbox writes <siteDir>/sw.js and its runtime (workbox-<hash>.js):
// - a precache of the theme's content-hashed files (cache-first; new content, new name);
// - the Pyodide runtime cached on first use, cache-first, in a cache named by its files' hash;
// - sw.js first imports the build's offline-<hash>.js, whose handlers (registered before
//   Workbox's) serve the pages, search indexes, replays and page scripts network-first.
// Prints Workbox's summary (count, size, warnings) as one JSON line.
import { generateSW } from "workbox-build";
import { readFileSync } from "node:fs";
import path from "node:path";

const config = JSON.parse(readFileSync(0, "utf8"));
if (config.runtimeDir !== "pyodide") {
  throw new Error(`runtimeDir must be "pyodide", not ${JSON.stringify(config.runtimeDir)}`);
}

const { count, size, warnings } = await generateSW({
  globDirectory: config.siteDir,
  globPatterns: config.precache,
  swDest: path.join(config.siteDir, config.swName),
  importScripts: config.importScripts,
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: false,
  // A new build's worker takes over at once; offline-<hash>.js drops what it no longer lists.
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // The hashed names already say the version: no ?__WB_REVISION__ on their requests.
  dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
  runtimeCaching: [
    {
      // Same-origin Pyodide files (pyodide/ below the worker's scope), kept on first use.
      // (Written out as source text: it cannot read runtimeDir, hence the check above.)
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && url.href.startsWith(self.registration.scope + "pyodide/"),
      handler: "CacheFirst",
      options: {
        cacheName: config.runtimeCache,
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ count, size, warnings }) + "\n");


// The service worker's own part (appended by sitegen/offline.py to the build's lists, as
// offline-<hash>.js, which the Workbox-generated sw.js imports before its own code).
//
// One cache, CACHE, holds the pages of every language a reader has visited, the files all
// languages share and py.zip; each response carries its build revision in a header, so a new
// build fetches only what changed and drops what it no longer lists. Requests for these URLs
// are answered network-first (a page is never older than the server's while there is a
// network) and from the cache when the network fails.
//
// A page sends {type: "cc-offline", lang, runtime}; the worker fetches what the cache lacks of
// that language (and of the shared files, and of the Python runtime when `runtime` is true: the
// page started Python before this worker controlled it), then answers {type:
// "cc-offline-ready", lang}.
/* global CC_OFFLINE */
(function () {
  "use strict";
  var CACHE = "cc-offline";
  var REVISION = "x-cc-revision";
  var data = self.CC_OFFLINE;
  var scope = self.registration.scope; // the site's root, ending in "/"
  var revisions = data.revisions; // URL relative to the root -> revision

  /** The URL relative to the site root that `href` names (index.html -> its folder), or null. */
  function keyOf(href) {
    var url = new URL(href);
    url.hash = "";
    url.search = "";
    var full = url.href;
    if (full.slice(0, scope.length) !== scope) return null;
    var rel = full.slice(scope.length);
    if (rel === "index.html" || /\/index\.html$/.test(rel)) rel = rel.slice(0, -"index.html".length);
    return Object.prototype.hasOwnProperty.call(revisions, rel) ? rel : null;
  }

  function withRevision(response, rev) {
    var headers = new Headers(response.headers);
    headers.set(REVISION, rev);
    return response.blob().then(function (body) {
      return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
    });
  }

  function store(cache, rel, response) {
    return withRevision(response, revisions[rel]).then(function (copy) {
      return cache.put(scope + rel, copy);
    });
  }

  var SNAPSHOT_CACHE = "cc-snapshot";
  var snapshotUrl = data.snapshot ? scope + data.snapshot : null;

  /** The Python snapshot: cache-first; a request made only-if-cached never reaches the network
   * (docs/assets/js/python/pystart.js asks so to learn whether a start from it would be quick). */
  function snapshot(request) {
    return caches.open(SNAPSHOT_CACHE).then(function (cache) {
      return cache.match(snapshotUrl).then(function (hit) {
        if (hit) return hit;
        if (request.cache === "only-if-cached") {
          // Fetched before this worker controlled the page (a first visit): the HTTP cache
          // may hold it; keep it from there, never from the network.
          return fetch(snapshotUrl, { cache: "only-if-cached", mode: "same-origin" }).then(
            function (response) {
              if (!response.ok) return new Response(null, { status: 504 });
              return cache.put(snapshotUrl, response.clone()).then(function () {
                return response;
              });
            },
            function () {
              return new Response(null, { status: 504 });
            }
          );
        }
        return fetch(snapshotUrl).then(function (response) {
          if (response.ok) return cache.put(snapshotUrl, response.clone()).then(function () {
            return response;
          });
          return response;
        });
      });
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    if (snapshotUrl && request.url.split(/[?#]/)[0] === snapshotUrl) {
      event.respondWith(snapshot(request));
      return;
    }
    var rel = keyOf(request.url);
    if (rel === null) return; // Workbox's routes, or the network
    event.respondWith(
      caches.open(CACHE).then(function (cache) {
        return fetch(request).then(
          function (response) {
            if (response.ok && response.type === "basic") {
              event.waitUntil(store(cache, rel, response.clone()));
            }
            return response;
          },
          function (err) {
            return cache.match(scope + rel).then(function (hit) {
              if (hit) return hit;
              throw err;
            });
          }
        );
      })
    );
  });

  /** Fetches into the cache every URL of `rels` it lacks at the current revision. */
  function fill(cache, rels) {
    return Promise.all(
      rels.map(function (rel) {
        return cache.match(scope + rel).then(function (hit) {
          if (hit && hit.headers.get(REVISION) === revisions[rel]) return;
          // no-cache: revalidate with the server rather than trust an older HTTP-cached copy.
          return fetch(scope + rel, { cache: "no-cache" }).then(function (response) {
            if (!response.ok) throw new Error(rel + ": HTTP " + response.status);
            return store(cache, rel, response);
          });
        });
      })
    );
  }

  /** The Pyodide files, into Workbox's cache for them (cache-first, named by their hash). */
  function fillRuntime() {
    return caches.open(data.runtimeCache).then(function (cache) {
      return Promise.all(
        data.runtime.map(function (rel) {
          return cache.match(scope + rel).then(function (hit) {
            if (hit) return;
            return fetch(scope + rel).then(function (response) {
              if (!response.ok) throw new Error(rel + ": HTTP " + response.status);
              return cache.put(scope + rel, response);
            });
          });
        })
      );
    });
  }

  self.addEventListener("message", function (event) {
    var d = event.data || {};
    if (d.type !== "cc-offline" || !Object.prototype.hasOwnProperty.call(data.languages, d.lang)) return;
    var source = event.source;
    var work = caches.open(CACHE).then(function (cache) {
      var rels = data.shared.concat(data.languages[d.lang], d.runtime ? data.onUse : []);
      return Promise.all([fill(cache, rels), d.runtime ? fillRuntime() : null]);
    });
    event.waitUntil(
      work.then(
        function () {
          if (source) source.postMessage({ type: "cc-offline-ready", lang: d.lang, runtime: !!d.runtime });
        },
        function (err) {
          // A network that dropped half-way: the next page visited asks again.
          if (source) source.postMessage({ type: "cc-offline-failed", lang: d.lang, detail: String(err) });
        }
      )
    );
  });

  // A new build's worker: drop the pages it no longer lists and older Pyodide caches.
  self.addEventListener("activate", function (event) {
    event.waitUntil(
      Promise.all([
        caches.open(CACHE).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(
              requests.map(function (request) {
                if (keyOf(request.url) === null) return cache.delete(request);
              })
            );
          });
        }),
        caches.keys().then(function (names) {
          return Promise.all(
            names.map(function (name) {
              if (name.indexOf("cc-pyodide-") === 0 && name !== data.runtimeCache) return caches.delete(name);
            })
          );
        }),
        caches.open(SNAPSHOT_CACHE).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(
              requests.map(function (request) {
                if (request.url !== snapshotUrl) return cache.delete(request);
              })
            );
          });
        }),
      ])
    );
  });
})();

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
//
// A new build's files have new names where their bytes changed (try-it and lesson answers,
// replays' steps, board pictures: named by a hash), and a tab opened before the deploy still
// asks for the old names, which the server no longer has (hostile review #7). So the files of
// the build before that this cache holds are kept, and served when the server answers 404 or
// nothing, until the last tab that was open when this worker took over is gone (RETIRED).
/* global CC_OFFLINE */
(function () {
  "use strict";
  var CACHE = "cc-offline";
  var REVISION = "x-cc-revision";
  var data = self.CC_OFFLINE;
  var scope = self.registration.scope; // the site's root, ending in "/"
  var revisions = data.revisions; // URL relative to the root -> revision
  // {clients: [ids], urls: [...]}: the previous build's files and the tabs that may ask for them
  var RETIRED = scope + "cc-offline-retired";
  var HASHED = /^assets\/(tryit|replays|pictures)\//; // files named by their bytes

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

  /** Drops the previous build's files once no tab that was open when they were retired is left. */
  function sweep() {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(RETIRED).then(function (hit) {
        if (!hit) return;
        return Promise.all([hit.json(), self.clients.matchAll({ type: "window", includeUncontrolled: true })]).then(
          function (got) {
            var ids = got[0].clients;
            var open = got[1].some(function (c) {
              return ids.indexOf(c.id) >= 0;
            });
            if (open) return;
            return Promise.all(
              got[0].urls.map(function (url) {
                if (keyOf(url) === null) return cache.delete(url);
              }).concat([cache.delete(RETIRED)])
            );
          }
        );
      });
    });
  }

  /** A file of the previous build (by its path): the server's copy, else this cache's, else the
   * server's answer (a 404). */
  function retired(event, path) {
    return fetch(event.request).then(
      function (response) {
        if (response.ok) return response;
        return caches.match(scope + path, { cacheName: CACHE }).then(function (hit) {
          return hit || response;
        });
      },
      function (err) {
        return caches.match(scope + path, { cacheName: CACHE }).then(function (hit) {
          if (hit) return hit;
          throw err;
        });
      }
    );
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    if (snapshotUrl && request.url.split(/[?#]/)[0] === snapshotUrl) {
      event.respondWith(snapshot(request));
      return;
    }
    var rel = keyOf(request.url);
    if (rel === null) {
      var path = request.url.split(/[?#]/)[0].slice(scope.length);
      if (request.url.slice(0, scope.length) === scope && HASHED.test(path)) {
        event.respondWith(retired(event, path));
        event.waitUntil(sweep());
      }
      return; // Workbox's routes, or the network
    }
    event.respondWith(
      caches.open(CACHE).then(function (cache) {
        return fetch(request).then(
          function (response) {
            if (response.ok && response.type === "basic") {
              event.waitUntil(store(cache, rel, response.clone()));
            } else if (response.status === 404) {
              // Gone from the server (a newer build renamed it): the copy kept here, if any.
              return cache.match(scope + rel).then(function (hit) {
                return hit || response;
              });
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
    event.waitUntil(sweep());
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

  /** A new build's worker: the files it no longer lists are retired, kept for the tabs open
   * now (those of an earlier retirement too), or dropped at once when there are none. */
  function retire(cache) {
    return Promise.all([
      cache.keys(),
      self.clients.matchAll({ type: "window", includeUncontrolled: true }),
      cache.match(RETIRED).then(function (hit) {
        return hit ? hit.json() : { clients: [], urls: [] };
      }),
    ]).then(function (got) {
      var old = got[0]
        .map(function (request) {
          return request.url;
        })
        .filter(function (url) {
          return url !== RETIRED && keyOf(url) === null;
        });
      var ids = got[1].map(function (c) {
        return c.id;
      });
      if (!ids.length) {
        return Promise.all(old.map(function (url) {
          return cache.delete(url);
        }).concat([cache.delete(RETIRED)]));
      }
      var kept = { clients: got[2].clients.concat(ids), urls: old };
      return cache.put(RETIRED, new Response(JSON.stringify(kept), { headers: { "Content-Type": "application/json" } }));
    });
  }

  // A new build's worker: retire the files it no longer lists, drop older Pyodide caches.
  self.addEventListener("activate", function (event) {
    event.waitUntil(
      Promise.all([
        caches.open(CACHE).then(retire),
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

// Tidepool service worker: precache every file of the built site, then serve cache-first so the
// app starts with no network after the first visit.
//
// This is a template: `python3 build.py build` writes dist/site/sw.js from it, replacing the two
// placeholders below with a hash of the site's contents and the list of its files. A new build
// therefore installs a new cache, and the old one is deleted when the new worker activates.

const VERSION = "__TIDEPOOL_VERSION__";
const FILES = [/*__TIDEPOOL_FILES__*/];
const CACHE_PREFIX = "tidepool-";
const CACHE_NAME = CACHE_PREFIX + VERSION;
// The engine's memory snapshot (web/interpreter.mjs) keeps its own cache and its own keys.
const KEEP = [CACHE_NAME, "tidepool-snapshot"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && !KEEP.includes(name))
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return; // let the browser handle it
  }
  // Pages are opened with URL parameters (index.html?game=...): match them without the query.
  const navigate = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE_NAME)
      .then((cache) => cache.match(request, { ignoreSearch: navigate }))
      .then((cached) => cached || fetch(request)),
  );
});

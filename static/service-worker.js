// The charsim explorer's service worker: keeps the whole site once visited, so that a second
// visit opens and scores with the network off. Registered by static/page/loading.js once every
// page is built (so that filling its cache never competes with the first visit's own downloads).
//
// The site build (explorer/site_build/service_worker.py) fills in BUILD, a hash of every file of
// the site, and FILES, the files to keep, in place of their placeholders (which keep this file
// valid JavaScript, for the linter). Each build has a cache of its own, filled whole
// before this worker takes over (cache.addAll fails as a whole), and the caches of other builds
// are deleted when it does: a page is served by one build only. Requests go to the network
// first, as without a service worker (a new build on the server is seen at once), and to the
// cache when the network fails.
//
// A classic script, not a module: Firefox runs service workers that are modules from version 147
// on only (https://developer.mozilla.org/en-US/docs/Web/API/ServiceWorkerContainer/register).
"use strict";

const BUILD = "{{BUILD}}";
const FILES = ["{{FILES}}"];
const CACHE = `charsim-explorer-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("charsim-explorer-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(request).catch(async (error) => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (kept) return kept;
      throw error;
    }),
  );
});

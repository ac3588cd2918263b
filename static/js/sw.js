// The score book's service worker, served at /sw.js (README: "Offline at the table").
// With the network, everything comes from the server as usual and the table pages and static
// files it fetches are kept; without it, they come from what was kept. Deals are never sent
// from here: offline.js on the table page keeps and sends them.
"use strict";

const CACHE = "scorebook-offline-v1"; // offline.js writes the app shell into the same cache
const TABLE_PAGE = /^\/t\/[A-Za-z0-9_-]+\/$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && TABLE_PAGE.test(url.pathname);
  if (page || url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(request, page ? url.origin + url.pathname : request.url));
  }
});

// The network's answer when there is one (and keep it), else the kept copy.
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !response.redirected) {
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

// The referee page's service worker (served at /r/sw.js by scoring/views/offline.py, which puts
// `self.SUECA_SW = {version, assets, static}` in front of this file). Plain script.
//
// - The referee page, GET /r/<token>/: network first; when the network has not answered within
//   a few seconds (or fails), the copy kept from the last answer, unless the page asks for the
//   server's (a Sueca-Fresh header). Only 200 answers are kept.
//   The page also keeps the copies htmx fetched (static/js/offline-score.js), so the copy is the
//   last state the phone saw. The deals waiting to be sent are in localStorage, not here.
// - Static files: from the versioned cache, else the network (and kept). They are fetched on
//   install; a new version (a deploy) drops the old cache.
// - Nothing else is touched: POSTs, the API (/api/...) and every other page go to the network.
"use strict";
const { version, assets, static: STATIC_URL } = self.SUECA_SW;
const STATIC = `sueca-static-${version}`;
const PAGES = "sueca-referee-pages";
const PAGE = /^\/r\/[A-Za-z0-9_-]{1,64}\/$/;
const TIMEOUT = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.addAll(assets)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("sueca-static-") && name !== STATIC)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

async function page(request) {
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  const cache = await caches.open(PAGES);
  const network = fetch(request).then((response) => {
    if (response.status === 200 && !response.redirected) cache.put(key, response.clone());
    else if ([403, 404, 410].includes(response.status)) cache.delete(key);
    return response;
  });
  // The page asking the server again (offline.js refresh(): after a refusal, or the kept deals
  // sent) waits for it: the kept copy is the screen the server just said is out of date. When
  // the network fails, the page keeps the screen it shows.
  if (request.headers.has("Sueca-Fresh")) return network;
  const late = new Promise((resolve) => { setTimeout(resolve, TIMEOUT, null); });
  const first = await Promise.race([network.catch(() => null), late]);
  if (first) return first;
  const kept = await cache.match(key, { ignoreSearch: true, ignoreVary: true });
  return kept || network; // nothing kept: wait for the network (or its error)
}

async function staticFile(request) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PAGE.test(url.pathname)) event.respondWith(page(request));
  else if (url.pathname.startsWith(STATIC_URL)) event.respondWith(staticFile(request));
});

// The service worker: keeps this build of the site (the Python runtime, the engine wheel and every
// page file) in one cache, so later visits need no network and work offline.
//
// sw-files.js (made by build.py) sets self.SITE_BUILD = {id, files}: the build's id and the files
// to keep, relative to this script. It changes with every build, so the browser sees a new build as
// an update of this worker: the new worker fills a cache of its own while the old one still
// serves, then waits. The page says a new version is ready and, at a safe moment, asks it to take
// over ({type: "take-over"}); it then deletes the older builds' caches and the page reloads.
//
// Cache names carry the site's own path (the registration scope), so sites that share an origin
// (GitHub Pages project sites: user.github.io/<repo>/) never touch each other's caches.
importScripts("sw-files.js");

const BUILD = self.SITE_BUILD;
const SCOPE = new URL(self.registration.scope).pathname; // e.g. "/pygames/"
const PREFIX = `pygames ${SCOPE} `;
const CACHE = PREFIX + BUILD.id;
const KEPT = new Set(BUILD.files.map((file) => new URL(file, self.registration.scope).href));
const INDEX = new URL("index.html", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // what the page already fetched of this build is here (worker.js keeps the runtime files it
    // downloads): only the rest is fetched, revalidated with the server - never a stale copy of
    // another build from the HTTP cache, and no file twice on a first visit
    const missing = [];
    for (const file of BUILD.files) {
      const url = new URL(file, self.registration.scope);
      if (!(await cache.match(url.href))) missing.push(new Request(url, { cache: "no-cache" }));
    }
    await cache.addAll(missing);
    // the first worker of a site takes over at once (there is no older build to keep serving)
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "take-over") self.skipWaiting();
  if (event.data?.type === "build") event.source?.postMessage({ type: "build", id: BUILD.id });
});

/** The kept copy of a request: the site's own files, whatever their query (?v=...); a page
 *  navigation inside the site (its folder, index.html with any query) gets index.html. */
function keptURL(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (request.mode === "navigate" && url.href.startsWith(self.registration.scope) &&
      (url.href === self.registration.scope || url.href === INDEX)) return INDEX;
  return KEPT.has(url.href) ? url.href : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const kept = keptURL(event.request);
  if (!kept) return; // not ours (bench pages, source maps, other sites): the network as usual
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(kept);
    return hit || fetch(event.request);
  })());
});

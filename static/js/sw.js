// The service worker: keeps the app's static files so pages open fast and the shell loads offline.
// Pages and scores always come from the server (Python is the only scorer); a static file is served from
// the cache and refreshed behind the scenes. The app serves this file with each path below versioned by its
// content (?v=...), as the pages ask for them; a file kept under an older version is dropped when a newer
// one comes in.
const CACHE = "scorekeeper-static-v1";
const FILES = ["/static/css/app.css", "/static/css/games.css", "/static/js/table.js", "/static/js/live.js", "/static/js/outbox.js", "/static/js/entry.js",
  "/static/js/theme.js", "/static/icons/icon.svg", "/static/icons/icon-192.png", "/static/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith("/static/")) {
    return;  // pages, the API and the sheets go to the server as usual
  }
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(event.request);
    const fresh = fetch(event.request).then((answer) => {
      if (answer.ok) {
        cache.put(event.request, answer.clone());
        dropOlder(cache, url);
      }
      return answer;
    }).catch(() => kept);
    return kept || fresh;
  }));
});

// Forget the other versions of a static file once this one is kept.
function dropOlder(cache, url) {
  cache.keys().then((requests) => requests.forEach((request) => {
    const other = new URL(request.url);
    if (other.pathname === url.pathname && other.search !== url.search) cache.delete(request);
  }));
}

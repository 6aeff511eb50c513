// The service worker: keeps the app's static files so pages open fast and the shell loads offline, and the
// pages this phone opened last, for when the connection is gone. Pages and scores always come from the server
// (Python is the only scorer): a page is asked of the server first, and its kept copy shown only when the server
// cannot be reached (the page then says it may be out of date); a page never opened here gives the offline page.
// A static file is served from the cache and refreshed behind the scenes. The app serves this file with each path below versioned by its
// content (?v=...), as the pages ask for them; a file kept under an older version is dropped when a newer
// one comes in.
const CACHE = "scorekeeper-static-v1";
const PAGES = "scorekeeper-pages-v1";
const PAGES_KEPT = 40;  // the pages opened last; an older one is dropped
const OFFLINE = "/offline";
const FILES = ["/static/css/app.css", "/static/css/games.css", "/static/js/table.js", "/static/js/live.js", "/static/js/outbox.js", "/static/js/entry.js",
  "/static/js/theme.js", "/static/icons/icon.svg", "/static/icons/icon-192.png", "/static/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
    .then(() => caches.open(PAGES)).then((pages) => pages.add(OFFLINE).catch(() => { /* asked again next time */ }))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== PAGES).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (event.request.mode === "navigate" && !url.pathname.startsWith("/static/")) {
    event.respondWith(page(event));
    return;
  }
  if (!url.pathname.startsWith("/static/")) return;  // the API, the polls and the sheets go to the server as usual
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

// A page from the server, kept for later; when the server cannot be reached, the copy kept of it, or the offline page.
const NOT_REACHED = [502, 503, 504];  // a proxy answering for a server it cannot reach, or the app for its database

async function page(event) {
  const request = event.request;
  let answer;
  try {
    answer = await fetch(request);
  } catch (e) {
    return (await keptCopy(request)) || Response.error();
  }
  const html = (answer.headers.get("Content-Type") || "").startsWith("text/html");
  if (answer.status === 200 && answer.type === "basic" && html) event.waitUntil(keepPage(request, answer.clone()));
  if (NOT_REACHED.includes(answer.status)) return (await keptCopy(request, false)) || answer;
  return answer;
}

// The copy kept of a page, marked as one: its "No connection" note shown from the start (the page cannot tell by
// itself when the server is down but the phone online), and the page opened again once the server answers. Else
// the offline page, unless ``orOffline`` is false.
async function keptCopy(request, orOffline = true) {
  const pages = await caches.open(PAGES);
  const kept = await pages.match(request, { ignoreVary: true });  // whatever the answer varied by: the copy shown last
  if (!kept) return orOffline ? pages.match(OFFLINE, { ignoreVary: true }) : null;
  const html = (await kept.text()).replace(" hidden data-offline>", " data-offline data-kept-copy>");
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  return new Response(html, { status: kept.status, statusText: kept.statusText, headers: headers });
}

async function keepPage(request, answer) {
  const pages = await caches.open(PAGES);
  await pages.delete(request);
  await pages.put(request, answer);  // put last: the keys are kept in the order put, the oldest first
  const kept = (await pages.keys()).filter((r) => new URL(r.url).pathname !== OFFLINE);
  await Promise.all(kept.slice(0, Math.max(0, kept.length - PAGES_KEPT)).map((r) => pages.delete(r)));
}

// Forget the other versions of a static file once this one is kept.
function dropOlder(cache, url) {
  cache.keys().then((requests) => requests.forEach((request) => {
    const other = new URL(request.url);
    if (other.pathname === url.pathname && other.search !== url.search) cache.delete(request);
  }));
}

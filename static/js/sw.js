// Kyoto Table Companion service worker.
// Pages are network-first (a table is always fresh when the wifi works) and fall back to the copy
// this phone saved. A table page hands this worker its own copy as soon as the worker is ready
// (the first visit included, when the page itself was loaded before any worker could see it) and
// again after every live change (saved_copy.js), so a reload without network shows the table as
// this phone last saw it. Static files are kept as the pages load them, whatever their query
// (fingerprinted URLs such as /static/js/app.js?v=1a2b are kept once, the older one replaced).
const VERSION = "ktc-v4";
const STATIC_CACHE = VERSION;  // the shell and static files: replaced with each new worker
const PAGES_CACHE = "ktc-pages";  // pages as last seen: kept across new workers (a game outlives a deploy)
const PAGES_KEPT = 60;  // the most recently saved pages a phone keeps
const SHELL = ["/", "/offline", "/join", "/manifest.webmanifest",
  "/static/icons/icon-192.png", "/static/icons/icon-512.png"];
// The headers a saved copy keeps from the page it replaces (the CSP above all): the body changes,
// so its length, encoding and validators would lie.
const KEPT_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const current = [STATIC_CACHE, PAGES_CACHE];
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => !current.includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function isLive(url) {
  // Never cache the API, the websocket, QR codes holding secrets, or live region polls.
  return url.pathname.startsWith("/api/") || url.pathname.endsWith("/ws") ||
    url.pathname.includes("/qr/") || url.pathname.endsWith("/regions");
}

function isTablePage(url) {
  return url.origin === self.location.origin && /^\/t\/[^/]+(\/watch)?$/.test(url.pathname);
}

function rebuilt(body, from) {
  // A response with `body` and the page headers of `from` (a cached response of this app).
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (from) KEPT_HEADERS.forEach((name) => { if (from.headers.has(name)) headers.set(name, from.headers.get(name)); });
  return new Response(body, { status: 200, headers });
}

async function keepStatic(cache, request, response) {
  // One copy per file: a new fingerprint replaces the old one instead of piling up beside it.
  const url = new URL(request.url);
  await cache.delete(url.origin + url.pathname, { ignoreSearch: true });
  await cache.put(request, response);
}

async function keepPage(url, response) {
  // The newest copy goes last, so that the oldest pages are the ones let go.
  const cache = await caches.open(PAGES_CACHE);
  await cache.delete(url, { ignoreVary: true });
  await cache.put(url, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map((key) => cache.delete(key)));
}

async function staticFile(event) {
  const req = event.request;
  const cache = await caches.open(STATIC_CACHE);
  // A fingerprinted URL never changes: the kept copy is the file.
  if (new URL(req.url).search) {
    const exact = await cache.match(req);
    if (exact) return exact;
  }
  try {
    const resp = await fetch(req);
    if (resp.ok) event.waitUntil(keepStatic(cache, req, resp.clone()));
    return resp;
  } catch (err) {
    // Offline: the copy kept under any fingerprint beats no script or style at all.
    const kept = await cache.match(req, { ignoreSearch: true });
    if (kept) return kept;
    throw err;
  }
}

async function savedPage(req) {
  // The page as last saved, marked so that the page knows it is not fresh from the server.
  const hit = (await (await caches.open(PAGES_CACHE)).match(req, { ignoreVary: true })) ||
    (await (await caches.open(STATIC_CACHE)).match(req, { ignoreVary: true }));
  if (!hit) return caches.match("/offline");
  const html = await hit.text();
  return rebuilt(html.replace(/<html\b/i, '<html data-saved-copy="true"'), hit);
}

async function page(event) {
  try {
    const resp = await fetch(event.request);
    if (resp.ok && !resp.redirected) event.waitUntil(keepPage(event.request.url, resp.clone()));
    return resp;
  } catch (err) {
    return savedPage(event.request);
  }
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || isLive(url)) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(staticFile(event));
  } else if (req.mode === "navigate") {
    event.respondWith(page(event));
  }
});

async function savePage(url, html) {
  const previous = (await caches.match(url, { ignoreVary: true })) || (await caches.match("/offline"));
  await keepPage(url, rebuilt(html, previous));
}

async function keepAssets(urls) {
  // What the page loaded before this worker could see it (the first visit): keep it for offline.
  const cache = await caches.open(STATIC_CACHE);
  for (const raw of urls) {
    const url = new URL(raw, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith("/static/")) continue;
    if (await cache.match(url.href)) continue;
    try {
      const resp = await fetch(url.href);
      if (resp.ok) await keepStatic(cache, new Request(url.href), resp);
    } catch (err) { /* offline already: the next page load tries again */ }
  }
}

// Messages are handled one after another: an older copy can never land after a newer one, and
// once a page is saved, the files it loads (sent first) are kept too.
let queue = Promise.resolve();

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  let job = null;
  if (msg.type === "keep" && Array.isArray(msg.assets)) {
    job = () => keepAssets(msg.assets);
  } else if (msg.type === "save" && typeof msg.html === "string" && isTablePage(new URL(msg.url, self.location.origin))) {
    const url = new URL(msg.url, self.location.origin).href;
    job = () => savePage(url, msg.html);
  }
  if (!job) return;
  let work = queue.then(job);
  queue = work.catch(() => false);  // a failed job must not stop the next one
  work = work.then(() => true, () => false).then((done) => { if (port) port.postMessage({ type: msg.type, done }); });
  event.waitUntil(work);
});

// Kyoto Table Companion service worker: the app shell is cached at install; pages are
// network-first (so a table is always fresh when the wifi works) and fall back to the last
// copy seen, so a table page reloads offline and says so.
const VERSION = "ktc-v3";
const SHELL = [
  "/",
  "/offline",
  "/join",
  "/manifest.webmanifest",
  "/static/css/app.css",
  "/static/js/app.js",
  "/static/vendor/htmx/htmx.min.js",
  "/static/vendor/htmx-ext-ws/ws.min.js",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function isLive(url) {
  // Never cache the API, the websocket, QR codes holding secrets, or live region polls.
  return url.pathname.startsWith("/api/") || url.pathname.endsWith("/ws") ||
    url.pathname.includes("/qr/") || url.pathname.endsWith("/regions");
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || isLive(url)) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((resp) => {
      const copy = resp.clone();
      if (resp.ok) caches.open(VERSION).then((c) => c.put(req, copy));
      return resp;
    })));
    return;
  }
  if (req.mode === "navigate") {
    event.respondWith(
      fetch(req).then((resp) => {
        if (resp.ok && !resp.redirected) {
          const copy = resp.clone();
          caches.open(VERSION).then((c) => c.put(req, copy));
        }
        return resp;
      }).catch(() => caches.match(req, { ignoreVary: true }).then((hit) => hit || caches.match("/offline")))
    );
  }
});

// sw.js: keeps the playground working offline once loaded. Network first
// (a rebuilt page is seen at once), the cache when the network fails.
const CACHE = 'mlir-shape-playground';
const FILES = ['./', 'index.html', 'style.css', 'data.js', 'mlir-shape.js', 'mlir-shape.wasm', 'app.js'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(
    fetch(e.request)
      .then((r) => {
        if (r.ok) {
          const copy = r.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return r;
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true }).then((r) => r || caches.match('index.html'))),
  );
});

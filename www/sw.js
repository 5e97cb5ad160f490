// Thistle's service worker: the page works offline after one visit. Each
// build's files (pkg/files.js, from scripts/build-files.mjs) are fetched,
// checked against their hashes and stored together in one cache named for
// the build; a build is used only once its cache is complete. A page is
// served from one build for as long as it is open: the build that served its
// HTML is pinned to it (and to its worker), so it never mixes old wasm with
// new JS, while the next page load gets the newest build. A build's cache is
// deleted once no open page uses it.

importScripts('pkg/files.js');

const { version, files } = self.thistleFiles;
const CACHE = `thistle-${version}`;
/** The build each open page or worker was served from, kept across restarts of this worker. */
const PINS = 'thistle-pins';
/** Pins made by this worker: a client is not listed as open until it starts. */
const recent = new Map();

const pinKey = (clientId) => new URL(`pin/${clientId}`, self.registration.scope);

async function pin(clientId, build) {
  recent.set(clientId, build);
  await (await caches.open(PINS)).put(pinKey(clientId), new Response(build));
}

async function pinned(clientId) {
  if (recent.has(clientId)) return recent.get(clientId);
  const found = clientId && await (await caches.open(PINS)).match(pinKey(clientId));
  const build = found ? await found.text() : CACHE;
  return await caches.has(build) ? build : CACHE;
}

/**
 * Deletes the pins of closed clients and the caches no open client uses.
 * Only the newest worker tidies: an older one, still serving while a new
 * build installs, would take the new build's cache for an unused one.
 */
async function tidy() {
  const { active, installing, waiting } = self.registration;
  if (installing || waiting || active !== self.serviceWorker) return;
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const pins = await caches.open(PINS);
  const used = new Set([CACHE, PINS, ...recent.values()]);
  for (const key of await pins.keys()) {
    const clientId = key.url.slice(pinKey('').href.length);
    if (open.has(clientId) || recent.has(clientId)) used.add(await (await pins.match(key)).text());
    else await pins.delete(key);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith('thistle-') && !used.has(name)) await caches.delete(name);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const requests = Object.entries(files).map(([path, integrity]) => new Request(path, { integrity, cache: 'no-cache' }));
    // All or nothing: one missing or changed file fails the install, and the
    // build before stays in use.
    await (await caches.open(CACHE)).addAll(requests);
    // An older worker's tidying may have deleted the cache meanwhile: fail,
    // and the next page load installs again.
    if (!(await caches.has(CACHE))) throw new Error(`${CACHE} was deleted while installing`);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(tidy()));

async function respond(event) {
  const { request } = event;
  const navigating = request.mode === 'navigate';
  const build = navigating ? CACHE : await pinned(event.clientId);
  if ((navigating || request.destination === 'worker') && event.resultingClientId) {
    await pin(event.resultingClientId, build);
  }
  if (navigating) event.waitUntil(tidy());
  const url = new URL(request.url);
  url.search = '';
  if (navigating && url.pathname.endsWith('/')) url.pathname += 'index.html';
  return (await (await caches.open(build)).match(url)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  if (event.request.method === 'GET' && event.request.url.startsWith(self.registration.scope)) {
    event.respondWith(respond(event));
  }
});

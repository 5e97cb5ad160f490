// Thistle's service worker: the page works offline after one visit. Each
// build's files (pkg/files.js, from scripts/build-files.mjs) are fetched,
// checked against their hashes and stored together in one cache named for
// the build; a build is used only once its cache is complete. A page is
// served from one build for as long as it is open: the build that served its
// HTML is pinned to it (and to its worker), so it never mixes old wasm with
// new JS, while the next page load gets the newest build. A build's cache is
// deleted once no open page uses it. The rare features' own files
// (`onFirstUse`: Save video and its muxer, Save picture, the camera, the
// handout, an embedded player's layout) join the build's cache when first
// fetched, and the next build's at its install.

importScripts('pkg/files.js');

const { version, files, onFirstUse } = self.thistleFiles;
const CACHE = `thistle-${version}`;
/** The build each open page or worker was served from, kept across restarts of this worker. */
const PINS = 'thistle-pins';
/** Pins made or read by this worker, so a page's later requests skip the lookup. */
const recent = new Map();

const pinKey = (clientId) => new URL(`pin/${clientId}`, self.registration.scope);

async function pin(clientId, build) {
  recent.set(clientId, build);
  await (await caches.open(PINS)).put(pinKey(clientId), new Response(build));
}

async function pinned(clientId) {
  if (recent.has(clientId)) return recent.get(clientId);
  const found = clientId && await (await caches.open(PINS)).match(pinKey(clientId));
  const named = found && await found.text();
  const build = named && await caches.has(named) ? named : CACHE;
  if (clientId) recent.set(clientId, build);
  return build;
}

/**
 * Deletes the pins of closed clients and the caches no open client uses;
 * `starting` is a client about to open, not listed yet. Only the newest
 * worker tidies: an older one, still serving while a new build installs,
 * would take the new build's cache for an unused one.
 */
async function tidy(starting) {
  const { active, installing, waiting } = self.registration;
  if (installing || waiting || active !== self.serviceWorker) return;
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  open.add(starting);
  for (const clientId of recent.keys()) {
    if (!open.has(clientId)) recent.delete(clientId);
  }
  const pins = await caches.open(PINS);
  const used = new Set([CACHE, PINS]);
  for (const key of await pins.keys()) {
    const clientId = key.url.slice(pinKey('').href.length);
    if (open.has(clientId)) used.add(await (await pins.match(key)).text());
    else await pins.delete(key);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith('thistle-') && !used.has(name)) await caches.delete(name);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const request = ([path, integrity]) => new Request(path, { integrity, cache: 'no-cache' });
    // A rare feature once used stays ready offline in the new build: its
    // file comes again, as it is now, with the rest.
    const used = [];
    for (const entry of Object.entries(onFirstUse)) {
      if (await caches.match(new URL(entry[0], self.registration.scope))) used.push(entry);
    }
    const requests = [...Object.entries(files), ...used].map(request);
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
  if (navigating) event.waitUntil(tidy(event.resultingClientId));
  const url = new URL(request.url);
  url.search = '';
  if (navigating && url.pathname.endsWith('/')) url.pathname += 'index.html';
  const cache = await caches.open(build);
  const kept = await cache.match(url);
  if (kept) return kept;
  const integrity = build === CACHE && onFirstUse[url.href.slice(self.registration.scope.length)];
  if (!integrity) return fetch(request);
  const response = await fetch(new Request(url, { integrity }));
  if (response.ok) event.waitUntil(cache.put(url, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  if (event.request.method === 'GET' && event.request.url.startsWith(self.registration.scope)) {
    event.respondWith(respond(event));
  }
});

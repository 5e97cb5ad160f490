// Lists the page's files for the service worker (www/sw.js) and writes the
// list to <www>/pkg/files.js: each file's path and SHA-256 integrity, and one
// version hashed from them all. The rare features' own files (Save video
// and its muxer, Save picture, the camera and reading photos of a cube
// (the colour editor stays for offline use), FMC practice, the handout, and an embedded
// player's layout, which only another site's frame loads) are listed apart,
// kept on their first use rather than at install, so that what is kept for
// offline use stays within its budget. scripts/build-web.sh runs it after
// every build, so a new build is a new version, which the service worker installs
// as a whole. Usage: node scripts/build-files.mjs [www directory]

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const www = process.argv[2] ?? 'www';
const OUTPUT = 'pkg/files.js';
/** What the page loads; anything else in www/ (notes, editor backups) is left out. */
const SERVED = /\.(html|js|css|svg|png|wasm|webmanifest)$/;
/** The service worker and its file list are checked by the browser, not cached. */
const OWN = new Set(['sw.js', OUTPUT]);
/** Kept for offline use once first used, not at install. */
const ON_FIRST_USE = new Set(['teach/video.js', 'teach/webm-muxer.js', 'teach/picture.js', 'cube/camera.js', 'cube/scan.js', 'teach/handout.js', 'teach/handout.css',
  'embed.js', 'embed.css', 'lab/practice.js', 'pkg/scan.js', 'pkg/scan_bg.wasm']);

const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  return entry.isDirectory() ? walk(path) : [path];
});

const files = walk(www)
  .map((path) => relative(www, path).split(sep).join('/'))
  .filter((path) => SERVED.test(path) && !OWN.has(path))
  .sort()
  .map((path) => [path, `sha256-${createHash('sha256').update(readFileSync(join(www, path))).digest('base64')}`]);
const version = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
const listed = (later) => Object.fromEntries(files.filter(([path]) => ON_FIRST_USE.has(path) === later));

writeFileSync(join(www, OUTPUT), `// Written by scripts/build-files.mjs: this build's files for www/sw.js.
self.thistleFiles = ${JSON.stringify({ version, files: listed(false), onFirstUse: listed(true) }, null, 1)};
`);
console.log(`${OUTPUT}: version ${version}, ${files.length} files`);

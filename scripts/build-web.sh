#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg: release wasm (size-optimised
# profile), wasm-bindgen for ES-module loading (glue minified by terser),
# then wasm-opt -Oz (stripped); then the served copy, dist/, with minified
# modules and the list of its files and hashes for the service worker
# (pkg/files.js).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --lib --profile wasm-release --target wasm32-unknown-unknown
target_dir="${CARGO_TARGET_DIR:-target}"
wasm-bindgen --target web --no-typescript --out-dir www/pkg \
  "$target_dir/wasm32-unknown-unknown/wasm-release/thistle.wasm"
# The generated glue is read by no one: minified, it is a third the size.
node_modules/.bin/terser www/pkg/thistle.js --module --compress --mangle -o www/pkg/thistle.js
# Debug names and the producers section are of no use to the page.
node_modules/binaryen/bin/wasm-opt -Oz --strip-debug --strip-producers www/pkg/thistle_bg.wasm -o www/pkg/thistle_bg.wasm
# The page is served from dist/: www/ as it is, with its modules minified
# (the same files and paths, so every relative import still holds).
rm -rf dist
cp -r www dist
# Save video's WebM muxer (npm webm-muxer), served beside the page's modules.
{ echo '/*! webm-muxer 5.1.4 | MIT licence | (c) 2022 Vanilagy */'
  cat node_modules/webm-muxer/build/webm-muxer.mjs; } > dist/webm-muxer.js
for module in dist/*.js; do
  if [ "$module" != dist/sw.js ]; then
    node_modules/.bin/terser "$module" --module --compress --mangle -o "$module"
  fi
done
# Style sheets lose their comments, which no browser reads.
for sheet in dist/*.css; do
  node -e 'const fs = require("fs"); const f = process.argv[1]; fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\n\s*\n+/g, "\n"));' "$sheet"
done
node scripts/build-files.mjs dist
echo "built dist/ ($(wc -c < dist/pkg/thistle_bg.wasm) bytes of wasm)"

#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg: release wasm (size-optimised
# profile), wasm-bindgen for ES-module loading (glue minified by terser),
# then wasm-opt -Oz (stripped); then lists the page's files with their
# hashes for the service worker (pkg/files.js).
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
node scripts/build-files.mjs www
echo "built www/pkg ($(wc -c < www/pkg/thistle_bg.wasm) bytes of wasm)"

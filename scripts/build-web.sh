#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg, the page's module and the
# lab's: release wasm (size-optimised profile), wasm-bindgen for ES-module
# loading (glue minified by terser: it is read by no one), then wasm-opt
# -Oz (stripped) and short import names; then the served copy, dist/, with
# every module minified (the shared player's and each way in's folder) and
# the list of its files and hashes for the service worker (pkg/files.js).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --lib --profile wasm-release --target wasm32-unknown-unknown
target_dir="${CARGO_TARGET_DIR:-target}"
wasm-bindgen --target web --no-typescript --out-dir www/pkg \
  "$target_dir/wasm32-unknown-unknown/wasm-release/thistle.wasm"
# The lab's module (FMC lab and proofs, no renderer: the `lab` feature),
# which a worker loads on first use; its own target directory keeps both
# builds cached.
lab_target="$target_dir/lab"
CARGO_TARGET_DIR="$lab_target" cargo build --lib --profile wasm-lab \
  --target wasm32-unknown-unknown --no-default-features --features lab
wasm-bindgen --target web --no-typescript --out-dir www/pkg --out-name lab \
  "$lab_target/wasm32-unknown-unknown/wasm-lab/thistle.wasm"
for glue in www/pkg/thistle.js www/pkg/lab.js; do
  node_modules/.bin/terser "$glue" --module --compress --mangle -o "$glue"
done
# Debug names and the producers section are of no use to the page; -Oz is
# run until it gains nothing more (0.7 KB gzipped of the first visit).
# --low-memory-unused lets wasm-opt fold constant offsets into loads and
# stores (0.9 KB gzipped of the page's module, 0.8 KB of the lab's): it
# holds for Rust's layout, the stack first, growing down from 1 MB, and
# the data above it, so the lowest 1 KB is touched only by a stack about
# to overflow.
node_modules/binaryen/bin/wasm-opt -Oz --converge --low-memory-unused --strip-debug --strip-producers www/pkg/thistle_bg.wasm -o www/pkg/thistle_bg.wasm
node_modules/binaryen/bin/wasm-opt -O3 --low-memory-unused --strip-debug --strip-producers www/pkg/lab_bg.wasm -o www/pkg/lab_bg.wasm
# The names each module imports from its glue, shortened in both.
for name in thistle lab; do
  node scripts/short-imports.mjs "www/pkg/$name.js" "www/pkg/${name}_bg.wasm"
done
# A second pass over each module, as read back, still finds what the first
# stops short of: 0.14 KB gzipped of the page's (-Oz, after --converge),
# 0.3 KB of the lab's (-O3).
node_modules/binaryen/bin/wasm-opt -Oz --low-memory-unused www/pkg/thistle_bg.wasm -o www/pkg/thistle_bg.wasm
node_modules/binaryen/bin/wasm-opt -O3 --low-memory-unused www/pkg/lab_bg.wasm -o www/pkg/lab_bg.wasm
# The page is served from dist/: www/ as it is, with its modules minified
# (the same files and paths, so every relative import still holds).
rm -rf dist
cp -r www dist
# Save video's WebM muxer (npm webm-muxer), served beside Teach's modules.
{ echo '/*! webm-muxer 5.1.4 | MIT licence | (c) 2022 Vanilagy */'
  cat node_modules/webm-muxer/build/webm-muxer.mjs; } > dist/teach/webm-muxer.js
# Every module, the shared player's and each way in's (one folder each);
# pkg/ is minified above, and the service worker is read as it is.
find dist -name '*.js' -not -path 'dist/pkg/*' -not -path dist/sw.js -print0 |
  while IFS= read -r -d '' module; do
    # boot.js is a classic script, run before the first paint.
    kind=(--module)
    if [ "$module" = dist/boot.js ]; then kind=(); fi
    node_modules/.bin/terser "$module" "${kind[@]}" --compress --mangle -o "$module"
  done
# The page loses the indentation before its tags and attributes, which no
# browser reads (a newline still separates them; no text starts a line).
node -e 'const fs = require("fs"); const f = process.argv[1]; fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/\n[ \t]+(?=<|[a-z-]+=")/g, "\n"));' dist/index.html
# Style sheets lose their comments, indentation, the spaces around
# braces, semicolons, commas and child combinators, those after a colon
# and a rule's last semicolon, which no browser reads (none of those
# characters is in a string or a descendant selector there, and a
# selector's colon is followed by its pseudo-class).
find dist -name '*.css' -print0 | while IFS= read -r -d '' sheet; do
  node -e 'const fs = require("fs"); const f = process.argv[1]; fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\n\s+/g, "\n").replace(/\s*([{};,>])\s*/g, "$1").replace(/:\s+/g, ":").replace(/;}/g, "}"));' "$sheet"
done
node scripts/build-files.mjs dist
echo "built dist/ ($(wc -c < dist/pkg/thistle_bg.wasm) bytes of wasm)"

#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg, the page's module and the
# lab's: release wasm (size-optimised profile), wasm-bindgen for ES-module
# loading (glue minified by terser: it is read by no one), then wasm-opt
# -Oz (stripped) and short import names; then the served copy, dist/, with
# every module minified (the shared player's and each way in's folder) and
# the list of its files and hashes for the service worker (pkg/files.js).
set -euo pipefail
cd "$(dirname "$0")/.."

# build_module NAME PROFILE TARGET_DIR OUT_DIR OPTIMISE [cargo arguments]:
# one module, built, bound for ES-module loading (glue minified by terser:
# it is read by no one) and optimised by wasm-opt at OPTIMISE (-Oz or -O3),
# into OUT_DIR/NAME.js and NAME_bg.wasm.
build_module() {
  local name=$1 profile=$2 target=$3 out=$4 optimise=$5
  shift 5
  CARGO_TARGET_DIR="$target" cargo build --lib --profile "$profile" --target wasm32-unknown-unknown "$@"
  wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name "$name" \
    "$target/wasm32-unknown-unknown/$profile/thistle.wasm"
  node_modules/.bin/terser "$out/$name.js" --module --compress --mangle -o "$out/$name.js"
  # Debug names and the producers section are of no use to the page; -Oz is
  # run until it gains nothing more (0.7 KB gzipped of the first visit).
  # --low-memory-unused lets wasm-opt fold constant offsets into loads and
  # stores (0.9 KB gzipped of the page's module, 0.8 KB of the lab's): it
  # holds for Rust's layout, the stack first, growing down from 1 MB, and
  # the data above it, so the lowest 1 KB is touched only by a stack about
  # to overflow.
  local converge=()
  if [ "$optimise" = -Oz ]; then converge=(--converge); fi
  node_modules/binaryen/bin/wasm-opt "$optimise" "${converge[@]}" --low-memory-unused --strip-debug --strip-producers \
    "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
  # The names the module imports from its glue, shortened in both.
  node scripts/short-imports.mjs "$out/$name.js" "$out/${name}_bg.wasm"
  # A second pass over the module, as read back, still finds what the first
  # stops short of: 0.14 KB gzipped of the page's (-Oz, after --converge),
  # 0.3 KB of the lab's (-O3). For the page's, whole-program flow analysis
  # first (--gufa: values a function can only ever receive or return made
  # constants) takes another 0.14 KB.
  local flow=()
  if [ "$optimise" = -Oz ]; then flow=(--gufa); fi
  node_modules/binaryen/bin/wasm-opt "${flow[@]}" "$optimise" --low-memory-unused "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
}

target_dir="${CARGO_TARGET_DIR:-target}"
build_module thistle wasm-release "$target_dir" www/pkg -Oz
# The lab's module (FMC lab and proofs, no renderer: the `lab` feature),
# which a worker loads on first use; its own target directory keeps both
# builds cached.
build_module lab wasm-lab "$target_dir/lab" www/pkg -O3 --no-default-features --features lab
# Reading photos, loaded by the lab's worker on the first scan (the `scan`
# feature), built as the lab's module is and in its target directory.
build_module scan wasm-lab "$target_dir/lab" www/pkg -O3 --no-default-features --features scan
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
# With --bench, also a copy of dist/ whose page module has the in-page
# timings too (the `bench` feature), which `make page-bench` serves for
# them: the page itself does not carry them.
if [ "${1:-}" = --bench ]; then
  bench=target/bench-dist
  rm -rf "$bench"
  cp -r dist "$bench"
  build_module thistle wasm-release "$target_dir/bench" "$bench/pkg" -Oz --features bench
  node scripts/build-files.mjs "$bench"
fi

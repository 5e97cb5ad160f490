#!/usr/bin/env bash
# Installs what the page and its browser tests need, skipping what is there:
# the wasm32 target, the wasm-bindgen CLI matching the pinned crate, Chromium
# with chromedriver, and the npm packages (binaryen's wasm-opt, playwright-core).
set -euo pipefail
cd "$(dirname "$0")/.."

# The CLI must match the wasm-bindgen crate exactly; Cargo.toml pins it
# (`wasm-bindgen = "=X.Y.Z"`), and that pin is the one place it is written.
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"$/\1/p' Cargo.toml)
if [ -z "$WASM_BINDGEN_VERSION" ]; then
  echo 'setup: Cargo.toml must pin wasm-bindgen as `wasm-bindgen = "=X.Y.Z"`' >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

if [ ! -x node_modules/binaryen/bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# Two entry points, both in the README: `make serve` and `make test`.
# Everything else here is a step they depend on.

.PHONY: serve test check native-test setup web web-check wasm-test e2e page-bench compare-cubing

# PORT=8080 make serve to pick another port.
serve: web
	scripts/serve.sh

test: check native-test web-check wasm-test e2e

# The wasm32 target, wasm-bindgen CLI, Chromium + chromedriver, npm packages.
setup:
	scripts/setup.sh

# www/pkg (release wasm, wasm-bindgen, wasm-opt) and dist/, the served copy.
web: setup
	scripts/build-web.sh

# Every module: the page's (default features, and with the in-page timings
# page-bench serves), the lab's and the photo reader's.
web-check: setup
	cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --test web --features bench -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features lab -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features scan -- -D warnings

# Rust tests in headless Chromium (tests/web.rs), including the renderer on WebGL2.
wasm-test: setup
	CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web --features bench

# Playwright end-to-end tests of the built page (tests/e2e/).
# The command line is the reference some page tests compare against.
e2e: web
	cargo build --bin thistle
	node --test tests/e2e/

# Page weight, load time, in-page solve time, frame rate; writes /tmp/web-figures.txt.
page-bench: setup
	scripts/build-web.sh --bench
	node scripts/page-bench.mjs

# Fewest-moves mode and cubing.js's solver on the same random states, one thread each
# (needs the npm packages: npm ci). node scripts/compare-cubing.mjs --count N --seed S for others.
compare-cubing:
	cargo build --release --bin thistle
	node scripts/compare-cubing.mjs

check:
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings

native-test:
	cargo test --all-targets

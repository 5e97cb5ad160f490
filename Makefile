# Two entry points, both in the README: `make serve` and `make test`.
# Everything else here is a step they depend on.

.PHONY: serve test check native-test

serve:
	@echo "The page arrives with the page issue; for now use the CLI: cargo run --release -- --help"

test: check native-test

check:
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings

native-test:
	cargo test --all-targets

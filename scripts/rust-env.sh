#!/usr/bin/env bash
# Prints the environment the Rust builds run in, as `export` lines for eval: PATH with a cargo of at least the
# crate's rust-version (rustup's ~/.cargo/bin first: Debian's rustc is too old for edition 2024), CARGO_HOME (the
# crates, fetched once) and CARGO_TARGET_DIR (the builds), both in the toolchain cache, outside the clone.
# Exits 127 and says what is missing when there is no such cargo.
# Usage: scripts/rust-env.sh [minimum] - the generated crate's rust-version (1.85) unless another is given (the MCP
# example's, test/bindings/rust/consumer.ts).
set -euo pipefail

cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"
minimum="${1:-1.85}"
path="${HOME:-/root}/.cargo/bin:$PATH"
cargo="$(PATH="$path" command -v cargo || true)"
if [ -z "$cargo" ]; then
  echo "rust-env: cargo is not installed; install Rust $minimum or later with rustup (https://rustup.rs), then rerun scripts/install-toolchains.sh rust" >&2
  exit 127
fi
version="$(PATH="$path" cargo --version | awk '{print $2}')"
if [ "$(printf '%s\n%s\n' "$minimum" "$version" | sort -V | head -n 1)" != "$minimum" ]; then
  echo "rust-env: $cargo is cargo $version; the crate needs Rust $minimum or later: install it with rustup" >&2
  exit 127
fi
printf 'export PATH=%q\nexport CARGO_HOME=%q\nexport CARGO_TARGET_DIR=%q\n' "$path" "$cache/cargo-home" "$cache/rust-target"

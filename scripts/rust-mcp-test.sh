#!/usr/bin/env bash
# Builds test/rust-mcp (the Rust crate with MCP's official Rust SDK, rmcp: a test crate apart from the generated crate)
# with the generated crate as its path dependency, and runs its round trip: every conformance vector from rmcp's server
# over stdio to rmcp's client, which checks it with the crate's `check`.
# Usage: scripts/rust-mcp-test.sh [crate-dir] [conformance-dir] [tools-file] [tool]
# The provider states the output schema of the crate's own definition of the tool; the test compares it with tools-file's.
# The README's "Use with MCP" example is the test crate's src/readme_mcp.rs, which its provider and test call.
# Builds in one folder of the toolchain cache, offline, with its own CARGO_TARGET_DIR (scripts/rust-env.sh's, with
# -mcp): the crates rmcp brings are compiled once, and only a changed file is written again there, so cargo rebuilds
# what changed and nothing else. Two runs take turns on the build folder's lock.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
crate="$(cd "${1:-$here/generated/rust}" && pwd)"
conformance="$(cd "${2:-$here/generated/conformance}" && pwd)"
tools="${3:-$here/generated/schema/tools.json}"
tool="${4:?rust-mcp-test: name the tool (the operation that returns the answer)}"
# rmcp needs a newer Rust than the generated crate: the test crate's rust-version.
minimum="$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' "$here/test/rust-mcp/Cargo.toml")"
env_out="$(bash "$here/scripts/rust-env.sh" "$minimum")" || exit $?
eval "$env_out"
export CARGO_TARGET_DIR="$CARGO_TARGET_DIR-mcp"
[ -f "$crate/Cargo.toml" ] || { echo "rust-mcp-test: no Cargo.toml in $crate" >&2; exit 2; }
[ -d "$conformance/vectors" ] || { echo "rust-mcp-test: no conformance vectors in $conformance/vectors" >&2; exit 2; }
tools="$(cd "$(dirname "$tools")" && pwd)/$(basename "$tools")"

# The test crate beside the generated crate, as in the repository (its Cargo.toml names ../../generated/rust).
work="$(mktemp -d "${TMPDIR:-/tmp}/element-rust-mcp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/test/rust-mcp" "$work/generated/rust"
tar -C "$here/test/rust-mcp" --exclude=./target --exclude=./src/readme_mcp.rs -cf - . | tar -C "$work/test/rust-mcp" -xf -
tar -C "$crate" --exclude=./target -cf - . | tar -C "$work/generated/rust" -xf -
# The README's "Use with MCP" example, which the provider and the test call: the README cannot show code that does not
# build or do what it says.
example="$work/test/rust-mcp/src/readme_mcp.rs"
awk '/^## Use with MCP/ { on = 1 } on && /^```rust,ignore$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$crate/README.md" >"$example"
grep -q '^pub async fn ' "$example" || { echo "rust-mcp-test: no Rust example under 'Use with MCP' in $crate/README.md" >&2; exit 2; }

# sync SOURCE DEST: DEST holds SOURCE's files; a file that differs is written again (with the time of now, so cargo
# sees it changed), one that does not keeps its time, and one SOURCE lacks is removed.
sync() {
  local source="$1" dest="$2" file
  mkdir -p "$dest"
  (cd "$source" && find . -type f -print) | while read -r file; do
    if ! cmp -s "$source/$file" "$dest/$file"; then
      mkdir -p "$(dirname "$dest/$file")"
      cp "$source/$file" "$dest/$file"
    fi
  done
  (cd "$dest" && find . -type f -print) | while read -r file; do
    [ -f "$source/$file" ] || rm -f "$dest/$file"
  done
}

mkdir -p "$CARGO_TARGET_DIR"
exec 9>"$CARGO_TARGET_DIR.lock"
flock 9
copy="$CARGO_TARGET_DIR/../rust-mcp-crate"
sync "$work" "$copy"
cd "$copy/test/rust-mcp"
echo "rust-mcp-test: cargo test in a copy of test/rust-mcp with $crate and vectors from $conformance"
status=0
# Warnings are errors for the test crate and the README's example in it (not for the crates it depends on).
ELEMENT_CONFORMANCE_DIR="$conformance" ELEMENT_TOOLS="$tools" ELEMENT_TOOL="$tool" RUSTFLAGS="-D warnings" \
  cargo test --locked --offline -- --nocapture >"$work/test.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  cat "$work/test.log"
  if grep -q -- '--offline' "$work/test.log"; then
    echo "rust-mcp-test: a crate of test/rust-mcp/Cargo.lock is not in $CARGO_HOME (run: bash scripts/install-toolchains.sh rust)" >&2
    exit 127
  fi
  exit "$status"
fi
grep -E '^(test |running|test result|McpRoundTrip)' "$work/test.log" || true

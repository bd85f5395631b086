#!/usr/bin/env bash
# Builds the generated Rust crate and runs its tests (every conformance vector it bundles, the hostile inputs, the
# README's example as a doc test), then cargo clippy --all-targets -- -D warnings and cargo package.
# Usage: scripts/rust-test.sh [crate-dir] [conformance-dir]
#   defaults: generated/rust, and the conformance vectors the crate bundles in tests/conformance.
# With ELEMENT_TEST_FILTER set to a test target (conformance: a run about another set of vectors; operations), only
# that target's tests run.
# With ELEMENT_VALIDATE_CASES set to a folder (see scripts/validator-cases.sh), the element-model-validate binary
# then runs each of its cases; with ELEMENT_VALIDATE_ONLY as well, nothing else runs.
# Works on a copy in a temporary folder, so generated/ never gains target/; the crates and the builds are cached
# in the toolchain cache (scripts/rust-env.sh), and two runs take turns on the build folder's lock.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
crate="$(cd "${1:-$here/generated/rust}" && pwd)"
conformance="${2:-}"
env_out="$(bash "$here/scripts/rust-env.sh")" || exit $?
eval "$env_out"
[ -f "$crate/Cargo.toml" ] || { echo "rust-test: no Cargo.toml in $crate" >&2; exit 2; }
if [ -n "$conformance" ]; then
  [ -f "$conformance/index.json" ] || { echo "rust-test: no conformance vectors at $conformance/index.json" >&2; exit 2; }
  conformance="$(cd "$conformance" && pwd)"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/element-rust.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The same path every run, so cargo's fingerprints hold and an unchanged crate is not compiled again.
mkdir -p "$CARGO_TARGET_DIR"
exec 9>"$CARGO_TARGET_DIR.lock"
flock 9
copy="$CARGO_TARGET_DIR/../rust-crate"
# cargo package's verify build (below) records the crate's fingerprint with its own copy's files (target/package/);
# left there, a later run finds those older files and reuses that build, whatever the crate now holds.
rm -rf "$CARGO_TARGET_DIR/package"
rm -rf "$copy"
mkdir -p "$copy"
# Extracted with the time of the copy (-m): cargo rebuilds only what is newer than its last build, so a crate whose
# files kept a time older than the last run's would otherwise be tested as that run's build.
tar -C "$crate" --exclude=./target -cf - . | tar -C "$copy" -m -xf -
if [ -n "$conformance" ]; then
  rm -rf "$copy/tests/conformance"
  cp -R "$conformance" "$copy/tests/conformance"
fi
cd "$copy"
echo "rust-test: cargo test in a copy of $crate with vectors from ${conformance:-its own tests/conformance}"
if [ "${ELEMENT_TEST_FILTER:-}" = conformance ]; then
  cargo test --locked -q --test conformance -- --nocapture 2>&1
  exit 0
fi
if [ -n "${ELEMENT_TEST_FILTER:-}" ]; then
  # Another test target alone (operations: a revision that changes an operation), each test named as it runs.
  cargo test --locked --test "$ELEMENT_TEST_FILTER" 2>&1
  exit 0
fi
if [ -z "${ELEMENT_VALIDATE_ONLY:-}" ]; then
  # Release: the hostile inputs (a million elements wide, 100,000 deep) take minutes unoptimised.
  status=0
  cargo test --locked --release -- --nocapture >"$work/test.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then cat "$work/test.log"; exit "$status"; fi
  grep -E '^(test |running|test result|HostileInputTest|conformance:)' "$work/test.log" || true
  echo "rust-test: cargo clippy --all-targets -- -D warnings"
  cargo clippy --locked -q --all-targets -- -D warnings
  # The crate as it ships (its own vectors) is packed and built again from the packed files; a crate given other
  # vectors (a revised spec's, in a test) is packed without that build: the same manifest and file list, and the
  # release's packer builds what it packs.
  verify=()
  [ -z "$conformance" ] || verify=(--no-verify)
  echo "rust-test: cargo package${verify[*]:+ ${verify[*]}}"
  cargo package --locked -q --allow-dirty "${verify[@]}" 2>&1
  echo "rust-test: packaged $(ls "$CARGO_TARGET_DIR"/package/*.crate | head -n 1 | xargs -n 1 basename)"
fi
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ]; then
  cargo build --locked -q --release --bin element-model-validate
  bash "$here/scripts/validator-cases.sh" "$ELEMENT_VALIDATE_CASES" "$CARGO_TARGET_DIR/release/element-model-validate"
fi

#!/usr/bin/env bash
# Builds and tests a generated Swift package (default: generated/swift) inside the Debian 13 chroot that
# scripts/install-toolchains.sh makes. Its tests run the conformance vectors the package bundles, or those of
# conformance-dir (or $ELEMENT_CONFORMANCE_SOURCE) when given. Works on a copy in the chroot's /tmp, so no .build folder
# lands in generated/. Warnings fail the build. Needs root (chroot, mount).
#
#   bash scripts/swift-test.sh [package-dir] [conformance-dir]
#
# With ELEMENT_VALIDATE_CASES set to a folder (see scripts/validator-cases.sh), the built element-model-validate
# runs each of its cases after the build, and the results are copied back into that folder.
#
# With ELEMENT_VALIDATE_ONLY set as well, the package's tests do not run: the build and the cases only (the
# differential test, test/fuzz/differential.test.ts, which needs only the validator).
#
# With ELEMENT_TEST_FILTER set (a test class's name, say ConformanceTests), `swift test` runs only the tests it
# matches: a run that is about another set of vectors need not run the hostile inputs again.
#
# With ELEMENT_SWIFT_COMMAND set, that command runs in the copy instead of the build and tests (a consumer package's
# `swift run`, say); the package folder is copied whole, so a dependency it names by a relative path may sit inside it.
#
# Exit codes: 0 passed, 1 build or tests failed, 127 the toolchain is missing (run scripts/install-toolchains.sh swift).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$(cd "${1:-$here/generated/swift}" && pwd)"
conformance="${2:-${ELEMENT_CONFORMANCE_SOURCE:-}}"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"
root="$cache/swift-trixie"

log() { printf 'swift-test: %s\n' "$*" >&2; }

# usr/bin/swift is an absolute symlink, which only resolves inside the chroot: test the link itself.
if [ ! -f "$root/.complete" ] || { [ ! -L "$root/usr/bin/swift" ] && [ ! -e "$root/usr/bin/swift" ]; }; then
  log "no Swift toolchain in $root; run: sudo bash scripts/install-toolchains.sh swift"
  exit 127
fi
if [ "$(id -u)" -ne 0 ]; then
  log "needs root to chroot into $root"
  exit 127
fi
[ -f "$package/Package.swift" ] || { log "no Package.swift in $package"; exit 1; }

# Two runs starting together would both mount /proc, and both write ld.so.cache~ and rename it: one at a time.
(
  flock 8
  mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
  chroot "$root" ldconfig
) 8>"$root/.setup.lock"

# The package is built in a content-named folder of the cache (scripts/lib/build-slot.sh); the key holds the build
# mode too.
. "$here/scripts/lib/build-slot.sh"
mode="${ELEMENT_SWIFT_RELEASE:+release}"
key="$(content_key "$package" "${mode:-debug}" .build .swiftpm)"
builds="$root/var/cache/element-model-builds"
SLOT_LOG=swift-test claim_slot "$builds" "$key" "$package" swift .build .swiftpm
slot="$SLOT"
mkdir -p "$slot/home"
built="/var/cache/element-model-builds/$key"

# What changes from run to run (vectors, validator cases, temporary files) goes in a folder of this run's own.
work="$(mktemp -d "$root/tmp/element-model-XXXXXX")"
inside="/tmp/$(basename "$work")"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/tmp"
if [ -z "$conformance" ]; then
  log "the package's own conformance vectors"
elif [ -d "$conformance" ]; then
  cp -R "$conformance" "$work/conformance"
else
  log "no conformance vectors at $conformance; the conformance test will fail"
fi

# ELEMENT_BENCH_FILE (the benchmark's answer), when set, names a file inside the package, passed on as such.
log "swift build && swift test in $slot/swift"
flags=(-Xswiftc -warnings-as-errors)
# ELEMENT_SWIFT_RELEASE=1 builds and tests optimized (the benchmark times both); @testable needs -enable-testing.
if [ -n "${ELEMENT_SWIFT_RELEASE:-}" ]; then flags+=(-c release -Xswiftc -enable-testing); fi
validate=""
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ]; then
  cp -R "$ELEMENT_VALIDATE_CASES" "$work/cases"
  cp "$here/scripts/validator-cases.sh" "$work/validator-cases.sh"
  validate="bash '$inside/validator-cases.sh' '$inside/cases' \"\$(swift build ${flags[*]} --show-bin-path)/element-model-validate\";"
fi

filter="${ELEMENT_TEST_FILTER:+--filter '$ELEMENT_TEST_FILTER'}"
command="swift build ${flags[*]} 2>&1; $validate swift test ${flags[*]} $filter 2>&1"
if [ -n "$validate" ] && [ -n "${ELEMENT_VALIDATE_ONLY:-}" ]; then command="swift build ${flags[*]} 2>&1; $validate"; fi
if [ -n "${ELEMENT_SWIFT_COMMAND:-}" ]; then command="$ELEMENT_SWIFT_COMMAND 2>&1"; fi

chroot "$root" /usr/bin/env -i \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME="$built/home" \
  TMPDIR="$inside/tmp" \
  LANG=C.UTF-8 \
  ${conformance:+ELEMENT_CONFORMANCE_DIR="$inside/conformance"} \
  ${ELEMENT_BENCH_FILE:+ELEMENT_BENCH_FILE="$built/swift/$ELEMENT_BENCH_FILE"} \
  ${ELEMENT_VALIDATE_MEASURE:+ELEMENT_VALIDATE_MEASURE=1} \
  /bin/bash -c "set -euo pipefail; cd '$built/swift'; $command" \
  && status=0 || status=$?

if [ -n "${ELEMENT_VALIDATE_CASES:-}" ] && [ -d "$work/cases/results" ]; then
  rm -rf "$ELEMENT_VALIDATE_CASES/results"
  cp -R "$work/cases/results" "$ELEMENT_VALIDATE_CASES/results"
fi
if [ "$status" -eq 0 ]; then log "passed"; else log "failed (exit $status)"; status=1; fi
prune_slots "$builds"
exit "$status"

#!/usr/bin/env bash
# Runs the generated Go module's own tests (go test ./..., which runs every embedded conformance vector, the hostile
# inputs and the README's Example), go vet and staticcheck, in a copy of the module outside the clone, so generated/
# never gains build output. Usage: scripts/go-test.sh [module-dir]   (default: generated/go)
# With ELEMENT_TEST_FILTER set (a go test -run pattern), only those tests run, and go vet and staticcheck do not;
# With ELEMENT_VALIDATE_CASES set (a folder of validator cases), the validator command runs each of them
# (scripts/validator-cases.sh); with ELEMENT_VALIDATE_ONLY as well, only the validator is built and run (a test that
# already ran the module's tests on the same copy needs nothing else). Exits 127 when Go or staticcheck is missing (scripts/install-toolchains.sh go installs them).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$(cd "${1:-$here/generated/go}" && pwd)"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"
staticcheck="$(bash "$here/scripts/install-toolchains.sh" staticcheck-bin)"

command -v go >/dev/null 2>&1 || { echo "go-test: Go is not on PATH (run: sudo bash scripts/install-toolchains.sh go)"; exit 127; }
[ -x "$staticcheck" ] || { echo "go-test: no staticcheck at $staticcheck (run: sudo bash scripts/install-toolchains.sh go)"; exit 127; }

# Build caches in the toolchain cache, beside the modules the install fetched; no network needed.
export GOCACHE="$cache/go-build" GOMODCACHE="$cache/go-path/pkg/mod" GOPATH="$cache/go-path" GOFLAGS=-mod=mod GOTOOLCHAIN=local GOPROXY=off

work="$(mktemp -d "${TMPDIR:-/tmp}/element-go.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$module" "$work/go"
if [ -n "${2:-}" ]; then
  rm -rf "$work/go/testdata/conformance"
  cp -R "$(cd "$2" && pwd)" "$work/go/testdata/conformance"
  echo "go-test: vectors from $(cd "$2" && pwd)"
fi
cd "$work/go"
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ] && [ -n "${ELEMENT_VALIDATE_ONLY:-}" ]; then
  go build -o "$work/element-model-validate" ./cmd/element-model-validate
  exec bash "$here/scripts/validator-cases.sh" "$ELEMENT_VALIDATE_CASES" "$work/element-model-validate"
fi
echo "go-test: go test ./... in a copy of $module ($(go version))"
go test -count=1 ${ELEMENT_TEST_FILTER:+-v -run "$ELEMENT_TEST_FILTER"} ./...
[ -z "${ELEMENT_TEST_FILTER:-}" ] || exit 0
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ]; then
  # The validator command on every case of test/helpers/validator-cases.ts, for the test to compare with TypeScript's.
  go build -o "$work/element-model-validate" ./cmd/element-model-validate
  bash "$here/scripts/validator-cases.sh" "$ELEMENT_VALIDATE_CASES" "$work/element-model-validate"
fi
echo "go-test: go vet"
go vet ./...
echo "go-test: staticcheck"
"$staticcheck" ./...
# Every file as gofmt writes it: the runtime's own, the templates', and what the emitter writes in columns
# (generator/emit/core/lines.ts, told which rows line up by generator/emit/go/layout.ts).
echo "go-test: gofmt"
unformatted="$(gofmt -l .)"
[ -z "$unformatted" ] || { echo "go-test: not gofmt-formatted: $unformatted"; exit 1; }
echo "go-test: ok"

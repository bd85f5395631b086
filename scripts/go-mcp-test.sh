#!/usr/bin/env bash
# Runs test/go-mcp (the Go module with MCP's Go SDK, github.com/modelcontextprotocol/go-sdk, a test module apart from
# the generated module) on a copy outside the clone, with the generated module through its replace and the package
# README's "Use with MCP" code as readme_mcp.go: every conformance vector from MCP's Go server, in a provider process
# of its own, over stdio to MCP's Go client, which checks what arrives with the package's Check.
# Usage: scripts/go-mcp-test.sh [module-dir] [conformance-dir] [tools-file] [tool]
# The provider states the output schema of the module's own definition of the tool; the test compares it with tools-file's.
# Offline (GOPROXY=off, the committed go.sum): the SDK and its dependencies come from the toolchain cache, which
# scripts/install-toolchains.sh go fills. Exits 127 when Go 1.25 or later, staticcheck or the SDK is missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$(cd "${1:-$here/generated/go}" && pwd)"
conformance="$(cd "${2:-$here/generated/conformance}" && pwd)"
tools="$(realpath "${3:-$here/generated/schema/tools.json}")"
tool="${4:?go-mcp-test: name the tool (the operation that returns the answer)}"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"

staticcheck="$(bash "$here/scripts/install-toolchains.sh" staticcheck-bin)"

command -v go >/dev/null 2>&1 || { echo "go-mcp-test: Go is not on PATH (run: sudo bash scripts/install-toolchains.sh go)"; exit 127; }
[ -x "$staticcheck" ] || { echo "go-mcp-test: no staticcheck at $staticcheck (run: sudo bash scripts/install-toolchains.sh go)"; exit 127; }
go_minor="$(go env GOVERSION | sed -E 's/^go1\.([0-9]+).*/\1/')"
[ "$go_minor" -ge 25 ] 2>/dev/null || { echo "go-mcp-test: $(go env GOVERSION) is too old; MCP's Go SDK needs Go 1.25 or later"; exit 127; }

# Build caches in the toolchain cache, beside the modules the install fetched; no network, and go.sum as committed.
export GOCACHE="$cache/go-build" GOMODCACHE="$cache/go-path/pkg/mod" GOPATH="$cache/go-path" GOFLAGS=-mod=readonly GOTOOLCHAIN=local GOPROXY=off

# The SDK in the module cache, or the install has not fetched it (a missing toolchain, as a missing Go is).
sdk="$(cd "$here/test/go-mcp" && go list -m -f '{{.Dir}}' github.com/modelcontextprotocol/go-sdk 2>/dev/null)" || sdk=""
if [ -z "$sdk" ] || [ ! -d "$sdk" ]; then
  echo "go-mcp-test: MCP's Go SDK is not in $GOMODCACHE (run: sudo bash scripts/install-toolchains.sh go)"
  exit 127
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/element-go-mcp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The same layout as the clone's, so go.mod's replace (../../generated/go) finds the copy.
mkdir -p "$work/test" "$work/generated"
cp -R "$here/test/go-mcp" "$work/test/go-mcp"
cp -R "$module" "$work/generated/go"
cd "$work/test/go-mcp"
# The README's "Use with MCP" example, which the provider and the test call: the README cannot show code that does not
# build or do what it says.
{ echo "// The package README's \"Use with MCP\" example, copied by scripts/go-mcp-test.sh."; echo; echo "package main"; echo
  awk '/^## Use with MCP/ { on = 1 } on && /^```go$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$module/README.md"
} >readme_mcp.go
grep -q '^func serveAnswer' readme_mcp.go || { echo "go-mcp-test: no Go example under 'Use with MCP' in $module/README.md" >&2; exit 2; }
# The test names the module by its local path; a path publishing.json gives takes its place.
path="$(sed -n 's/^module //p' "$work/generated/go/go.mod")"
if [ "$path" != elementmodel ]; then
  go mod edit -droprequire=elementmodel -dropreplace=elementmodel -require="$path@v0.0.0" -replace="$path=../../generated/go"
  sed -i "s#^\t\"elementmodel\"\$#\telementmodel \"$path\"#" main.go roundtrip_test.go
fi
echo "go-mcp-test: test/go-mcp with the module in $module, vectors from $conformance ($(go version))"
unformatted="$(gofmt -l .)"
[ -z "$unformatted" ] || { echo "go-mcp-test: not gofmt-formatted (the README's example is readme_mcp.go): $unformatted"; gofmt -d .; exit 1; }
# go.mod and go.sum as go mod tidy leaves them, and the README's code and the test's as go vet and staticcheck want.
go mod tidy -diff
go vet .
"$staticcheck" .
go build -o "$work/provider" .
ELEMENT_CONFORMANCE_DIR="$conformance" ELEMENT_TOOLS="$tools" ELEMENT_TOOL="$tool" ELEMENT_PROVIDER="$work/provider" \
  go test -count=1 -v -run '^TestMcpRoundTrip$' .
echo "go-mcp-test: ok"

#!/usr/bin/env bash
# Builds test/kotlin-mcp (the Kotlin binding with MCP's Java SDK, a test module apart from the generated package) with
# the generated package's sources, and runs its round trip: every conformance vector from MCP's Java server over stdio
# to MCP's Java client, which checks it with the binding's `check`.
# Usage: scripts/kotlin-mcp-test.sh [kotlin-module-dir] [conformance-dir] [tools-file] [tool]
# The provider states the outputSchema of the package's own definition of the tool; the test compares it with tools-file's.
# Assembles the module in a temporary folder, then builds it in a content-named folder of the toolchain cache
# (scripts/lib/build-slot.sh), so neither test/ nor generated/ gains target/ output and an unchanged module is not
# compiled again.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$(cd "${1:-$here/generated/kotlin}" && pwd)"
conformance="$(cd "${2:-$here/generated/conformance}" && pwd)"
tools="${3:-$here/generated/schema/tools.json}"
tool="${4:?kotlin-mcp-test: name the tool (the operation that returns the answer)}"

for t in mvn java; do
  command -v "$t" >/dev/null 2>&1 || { echo "kotlin-mcp-test: $t is not installed (scripts/install-toolchains.sh maven)" >&2; exit 127; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/element-kotlin-mcp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$here/test/kotlin-mcp" "$work/module"
cp -R "$module/src/main/kotlin/." "$work/module/src/main/kotlin/"
# The README's "Use with MCP" example, which the provider and the test call: the README cannot show code that does not
# build or do what it says.
example="$work/module/src/main/kotlin/dev/elementmodel/mcp/ReadmeMcp.kt"
{ echo "package dev.elementmodel.mcp"; echo
  awk '/^## Use with MCP/ { on = 1 } on && /^```kotlin$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$module/README.md"
} >"$example"
grep -q '^fun ' "$example" || { echo "kotlin-mcp-test: no Kotlin example under 'Use with MCP' in $module/README.md" >&2; exit 2; }
. "$here/scripts/lib/build-slot.sh"
builds="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}/kotlin-mcp-builds"
SLOT_LOG=kotlin-mcp-test claim_slot "$builds" "$(content_key "$work/module" "" target)" "$work/module" module target
cd "$SLOT/module"
rm -rf target/surefire-reports
echo "kotlin-mcp-test: mvn test in a copy of test/kotlin-mcp with the sources of $module and vectors from $conformance"
status=0
ELEMENT_CONFORMANCE_DIR="$conformance" ELEMENT_TOOLS="$tools" ELEMENT_TOOL="$tool" \
  bash "$here/scripts/lib/mvn-kotlin.sh" -B -ntp test >"$work/mvn.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  sed 's/\x1b\[[0-9;]*m//g' "$work/mvn.log"
  for report in target/surefire-reports/*.txt; do [ -f "$report" ] && cat "$report"; done
  exit "$status"
fi
sed 's/\x1b\[[0-9;]*m//g' "$work/mvn.log" | grep -E 'Tests run:|BUILD|^McpRoundTripTest:' || true
prune_slots "$builds"

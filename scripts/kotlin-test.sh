#!/usr/bin/env bash
# Builds the generated Kotlin module with `mvn package` (its tests against the shared conformance vectors, then its
# jars, target/element-model-validate.jar among them). With ELEMENT_VALIDATE_CASES set to a folder (see
# scripts/validator-cases.sh), that jar then runs each of the folder's cases with `java -jar`.
# Usage: scripts/kotlin-test.sh [kotlin-module-dir] [conformance-dir]
#   defaults: generated/kotlin, and the conformance vectors the module bundles as test resources.
# With ELEMENT_TEST_FILTER set (part of a test class's name, say Conformance), only the test classes whose names hold
# it run, and the goal is `mvn test`: a run that is about another set of vectors needs neither the hostile inputs
# again nor the jars.
# With ELEMENT_VALIDATE_ONLY set as well as ELEMENT_VALIDATE_CASES, the tests do not run (-DskipTests): the jars and
# the cases only (the differential test, test/fuzz/differential.test.ts, which needs only the validator).
# With ELEMENT_KOTLIN_DEPLOY_TO set to a folder, the goal is `mvn deploy` (which packages and installs into ~/.m2
# first) to that folder as a file:// repository, its address given on the command line as a release gives it.
# Works on a copy in the toolchain cache (below), so generated/ never gains target/ output. Maven's local repository
# stays at its default (~/.m2), a cache outside the clone.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$(cd "${1:-$here/generated/kotlin}" && pwd)"
conformance="${2:-}"

for tool in mvn java; do
  command -v "$tool" >/dev/null 2>&1 || { echo "kotlin-test: $tool is not installed (scripts/install-toolchains.sh maven)" >&2; exit 127; }
done
[ -f "$module/pom.xml" ] || { echo "kotlin-test: no pom.xml in $module" >&2; exit 2; }
if [ -n "$conformance" ]; then
  [ -f "$conformance/index.json" ] || { echo "kotlin-test: no conformance vectors at $conformance/index.json" >&2; exit 2; }
  conformance="$(cd "$conformance" && pwd)"
fi

# The module is built in a content-named folder of the cache (scripts/lib/build-slot.sh), with Kotlin's incremental
# compilation on.
. "$here/scripts/lib/build-slot.sh"
builds="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}/kotlin-builds"
SLOT_LOG=kotlin-test claim_slot "$builds" "$(content_key "$module" "" target)" "$module" kotlin target
slot="$SLOT"
rm -rf "$slot/kotlin/target/surefire-reports"

# What changes from run to run (the vectors, Maven's log) goes in a folder of this run's own.
work="$(mktemp -d "${TMPDIR:-/tmp}/element-kotlin.XXXXXX")"
trap 'rm -rf "$work"' EXIT
[ -z "$conformance" ] || cp -R "$conformance" "$work/conformance"

cd "$slot/kotlin"
goal=package
[ -z "${ELEMENT_TEST_FILTER:-}" ] || goal=test
echo "kotlin-test: mvn $goal${ELEMENT_TEST_FILTER:+ (the test classes named *$ELEMENT_TEST_FILTER*)} in a copy of $module with vectors from ${conformance:-its own test resources}"
status=0
# The compiler runs in a Kotlin daemon that stops itself when idle (scripts/lib/mvn-kotlin.sh).
skip=""
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ] && [ -n "${ELEMENT_VALIDATE_ONLY:-}" ]; then
  skip="-DskipTests"
  goal=package
  # The slot is named for the sources, so a jar in it was built from these sources: Maven would only repackage it.
  if [ -f target/element-model-validate.jar ]; then
    echo "kotlin-test: the validator jar is already built in $slot"
    bash "$here/scripts/validator-cases.sh" "$ELEMENT_VALIDATE_CASES" java -jar "$slot/kotlin/target/element-model-validate.jar"
    prune_slots "$builds"
    exit 0
  fi
fi
deploy=()
if [ -n "${ELEMENT_KOTLIN_DEPLOY_TO:-}" ] && [ "$goal" = package ] && [ -z "$skip" ]; then
  goal=deploy
  deploy=("-DaltDeploymentRepository=release-test::file://$ELEMENT_KOTLIN_DEPLOY_TO")
fi
${conformance:+env ELEMENT_CONFORMANCE_DIR="$work/conformance"} bash "$here/scripts/lib/mvn-kotlin.sh" -B -ntp \
  ${ELEMENT_TEST_FILTER:+"-Dtest=*${ELEMENT_TEST_FILTER}*" -Dsurefire.failIfNoSpecifiedTests=false} $skip "${deploy[@]}" "$goal" >"$work/mvn.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  # The whole log on failure: compiler errors and assertion messages are what matter then.
  sed 's/\x1b\[[0-9;]*m//g' "$work/mvn.log"
  for report in target/surefire-reports/*.txt; do [ -f "$report" ] && cat "$report"; done
  exit "$status"
fi
# On success, the test summary and the hostile-input timings only.
sed 's/\x1b\[[0-9;]*m//g' "$work/mvn.log" | grep -E 'Tests run:|BUILD|WARNING.*\.kt|^HostileInputTest:|^bench-(decode|validate):' || true
if [ -n "${ELEMENT_VALIDATE_CASES:-}" ]; then
  bash "$here/scripts/validator-cases.sh" "$ELEMENT_VALIDATE_CASES" java -jar "$slot/kotlin/target/element-model-validate.jar"
fi
prune_slots "$builds"

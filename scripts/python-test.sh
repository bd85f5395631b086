#!/usr/bin/env bash
# Installs the generated Python package with pip and runs its tests (pytest) and mypy --strict, against the shared
# conformance vectors. Usage: scripts/python-test.sh [package-dir] [conformance-dir]
#   defaults: generated/python and the conformance vectors it bundles in tests/conformance.
# With ELEMENT_TEST_FILTER set (a pytest -k expression, say conformance), only the tests it selects run, and mypy
# does not: a run that is about another set of vectors need not check the same source again.
# Works on copies in a temporary folder, so generated/ never gains build output or caches.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$(cd "${1:-$here/generated/python}" && pwd)"
conformance="$(cd "${2:-$package/tests/conformance}" && pwd)"

venv="$(bash "$here/scripts/python-venv.sh" "$package/requirements-test.txt")" || exit $?
python="$venv/bin/python"

work="$(mktemp -d "${TMPDIR:-/tmp}/element-python.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$package" "$work/python"
if [ "$conformance" != "$package/tests/conformance" ]; then
  rm -rf "$work/python/tests/conformance"
  cp -R "$conformance" "$work/python/tests/conformance"
fi

# pip install ./generated/python, into this run's own folder: the cached venv holds only the pinned tools.
"$python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation --target "$work/site" "$work/python"
cd "$work/python"
export PYTHONPATH="$work/site" PYTHONDONTWRITEBYTECODE=1
echo "python-test: pytest in a copy of $package with vectors from $conformance"
"$python" -m pytest -q -p no:cacheprovider ${ELEMENT_TEST_FILTER:+-k "$ELEMENT_TEST_FILTER"}
[ -z "${ELEMENT_TEST_FILTER:-}" ] || exit 0
# mypy in a folder of the toolchain cache named for the package's sources (scripts/lib/build-slot.sh), its cache
# beside them: a package checked before (this run or an earlier one) is checked again in a second, not fifteen.
. "$here/scripts/lib/build-slot.sh"
builds="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}/python-mypy"
SLOT_LOG=python-test claim_slot "$builds" "$(content_key "$package" "$("$python" -m mypy --version)" tests/conformance)" "$package" python tests/conformance
echo "python-test: mypy --strict"
(cd "$SLOT/python" && "$python" -m mypy --strict --cache-dir "$SLOT/mypy-cache" src tests)
prune_slots "$builds"

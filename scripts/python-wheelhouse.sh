#!/usr/bin/env bash
# Prints the path of a folder of wheels (a wheelhouse) for a requirements file, downloading them first when needed:
# the publish tests' pypiserver serves it beside the packages `element-spec publish` uploads, so a consumer's
# `pip install element-model[mcp]==...` finds pydantic, mcp and mypy on the one index it is given, with no network.
# One folder per requirements file (hashed), cached outside the clone. Exits 127 when there is no Python 3.10+.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
requirements="${1:-$here/generated/python/requirements-test.txt}"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"

key="$(sha256sum "$requirements" | cut -c1-16)"
wheels="$cache/python-wheels-$key"
if [ ! -f "$wheels/.complete" ]; then
  venv="$(bash "$here/scripts/python-venv.sh" "$requirements")"
  partial="$wheels.partial.$$"
  rm -rf "$partial"
  echo "python-wheelhouse: downloading $requirements into $wheels" >&2
  # Wheels only, for this Python: what pip in a fresh venv on this machine installs.
  "$venv/bin/python" -m pip download -q --disable-pip-version-check --only-binary=:all: -d "$partial" -r "$requirements" >&2 \
    || { rm -rf "$partial"; exit 1; }
  touch "$partial/.complete"
  mv -T "$partial" "$wheels" 2>/dev/null || rm -rf "$partial"
fi
echo "$wheels"

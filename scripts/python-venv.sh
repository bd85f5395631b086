#!/usr/bin/env bash
# Prints the path of the Python venv the generated package's tests run in, making it first when needed: one venv
# per set of pinned test requirements (generated/python/requirements-test.txt, hashed), cached outside the clone.
# Exits 127 when there is no Python 3.10+ with venv on the machine (scripts/install-toolchains.sh python).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
requirements="${1:-$here/generated/python/requirements-test.txt}"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"

command -v python3 >/dev/null 2>&1 || { echo "python-venv: python3 is not installed (scripts/install-toolchains.sh python)" >&2; exit 127; }
python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' 2>/dev/null \
  || { echo "python-venv: Python 3.10+ with venv and ensurepip is needed (scripts/install-toolchains.sh python)" >&2; exit 127; }

key="$(sha256sum "$requirements" | cut -c1-16)"
venv="$cache/python-venv-$key"
if [ ! -f "$venv/.complete" ]; then
  # Made beside and renamed, so a run meanwhile never sees half a venv; only `python -m` is used, which a
  # renamed venv keeps working for (its scripts' first lines would name the old path).
  partial="$venv.partial.$$"
  rm -rf "$partial"
  mkdir -p "$cache"
  echo "python-venv: making $venv" >&2
  python3 -m venv "$partial" >&2
  "$partial/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements" >&2 || { rm -rf "$partial"; exit 1; }
  touch "$partial/.complete"
  mv -T "$partial" "$venv" 2>/dev/null || rm -rf "$partial"
fi
echo "$venv"

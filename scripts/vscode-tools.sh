#!/usr/bin/env bash
# Prints the folder of the VS Code extension's npm packages (editors/vscode/package-lock.json, hashed), installing them
# first when needed, cached outside the clone: all/ has every package (TypeScript, @vscode/vsce, the editor's types)
# for compiling and packing; runtime/ has only what the extension loads in the editor, which the .vsix carries.
# The release's packer (generator/release/pack/vscode.ts) and scripts/install-toolchains.sh vscode run it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extension="$here/editors/vscode"
cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"

command -v npm >/dev/null 2>&1 || { echo "vscode-tools: npm is not installed" >&2; exit 127; }

key="$(sha256sum "$extension/package-lock.json" | cut -c1-16)"
tools="$cache/vscode-tools-$key"
if [ ! -f "$tools/.complete" ]; then
  # Made beside and renamed, so a run meanwhile never sees half an install.
  partial="$tools.partial.$$"
  rm -rf "$partial"
  mkdir -p "$partial/all" "$partial/runtime"
  echo "vscode-tools: installing editors/vscode's packages into $tools" >&2
  for part in all runtime; do
    cp "$extension/package.json" "$extension/package-lock.json" "$partial/$part/"
  done
  # No package here needs its install script to compile or pack (vsce's signing helper is not used).
  (cd "$partial/all" && npm ci --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error >&2) || { rm -rf "$partial"; exit 1; }
  (cd "$partial/runtime" && npm ci --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error --omit=dev >&2) || { rm -rf "$partial"; exit 1; }
  touch "$partial/.complete"
  mv -T "$partial" "$tools" 2>/dev/null || rm -rf "$partial"
fi
echo "$tools"

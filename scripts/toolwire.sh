#!/usr/bin/env bash
# One script behind the README's two commands. Idempotent: a second run only rebuilds.
#
#   scripts/toolwire.sh run    install what is missing, build (release), open the example project
#   scripts/toolwire.sh test   install what is missing, build (dev), run every test with CTest,
#                              build the .deb from the dev tree and run it from its files; then
#                              the UI-off build under ASan+UBSan with the core suite under it,
#                              clang-tidy on the changed sources, every fuzz target 30 s
#                              (TOOLWIRE_TEST_FUZZ=0 skips); each stage timed against its budget (docs/ci.md)
#   scripts/toolwire.sh package  build (release) the .deb, check it the same way, print its path
#   scripts/toolwire.sh setup  only install what is missing
#
# Debian 12 packages come from Debian's archive in one apt-get line; npm packages the tests
# need are installed into the project tree (tests/npm), versions pinned by its lock file.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Everything the project needs from Debian, build and run and test.
packages=(
  cmake ninja-build g++ pkg-config python3 ccache clang-format
  clang clang-tidy libclang-rt-14-dev  # the fuzz targets (libFuzzer) and the static checks
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqt6svg6 libgl-dev
  libqt6sql6-sqlite  # the request history's database driver (Qt SQL's SQLite plugin)
  libqscintilla2-qt6-dev qtkeychain-qt6-dev
  libsimdjson-dev libbenchmark-dev
  valgrind  # the callgrind_budget test (instructions per tool, tests/bench/instructions.json)
  xvfb xauth dbus gnome-keyring fonts-dejavu-core
  # packaging: the .deb (dpkg-shlibdeps), PNG icons from the SVG, the validators, and what the
  # packaging test runs (man page rendering, MIME database, completions)
  dpkg-dev librsvg2-bin desktop-file-utils appstream shared-mime-info groff-base bash-completion zsh
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

# CI stages, each with a time budget in seconds (docs/ci.md: a cold clone on 2 cores; the
# whole run must stay within CI's 90 minutes). `stage NAME BUDGET COMMAND...` runs the command
# and prints the time it took against its budget; at exit a table lists every stage run (a
# failed one too) and the total. Over budget is a warning in the log, not a failure.
stage_log=()
stage_name=""
stage_t0=0
run_t0=$(date +%s)
stage() {
  stage_name="$1" stage_budget="$2" stage_t0=$(date +%s)
  shift 2
  say "stage $stage_name: start (budget $stage_budget s)"
  "$@"
  local took=$(($(date +%s) - stage_t0)) note=""
  [ "$took" -le "$stage_budget" ] || note="  OVER BUDGET"
  stage_log+=("$(printf '%-16s %6d s   budget %6d s%s' "$stage_name" "$took" "$stage_budget" "$note")")
  say "stage $stage_name: $took s (budget $stage_budget s)$note"
  stage_name=""
}
stage_summary() {
  if [ -n "$stage_name" ]; then
    stage_log+=("$(printf '%-16s %6d s   budget %6d s  FAILED' "$stage_name" $(($(date +%s) - stage_t0)) "$stage_budget")")
  fi
  [ ${#stage_log[@]} -gt 0 ] || return 0
  say "stage times (budgets: docs/ci.md)"
  printf '  %s\n' "${stage_log[@]}" >&2
  say "total: $(($(date +%s) - run_t0)) s (CI limit 5400 s)"
}
install_all() {
  install_packages
  check_node
  install_npm
}

# Builds the .deb from a build tree (cpack), extracts it into a temporary root and runs the
# installed files from there, as a user's machine would: --version, a convert of the installed
# example, the window under Xvfb (--screenshot); then the desktop-entry and AppStream
# validators and the MIME database over what was installed. Prints the package, its size,
# dependencies and how long each step took.
package_check() {
  local tree="$1" out="$1/package" started=$SECONDS
  rm -rf "$out"
  if ! cpack --config "$tree/CPackConfig.cmake" -B "$out" >"$tree/cpack.log" 2>&1; then
    cat "$tree/cpack.log" >&2
    say "cpack failed"
    return 1
  fi
  local deb
  deb="$(ls "$out"/toolwire_*.deb)"
  say "package: $deb, $(du -k "$deb" | cut -f1) KiB, built in $((SECONDS - started)) s"
  dpkg-deb --field "$deb" Version Installed-Size Depends Recommends >&2

  local tmp
  tmp="$(mktemp -d)"
  dpkg-deb -x "$deb" "$tmp/root"
  local bin="$tmp/root/usr/bin/toolwire" share="$tmp/root/usr/share"
  local example="$share/toolwire/examples/weather-desk.toolwire"
  # The package ships no libraries of its own; a private one would be found here.
  local libdir
  libdir="$tmp/root/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
  local ldpath="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  if readelf -d "$bin" | grep -Eq 'R(UN)?PATH'; then
    say "the installed binary carries an RPATH:"; readelf -d "$bin" | grep -E 'R(UN)?PATH' >&2
    return 1
  fi
  for f in applications/toolwire.desktop mime/packages/toolwire.xml icons/hicolor/scalable/apps/toolwire.svg \
           icons/hicolor/16x16/apps/toolwire.png icons/hicolor/512x512/apps/toolwire.png man/man1/toolwire.1.gz \
           bash-completion/completions/toolwire zsh/vendor-completions/_toolwire doc/toolwire/guide.md \
           doc/toolwire/copyright; do
    [ -s "$share/$f" ] || { say "the package lacks /usr/share/$f"; return 1; }
  done

  LD_LIBRARY_PATH="$ldpath" "$bin" --version >&2
  LD_LIBRARY_PATH="$ldpath" "$bin" convert --to anthropic "$example" >"$tmp/convert.json"
  grep -q '"input_schema"' "$tmp/convert.json" || { say "installed convert printed no tools"; return 1; }
  LD_LIBRARY_PATH="$ldpath" QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1200x24" "$bin" --screenshot "$tmp/window.png" "$example"
  [ "$(head -c 8 "$tmp/window.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    { say "the installed window wrote no PNG screenshot"; return 1; }

  desktop-file-validate "$share/applications/toolwire.desktop"
  appstreamcli validate --no-net "$share"/metainfo/*.metainfo.xml
  # The installed tree as a whole: the metainfo's launchable desktop entry and its icons.
  appstreamcli validate-tree --no-net "$tmp/root" >/dev/null
  update-mime-database "$share/mime" 2>/dev/null
  grep -q '^application/x-toolwire-project:\*\.toolwire$' "$share/mime/globs" ||
    { say "the installed MIME type does not claim *.toolwire"; return 1; }
  gzip -dc "$share/man/man1/toolwire.1.gz" | groff -man -Tutf8 -ww -z
  rm -rf "$tmp"
  say "package ran from its files and passed both validators ($((SECONDS - started)) s in all)"
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
    trap stage_summary EXIT
    stage setup 600 install_all
    stage dev-build 1500 build dev
    stage dev-tests 900 ctest --preset dev --parallel "$(jobs)" "$@"
    # The .deb from the same tree (a debug build, stripped): what this checks is the packaging.
    say "package check (cpack from build/dev)"
    stage package 300 package_check "$root/build/dev"
    # The core alone, UI off, built and tested under AddressSanitizer + UBSan (asan-core preset):
    # a widget dependency in core fails here, not on a user's machine, and the whole core suite
    # runs under the sanitizers (leaks inside system libraries only: tests/lsan.supp). One
    # build does both. TOOLWIRE_TEST_ASAN=0: the plain core-only build instead (quicker).
    if [ "${TOOLWIRE_TEST_ASAN:-1}" != 0 ]; then
      say "core-only build (TOOLWIRE_BUILD_UI=OFF) under ASan + UBSan, and the core suite under it"
      stage asan-core-build 1800 build asan-core
      stage asan-core-tests 900 ctest --preset asan-core --parallel "$(jobs)" "$@"
    else
      say "core-only build (TOOLWIRE_BUILD_UI=OFF)"
      stage core-build 600 build core
      stage core-tests 600 ctest --preset core --parallel "$(jobs)" "$@"
    fi
    # The UI tests under the sanitizers need a second, full ASan build (UI on): opt-in, it does
    # not fit CI's budget with margin (docs/ci.md; TOOLWIRE_TEST_ASAN_UI=1).
    if [ "${TOOLWIRE_TEST_ASAN_UI:-0}" != 0 ]; then
      say "full ASan + UBSan build (UI on) and the whole suite under it (asan preset)"
      stage asan-build 3600 build asan
      stage asan-tests 1200 ctest --preset asan --parallel "$(jobs)" "$@"
    fi
    # Static checks (TOOLWIRE_TEST_TIDY=0 skips them).
    if [ "${TOOLWIRE_TEST_TIDY:-1}" != 0 ]; then
      # The change is the last commit (a clean clone has no uncommitted edits: against HEAD
      # it checked nothing); TOOLWIRE_TIDY_BASE picks another base (a branch's merge base).
      tidy_base="${TOOLWIRE_TIDY_BASE:-HEAD~1}"
      git rev-parse -q --verify "$tidy_base^{commit}" >/dev/null 2>&1 || tidy_base=HEAD
      say "clang-tidy on the sources changed since $tidy_base (scripts/tidy.sh --changed)"
      stage clang-tidy 900 scripts/tidy.sh --changed "$tidy_base"
    fi
    # Fuzzing, bounded: every target TOOLWIRE_FUZZ_SECONDS (30) s, on by default where clang and
    # libFuzzer (libclang-rt-14-dev, in the package list above) are installed; it builds
    # every core library a third time (clang, build/fuzz, ccache). TOOLWIRE_TEST_FUZZ=0 skips
    # it. Budget: docs/fuzzing.md (the cold build plus 30 s per target).
    if [ "${TOOLWIRE_TEST_FUZZ:-1}" != 0 ]; then
      if command -v clang++ >/dev/null && [ -n "$(find /usr/lib/llvm-*/lib/clang -name 'libclang_rt.fuzzer-x86_64.a' 2>/dev/null | head -1)" ]; then
        say "fuzzing: every target ${TOOLWIRE_FUZZ_SECONDS:-30} s (scripts/fuzz.sh)"
        # A finding fails CI and is kept (build/fuzz/findings) to become a regression test;
        # TOOLWIRE_FUZZ_STRICT=0 only warns (a branch that is not about the parsers).
        stage fuzz 1800 bash -c 'env SECONDS_PER_TARGET="$1" scripts/fuzz.sh && exit 0
          echo "toolwire: WARNING: the fuzzers found an input that fails (see build/fuzz/findings)" >&2
          [ "$2" = 1 ] && exit 1; exit 0' fuzz "${TOOLWIRE_FUZZ_SECONDS:-30}" "${TOOLWIRE_FUZZ_STRICT:-1}"
      else
        say "fuzzing skipped: clang++ or libFuzzer (libclang-rt-14-dev) is not installed"
      fi
    fi
    ;;
  package)
    install_packages
    build release
    package_check "$root/build/release"
    ls "$root"/build/release/package/toolwire_*.deb
    ;;
  *)
    echo "usage: scripts/toolwire.sh run [PROJECT] | test [CTEST ARGS] | package | setup" >&2
    exit 2
    ;;
esac

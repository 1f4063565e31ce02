#!/usr/bin/env bash
# Regenerates the files generated from the command table (core/cli/commands.cpp) and shows
# what changed: the man page, the bash and zsh completions, and the CLI reference.
#
#   scripts/gen-packaging.sh [BUILD_DIR]     default: build/dev (configured by cmake --preset dev)
#
# It builds the generator (toolwire-gendocs, packaging/gendocs.cpp) in BUILD_DIR, writes the
# files, and prints the diff against the committed versions. tst_packaging fails while the
# committed files differ from what the table generates, so run this after changing a command,
# an option, a wire or a built-in profile, and commit the result.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build/dev}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  echo "gen-packaging: $build is not a configured build tree (cmake --preset dev)" >&2
  exit 2
fi
cmake --build "$build" --target toolwire_gendocs >/dev/null
gen="$build/packaging/toolwire-gendocs"

generated=(
  "man      packaging/toolwire.1"
  "bash     packaging/completions/toolwire.bash"
  "zsh      packaging/completions/_toolwire"
  "markdown docs/cli.md"
)
files=()
for entry in "${generated[@]}"; do
  read -r format file <<<"$entry"
  mkdir -p "$(dirname "$root/$file")"
  "$gen" "$format" >"$root/$file.tmp"
  mv "$root/$file.tmp" "$root/$file"
  files+=("$file")
done

cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  if git diff --quiet -- "${files[@]}" && [ -z "$(git status --porcelain -- "${files[@]}")" ]; then
    echo "gen-packaging: ${files[*]} unchanged"
  else
    git status --short -- "${files[@]}"
    git --no-pager diff -- "${files[@]}"
  fi
else
  echo "gen-packaging: wrote ${files[*]}"
fi

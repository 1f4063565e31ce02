#!/usr/bin/env bash
# clang-tidy with the checked-in .clang-tidy over the project's own sources (core, ui, app;
# never the generated moc/rcc files), from build/dev/compile_commands.json.
#   scripts/tidy.sh                 every source (about 10 min on 2 cores)
#   scripts/tidy.sh --changed [REF] the sources a change touches: files that differ from REF
#                                   (default HEAD, i.e. the working tree's changes), and the
#                                   .cpp files next to changed headers (what CI runs)
#   scripts/tidy.sh FILE...         these files
# Exit status 1 on any finding (warnings are errors).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
db="${TIDY_BUILD:-$root/build/dev}"
if [ ! -f "$db/compile_commands.json" ]; then
  cmake --preset dev >/dev/null
fi
tidy="$(command -v clang-tidy-14 || command -v clang-tidy)"

mapfile -t known < <(python3 -c 'import json,sys; [print(e["file"]) for e in json.load(open(sys.argv[1]))]' "$db/compile_commands.json" |
  grep -E "^$root/(core|ui|app)/" | grep -v '_autogen/' | sort -u)

files=()
if [ "${1:-}" = "--changed" ]; then
  ref="${2:-HEAD}"
  mapfile -t changed < <({ git diff --name-only "$ref" -- core ui app; git ls-files --others --exclude-standard -- core ui app; } | sort -u)
  for f in "${changed[@]}"; do
    case "$f" in
      *.cpp) files+=("$root/$f") ;;
      *.h) [ -f "$root/${f%.h}.cpp" ] && files+=("$root/${f%.h}.cpp") ;;
    esac
  done
elif [ $# -gt 0 ]; then
  for f in "$@"; do files+=("$(realpath "$f")"); done
else
  files=("${known[@]}")
fi
# Only what the database compiles (a header-only change without a .cpp has nothing to run).
run=()
for f in "${files[@]}"; do
  printf '%s\n' "${known[@]}" | grep -qxF "$f" && run+=("$f")
done
mapfile -t run < <(printf '%s\n' "${run[@]}" | sort -u | sed '/^$/d')
if [ ${#run[@]} -eq 0 ]; then
  echo "tidy: no sources to check" >&2
  exit 0
fi
echo "tidy: ${#run[@]} file(s), $(nproc) jobs" >&2
started=$SECONDS
# --quiet: only findings; -p: the compile database. xargs runs one clang-tidy per file.
printf '%s\0' "${run[@]}" | xargs -0 -n1 -P"$(nproc)" "$tidy" --quiet -p "$db" >"$db/tidy.log" 2>&1 || status=$?
grep -E 'warning:|error:' "$db/tidy.log" | sort -u || true
echo "tidy: done in $((SECONDS - started)) s (log: $db/tidy.log)" >&2
exit "${status:-0}"

#!/usr/bin/env bash
# clang-format over every C++ source of the project (.clang-format is the house style).
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   change nothing; list the files that differ, exit 1 if any
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mapfile -t files < <(find app core ui tests -type f \( -name '*.cpp' -o -name '*.h' \) -not -path '*/node_modules/*' | sort)
if [ "${1:-}" = "--check" ]; then
  bad=0
  for f in "${files[@]}"; do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
      echo "not formatted: $f (scripts/format.sh fixes it)"
      bad=1
    fi
  done
  [ $bad -eq 0 ] && echo "format: ${#files[@]} files clean"
  exit $bad
fi
clang-format -i "${files[@]}"
echo "format: ${#files[@]} files formatted"

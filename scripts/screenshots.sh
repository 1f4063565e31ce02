#!/usr/bin/env bash
# Regenerates the README's pictures from the example project (offscreen, default settings).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${1:-$root/build/release/app/toolwire}"
[ -x "$app" ] || { echo "screenshots: build first (scripts/toolwire.sh run builds build/release)" >&2; exit 2; }
mkdir -p "$root/docs"
for state in design stream loop; do
  QT_QPA_PLATFORM=offscreen "$app" --screenshot "$root/docs/screenshot-$state.png" --state "$state" \
    "$root/resources/examples/weather-desk.toolwire"
done

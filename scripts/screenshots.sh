#!/usr/bin/env bash
# Regenerates the README's pictures from the example project: every main state (design,
# stream, loop, draft) at 1280x720 and 1920x1080, light and dark, offscreen with default
# settings. usage: scripts/screenshots.sh [TOOLWIRE_BINARY]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${1:-}"
if [ -z "$app" ]; then
  for candidate in "$root/build/release/app/toolwire" "$root/build/dev/app/toolwire"; do
    if [ -x "$candidate" ]; then app="$candidate"; break; fi
  done
fi
[ -n "$app" ] && [ -x "$app" ] || { echo "screenshots: build first (scripts/toolwire.sh run builds build/release)" >&2; exit 2; }
mkdir -p "$root/docs"
# Start from nothing: pictures of states or sizes no longer taken must not linger.
rm -f "$root"/docs/screenshot-*.png
for size in 1280x720 1920x1080; do
  for theme in light dark; do
    for state in design stream loop draft; do
      out="$root/docs/screenshot-$state-$size-$theme.png"
      QT_QPA_PLATFORM=offscreen "$app" --screenshot "$out" --state "$state" --size "$size" --theme "$theme" \
        "$root/resources/examples/weather-desk.toolwire"
      # 256 colours are plenty for a window and keep the repository small.
      if command -v convert >/dev/null; then convert "$out" -colors 256 "PNG8:$out"; fi
    done
  done
done

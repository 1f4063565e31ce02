#!/usr/bin/env bash
# Measures core speed against the floor programs of ../shared/bench, in one run, and prints
# one row per performance target: our time, the floor's, the ratio, the target, ok/MISSED
# (machines here are shared and noisy: only same-run ratios mean anything). docs/benchmarks.md
# says what each benchmark measures.
#   scripts/bench.sh                  build (release), generate inputs, run, print the table
#   ROUNDS=N scripts/bench.sh         repetitions of the tool-list benchmarks (default 15)
#   SSE_ROUNDS=N scripts/bench.sh     repetitions of the 50 MB stream/reply benchmarks (default 7)
#   UI_ROUNDS=N scripts/bench.sh      repetitions of the editor keystroke benchmarks (default 5)
#   UI=0 scripts/bench.sh             skip the editor keystroke (no widgets build needed)
#   SYSTEM=0 scripts/bench.sh         skip the whole-program rows (bench_system.py: start-up,
#                                     restore, RSS, scaling, event-loop stall, send cap, callgrind)
#   CORE=0 scripts/bench.sh           only the whole-program rows (e.g. to re-measure start-up)
#   SYSTEM_ONLY=startup,restore ...   the bench_system.py parts to run (default: all)
#   SYSTEM_ROUNDS=N                   repetitions of the whole-program rows (default 7)
#   NICE=N                            niceness of the builds (default 10; the runs are not niced)
#   BUILD=0                           measure the binaries already in build/release (no build step:
#                                     e.g. while another build of that tree runs)
#   TREE=DIR                          measure (and build) another configured release tree instead
#   FLOORS=DIR                        where the floor programs are built (default
#                                     ${TMPDIR:-/tmp}/toolwire-bench-floors: outside the repo)
# Exit status 1 when a target is missed or a measurement is missing (every table is printed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="$root/../shared/bench"
if [ ! -d "$shared" ]; then
  echo "bench: $shared is missing: the floor programs and input generators live there" >&2
  exit 2
fi
cd "$root"
rounds="${ROUNDS:-15}"
sse_rounds="${SSE_ROUNDS:-7}"
ui_rounds="${UI_ROUNDS:-5}"
system_rounds="${SYSTEM_ROUNDS:-7}"
# TREE=DIR measures another release tree (configured by hand, e.g. without the UI) instead of
# build/release, e.g. while other builds of build/release run.
build="${TREE:-$root/build/release}"
data="$build/bench-data"
# The floors are ../shared's programs: built outside the repository, never copied into it.
floors="${FLOORS:-${TMPDIR:-/tmp}/toolwire-bench-floors}"
out="$build/bench-results"
nice=(nice -n "${NICE:-10}")
# BUILD=0: no build step (the binaries in build/release are measured as they are).
build_step() {
  if [ "${BUILD:-1}" = 0 ]; then return 0; fi
  if [ -n "${TREE:-}" ]; then "${nice[@]}" cmake --build "$build" "$@"; else "${nice[@]}" cmake --build --preset release "$@"; fi
}

# What the floors built below need (conv_simdjson: simdjson; sse_fast: simdjson, RapidJSON;
# the Qt floors: Qt Widgets; the manifests: zlib), and Google Benchmark for ours.
need=(libsimdjson-dev rapidjson-dev zlib1g-dev libbenchmark-dev qt6-base-dev)
missing=()
for p in "${need[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
  else
    echo "bench: missing packages; run: sudo apt-get install -y ${missing[*]}" >&2; exit 1
  fi
fi

step() { printf 'bench: %s\n' "$*" >&2; }

step "building bench_core (release)"
if [ ! -f "$build/CMakeCache.txt" ]; then
  if [ -n "${TREE:-}" ]; then echo "bench: TREE=$build is not a configured build tree" >&2; exit 2; fi
  "${nice[@]}" cmake --preset release >/dev/null
fi
build_step --target bench_core >/dev/null
mkdir -p "$data" "$floors" "$out"
has_ui=0
grep -q '^TOOLWIRE_BUILD_UI:BOOL=ON' "$build/CMakeCache.txt" && has_ui=1
# The editor keystroke needs the widgets UI; a UI that does not build (work in progress)
# leaves its rows missing instead of stopping the run.
ui=0
if [ "${CORE:-1}" != 0 ] && [ "${UI:-1}" != 0 ] && [ "$has_ui" = 1 ]; then
  step "building bench_ui (release)"
  if build_step --target bench_ui > "$out/bench_ui_build.log" 2>&1 && [ -x "$build/tests/bench/bench_ui" ]; then
    ui=1
  else
    step "bench_ui did not build (see $out/bench_ui_build.log): the keystroke rows will be missing"
  fi
fi

# Inputs are regenerated only when missing (the generators are deterministic).
if [ ! -f "$data/tools_1000.json" ]; then
  step "generating tools_1000.json"
  python3 "$shared/gen_tools.py" 1000 "$data/tools_1000.json"
fi
if [ "$ui" = 1 ] && [ ! -f "$data/tools_1000_pretty.json" ]; then
  python3 "$shared/gen_tools.py" 1000 "$data/tools_1000_pretty.json" --pretty
fi
if [ "$ui" = 1 ] && [ ! -f "$data/bench_1000.toolwire" ]; then
  # The same 1000 tools as a project (canonical tools, one mock preset on the Anthropic wire).
  python3 - "$data/tools_1000.json" "$data/bench_1000.toolwire" <<'PY'
import json, sys
tools = json.load(open(sys.argv[1], encoding="utf-8"))["tools"]
project = {
    "format": 1,
    "name": "bench: 1000 tools (gen_tools.py)",
    "tools": [{"name": t["name"], "description": t["description"], "input_schema": t["inputSchema"]} for t in tools],
    "tool_choice": {"type": "auto"},
    "presets": [{"name": "bench", "profile": "mock", "wire": "anthropic", "model": "mock-1", "system": "",
                 "messages": [{"role": "user", "content": "hi"}], "stream": False}],
}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(project, f, indent=2, ensure_ascii=False)
PY
fi
sse_inputs=(openai_chat_50mb.sse anthropic_50mb.sse openai_chat_50mb.json expected_50mb.json)
for f in "${sse_inputs[@]}"; do
  if [ ! -f "$data/$f" ]; then
    step "generating the 50 MB streams (gen_sse.py 50)"
    python3 "$shared/gen_sse.py" 50 "$data" >/dev/null
    break
  fi
done

# The floors are built into our build tree (full target paths: nothing is written into
# ../shared); make rebuilds them only when their sources changed.
step "building the floor programs into $floors"
"${nice[@]}" make -s -C "$shared/cpp" BUILD="$floors" "$floors/conv_simdjson" "$floors/sse_fast" "$floors/sse_qt" >/dev/null
if [ "$ui" = 1 ]; then
  "${nice[@]}" make -s -C "$shared/cpp" BUILD="$floors" "$floors/qt_editor_keystroke" >/dev/null
fi

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "rounds: $rounds (tool list), $sse_rounds (50 MB inputs), $ui_rounds (keystroke), $system_rounds (whole program)"
} > "$out/meta.txt"

bench() { TOOLWIRE_BENCH_DATA="$data" TOOLWIRE_BENCH_SSE_ROUNDS="$sse_rounds" "$build/tests/bench/bench_core" "$@"; }

status=0
if [ "${CORE:-1}" != 0 ]; then
# Each floor runs right before the benchmarks it is compared with, so that a change of load
# during the run hits both sides of a ratio alike.
: > "$out/floors.txt"
rm -f "$out"/core_*.json
step "tool list: conv_simdjson, node convert_hand.cjs, bench_core"
"$floors/conv_simdjson" "$data/tools_1000.json" "$rounds" >> "$out/floors.txt"
if command -v node >/dev/null; then
  node "$shared/node/convert_hand.cjs" "$data/tools_1000.json" "$rounds" >> "$out/floors.txt"
else
  step "node not found: the Node rows will be missing"
fi
bench --benchmark_filter='^BM_(Parse|RoundTrip|ConvertAll6|ConvertAll6Fresh|ReconvertOneTool)(/|$)' \
  --benchmark_repetitions="$rounds" --benchmark_format=json > "$out/core_tools.json"

step "streams and the reply body: sse_fast, sse_qt, bench_core"
"$floors/sse_fast" "$data/openai_chat_50mb.sse" "$sse_rounds" >> "$out/floors.txt"
"$floors/sse_qt" "$data/openai_chat_50mb.sse" "$sse_rounds" >> "$out/floors.txt"
bench --benchmark_filter='^BM_SseOpenAI(/|$)' --benchmark_format=json > "$out/core_sse_openai.json"
"$floors/sse_fast" "$data/anthropic_50mb.sse" "$sse_rounds" >> "$out/floors.txt"
"$floors/sse_qt" "$data/anthropic_50mb.sse" "$sse_rounds" >> "$out/floors.txt"
bench --benchmark_filter='^BM_SseAnthropic(/|$)' --benchmark_format=json > "$out/core_sse_anthropic.json"
"$floors/sse_fast" "$data/openai_chat_50mb.json" "$sse_rounds" >> "$out/floors.txt"
bench --benchmark_filter='^BM_ExtractOpenAIJson(/|$)' --benchmark_format=json > "$out/core_extract.json"

if [ "$ui" = 1 ]; then
  step "editor keystroke: qt_editor_keystroke, bench_ui"
  # (Qt's offscreen-platform chatter goes to a log.)
  QT_QPA_PLATFORM=offscreen "$floors/qt_editor_keystroke" "$data/tools_1000_pretty.json" "$rounds" \
    >> "$out/floors.txt" 2> "$out/qt_editor_keystroke.log"
  TOOLWIRE_BENCH_DATA="$data" "$build/tests/bench/bench_ui" --benchmark_repetitions="$ui_rounds" \
    --benchmark_format=json > "$out/core_ui.json" 2> "$out/bench_ui.log"
fi
fi # CORE

# Whole-program rows (scripts/bench_system.py, which says what each part measures): start-up
# to the first painted window against the trivial Qt window of ../shared/bench/startup (built
# into $floors) in the same run, restore to usable, peak RSS, conversion and extraction per
# tool at 100 / 1,000 / 10,000 tools, the event-loop stall while a 100 MB stream arrives, peak
# RSS of send at the response cap, and the callgrind instruction count. SYSTEM=0 skips them.
rm -f "$out/system.md"
if [ "${SYSTEM:-1}" != 0 ]; then
  step "whole-program rows: building toolwire and bench_window (release)"
  targets=(toolwire)
  [ "$has_ui" = 1 ] && targets+=(bench_window)
  if build_step --target "${targets[@]}" > "$out/toolwire_build.log" 2>&1 && [ -x "$build/app/toolwire" ]; then
    "${nice[@]}" make -s -C "$shared/cpp" BUILD="$floors" "$floors/qt_first_window" "$floors/conv_simdjson" >/dev/null
    window=()
    [ -x "$build/tests/bench/bench_window" ] && window=(--bench-window "$build/tests/bench/bench_window")
    step "whole-program rows: running bench_system.py (${SYSTEM_ONLY:-all parts})"
    python3 "$root/scripts/bench_system.py" --toolwire "$build/app/toolwire" --floor "$floors/qt_first_window" \
      --floors "$floors" --bench-core "$build/tests/bench/bench_core" "${window[@]}" \
      --data "$data" --shared "$shared" --example "$root/resources/examples/weather-desk.toolwire" \
      --rounds "$system_rounds" ${SYSTEM_ONLY:+--only "$SYSTEM_ONLY"} --out "$out/system.md" >&2 || status=1
  else
    step "toolwire did not build (see $out/toolwire_build.log): the whole-program rows are missing"
    status=1
  fi
fi

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/meta.txt"
: > "$out/table.md"
if [ "${CORE:-1}" != 0 ]; then
  skip_ui=()
  [ "${UI:-1}" = 0 ] && skip_ui=(--skip-ui)
  python3 "$root/scripts/bench_ratios.py" --meta "$out/meta.txt" --expected "$data/expected_50mb.json" "${skip_ui[@]}" \
    "$out/floors.txt" "$out"/core_*.json | tee "$out/table.md" || status=1
else
  cat "$out/meta.txt" | sed 's/^/- /' | tee "$out/table.md"
fi
if [ -f "$out/system.md" ]; then echo | tee -a "$out/table.md"; tee -a "$out/table.md" < "$out/system.md"; fi
exit "$status"

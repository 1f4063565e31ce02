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
#   SYSTEM=0 scripts/bench.sh         skip start-up, RSS and scaling (bench_system.py)
# Exit status 1 when a target is missed or a measurement is missing.
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
build="$root/build/release"
data="$build/bench-data"
floors="$build/floors"
out="$build/bench-results"

need=(libsimdjson-dev rapidjson-dev libboost-json1.81-dev nlohmann-json3-dev zlib1g-dev libbenchmark-dev qt6-base-dev)
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
cmake --preset release >/dev/null
cmake --build --preset release --target bench_core >/dev/null
mkdir -p "$data" "$floors" "$out"
# The editor keystroke needs the widgets UI; a UI that does not build (work in progress)
# leaves its rows missing instead of stopping the run.
ui=0
if [ "${UI:-1}" != 0 ] && grep -q '^TOOLWIRE_BUILD_UI:BOOL=ON' "$build/CMakeCache.txt"; then
  step "building bench_ui (release)"
  if cmake --build --preset release --target bench_ui > "$out/bench_ui_build.log" 2>&1; then
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
step "building the floor programs"
make -s -C "$shared/cpp" BUILD="$floors" "$floors/conv_simdjson" "$floors/sse_fast" "$floors/sse_qt" >/dev/null
if [ "$ui" = 1 ]; then
  make -s -C "$shared/cpp" BUILD="$floors" "$floors/qt_editor_keystroke" >/dev/null
fi

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "rounds: $rounds (tool list), $sse_rounds (50 MB inputs), $ui_rounds (keystroke)"
} > "$out/meta.txt"

bench() { TOOLWIRE_BENCH_DATA="$data" TOOLWIRE_BENCH_SSE_ROUNDS="$sse_rounds" "$build/tests/bench/bench_core" "$@"; }

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
bench --benchmark_filter='^BM_(Parse|RoundTrip|ConvertAll6|ReconvertOneTool)(/|$)' \
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

# Whole-program rows (scripts/bench_system.py): start-up to the first painted window against
# the trivial Qt window of ../shared/bench/startup in the same run, peak RSS with 1000 tools,
# convert at 100 / 1,000 / 10,000 tools, extract of the 50 MB replies. SYSTEM=0 skips them.
if [ "$ui" = 1 ] && [ "${SYSTEM:-1}" != 0 ]; then
  step "start-up, RSS and scaling: qt_first_window, toolwire (release)"
  if cmake --build --preset release --target toolwire > "$out/toolwire_build.log" 2>&1; then
    make -s -C "$shared/cpp" BUILD="$floors" "$floors/qt_first_window" >/dev/null
    python3 "$root/scripts/bench_system.py" --toolwire "$build/app/toolwire" --floor "$floors/qt_first_window" \
      --data "$data" --shared "$shared" --example "$root/resources/examples/weather-desk.toolwire" \
      --rounds "$ui_rounds" --out "$out/system.md" >&2
  else
    step "toolwire did not build (see $out/toolwire_build.log): the start-up rows will be missing"
  fi
fi

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/meta.txt"
skip_ui=()
[ "${UI:-1}" = 0 ] && skip_ui=(--skip-ui)
python3 "$root/scripts/bench_ratios.py" --meta "$out/meta.txt" --expected "$data/expected_50mb.json" "${skip_ui[@]}" \
  "$out/floors.txt" "$out"/core_*.json | tee "$out/table.md"
if [ -f "$out/system.md" ]; then tee -a "$out/table.md" < "$out/system.md"; fi

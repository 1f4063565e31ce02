#!/usr/bin/env bash
# Measures core speed against the floor programs of ../shared/bench, in one run, and prints
# ratios (machines here are shared and noisy: only same-run ratios mean anything).
#   scripts/bench.sh            build (release), generate inputs, run, print the table
#   ROUNDS=N scripts/bench.sh   more repetitions
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="$root/../shared/bench"
if [ ! -d "$shared" ]; then
  echo "bench: $shared is missing: the floor programs and input generators live there" >&2
  exit 2
fi
cd "$root"
rounds="${ROUNDS:-21}"
build="$root/build/release"
data="$build/bench-data"
floors="$build/floors"

need=(libsimdjson-dev rapidjson-dev libboost-json1.81-dev nlohmann-json3-dev zlib1g-dev libbenchmark-dev)
missing=()
for p in "${need[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
  else
    echo "bench: missing packages; run: sudo apt-get install -y ${missing[*]}" >&2; exit 1
  fi
fi

cmake --preset release >/dev/null
cmake --build --preset release --target bench_core >/dev/null
mkdir -p "$data" "$floors"
[ -f "$data/tools_1000.json" ] || python3 "$shared/gen_tools.py" 1000 "$data/tools_1000.json"
make -s -C "$shared/cpp" BUILD="$floors" "$floors/conv_simdjson" >/dev/null

out="$build/bench-results"
mkdir -p "$out"
"$floors/conv_simdjson" "$data/tools_1000.json" "$rounds" > "$out/floors.txt"
if command -v node >/dev/null; then
  node "$shared/node/convert_hand.cjs" "$data/tools_1000.json" "$rounds" >> "$out/floors.txt"
fi
TOOLWIRE_BENCH_DATA="$data" "$build/tests/bench/bench_core" \
  --benchmark_repetitions="$rounds" --benchmark_report_aggregates_only=true \
  --benchmark_format=json > "$out/core.json"
python3 "$root/scripts/bench_ratios.py" "$out/floors.txt" "$out/core.json"

#!/usr/bin/env bash
# Builds the libFuzzer targets (the fuzz preset: clang, -fsanitize=fuzzer,address,undefined)
# and runs each for a bounded time on seed corpora made from tests/data (and, when present,
# the recorded fixtures of ../shared/fixtures, read in place as extra seed directories).
# Prints one line per target: executions, coverage (libFuzzer's cov/ft), corpus size, and
# whether it crashed. A crash leaves its input in build/fuzz/findings/<target>/.
#   scripts/fuzz.sh                    every target, 30 s each (what CI runs)
#   SECONDS_PER_TARGET=600 scripts/fuzz.sh   longer runs (docs/fuzzing.md records them)
#   scripts/fuzz.sh fuzz_json fuzz_reply     only these targets
#   JOBS=2 scripts/fuzz.sh             libFuzzer workers per target (default 1)
#   RUNS=10000000 SECONDS_PER_TARGET=7200 scripts/fuzz.sh fuzz_json
#                                      stop at that many executions (all workers together),
#                                      the time staying a ceiling
# Exit status 1 when a target crashed (or did not build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
per="${SECONDS_PER_TARGET:-30}"
runs="${RUNS:-}"
jobs="${JOBS:-1}"
build="$root/build/fuzz"
shared="$root/../shared/fixtures"
all=(fuzz_json fuzz_tools fuzz_reply fuzz_framing fuzz_project fuzz_import fuzz_mcp_lines fuzz_http_request fuzz_http_response)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$root"
say() { printf 'fuzz: %s\n' "$*" >&2; }
say "building (${targets[*]})"
cmake --preset fuzz >/dev/null
cmake --build "$build" --target "${targets[@]}" -j"$(nproc)" >"$build/build.log" 2>&1 || {
  tail -30 "$build/build.log" >&2
  say "the fuzz targets did not build (log: $build/build.log)"
  exit 1
}

# The seeds are written into a directory of this run's own and moved into build/fuzz/seeds
# for the targets run here only: two runs of different targets at once (one worker each on
# a 2-core machine) never remove the seeds the other is reading.
seeds="$build/seeds.$$"
rm -rf "$seeds"
mkdir -p "$seeds"
# Seeds per target. The reply and framing targets read a 9-byte prefix (byte 0 picks the
# wire or framing, bytes 1..8 the chunk sizes): each recording is seeded once per choice.
prefixed() { # DIR COUNT FILES...
  local dir="$1" count="$2"
  shift 2
  mkdir -p "$dir"
  local i=0 f k
  for f in "$@"; do
    [ -f "$f" ] || continue
    i=$((i + 1))
    for ((k = 0; k < count; k++)); do
      { printf "\\x$(printf %02x "$k")\\x03\\x11\\x01\\x40\\x07\\x02\\x1f\\x05"; cat "$f"; } >"$dir/$i-$k"
    done
  done
}
mapfile -t replies < <(find tests/data/replies -type f ! -name '*.md' ! -name manifest.json)
mapfile -t fixtures < <([ -d "$shared" ] && find "$shared" -type f \( -name '*.sse' -o -name '*.json' -o -name '*.txt' -o -name '*.ndjson' -o -name '*.bin' -o -name '*.eventstream' \) 2>/dev/null || true)
prefixed "$seeds/fuzz_reply" 8 "${replies[@]}" "${fixtures[@]}"
prefixed "$seeds/fuzz_framing" 3 "${replies[@]}" "${fixtures[@]}"
mkdir -p "$seeds/fuzz_json" "$seeds/fuzz_tools" "$seeds/fuzz_project" "$seeds/fuzz_import" "$seeds/fuzz_mcp_lines" "$seeds/fuzz_http_request" "$seeds/fuzz_http_response"
# The JSON suite (tests/data/json/suite.json) is one large file of small cases: each case's
# bytes (its "hex") is a seed of its own, which keeps the inputs small and the runs fast.
if command -v python3 >/dev/null; then
  python3 - tests/data/json/suite.json "$seeds/fuzz_json" <<'PY' || cp tests/data/json/suite.json "$seeds/fuzz_json/"
import json, sys
for i, case in enumerate(json.load(open(sys.argv[1], encoding="utf-8"))):
    open(f"{sys.argv[2]}/{i:03d}-{case['name'][:60]}", "wb").write(bytes.fromhex(case["hex"]))
PY
else
  cp tests/data/json/suite.json "$seeds/fuzz_json/"
fi
# Tool and choice parsing: the request bodies and tool lists the importer reads (every wire).
cp tests/data/import/*.json "$seeds/fuzz_tools/" 2>/dev/null || true
find resources tests/data -name '*.toolwire' -exec cp {} "$seeds/fuzz_project/" \;
cp tests/data/import/* "$seeds/fuzz_import/"
# Hand-written MCP stdout: a 2025-11-25 handshake answer, a tools/list page, a server ping
# and a notification, after the selector byte.
printf '\x01{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"s","version":"1"}}}\n{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n{"jsonrpc":"2.0","id":7,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}],"nextCursor":"c"}}\n' >"$seeds/fuzz_mcp_lines/handshake"
printf '\x11{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no discover"}}\nnot json\n{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25","capabilities":{}}}\n' >"$seeds/fuzz_mcp_lines/fallback"
# Hand-written HTTP requests: Content-Length, chunked with a trailer, pipelined keep-alive.
printf 'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' >"$seeds/fuzz_http_request/length"
printf 'POST /v1/messages HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{"a"\r\n3\r\n:1}\r\n0\r\nX-Trailer: t\r\n\r\n' >"$seeds/fuzz_http_request/chunked"
printf 'GET /health HTTP/1.1\r\n\r\nGET /v1/models HTTP/1.1\r\nConnection: close\r\n\r\n' >"$seeds/fuzz_http_request/pipelined"
# Response seeds: byte 0 the piece size, byte 1 whether the peer closes (fuzz_http_response.cpp).
printf '\x07\x00HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' >"$seeds/fuzz_http_response/length"
printf '\x03\x00HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6;x=1\r\ndata: \r\n3\r\n{}\n\r\n0\r\nX-T: 1\r\n\r\n' >"$seeds/fuzz_http_response/chunked"
printf '\x10\x01HTTP/1.0 429 Too Many Requests\nRetry-After: 1\n\n{"error":{}}' >"$seeds/fuzz_http_response/close"

# The longest input per target: enough for every seed (the longest recordings are 46 KB, the
# longest project 16 KB) and for what the parser has limits on (nesting, header sizes), not
# more: run time grows with the input, and large grown inputs made the slow targets slow.
maxlen() {
  case "$1" in
  fuzz_reply | fuzz_framing | fuzz_project) echo 49152 ;;
  fuzz_json | fuzz_tools | fuzz_import) echo 16384 ;;
  *) echo 8192 ;;
  esac
}
# ASan's allocation bookkeeping was most of the time of the fast targets: a smaller
# quarantine (16 MB instead of 256: freed memory is reused sooner, fewer page faults) and
# two frames per allocation stack instead of 30. Frames past Qt's (built without frame
# pointers) are garbage, so deeper stacks were nearly all new and ASan's stack depot grew
# without end: half of fuzz_http_request's time after 40 minutes, its RSS 100 -> 500 MB.
# Detection is unchanged (an error's own stack stays whole); a crash is reproduced with the
# full defaults when it is minimised.
asan="detect_leaks=0:abort_on_error=1:quarantine_size_mb=16:malloc_context_size=2"

for t in "${targets[@]}"; do
  mkdir -p "$seeds/$t"
  rm -rf "$build/seeds/$t"
  mkdir -p "$build/seeds"
  mv "$seeds/$t" "$build/seeds/$t"
done
rm -rf "$seeds"
seeds="$build/seeds"

status=0
printf '%-18s %12s %8s %8s %8s %s\n' target executions cov ft corpus result
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  findings="$build/findings/$t"
  mkdir -p "$corpus" "$findings"
  log="$build/logs/$t.log"
  mkdir -p "$(dirname "$log")"
  extra=()
  flags=()
  # -jobs makes libFuzzer write fuzz-N.log into the working directory: only with several workers.
  if [ "$jobs" -gt 1 ]; then flags+=(-jobs="$jobs" -workers="$jobs"); fi
  # -runs counts per worker: each gets its share of RUNS (rounded up).
  if [ -n "$runs" ]; then flags+=(-runs="$(((runs + jobs - 1) / jobs))"); fi
  if [ "$t" = fuzz_json ] && [ -d "$root/tests/data/conformance" ]; then extra+=("$root/tests/data/conformance"); fi
  set +e
  ASAN_OPTIONS="$asan" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" QT_QPA_PLATFORM=offscreen \
    "$build/tests/fuzz/$t" -max_total_time="$per" -timeout=20 -rss_limit_mb=4096 -max_len="$(maxlen "$t")" -print_final_stats=1 \
    -artifact_prefix="$findings/" "${flags[@]}" \
    "$corpus" "$seeds/$t" "${extra[@]}" >"$log" 2>&1
  rc=$?
  set -e
  # With -jobs, libFuzzer itself copies each worker's fuzz-N.log into its own output when the
  # worker ends: appending the files again counted every execution twice (the JOBS=2 counts
  # in docs/fuzzing.md before 2026-12-07 are halved there). The files stay beside the log,
  # for a worker whose parent was killed before it copied them.
  if [ "$jobs" -gt 1 ]; then
    for w in fuzz-*.log; do [ -f "$w" ] && mv "$w" "$build/logs/$t.${w%.log}.log"; done
  fi
  execs=$(grep -h 'stat::number_of_executed_units' "$log" | awk '{s+=$2} END {print s+0}')
  cov=$(grep -ho 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  ft=$(grep -ho 'ft: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  size=$(find "$corpus" -type f | wc -l)
  result=ok
  if [ $rc -ne 0 ] || ls "$findings"/crash-* "$findings"/leak-* "$findings"/timeout-* "$findings"/oom-* >/dev/null 2>&1; then
    result="CRASH (rc $rc; $findings; log $log)"
    status=1
  fi
  printf '%-18s %12s %8s %8s %8s %s\n' "$t" "$execs" "${cov:--}" "${ft:--}" "$size" "$result"
done
exit $status

#!/usr/bin/env python3
"""Prints one row per performance target: our median beside the floor program's median from
the same run, the ratio, the target and ok/MISSED. Exit status 1 when a target is missed or
a number is missing.

usage: bench_ratios.py [--meta META] [--expected expected_50mb.json] [--skip-ui] FLOORS.txt CORE.json...
  FLOORS.txt  RESULT lines of the floor programs (../shared/bench: conv_simdjson, sse_fast,
              sse_qt, node convert_hand.cjs)
  CORE.json   Google Benchmark JSON output of bench_core (one or more files)
"""
import argparse
import json
import re
import statistics
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--meta")
ap.add_argument("--expected")
ap.add_argument("--skip-ui", action="store_true", help="the keystroke rows were not run on purpose (UI=0)")
ap.add_argument("floors")
ap.add_argument("core", nargs="+")
args = ap.parse_args()

# (lib, op, input) -> median ms, plus the manifest check the stream floors print.
floors, checks, floor_out = {}, {}, {}
for line in open(args.floors):
    if not line.startswith("RESULT "):
        continue
    kv = dict(re.findall(r"(\w+)=(\S+)", line))
    key = (kv["lib"], kv["op"], kv["input"])
    floors[key] = float(kv["median_ms"])
    floor_out[key] = kv.get("out_bytes")
    if "check" in kv:
        checks[key] = kv["check"]

# Our medians over the repetitions (one per repetition, like the floors' median of runs).
runs, errors, counters = {}, {}, {}
for path in args.core:
    for b in json.load(open(path))["benchmarks"]:
        name = b.get("run_name", b["name"]).split("/")[0]
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        if b.get("run_type") != "iteration":
            continue
        unit = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}[b["time_unit"]]
        runs.setdefault(name, []).append(b["real_time"] * unit)
        for c in ("out_bytes", "calls", "tools", "entry_bytes"):
            if c in b:
                counters.setdefault(name, {})[c] = int(b[c])
core = {k: statistics.median(v) for k, v in runs.items()}

expected = json.load(open(args.expected)) if args.expected else {}

TOOLS, OAI, ANT, BODY = "tools_1000.json", "openai_chat_50mb.sse", "anthropic_50mb.sse", "openai_chat_50mb.json"
# A floor that is the sum of two floor programs' medians from the same run.
EDITOR_FLOOR = ("sum", (("qt_editor", "toPlainText", "tools_1000_pretty.json"), ("simdjson", "wire_anthropic", TOOLS)))
# (target, our benchmark, floor key, ("sum", keys) or "ours:<benchmark>", limit on ours/floor)
rows = [
    ("1 JSON parse + compact serialize", "BM_RoundTrip", ("simdjson", "roundtrip", TOOLS), 3.0),
    ("1 JSON parse", "BM_Parse", ("node_hand", "parse", TOOLS), 1.0),
    ("2 convert 1000 tools, all 6 wires", "BM_ConvertAll6", ("simdjson", "all6", TOOLS), 3.0),
    ("2 convert 1000 tools, all 6 wires", "BM_ConvertAll6", ("node_hand", "all6", TOOLS), 1.0),
    ("3 re-convert one edited tool", "BM_ReconvertOneTool", "ours:BM_ConvertAll6", 0.02),
    ("4 SSE assembly, OpenAI 50 MB", "BM_SseOpenAI", ("qt", "assemble_parse", OAI), 0.5),
    ("4 SSE assembly, OpenAI 50 MB", "BM_SseOpenAI", ("simdjson", "assemble_parse", OAI), 8.0),
    ("4 SSE assembly, Anthropic 50 MB", "BM_SseAnthropic", ("qt", "assemble_parse", ANT), 0.5),
    ("4 SSE assembly, Anthropic 50 MB", "BM_SseAnthropic", ("simdjson", "assemble_parse", ANT), 4.0),
    ("5 extraction, 50 MB reply body", "BM_ExtractOpenAIJson", ("simdjson", "extract_parse", BODY), 2.2),
    # G3: editor text extraction (2.9 MB pretty document) + simdjson parse and one wire.
    ("6 keystroke, one tool in the editor", "BM_KeystrokeOneTool", EDITOR_FLOOR, 2.0),
    ("6 keystroke, whole list in the editor", "BM_KeystrokeWholeList", EDITOR_FLOOR, 2.0),
]


def limit_text(limit, floor_name):
    if floor_name.startswith("our "):
        return f"<= {limit:g} x"
    if limit == 1.0:
        return "< 1 x (faster)"
    if limit < 1.0:
        return f"<= {limit:g} x (>= {1 / limit:g}x faster)"
    return f"<= {limit:g} x"


def fmt(ms):
    return f"{ms:.3f}" if ms < 10 else f"{ms:.1f}"


if args.meta:
    for line in open(args.meta):
        print(f"- {line.strip()}")
    print()
print("| target | ours | floor | ours ms | floor ms | ours/floor | limit | result |")
print("|---|---|---|---:|---:|---:|---|---|")
failed = False
for target, ours_name, floor, limit in rows:
    if isinstance(floor, str):
        floor_name = "our " + floor.split(":", 1)[1]
        floor_ms = core.get(floor.split(":", 1)[1])
    elif floor[0] == "sum":
        floor_name = " + ".join(f"{k[0]} {k[1]}" for k in floor[1])
        parts = [floors.get(k) for k in floor[1]]
        floor_ms = sum(parts) if all(p is not None for p in parts) else None
    else:
        floor_name = f"{floor[0]} {floor[1]}"
        floor_ms = floors.get(floor)
    ours_ms = core.get(ours_name)
    if args.skip_ui and ours_name.startswith("BM_Keystroke"):
        print(f"| {target} | {ours_name} | {floor_name} | - | - | - | {limit_text(limit, floor_name)} | skipped (UI=0) |")
        continue
    if ours_name in errors:
        result, ratio = f"ERROR: {errors[ours_name]}", None
    elif ours_ms is None or floor_ms is None:
        result, ratio = "MISSING", None
    else:
        ratio = ours_ms / floor_ms
        ok = ratio < limit if limit == 1.0 else ratio <= limit
        result = "ok" if ok else "MISSED"
    # A floor that did not reproduce the generator's manifest does not count either.
    if not isinstance(floor, str) and floor[0] != "sum" and floor in checks and floor[2] in expected:
        e = expected[floor[2]]
        want = f"{e['tool_calls']}/{e['arg_bytes']}/{e['crc32']}"
        if checks[floor] != want:
            bad = f"FLOOR CHECK {checks[floor]} != {want}"
            result = bad if result == "ok" else f"{result}; {bad}"
    failed = failed or result != "ok"
    print(f"| {target} | {ours_name} | {floor_name} | {fmt(ours_ms) if ours_ms else '-'} | "
          f"{fmt(floor_ms) if floor_ms else '-'} | {f'{ratio:.3f}' if ratio is not None else '-'} | "
          f"{limit_text(limit, floor_name)} | {result} |")

# What the jobs produced, so that a cheaper job cannot pass unnoticed.
print()
def out_of(key):
    v = floor_out.get(key)
    return f"{int(v):,}" if v else "-"
c = counters.get("BM_ConvertAll6", {})
print(f"- all six wires, bytes out: ours {c.get('out_bytes', 0):,} (six whole request bodies, {c.get('tools', 0)} tools), "
      f"simdjson {out_of(('simdjson', 'all6', TOOLS))}, node_hand {out_of(('node_hand', 'all6', TOOLS))}")
if "BM_ConvertAll6Fresh" in core and "BM_ConvertAll6" in core:
    print(f"- all six wires with a new string for every body (BM_ConvertAll6Fresh, as Send builds one; no floor): "
          f"{fmt(core['BM_ConvertAll6Fresh'])} ms, {core['BM_ConvertAll6Fresh'] / core['BM_ConvertAll6']:.2f}x BM_ConvertAll6 "
          f"(which reuses its six output strings, as the floors do)")
c = counters.get("BM_RoundTrip", {})
print(f"- round trip, bytes out: ours {c.get('out_bytes', 0):,}, simdjson {out_of(('simdjson', 'roundtrip', TOOLS))}")
c = counters.get("BM_ReconvertOneTool", {})
print(f"- re-convert: the edited entry is {c.get('entry_bytes', 0):,} bytes of JSON (the largest tool)")
for name, f in (("BM_SseOpenAI", OAI), ("BM_SseAnthropic", ANT), ("BM_ExtractOpenAIJson", BODY)):
    e = expected.get(f)
    if e and name in core and name not in errors:
        print(f"- {f}: every repetition reproduced the manifest {e['tool_calls']}/{e['arg_bytes']}/{e['crc32']} "
              f"(calls/argument bytes/crc32) with every call's arguments decoded")
sys.exit(1 if failed else 0)

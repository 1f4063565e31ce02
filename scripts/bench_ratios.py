#!/usr/bin/env python3
"""Prints Toolwire's benchmark medians beside the floor programs' RESULT lines, as ratios."""
import json
import re
import sys

floors_path, core_path = sys.argv[1], sys.argv[2]
floors = {}
for line in open(floors_path):
    if not line.startswith("RESULT "):
        continue
    kv = dict(re.findall(r"(\w+)=(\S+)", line))
    floors[(kv["lib"], kv["op"])] = float(kv["median_ms"])

core = {}
for b in json.load(open(core_path))["benchmarks"]:
    if b.get("aggregate_name") == "median":
        unit = {"ms": 1.0, "us": 1e-3, "ns": 1e-6}[b["time_unit"]]
        core[b["run_name"]] = b["real_time"] * unit

# (our benchmark, floor, target ratio, kind) — kind "max": ours/floor must be <= target;
# "faster": ours must be below the floor.
rows = [
    ("BM_RoundTrip", ("simdjson", "roundtrip"), 3.0, "max"),
    ("BM_Parse", ("node_hand", "parse"), 1.0, "faster"),
    ("BM_ConvertAll6", ("simdjson", "all6"), 3.0, "max"),
    ("BM_ConvertAll6", ("node_hand", "all6"), 1.0, "faster"),
    ("BM_ReconvertOneTool", None, 0.02, "share_of_all6"),
]
print(f"{'benchmark':<22} {'ours ms':>9} {'floor':<20} {'floor ms':>9} {'ratio':>7}  target")
ok = True
for name, floor, target, kind in rows:
    if name not in core:
        continue
    ours = core[name]
    if kind == "share_of_all6":
        base = core.get("BM_ConvertAll6")
        if not base:
            continue
        ratio = ours / base
        good = ratio <= target
        print(f"{name:<22} {ours:9.3f} {'our all-six convert':<20} {base:9.3f} {ratio:7.3f}  <= {target} of all-six {'ok' if good else 'MISSED'}")
    else:
        if floor not in floors:
            continue
        f = floors[floor]
        ratio = ours / f
        good = ratio <= target if kind == "max" else ours < f
        label = f"{floor[0]} {floor[1]}"
        want = f"<= {target}x" if kind == "max" else "faster"
        print(f"{name:<22} {ours:9.3f} {label:<20} {f:9.3f} {ratio:7.2f}x  {want} {'ok' if good else 'MISSED'}")
    ok = ok and good
sys.exit(0)

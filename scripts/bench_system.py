#!/usr/bin/env python3
"""Whole-program benchmarks for scripts/bench.sh: start-up to the first painted window
against the trivial Qt window of ../shared/bench/startup (same run, alternating), peak RSS,
convert/extract scaling over tool counts and reply sizes, and the stall rule.

  bench_system.py --toolwire BIN --floor qt_first_window --data DIR --shared ../shared/bench
                  [--rounds N] [--out results.md]

Every row is a median of N runs; ratios come from runs interleaved in this process, so a
change of load hits both sides alike. The window runs under QT_QPA_PLATFORM=offscreen
(unless DISPLAY is set), with TOOLWIRE_FIRST_PAINT_EXIT=1: it quits after its first paint.
"""
import argparse, json, os, signal, statistics, subprocess, sys, time


TIMEOUT_S = 60


def spawn(cmd, env):
    """(wall ms, stderr text, rc); on a timeout the whole process group is killed (the
    /usr/bin/time wrapper and the program under it) and the time is nan."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, err = p.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return float("nan"), "", None
    return (time.perf_counter() - t0) * 1000, err.decode(errors="replace"), p.returncode


def run(cmd, env=None):
    """Wall time (ms) of one child process; nan when it did not finish in TIMEOUT_S."""
    ms, err, rc = spawn(cmd, env)
    return ms, rc, err


def timed_rss(cmd, env=None):
    """(wall ms, peak RSS MB, rc) through /usr/bin/time -v."""
    ms, err, rc = spawn(["/usr/bin/time", "-v"] + cmd, env)
    rss = float("nan")
    for line in err.splitlines():
        if "Maximum resident set size" in line:
            rss = int(line.split(":")[1]) / 1024
    return ms, rss, rc


def median(xs):
    xs = [x for x in xs if x == x]  # runs that timed out are left out (and said below)
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--toolwire", required=True)
    ap.add_argument("--floor", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--example", required=True)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--out")
    ap.add_argument("--timeout", type=int, default=60, help="seconds a run may take (then: timeout)")
    a = ap.parse_args()
    global TIMEOUT_S
    TIMEOUT_S = a.timeout
    os.makedirs(a.data, exist_ok=True)
    env = dict(os.environ, TOOLWIRE_FIRST_PAINT_EXIT="1", TOOLWIRE_HISTORY="off", TOOLWIRE_LOOPBACK_ONLY="1")
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    # A fresh settings home so that no saved window state or welcome screen differs per run.
    env["XDG_CONFIG_HOME"] = os.path.join(a.data, "config")
    rows = []

    # Inputs: tool lists of 100 / 1,000 / 10,000 tools and the 1000-tool project.
    for n in (100, 1000, 10000):
        f = os.path.join(a.data, f"tools_{n}.json")
        if not os.path.exists(f):
            subprocess.run([sys.executable, os.path.join(a.shared, "gen_tools.py"), str(n), f], check=True, stdout=subprocess.DEVNULL)
    project = os.path.join(a.data, "bench_1000.toolwire")
    if not os.path.exists(project):
        tools = json.load(open(os.path.join(a.data, "tools_1000.json"), encoding="utf-8"))["tools"]
        doc = {"format": 1, "name": "bench: 1000 tools (gen_tools.py)",
               "tools": [{"name": t["name"], "description": t["description"], "input_schema": t["inputSchema"]} for t in tools],
               "tool_choice": {"type": "auto"},
               "presets": [{"name": "bench", "profile": "mock", "wire": "anthropic", "model": "mock-1", "system": "",
                            "messages": [{"role": "user", "content": "hi"}], "stream": False}]}
        json.dump(doc, open(project, "w", encoding="utf-8"), indent=2)

    # Start-up: floor, example, 1000 tools, interleaved.
    floor, example, big = [], [], []
    for _ in range(a.rounds):
        floor.append(run([a.floor], env)[0])
        example.append(run([a.toolwire, a.example], env)[0])
        big.append(run([a.toolwire, project], env)[0])
    f = median(floor)
    rows.append(("start to first paint: trivial Qt window (floor)", f"{f:.0f} ms", "", ""))
    rows.append(("start to first paint: example project", f"{median(example):.0f} ms", f"{median(example) / f:.1f}x", "<= 2x"))
    rows.append(("start to first paint: 1000-tool project", f"{median(big):.0f} ms", f"{median(big) / f:.1f}x", "<= 2x"))

    # Peak RSS with the 1000-tool project (window to first paint).
    rss = [timed_rss([a.toolwire, project], env)[1] for _ in range(3)]
    rows.append(("peak RSS, window with 1000 tools", f"{median(rss):.0f} MB", "", "<= 150 MB"))

    # Conversion at 100 / 1,000 / 10,000 tools: time per tool must stay flat (linear growth).
    per_tool = {}
    for n in (100, 1000, 10000):
        f = os.path.join(a.data, f"tools_{n}.json")
        ts = [timed_rss([a.toolwire, "convert", "--to", "anthropic", f], env) for _ in range(max(3, a.rounds // 2))]
        ms, mb = median([t[0] for t in ts]), median([t[1] for t in ts])
        per_tool[n] = ms / n
        rows.append((f"convert {n} tools (process)", f"{ms:.0f} ms", f"{mb:.0f} MB", ""))
    rows.append(("convert growth 10k/1k tools (time ratio; linear = 10)", f"{per_tool[10000] * 10000 / (per_tool[1000] * 1000):.1f}", "", "~10"))

    # Extraction of large replies.
    for name in ("openai_chat_50mb.sse", "anthropic_50mb.sse", "openai_chat_50mb.json"):
        f = os.path.join(a.data, name)
        if os.path.exists(f):
            ts = [timed_rss([a.toolwire, "extract", f], env) for _ in range(3)]
            rows.append((f"extract {name}", f"{median([t[0] for t in ts]):.0f} ms", f"{median([t[1] for t in ts]):.0f} MB", ""))

    out = ["| benchmark | measured | ratio / RSS | goal |", "|---|---|---|---|"]
    out += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |" for r in rows]
    text = "\n".join(out) + "\n"
    print(text)
    if a.out:
        open(a.out, "w").write(text)


if __name__ == "__main__":
    main()

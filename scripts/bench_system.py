#!/usr/bin/env python3
"""Whole-program and in-window benchmarks for scripts/bench.sh (docs/benchmarks.md says what
each row measures). Every timed row is the median of --rounds runs, and every ratio is to a
floor measured in this same process, runs interleaved, so that a change of load hits both
sides alike.

  bench_system.py --toolwire BIN --floor qt_first_window --data DIR --shared ../shared/bench
                  --example PROJECT [--bench-window BIN] [--bench-core BIN] [--floors DIR]
                  [--rounds N] [--only PART,...] [--display auto|xvfb|offscreen] [--out table.md]

Parts (default: all that their programs allow):
  startup    start to the first painted window, example project and 1000 tools, against the
             trivial Qt window (qt_first_window), on each display (Xvfb and offscreen)
  restore    bench_window restore: reopening the 1000-tool project with its saved layout, to
             the first moment the window is usable (goal 300 ms)
  rss        peak RSS of the window with 1000 tools (goal <= 150 MB)
  scale      bench_core BM_ConvertScale / BM_ExtractScale at 100 / 1,000 / 10,000 tools: time
             per tool at each size (linear growth: flat; checked <= 1.5x from size to size)
  process    toolwire convert / extract as whole processes (time and peak RSS; no goal)
  stall      bench_window stall: the longest event-loop stall of the window while a 100 MB
             stream arrives from a loopback server in this process (goal <= 50 ms)
  sendcap    peak RSS of `toolwire send --stream` against an endless `data: {}` stream, which
             stops at the 256 MiB response cap, of a non-streamed `send` of a 250 MiB body of
             tiny JSON values, of one 250 MiB stream event of them, and of an HTTP 500 whose
             body is them (goal < 1 GiB each)
  callgrind  instructions per tool of `toolwire convert`, (Ir(1000) - Ir(100)) / 900, against
             conv_simdjson all6 the same way (../shared/bench/callgrind.sh's method), and
             against the budget in tests/bench/instructions.json (the CI check)

The table is markdown: | benchmark | median | floor / base | ratio | goal | result |, where
result is ok, MISSED, or n/a (no goal). Exit status 1 when a goal is missed or a row is
missing, 0 otherwise. A run that does not finish within --timeout is left out of its median
(and the row says how many runs it had).
"""
import argparse, http.server, json, os, random, re, selectors, shutil, signal, socketserver, statistics, subprocess, sys, tempfile, threading, time

TIMEOUT_S = 60
ROWS = []  # (benchmark, median, base, ratio, goal, result)
FAILED = []


def row(name, median="", base="", ratio="", goal="", ok=None):
    result = "n/a" if ok is None else ("ok" if ok else "MISSED")
    if ok is False:
        FAILED.append(name)
    ROWS.append((name, median, base, ratio, goal, result))


def missing(name, why, goal=""):
    FAILED.append(name)
    ROWS.append((name, f"MISSING ({why})", "", "", goal, "MISSED"))


def median(xs):
    xs = [x for x in xs if x == x]  # runs that timed out are left out
    return statistics.median(xs) if xs else float("nan")


def killgroup(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.communicate()


def spawn(cmd, env, stdout=subprocess.DEVNULL):
    """(wall ms, stdout, stderr, rc); a run over TIMEOUT_S is killed (its process group) and
    its time is nan."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=stdout, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        killgroup(p)
        return float("nan"), b"", "", None
    return (time.perf_counter() - t0) * 1000, out or b"", err.decode(errors="replace"), p.returncode


def time_to_line(cmd, env, pattern):
    """ms from just before the process starts to the moment it writes a stderr line matching
    `pattern` (its first paint); nan when it never does. The process then exits on its own."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    sel = selectors.DefaultSelector()
    sel.register(p.stderr, selectors.EVENT_READ)
    buf, found = b"", float("nan")
    deadline = t0 + TIMEOUT_S
    while time.perf_counter() < deadline:
        if not sel.select(timeout=max(0.0, deadline - time.perf_counter())):
            break
        chunk = os.read(p.stderr.fileno(), 65536)
        if not chunk:
            break
        buf += chunk
        if re.search(pattern, buf):
            found = (time.perf_counter() - t0) * 1000
            break
    try:
        p.wait(timeout=max(1.0, deadline - time.perf_counter()))
        p.stderr.read()
    except subprocess.TimeoutExpired:
        killgroup(p)
    return found


def timed_rss(cmd, env):
    """(wall ms, peak RSS MB, rc, stdout bytes) through /usr/bin/time -v (stdout counted, not kept)."""
    with tempfile.TemporaryFile() as out:
        ms, _, err, rc = spawn(["/usr/bin/time", "-v"] + cmd, env, stdout=out)
        out.seek(0, os.SEEK_END)
        size = out.tell()
    rss = float("nan")
    for line in err.splitlines():
        if "Maximum resident set size" in line:
            rss = int(line.split(":")[1]) / 1024
    return ms, rss, rc, size


# ---- displays ---------------------------------------------------------------------------

class Xvfb:
    """An Xvfb server of our own on a free display; stop() ends exactly that process."""

    def __init__(self):
        self.proc, self.display = None, None
        for n in range(90, 140):
            if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
                self.display = f":{n}"
                break
        if not self.display or not shutil.which("Xvfb"):
            return
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{self.display[1:]}"):
                return
            time.sleep(0.05)
        self.stop()

    def ok(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def display_envs(base, mode, xvfb):
    """[(label, env)] for the start-up rows: Xvfb (the xcb platform, a real X server) and the
    offscreen platform."""
    out = []
    if mode in ("auto", "xvfb") and xvfb and xvfb.ok():
        e = dict(base, DISPLAY=xvfb.display)
        e.pop("QT_QPA_PLATFORM", None)
        out.append(("Xvfb", e))
    if mode in ("auto", "offscreen") or not out:
        e = dict(base, QT_QPA_PLATFORM="offscreen")
        e.pop("DISPLAY", None)
        out.append(("offscreen", e))
    return out


# ---- inputs -----------------------------------------------------------------------------

def ensure_inputs(a):
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
    empty = os.path.join(a.data, "tools_0.json")
    if not os.path.exists(empty):
        open(empty, "w").write('{"tools": []}\n')
    return project


WORDS = "owner repo issue pull branch main label bug review comment body title state open closed octocat hello world".split()


def write_reply(path, n):
    """One OpenAI chat.completion with n tool calls (deterministic): mostly small arguments,
    every tenth a nested one with an array of objects and escaped text."""
    rng = random.Random(n)
    calls = []
    for i in range(n):
        args = {"owner": rng.choice(WORDS), "repo": rng.choice(WORDS) + "-" + rng.choice(WORDS), "issue_number": rng.randint(1, 99999),
                "title": " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 12)))}
        if i % 10 == 9:
            args["items"] = [{"id": f"PVTI_{rng.randint(0, 10**9)}", "note": "line\n\t\"quoted\" \u00fcnicode",
                              "estimate": rng.random()} for _ in range(rng.randint(3, 12))]
        calls.append({"id": f"call_{i}", "type": "function",
                      "function": {"name": f"tool_{i % 97}", "arguments": json.dumps(args, ensure_ascii=False)}})
    doc = {"id": "chatcmpl-bench", "object": "chat.completion", "created": 0, "model": "bench-1",
           "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "tool_calls": calls}, "finish_reason": "tool_calls"}]}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


# ---- a loopback provider in this process -----------------------------------------------

class Provider(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    mode = "file"  # "file": serve `path` as the reply body; "endless": `data: {}` until the peer goes
    path = None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        srv = self.server
        try:
            if srv.mode == "file":
                size = os.path.getsize(srv.path)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(size))
                self.end_headers()
                with open(srv.path, "rb") as f:
                    while True:
                        block = f.read(65536)
                        if not block:
                            break
                        self.wfile.write(block)
            elif srv.mode in ("values", "event", "error"):
                # Just under the cap, 250 MiB of `{"a":{}}` elements: one whole JSON body ("values"),
                # one SSE event holding them ("event"), or an HTTP 500 body ("error").
                unit, n = b'{"a":{}},', (250 * 1024 * 1024) // 9
                block = unit * 7000
                head, tail = {"event": (b"data: [", b"\n\ndata: [DONE]\n\n")}.get(srv.mode, (b"[", b""))
                self.send_response(500 if srv.mode == "error" else 200)
                self.send_header("Content-Type", "text/event-stream" if srv.mode == "event" else "application/json")
                self.send_header("Content-Length", str(len(head) + 9 * n + len(tail)))
                self.end_headers()
                self.wfile.write(head)
                left = n - 1
                while left > 0:
                    k = min(left, 7000)
                    self.wfile.write(block if k == 7000 else unit * k)
                    left -= k
                self.wfile.write(b'{"a":{}}]' + tail)
            else:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                block = b"data: {}\n\n" * 6500  # ~64 KiB per chunk
                chunk = b"%x\r\n" % len(block) + block + b"\r\n"
                while True:
                    self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass
        self.close_connection = True


def start_provider(mode, path=None):
    srv = Provider(("127.0.0.1", 0), Handler)
    srv.mode, srv.path = mode, path
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


# ---- parts ------------------------------------------------------------------------------

def part_startup(a, env, xvfb, project):
    pat = rb"first_paint"
    for label, e in display_envs(env, a.display, xvfb):
        floor, example, big = [], [], []
        # One run of each first, not counted: the page cache, and the first start's welcome
        # screen and saved layout, are then the same for every counted run.
        for cmd in ([a.floor], [a.toolwire, a.example], [a.toolwire, project]):
            time_to_line(cmd, e, pat)
        for _ in range(a.rounds):
            floor.append(time_to_line([a.floor], e, pat))
            example.append(time_to_line([a.toolwire, a.example], e, pat))
            big.append(time_to_line([a.toolwire, project], e, pat))
        f = median(floor)
        for name, xs in (("example project", example), ("1000-tool project", big)):
            m = median(xs)
            n = sum(1 for x in xs if x == x)
            if m != m or f != f:
                missing(f"start to first paint, {name} ({label})", f"{n}/{len(xs)} runs painted", "<= 2x")
                continue
            row(f"start to first paint, {name} ({label})", f"{m:.0f} ms", f"{f:.0f} ms trivial Qt window", f"{m / f:.2f}x", "<= 2x", m / f <= 2.0)


def part_restore(a, env, xvfb, project):
    if not a.bench_window:
        return missing("restore 1000-tool project to usable", "bench_window not built", "<= 300 ms")
    for label, e in display_envs(env, a.display, xvfb)[:1]:
        e = dict(e, XDG_CONFIG_HOME=tempfile.mkdtemp(prefix="tw-bench-restore-", dir=a.data))
        usable, paint = [], []
        for i in range(a.rounds + 1):
            e["TOOLWIRE_BENCH_T0"] = str(time.time_ns())
            ms, out, err, rc = spawn([a.bench_window, "restore", project], e, stdout=subprocess.PIPE)
            if i == 0:
                continue  # the first run writes the layout the others restore
            try:
                r = json.loads(out.decode().strip().splitlines()[-1])
                usable.append(r["usable"])
                paint.append(r["first_paint"])
            except (ValueError, IndexError, KeyError):
                usable.append(float("nan"))
                sys.stderr.write(f"bench_system: bench_window restore: rc={rc} {err.strip()[-300:]}\n")
        m = median(usable)
        if m != m:
            missing(f"restore 1000-tool project to usable ({label})", "no run finished", "<= 300 ms")
        else:
            row(f"restore 1000-tool project to usable ({label})", f"{m:.0f} ms", f"first paint at {median(paint):.0f} ms", "", "<= 300 ms", m <= 300)


def part_rss(a, env, xvfb, project):
    label, e = display_envs(env, a.display, xvfb)[0]
    rss = [timed_rss([a.toolwire, project], e)[1] for _ in range(3)]
    m = median(rss)
    if m != m:
        return missing("peak RSS, window with 1000 tools", "no run", "<= 150 MB")
    row(f"peak RSS, window with 1000 tools ({label})", f"{m:.0f} MB", "", "", "<= 150 MB", m <= 150)


def part_scale(a, env):
    if not a.bench_core:
        return missing("convert / extract per tool", "bench_core not built")
    for n in (100, 1000, 10000):
        f = os.path.join(a.data, f"reply_{n}.json")
        if not os.path.exists(f):
            write_reply(f, n)
    reps = max(3, a.rounds)
    e = dict(env, TOOLWIRE_BENCH_DATA=a.data)
    global TIMEOUT_S
    saved, TIMEOUT_S = TIMEOUT_S, max(TIMEOUT_S, 600)
    ms, out, err, rc = spawn([a.bench_core, "--benchmark_filter=^BM_(Convert|Extract)Scale/", f"--benchmark_repetitions={reps}",
                              "--benchmark_format=json"], e, stdout=subprocess.PIPE)
    TIMEOUT_S = saved
    try:
        benches = json.loads(out.decode())["benchmarks"]
    except ValueError:
        return missing("convert / extract per tool", f"bench_core failed (rc={rc}): {err.strip()[-200:]}")
    times = {}
    for b in benches:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            if b.get("error_occurred"):
                sys.stderr.write(f"bench_system: {b['name']}: {b.get('error_message')}\n")
            continue
        name, n = b["run_name"].split("/")[:2]
        times.setdefault((name, int(n)), []).append(b["real_time"])  # ms
    for bench, what in (("BM_ConvertScale", "convert, all six wires (in process)"), ("BM_ExtractScale", "extract, OpenAI reply (in process)")):
        per = {}
        for n in (100, 1000, 10000):
            if (bench, n) not in times:
                missing(f"{what}, {n} tools", "no result")
                continue
            m = median(times[(bench, n)])
            per[n] = m * 1000 / n  # us per tool
        if len(per) < 3:
            continue
        growth = max(per[1000] / per[100], per[10000] / per[1000])
        for n in (100, 1000, 10000):
            m = per[n] * n / 1000
            ratio = "" if n == 100 else f"{per[n] / per[n // 10]:.2f}x per tool vs {n // 10}"
            row(f"{what}, {n:,} tools", f"{m:.2f} ms = {per[n]:.2f} us/tool", "", ratio, "linear (<= 1.5x per tool)" if n == 10000 else "",
                growth <= 1.5 if n == 10000 else None)


def part_process(a, env):
    for n in (100, 1000, 10000):
        f = os.path.join(a.data, f"tools_{n}.json")
        ts = [timed_rss([a.toolwire, "convert", "--to", "anthropic", f], env) for _ in range(max(3, a.rounds // 2))]
        row(f"toolwire convert --to anthropic, {n:,} tools (process)", f"{median([t[0] for t in ts]):.0f} ms", f"{median([t[1] for t in ts]):.0f} MB RSS")
    for name in ("openai_chat_50mb.sse", "anthropic_50mb.sse", "openai_chat_50mb.json"):
        f = os.path.join(a.data, name)
        if os.path.exists(f):
            ts = [timed_rss([a.toolwire, "extract", f], env) for _ in range(3)]
            row(f"toolwire extract {name} (process)", f"{median([t[0] for t in ts]):.0f} ms", f"{median([t[1] for t in ts]):.0f} MB RSS")


def part_stall(a, env, xvfb):
    if not a.bench_window:
        return missing("longest event-loop stall, 100 MB stream", "bench_window not built", "<= 50 ms")
    stream = os.path.join(a.data, "openai_chat_100mb.sse")
    if not os.path.exists(stream):
        gen = os.path.join(a.data, "gen100")
        os.makedirs(gen, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(a.shared, "gen_sse.py"), "100", gen], check=True, stdout=subprocess.DEVNULL)
        os.replace(os.path.join(gen, "openai_chat_100mb.sse"), stream)
        shutil.rmtree(gen, ignore_errors=True)
    srv, base = start_provider("file", stream)
    label, e = display_envs(env, a.display, xvfb)[0]
    stalls, info = [], {}
    try:
        for _ in range(max(3, a.rounds // 2)):
            ms, out, err, rc = spawn([a.bench_window, "stall", base], e, stdout=subprocess.PIPE)
            try:
                r = json.loads(out.decode().strip().splitlines()[-1])
                stalls.append(r["longest_stall"])
                info = r
            except (ValueError, IndexError, KeyError):
                stalls.append(float("nan"))
                sys.stderr.write(f"bench_system: bench_window stall: rc={rc} {err.strip()[-300:]}\n")
    finally:
        srv.shutdown()
        srv.server_close()
    m = median(stalls)
    if m != m:
        return missing("longest event-loop stall, 100 MB stream", "no run finished", "<= 50 ms")
    detail = f"{info.get('bytes', 0) / 1e6:.0f} MB, {info.get('calls', 0)} calls in {info.get('duration', 0):.0f} ms"
    if info.get("error"):
        detail += f"; error: {info['error']}"
    row(f"longest event-loop stall while a 100 MB stream arrives ({label})", f"{m:.0f} ms", detail, "", "<= 50 ms", m <= 50)


def part_sendcap(a, env):
    global TIMEOUT_S
    # send needs a key for the openai wire; a dummy one, which goes only to our loopback server
    # (the --base-url typed here is the consent; TOOLWIRE_LOOPBACK_ONLY=1 stays set).
    env = dict(env, OPENAI_API_KEY="sk-bench-dummy-not-a-key")
    # Each run gets up to 10 minutes: at the default 60 s every run of the streamed case was
    # killed before it reached the cap (it took ~2 minutes on a loaded machine), which left
    # the row "not measured".
    saved, TIMEOUT_S = TIMEOUT_S, max(TIMEOUT_S, 600)
    cases = [("endless", ["--stream"], "peak RSS, `send --stream` of an endless `data: {}` stream (stops at the 256 MiB cap)"),
             ("values", [], "peak RSS, `send` (not streamed) of a 250 MiB body of `{\"a\":{}}` values (under the cap)"),
             ("event", ["--stream"], "peak RSS, `send --stream` of one 250 MiB SSE event of `{\"a\":{}}` values (under the cap)"),
             ("error", [], "peak RSS, `send` answered by an HTTP 500 whose body is 250 MiB of `{\"a\":{}}` values")]
    try:
        for mode, extra, name in cases:
            srv, base = start_provider(mode)
            rss, printed, codes, walls = [], [], [], []
            try:
                for _ in range(3):
                    ms, mb, rc, size = timed_rss([a.toolwire, "send", "--wire", "openai", "--base-url", base + "/v1", "--model", "m"] + extra +
                                                 ["--message", "hi"], env)
                    rss.append(mb)
                    printed.append(size)
                    codes.append(rc)
                    walls.append(ms)
            finally:
                srv.shutdown()
                srv.server_close()
            m = median(rss)
            done = sum(1 for w in walls if w == w)
            if m != m or median(printed) < 1000:
                missing(name, f"{done}/3 runs finished within {TIMEOUT_S} s; nothing printed", "< 1 GiB")
                continue
            row(name, f"{m:.0f} MB", f"exit {codes[-1]}, {median(printed) / 1e6:.1f} MB printed, {median(walls) / 1000:.0f} s ({done}/3 runs)", "",
                "< 1024 MB", m < 1024)
    finally:
        TIMEOUT_S = saved


def callgrind_ir(cmd):
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.%p"] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=1800)
        m = re.search(rb"Collected : (\d+)", p.stderr)
        return int(m.group(1)) if m else None


def part_callgrind(a, env, root):
    if not shutil.which("valgrind"):
        return missing("instructions per tool (callgrind)", "valgrind not installed")
    t100, t1000 = os.path.join(a.data, "tools_100.json"), os.path.join(a.data, "tools_1000.json")
    ours = [callgrind_ir([a.toolwire, "convert", "--to", w, t]) for w in ("anthropic",) for t in (t100, t1000)]
    floor_bin = os.path.join(a.floors, "conv_simdjson") if a.floors else None
    floor = [callgrind_ir([floor_bin, t, "once"]) for t in (t100, t1000)] if floor_bin and os.path.exists(floor_bin) else [None, None]
    if None in ours:
        return missing("instructions per tool (callgrind)", "valgrind run failed")
    per = (ours[1] - ours[0]) / 900
    # The budget is per build type (the CMake cache beside the binary's tree says which).
    build_type = "unknown"
    cache = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(a.toolwire))), "CMakeCache.txt")
    if os.path.exists(cache):
        m = re.search(r"^CMAKE_BUILD_TYPE:\w+=(\w+)", open(cache).read(), re.M)
        build_type = m.group(1) if m else build_type
    budget_file = os.path.join(root, "tests", "bench", "instructions.json")
    budgets = json.load(open(budget_file)) if os.path.exists(budget_file) else {}
    budget = budgets.get(build_type, {}).get("convert_anthropic_ir_per_tool")
    base = f"conv_simdjson all6: {(floor[1] - floor[0]) / 900:,.0f} Ir/tool" if None not in floor else ""
    ratio = f"{per / ((floor[1] - floor[0]) / 900):.2f}x (one wire vs six)" if None not in floor else ""
    if budget:
        row(f"instructions per tool, `toolwire convert --to anthropic` ({build_type}; callgrind, (Ir1000-Ir100)/900)", f"{per:,.0f} Ir/tool", base,
            ratio, f"<= {budget:,} Ir/tool (tests/bench/instructions.json)", per <= budget)
    else:
        row(f"instructions per tool, `toolwire convert --to anthropic` ({build_type}; callgrind, no budget for this build type)", f"{per:,.0f} Ir/tool",
            base, ratio)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--toolwire", required=True)
    ap.add_argument("--floor", required=True, help="qt_first_window (../shared/bench/startup)")
    ap.add_argument("--data", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--example", required=True)
    ap.add_argument("--bench-window")
    ap.add_argument("--bench-core")
    ap.add_argument("--floors", help="the directory holding conv_simdjson (for callgrind)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--only", default="startup,restore,rss,scale,process,stall,sendcap,callgrind")
    ap.add_argument("--display", choices=("auto", "xvfb", "offscreen"), default="auto")
    ap.add_argument("--out")
    ap.add_argument("--timeout", type=int, default=60, help="seconds a run may take (then it is left out)")
    a = ap.parse_args()
    global TIMEOUT_S
    TIMEOUT_S = a.timeout
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.makedirs(a.data, exist_ok=True)
    parts = set(a.only.split(","))
    env = dict(os.environ, TOOLWIRE_FIRST_PAINT_EXIT="1", TOOLWIRE_HISTORY="off", TOOLWIRE_LOOPBACK_ONLY="1")
    # A fresh settings home so that no saved window state or welcome screen differs per run.
    env["XDG_CONFIG_HOME"] = os.path.join(a.data, "config")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")  # the windowless parts; the window parts choose
    project = ensure_inputs(a)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so that `finally` stops our Xvfb
    xvfb = Xvfb() if a.display != "offscreen" and parts & {"startup", "restore", "rss", "stall"} else None
    def table():
        out = ["| benchmark | median | floor / base (same run) | ratio | goal | result |", "|---|---|---|---|---|---|"]
        out += [f"| {' | '.join(r)} |" for r in ROWS]
        return "\n".join(out) + "\n"

    steps = [("startup", lambda: part_startup(a, env, xvfb, project)), ("restore", lambda: part_restore(a, env, xvfb, project)),
             ("rss", lambda: part_rss(a, env, xvfb, project)), ("stall", lambda: part_stall(a, env, xvfb)), ("scale", lambda: part_scale(a, env)),
             ("process", lambda: part_process(a, env)), ("sendcap", lambda: part_sendcap(a, env)), ("callgrind", lambda: part_callgrind(a, env, root))]
    try:
        for name, run_part in steps:
            if name in parts:
                run_part()
                if a.out:  # the rows so far, so that an interrupted run keeps them
                    open(a.out, "w").write(table())
    finally:
        if xvfb:
            xvfb.stop()

    text = table()
    print(text)
    if a.out:
        open(a.out, "w").write(text)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())

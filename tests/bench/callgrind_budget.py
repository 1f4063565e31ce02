#!/usr/bin/env python3
"""The instruction-count budget of conversion (CTest `callgrind_budget`; docs/benchmarks.md).

Counts the instructions `toolwire convert --to anthropic` retires (valgrind callgrind, Ir) on
gen_tools.py's 100- and 1,000-tool lists and takes (Ir(1000) - Ir(100)) / 900: the cost of
one more tool, with process start and library loading cancelled out (the method of
../shared/bench/callgrind.sh). Instruction counts do not depend on the machine's load, so the
check can be strict where a timing could not be; it fails when that cost is above the budget
of the build type in tests/bench/instructions.json, and says both numbers.

  callgrind_budget.py --toolwire BIN --build-type Debug|Release [--budgets FILE]
                      [--gen-tools ../shared/bench/gen_tools.py] [--work DIR] [--measure]

--measure prints the measurement and the budget it would propose (+10%) and exits 0 (to
update instructions.json after a deliberate change; say why in the commit).
Exit status: 0 within the budget, 1 over it or when a run fails, 77 skipped (valgrind or
gen_tools.py missing, or no budget for the build type: the message says which).
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile

SKIP = 77
KEY = "convert_anthropic_ir_per_tool"
SIZES = (100, 1000)


def say(msg):
    print(f"callgrind_budget: {msg}", flush=True)


def skip(msg):
    say(f"SKIPPED: {msg}")
    sys.exit(SKIP)


def tool_list(gen, work, n):
    """gen_tools.py N, written once into the work directory (deterministic: fixed seed)."""
    path = os.path.join(work, f"tools_{n}.json")
    if not os.path.exists(path):
        tmp = path + ".tmp"
        subprocess.run([sys.executable, gen, str(n), tmp], check=True, stdout=subprocess.DEVNULL)
        os.replace(tmp, path)
    return path


def instructions(cmd, env):
    """Ir of one run under callgrind (all threads), or exits 1 saying why the run failed."""
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.%p"] + cmd, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
    err = p.stderr.decode(errors="replace")
    m = re.search(r"Collected : (\d+)", err)
    if p.returncode != 0 or not m:
        say(f"FAILED: {' '.join(cmd)} under callgrind: exit {p.returncode}\n{err[-1500:]}")
        sys.exit(1)
    return int(m.group(1))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--toolwire", required=True)
    ap.add_argument("--build-type", required=True, help="CMAKE_BUILD_TYPE of the binary's tree: picks the budget")
    ap.add_argument("--budgets", default=os.path.join(here, "instructions.json"))
    ap.add_argument("--gen-tools", default=os.path.join(here, "..", "..", "..", "shared", "bench", "gen_tools.py"))
    ap.add_argument("--work", help="where the tool lists are generated (default: a temporary directory)")
    ap.add_argument("--measure", action="store_true", help="print the measurement and a proposed budget; never fails on the budget")
    a = ap.parse_args()

    if not shutil.which("valgrind"):
        skip("valgrind is not installed (Debian: apt-get install valgrind; scripts/toolwire.sh setup installs it)")
    if not os.path.exists(a.gen_tools):
        skip(f"{os.path.normpath(a.gen_tools)} is missing (the tool-list generator lives in ../shared/bench)")
    if not os.access(a.toolwire, os.X_OK):
        say(f"FAILED: {a.toolwire} is not an executable (build the toolwire target first)")
        return 1
    try:
        budgets = json.load(open(a.budgets, encoding="utf-8"))
    except (OSError, ValueError) as e:
        if not a.measure:
            say(f"FAILED: the budgets cannot be read: {a.budgets}: {e}")
            return 1
        budgets = {}
    entry = budgets.get(a.build_type)
    budget = entry.get(KEY) if isinstance(entry, dict) else None
    if budget is None and not a.measure:
        skip(f"no budget for build type {a.build_type!r} in {a.budgets} (budgets: "
             f"{', '.join(k for k, v in budgets.items() if isinstance(v, dict))}); run with --measure to get one")

    # No settings, history or keyring from the user's session; a fixed hash seed, so Qt's
    # hash tables are laid out alike from run to run.
    env = dict(os.environ, QT_HASH_SEED="0", TOOLWIRE_HISTORY="off", QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    work = a.work or tempfile.mkdtemp(prefix="tw-callgrind-")
    os.makedirs(work, exist_ok=True)
    try:
        ir = {n: instructions([a.toolwire, "convert", "--to", "anthropic", tool_list(a.gen_tools, work, n)], env) for n in SIZES}
    finally:
        if not a.work:
            shutil.rmtree(work, ignore_errors=True)
    per = (ir[1000] - ir[100]) / 900
    what = f"{per:,.0f} Ir/tool (Ir(1000) {ir[1000]:,} - Ir(100) {ir[100]:,}, / 900), `toolwire convert --to anthropic`, {a.build_type}"
    if a.measure:
        say(f"measured {what}; a budget of +10% would be {round(per * 1.1, -2):,.0f}" +
            (f" (now {budget:,})" if budget is not None else ""))
        return 0
    if per > budget:
        say(f"FAILED: over budget: measured {per:,.0f} Ir/tool, allowed {budget:,} Ir/tool ({a.build_type}, {a.budgets}); "
            f"{what}. Find what the change added to every tool (callgrind_annotate), or raise the budget deliberately.")
        return 1
    say(f"ok: measured {what}; budget {budget:,} Ir/tool ({per / budget:.0%} of it)")
    if per < budget / 1.25:
        say(f"note: more than 20% under the budget; lower it in {os.path.basename(a.budgets)} to keep the check tight")
    return 0


if __name__ == "__main__":
    sys.exit(main())

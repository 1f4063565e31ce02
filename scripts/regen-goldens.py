#!/usr/bin/env python3
"""Regenerates the golden expectations of the reply payloads (tests/data/replies/manifest.json)
from what the built `toolwire extract` says today, and shows the diff.

Goldens are never edited by hand: change the code, run this, read the diff, commit both.

    scripts/regen-goldens.py [--toolwire build/dev/app/toolwire] [--check]

--check exits 1 (without writing) when a golden would change: what CI or a pre-commit hook
runs. Each case's `expect` is the extract object without `wire` (the manifest names it), without
`arguments_error` on calls (its wording is the parser's, not a contract), and with the
error reduced to its category.
"""

import argparse
import difflib
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tests" / "data" / "replies" / "manifest.json"


def crlf(data: bytes) -> bytes:
    out = bytearray()
    for i, b in enumerate(data):
        if b == 0x0A and (i == 0 or data[i - 1] != 0x0D):
            out += b"\r"
        out.append(b)
    return bytes(out)


def extract(toolwire: pathlib.Path, case: dict) -> dict:
    payload = (MANIFEST.parent / case["file"]).read_bytes()
    if case.get("crlf"):
        payload = crlf(payload)
    with tempfile.NamedTemporaryFile(suffix=pathlib.Path(case["file"]).suffix) as f:
        f.write(payload)
        f.flush()
        run = subprocess.run([str(toolwire), "extract", "--wire", case["wire"], f.name],
                             capture_output=True, check=False)
    if run.returncode not in (0, 1):
        sys.exit(f"{case['name']}: toolwire extract exited {run.returncode}: {run.stderr.decode(errors='replace')}")
    got = json.loads(run.stdout)
    got.pop("wire", None)
    for call in got.get("calls", []):
        call.pop("arguments_error", None)
    if isinstance(got.get("error"), dict):
        got["error"] = got["error"].get("category")
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--toolwire", default=str(ROOT / "build" / "dev" / "app" / "toolwire"))
    ap.add_argument("--check", action="store_true", help="report changes, write nothing")
    args = ap.parse_args()
    toolwire = pathlib.Path(args.toolwire)
    if not toolwire.exists():
        sys.exit(f"{toolwire}: not built (cmake --build build/dev)")

    before = MANIFEST.read_text(encoding="utf-8")
    manifest = json.loads(before)
    for case in manifest["cases"]:
        case["expect"] = extract(toolwire, case)
    after = json.dumps(manifest, ensure_ascii=False, indent=1) + "\n"

    if after == before:
        print(f"{MANIFEST.relative_to(ROOT)}: unchanged ({len(manifest['cases'])} cases)")
        return 0
    diff = difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                str(MANIFEST.relative_to(ROOT)), str(MANIFEST.relative_to(ROOT)) + " (regenerated)")
    sys.stdout.writelines(diff)
    if args.check:
        print("goldens out of date: run scripts/regen-goldens.py and review the diff", file=sys.stderr)
        return 1
    MANIFEST.write_text(after, encoding="utf-8")
    print(f"{MANIFEST.relative_to(ROOT)}: rewritten; review the diff above before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main())

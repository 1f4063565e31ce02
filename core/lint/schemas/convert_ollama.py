#!/usr/bin/env python3
"""Regenerates ollama-openapi.json, the form of Ollama's OpenAPI document Toolwire validates with.

    python3 core/lint/schemas/convert_ollama.py

Input, both in this folder and both copied unchanged from ../shared/vendor-schemas/:
  ollama-openapi.yaml              ollama/ollama @ fb307609, docs/openapi.yaml (OpenAPI 3.1, MIT)
  ollama-overlay.transcribed.json  members docs/api.md documents but the OpenAPI file omits

Output: ollama-openapi.json, the same document as JSON (key order kept, values unchanged),
with the overlay's "add_properties" merged into the named component schemas' "properties"
(an existing property is never replaced) and an "x-toolwire" member saying so. Run it
again after updating either input; the output is committed, so a build needs no Python.
"""

import json
import pathlib
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    with open(HERE / "ollama-openapi.yaml", encoding="utf-8") as f:
        # YAML 1.1 would read bare yes/no/on/off as booleans; the document has none in
        # values, so safe_load keeps every value as written.
        doc = yaml.safe_load(f)
    with open(HERE / "ollama-overlay.transcribed.json", encoding="utf-8") as f:
        overlay = json.load(f)

    schemas = doc["components"]["schemas"]
    merged = []
    for name, props in overlay["add_properties"].items():
        target = schemas[name].setdefault("properties", {})
        for key, schema in props.items():
            if key not in target:
                target[key] = schema
                merged.append(f"{name}.{key}")

    doc["x-toolwire"] = {
        "derived_from": "ollama-openapi.yaml (ollama/ollama @ fb30760996871fa9460115c753afd2c60d4ab0f7, docs/openapi.yaml) "
                        "converted from YAML to JSON by convert_ollama.py, values unchanged",
        "overlay": "ollama-overlay.transcribed.json (transcribed from docs/api.md): added " + ", ".join(merged),
        "license": "MIT (ollama/ollama)",
    }
    with open(HERE / "ollama-openapi.json", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

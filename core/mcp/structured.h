#pragma once
// Structured tool output (../shared/spec/wires-2026.md §4.2): a tools/call result's
// structuredContent checked against the tool's outputSchema with the project's JSON Schema
// validator (core/schema: 2020-12 by default, the dialect its "$schema" names otherwise —
// server-everything's tools say draft-07).
//
// The check, {"valid": bool, "violations": [{"path", "message"}], "unsupported": [keyword]}
// (the shape `toolwire validate` prints), is what the client adds to a result under
// keys::kOutputSchemaCheck, so every view of the result (the loop transcript, `toolwire mcp
// call`, `toolwire loop`) shows the findings. The server's own members are left unchanged.

#include "json/value.h"
#include "mcp/era.h"

#include <string>

namespace tw::mcp {

// Null when there is nothing to check: no outputSchema (and a structuredContent the era
// allows), or an isError result. Otherwise the check:
//  * an outputSchema but no structuredContent: invalid ("the tool declares an outputSchema…");
//  * 2025-11-25 and earlier: structuredContent that is not an object is invalid (2026-07-28
//    allows any JSON value);
//  * else the validator's verdict on structuredContent.
json::Value checkStructuredContent(const json::Value& outputSchema, const json::Value& result, Era era);

// The result with the check added (unchanged when the check is null).
json::Value withOutputSchemaCheck(const json::Value& result, const json::Value& check);

// One line for a failed check: "structuredContent does not match the outputSchema:
// /temperature: expected number, got string (and 1 more)"; "" for a valid or null check.
std::string checkSummary(const json::Value& check);

} // namespace tw::mcp

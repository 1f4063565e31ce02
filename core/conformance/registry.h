#pragma once
// Maps the conformance corpus' operation names ("tool.to_wire", "call.extract", ...) to the
// core functions that implement them. Each family registers its operations in its own file
// (ops_*.cpp); this table is what `toolwire check` and tst_conformance run.

#include "json/value.h"
#include "result.h"

#include <span>
#include <string_view>

namespace tw::conformance {

// An operation takes the case's `input` and returns the value to compare with `expect`,
// or an Error whose category is compared with `{"error": "<category>"}`.
using OpFn = Result<json::Value> (*)(const json::Value& input);

struct Op {
    std::string_view name;
    OpFn fn;
};

std::span<const Op> choiceToolOps(); // choice.*, tool.*          (ops_tool.cpp)
std::span<const Op> callOps(); // call.*                    (ops_call.cpp)
std::span<const Op> resultRequestOps(); // result.*, parallel.*, request.* (ops_result.cpp)
std::span<const Op> loopOps(); // loop.run                  (ops_loop.cpp)

// nullptr when no family implements the operation.
OpFn find(std::string_view op);

} // namespace tw::conformance

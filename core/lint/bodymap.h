#pragma once
// Between a built request body and the file the user edits: which tool of the input a
// body's tool entry is, and where a JSON pointer into the body lands in the input. Read
// from the wire's Capabilities (bodyToolsPointer, tool*Pointer, bodyChoicePointer), so no
// wire's body layout is spelt here.

#include "lint/toollint.h"
#include "wire/registry.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::lint {

// The input side of one request: its function tools as located in the input file (in the
// order the request sends them), and where the request's tool choice and the request
// itself sit there ("" : the input as a whole).
struct InputMap {
    std::vector<LocatedTool> tools;
    std::string choicePath;
    std::string requestPath;

    static InputMap from(std::span<const ToolRef> tools, std::string choicePath, std::string requestPath);
};

// The body's tool entries (empty when the body holds none, e.g. tools in the prompt).
std::span<const json::Value> bodyToolEntries(const wire::Dialect& d, const json::Value& body);

// The input tool that body tool entry `k` was built from: the n-th entry with a name is the
// n-th input tool of that name; nullptr when none is (a tool the input does not hold).
const LocatedTool* toolOfEntry(const wire::Dialect& d, const json::Value& body, const InputMap& in, std::size_t k);

struct MappedPath {
    const LocatedTool* tool = nullptr; // the input tool the body path is about, if one
    std::string path; // the pointer into the input file
};

// Where `bodyPath` lands in the input: inside a tool entry's schema, at the same place in
// the written schema; at its name or description, there; elsewhere in the entry, the tool;
// in the tool choice, the input's choice; anything else, the request.
MappedPath mapBodyPath(const wire::Dialect& d, const json::Value& body, const InputMap& in, std::string_view bodyPath);

// The body with an explicit per-tool strict where the wire has a strict switch: each
// function tool's own strict (true/false as written) wins; on a wire where an omitted
// strict means strict mode (Capabilities::strictWhenOmitted) a tool without one gets true
// when its schema is strict-compatible under the wire's profile, else false. Other entries,
// and wires without a strict switch, are left alone.
json::Value withToolStrict(const wire::Dialect& d, const json::Value& body, const InputMap& in);

// The strict value the request builder gives a tool without its own on this wire, and why
// (for the loss report); nullopt when the wire leaves such a tool alone.
struct StrictDefault {
    bool value = false;
    std::string reason;
};
std::optional<StrictDefault> strictDefault(const wire::Dialect& d, const model::Tool& tool);

} // namespace tw::lint

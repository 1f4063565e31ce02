#pragma once
// Pre-flight: a request body checked against its provider's own published request schema
// (core/lint/schemas/, named by Capabilities::requestSchema), before it is sent.
//
// A violation is reported where the body breaks the schema. When a oneOf/anyOf fails (a
// message, a tool, an input item), the finding names the alternative the body meant — the
// one whose constant members (type, role) the body's match, else the closest — and that
// alternative's own violations, so "matches none of the oneOf alternatives" becomes
// "/messages/3 (Tool message): missing required property tool_call_id".
//
// Thread-safe: the documents are loaded once; validators are per thread.

#include "json/value.h"
#include "wire/registry.h"

#include <string>
#include <vector>

namespace tw::lint {

// A wire's request schema: the document and the schema the body is validated against (the
// document itself, or the document with a root "$ref" to the request's definition).
struct RequestSchema {
    std::string file; // the schema file's name under core/lint/schemas/
    std::string pointer; // "/components/schemas/CreateResponse"; "" : the document root
    json::Value document;
    json::Value root;
};

// nullptr when the wire names no schema or its file cannot be read (tst_preflight checks
// every wire's loads).
const RequestSchema* requestSchema(const wire::Dialect& d);

struct BodyProblem {
    enum class Kind {
        Violation,
        UnknownMember,
        Unsupported
    };
    Kind kind = Kind::Violation;
    std::string bodyPath; // JSON pointer into the body
    std::string message; // what is wrong there
};

// The body's problems against the wire's request schema; empty when it validates (or the
// wire has no schema). Unknown top-level members are reported when the schema leaves the
// body open (providers reject them all the same).
std::vector<BodyProblem> checkBody(const wire::Dialect& d, const json::Value& body);

} // namespace tw::lint

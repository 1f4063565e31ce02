#include "lint/lint.h"

#include "lint/bodymap.h"
#include "lint/pointer.h"
#include "lint/preflight.h"
#include "lint/rules.h"
#include "lint/strict.h"
#include "wire/reasoning.h"

#include <algorithm>

namespace tw::lint {

using json::Value;

namespace {

const Value& toolName(const LocatedTool* t) { return t ? t->tool.name() : Value::nullValue(); }

void preflightFindings(const RequestFacts& facts, const InputMap& in, std::vector<Finding>& out)
{
    const wire::Dialect& d = *facts.dialect;
    const RequestSchema* rs = requestSchema(d);
    for (const BodyProblem& p : checkBody(d, facts.body)) {
        const MappedPath m = mapBodyPath(d, facts.body, in, p.bodyPath);
        Finding f;
        const std::string where = p.bodyPath.empty() ? std::string("the root") : p.bodyPath;
        switch (p.kind) {
        case BodyProblem::Kind::Violation:
            f = makeFinding("preflight.schema", d, {{"body_path", where}, {"detail", p.message}}, toolName(m.tool), m.path);
            break;
        case BodyProblem::Kind::UnknownMember: f = makeFinding("preflight.unknown_member", d, {{"member", p.message}}, Value(), m.path); break;
        case BodyProblem::Kind::Unsupported:
            f = makeFinding("preflight.unsupported", d, {{"body_path", where}, {"detail", p.message}}, Value(), m.path);
            break;
        }
        if (rs)
            f.source = "vendor-schemas/" + rs->file + (rs->pointer.empty() ? std::string() : " #" + rs->pointer);
        f.bodyPath = p.bodyPath;
        out.push_back(std::move(f));
    }
}

void strictBodyFindings(const RequestFacts& facts, const InputMap& in, std::vector<Finding>& out)
{
    const wire::Dialect& d = *facts.dialect;
    if (d.caps.toolStrictPointer.empty() || d.caps.strictProfile.empty())
        return;
    const auto entries = bodyToolEntries(d, facts.body);
    std::vector<Value> strictSchemas;
    for (std::size_t k = 0; k < entries.size(); ++k) {
        const Value* strict = resolvePointer(entries[k], d.caps.toolStrictPointer);
        if (!strict || !strict->isBool() || !strict->toBool())
            continue;
        const LocatedTool* t = toolOfEntry(d, facts.body, in, k);
        const Value* schema = resolvePointer(entries[k], d.caps.toolSchemaPointer);
        if (!t || !schema)
            continue;
        strictSchemas.push_back(*schema);
        const std::string at = t->schemaPath.empty() ? t->path : t->schemaPath;
        for (Finding& f : strictFindings(d, *schema, at, t->tool.name())) {
            f.bodyPath = std::string(d.caps.bodyToolsPointer) + "/" + std::to_string(k) + std::string(d.caps.toolSchemaPointer);
            out.push_back(std::move(f));
        }
    }
    for (Finding& f : strictRequestLimits(d, strictSchemas, facts.requestPath))
        out.push_back(std::move(f));
}

} // namespace

std::vector<Finding> reasoningFindings(const wire::Dialect& d, const Value& body, const std::string& choicePath)
{
    std::vector<Finding> out;
    const wire::ReasoningDialect* r = wire::reasoningDialect(d.wire);
    if (!r || !r->forcedToolWithThinking)
        return out;
    if (auto at = r->forcedToolWithThinking(body)) {
        Finding f = makeFinding("reasoning.forced_tool", d, {}, Value(), choicePath);
        f.bodyPath = *at;
        out.push_back(std::move(f));
    }
    return out;
}

RequestReport checkRequest(const RequestFacts& facts)
{
    RequestReport r;
    if (!facts.dialect)
        return r;
    const InputMap in = InputMap::from(facts.tools, facts.choicePath, facts.requestPath);
    r.findings = lintTools(*facts.dialect, facts.tools);
    strictBodyFindings(facts, in, r.findings);
    for (Finding& f : reasoningFindings(*facts.dialect, facts.body, facts.choicePath.empty() ? facts.requestPath : facts.choicePath))
        r.findings.push_back(std::move(f));

    // A schema violation at a place a tool rule already flags as an error is that error's
    // consequence: the rule's finding says it better, and keeps the body's error visible.
    std::vector<Finding> preflight;
    preflightFindings(facts, in, preflight);
    for (Finding& p : preflight) {
        const bool covered = std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
            return f.severity == Severity::Error && !f.path.empty() && isWithin(p.path, f.path) && p.severity == Severity::Error &&
                p.path != facts.requestPath;
        });
        if (!covered)
            r.findings.push_back(std::move(p));
    }
    r.loss = lossReport(facts);
    return r;
}

} // namespace tw::lint

#pragma once
// The lint rule table (rules.json, the Qt resource :/core/lint/rules.json): each rule's id,
// severity, message template and documented source, the strict-mode profiles and the
// keyword subsets the wires' Capabilities name. Rules are data: the checks (toollint,
// strict, preflight, loss) decide where a rule applies and fill its template.
//
// A template's placeholders are {name} ... {wire}; {wire} is the wire's label. A value the
// caller does not give leaves its placeholder as written (the tests check every rule's
// placeholders are filled by its check).

#include "lint/finding.h"
#include "wire/registry.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tw::lint {

struct RuleDef {
    std::string id;
    Severity severity = Severity::Error; // loss rules: Info
    std::string message; // the template
    std::string source; // empty when sourceFromWire
    bool sourceFromWire = false; // the source is the wire's Capabilities::source
    bool loss = false; // a loss-report item (rules.json "loss")
};

// Every rule, in table order (rules first, then the loss items).
const std::vector<RuleDef>& rules();
// nullptr for an id the table does not have.
const RuleDef* findRule(std::string_view id);

// A strict-mode profile or a keyword subset by the name a Capabilities field gives; a null
// value for an empty or unknown name.
const json::Value& strictProfile(std::string_view name);
const json::Value& keywordSubset(std::string_view name);

using Vars = std::vector<std::pair<std::string_view, std::string>>;

// `text` with each {key} of `vars` replaced.
std::string fillTemplate(std::string_view text, const Vars& vars);

// A finding of rule `id` on the wire of `d`: severity and source from the table, the
// message from its template ({wire} is the wire's label; the template with only {wire}
// left unfilled is kept for merge()). An unknown id gives a finding whose message says so.
Finding makeFinding(std::string_view id, const wire::Dialect& d, const Vars& vars, json::Value tool, std::string path);

} // namespace tw::lint

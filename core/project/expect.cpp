// A preset's expectations: validation on load, evaluation after a run.

#include "project/expect.h"
#include "project/jsonkeys.h"
#include "project/project.h"

#include "json/json.h"
#include "model/tool.h"
#include "schema/ecmaregex.h"
#include "schema/validator.h"
#include "wire/reply.h"

#include <algorithm>
#include <map>

namespace tw::project {

namespace ek = ::tw::project::expectkeys;
using json::Value;

namespace {

// ---- validation ----------------------------------------------------------------------------

struct Checker {
    std::optional<Error> error;

    bool fail(const std::string& ptr, std::string what)
    {
        if (!error)
            error = makeError("invalid_project", ptr + ": " + std::move(what), ptr);
        return false;
    }
    static std::string at(const std::string& ptr, std::string_view key) { return ptr + "/" + json::escapePointerToken(key); }

    bool object(const Value& v, const std::string& ptr, std::initializer_list<std::string_view> known)
    {
        if (!v.isObject())
            return fail(ptr, std::string("expected an object, got ") + json::typeName(v.type()));
        for (const json::Member& m : v.members())
            if (std::find(known.begin(), known.end(), m.name()) == known.end()) {
                std::string names;
                for (std::string_view k : known)
                    names += (names.empty() ? "" : ", ") + std::string(k);
                return fail(at(ptr, m.name()), "unknown expectation \"" + std::string(m.name()) + "\" (known: " + names + ")");
            }
        return true;
    }
    bool names(const Value& v, const std::string& ptr)
    {
        if (!v.isArray())
            return fail(ptr, "expected an array of tool names");
        std::size_t i = 0;
        for (const Value& n : v.items()) {
            if (!n.isString() || n.str().empty())
                return fail(ptr + "/" + std::to_string(i), "expected a tool name (a non-empty string)");
            ++i;
        }
        return true;
    }
    bool strings(const Value& v, const std::string& ptr) // a string or an array of strings
    {
        if (v.isString())
            return true;
        if (!v.isArray())
            return fail(ptr, "expected a string or an array of strings");
        std::size_t i = 0;
        for (const Value& s : v.items())
            if (!s.isString())
                return fail(ptr + "/" + std::to_string(i), "expected a string");
            else
                ++i;
        return true;
    }
    bool count(const Value& v, const std::string& ptr) // N or {"min", "max"}
    {
        auto nonNegative = [&](const Value& n, const std::string& p) {
            if (!n.isInteger() || !n.toInt() || *n.toInt() < 0)
                return fail(p, "expected a whole number of calls (0 or more)");
            return true;
        };
        if (v.isNumber())
            return nonNegative(v, ptr);
        if (!object(v, ptr, {ek::Min, ek::Max}))
            return false;
        if (v.empty())
            return fail(ptr, "expected \"min\", \"max\" or both");
        for (const json::Member& m : v.members())
            if (!nonNegative(m.value, at(ptr, m.name())))
                return false;
        if (v.contains(ek::Min) && v.contains(ek::Max) && *v[ek::Min].toInt() > *v[ek::Max].toInt())
            return fail(ptr, "min is above max");
        return true;
    }
};

std::vector<std::string> stringList(const Value& v)
{
    std::vector<std::string> out;
    if (v.isString())
        out.emplace_back(v.str());
    for (const Value& s : v.items())
        out.emplace_back(s.str());
    return out;
}

constexpr wire::Finish kFinishes[] = {wire::Finish::ToolCalls, wire::Finish::Stop, wire::Finish::Length, wire::Finish::Refusal, wire::Finish::Other};

bool knownFinish(std::string_view name)
{
    return std::any_of(std::begin(kFinishes), std::end(kFinishes), [&](wire::Finish f) { return wire::finishName(f) == name; });
}

// ---- evaluation ----------------------------------------------------------------------------

std::string quoted(const std::vector<std::string>& names)
{
    std::string out = "[";
    for (const std::string& n : names)
        out += (out.size() > 1 ? ", " : "") + n;
    return out + "]";
}

std::vector<std::string> calledNames(const Observation& o)
{
    std::vector<std::string> out;
    for (const model::ToolCall& c : o.calls)
        out.push_back(c.name);
    return out;
}

std::set<std::string> nameSet(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

bool withinCount(const Value& want, long long n)
{
    if (want.isNumber())
        return n == *want.toInt();
    if (want.contains(ek::Min) && n < *want[ek::Min].toInt())
        return false;
    if (want.contains(ek::Max) && n > *want[ek::Max].toInt())
        return false;
    return true;
}

std::string countText(const Value& want)
{
    if (want.isNumber())
        return "exactly " + std::string(want.numberText());
    std::string out;
    if (want.contains(ek::Min))
        out = "at least " + std::string(want[ek::Min].numberText());
    if (want.contains(ek::Max))
        out += (out.empty() ? "" : " and ") + std::string("at most ") + std::string(want[ek::Max].numberText());
    return out;
}

void checkTools(const Value& t, const Observation& o, std::vector<CheckResult>& out)
{
    const std::vector<std::string> called = calledNames(o);
    const std::set<std::string> got = nameSet(called);
    if (const Value* v = t.find(ek::Called)) {
        const std::vector<std::string> want = stringList(*v);
        const bool ok = nameSet(want) == got;
        out.push_back(
            {"tools.called", "exactly these tools are called: " + quoted(want), ok, ok ? "" : "called " + quoted({got.begin(), got.end()})});
    }
    if (const Value* v = t.find(ek::Includes)) {
        std::vector<std::string> missing;
        for (const std::string& n : stringList(*v))
            if (!got.count(n))
                missing.push_back(n);
        out.push_back({"tools.includes", "these tools are among the calls: " + quoted(stringList(*v)), missing.empty(),
                       missing.empty() ? "" : "not called: " + quoted(missing) + "; called " + quoted(called)});
    }
    if (const Value* v = t.find(ek::Order)) {
        const std::vector<std::string> want = stringList(*v);
        const bool ok = want == called;
        out.push_back({"tools.order", "the calls in this order: " + quoted(want), ok, ok ? "" : "the calls were " + quoted(called)});
    }
    if (const Value* v = t.find(ek::NotCalled)) {
        std::vector<std::string> hit;
        for (const std::string& n : stringList(*v))
            if (got.count(n))
                hit.push_back(n);
        out.push_back({"tools.not_called", "none of these tools is called: " + quoted(stringList(*v)), hit.empty(),
                       hit.empty() ? "" : "called " + quoted(hit)});
    }
    if (const Value* v = t.find(ek::Count)) {
        for (const json::Member& m : v->members()) {
            const long long n = std::count(called.begin(), called.end(), std::string(m.name()));
            const bool ok = withinCount(m.value, n);
            out.push_back({"tools.count." + std::string(m.name()), std::string(m.name()) + " is called " + countText(m.value) + " time(s)", ok,
                           ok ? "" : "called " + std::to_string(n) + " time(s)"});
        }
    }
    if (const Value* v = t.find(ek::Total)) {
        const bool ok = withinCount(*v, static_cast<long long>(called.size()));
        out.push_back(
            {"tools.total", countText(*v) + " call(s) in all", ok, ok ? "" : std::to_string(called.size()) + " call(s): " + quoted(called)});
    }
}

void checkArguments(const Value& list, const Observation& o, std::vector<CheckResult>& out)
{
    std::size_t i = 0;
    for (const Value& a : list.items()) {
        const std::string id = "arguments[" + std::to_string(i++) + "]";
        const std::string tool(a[ek::Tool].str());
        const bool all = a[ek::Calls].str() == ek::CallsAll;
        std::string what = tool + (all ? ": every call's" : ": a call's") + " arguments";
        if (a.contains(ek::EqualsKey))
            what += " equal " + json::compact(a[ek::EqualsKey]);
        if (a.contains(ek::Includes))
            what += std::string(a.contains(ek::EqualsKey) ? " and" : "") + " include " + json::compact(a[ek::Includes]);
        std::size_t seen = 0, matching = 0;
        std::string lastArgs;
        for (const model::ToolCall& c : o.calls) {
            if (c.name != tool)
                continue;
            ++seen;
            lastArgs = json::compact(c.arguments);
            const bool eq = !a.contains(ek::EqualsKey) || c.arguments == a[ek::EqualsKey];
            const bool inc = !a.contains(ek::Includes) || jsonIncludes(c.arguments, a[ek::Includes]);
            if (eq && inc && !c.argumentsUndecodable)
                ++matching;
        }
        const bool ok = seen > 0 && (all ? matching == seen : matching > 0);
        std::string detail;
        if (seen == 0)
            detail = tool + " was not called";
        else if (!ok)
            detail = std::to_string(matching) + " of " + std::to_string(seen) + " call(s) match; last arguments " + lastArgs;
        out.push_back({id, what, ok, detail});
    }
}

void checkValid(const Observation& o, const Project& project, std::vector<CheckResult>& out)
{
    std::string detail;
    for (const model::ToolCall& c : o.calls) {
        if (!detail.empty())
            break;
        if (c.argumentsUndecodable) {
            detail = c.name + ": arguments undecodable (" + c.argumentsError + ")";
            continue;
        }
        const Value* tool = project.findTool(c.name);
        if (!tool) {
            detail = c.name + ": the project has no such tool";
            continue;
        }
        const Value& schemaValue = (*tool)[model::toolkeys::kInputSchema];
        if (!schemaValue.isObject())
            continue; // no schema: any object is valid
        const schema::Validator validator(schemaValue);
        const schema::ValidationResult r = validator.validate(c.arguments);
        if (!r.violations.empty())
            detail = c.name + ": " + (r.violations[0].pointer.empty() ? std::string("arguments") : r.violations[0].pointer) + ": " +
                r.violations[0].message;
    }
    out.push_back({"arguments_valid", "every call's arguments are valid against its tool's schema", detail.empty(), detail});
}

void checkText(const Value& t, const Observation& o, std::vector<CheckResult>& out)
{
    const std::string text = o.text.value_or("");
    const std::string shown = o.text ? "the text was \"" + text + "\"" : std::string("there was no text");
    if (const Value* v = t.find(ek::Contains)) {
        std::vector<std::string> missing;
        for (const std::string& s : stringList(*v))
            if (text.find(s) == std::string::npos)
                missing.push_back(s);
        out.push_back({"text.contains", "the final text contains " + quoted(stringList(*v)), missing.empty(),
                       missing.empty() ? "" : "missing " + quoted(missing) + "; " + shown});
    }
    if (const Value* v = t.find(ek::NotContains)) {
        std::vector<std::string> hit;
        for (const std::string& s : stringList(*v))
            if (text.find(s) != std::string::npos)
                hit.push_back(s);
        out.push_back({"text.not_contains", "the final text contains none of " + quoted(stringList(*v)), hit.empty(),
                       hit.empty() ? "" : "found " + quoted(hit) + "; " + shown});
    }
    if (const Value* v = t.find(ek::Matches)) {
        const QRegularExpression* re = schema::compiledPattern(v->str());
        const bool ok = o.text && re && schema::searchMatches(*re, text);
        out.push_back({"text.matches", "the final text matches /" + std::string(v->str()) + "/", ok, ok ? "" : shown});
    }
}

} // namespace

Result<void> validateExpect(const Value& e, const std::string& ptr)
{
    Checker c;
    auto done = [&]() -> Result<void> {
        if (c.error)
            return *c.error;
        return {};
    };
    if (!c.object(e, ptr, {ek::Mode, ek::MinPassRate, ek::Tools, ek::Arguments, ek::ArgumentsValid, ek::Text, ek::Finish}))
        return done();
    if (const Value* v = e.find(ek::Mode); v && v->str() != ek::ModeRequest && v->str() != ek::ModeLoop)
        c.fail(Checker::at(ptr, ek::Mode), "expected \"request\" or \"loop\"");
    if (const Value* v = e.find(ek::MinPassRate); v && (!v->isNumber() || v->toDouble() < 0 || v->toDouble() > 1))
        c.fail(Checker::at(ptr, ek::MinPassRate), "expected a number from 0 to 1");
    if (const Value* t = e.find(ek::Tools)) {
        const std::string tp = Checker::at(ptr, ek::Tools);
        if (c.object(*t, tp, {ek::Called, ek::Includes, ek::Order, ek::NotCalled, ek::Count, ek::Total})) {
            for (std::string_view k : {ek::Called, ek::Includes, ek::Order, ek::NotCalled})
                if (const Value* v = t->find(k))
                    c.names(*v, Checker::at(tp, k));
            if (const Value* v = t->find(ek::Count)) {
                if (!v->isObject())
                    c.fail(Checker::at(tp, ek::Count), "expected {\"tool name\": N or {\"min\", \"max\"}}");
                for (const json::Member& m : v->members())
                    c.count(m.value, Checker::at(Checker::at(tp, ek::Count), m.name()));
            }
            if (const Value* v = t->find(ek::Total))
                c.count(*v, Checker::at(tp, ek::Total));
        }
    }
    if (const Value* a = e.find(ek::Arguments)) {
        const std::string ap = Checker::at(ptr, ek::Arguments);
        if (!a->isArray())
            c.fail(ap, "expected an array of {\"tool\", \"equals\" or \"includes\"}");
        std::size_t i = 0;
        for (const Value& item : a->items()) {
            const std::string ip = ap + "/" + std::to_string(i++);
            if (!c.object(item, ip, {ek::Tool, ek::EqualsKey, ek::Includes, ek::Calls}))
                break;
            if (!item[ek::Tool].isString() || item[ek::Tool].str().empty())
                c.fail(Checker::at(ip, ek::Tool), "expected the tool's name");
            if (!item.contains(ek::EqualsKey) && !item.contains(ek::Includes))
                c.fail(ip, "expected \"equals\" or \"includes\" (the arguments, or a part of them)");
            for (std::string_view k : {ek::EqualsKey, ek::Includes})
                if (const Value* v = item.find(k); v && !v->isObject())
                    c.fail(Checker::at(ip, k), "expected an arguments object");
            if (const Value* v = item.find(ek::Calls); v && v->str() != ek::CallsAny && v->str() != ek::CallsAll)
                c.fail(Checker::at(ip, ek::Calls), "expected \"any\" or \"all\"");
        }
    }
    if (const Value* v = e.find(ek::ArgumentsValid); v && !v->isBool())
        c.fail(Checker::at(ptr, ek::ArgumentsValid), "expected true or false");
    if (const Value* t = e.find(ek::Text)) {
        const std::string tp = Checker::at(ptr, ek::Text);
        if (c.object(*t, tp, {ek::Contains, ek::NotContains, ek::Matches})) {
            for (std::string_view k : {ek::Contains, ek::NotContains})
                if (const Value* v = t->find(k))
                    c.strings(*v, Checker::at(tp, k));
            if (const Value* v = t->find(ek::Matches)) {
                if (!v->isString())
                    c.fail(Checker::at(tp, ek::Matches), "expected a regular expression (a string)");
                else if (!schema::compiledPattern(v->str()))
                    c.fail(Checker::at(tp, ek::Matches), "not a regular expression this build can run: " + std::string(v->str()));
            }
        }
    }
    if (const Value* f = e.find(ek::Finish)) {
        const std::string fp = Checker::at(ptr, ek::Finish);
        if (c.strings(*f, fp))
            for (const std::string& name : stringList(*f))
                if (!knownFinish(name))
                    c.fail(fp, "unknown finish reason \"" + name + "\" (tool_calls, stop, length, refusal or other)");
    }
    return done();
}

bool wantsLoop(const Value& expect) { return expect[ek::Mode].str() == ek::ModeLoop; }

double minPassRate(const Value& expect) { return expect.contains(ek::MinPassRate) ? expect[ek::MinPassRate].toDouble() : 1.0; }

std::vector<CheckResult> evaluate(const Value& e, const Observation& o, const Project& project)
{
    std::vector<CheckResult> out;
    out.push_back({"run", "the preset runs without an error", !o.error, o.error ? o.error->category + ": " + o.error->message : ""});
    if (const Value* t = e.find(ek::Tools))
        checkTools(*t, o, out);
    if (const Value* a = e.find(ek::Arguments))
        checkArguments(*a, o, out);
    if (e[ek::ArgumentsValid].toBool())
        checkValid(o, project, out);
    if (const Value* t = e.find(ek::Text))
        checkText(*t, o, out);
    if (const Value* f = e.find(ek::Finish)) {
        const std::vector<std::string> want = stringList(*f);
        const bool ok = std::find(want.begin(), want.end(), o.finish) != want.end();
        out.push_back({"finish", "the finish reason is " + quoted(want), ok, ok ? "" : "it was " + o.finish});
    }
    return out;
}

std::optional<std::set<std::string>> expectedToolSet(const Value& e)
{
    const Value& t = e[ek::Tools];
    if (const Value* v = t.find(ek::Called)) {
        const std::vector<std::string> names = stringList(*v);
        return std::set<std::string>(names.begin(), names.end());
    }
    std::set<std::string> out;
    bool named = false;
    for (std::string_view k : {ek::Includes, ek::Order})
        if (const Value* v = t.find(k)) {
            named = true;
            for (const std::string& n : stringList(*v))
                out.insert(n);
        }
    for (const json::Member& m : t[ek::Count].members()) {
        named = true;
        if (!withinCount(m.value, 0))
            out.insert(std::string(m.name()));
    }
    if (!named)
        return std::nullopt;
    return out;
}

std::vector<ToolNameUse> toolNamesIn(const Value& e, const std::string& ptr)
{
    std::vector<ToolNameUse> out;
    const Value& t = e[ek::Tools];
    const std::string tools = ptr + "/" + std::string(ek::Tools) + "/";
    for (std::string_view k : {ek::Called, ek::Includes, ek::Order, ek::NotCalled}) {
        const Value* v = t.find(k);
        if (!v)
            continue;
        const std::string at = tools + std::string(k);
        if (v->isString())
            out.push_back({std::string(v->str()), at});
        std::size_t i = 0;
        for (const Value& name : v->items()) {
            if (name.isString())
                out.push_back({std::string(name.str()), at + "/" + std::to_string(i)});
            ++i;
        }
    }
    for (const json::Member& m : t[ek::Count].members())
        out.push_back({std::string(m.name()), tools + std::string(ek::Count) + "/" + json::escapePointerToken(m.name())});
    std::size_t i = 0;
    for (const Value& check : e[ek::Arguments].items()) {
        if (check[ek::Tool].isString())
            out.push_back(
                {std::string(check[ek::Tool].str()), ptr + "/" + std::string(ek::Arguments) + "/" + std::to_string(i) + "/" + std::string(ek::Tool)});
        ++i;
    }
    return out;
}

Value renameToolIn(const Value& e, std::string_view from, std::string_view to)
{
    const Value newName{std::string(to)};
    const auto renamed = [&](const Value& v) {
        if (v.isString())
            return v.str() == from ? newName : v;
        if (!v.isArray())
            return v;
        std::vector<Value> items;
        for (const Value& name : v.items())
            items.push_back(name.isString() && name.str() == from ? newName : name);
        return Value(std::move(items));
    };
    Value out = e;
    if (const Value* t = e.find(ek::Tools); t && t->isObject()) {
        json::ObjectBuilder b(*t); // members keep their order
        for (std::string_view k : {ek::Called, ek::Includes, ek::Order, ek::NotCalled})
            if (const Value* v = t->find(k))
                b.set(k, renamed(*v));
        if (const Value* count = t->find(ek::Count); count && count->isObject()) {
            json::ObjectBuilder c;
            for (const json::Member& m : count->members())
                c.set(m.name() == from ? to : m.name(), m.value);
            b.set(ek::Count, std::move(c).build());
        }
        out = out.set(ek::Tools, std::move(b).build());
    }
    if (const Value* a = e.find(ek::Arguments); a && a->isArray()) {
        std::vector<Value> checks;
        for (const Value& check : a->items())
            checks.push_back(check[ek::Tool].isString() && check[ek::Tool].str() == from ? check.set(ek::Tool, newName) : check);
        out = out.set(ek::Arguments, Value(std::move(checks)));
    }
    return out;
}

std::vector<ToolNameUse> unknownToolNames(const Project& project)
{
    std::vector<ToolNameUse> out;
    for (std::size_t i = 0; i < project.presets.size(); ++i)
        for (ToolNameUse& use : toolNamesIn(project.presets[i].expect, "/presets/" + std::to_string(i) + "/expect"))
            if (!project.findTool(use.name))
                out.push_back(std::move(use));
    for (const json::Member& m : project.mockTools.members())
        if (!project.findTool(m.name()))
            out.push_back({std::string(m.name()), "/mock_tools/" + json::escapePointerToken(m.name())});
    return out;
}

void Selection::add(const std::set<std::string>& expected, const std::vector<model::ToolCall>& calls)
{
    std::set<std::string> got;
    for (const model::ToolCall& c : calls)
        got.insert(c.name);
    for (const std::string& n : got)
        (expected.count(n) ? truePositives : falsePositives)++;
    for (const std::string& n : expected)
        if (!got.count(n))
            ++falseNegatives;
}

std::optional<double> Selection::precision() const
{
    if (truePositives + falsePositives == 0)
        return std::nullopt;
    return double(truePositives) / double(truePositives + falsePositives);
}

std::optional<double> Selection::recall() const
{
    if (truePositives + falseNegatives == 0)
        return std::nullopt;
    return double(truePositives) / double(truePositives + falseNegatives);
}

bool jsonIncludes(const Value& actual, const Value& expected)
{
    if (expected.isObject()) {
        if (!actual.isObject())
            return false;
        for (const json::Member& m : expected.members()) {
            const Value* a = actual.find(m.name());
            if (!a || !jsonIncludes(*a, m.value))
                return false;
        }
        return true;
    }
    if (expected.isArray()) {
        if (!actual.isArray())
            return false;
        for (const Value& want : expected.items())
            if (std::none_of(actual.items().begin(), actual.items().end(), [&](const Value& a) { return jsonIncludes(a, want); }))
                return false;
        return true;
    }
    return actual == expected;
}

} // namespace tw::project

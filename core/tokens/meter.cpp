#include "tokens/meter.h"
#include "tokens/bpe.h"
#include "tokens/data.h"
#include "tokens/jsonkeys.h"

#include "json/json.h"
#include "wire/common_request.h"
#include "wire/preview.h"
#include "wire/registry.h"

#include <algorithm>

namespace tw::tokens {

using json::Value;

namespace {

struct Cookbook {
    long long funcInit = 0, propInit = 0, propKey = 0, enumInit = 0, enumItem = 0, funcEnd = 0;
    std::string source;
};

Cookbook cookbook()
{
    const Value& c = meterData()[keys::kCookbook];
    auto n = [&](std::string_view k) { return c[k].toInt().value_or(0); };
    return {n(keys::kFuncInit),
            n(keys::kPropInit),
            n(keys::kPropKey),
            n(keys::kEnumInit),
            n(keys::kEnumItem),
            n(keys::kFuncEnd),
            c[keys::kSource].toStdString()};
}

// A string as written; anything else as its compact JSON.
std::string text(const Value& v) { return v.isString() ? v.toStdString() : (v.isNull() ? std::string() : json::compact(v)); }

std::string withoutTrailingDot(std::string s)
{
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s;
}

std::string typeText(const Value& type)
{
    if (type.isString())
        return type.toStdString();
    if (type.isArray()) {
        std::string out;
        for (const Value& t : type.items())
            out += (out.empty() ? "" : " | ") + text(t);
        return out;
    }
    return "any";
}

// The properties of `schema` that the cookbook rule counts: its own, or its array items'.
const Value* countedProperties(const Value& schema)
{
    if (const Value* p = schema.find(keys::kProperties); p && p->isObject() && !p->empty())
        return p;
    if (const Value* items = schema.find(keys::kItems); items && items->isObject())
        return countedProperties(*items);
    return nullptr;
}

long long cookbookProperties(const Encoding& enc, const Cookbook& c, const Value& properties, int depth)
{
    long long n = c.propInit;
    for (const json::Member& m : properties.members()) {
        const Value& p = m.value;
        n += c.propKey;
        if (const Value* e = p.find(keys::kEnum); e && e->isArray()) {
            n += c.enumInit;
            for (const Value& item : e->items())
                n += c.enumItem + static_cast<long long>(enc.count(text(item)));
        }
        const std::string line = m.key.toStdString() + ":" + typeText(p[keys::kType]) + ":" + withoutTrailingDot(text(p[keys::kDescription]));
        n += static_cast<long long>(enc.count(line));
        if (depth < 32) // nested objects (Toolwire's extension of the cookbook rule)
            if (const Value* nested = countedProperties(p))
                n += cookbookProperties(enc, c, *nested, depth + 1);
    }
    return n;
}

long long cookbookTool(const Encoding& enc, const Cookbook& c, const model::Tool& t)
{
    long long n = c.funcInit;
    n += static_cast<long long>(enc.count(text(t.name()) + ":" + withoutTrailingDot(text(t.description()))));
    if (const Value* props = countedProperties(t.inputSchema()))
        n += cookbookProperties(enc, c, *props, 0);
    return n;
}

} // namespace

std::string_view kindName(CountKind k) noexcept { return k == CountKind::Exact ? "exact" : "estimate"; }

Result<long long> countText(std::string_view utf8)
{
    auto enc = Encoding::o200k();
    if (!enc)
        return enc.error();
    return static_cast<long long>((*enc)->count(utf8));
}

Result<WireTokens> estimate(wire::Wire w, std::span<const MeterTool> tools)
{
    auto encoding = Encoding::o200k();
    if (!encoding)
        return encoding.error();
    const Encoding& enc = **encoding;
    const wire::Dialect& d = wire::dialect(w);
    const Value& data = wireMeterData(w);
    const Cookbook c = cookbook();

    WireTokens out;
    out.wire = w;
    out.kind = CountKind::Estimate;
    out.method = data[keys::kMethod].isString() ? data[keys::kMethod].toStdString() : std::string("rendered_json");
    out.description = methodDescription(out.method);
    out.note = data[keys::kNote].toStdString();

    std::vector<model::Tool> parsed;
    std::vector<Value> accepted;
    for (const MeterTool& m : tools) {
        auto t = wire::parseTool(m.tool);
        if (!t || !*t) {
            out.skipped.push_back({m.path, t ? std::string("not a tool definition") : t.error().message});
            continue;
        }
        if (auto shaped = wire::toolToWire(w, m.tool); !shaped) {
            out.skipped.push_back({m.path, shaped.error().message});
            continue;
        }
        ToolTokens tt;
        tt.name = (*t)->name();
        tt.path = m.path;
        out.tools.push_back(std::move(tt));
        parsed.push_back(std::move(**t));
        accepted.push_back(m.tool);
    }
    if (parsed.empty())
        return out;

    if (out.method == "cookbook") {
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            out.tools[i].tokens = cookbookTool(enc, c, parsed[i]);
            out.total += out.tools[i].tokens;
        }
        out.total += c.funcEnd;
        return out;
    }

    for (std::size_t i = 0; i < accepted.size(); ++i) {
        auto shaped = wire::toolToWire(w, accepted[i]);
        out.tools[i].tokens = shaped ? static_cast<long long>(enc.count(json::compact(*shaped))) : 0;
    }
    auto fields = wire::toolFieldsForRequest(w, accepted, model::ChoiceSetting{}, Value(), Value());
    if (!fields) { // every tool rendered on its own: the sum stands for the list
        for (const ToolTokens& t : out.tools)
            out.total += t.tokens;
        return out;
    }
    if (fields->systemPrompt) {
        out.total = static_cast<long long>(enc.count(*fields->systemPrompt));
        return out;
    }
    // The member holding the tools, as the body spells it: `"tools":[...]`.
    std::string_view pointer = d.caps.bodyToolsPointer;
    const std::string member = pointer.size() > 1 ? std::string(pointer.substr(1, pointer.find('/', 1) - 1)) : std::string("tools");
    std::string bytes;
    if (const Value* v = fields->body.find(member)) {
        json::writeString(bytes, member);
        bytes += ':';
        json::serializeTo(bytes, *v);
    } else {
        json::serializeTo(bytes, fields->body);
    }
    out.total = static_cast<long long>(enc.count(bytes));
    return out;
}

namespace {

// A row the table marks "unverified" (no source confirmed its price) is never shown or used.
bool usablePrice(const Value& row) { return row[keys::kInputPer1m].isNumber() && !row[keys::kUnverified].toBool(false); }

} // namespace

std::vector<Cost> costs(wire::Wire w, long long tokens, std::string_view model)
{
    std::vector<Cost> out;
    for (const Value& row : priceData()[keys::kRows].items()) {
        if (row[keys::kWire].str() != wire::name(w) || !usablePrice(row))
            continue;
        Cost c;
        c.model = row[keys::kModel].toStdString();
        c.inputPer1m = row[keys::kInputPer1m].toDouble();
        c.asOf = row[keys::kAsOf].toStdString();
        c.source = row[keys::kSource].toStdString();
        c.per1kRequests = static_cast<double>(tokens) * c.inputPer1m / 1e6 * 1000.0;
        out.push_back(std::move(c));
    }
    if (!model.empty())
        std::stable_partition(out.begin(), out.end(), [&](const Cost& c) { return c.model == model; });
    return out;
}

std::string pricesAsOf()
{
    std::string newest;
    for (const Value& row : priceData()[keys::kRows].items())
        if (usablePrice(row))
            newest = std::max(newest, row[keys::kAsOf].toStdString());
    return newest;
}

Value toJson(const WireTokens& t)
{
    json::ObjectBuilder b;
    b.append(keys::kKind, Value(kindName(t.kind)));
    b.append(keys::kMethod, Value(t.method));
    b.append(keys::kTotal, Value(t.total));
    std::vector<Value> tools;
    for (const ToolTokens& tt : t.tools)
        tools.push_back(Value{{keys::kName, tt.name}, {keys::kTokens, Value(tt.tokens)}, {keys::kPath, Value(tt.path)}});
    b.append(keys::kTools, Value(std::move(tools)));
    if (!t.costs.empty()) {
        json::ObjectBuilder c;
        for (const Cost& cost : t.costs)
            c.set(cost.model, Value(cost.per1kRequests));
        b.append(keys::kCostPer1k, std::move(c).build());
    }
    if (!t.note.empty())
        b.append(keys::kNote, Value(t.note));
    if (!t.skipped.empty()) {
        std::vector<Value> skipped;
        for (const SkippedTool& s : t.skipped)
            skipped.push_back(Value{{keys::kPath, Value(s.path)}, {keys::kReason, Value(s.reason)}});
        b.append(keys::kSkipped, Value(std::move(skipped)));
    }
    return std::move(b).build();
}

} // namespace tw::tokens

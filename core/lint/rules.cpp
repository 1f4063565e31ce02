#include "lint/rules.h"
#include "lint/jsonkeys.h"

#include "json/json.h"

#include <QFile>

namespace tw::lint {

using json::Value;

namespace {

struct Table {
    Value doc;
    std::vector<RuleDef> rules;

    Table()
    {
        QFile f(QStringLiteral(":/core/lint/rules.json"));
        if (!f.open(QIODevice::ReadOnly))
            return; // tst_lint checks that the table loads and every rule a check uses is in it
        const QByteArray bytes = f.readAll();
        auto parsed = json::parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        if (!parsed)
            return;
        doc = std::move(*parsed);
        for (std::string_view group : {keys::kRules, keys::kLoss}) {
            for (const Value& r : doc[group].items()) {
                RuleDef def;
                def.id = r[keys::kId].toStdString();
                def.loss = group == keys::kLoss;
                def.severity = def.loss ? Severity::Info : severityFromName(r[keys::kSeverity].str()).value_or(Severity::Error);
                def.message = r[keys::kMessage].toStdString();
                def.source = r[keys::kSource].toStdString();
                def.sourceFromWire = r[keys::kSourceFromWire].toBool();
                rules.push_back(std::move(def));
            }
        }
    }
};

const Table& table()
{
    static const Table t; // loaded once, thread-safe; read-only afterwards
    return t;
}

const Value& named(std::string_view group, std::string_view name)
{
    if (name.empty())
        return Value::nullValue();
    return table().doc[group][name];
}

} // namespace

const std::vector<RuleDef>& rules() { return table().rules; }

const RuleDef* findRule(std::string_view id)
{
    for (const RuleDef& r : table().rules)
        if (r.id == id)
            return &r;
    return nullptr;
}

const Value& strictProfile(std::string_view name) { return named(keys::kStrictProfiles, name); }
const Value& keywordSubset(std::string_view name) { return named(keys::kKeywordSubsets, name); }

std::string fillTemplate(std::string_view text, const Vars& vars)
{
    std::string out;
    out.reserve(text.size() + 32);
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '{') {
            const std::size_t close = text.find('}', i);
            if (close != std::string_view::npos) {
                const std::string_view key = text.substr(i + 1, close - i - 1);
                bool replaced = false;
                for (const auto& [k, v] : vars)
                    if (k == key) {
                        out += v;
                        replaced = true;
                        break;
                    }
                if (replaced) {
                    i = close + 1;
                    continue;
                }
            }
        }
        out += text[i++];
    }
    return out;
}

Finding makeFinding(std::string_view id, const wire::Dialect& d, const Vars& vars, Value tool, std::string path)
{
    Finding f;
    f.wires = {d.wire};
    f.tool = std::move(tool);
    f.path = std::move(path);
    f.rule = std::string(id);
    const RuleDef* def = findRule(id);
    if (!def) {
        f.message = "rule " + f.rule + " is not in the rule table";
        return f;
    }
    f.severity = def->severity;
    f.source = def->sourceFromWire ? std::string(d.caps.source) : def->source;
    f.wireTemplate = fillTemplate(def->message, vars); // {wire} is not among the vars
    Vars withWire = vars;
    withWire.emplace_back("wire", std::string(d.label));
    f.message = fillTemplate(f.wireTemplate, withWire);
    if (f.wireTemplate == f.message)
        f.wireTemplate.clear();
    return f;
}

} // namespace tw::lint

// The request side of the wire dialects beyond the corpus: key order of what is sent
// (the corpus ignores it, users do not), schema sharing, the editor's preview with
// allow-lists, the Hermes prompt, error paths, and the canonical value types.

#include "json/json.h"
#include "model/toolchoice.h"
#include "model/toolresult.h"
#include "wire/common_request.h"
#include "wire/hermes/request.h"
#include "wire/preview.h"

#include <QTest>

Q_DECLARE_METATYPE(tw::wire::Wire)

class TestRequest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void renderedKeyOrder_data();
    void renderedKeyOrder();
    void schemaIsSharedNotCopied();
    void geminiDropsOnlyTheRootSchemaKey();
    void toolEqualityIsOrderSensitive();
    void canonicalChoiceRoundTrip();
    void previewFields_data();
    void previewFields();
    void previewAllowListFilters();
    void previewForcedToolMustBeAllowed();
    void previewHermesPrompt();
    void previewErrorsNameTheTool();
    void previewRejectsUnknownChoiceType();
    void singleToolToWire();
    void hermesPromptKeepsPercentSigns();
    void toolRoundEchoOrder();
    void listErrorsCarryTheIndex();
    void resultValidation_data();
    void resultValidation();
    void parallelAliases();
    void unknownChoicePassesThrough();
};

using tw::json::Value;
namespace model = tw::model;
namespace wire = tw::wire;

namespace {

Value J(std::string_view text)
{
    auto r = tw::json::parse(text);
    if (!r)
        qFatal("bad test JSON: %s", r.error().toString().c_str());
    return *r;
}

QStringList keysOf(const Value& v)
{
    QStringList k;
    for (const tw::json::Member& m : v.members())
        k << QString::fromUtf8(m.name().data(), qsizetype(m.name().size()));
    return k;
}

QStringList L(std::initializer_list<const char*> items)
{
    QStringList out;
    for (const char* s : items)
        out << QString::fromUtf8(s);
    return out;
}

QString text(const Value& v) { return QString::fromStdString(tw::json::compact(v)); }

// A tool whose schema lists its properties in non-alphabetical order.
const char* const kWeather = R"({"name": "get_weather", "description": "Weather", "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
    "properties": {"unit": {"type": "string"}, "city": {"type": "string"}},
    "required": ["city"], "additionalProperties": false}, "annotations": {"readOnlyHint": true}})";
const char* const kNow = R"({"name": "now", "description": "Time", "inputSchema": {"type": "object"}})";

const wire::RequestDialect* dialect(const char* tag) { return wire::findRequestDialect(std::string_view(tag)); }

} // namespace

void TestRequest::renderedKeyOrder_data()
{
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<QString>("schemaPath"); // where the schema sits, "" for none
    QTest::newRow("weather_tool/openai") << "openai" << L({"type", "function"}) << "function.parameters";
    QTest::newRow("weather_tool/ollama") << "ollama" << L({"type", "function"}) << "function.parameters";
    QTest::newRow("weather_tool/responses") << "responses" << L({"type", "name", "description", "parameters"}) << "parameters";
    QTest::newRow("weather_tool/anthropic") << "anthropic" << L({"name", "description", "input_schema", "strict"}) << "input_schema";
    QTest::newRow("weather_tool/gemini") << "gemini" << L({"name", "description", "parametersJsonSchema"}) << "parametersJsonSchema";
    QTest::newRow("weather_tool/mcp") << "mcp" << L({"name", "description", "inputSchema"}) << "inputSchema";
    QTest::newRow("weather_tool/hermes") << "hermes" << L({"name", "description", "inputSchema"}) << "inputSchema";
}

void TestRequest::renderedKeyOrder()
{
    QFETCH(QString, tag);
    QFETCH(QStringList, keys);
    QFETCH(QString, schemaPath);
    auto out = wire::toolToWire(dialect(tag.toUtf8().constData()), J(kWeather));
    QVERIFY(out.ok());
    QCOMPARE(keysOf(*out), keys);
    if (tag == QLatin1String("openai") || tag == QLatin1String("ollama"))
        QCOMPARE(keysOf((*out)["function"]), (L({"name", "description", "parameters"})));
    Value schema = *out;
    for (const QString& k : schemaPath.split(QLatin1Char('.')))
        schema = schema[k.toStdString()];
    // Property order is data: it reaches the wire as the user wrote it.
    QCOMPARE(keysOf(schema["properties"]), (L({"unit", "city"})));
}

void TestRequest::schemaIsSharedNotCopied()
{
    const Value tool = J(kWeather);
    const Value& schema = tool["inputSchema"];
    for (const char* tag : {"openai", "responses", "anthropic", "mcp"}) {
        auto list = wire::formatToolList(dialect(tag), Value(std::vector<Value>{tool}));
        QVERIFY(list.ok());
        const Value& item = list->at(0);
        const Value& sent = item.contains("function") ? item["function"]["parameters"]
            : item.contains("parameters")             ? item["parameters"]
            : item.contains("input_schema")           ? item["input_schema"]
                                                      : item["inputSchema"];
        // The same members in memory: the schema subtree is referenced, not rebuilt.
        QCOMPARE(static_cast<const void*>(sent.members().data()), static_cast<const void*>(schema.members().data()));
    }
    // Gemini rebuilds the root (without $schema) but shares everything under it.
    auto g = wire::toolToWire(dialect("gemini"), tool);
    QVERIFY(g.ok());
    QCOMPARE(static_cast<const void*>((*g)["parametersJsonSchema"]["properties"].members().data()),
             static_cast<const void*>(schema["properties"].members().data()));
}

void TestRequest::geminiDropsOnlyTheRootSchemaKey()
{
    const Value tool = J(R"({"name": "s", "input_schema": {"type": "object", "$schema": "x",
        "properties": {"q": {"$schema": "nested stays", "type": "string"}}, "required": ["q"]}})");
    auto out = wire::toolToWire(dialect("gemini"), tool);
    QVERIFY(out.ok());
    const Value& s = (*out)["parametersJsonSchema"];
    QCOMPARE(keysOf(s), (L({"type", "properties", "required"})));
    QCOMPARE(s["properties"]["q"]["$schema"].str(), std::string_view("nested stays"));
    // Without properties Gemini gets no schema at all.
    auto bare = wire::toolToWire(dialect("gemini"), J(kNow));
    QVERIFY(bare.ok());
    QCOMPARE(keysOf(*bare), (L({"name", "description"})));
}

void TestRequest::toolEqualityIsOrderSensitive()
{
    auto a = wire::parseTool(J(R"({"name": "t", "input_schema": {"type": "object", "properties": {"a": {}, "b": {}}}})"));
    auto b = wire::parseTool(J(R"({"name": "t", "input_schema": {"type": "object", "properties": {"b": {}, "a": {}}}})"));
    auto c = wire::parseTool(J(R"({"type": "function", "function": {"name": "t", "parameters":
                                     {"type": "object", "properties": {"a": {}, "b": {}}}}})"));
    QVERIFY(a.ok() && b.ok() && c.ok() && *a && *b && *c);
    QVERIFY(**a == **c); // the same tool, whatever shape it came in
    QVERIFY(!(**a == **b)); // a reordered schema is a different tool for the editor
    QCOMPARE(keysOf((*a)->toJson()), (L({"name", "description", "input_schema"})));
}

void TestRequest::canonicalChoiceRoundTrip()
{
    for (const char* canonical : {R"({"type":"auto"})", R"({"type":"any"})", R"({"type":"none"})", R"({"type":"tool","name":"x"})"}) {
        auto c = model::ToolChoice::fromCanonical(J(canonical));
        QVERIFY(c.ok());
        QCOMPARE(text(c->toJson()), text(J(canonical)));
        auto again = wire::parseChoice(c->toJson());
        QVERIFY(again.ok() && *again);
        QVERIFY(**again == *c);
    }
}

void TestRequest::previewFields_data()
{
    QTest::addColumn<tw::wire::Wire>("wire");
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<QString>("choice"); // the choice field as compact JSON, "" when none
    QTest::newRow("forced_now/openai") << wire::Wire::OpenAI << L({"tools", "tool_choice"}) << R"({"type":"function","function":{"name":"now"}})";
    QTest::newRow("forced_now/responses") << wire::Wire::Responses << L({"tools", "tool_choice"}) << R"({"type":"function","name":"now"})";
    QTest::newRow("forced_now/anthropic") << wire::Wire::Anthropic << L({"tools", "tool_choice"}) << R"({"type":"tool","name":"now"})";
    QTest::newRow("forced_now/gemini") << wire::Wire::Gemini << L({"tools", "toolConfig"})
                                       << R"({"functionCallingConfig":{"mode":"ANY","allowed_function_names":["now"]}})";
    QTest::newRow("forced_now/ollama") << wire::Wire::Ollama << L({"tools"}) << "";
    QTest::newRow("forced_now/hermes") << wire::Wire::Hermes << L({"system"}) << "";
}

void TestRequest::previewFields()
{
    QFETCH(tw::wire::Wire, wire);
    QFETCH(QStringList, keys);
    QFETCH(QString, choice);
    tw::model::ChoiceSetting setting;
    setting.type = "tool";
    setting.name = "now";
    auto out = wire::requestToolFields(wire, {J(kWeather), J(kNow)}, setting);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(keysOf(*out), keys);
    if (!choice.isEmpty())
        QCOMPARE(text((*out)[keys[1].toStdString()]), choice);
}

void TestRequest::previewAllowListFilters()
{
    tw::model::ChoiceSetting setting; // auto
    setting.allowedTools = std::vector<std::string>{"now"};
    auto out = wire::requestToolFields(wire::Wire::Anthropic, {J(kWeather), J(kNow)}, setting);
    QVERIFY(out.ok());
    QCOMPARE((*out)["tools"].size(), std::size_t(1));
    QCOMPARE((*out)["tools"].at(0)["name"].str(), std::string_view("now"));
    QCOMPARE(text((*out)["tool_choice"]), QStringLiteral(R"({"type":"auto"})"));

    // An allow-list that lets nothing through sends no tool fields.
    setting.allowedTools = std::vector<std::string>{};
    auto none = wire::requestToolFields(wire::Wire::OpenAI, {J(kWeather), J(kNow)}, setting);
    QVERIFY(none.ok());
    QCOMPARE(text(*none), QStringLiteral("{}"));
}

void TestRequest::previewForcedToolMustBeAllowed()
{
    tw::model::ChoiceSetting setting;
    setting.type = "tool";
    setting.name = "get_weather";
    setting.allowedTools = std::vector<std::string>{"now"};
    auto out = wire::requestToolFields(wire::Wire::OpenAI, {J(kWeather), J(kNow)}, setting);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().category, std::string("unknown_tool"));

    // Without a list the forced tool must exist.
    setting.allowedTools.reset();
    setting.name = "missing";
    auto missing = wire::requestToolFields(wire::Wire::Gemini, {J(kWeather)}, setting);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().category, std::string("unknown_tool"));
}

void TestRequest::previewHermesPrompt()
{
    tw::model::ChoiceSetting setting;
    auto out = wire::requestToolFields(wire::Wire::Hermes, {J(kNow)}, setting);
    QVERIFY(out.ok());
    const std::string_view prompt = (*out)["system"].str();
    QVERIFY(prompt.find(R"(<tools>
[{"name":"now","description":"Time","inputSchema":{"type":"object"}}]
</tools>)") != std::string_view::npos);
    QVERIFY(prompt.find("<tool_call>") != std::string_view::npos);

    // "none" withholds the tools: no system prompt at all.
    setting.type = "none";
    auto none = wire::requestToolFields(wire::Wire::Hermes, {J(kNow)}, setting);
    QVERIFY(none.ok());
    QCOMPARE(text(*none), QStringLiteral("{}"));
}

void TestRequest::previewErrorsNameTheTool()
{
    tw::model::ChoiceSetting setting;
    auto out = wire::requestToolFields(wire::Wire::OpenAI, {J(kNow), J(R"({"type": "web_search"})")}, setting);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().category, std::string("server_tool"));
    QCOMPARE(out.error().path, std::string("/tools/1"));

    auto bad = wire::requestToolFields(wire::Wire::OpenAI, {J(R"({"name": "x", "input_schema": true})")}, setting);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().category, std::string("invalid_field:input_schema"));
    QCOMPARE(bad.error().path, std::string("/tools/0/input_schema"));
}

void TestRequest::previewRejectsUnknownChoiceType()
{
    tw::model::ChoiceSetting setting;
    setting.type = "required"; // a wire spelling, not a canonical type
    auto out = wire::requestToolFields(wire::Wire::OpenAI, {J(kNow)}, setting);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().category, std::string("invalid_field:type"));
}

void TestRequest::singleToolToWire()
{
    auto g = wire::toolToWire(wire::Wire::Gemini, J(kWeather));
    QVERIFY(g.ok());
    QCOMPARE(keysOf(*g), (L({"name", "description", "parametersJsonSchema"}))); // one declaration, unwrapped
    auto bad = wire::toolToWire(wire::Wire::OpenAI, J("[]"));
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().category, std::string("not_a_tool"));
}

void TestRequest::hermesPromptKeepsPercentSigns()
{
    const auto s = wire::hermes::PromptSettings::fromSettings(J(R"({"hermes_tool_instructions": "100% sure, %s stays", "hermes_call_tag": "fn"})"));
    const std::string prompt = wire::hermes::systemPrompt(s, J("[]"));
    QVERIFY(prompt.starts_with("100% sure, %s stays\n\n"));
    QVERIFY(prompt.find("<tools>\n[]\n</tools>") != std::string::npos);
    QVERIFY(prompt.find("within <fn></fn> XML tags:\n<fn>\n") != std::string::npos);
    QVERIFY(prompt.ends_with("</fn>\n"));
    const std::string tmpl = wire::hermes::promptTemplate(s);
    QVERIFY(tmpl.find("<tools>\n%s\n</tools>") != std::string::npos);
}

void TestRequest::toolRoundEchoOrder()
{
    const Value reply = J(R"({"choices": [{"message": {"role": "assistant", "refusal": null,
        "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "now", "arguments": "{}"}}],
        "content": null, "reasoning_content": "think"}}]})");
    const wire::AnsweredCall calls[] = {
        {reply["choices"].at(0)["message"]["tool_calls"].at(0), J(R"({"content": [{"type": "text", "text": "12:00"}]})")}};
    auto out = wire::formatResults(dialect("openai"), reply, calls, Value());
    QVERIFY(out.ok());
    QCOMPARE(keysOf(out->at(0)), (L({"role", "content", "tool_calls", "reasoning_content"})));
    QCOMPARE(keysOf(out->at(1)), (L({"role", "tool_call_id", "content"})));
    QCOMPARE(text(out->at(1)), QStringLiteral(R"({"role":"tool","tool_call_id":"call_1","content":"12:00"})"));

    auto none = wire::formatResults(dialect("mcp"), reply, calls, Value());
    QVERIFY(!none.ok());
    QCOMPARE(none.error().category, std::string("unknown_wire"));
}

void TestRequest::listErrorsCarryTheIndex()
{
    auto out = wire::formatToolList(dialect("anthropic"), J(R"([{"name": "a"}, 7, {"description": "no name"}])"));
    QVERIFY(!out.ok());
    QCOMPARE(out.error().category, std::string("not_a_tool"));
    QCOMPARE(out.error().path, std::string("/2")); // indices count every item, skipped ones too
    auto bad = wire::formatToolList(dialect("anthropic"), J(R"([{"name": "a"}, {"type": "function", "function": {"name": {"x": 1}}}])"));
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().category, std::string("invalid_field:name"));
    QCOMPARE(bad.error().path, std::string("/1/name"));
}

void TestRequest::resultValidation_data()
{
    QTest::addColumn<QString>("result");
    QTest::addColumn<QString>("category"); // "" when valid
    QTest::newRow("empty_object") << "{}"
                                  << "";
    QTest::newRow("numeric_id_and_bool_like_flag") << R"({"id": 7, "is_error": "1"})"
                                                   << "";
    QTest::newRow("content_not_array") << R"({"content": "x"})"
                                       << "invalid_field:content";
    QTest::newRow("is_error_yes") << R"({"is_error": "yes"})"
                                  << "invalid_field:is_error";
    QTest::newRow("is_error_two") << R"({"is_error": 2})"
                                  << "invalid_field:is_error";
    QTest::newRow("name_array") << R"({"name": []})"
                                << "invalid_field:name";
    QTest::newRow("id_object") << R"({"id": {}})"
                               << "invalid_field:id";
    QTest::newRow("not_an_object") << "[]"
                                   << "bad_arguments";
}

void TestRequest::resultValidation()
{
    QFETCH(QString, result);
    QFETCH(QString, category);
    auto r = model::ToolResult::fromJson(J(result.toStdString()));
    if (category.isEmpty()) {
        QVERIFY(r.ok());
        QVERIFY(r->id().isString());
        auto again = model::ToolResult::fromJson(r->toJson());
        QVERIFY(again.ok());
        QVERIFY(*again == *r);
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().category), category);
    }
}

void TestRequest::parallelAliases()
{
    auto p = wire::normalizeParallel(J(R"({"parallel_tool_use": null, "parallel_tool_calls": "yes"})"));
    QVERIFY(p.ok() && *p && **p); // null is unset; aliases read with truthiness
    auto d = wire::normalizeParallel(J(R"({"parallel_tool_use": 1, "disable_parallel_tool_use": true})"));
    QVERIFY(d.ok() && *d && **d); // the canonical name wins
    auto f = wire::toolFields(*dialect("anthropic"), {J(std::string("[") + kNow + "]"), Value(), J(R"({"parallel_tool_use": 0})"), Value(), Value()});
    QVERIFY(f.ok());
    QCOMPARE(text(f->body["tool_choice"]), QStringLiteral(R"({"type":"auto","disable_parallel_tool_use":true})"));
}

void TestRequest::unknownChoicePassesThrough()
{
    const Value tools = J(std::string("[") + kNow + "]");
    const Value allowed = J(R"({"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": []}})");
    auto o = wire::toolFields(*dialect("openai"), {tools, allowed, Value(), Value(), Value()});
    QVERIFY(o.ok());
    QCOMPARE(text(o->body["tool_choice"]), text(allowed));

    const Value native = J(R"({"functionCallingConfig": {"mode": "VALIDATED"}})");
    auto g = wire::toolFields(*dialect("gemini"), {tools, native, Value(), Value(), Value()});
    QVERIFY(g.ok());
    QCOMPARE(text(g->body["toolConfig"]), text(native));

    // Anthropic folds the parallel switch into the caller's object, keeping a value it set.
    auto a = wire::toolFields(*dialect("anthropic"), {tools, J(R"({"type": "later", "x": 1})"), J(R"({"parallel_tool_use": 0})"), Value(), Value()});
    QVERIFY(a.ok());
    QCOMPARE(text(a->body["tool_choice"]), QStringLiteral(R"({"type":"later","x":1,"disable_parallel_tool_use":true})"));
    auto kept =
        wire::toolFields(*dialect("anthropic"),
                         {tools, J(R"({"type": "x", "disable_parallel_tool_use": false})"), J(R"({"parallel_tool_use": 0})"), Value(), Value()});
    QVERIFY(kept.ok());
    QCOMPARE(text(kept->body["tool_choice"]), QStringLiteral(R"({"type":"x","disable_parallel_tool_use":false})"));
}

QTEST_GUILESS_MAIN(TestRequest)
#include "tst_request.moc"

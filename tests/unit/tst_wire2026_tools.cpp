// Issue 12, "Tools and choices": OpenAI custom tools (declared, converted, wrapped, called,
// answered), the allowed-tools choice (native on OpenAI Chat/Responses and Gemini, lowered
// elsewhere), Anthropic tool fields and choices, MCP tool fields kept through import and the
// project file, and the loss report for each. Bodies built here are checked against the
// providers' published request schemas (core/lint/preflight).
//
// Every payload in this file is hand-written after ../shared/spec/wires-2026.md (§1.1,
// §1.2, §2.1, §2.2, §3.2, §4.1): no recorded fixture covers custom_tool_call or
// allowed_tools yet.

#include "json/json.h"
#include "lint/finding.h"
#include "lint/pointer.h"
#include "lint/preflight.h"
#include "model/tool.h"
#include "model/toolcall.h"
#include "model/toolchoice.h"
#include "project/io/importer.h"
#include "project/project.h"
#include "provider/profile.h"
#include "provider/request.h"
#include "wire/common_request.h"
#include "wire/preview.h"
#include "wire/registry.h"
#include "wire/reply.h"

#include <QTest>

using tw::json::Value;
namespace json = tw::json;
namespace lint = tw::lint;
namespace model = tw::model;
namespace provider = tw::provider;
namespace wire = tw::wire;
using wire::Wire;

namespace {

Value J(std::string_view text)
{
    auto r = json::parse(text);
    if (!r)
        qFatal("bad test JSON: %s", r.error().toString().c_str());
    return *r;
}

std::string C(const Value& v) { return json::compact(v); }

// Hand-written: a Lark-constrained custom tool in the canonical (flat) document form.
const char* kSqlTool = "{\"type\":\"custom\",\"name\":\"write_sql\",\"description\":\"Write one SQL query\","
                       "\"format\":{\"type\":\"grammar\",\"syntax\":\"lark\",\"definition\":\"start: \\\"SELECT \\\" /.+/\"}}";
// Hand-written: a function tool with Anthropic tool fields and MCP fields.
const char* kWeatherTool = "{\"name\":\"get_weather\",\"description\":\"Current weather\","
                           "\"input_schema\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]},"
                           "\"title\":\"Weather\",\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":true},"
                           "\"input_examples\":[{\"city\":\"Paris\"}],\"defer_loading\":false,"
                           "\"cache_control\":{\"type\":\"ephemeral\",\"ttl\":\"1h\"},\"eager_input_streaming\":true,"
                           "\"allowed_callers\":[\"direct\"]}";
const char* kPlainTool = "{\"name\":\"get_time\",\"description\":\"Time now\",\"input_schema\":{\"type\":\"object\",\"properties\":{}}}";

model::Tool tool(const char* text)
{
    auto t = wire::parseTool(J(text));
    if (!t || !*t)
        qFatal("not a tool: %s", text);
    return **t;
}

provider::RequestInput input(Wire w, std::vector<Value> tools)
{
    provider::RequestInput in;
    in.profile = provider::profileForWire(w);
    in.wire = w;
    in.model = in.profile.defaultModel;
    in.messages = J("[{\"role\":\"user\",\"content\":\"Hi\"}]");
    in.tools = std::move(tools);
    return in;
}

bool hasFinding(const std::vector<lint::Finding>& fs, std::string_view id, std::string_view path = {})
{
    for (const lint::Finding& f : fs)
        if (f.rule == id && (path.empty() || f.path == path))
            return true;
    return false;
}

std::string problems(const wire::Dialect& d, const Value& body)
{
    std::string out;
    for (const lint::BodyProblem& p : lint::checkBody(d, body))
        if (p.kind == lint::BodyProblem::Kind::Violation)
            out += p.bodyPath + ": " + p.message + "\n";
    return out;
}

} // namespace

class TestWire2026Tools : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    // ---- custom tools -------------------------------------------------------------------
    void customToolShapesReadAlike_data()
    {
        QTest::addColumn<QString>("text");
        // Hand-written: Chat Completions nests everything under "custom", the grammar again
        // under "grammar" (wires-2026 §1.1); Responses is flat.
        QTest::newRow("chat") << QStringLiteral("{\"type\":\"custom\",\"custom\":{\"name\":\"write_sql\",\"description\":\"Write one SQL query\","
                                                "\"format\":{\"type\":\"grammar\",\"grammar\":{\"definition\":\"start: \\\"SELECT \\\" /.+/\","
                                                "\"syntax\":\"lark\"}}}}");
        QTest::newRow("responses") << QString::fromUtf8(kSqlTool);
    }
    void customToolShapesReadAlike()
    {
        QFETCH(QString, text);
        const model::Tool t = tool(text.toUtf8().constData());
        QVERIFY(t.isCustom());
        QCOMPARE(t.grammarSyntax(), std::string_view("lark"));
        QCOMPARE(std::string(t.grammarDefinition()), std::string("start: \"SELECT \" /.+/"));
        // The corpus form stays three members; the document form is the canonical custom tool.
        QCOMPARE(C(t.toJson()),
                 C(Value{{"name", "write_sql"}, {"description", "Write one SQL query"}, {"input_schema", model::customInputSchema()}}));
        QCOMPARE(C(t.toDocument()), C(J(kSqlTool)));
    }

    void customToolRendersPerWire()
    {
        const model::Tool t = tool(kSqlTool);
        const std::vector<model::Tool> tools{t};
        auto chat = wire::formatTools(&wire::requestDialect(Wire::OpenAI), tools);
        QVERIFY(chat);
        QCOMPARE(C(*chat),
                 C(J("[{\"type\":\"custom\",\"custom\":{\"name\":\"write_sql\",\"description\":\"Write one SQL query\",\"format\":"
                     "{\"type\":\"grammar\",\"grammar\":{\"definition\":\"start: \\\"SELECT \\\" /.+/\",\"syntax\":\"lark\"}}}}]")));
        auto responses = wire::formatTools(&wire::requestDialect(Wire::Responses), tools);
        QVERIFY(responses);
        QCOMPARE(C(*responses), C(Value(std::vector<Value>{J(kSqlTool)})));
        // Other wires: left out unless the tool asks to be wrapped.
        auto anthropic = wire::formatTools(&wire::requestDialect(Wire::Anthropic), tools);
        QVERIFY(anthropic);
        QCOMPARE(C(*anthropic), std::string("[]"));
        const std::vector<model::Tool> wrapped{t.withWrapAsFunction(true)};
        auto a2 = wire::formatTools(&wire::requestDialect(Wire::Anthropic), wrapped);
        QVERIFY(a2);
        QCOMPARE(C(a2->at(0)["input_schema"]),
                 C(J("{\"type\":\"object\",\"properties\":{\"input\":{\"type\":\"string\"}},\"required\":[\"input\"]}")));
        QCOMPARE(C(a2->at(0)["name"]), std::string("\"write_sql\""));
        auto g = wire::formatTools(&wire::requestDialect(Wire::Gemini), wrapped);
        QVERIFY(g);
        QCOMPARE(C(g->at(0)["functionDeclarations"].at(0)["name"]), std::string("\"write_sql\""));
        // The wrap wish is part of the document, so it survives the project file.
        QCOMPARE(tool(C(wrapped[0].toDocument()).c_str()).wrapAsFunction(), true);
    }

    void customToolBadFormatIsAnError()
    {
        // Hand-written: a grammar without a known syntax.
        auto t = wire::parseTool(J("{\"type\":\"custom\",\"name\":\"x\",\"format\":{\"type\":\"grammar\",\"syntax\":\"peg\",\"definition\":\"a\"}}"));
        QVERIFY(!t);
        QCOMPARE(t.error().category, std::string("invalid_field:format"));
        QCOMPARE(t.error().path, std::string("/format/syntax"));
    }

    void customToolRequestsPassTheVendorSchemas_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::newRow("openai") << int(Wire::OpenAI);
        QTest::newRow("responses") << int(Wire::Responses);
    }
    void customToolRequestsPassTheVendorSchemas()
    {
        QFETCH(int, wireIndex);
        const Wire w = Wire(wireIndex);
        auto in = input(w, {J(kSqlTool), J(kPlainTool)});
        in.choice.type = "tool";
        in.choice.name = "write_sql";
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QVERIFY2(problems(wire::dialect(w), r->body).empty(), (problems(wire::dialect(w), r->body) + json::pretty(r->body)).c_str());
        // A forced custom tool is named in the custom spelling; no strict on a custom tool.
        const Value& choice = r->body["tool_choice"];
        QCOMPARE(choice["type"].str(), std::string_view("custom"));
        QVERIFY(!r->body["tools"].at(0).contains("strict"));
        QVERIFY(!hasFinding(r->loss, "loss.custom_tool"));
        // The check can fail: Chat's format objects are closed, so a flat grammar is invalid.
        if (w == Wire::OpenAI) {
            const Value flat = J("{\"type\":\"custom\",\"custom\":{\"name\":\"write_sql\",\"format\":{\"type\":\"grammar\",\"syntax\":\"lark\","
                                 "\"definition\":\"x\"}}}");
            auto bad = lint::setAtPointer(r->body, "/tools/0", flat);
            QVERIFY(bad);
            QVERIFY(!problems(wire::dialect(w), *bad).empty());
        }
    }

    void customToolLossElsewhere()
    {
        auto in = input(Wire::Anthropic, {J(kSqlTool), J(kPlainTool)});
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(r);
        QVERIFY(hasFinding(r->loss, "loss.custom_tool", "/tools/0"));
        QCOMPARE(r->body["tools"].size(), std::size_t(1));
        QVERIFY2(problems(wire::dialect(Wire::Anthropic), r->body).empty(), json::pretty(r->body).c_str());
    }

    void customCallsExtract_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("body");
        // Hand-written after OAI-SPEC ChatCompletionMessageCustomToolCall: a function and a
        // custom call in one tool_calls array.
        QTest::newRow("openai") << int(Wire::OpenAI)
                                << QStringLiteral("{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                                                  "\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":"
                                                  "\"get_time\",\"arguments\":\"{}\"}},{\"id\":\"call_2\",\"type\":\"custom\",\"custom\":{\"name\":"
                                                  "\"write_sql\",\"input\":\"SELECT 1\"}}]},\"finish_reason\":\"tool_calls\"}]}");
        // Hand-written after OAI-SPEC CustomToolCall.
        QTest::newRow("responses") << int(Wire::Responses)
                                   << QStringLiteral(
                                          "{\"object\":\"response\",\"status\":\"completed\",\"output\":[{\"type\":\"function_call\",\"id\":"
                                          "\"fc_1\",\"call_id\":\"call_1\",\"name\":\"get_time\",\"arguments\":\"{}\"},{\"type\":"
                                          "\"custom_tool_call\",\"id\":\"ctc_1\",\"call_id\":\"call_2\",\"name\":\"write_sql\",\"input\":"
                                          "\"SELECT 1\",\"status\":\"completed\"}]}");
    }
    void customCallsExtract()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, body);
        const Wire w = Wire(wireIndex);
        auto calls = wire::replyDialect(w).extract(J(body.toStdString()));
        QVERIFY2(calls, calls ? "" : calls.error().message.c_str());
        QCOMPARE(calls->size(), std::size_t(2));
        QVERIFY(!(*calls)[0].input);
        QCOMPARE(C(model::toView((*calls)[1])),
                 C(J("{\"id\":\"call_2\",\"name\":\"write_sql\",\"arguments\":{},\"input\":\"SELECT 1\",\"arguments_undecodable\":false,"
                     "\"synthetic\":false}")));
        QCOMPARE(C(model::inputArguments((*calls)[1])), std::string("{\"input\":\"SELECT 1\"}"));
    }

    void unmappedItemsStayRejected()
    {
        // Hand-written: a computer_call still has no mapping.
        auto calls = wire::replyDialect(Wire::Responses)
                         .extract(J("{\"output\":[{\"type\":\"computer_call\",\"id\":\"cu_1\",\"call_id\":\"c\",\"action\":{\"type\":\"click\"}}]}"));
        QVERIFY(!calls);
        QCOMPARE(calls.error().category, std::string("client_actionable_unmapped"));
    }

    void customCallStreams()
    {
        // Hand-written after OAI-PY response_custom_tool_call_input_{delta,done}_event.py;
        // no final response event, so the call comes from the item events.
        auto a = wire::replyDialect(Wire::Responses).newAssembler();
        a->feed("response.output_item.added",
                "{\"type\":\"response.output_item.added\",\"output_index\":0,\"item\":{\"type\":\"custom_tool_call\",\"id\":\"ctc_1\",\"call_id\":"
                "\"call_9\",\"name\":\"write_sql\",\"input\":\"\"}}");
        a->feed("response.custom_tool_call_input.delta",
                "{\"type\":\"response.custom_tool_call_input.delta\",\"item_id\":\"ctc_1\",\"output_index\":0,\"delta\":\"SELECT \"}");
        a->feed("response.custom_tool_call_input.delta",
                "{\"type\":\"response.custom_tool_call_input.delta\",\"item_id\":\"ctc_1\",\"output_index\":0,\"delta\":\"{1}\"}");
        const wire::Reply r = a->reply();
        QVERIFY(!r.error);
        QCOMPARE(r.calls.size(), std::size_t(1));
        QCOMPARE(r.calls[0].input.value_or("?"), std::string("SELECT {1}"));
        QCOMPARE(r.calls[0].id.value_or("?"), std::string("call_9"));
    }

    void customCallsAreAnswered()
    {
        const Value result = J("{\"content\":[{\"type\":\"text\",\"text\":\"1 row\"}],\"isError\":false}");
        // Hand-written reply items, as above.
        const Value reply = J("{\"output\":[{\"type\":\"custom_tool_call\",\"id\":\"ctc_1\",\"call_id\":\"call_2\",\"name\":\"write_sql\",\"input\":"
                              "\"SELECT 1\"}]}");
        const std::vector<wire::AnsweredCall> calls{{reply["output"].at(0), result}};
        auto items = wire::formatResults(&wire::requestDialect(Wire::Responses), reply, calls, Value());
        QVERIFY(items);
        QCOMPARE(C(items->at(1)), std::string("{\"type\":\"custom_tool_call_output\",\"call_id\":\"call_2\",\"output\":\"1 row\"}"));

        const Value chat = J("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_2\",\"type\":"
                             "\"custom\",\"custom\":{\"name\":\"write_sql\",\"input\":\"SELECT 1\"}}]}}]}");
        const std::vector<wire::AnsweredCall> chatCalls{{chat["choices"].at(0)["message"]["tool_calls"].at(0), result}};
        auto messages = wire::formatResults(&wire::requestDialect(Wire::OpenAI), chat, chatCalls, Value());
        QVERIFY(messages);
        QCOMPARE(C(messages->at(0)["tool_calls"]), C(chat["choices"].at(0)["message"]["tool_calls"]));
        QCOMPARE(C(messages->at(1)), std::string("{\"role\":\"tool\",\"tool_call_id\":\"call_2\",\"content\":\"1 row\"}"));
    }

    // ---- the allowed-tools choice -------------------------------------------------------
    void allowedToolsChoiceReads_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        // Hand-written after OAI-SPEC ChatCompletionAllowedToolsChoice and ToolChoiceAllowed.
        QTest::newRow("chat") << QStringLiteral("{\"type\":\"allowed_tools\",\"allowed_tools\":{\"mode\":\"required\",\"tools\":[{\"type\":"
                                                "\"function\",\"function\":{\"name\":\"get_weather\"}},{\"type\":\"custom\",\"custom\":{\"name\":"
                                                "\"write_sql\"}}]}}")
                              << QStringLiteral("{\"type\":\"any\",\"allowed_tools\":[\"get_weather\",\"write_sql\"]}");
        QTest::newRow("responses") << QStringLiteral("{\"type\":\"allowed_tools\",\"mode\":\"auto\",\"tools\":[{\"type\":\"function\",\"name\":"
                                                     "\"get_weather\"}]}")
                                   << QStringLiteral("{\"type\":\"auto\",\"allowed_tools\":[\"get_weather\"]}");
        QTest::newRow("canonical") << QStringLiteral("{\"type\":\"auto\",\"allowed_tools\":[\"get_weather\"]}")
                                   << QStringLiteral("{\"type\":\"auto\",\"allowed_tools\":[\"get_weather\"]}");
    }
    void allowedToolsChoiceReads()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        auto c = wire::parseChoice(J(text.toStdString()));
        QVERIFY(c && *c);
        QVERIFY((*c)->restricted());
        QCOMPARE(C((*c)->toJson()), canonical.toStdString());
        // agentscope's {"mode", "tools"} has no type: it is not this choice.
        auto agentscope = wire::parseChoice(J("{\"mode\":\"auto\",\"tools\":[\"get_weather\"]}"));
        QVERIFY(agentscope && !*agentscope);
    }

    void allowedToolsChoicePerWire_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("choiceType");
        QTest::addColumn<QString>("expectedChoice"); // compact JSON at the choice pointer ("" : none)
        QTest::addColumn<int>("toolsSent");
        QTest::newRow("openai/any") << int(Wire::OpenAI) << "any"
                                    << "{\"type\":\"allowed_tools\",\"allowed_tools\":{\"mode\":\"required\",\"tools\":[{\"type\":\"function\","
                                       "\"function\":{\"name\":\"get_weather\"}}]}}"
                                    << 2;
        QTest::newRow("responses/auto")
            << int(Wire::Responses) << "auto"
            << "{\"type\":\"allowed_tools\",\"mode\":\"auto\",\"tools\":[{\"type\":\"function\",\"name\":\"get_weather\"}]}" << 2;
        QTest::newRow("gemini/any") << int(Wire::Gemini) << "any"
                                    << "{\"functionCallingConfig\":{\"mode\":\"ANY\",\"allowedFunctionNames\":[\"get_weather\"]}}" << 2;
        QTest::newRow("gemini/auto") << int(Wire::Gemini) << "auto"
                                     << "{\"functionCallingConfig\":{\"mode\":\"VALIDATED\",\"allowedFunctionNames\":[\"get_weather\"]}}" << 2;
        QTest::newRow("anthropic/any") << int(Wire::Anthropic) << "any"
                                       << "{\"type\":\"any\"}" << 1;
        QTest::newRow("bedrock/auto") << int(Wire::Bedrock) << "auto"
                                      << "" << 1;
        QTest::newRow("ollama/auto") << int(Wire::Ollama) << "auto"
                                     << "" << 1;
    }
    void allowedToolsChoicePerWire()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, choiceType);
        QFETCH(QString, expectedChoice);
        QFETCH(int, toolsSent);
        const Wire w = Wire(wireIndex);
        const wire::Dialect& d = wire::dialect(w);
        auto in = input(w, {J(kPlainTool), J(kWeatherTool)});
        in.choice.type = choiceType.toStdString();
        in.choice.allowedTools = std::vector<std::string>{"get_weather"};
        in.choice.keepToolList = true;
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        if (!expectedChoice.isEmpty()) {
            const Value* choice = lint::resolvePointer(r->body, d.caps.bodyChoicePointer);
            QVERIFY2(choice, json::pretty(r->body).c_str());
            QCOMPARE(C(*choice), expectedChoice.toStdString());
        }
        const Value* tools = lint::resolvePointer(r->body, d.caps.bodyToolsPointer);
        QVERIFY(tools);
        const std::size_t sent = tools->size();
        QCOMPARE(int(sent), toolsSent);
        // Lowered where the wire has no allowed-tools choice, and said so.
        QCOMPARE(hasFinding(r->loss, "loss.allow_list"), !d.caps.allowList);
        QVERIFY2(problems(d, r->body).empty(), (problems(d, r->body) + json::pretty(r->body)).c_str());
    }

    void geminiImportReadsTheProtoName()
    {
        // Hand-written: a generateContent body whose config uses the proto's snake_case names.
        auto imported = tw::project::io::importText(
            "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Hi\"}]}],\"tools\":[{\"functionDeclarations\":[{\"name\":\"a\"},"
            "{\"name\":\"b\"},{\"name\":\"c\"}]}],\"toolConfig\":{\"function_calling_config\":{\"mode\":\"VALIDATED\",\"allowed_function_names\":"
            "[\"a\",\"b\"]}}}",
            "gemini.json");
        QVERIFY2(imported, imported ? "" : imported.error().message.c_str());
        QCOMPARE(imported->project.presets.size(), std::size_t(1));
        const auto& choice = imported->project.presets[0].choice;
        QVERIFY(choice);
        QCOMPARE(choice->type, std::string("auto"));
        QVERIFY(choice->keepToolList);
        QCOMPARE(choice->allowedTools.value_or(std::vector<std::string>{}), (std::vector<std::string>{"a", "b"}));
    }

    void keepToolListRoundTripsAndIsWrittenOnlyWhenSet()
    {
        tw::project::Project p;
        p.name = "t";
        p.tools = {J(kPlainTool)};
        const std::string plain = tw::project::serialize(p);
        QVERIFY(plain.find("keep_tool_list") == std::string::npos);
        p.choice.allowedTools = std::vector<std::string>{"get_time"};
        p.choice.keepToolList = true;
        auto back = tw::project::parse(tw::project::serialize(p));
        QVERIFY(back);
        QVERIFY(back->choice.keepToolList);
        QCOMPARE(tw::project::serialize(*back), tw::project::serialize(p));
    }

    // ---- Anthropic tool fields and choices ----------------------------------------------
    void anthropicToolFieldsAreSent()
    {
        auto r = provider::buildRequest(input(Wire::Anthropic, {J(kWeatherTool)}), std::nullopt, true);
        QVERIFY(r);
        const Value& t = r->body["tools"].at(0);
        for (const char* k : {"input_examples", "defer_loading", "cache_control", "eager_input_streaming", "allowed_callers"})
            QVERIFY2(t.contains(k), k);
        for (const char* k : {"title", "annotations"})
            QVERIFY2(!t.contains(k), k);
        QVERIFY(!hasFinding(r->loss, "loss.cache_hint"));
        QVERIFY(!hasFinding(r->loss, "loss.tool_field"));
        QVERIFY(hasFinding(r->loss, "loss.mcp_field", "/tools/0/annotations"));
        QVERIFY2(problems(wire::dialect(Wire::Anthropic), r->body).empty(), json::pretty(r->body).c_str());
    }

    void anthropicToolFieldsAreReportedElsewhere_data()
    {
        QTest::addColumn<int>("wireIndex");
        for (Wire w : {Wire::OpenAI, Wire::Responses, Wire::Gemini, Wire::Ollama, Wire::Bedrock})
            QTest::newRow(wire::dialect(w).tag.data()) << int(w);
    }
    void anthropicToolFieldsAreReportedElsewhere()
    {
        QFETCH(int, wireIndex);
        const Wire w = Wire(wireIndex);
        auto r = provider::buildRequest(input(w, {J(kWeatherTool)}), std::nullopt, true);
        QVERIFY(r);
        for (const char* k : {"input_examples", "defer_loading", "eager_input_streaming", "allowed_callers"})
            QVERIFY2(hasFinding(r->loss, "loss.tool_field", std::string("/tools/0/") + k), k);
        QVERIFY(hasFinding(r->loss, "loss.cache_hint", "/tools/0/cache_control"));
        QVERIFY(hasFinding(r->loss, "loss.mcp_field", "/tools/0/title"));
        QVERIFY2(json::compact(r->body).find("input_examples") == std::string::npos, json::pretty(r->body).c_str());
    }

    void anthropicNoneChoiceHasNoParallelSwitch()
    {
        auto in = input(Wire::Anthropic, {J(kPlainTool)});
        in.choice.type = "none";
        in.parallel = false;
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(r);
        QCOMPARE(C(r->body["tool_choice"]), std::string("{\"type\":\"none\"}"));
        in.choice.type = "any";
        auto any = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(any);
        QCOMPARE(C(any->body["tool_choice"]), std::string("{\"type\":\"any\",\"disable_parallel_tool_use\":true}"));
        QVERIFY2(problems(wire::dialect(Wire::Anthropic), any->body).empty(), json::pretty(any->body).c_str());
    }

    void strictIsSentWhereThereIsASwitch_data()
    {
        QTest::addColumn<int>("wireIndex");
        for (const wire::Dialect* d : wire::dialects())
            QTest::newRow(d->tag.data()) << int(d->wire);
    }
    void strictIsSentWhereThereIsASwitch()
    {
        QFETCH(int, wireIndex);
        const Wire w = Wire(wireIndex);
        const wire::Dialect& d = wire::dialect(w);
        // Hand-written: a closed schema with its own strict: true.
        const Value t = J("{\"name\":\"get_weather\",\"description\":\"Weather\",\"strict\":true,\"input_schema\":{\"type\":\"object\","
                          "\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"],\"additionalProperties\":false}}");
        auto r = provider::buildRequest(input(w, {t}), std::nullopt, true);
        QVERIFY(r);
        if (d.caps.toolStrictPointer.empty()) {
            QVERIFY(hasFinding(r->loss, "loss.strict_dropped"));
            return;
        }
        const Value* tools = lint::resolvePointer(r->body, d.caps.bodyToolsPointer);
        QVERIFY(tools && !tools->empty());
        const Value* strict = lint::resolvePointer(tools->at(0), d.caps.toolStrictPointer);
        QVERIFY2(strict && strict->isBool() && strict->toBool(), json::pretty(r->body).c_str());
    }

    // ---- MCP tool fields ----------------------------------------------------------------
    void mcpFieldsSurviveImport()
    {
        // Hand-written after MCP 2025-11-25 schema.ts Tool: a tools/list result.
        const char* listed =
            "{\"tools\":[{\"name\":\"read_file\",\"title\":\"Read file\",\"description\":\"Read a file\",\"inputSchema\":{\"type\":"
            "\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}},\"outputSchema\":{\"type\":\"object\"},\"annotations\":{"
            "\"readOnlyHint\":true,\"destructiveHint\":false},\"icons\":[{\"src\":\"https://example.org/i.png\",\"sizes\":[\"48x48\"]}],"
            "\"_meta\":{\"x\":1}},{\"name\":\"plain\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\"}}]}";
        auto imported = tw::project::io::importText(listed, "tools.json");
        QVERIFY2(imported, imported ? "" : imported.error().message.c_str());
        QCOMPARE(imported->project.tools.size(), std::size_t(2));
        QCOMPARE(C(imported->project.tools[0]),
                 C(J("{\"name\":\"read_file\",\"description\":\"Read a file\",\"input_schema\":{\"type\":\"object\",\"properties\":{\"path\":{"
                     "\"type\":\"string\"}}},\"title\":\"Read file\",\"outputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":true,"
                     "\"destructiveHint\":false},\"icons\":[{\"src\":\"https://example.org/i.png\",\"sizes\":[\"48x48\"]}],\"_meta\":{\"x\":1}}")));
        // A tool without extras is exactly the three-member form it always was.
        QCOMPARE(C(imported->project.tools[1]), std::string("{\"name\":\"plain\",\"description\":\"d\",\"input_schema\":{\"type\":\"object\"}}"));
        // And the project file keeps them verbatim.
        auto back = tw::project::parse(tw::project::serialize(imported->project));
        QVERIFY(back);
        QVERIFY(back->tools[0].identical(imported->project.tools[0]));
    }

    void toolEqualityCountsExtensions()
    {
        const model::Tool a = tool(kWeatherTool);
        const model::Tool b = tool(kPlainTool);
        QVERIFY(!(a == a.withExtensions(Value::emptyObject())));
        QVERIFY(b == b.withExtensions(Value::emptyObject()));
        QCOMPARE(C(b.toDocument()), C(b.toJson()));
    }
};

QTEST_GUILESS_MAIN(TestWire2026Tools)
#include "tst_wire2026_tools.moc"

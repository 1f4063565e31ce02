// Pre-flight: every request body Toolwire builds checked against its provider's published
// request schema. The example project's presets on every wire under every tool choice, and
// every round of their tool loops, validate cleanly; the failures the issue measured (numeric
// names, OpenAPI type names, a root without "type": "object", names outside a wire's
// character set, Responses tools without strict, Hermes results without tool_call_id)
// either no longer happen or carry an error finding; and the invariant behind it all — a
// body the schema rejects always has an error-severity finding — holds for every one.

#include "json/json.h"
#include "lint/finding.h"
#include "lint/pointer.h"
#include "lint/preflight.h"
#include "lint/schemawalk.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "model/scalars.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "util/strings.h"
#include "wire/preview.h"
#include "wire/registry.h"

#include <QNetworkAccessManager>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");
constexpr const char* kChoices[] = {"auto", "any", "none", "tool"};

project::Project example()
{
    static const project::Project p = *project::load(kExample);
    return p;
}

// The preset's request on wire `w` under `choice`, the tools' places in the project set.
provider::RequestInput presetInput(int preset, wire::Wire w, const std::string& choice)
{
    const project::Project p = example();
    auto in = *project::requestInput(p, p.presets[std::size_t(preset)]);
    in.wire = w;
    in.choice = model::ChoiceSetting{};
    in.choice.type = choice;
    if (choice == "tool")
        in.choice.name = std::string(in.tools.front()["name"].str());
    for (const Value& t : in.tools)
        for (std::size_t i = 0; i < p.tools.size(); ++i)
            if (p.tools[i].identical(t))
                in.toolPaths.push_back("/tools/" + std::to_string(i));
    return in;
}

std::string problems(const std::vector<lint::BodyProblem>& ps)
{
    std::string out;
    for (const lint::BodyProblem& p : ps)
        out += p.bodyPath + ": " + p.message + "\n";
    return out;
}

std::string findings(const std::vector<lint::Finding>& fs) { return json::pretty(lint::toJson(fs)); }

bool violates(const std::vector<lint::BodyProblem>& ps)
{
    for (const lint::BodyProblem& p : ps)
        if (p.kind == lint::BodyProblem::Kind::Violation)
            return true;
    return false;
}

// The rule: a body the provider's schema rejects has a visible error finding.
void checkInvariant(const provider::BuiltRequest& r)
{
    const auto ps = lint::checkBody(wire::dialect(r.wire), r.body);
    if (violates(ps))
        QVERIFY2(lint::hasErrors(r.findings), (problems(ps) + findings(r.findings)).c_str());
}

Value parsed(const char* text) { return *json::parse(text); }

provider::RequestInput toolListInput(wire::Wire w, const Value& tools)
{
    provider::RequestInput in;
    in.profile = provider::profileForWire(w);
    in.wire = w;
    in.model = in.profile.defaultModel;
    in.messages = parsed(R"([{"role": "user", "content": "Weather in Oslo?"}])");
    in.tools.assign(tools.items().begin(), tools.items().end());
    return in;
}

} // namespace

class TestPreflight : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void everyWireHasItsSchema()
    {
        // The documents' roots are containers: no constraint of their own, so validating
        // through a root $ref checks exactly the request's definition.
        static const char* kConstraints[] = {"type", "enum", "const", "required", "minProperties", "maxProperties", "pattern", "minimum", "maximum"};
        for (const wire::Dialect* d : wire::dialects()) {
            QVERIFY2(!d->caps.requestSchema.empty(), d->tag.data());
            const lint::RequestSchema* rs = lint::requestSchema(*d);
            QVERIFY2(rs, d->tag.data());
            QVERIFY(rs->root["$ref"].isString());
            QVERIFY2(lint::resolvePointer(rs->root, rs->root["$ref"].str().substr(1)), d->tag.data());
            for (const json::Member& m : rs->document.members()) {
                if (m.name() == "$ref" || m.name() == "$defs" || m.name() == "components")
                    continue;
                QVERIFY2(!lint::isApplicatorKeyword(m.name()), m.name().data());
                for (const char* k : kConstraints)
                    QVERIFY2(m.name() != k, m.name().data());
            }
        }
    }

    void exampleBodiesValidate_data()
    {
        QTest::addColumn<int>("preset");
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("choice");
        for (int p = 0; p < int(example().presets.size()); ++p)
            for (const wire::Dialect* d : wire::dialects())
                for (const char* c : kChoices)
                    QTest::addRow("preset%d/%s/%s", p, d->tag.data(), c) << p << int(wire::indexOf(d->wire)) << QString::fromLatin1(c);
    }
    void exampleBodiesValidate()
    {
        QFETCH(int, preset);
        QFETCH(int, wireIndex);
        QFETCH(QString, choice);
        const wire::Wire w = wire::kAllWires[wireIndex];
        for (bool stream : {false, true}) {
            provider::RequestInput in = presetInput(preset, w, choice.toStdString());
            in.stream = stream && in.profile.caps.streaming;
            auto r = provider::buildRequest(in, std::nullopt, true);
            QVERIFY2(r, r ? "" : r.error().message.c_str());
            const auto ps = lint::checkBody(wire::dialect(w), r->body);
            QVERIFY2(ps.empty(), (problems(ps) + json::pretty(r->body)).c_str());
            QVERIFY2(!lint::hasErrors(r->findings), findings(r->findings).c_str());
            // The bytes sent are the body checked.
            QCOMPARE(std::string(r->http.body.constData(), std::size_t(r->http.body.size())), json::compact(r->body));
            // Each function tool carries an explicit strict where an omitted one means strict mode.
            const wire::Capabilities& caps = wire::dialect(w).caps;
            if (caps.strictWhenOmitted)
                for (const Value& entry : lint::resolvePointer(r->body, caps.bodyToolsPointer)
                         ? lint::resolvePointer(r->body, caps.bodyToolsPointer)->items()
                         : std::span<const Value>())
                    QVERIFY2(entry["strict"].isBool(), json::compact(entry).c_str());
        }
    }

    void loopRoundsValidate_data()
    {
        QTest::addColumn<int>("preset");
        QTest::addColumn<int>("wireIndex");
        for (int p = 0; p < int(example().presets.size()); ++p)
            for (const wire::Dialect* d : wire::dialects())
                QTest::addRow("preset%d/%s", p, d->tag.data()) << p << int(wire::indexOf(d->wire));
    }
    void loopRoundsValidate()
    {
        QFETCH(int, preset);
        QFETCH(int, wireIndex);
        const wire::Wire w = wire::kAllWires[wireIndex];
        QNetworkAccessManager nam;
        provider::MockProvider mock;
        QVERIFY(mock.listen());
        const project::Project p = example();
        mcp::Client client(std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(p.tools, p.mockTools)));
        QVERIFY(mcp::awaitReady(client, 60000).ok());
        provider::RequestInput in = *project::requestInput(p, p.presets[std::size_t(preset)]);
        in.wire = w;
        in.stream = false;
        in.baseUrl = toStdString(mock.baseUrl(w));
        loop::LiveLoop l(&nam, &client, in, std::nullopt);
        loop::Outcome o;
        bool done = false;
        QObject::connect(&l, &loop::LiveLoop::finished, &l, [&](const loop::Outcome& out) {
            o = out;
            done = true;
        });
        l.start();
        QVERIFY(QTest::qWaitFor([&] { return done; }, 60000));
        QVERIFY2(!o.error, o.error ? o.error->message.c_str() : "");
        QVERIFY(!o.rounds.empty());
        for (std::size_t i = 0; i < o.rounds.size(); ++i) {
            const Value& body = o.rounds[i].exchange.requestBody;
            const auto ps = lint::checkBody(wire::dialect(w), body);
            QVERIFY2(ps.empty(), ("round " + std::to_string(i) + "\n" + problems(ps) + json::pretty(body)).c_str());
        }
        // A later round rebuilt from the earlier rounds' messages: its findings hold no error.
        // (The loop lets later rounds choose freely, so the choice is the loop's, auto.)
        provider::RequestInput again = in;
        for (std::size_t i = 0; i + 1 < o.rounds.size(); ++i)
            for (const Value& m : o.appended[i].items())
                again.appended.push_back(m);
        if (again.choice.type == "tool")
            again.choice = model::ChoiceSetting{};
        auto r = provider::buildRequest(again, std::nullopt);
        QVERIFY(r);
        QVERIFY2(!lint::hasErrors(r->findings), findings(r->findings).c_str());
        QVERIFY2(lint::checkBody(wire::dialect(w), r->body).empty(), json::pretty(r->body).c_str());
    }

    void measuredFailures_data()
    {
        QTest::addColumn<QString>("tools");
        QTest::addColumn<QString>("rule"); // the error each wire with the rule reports; "" none
        QTest::newRow("numeric_name")
            << R"([{"name": 42, "description": "d", "input_schema": {"type": "object", "properties": {"a": {"type": "string"}}}}])"
            << "name.not_string";
        QTest::newRow("openapi_types")
            << R"([{"name": "t", "description": "d", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}}])"
            << "schema.openapi_type";
        QTest::newRow("root_without_type") << R"([{"name": "t", "description": "d", "input_schema": {"properties": {"a": {"type": "string"}}}}])"
                                           << "schema.root_type";
        QTest::newRow("name_umlaut") << R"([{"name": "wetter_für", "description": "d", "input_schema": {"type": "object", "properties": {}}}])"
                                     << "name.charset";
        QTest::newRow("name_cjk") << R"([{"name": "天气", "description": "d", "input_schema": {"type": "object", "properties": {}}}])"
                                  << "name.charset";
        QTest::newRow("name_space") << R"([{"name": "get weather", "description": "d", "input_schema": {"type": "object", "properties": {}}}])"
                                    << "name.charset";
        QTest::newRow("name_80") << QString::fromStdString(R"([{"name": ")" + std::string(80, 'n') +
                                                           R"(", "description": "d", "input_schema": {"type": "object", "properties": {}}}])")
                                 << "name.length";
        QTest::newRow("responses_strict")
            << R"([{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {"a": {"type": "string"}}}}])"
            << "";
    }
    void measuredFailures()
    {
        QFETCH(QString, tools);
        QFETCH(QString, rule);
        const Value list = *json::parse(tools.toStdString());
        for (const wire::Dialect* d : wire::dialects()) {
            for (const char* choice : kChoices) {
                provider::RequestInput in = toolListInput(d->wire, list);
                in.choice.type = choice;
                if (in.choice.type == "tool" && !list.at(0)["name"].isString())
                    continue; // a choice names tools by string
                if (in.choice.type == "tool")
                    in.choice.name = model::displayText(list.at(0)["name"]);
                auto r = provider::buildRequest(in, std::nullopt, true);
                QVERIFY2(r, r ? "" : r.error().message.c_str());
                checkInvariant(*r);
                if (rule.isEmpty()) {
                    QVERIFY2(lint::checkBody(*d, r->body).empty(), (std::string(d->tag) + "\n" + json::pretty(r->body)).c_str());
                    continue;
                }
                bool applies = true;
                if (rule == QLatin1String("name.charset"))
                    applies = !d->caps.toolNamePattern.empty();
                else if (rule == QLatin1String("name.length"))
                    applies = d->caps.toolNameMaxLength > 0 && d->caps.toolNameMaxLength < 80;
                else if (rule == QLatin1String("schema.root_type"))
                    applies = d->caps.schemaRootObject;
                bool found = false;
                for (const lint::Finding& f : r->findings)
                    found = found || (f.rule == rule.toStdString() && f.severity == lint::Severity::Error && f.path.starts_with("/tools/0"));
                QVERIFY2(found == applies, (std::string(d->tag) + "/" + choice + "\n" + findings(r->findings)).c_str());
            }
        }
    }

    void hermesResultsAreUserTurns()
    {
        provider::RequestInput in = toolListInput(wire::Wire::Hermes, parsed(R"([{"name": "get_time", "description": "d"}])"));
        in.messages = parsed(R"([{"role": "user", "content": "Time?"}, {"role": "assistant", "content": "<tool_call>{}</tool_call>"},
                                 {"role": "tool", "name": "get_time", "content": "12:00"}, {"role": "tool", "name": "get_time", "content": "13:00"}])");
        in.appended = {parsed(R"({"role": "assistant", "content": "again"})"),
                       Value{{"role", "tool"}, {"content", "<tool_response>\n{\"name\":\"get_time\",\"content\":\"14:00\"}\n</tool_response>"}}};
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(r);
        const auto messages = r->body["messages"].items();
        for (const Value& m : messages)
            QVERIFY2(m["role"].str() != "tool", json::compact(m).c_str());
        // The two preset results share one user turn, wrapped as a tool round writes them.
        QCOMPARE(messages.size(), std::size_t(6)); // system, user, assistant, results, assistant, result
        const std::string_view both = messages[3]["content"].str();
        QVERIFY2(both.find("<tool_response>") == 0 && both.find("12:00") != std::string_view::npos && both.find("13:00") != std::string_view::npos,
                 std::string(both).c_str());
        QCOMPARE(messages[5]["role"].str(), std::string_view("user"));
        QVERIFY(lint::checkBody(wire::dialect(wire::Wire::Hermes), r->body).empty());
    }

    void findingsOnBuiltRequests()
    {
        // buildRequest's findings point into the input (toolPaths) and, for the body, at it.
        provider::RequestInput in = toolListInput(
            wire::Wire::Anthropic, parsed(R"([{"name": 7, "description": "d", "input_schema": {"properties": {"a": {"type": "string"}}}}])"));
        in.toolPaths = {"/tools/3"};
        auto r = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(r);
        bool name = false, root = false;
        for (const lint::Finding& f : r->findings) {
            name = name || (f.rule == "name.not_string" && f.path == "/tools/3/name");
            root = root || (f.rule == "schema.root_type" && f.path == "/tools/3/input_schema");
        }
        QVERIFY2(name && root, findings(r->findings).c_str());
        // The schema's violation at the same places is that error's: not reported twice.
        for (const lint::Finding& f : r->findings)
            QVERIFY2(f.rule != "preflight.schema", findings(r->findings).c_str());
        // A violation no tool rule explains is reported with its body path.
        provider::RequestInput hot = toolListInput(wire::Wire::Bedrock, parsed("[]"));
        hot.temperature = 1.5;
        auto h = provider::buildRequest(hot, std::nullopt, true);
        QVERIFY(h);
        QCOMPARE(h->findings.size(), std::size_t(1));
        QCOMPARE(h->findings[0].rule, std::string("preflight.schema"));
        QCOMPARE(h->findings[0].bodyPath, std::string("/inferenceConfig/temperature"));
        QCOMPARE(h->findings[0].path, std::string());
        QVERIFY(h->findings[0].source.starts_with("vendor-schemas/bedrock-converse.transcribed.json"));
    }

    void corpusToolToWireKeepsTheReference()
    {
        // tool.to_wire is the reference shape: no strict added there, only in request bodies.
        auto t = wire::toolToWire(wire::Wire::Responses, parsed(R"({"name": "t", "input_schema": {"type": "object", "properties": {}}})"));
        QVERIFY(t);
        QVERIFY(!t->contains("strict"));
    }

    void explainsUnions()
    {
        // A oneOf failure names the alternative the body meant and its own violation.
        const Value body = parsed(R"({"model": "m", "messages": [{"role": "tool", "content": "x"}]})");
        const auto ps = lint::checkBody(wire::dialect(wire::Wire::OpenAI), body);
        QCOMPARE(ps.size(), std::size_t(1));
        QCOMPARE(ps[0].bodyPath, std::string("/messages/0"));
        QVERIFY2(ps[0].message.find("Tool message") != std::string::npos && ps[0].message.find("tool_call_id") != std::string::npos,
                 ps[0].message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"

// The reply side end to end, per wire: payloads written for these tests (tests/data/replies:
// streams and bodies, the deviations of OpenAI-compatible servers, cut-off and failing
// streams; manifest.json holds each one's expected extract object) go through ReplyStream
// whole, split at every byte position and byte by byte, with the wire named and sniffed.
// Plus the canonical call, the live view of growing calls, and Hermes blocks.

#include "json/json.h"
#include "model/toolcall.h"
#include "wire/registry.h"
#include "wire/reply.h"
#include "wire/sse.h"

#include <QFile>
#include <QTest>

#include <string>

using tw::json::Value;
using tw::model::ToolCall;
namespace wire = tw::wire;

namespace {

std::string crlf(std::string_view s)
{
    std::string out;
    for (char c : s) {
        if (c == '\n')
            out += '\r';
        out += c;
    }
    return out;
}

Value parsed(std::string_view text)
{
    auto v = tw::json::parse(text);
    if (!v)
        qFatal("bad expectation JSON: %s", v.error().toString().c_str());
    return *v;
}

// What a test compares: the extract object with the error reduced to its category and the
// parser-specific wording of arguments_error left out.
Value summary(const wire::Reply& r)
{
    std::vector<Value> calls;
    for (const ToolCall& c : r.calls)
        calls.push_back(tw::model::toView(c, true).remove(tw::model::callkey::ArgumentsError));
    const Value full = wire::replyToJson(r, std::nullopt);
    return Value{{"calls", Value(std::move(calls))},
                 {"text", full["text"]},
                 {"finish", full["finish"]},
                 {"raw_finish", full["raw_finish"]},
                 {"refusal", full["refusal"]},
                 {"server_tools", full["server_tools"]},
                 {"error", r.error ? Value(r.error->category) : Value()}};
}

wire::Reply runWhole(std::optional<wire::Wire> w, std::string_view bytes) { return wire::readReply(bytes, w); }

wire::Reply runSplit(std::optional<wire::Wire> w, std::string_view bytes, std::size_t at)
{
    wire::ReplyStream s(w);
    s.feed(bytes.substr(0, at));
    s.feed(bytes.substr(at));
    s.finish();
    return s.reply();
}

wire::Reply runBytes(std::optional<wire::Wire> w, std::string_view bytes)
{
    wire::ReplyStream s(w);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        s.feed(bytes.substr(i, 1));
    s.finish();
    return s.reply();
}

void expectEqual(const Value& actual, const Value& expected, const char* how)
{
    if (!(actual == expected)) {
        const std::string msg = std::string(how) + "\n  actual:   " + tw::json::compact(actual) + "\n  expected: " + tw::json::compact(expected);
        QFAIL(msg.c_str());
    }
}

const QString kReplies = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/replies");

QByteArray readData(const QString& relative)
{
    QFile f(kReplies + QLatin1Char('/') + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll();
}

} // namespace

class TestReply : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void assemble_data();
    void assemble();
    void liveCallsGrow();
    void assemblerTakesPastedLines();
    void decodeArguments_data();
    void decodeArguments();
    void callView();
    void canonicalCalls();
    void hermesBlocks_data();
    void hermesBlocks();
    void finishRules_data();
    void finishRules();
};

void TestReply::assemble_data()
{
    QTest::addColumn<QString>("wireName");
    QTest::addColumn<QString>("sniffed"); // the wire sniffing must find; "" = do not sniff
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray manifest = readData(QStringLiteral("manifest.json"));
    const Value m = parsed(std::string_view(manifest.constData(), std::size_t(manifest.size())));
    for (const Value& c : m["cases"].items()) {
        QByteArray payload = readData(QString::fromStdString(std::string(c["file"].str())));
        if (c["crlf"].toBool()) {
            const std::string converted = crlf(std::string_view(payload.constData(), std::size_t(payload.size())));
            payload = QByteArray(converted.data(), qsizetype(converted.size()));
        }
        const std::string expected = tw::json::compact(c["expect"]);
        QTest::newRow(std::string(c["name"].str()).c_str())
            << QString::fromStdString(std::string(c["wire"].str())) << QString::fromStdString(std::string(c["sniff"].str())) << payload
            << QByteArray(expected.data(), qsizetype(expected.size()));
    }
}

void TestReply::assemble()
{
    QFETCH(QString, wireName);
    QFETCH(QString, sniffed);
    QFETCH(QByteArray, payload);
    QFETCH(QByteArray, expected);
    const std::string_view bytes(payload.constData(), std::size_t(payload.size()));
    const Value want = parsed(std::string_view(expected.constData(), std::size_t(expected.size())));
    const auto w = wire::fromName(wireName.toStdString());
    QVERIFY(w);

    expectEqual(summary(runWhole(w, bytes)), want, "whole input");
    if (QTest::currentTestFailed())
        return;
    for (std::size_t i = 1; i < bytes.size(); ++i) {
        const Value got = summary(runSplit(w, bytes, i));
        if (!(got == want)) {
            expectEqual(got, want, qPrintable(QStringLiteral("split at byte %1").arg(i)));
            return;
        }
    }
    expectEqual(summary(runBytes(w, bytes)), want, "byte by byte");
    if (QTest::currentTestFailed())
        return;

    if (!sniffed.isEmpty()) {
        wire::ReplyStream s(std::nullopt);
        s.feed(bytes);
        s.finish();
        QVERIFY(s.wire());
        QCOMPARE(QString::fromLatin1(wire::name(*s.wire()).data()), sniffed);
        expectEqual(summary(s.reply()), want, "sniffed wire");
    }
}

void TestReply::liveCallsGrow()
{
    wire::ReplyStream s(wire::Wire::OpenAI);
    const QByteArray payload = readData(QStringLiteral("openai/stream-parallel.sse"));
    const std::string_view bytes(payload.constData(), std::size_t(payload.size()));
    // Feed up to the end of the first argument fragment's event.
    const std::size_t firstFragment = bytes.find("{\\\"ci");
    const std::size_t cut = bytes.find("\n\n", firstFragment) + 2;
    s.feed(bytes.substr(0, cut));
    const wire::StreamAssembler* a = s.assembler();
    QVERIFY(a);
    QCOMPARE(a->calls().size(), std::size_t(1));
    QCOMPARE(a->calls()[0].name, std::string("get_weather"));
    QCOMPARE(a->calls()[0].id, std::string("call_a"));
    QCOMPARE(a->calls()[0].argumentsText, std::string("{\"ci"));
    QVERIFY(!a->calls()[0].complete);
    const auto before = a->revision();
    s.feed(bytes.substr(cut));
    QVERIFY(a->revision() > before);
    QCOMPARE(a->calls().size(), std::size_t(2));
    QCOMPARE(a->calls()[0].argumentsText, std::string("{\"city\":\"Zürich\",\"note\":\"a\\\"b \\u2600\"}"));
    QVERIFY(a->calls()[0].complete);
    s.finish();
    const wire::Reply r = s.reply();
    QCOMPARE(r.calls.size(), std::size_t(2));
    QCOMPARE(r.finish, wire::Finish::ToolCalls);
}

void TestReply::assemblerTakesPastedLines()
{
    // The network client feeds its SSE decoder's events straight to the assembler: pasted
    // `data:` lines arrive as one event of several lines there, and still count line by line.
    struct Feed : wire::SseDecoder::Sink {
        wire::StreamAssembler* a = nullptr;
        void onEvent(const wire::SseEvent& e) override { a->feed(e.event, e.data); }
    } sink;
    auto assembler = wire::replyDialect(wire::Wire::OpenAI).newAssembler();
    sink.a = assembler.get();
    const QByteArray payload = readData(QStringLiteral("openai/vllm-pasted-lines.sse-lines"));
    wire::SseDecoder sse;
    sse.feed(std::string_view(payload.constData(), std::size_t(payload.size())), sink);
    sse.finish(sink);
    assembler->finish();
    const wire::Reply r = assembler->reply();
    QCOMPARE(r.calls.size(), std::size_t(1));
    QCOMPARE(r.calls[0].name, std::string("run"));
    QVERIFY(r.calls[0].arguments == parsed("{\"cmd\":\"ls\"}"));
    QCOMPARE(r.finish, wire::Finish::ToolCalls);
}

void TestReply::decodeArguments_data()
{
    QTest::addColumn<QByteArray>("raw"); // the arguments as carried, as JSON
    QTest::addColumn<bool>("blankIsEmpty");
    QTest::addColumn<QByteArray>("object"); // expected arguments
    QTest::addColumn<bool>("undecodable");
    QTest::addColumn<QString>("error"); // exact reason, or "*" for any parser message
    QTest::newRow("absent") << QByteArray("null") << false << QByteArray("{}") << false << QString();
    QTest::newRow("object") << QByteArray("{\"a\":[1]}") << false << QByteArray("{\"a\":[1]}") << false << QString();
    QTest::newRow("empty-string") << QByteArray("\"\"") << false << QByteArray("{}") << false << QString();
    QTest::newRow("json-text") << QByteArray("\"{\\\"a\\\":1}\"") << false << QByteArray("{\"a\":1}") << false << QString();
    QTest::newRow("whitespace-around") << QByteArray("\"  {\\\"a\\\" : 1} \\n\"") << false << QByteArray("{\"a\":1}") << false << QString();
    QTest::newRow("array-text") << QByteArray("\"[1]\"") << false << QByteArray("{}") << true << QStringLiteral("not a JSON object");
    QTest::newRow("scalar-text") << QByteArray("\"42\"") << false << QByteArray("{}") << true << QStringLiteral("not a JSON object");
    QTest::newRow("stringified-twice") << QByteArray("\"\\\"{\\\\\\\"a\\\\\\\":1}\\\"\"") << false << QByteArray("{}") << true
                                       << QStringLiteral("not a JSON object");
    QTest::newRow("truncated") << QByteArray("\"{\\\"a\\\":\\\"b\"") << false << QByteArray("{}") << true << QStringLiteral("*");
    QTest::newRow("array-value") << QByteArray("[1,2]") << false << QByteArray("{}") << true << QStringLiteral("not a JSON object");
    QTest::newRow("bool-value") << QByteArray("true") << false << QByteArray("{}") << true << QStringLiteral("not a JSON object");
    QTest::newRow("number-value") << QByteArray("5") << false << QByteArray("{}") << true << QStringLiteral("not a JSON object");
    QTest::newRow("blank-reference") << QByteArray("\"  \"") << false << QByteArray("{}") << true << QStringLiteral("*");
    QTest::newRow("blank-fixtures") << QByteArray("\"  \"") << true << QByteArray("{}") << false << QString();
}

void TestReply::decodeArguments()
{
    QFETCH(QByteArray, raw);
    QFETCH(bool, blankIsEmpty);
    QFETCH(QByteArray, object);
    QFETCH(bool, undecodable);
    QFETCH(QString, error);
    const auto d = tw::model::decodeArguments(parsed(raw.toStdString()),
                                              blankIsEmpty ? tw::model::BlankArguments::Empty : tw::model::BlankArguments::Undecodable);
    QVERIFY(d.object == parsed(object.toStdString()));
    QCOMPARE(d.undecodable, undecodable);
    if (error == QLatin1String("*"))
        QVERIFY(!d.error.empty());
    else
        QCOMPARE(QString::fromStdString(d.error), error);
}

void TestReply::callView()
{
    auto call = tw::model::callFromWire(Value("f"), Value("[1]"), Value(7));
    QVERIFY(call && *call);
    const Value view = tw::model::toView(**call);
    QVERIFY(view ==
            parsed(R"({"id":"7","name":"f","arguments":{},"arguments_undecodable":true,"arguments_error":"not a JSON object","synthetic":false})"));
    // No call without a name; structured names and ids are errors, numeric names stay numbers.
    QVERIFY(!*tw::model::callFromWire(Value(""), Value(), Value()));
    QVERIFY(!*tw::model::callFromWire(Value(), Value(), Value()));
    auto bad = tw::model::callFromWire(Value(true), Value(), Value());
    QVERIFY(!bad);
    QCOMPARE(bad.error().category, std::string("invalid_field:name"));
    auto badId = tw::model::callFromWire(Value("f"), Value(), parsed("{}"));
    QVERIFY(!badId);
    QCOMPARE(badId.error().category, std::string("invalid_field:id"));
    auto numeric = tw::model::callFromWire(Value(5), Value(), Value(""));
    QVERIFY(numeric && *numeric);
    QVERIFY(tw::model::toView(**numeric)["name"] == Value(5));
    QVERIFY(tw::model::toView(**numeric)["id"].isNull());
}

void TestReply::canonicalCalls()
{
    auto c = tw::model::callFromCanonical(parsed("{\"name\":\"a\",\"arguments\":{\"b\":2,\"a\":1},\"synthetic\":1}"));
    QVERIFY(c);
    QVERIFY(c->synthetic);
    QVERIFY(!c->id);
    // Serialized argument text keeps the input's key order.
    auto form = [](std::string_view name) { return tw::wire::findCallForm(name)->serializeCall; };
    QCOMPARE(
        tw::json::compact(form("openai")(*c, {})),
        std::string("{\"id\":\"call_toolwire\",\"type\":\"function\",\"function\":{\"name\":\"a\",\"arguments\":\"{\\\"b\\\":2,\\\"a\\\":1}\"}}"));
    QCOMPARE(tw::json::compact(form("anthropic_block")(*c, "toolu_x")),
             std::string(R"({"type":"tool_use","id":"toolu_x","name":"a","input":{"b":2,"a":1}})"));
    QCOMPARE(tw::json::compact(form("ollama")(*c, {})), std::string(R"({"function":{"name":"a","arguments":{"b":2,"a":1}}})"));
    QCOMPARE(tw::json::compact(tw::model::toCanonical(*c)), std::string(R"({"id":null,"name":"a","arguments":{"b":2,"a":1},"synthetic":true})"));

    QCOMPARE(tw::model::callFromCanonical(parsed(R"({"arguments":{}})")).error().category, std::string("missing_field:name"));
    QCOMPARE(tw::model::callFromCanonical(parsed(R"({"name":"a","synthetic":"yes"})")).error().category, std::string("invalid_field:synthetic"));
    QCOMPARE(tw::model::callFromCanonical(parsed(R"({"name":"a","arguments":[1]})")).error().category, std::string("invalid_field:arguments"));
    QCOMPARE(tw::model::callFromCanonical(parsed(R"({"name":{}})")).error().category, std::string("invalid_field:name"));
}

void TestReply::hermesBlocks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("rest");
    QTest::addColumn<bool>("openBlock");
    QTest::newRow("plain") << QStringLiteral("  hello  ") << QString() << QStringList() << QStringLiteral("hello") << false;
    QTest::newRow("back-to-back") << QStringLiteral("<tool_call>{\"name\":\"a\"}</tool_call><tool_call>{\"name\":\"b\"}</tool_call>") << QString()
                                  << QStringList{QStringLiteral("a"), QStringLiteral("b")} << QString() << false;
    QTest::newRow("failed-block-stays") << QStringLiteral("x <tool_call>{name: a}</tool_call> y <tool_call>{\"name\":\"b\"}</tool_call>") << QString()
                                        << QStringList{QStringLiteral("b")} << QStringLiteral("x <tool_call>{name: a}</tool_call> y") << false;
    QTest::newRow("custom-tag-literal") << QStringLiteral("<a.b>{\"name\":\"x\"}</a.b> <aXb>{\"name\":\"y\"}</aXb>") << QStringLiteral("a.b")
                                        << QStringList{QStringLiteral("x")} << QStringLiteral("<aXb>{\"name\":\"y\"}</aXb>") << false;
    QTest::newRow("nested-open-tag") << QStringLiteral("<tool_call>x <tool_call>{\"name\":\"a\"}</tool_call>") << QString() << QStringList()
                                     << QStringLiteral("<tool_call>x <tool_call>{\"name\":\"a\"}</tool_call>") << false;
    QTest::newRow("unclosed-with-trailing-text") << QStringLiteral("a <tool_call>{\"name\":\"a\"} more") << QString() << QStringList()
                                                 << QStringLiteral("a <tool_call>{\"name\":\"a\"} more") << true;
    QTest::newRow("unicode-spaces-trimmed") << QStringLiteral("\u00a0\u3000<tool_call>\u00a0{\"name\":\"a\"}\u2003</tool_call>\u00a0") << QString()
                                            << QStringList{QStringLiteral("a")} << QString() << false;
    QTest::newRow("numeric-name-is-no-call") << QStringLiteral("<tool_call>{\"name\":5}</tool_call>") << QString() << QStringList()
                                             << QStringLiteral("<tool_call>{\"name\":5}</tool_call>") << false;
}

void TestReply::hermesBlocks()
{
    QFETCH(QString, text);
    QFETCH(QString, tag);
    QFETCH(QStringList, names);
    QFETCH(QString, rest);
    QFETCH(bool, openBlock);
    const std::string t = text.toStdString();
    const auto hx = wire::extractHermes(t, tag.toStdString());
    QStringList got;
    for (const ToolCall& c : hx.calls) {
        got << QString::fromStdString(c.name);
        QVERIFY(!c.id);
    }
    QCOMPARE(got, names);
    QCOMPARE(QString::fromStdString(hx.text), rest);
    QCOMPARE(hx.endsInOpenBlock, openBlock);
}

void TestReply::finishRules_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<bool>("tokenLimit");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<bool>("calls");
    QTest::addColumn<QString>("finish");
    QTest::newRow("length-beats-calls") << QStringLiteral("length") << false << false << true << QStringLiteral("length");
    QTest::newRow("max_tokens") << QStringLiteral("max_tokens") << false << false << false << QStringLiteral("length");
    QTest::newRow("MAX_TOKENS") << QStringLiteral("MAX_TOKENS") << false << false << false << QStringLiteral("length");
    QTest::newRow("incomplete-hint") << QStringLiteral("incomplete") << true << false << false << QStringLiteral("length");
    QTest::newRow("refusal-text") << QStringLiteral("stop") << false << true << false << QStringLiteral("refusal");
    QTest::newRow("anthropic-refusal") << QStringLiteral("refusal") << false << false << false << QStringLiteral("refusal");
    QTest::newRow("forced-function-stop") << QStringLiteral("stop") << false << false << true << QStringLiteral("tool_calls");
    QTest::newRow("tool_use-without-calls") << QStringLiteral("tool_use") << false << false << false << QStringLiteral("tool_calls");
    QTest::newRow("end_turn") << QStringLiteral("end_turn") << false << false << false << QStringLiteral("stop");
    QTest::newRow("completed") << QStringLiteral("completed") << false << false << false << QStringLiteral("stop");
    QTest::newRow("content_filter") << QStringLiteral("content_filter") << false << false << false << QStringLiteral("other");
    QTest::newRow("SAFETY") << QStringLiteral("SAFETY") << false << false << false << QStringLiteral("other");
    QTest::newRow("none") << QString() << false << false << false << QStringLiteral("other");
}

void TestReply::finishRules()
{
    QFETCH(QString, raw);
    QFETCH(bool, tokenLimit);
    QFETCH(bool, refused);
    QFETCH(bool, calls);
    QFETCH(QString, finish);
    const std::optional<std::string> r = raw.isEmpty() ? std::nullopt : std::optional<std::string>(raw.toStdString());
    const auto f = wire::normalizeFinish(r, tokenLimit, refused, calls, false);
    QCOMPARE(QString::fromLatin1(wire::finishName(f).data()), finish);
}

QTEST_GUILESS_MAIN(TestReply)
#include "tst_reply.moc"

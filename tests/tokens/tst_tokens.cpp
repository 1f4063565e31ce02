// The token meter: the o200k_base tokenizer against the npm tokenizer's own output
// (tests/data/tokens/o200k-samples.json, generated once by gen-o200k-samples.cjs with
// js-tiktoken; README.md there), the cookbook estimate, the rendered-JSON estimate, the price
// table, and the count endpoints' request and reply shapes (the mock provider's answer).
#include "json/json.h"
#include "tokens/bpe.h"
#include "tokens/countendpoint.h"
#include "tokens/data.h"
#include "tokens/meter.h"
#include "wire/preview.h"
#include "wire/registry.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using tw::json::Value;

namespace {

QString dataDir() { return QStringLiteral(TOOLWIRE_SOURCE_DIR) + u"/tests/data/tokens"_s; }

Value readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    auto v = tw::json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return v ? *v : Value();
}

const tw::tokens::Encoding& enc()
{
    auto e = tw::tokens::Encoding::o200k();
    if (!e)
        qFatal("o200k_base does not load: %s", e.error().message.c_str());
    return **e;
}

long long count(const std::string& s) { return static_cast<long long>(enc().count(s)); }

// A hand-written tool: two properties, one with an enum, one nested object.
Value weatherTool()
{
    return Value{{"name", "get_weather"},
                 {"description", "Get the weather for a city."},
                 {"inputSchema",
                  Value{{"type", "object"},
                        {"properties",
                         Value{{"city", Value{{"type", "string"}, {"description", "The city."}}},
                               {"unit", Value{{"type", "string"}, {"enum", Value(std::vector<Value>{Value("c"), Value("f")})}}},
                               {"where", Value{{"type", "object"}, {"properties", Value{{"lat", Value{{"type", "number"}}}}}}}}},
                        {"required", Value(std::vector<Value>{Value("city")})}}}};
}

} // namespace

class TestTokens : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ranksLoad();
    void damagedRanksAreErrors();
    void matchesTheNpmTokenizer_data();
    void matchesTheNpmTokenizer();
    void whitespaceIsUnicodeWhiteSpace();
    void longPiecesMergeAsShortOnes();
    void cookbookEstimate();
    void renderedJsonEstimate_data();
    void renderedJsonEstimate();
    void promptEstimate();
    void everyOfflineCountIsAnEstimate();
    void priceTableIsDated();
    void countEndpointRequests_data();
    void countEndpointRequests();
    void mockAnswersCountPaths();
    void commandLine();
    void commandLineCountEndpointOnTheMock();
};

void TestTokens::ranksLoad()
{
    QCOMPARE(enc().size(), std::size_t(199998));
    QCOMPARE(enc().bytes(0), std::string_view("!"));
    QVERIFY(tw::tokens::meterData().isObject());
    QVERIFY(tw::tokens::priceData().isObject());
}

void TestTokens::damagedRanksAreErrors()
{
    auto none = tw::tokens::Encoding::fromRanks("not ranks");
    QVERIFY(!none);
    QCOMPARE(QString::fromStdString(none.error().category), u"bad_ranks"_s);
    // Header says 2 ranks, data holds one.
    std::string cut = std::string("TWBPE1\n") + std::string("\x02\x00\x00\x00", 4) +
        "\x01"
        "a";
    auto r = tw::tokens::Encoding::fromRanks(cut);
    QVERIFY(!r);
    QVERIFY2(r.error().message.find("ends after 1 of 2") != std::string::npos, r.error().message.c_str());
    // Three ranks, the third the first's bytes again: named by its rank and where it starts.
    const std::string repeated = std::string("TWBPE1\n") + std::string("\x03\x00\x00\x00", 4) +
        "\x02"
        "ab"
        "\x01"
        "c"
        "\x02"
        "ab";
    auto twice = tw::tokens::Encoding::fromRanks(repeated);
    QVERIFY(!twice);
    QCOMPARE(QString::fromStdString(twice.error().message), u"token ranks, byte 17: rank 2 repeats an earlier token"_s);
    // Distinct tokens with many home slots in common still load, and each keeps its rank.
    std::string many = std::string("TWBPE1\n") + std::string("\xe8\x03\x00\x00", 4);
    for (int i = 0; i < 1000; ++i) {
        const std::string t = std::to_string(i * 7919);
        many += char(t.size());
        many += t;
    }
    auto loaded = tw::tokens::Encoding::fromRanks(many);
    QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
    QCOMPARE((*loaded)->size(), std::size_t(1000));
    QCOMPARE((*loaded)->bytes(999), std::string_view("7911081"));
    QCOMPARE((*loaded)->encode("0"), std::vector<std::uint32_t>{0});
}

void TestTokens::matchesTheNpmTokenizer_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QList<uint>>("expected");
    const Value doc = readJson(dataDir() + u"/o200k-samples.json"_s);
    if (!doc.isObject())
        QSKIP("tests/data/tokens/o200k-samples.json is missing or not JSON");
    for (const Value& c : doc["cases"].items()) {
        QList<uint> tokens;
        for (const Value& t : c["tokens"].items())
            tokens << uint(*t.toInt());
        QTest::newRow(c["name"].toStdString().c_str()) << QByteArray::fromStdString(c["text"].toStdString()) << tokens;
    }
}

void TestTokens::matchesTheNpmTokenizer()
{
    QFETCH(QByteArray, text);
    QFETCH(QList<uint>, expected);
    const auto got = enc().encode(std::string_view(text.constData(), std::size_t(text.size())));
    QList<uint> actual(got.begin(), got.end());
    if (actual != expected) {
        QStringList pieces;
        for (const std::string& p : enc().pieces(std::string_view(text.constData(), std::size_t(text.size()))))
            pieces << QString::fromStdString(p);
        qWarning("pieces: [%s]", qPrintable(pieces.join(u"][")));
    }
    QCOMPARE(actual, expected);
    // And the tokens spell the text again.
    std::string back;
    for (uint t : actual)
        back += std::string(enc().bytes(t));
    QCOMPARE(QByteArray::fromStdString(back), text);
}

void TestTokens::whitespaceIsUnicodeWhiteSpace()
{
    // tiktoken's \s is Unicode White_Space: U+0085 belongs (like a tab), U+FEFF does not
    // (like "#"). Two of them before a letter: whitespace splits as "\t", "\tb"; other
    // characters run together as "##", "b".
    const std::string nel = "\xC2\x85";
    QCOMPARE(enc().pieces(nel + nel + "b"), (std::vector<std::string>{nel, nel + "b"}));
    QCOMPARE(enc().pieces("\t\tb"), (std::vector<std::string>{"\t", "\tb"}));
    const std::string bom = "\xEF\xBB\xBF";
    QCOMPARE(enc().pieces(bom + bom + "b"), (std::vector<std::string>{bom + bom, "b"}));
    QCOMPARE(enc().pieces("##b"), (std::vector<std::string>{"##", "b"}));
}

void TestTokens::longPiecesMergeAsShortOnes()
{
    // A piece far longer than any token merges to the same tokens as its parts would when
    // they are separate pieces with the same boundaries: 64 copies of a two-letter word with
    // no break is a single piece; its tokens must spell it again and be fewer than its bytes.
    std::string piece;
    for (int i = 0; i < 2000; ++i)
        piece += "ab";
    const auto tokens = enc().encode(piece);
    QVERIFY(tokens.size() < piece.size() / 2);
    std::string back;
    for (auto t : tokens)
        back += std::string(enc().bytes(t));
    QCOMPARE(back, piece);
}

void TestTokens::cookbookEstimate()
{
    // The cookbook's num_tokens_for_tools with its gpt-4o constants (func_init 7, prop_init
    // 3, prop_key 3, enum_init -3, enum_item 3, func_end 12), by hand for weatherTool().
    const tw::tokens::MeterTool tool{weatherTool(), "/tools/0"};
    auto r = tw::tokens::estimate(tw::wire::Wire::OpenAI, {&tool, 1});
    QVERIFY(r);
    QCOMPARE(QString::fromStdString(r->method), u"cookbook"_s);
    QCOMPARE(r->kind, tw::tokens::CountKind::Estimate);
    const long long expected = 7 + count("get_weather:Get the weather for a city") //
        + 3 //
        + 3 + count("city:string:The city") //
        + 3 - 3 + 3 + count("c") + 3 + count("f") + count("unit:string:") //
        + 3 + count("where:object:") + 3 + 3 + count("lat:number:");
    QCOMPARE(r->tools.size(), std::size_t(1));
    QCOMPARE(r->tools[0].tokens, expected);
    QCOMPARE(r->total, expected + 12);
    QCOMPARE(r->tools[0].name.str(), std::string_view("get_weather"));
    QCOMPARE(QString::fromStdString(r->tools[0].path), u"/tools/0"_s);
    // The same on Responses (the function definitions are the same).
    auto responses = tw::tokens::estimate(tw::wire::Wire::Responses, {&tool, 1});
    QVERIFY(responses);
    QCOMPARE(responses->total, r->total);
}

void TestTokens::renderedJsonEstimate_data()
{
    QTest::addColumn<int>("wireIndex");
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        const Value& data = tw::tokens::wireMeterData(w);
        if (data["method"].str() == "rendered_json")
            QTest::newRow(std::string(tw::wire::name(w)).c_str()) << int(tw::wire::indexOf(w));
    }
}

void TestTokens::renderedJsonEstimate()
{
    QFETCH(int, wireIndex);
    const tw::wire::Wire w = tw::wire::kAllWires[wireIndex];
    const tw::tokens::MeterTool tools[] = {{weatherTool(), "/tools/0"}, {Value{{"name", "ping"}}, "/tools/1"}};
    auto r = tw::tokens::estimate(w, tools);
    QVERIFY(r);
    QCOMPARE(r->tools.size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i) {
        auto shaped = tw::wire::toolToWire(w, tools[i].tool);
        QVERIFY(shaped);
        QCOMPARE(r->tools[i].tokens, count(tw::json::compact(*shaped)));
    }
    // The list costs at least its entries (separators and wrappers on top).
    QVERIFY(r->total >= r->tools[0].tokens + r->tools[1].tokens);
    QVERIFY(r->total < r->tools[0].tokens + r->tools[1].tokens + 40);
}

void TestTokens::promptEstimate()
{
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        if (tw::tokens::wireMeterData(w)["method"].str() != "prompt_text")
            continue;
        const tw::tokens::MeterTool tool{weatherTool(), "/tools/0"};
        auto r = tw::tokens::estimate(w, {&tool, 1});
        QVERIFY(r);
        auto fields = tw::wire::toolFieldsForRequest(w, {weatherTool()}, tw::model::ChoiceSetting{}, Value(), Value());
        QVERIFY(fields && fields->systemPrompt);
        QCOMPARE(r->total, count(*fields->systemPrompt));
        return;
    }
    QSKIP("no wire uses the prompt_text method");
}

void TestTokens::everyOfflineCountIsAnEstimate()
{
    // Also: a built-in or broken entry is skipped with its place, never counted.
    const tw::tokens::MeterTool tools[] = {{weatherTool(), "/tools/0"}, {Value("not a tool"), "/tools/1"}};
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        auto r = tw::tokens::estimate(w, tools);
        QVERIFY(r);
        QCOMPARE(r->kind, tw::tokens::CountKind::Estimate);
        QVERIFY2(!r->description.empty(), r->method.c_str());
        QCOMPARE(r->tools.size(), std::size_t(1));
        QCOMPARE(r->skipped.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(r->skipped[0].path), u"/tools/1"_s);
        QCOMPARE(tw::tokens::toJson(*r)["kind"].str(), std::string_view("estimate"));
    }
}

void TestTokens::priceTableIsDated()
{
    static const QRegularExpression date(u"^20[0-9]{2}-[01][0-9]-[0-3][0-9]$"_s);
    const Value rows = tw::tokens::priceData()["rows"];
    QVERIFY(rows.size() > 0);
    for (const Value& row : rows.items()) {
        const QString where = QString::fromStdString(tw::json::compact(row));
        QVERIFY2(tw::wire::fromName(row["wire"].str()), qPrintable(where));
        QVERIFY2(date.match(QString::fromStdString(row["as_of"].toStdString())).hasMatch(), qPrintable(where));
        QVERIFY2(row["source"].str().starts_with("https://"), qPrintable(where));
        QVERIFY2(row["input_per_1m"].toDouble(-1) > 0, qPrintable(where));
        QVERIFY2(!row["model"].str().empty(), qPrintable(where));
    }
    // A row marked unverified (no source confirmed it) is never used or shown; the date the
    // table reports is the newest of the rows that are used.
    std::string newestUsed;
    for (const Value& row : rows.items()) {
        const auto w = tw::wire::fromName(row["wire"].str());
        QVERIFY(w);
        const auto c = tw::tokens::costs(*w, 1000);
        const bool listed = std::any_of(c.begin(), c.end(), [&](const tw::tokens::Cost& x) { return x.model == row["model"].str(); });
        const QString where = QString::fromStdString(tw::json::compact(row));
        if (row["unverified"].toBool(false))
            QVERIFY2(!listed, qPrintable(where));
        else {
            QVERIFY2(listed, qPrintable(where));
            newestUsed = std::max(newestUsed, row["as_of"].toStdString());
        }
    }
    QCOMPARE(QString::fromStdString(tw::tokens::pricesAsOf()), QString::fromStdString(newestUsed));
    // 2,000 tokens at a price of P per 1M cost 2 * P per 1,000 requests (the first row is used).
    const Value& first = rows.at(0);
    QVERIFY(!first["unverified"].toBool(false));
    const auto w = *tw::wire::fromName(first["wire"].str());
    const auto c = tw::tokens::costs(w, 2000, first["model"].str());
    QVERIFY(!c.empty());
    QCOMPARE(QString::fromStdString(c.front().model), QString::fromStdString(first["model"].toStdString()));
    QCOMPARE(c.front().per1kRequests, 2.0 * first["input_per_1m"].toDouble());
}

void TestTokens::countEndpointRequests_data()
{
    QTest::addColumn<QString>("wire");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expectedUrl");
    QTest::addColumn<QString>("expectedBody");
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("count");
    // Hand-written bodies in each wire's shape; the endpoints as the providers document them.
    QTest::newRow("anthropic") << u"anthropic"_s << u"https://api.anthropic.com/v1/messages"_s
                               << u"https://api.anthropic.com/v1/messages/count_tokens"_s << u"{\"model\":\"m\",\"messages\":[],\"tools\":[]}"_s
                               << u"{\"input_tokens\":42}"_s << 42;
    QTest::newRow("responses") << u"responses"_s << u"https://api.openai.com/v1/responses"_s << u"https://api.openai.com/v1/responses/input_tokens"_s
                               << u"{\"model\":\"m\",\"tools\":[]}"_s << u"{\"object\":\"response.input_tokens\",\"input_tokens\":7}"_s << 7;
    QTest::newRow("gemini")
        << u"gemini"_s << u"https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?key=K"_s
        << u"https://generativelanguage.googleapis.com/v1beta/models/m:countTokens?key=K"_s
        << u"{\"generateContentRequest\":{\"model\":\"models/m\",\"messages\":[],\"tools\":[],\"max_tokens\":5,\"stream\":false}}"_s
        << u"{\"totalTokens\":9}"_s << 9;
}

void TestTokens::countEndpointRequests()
{
    QFETCH(QString, wire);
    QFETCH(QString, url);
    QFETCH(QString, expectedUrl);
    QFETCH(QString, expectedBody);
    QFETCH(QString, reply);
    QFETCH(int, count);
    const auto w = *tw::wire::fromName(wire.toStdString());
    QVERIFY(tw::tokens::hasCountEndpoint(w));
    // The generation body: model, messages, tools, and members a count request does not take.
    const Value body = *tw::json::parse("{\"model\":\"m\",\"messages\":[],\"tools\":[],\"max_tokens\":5,\"stream\":false}");
    auto r = tw::tokens::countRequest(w, url.toStdString(), body, "m");
    QVERIFY2(r, r ? "" : r.error().message.c_str());
    QCOMPARE(QString::fromStdString(r->url), expectedUrl);
    QCOMPARE(QString::fromStdString(tw::json::compact(r->body)), expectedBody);
    auto n = tw::tokens::readCount(w, *tw::json::parse(reply.toStdString()));
    QVERIFY(n);
    QCOMPARE(*n, (long long)count);
    QVERIFY(!tw::tokens::readCount(w, *tw::json::parse("{\"other\":1}")));
}

void TestTokens::mockAnswersCountPaths()
{
    const Value body = *tw::json::parse("{\"model\":\"m\",\"tools\":[{\"name\":\"x\"}]}");
    const long long expected = count(tw::json::compact(body));
    int answered = 0;
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        if (!tw::tokens::hasCountEndpoint(w))
            continue;
        const std::string suffix = tw::tokens::wireMeterData(w)["count_endpoint"]["mock_path_suffix"].toStdString();
        auto m = tw::tokens::mockCountReply("/base" + suffix, body);
        QVERIFY2(m, suffix.c_str());
        QCOMPARE(m->wire, w);
        auto n = tw::tokens::readCount(w, m->reply);
        QVERIFY(n);
        QCOMPARE(*n, expected);
        ++answered;
    }
    QVERIFY(answered >= 3);
    QVERIFY(!tw::tokens::mockCountReply("/v1/chat/completions", body));
}

namespace {
// Runs the built binary; its stdout parsed as JSON (null when it is not).
Value runTokens(const QStringList& args, int* exitCode)
{
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), QStringList{u"tokens"_s} + args);
    if (!p.waitForFinished(120000))
        return {};
    *exitCode = p.exitCode();
    const QByteArray out = p.readAllStandardOutput();
    auto v = tw::json::parse(std::string_view(out.constData(), std::size_t(out.size())));
    return v ? *v : Value();
}
QString exampleProject() { return QStringLiteral(TOOLWIRE_SOURCE_DIR) + u"/resources/examples/weather-desk.toolwire"_s; }
} // namespace

void TestTokens::commandLine()
{
    int code = -1;
    const Value out = runTokens({u"--json"_s, exampleProject()}, &code);
    QCOMPARE(code, 0);
    QVERIFY(out["wires"].isObject());
    QCOMPARE(out["wires"].size(), tw::wire::kWireCount);
    const Value project = readJson(exampleProject());
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        const Value& t = out["wires"][tw::wire::name(w)];
        QCOMPARE(t["kind"].str(), std::string_view("estimate"));
        QCOMPARE(t["tools"].size(), project["tools"].size());
        // The total is the meter's, and the cost follows from it and the first price row.
        std::vector<tw::tokens::MeterTool> tools;
        for (std::size_t i = 0; i < project["tools"].size(); ++i)
            tools.push_back({project["tools"].at(i), "/tools/" + std::to_string(i)});
        auto expected = tw::tokens::estimate(w, tools);
        QVERIFY(expected);
        QCOMPARE(*t["total"].toInt(), expected->total);
        const auto costs = tw::tokens::costs(w, expected->total);
        QCOMPARE(t.contains("cost_per_1k_requests"), !costs.empty());
    }
    QVERIFY(!out["prices_as_of"].str().empty());
    // A file that is no tool list: exit 1 with an error.
    const Value bad = runTokens({u"--json"_s, dataDir() + u"/README.md"_s}, &code);
    QCOMPARE(code, 1);
}

void TestTokens::commandLineCountEndpointOnTheMock()
{
    int code = -1;
    const Value out = runTokens({u"--json"_s, u"--count-endpoint"_s, u"--base-url"_s, u"mock:"_s, exampleProject()}, &code);
    QCOMPARE(code, 0);
    int counted = 0;
    for (tw::wire::Wire w : tw::wire::kAllWires) {
        const Value& t = out["wires"][tw::wire::name(w)];
        // The mock is a stand-in: never "exact".
        QCOMPARE(t["kind"].str(), std::string_view("estimate"));
        if (!tw::tokens::hasCountEndpoint(w)) {
            QVERIFY(t["method"].str() != "count_endpoint");
            continue;
        }
        QVERIFY2(t["method"].str() == "count_endpoint", tw::json::compact(t).c_str());
        QVERIFY(*t["total"].toInt() > 0);
        for (const Value& tool : t["tools"].items())
            QVERIFY(*tool["tokens"].toInt() > 0);
        ++counted;
    }
    QVERIFY(counted >= 3);
}

QTEST_GUILESS_MAIN(TestTokens)
#include "tst_tokens.moc"

// Bedrock Converse, reply side: the recorded fixtures of ../shared/fixtures/bedrock (with the
// wire named and auto-detected, whole, in random chunks and byte by byte, compared as
// tst_fixtures compares), the AWS event-stream codec (CRC-32, every header type, the
// incremental decoder and its errors, the encoder against recorded bytes), and the stream
// assembler's rules (decoded lines, SSE event lines, exceptions, finish, cut-off calls).

#include "fixture_compare.h"
#include "json/json.h"
#include "model/toolcall.h"
#include "wire/bedrock/eventstream.h"
#include "wire/bedrock/reply.h"
#include "wire/registry.h"
#include "wire/reply.h"

#include <QFile>
#include <QTest>

#include <random>

using tw::json::Value;
using tw::wire::Reply;
using tw::wire::Wire;
namespace es = tw::wire::bedrock::eventstream;

namespace {

const QString kFixtures = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures");

QByteArray readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

std::string_view sv(const QByteArray& b) { return {b.constData(), std::size_t(b.size())}; }
QByteArray qba(std::string_view s) { return QByteArray(s.data(), qsizetype(s.size())); }
Value parsed(std::string_view text)
{
    auto v = tw::json::parse(text);
    if (!v)
        qFatal("bad JSON in test: %s", v.error().toString().c_str());
    return *v;
}

// The pieces a mode cuts the input into: "whole", "bytes" (one byte each), "seed<N>"
// (random pieces of 1..97 bytes from a fixed seed).
std::vector<std::string_view> pieces(std::string_view in, const std::string& mode)
{
    std::vector<std::string_view> out;
    if (mode == "whole") {
        out.push_back(in);
    } else if (mode == "bytes") {
        for (std::size_t i = 0; i < in.size(); ++i)
            out.push_back(in.substr(i, 1));
    } else {
        std::mt19937 rng(static_cast<unsigned>(std::stoul(mode.substr(4))));
        std::uniform_int_distribution<std::size_t> len(1, 97);
        for (std::size_t i = 0; i < in.size();) {
            const std::size_t n = std::min(len(rng), in.size() - i);
            out.push_back(in.substr(i, n));
            i += n;
        }
    }
    return out;
}

struct Read {
    Reply reply;
    std::optional<Wire> wire;
};

Read readPieces(std::string_view in, std::optional<Wire> wire, const std::string& mode)
{
    tw::wire::ReplyStream s(wire);
    for (std::string_view p : pieces(in, mode))
        s.feed(p);
    s.finish();
    return {s.reply(), s.wire()};
}

// The decoder's output as text: "name|data" per event, "!category: message" for an error.
struct Frames : tw::wire::FrameDecoder::Sink {
    std::vector<std::string> out;
    int errors = 0;
    void onFrameEvent(std::string_view name, std::string_view data) override { out.push_back(std::string(name) + "|" + std::string(data)); }
    void onFrameError(tw::Error e) override
    {
        ++errors;
        out.push_back("!" + e.category + ": " + e.message);
    }
};

Frames decode(std::string_view in, const std::string& mode)
{
    es::Decoder d;
    Frames f;
    for (std::string_view p : pieces(in, mode))
        d.feed(p, f);
    d.finish(f);
    return f;
}

std::string frame(std::string_view name, std::string_view payload) { return es::encodeEvent(name, payload, false); }

// A prelude with a correct CRC for any lengths, then `rest`.
std::string prelude(std::uint32_t total, std::uint32_t headers, std::string_view rest = {})
{
    std::string p;
    for (std::uint32_t v : {total, headers})
        for (int i = 3; i >= 0; --i)
            p.push_back(char((v >> (8 * i)) & 0xFF));
    const std::uint32_t crc = es::crc32(p);
    for (int i = 3; i >= 0; --i)
        p.push_back(char((crc >> (8 * i)) & 0xFF));
    return p + std::string(rest);
}

// A message built by hand from raw header bytes, both CRCs correct.
std::string rawMessage(std::string_view headerBytes, std::string_view payload)
{
    const auto total = std::uint32_t(16 + headerBytes.size() + payload.size());
    std::string m = prelude(total, std::uint32_t(headerBytes.size()), headerBytes);
    m.append(payload);
    const std::uint32_t crc = es::crc32(m);
    for (int i = 3; i >= 0; --i)
        m.push_back(char((crc >> (8 * i)) & 0xFF));
    return m;
}

} // namespace

class TestBedrockReply : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fixtures_data();
    void fixtures();
    void crc32_data();
    void crc32();
    void workedExample();
    void encoderMatchesRecordings();
    void headerTypesRoundTrip();
    void decoderSplitsAnywhere();
    void decoderDeliversWithoutWaiting();
    void decoderErrors_data();
    void decoderErrors();
    void framingErrorsInReplies_data();
    void framingErrorsInReplies();
    void mutatedStreamsNeverCrash();
    void detect_data();
    void detect();
    void streams_data();
    void streams();
    void finishRules_data();
    void finishRules();
    void locate();
};

// ---- the recorded fixtures ---------------------------------------------------------------

void TestBedrockReply::fixtures_data()
{
    QTest::addColumn<QByteArray>("item");
    QTest::addColumn<bool>("named");
    QTest::addColumn<QString>("mode");
    const QByteArray bytes = readFile(kFixtures + QStringLiteral("/bedrock-expected.json"));
    if (bytes.isEmpty()) {
        QTest::newRow("fixtures-absent") << QByteArray() << true << QString();
        return;
    }
    const Value doc = parsed(sv(bytes));
    for (const Value& item : doc["items"].items())
        for (bool named : {true, false})
            for (const char* mode : {"whole", "seed1", "seed7", "seed42", "bytes"}) {
                const std::string row = std::string(item["file"].str()) + (named ? "/wire" : "/auto") + "/" + mode;
                QTest::newRow(row.c_str()) << qba(show(item)) << named << QString::fromLatin1(mode);
            }
}

void TestBedrockReply::fixtures()
{
    QFETCH(QByteArray, item);
    QFETCH(bool, named);
    QFETCH(QString, mode);
    if (item.isEmpty())
        QSKIP("the shared fixtures (" TOOLWIRE_SHARED_DIR "/fixtures) are not there; nothing to check");
    const Value want = parsed(sv(item));
    const QString path = kFixtures + QLatin1Char('/') + QString::fromUtf8(want["file"].str().data(), qsizetype(want["file"].str().size()));
    const QByteArray payload = readFile(path);
    QVERIFY2(!payload.isEmpty(), qPrintable(path));
    QCOMPARE(std::string(tw::wire::describeFraming(sv(payload))), std::string(want["framing"].str()));

    const auto w = tw::wire::fromName(want["wire"].str());
    QVERIFY(w);
    const Read read = readPieces(sv(payload), named ? w : std::nullopt, mode.toStdString());
    QVERIFY(read.wire == w); // auto-detection finds the framing and the wire
    const Reply& r = read.reply;

    // The comparison rules of tst_fixtures (fixture_compare.h).
    compareWithExpected(r, want);
    if (QTest::currentTestFailed())
        return;
    if (r.error) {
        // The in-band error is the provider's {type, message}.
        QCOMPARE(r.error->category, std::string("provider_error"));
        QCOMPARE(r.providerError["type"], want["error"]["type"]);
        QCOMPARE(r.providerError["message"], want["error"]["message"]);
    }
    const Value serverTools(r.serverTools);
    QVERIFY2(serverTools == want["server_tools"], show(serverTools).c_str());
}

// ---- the codec ---------------------------------------------------------------------------

void TestBedrockReply::crc32_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<uint>("crc");
    QTest::newRow("empty") << QByteArray() << 0u;
    QTest::newRow("check_value_123456789") << QByteArray("123456789") << 0xCBF43926u;
    QTest::newRow("quick_brown_fox") << QByteArray("The quick brown fox jumps over the lazy dog") << 0x414FA339u;
    QTest::newRow("one_zero_byte") << QByteArray(1, '\0') << 0xD202EF8Du;
}

void TestBedrockReply::crc32()
{
    QFETCH(QByteArray, input);
    QFETCH(uint, crc);
    QCOMPARE(es::crc32(sv(input)), std::uint32_t(crc));
    // Continued over two halves, as zlib's crc32(crc, ...) continues.
    const std::string_view s = sv(input);
    QCOMPARE(es::crc32(s.substr(s.size() / 2), es::crc32(s.substr(0, s.size() / 2))), std::uint32_t(crc));
}

void TestBedrockReply::workedExample()
{
    // spec/bedrock.md §8: the first message of prism-nova-micro-model-stream-error.sse.
    const QByteArray bytes = readFile(kFixtures + QStringLiteral("/bedrock/prism-nova-micro-model-stream-error.sse"));
    if (bytes.isEmpty())
        QSKIP("the shared fixtures are not there");
    const std::string_view first = sv(bytes).substr(0, 183);
    QCOMPARE(first.substr(0, 12), std::string_view("\x00\x00\x00\xb7\x00\x00\x00\x52\x42\xa0\x3b\xb5", 12));
    auto m = es::decodeMessage(first);
    QVERIFY2(m, m ? "" : m.error().message.c_str());
    QCOMPARE(m->headers.size(), std::size_t(3));
    QCOMPARE(m->text(es::kEventType), std::string_view("messageStart"));
    QCOMPARE(m->text(es::kContentType), std::string_view("application/json"));
    QCOMPARE(m->text(es::kMessageType), std::string_view("event"));
    QCOMPARE(m->payload, std::string_view(R"({"p":"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012345","role":"assistant"})"));
    QCOMPARE(first.substr(179), std::string_view("\x71\x06\xb2\x9f", 4));
    // The encoder writes the very same bytes.
    QCOMPARE(es::encodeEvent("messageStart", m->payload, false), std::string(first));
}

void TestBedrockReply::encoderMatchesRecordings()
{
    // Every recorded message (events and the exception) re-encodes byte for byte.
    int checked = 0;
    for (const char* file : {"otel-claude3-sonnet-tool-call-split-input.eventstream", "otel-nova-micro-text-two-tool-calls.eventstream",
                             "ddtrace-claude3-sonnet-text-tool-call.eventstream", "prism-nova-micro-model-stream-error.sse",
                             "pydantic-claude37-redacted-reasoning.eventstream"}) {
        const QByteArray bytes = readFile(kFixtures + QStringLiteral("/bedrock/") + QLatin1String(file));
        if (bytes.isEmpty())
            QSKIP("the shared fixtures are not there");
        std::string_view rest = sv(bytes);
        while (!rest.empty()) {
            QVERIFY(rest.size() >= 16);
            const std::size_t total = (std::size_t(std::uint8_t(rest[0])) << 24) | (std::size_t(std::uint8_t(rest[1])) << 16) |
                (std::size_t(std::uint8_t(rest[2])) << 8) | std::size_t(std::uint8_t(rest[3]));
            auto m = es::decodeMessage(rest.substr(0, total));
            QVERIFY2(m, m ? "" : m.error().message.c_str());
            const bool exception = m->text(es::kMessageType) == es::kMessageException;
            const std::string_view name = m->text(exception ? es::kExceptionType : es::kEventType);
            QCOMPARE(es::encodeEvent(name, m->payload, exception), std::string(rest.substr(0, total)));
            rest.remove_prefix(total);
            ++checked;
        }
    }
    QVERIFY(checked > 100);
}

void TestBedrockReply::headerTypesRoundTrip()
{
    using es::HeaderType;
    const std::string uuid("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10", 16);
    const std::string bytes("a\0b", 3);
    const es::Header headers[] = {
        {"yes", HeaderType::True, {}, 1},
        {"no", HeaderType::False, {}, 0},
        {"byte", HeaderType::Byte, {}, -5},
        {"short", HeaderType::Short, {}, -300},
        {"int", HeaderType::Integer, {}, 70000},
        {"long", HeaderType::Long, {}, -(1LL << 40)},
        {"blob", HeaderType::Bytes, bytes, 0},
        {":event-type", HeaderType::String, "contentBlockStop", 0},
        {"when", HeaderType::Timestamp, {}, 1750000000123LL},
        {"id", HeaderType::Uuid, uuid, 0},
    };
    const std::string msg = es::encodeMessage(headers, R"({"contentBlockIndex":3})");
    auto m = es::decodeMessage(msg);
    QVERIFY2(m, m ? "" : m.error().message.c_str());
    QCOMPARE(m->headers.size(), std::size(headers));
    for (std::size_t i = 0; i < std::size(headers); ++i) {
        const es::Header& got = m->headers[i];
        QCOMPARE(got.name, headers[i].name);
        QCOMPARE(int(got.type), int(headers[i].type));
        QCOMPARE(got.integer, headers[i].integer);
        QCOMPARE(got.bytes, headers[i].bytes);
    }
    QCOMPARE(m->payload, std::string_view(R"({"contentBlockIndex":3})"));
    // The decoder skips the typed headers it does not need and still finds the event name.
    const Frames f = decode(msg, "bytes");
    QCOMPARE(f.out, std::vector<std::string>{R"(contentBlockStop|{"contentBlockIndex":3})"});
}

void TestBedrockReply::decoderSplitsAnywhere()
{
    const std::string in = frame("messageStart", R"({"role":"assistant"})") +
        es::encodeEvent("throttlingException", R"({"message":"slow down"})", true) + frame("metadata", "{}");
    const std::vector<std::string> expected = {R"(messageStart|{"role":"assistant"})", R"(throttlingException|{"message":"slow down"})",
                                               "metadata|{}"};
    QCOMPARE(decode(in, "whole").out, expected);
    QCOMPARE(decode(in, "bytes").out, expected);
    for (std::size_t i = 0; i <= in.size(); ++i) {
        es::Decoder d;
        Frames f;
        d.feed(std::string_view(in).substr(0, i), f);
        d.feed(std::string_view(in).substr(i), f);
        d.finish(f);
        if (f.out != expected)
            QFAIL(qPrintable(QStringLiteral("split at byte %1 differs").arg(i)));
    }
}

void TestBedrockReply::decoderDeliversWithoutWaiting()
{
    // Each message is delivered the moment its last byte arrives, never held for more.
    const std::string a = frame("contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"text":"Hi"}})");
    const std::string b = frame("contentBlockStop", R"({"contentBlockIndex":0})");
    es::Decoder d;
    Frames f;
    d.feed(std::string_view(a).substr(0, a.size() - 1), f);
    QVERIFY(f.out.empty());
    d.feed(std::string_view(a).substr(a.size() - 1), f);
    QCOMPARE(f.out.size(), std::size_t(1));
    d.feed(b + b.substr(0, 5), f); // a whole message and the start of the next
    QCOMPARE(f.out.size(), std::size_t(2));
    QCOMPARE(d.offset(), std::uint64_t(a.size() + b.size()));
}

void TestBedrockReply::decoderErrors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("eventsBefore"); // events delivered before the error
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("says"); // parts of the message, '|' between them (the offset included)
    const std::string good = frame("messageStart", R"({"role":"assistant"})");
    const std::string off = std::to_string(good.size());
    auto row = [](const char* name, const std::string& in, int before, const char* category, const std::string& says) {
        QTest::newRow(name) << qba(in) << before << QString::fromLatin1(category) << QString::fromStdString(says);
    };
    std::string badPayload = good;
    badPayload[good.size() - 6] ^= 0x01;
    row("message_crc_mismatch", badPayload, 0, "malformed",
        "message CRC mismatch (computed 0x|) at byte " + std::to_string(good.size() - 4) + " of the message at byte 0");
    std::string badSecondPrelude = good + good;
    badSecondPrelude[good.size() + 9] ^= 0x40;
    row("prelude_crc_mismatch_second_message", badSecondPrelude, 1, "malformed", "prelude CRC mismatch (computed 0x|) in the message at byte " + off);
    row("total_length_below_16", good + prelude(8, 0, std::string(20, 'x')), 1, "malformed",
        "impossible message length 8 in the message at byte " + off);
    row("total_length_over_16_mib", prelude((16u << 20) + 1, 0), 0, "malformed", "impossible message length 16777217 in the message at byte 0");
    row("total_length_huge", prelude(0xFFFFFFFFu, 0), 0, "malformed", "impossible message length 4294967295");
    row("headers_length_past_message", prelude(40, 30, std::string(28, 'x')), 0, "malformed", "headers length 30 runs past the message of 40 bytes");
    // A string header claiming 200 bytes inside a 20-byte header section.
    row("header_value_past_section", rawMessage(std::string("\x04name\x07\x00\xc8", 8) + std::string(12, 'v'), "{}"), 0, "malformed",
        "the value of header name runs past the header section at byte 20 of the message at byte 0");
    row("unknown_header_type", rawMessage(std::string("\x01x\x0a", 3), "{}"), 0, "malformed", "unknown header value type 10 at byte 14");
    row("empty_header_name", rawMessage(std::string("\x00\x00", 2), "{}"), 0, "malformed", "a header with an empty name at byte 12");
    row("truncated_mid_message", good + good.substr(0, good.size() - 5), 1, "truncated",
        std::to_string(good.size() - 5) + " bytes left at the end: a message cut short at byte " + off);
    row("truncated_mid_prelude", good + good.substr(0, 7), 1, "truncated", "7 bytes left at the end: a message cut short at byte " + off);
}

void TestBedrockReply::decoderErrors()
{
    QFETCH(QByteArray, input);
    QFETCH(int, eventsBefore);
    QFETCH(QString, category);
    QFETCH(QString, says);
    const Frames whole = decode(sv(input), "whole");
    QCOMPARE(whole.errors, 1); // reported once; decoding stops there
    QCOMPARE(int(whole.out.size()), eventsBefore + 1);
    const std::string& err = whole.out.back();
    QVERIFY2(err.starts_with("!" + category.toStdString() + ": event stream: "), err.c_str());
    for (const QString& part : says.split(QLatin1Char('|')))
        QVERIFY2(err.find(part.toStdString()) != std::string::npos, err.c_str());
    // The same however the bytes arrive.
    QCOMPARE(decode(sv(input), "bytes").out, whole.out);
    QCOMPARE(decode(sv(input), "seed3").out, whole.out);
}

void TestBedrockReply::framingErrorsInReplies_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("calls");
    const std::string text = frame("contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"text":"Checking."}})") +
        frame("contentBlockStop", R"({"contentBlockIndex":0})");
    const std::string call =
        frame("contentBlockStart", R"({"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_1","name":"get_weather"}}})") +
        frame("contentBlockDelta", R"({"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Oslo\"}"}}})") +
        frame("contentBlockStop", R"({"contentBlockIndex":1})");
    const std::string stop = frame("messageStop", R"({"stopReason":"tool_use"})");
    std::string corrupt = stop;
    corrupt[corrupt.size() - 1] ^= 0x10;
    QTest::newRow("crc_mismatch_after_a_call") << qba(text + call + corrupt) << "malformed"
                                               << "Checking." << 1;
    QTest::newRow("cut_in_the_last_message") << qba(text + call + stop.substr(0, 20)) << "truncated"
                                             << "Checking." << 1;
    // A call cut off before its contentBlockStop counts only when its input decodes.
    QTest::newRow("cut_after_a_decodable_input") << qba(text + call.substr(0, call.size() - 30)) << "truncated"
                                                 << "Checking." << 1;
    const std::string split = frame("contentBlockStart", R"({"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_2","name":"f"}}})") +
        frame("contentBlockDelta", R"({"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":"}}})");
    const std::string rest = frame("contentBlockDelta", R"({"contentBlockIndex":1,"delta":{"toolUse":{"input":"\"Oslo\"}"}}})");
    QTest::newRow("cut_inside_a_call") << qba(text + split + rest.substr(0, 40)) << "truncated"
                                       << "Checking." << 0;
}

void TestBedrockReply::framingErrorsInReplies()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, category);
    QFETCH(QString, text);
    QFETCH(int, calls);
    for (bool named : {true, false}) {
        const Read read = readPieces(sv(input), named ? std::optional<Wire>(Wire::Bedrock) : std::nullopt, "seed5");
        QVERIFY(read.wire == Wire::Bedrock);
        QVERIFY(read.reply.error);
        QCOMPARE(QString::fromStdString(read.reply.error->category), category);
        QVERIFY2(read.reply.error->message.find("at byte") != std::string::npos, read.reply.error->message.c_str());
        // What was assembled before the failure still counts; the stream never finished.
        QCOMPARE(QString::fromStdString(read.reply.text.value_or("")), text);
        QCOMPARE(int(read.reply.calls.size()), calls);
        QCOMPARE(read.reply.finish, tw::wire::Finish::Other);
    }
}

void TestBedrockReply::mutatedStreamsNeverCrash()
{
    // Flipped bits, cuts and lengths rewritten with a correct prelude CRC: every one ends in a
    // reply (an error naming the framing problem, or whatever survived), never a crash.
    const QByteArray bytes = readFile(kFixtures + QStringLiteral("/bedrock/otel-nova-micro-text-two-tool-calls.eventstream"));
    if (bytes.isEmpty())
        QSKIP("the shared fixtures are not there");
    std::mt19937 rng(2024);
    int framingErrors = 0;
    for (int i = 0; i < 300; ++i) {
        std::string s(sv(bytes));
        std::uniform_int_distribution<std::size_t> at(0, s.size() - 1);
        switch (i % 3) {
        case 0: s[at(rng)] ^= char(1 << (i % 8)); break;
        case 1: s.resize(at(rng)); break;
        default: {
            const std::size_t pos = at(rng) & ~std::size_t(3);
            const std::string p = prelude(std::uint32_t(rng()), std::uint32_t(rng() % 64));
            s.replace(pos, std::min<std::size_t>(12, s.size() - pos), p);
        }
        }
        const Reply r = readPieces(s, Wire::Bedrock, "seed" + std::to_string(i)).reply;
        if (r.error && (r.error->category == es::kCategoryMalformed || r.error->category == es::kCategoryTruncated))
            ++framingErrors;
    }
    QVERIFY(framingErrors > 100);
}

void TestBedrockReply::detect_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("expected"); // 1 true, 0 false, -1 undecided
    const std::string msg = frame("messageStart", "{}");
    QTest::newRow("json_brace") << QByteArray("{") << 0;
    QTest::newRow("sse_data") << QByteArray("data:") << 0;
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF") << 0;
    QTest::newRow("whitespace") << QByteArray(" \n{") << 0;
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("five_bytes_of_a_prelude") << qba(msg.substr(0, 5)) << -1;
    QTest::newRow("eleven_bytes_of_a_prelude") << qba(msg.substr(0, 11)) << -1;
    QTest::newRow("a_prelude") << qba(msg.substr(0, 12)) << 1;
    QTest::newRow("a_whole_message") << qba(msg) << 1;
    std::string bad = msg.substr(0, 12);
    bad[11] ^= 0x01;
    QTest::newRow("prelude_crc_wrong") << qba(bad) << 0;
    QTest::newRow("headers_length_byte_too_big") << QByteArray("\x00\x00\x00\x20\x02", 5) << 0;
}

void TestBedrockReply::detect()
{
    QFETCH(QByteArray, head);
    QFETCH(int, expected);
    const std::optional<bool> got = tw::wire::bedrock::eventStreamFraming().detect(sv(head));
    QCOMPARE(got ? int(*got) : -1, expected);
}

// ---- the assembler -----------------------------------------------------------------------

void TestBedrockReply::streams_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected"); // the `toolwire extract` object (members compared)
    auto row = [](const char* name, const std::string& in, const char* expected) { QTest::newRow(name) << qba(in) << QByteArray(expected); };
    const std::string start = R"({"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"tooluse_a","name":"f"}}}})";
    auto input = [](const char* fragment) {
        return std::string(R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":)") + fragment + "}}}}\n";
    };
    const std::string stopBlock = R"({"contentBlockStop":{"contentBlockIndex":0}})"
                                  "\n";
    const std::string toolUse = R"({"messageStop":{"stopReason":"tool_use"}})";
    row("sse_event_lines",
        "event: contentBlockDelta\ndata: {\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hel\"},\"p\":\"ab\"}\n\n"
        "event: contentBlockDelta\ndata: {\"contentBlockIndex\":0,\"delta\":{\"text\":\"lo\"}}\n\n"
        "event: messageStop\ndata: {\"stopReason\":\"end_turn\"}\n\n",
        R"({"calls":[],"text":"Hello","finish":"stop","raw_finish":"end_turn","error":null})");
    row("sse_data_lines_holding_decoded_events",
        "data: {\"contentBlockDelta\":{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}}\n\ndata: "
        "{\"messageStop\":{\"stopReason\":\"stop_sequence\"}}\n\n",
        R"({"text":"Hi","finish":"stop","raw_finish":"stop_sequence"})");
    row("blank_input_is_empty_object", start + "\n" + input(R"("  ")") + stopBlock + toolUse,
        R"({"calls":[{"id":"tooluse_a","name":"f","arguments":{},"arguments_undecodable":false,"synthetic":false}],"finish":"tool_calls"})");
    row("no_input_fragment_at_all", start + "\n" + stopBlock + toolUse, R"({"calls":[{"id":"tooluse_a","name":"f","arguments":{}}]})");
    row("fragments_concatenated",
        start + "\n" + input(R"("")") + input(R"("{\"ci")") + input(R"("ty\":\"Os")") + input(R"("lo\"}")") + stopBlock + toolUse,
        R"({"calls":[{"id":"tooluse_a","name":"f","arguments":{"city":"Oslo"}}]})");
    row("undecodable_complete_call_is_flagged", start + "\n" + input(R"("{\"city\":")") + stopBlock + toolUse,
        R"({"calls":[{"id":"tooluse_a","name":"f","arguments":{},"arguments_undecodable":true,"raw_arguments":"{\"city\":"}],"finish":"tool_calls"})");
    row("cut_off_call_that_decodes_is_kept", start + "\n" + input(R"("{\"city\":\"Oslo\"}")"),
        R"({"calls":[{"id":"tooluse_a","name":"f","arguments":{"city":"Oslo"}}],"finish":"other","raw_finish":null})");
    row("cut_off_call_that_does_not_decode_is_dropped", start + "\n" + input(R"("{\"city\":\"Os")"), R"({"calls":[],"finish":"other"})");
    row("empty_tool_use_id_is_null",
        R"({"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"","name":"f"}}}})"
        "\n" +
            stopBlock + toolUse,
        R"({"calls":[{"id":null,"name":"f","arguments":{}}]})");
    row("server_tool_in_a_stream",
        R"({"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"tooluse_s","name":"nova_grounding","type":"server_tool_use"}}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"{\"q\":1}"}}}})"
        "\n"
        R"({"contentBlockStop":{"contentBlockIndex":0}})"
        "\n"
        R"({"contentBlockStart":{"contentBlockIndex":1,"start":{"toolResult":{"toolUseId":"tooluse_s","type":"nova_grounding_result","status":"success"}}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolResult":[{"json":{"x":1}}]}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":2,"delta":{"text":"Found it."}}})"
        "\n"
        R"({"messageStop":{"stopReason":"end_turn"}})",
        R"({"calls":[],"text":"Found it.","finish":"stop","server_tools":[{"type":"server_tool_use","name":"nova_grounding","id":"tooluse_s"}]})");
    row("reasoning_and_citations_are_not_text",
        R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"hmm"}}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":"sig"}}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":1,"delta":{"citation":{"title":"t"}}}})"
        "\n"
        R"({"contentBlockDelta":{"contentBlockIndex":1,"delta":{"text":"Answer"}}})"
        "\n"
        R"({"messageStop":{"stopReason":"end_turn"}})",
        R"({"text":"Answer","finish":"stop"})");
    row("decoded_exception_line",
        R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Part"}}})"
        "\n"
        R"({"throttlingException":{"message":"Too many requests, please wait before trying again."}})",
        R"({"text":"Part","finish":"other","error":{"category":"provider_error","message":"Too many requests, please wait before trying again.",)"
        R"("provider":{"type":"throttlingException","message":"Too many requests, please wait before trying again."}}})");
    row("binary_exception_after_a_complete_call",
        es::encodeEvent("contentBlockStart", R"({"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"tooluse_x","name":"f"}}})", false) +
            es::encodeEvent("contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"toolUse":{"input":"{}"}}})", false) +
            es::encodeEvent("contentBlockStop", R"({"contentBlockIndex":0})", false) +
            es::encodeEvent("modelStreamErrorException", R"({"message":"bad","originalStatusCode":500,"p":"abc"})", true),
        R"({"calls":[{"id":"tooluse_x","name":"f","arguments":{}}],"finish":"other",)"
        R"("error":{"category":"provider_error","message":"bad","provider":{"type":"modelStreamErrorException","message":"bad","originalStatusCode":500}}})");
    {
        const es::Header headers[] = {{es::kMessageType, es::HeaderType::String, es::kMessageError, 0},
                                      {es::kErrorCode, es::HeaderType::String, "InternalFailure", 0},
                                      {es::kErrorMessage, es::HeaderType::String, "An internal error occurred", 0}};
        row("binary_error_message", frame("contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"text":"x"}})") + es::encodeMessage(headers, ""),
            R"({"text":"x","error":{"category":"provider_error","message":"An internal error occurred",)"
            R"("provider":{"type":"InternalFailure","message":"An internal error occurred"}}})");
    }
    row("binary_exception_with_an_empty_payload",
        frame("contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"text":"x"}})") + es::encodeEvent("internalServerException", "", true),
        R"({"text":"x","finish":"other","error":{"category":"provider_error","provider":{"type":"internalServerException","message":"internalServerException"}}})");
    row("named_event_holding_its_decoded_form",
        "event: contentBlockDelta\ndata: {\"contentBlockDelta\":{\"contentBlockIndex\":0,\"delta\":{\"text\":\"ok\"}}}\n\n", R"({"text":"ok"})");
    row("error_body", R"({"message":"The provided model identifier is invalid."})",
        R"({"error":{"category":"provider_error","message":"The provided model identifier is invalid.","provider":{"message":"The provided model identifier is invalid."}}})");
    row("error_body_capital_message_and_type",
        R"({"Message":"Unexpected value type in payload","__type":"com.amazon.coral.validate#ValidationException"})",
        R"({"error":{"category":"provider_error","message":"Unexpected value type in payload","provider":{"type":"ValidationException","message":"Unexpected value type in payload"}}})");
    row("body_citations_are_text",
        R"({"output":{"message":{"role":"assistant","content":[{"citationsContent":{"content":[{"text":"Paris "}],"citations":[{"title":"t"}]}},{"text":"is the capital."}]}},"stopReason":"end_turn"})",
        R"({"text":"Paris is the capital.","finish":"stop"})");
    row("body_malformed_content", R"({"output":{"message":{"role":"assistant","content":"oops"}},"stopReason":"end_turn"})",
        R"({"calls":[],"error":{"category":"malformed_input"}})");
}

void TestBedrockReply::streams()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    const Value want = parsed(sv(expected));
    for (const std::string mode : {"whole", "bytes"}) {
        const Read read = readPieces(sv(input), Wire::Bedrock, mode);
        const Value got = tw::wire::replyToJson(read.reply, read.wire);
        for (const tw::json::Member& m : want.members()) {
            Value g = got[m.name()];
            if (m.name() == "error" && m.value.isObject() && g.isObject()) {
                // Compare only the members the row names.
                tw::json::ObjectBuilder b;
                for (const tw::json::Member& e : m.value.members())
                    b.append(e.name(), g[e.name()]);
                g = std::move(b).build();
            }
            if (m.name() == "calls" && g.isArray()) {
                std::vector<Value> calls;
                for (std::size_t i = 0; i < g.size() && i < m.value.size(); ++i) {
                    tw::json::ObjectBuilder b;
                    for (const tw::json::Member& e : m.value.at(i).members())
                        b.append(e.name(), g.at(i)[e.name()]);
                    calls.push_back(std::move(b).build());
                }
                for (std::size_t i = m.value.size(); i < g.size(); ++i)
                    calls.push_back(g.at(i));
                g = Value(std::move(calls));
            }
            QVERIFY2(g == m.value, (mode + ": " + std::string(m.name()) + " = " + show(got[m.name()]) + ", expected " + show(m.value)).c_str());
        }
    }
}

void TestBedrockReply::finishRules_data()
{
    QTest::addColumn<QString>("stopReason"); // "" = none at all
    QTest::addColumn<bool>("withCall");
    QTest::addColumn<QString>("finish");
    auto row = [](const char* reason, bool call, const char* finish) {
        const std::string name = std::string(*reason ? reason : "no_stop_reason") + (call ? "/call" : "/text");
        QTest::newRow(name.c_str()) << QString::fromLatin1(reason) << call << QString::fromLatin1(finish);
    };
    row("max_tokens", true, "length");
    row("max_tokens", false, "length");
    row("model_context_window_exceeded", true, "length");
    row("tool_use", true, "tool_calls");
    row("tool_use", false, "tool_calls");
    row("end_turn", true, "tool_calls");
    row("stop_sequence", true, "tool_calls");
    row("end_turn", false, "stop");
    row("stop_sequence", false, "stop");
    row("guardrail_intervened", false, "other");
    row("content_filtered", false, "other");
    row("malformed_model_output", false, "other");
    row("malformed_tool_use", true, "other");
    row("stop", false, "other"); // other wires' words mean nothing here
    row("refusal", false, "other");
    row("", true, "other");
}

void TestBedrockReply::finishRules()
{
    QFETCH(QString, stopReason);
    QFETCH(bool, withCall);
    QFETCH(QString, finish);
    std::vector<Value> content{Value{{"text", "Sure."}}};
    if (withCall)
        content.push_back(Value{{"toolUse", Value{{"input", Value::emptyObject()}, {"name", "f"}, {"toolUseId", "tooluse_1"}}}});
    tw::json::ObjectBuilder body;
    body.append("output", Value{{"message", Value{{"content", Value(content)}, {"role", "assistant"}}}});
    if (!stopReason.isEmpty())
        body.append("stopReason", stopReason.toStdString());
    const std::string text = show(std::move(body).build());
    const Reply r = tw::wire::readReply(text, std::nullopt);
    QCOMPARE(QString::fromLatin1(tw::wire::finishName(r.finish).data()), finish);
    QCOMPARE(r.rawFinish.has_value(), !stopReason.isEmpty());
    // The same stream, event by event.
    std::string events = R"({"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Sure."}}})"
                         "\n";
    if (withCall)
        events += R"({"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_1","name":"f"}}}})"
                  "\n"
                  R"({"contentBlockStop":{"contentBlockIndex":1}})"
                  "\n";
    if (!stopReason.isEmpty())
        events += R"({"messageStop":{"stopReason":")" + stopReason.toStdString() + "\"}}\n";
    events += R"({"metadata":{"usage":{"inputTokens":1,"outputTokens":1,"totalTokens":2}}})";
    const Reply s = tw::wire::readReply(events, std::nullopt);
    QCOMPARE(QString::fromLatin1(tw::wire::finishName(s.finish).data()), finish);
    QCOMPARE(s.calls.size(), r.calls.size());
}

void TestBedrockReply::locate()
{
    const tw::wire::ReplyDialect& d = tw::wire::bedrock::replyDialect();
    const Value body = parsed(R"({"output":{"message":{"role":"assistant","content":[{"text":"x"},
        {"toolUse":{"input":{"a":1},"name":"nova_code_interpreter","toolUseId":"tooluse_s","type":"server_tool_use"}},
        {"toolResult":{"toolUseId":"tooluse_s","content":[{"json":{}}],"type":"nova_code_interpreter_result"}},
        {"toolUse":{"input":{"b":2},"name":"g","toolUseId":"tooluse_c","type":"tool_use"}}]}},"stopReason":"tool_use"})");
    auto raws = d.locate(body);
    QVERIFY(raws);
    QCOMPARE(raws->size(), std::size_t(1));
    QCOMPARE(raws->front()["toolUseId"].str(), std::string_view("tooluse_c"));
    auto call = d.parseCall(raws->front());
    QVERIFY(call && *call);
    QCOMPARE((*call)->arguments, parsed(R"({"b":2})"));
    // The content block around it reads the same; a server tool use is no call.
    QVERIFY(d.parseCall(Value{{"toolUse", raws->front()}}) && *d.parseCall(Value{{"toolUse", raws->front()}}));
    QVERIFY(d.parseCall(body["output"]["message"]["content"].at(1)["toolUse"]) &&
            !*d.parseCall(body["output"]["message"]["content"].at(1)["toolUse"]));
    // The walk's errors.
    auto bad = d.locate(parsed(R"({"output":{"message":{"content":[{"toolUse":"x"}]}}})"));
    QVERIFY(!bad);
    QCOMPARE(bad.error().category, std::string("malformed_input"));
    QVERIFY(d.locate(parsed(R"({"output":[]})")).ok() == false);
    QVERIFY(d.locate(parsed("[]")) && d.locate(parsed("[]"))->empty());
    QCOMPARE(tw::wire::sniffReplyWire(body), std::optional<Wire>(Wire::Bedrock));
}

QTEST_GUILESS_MAIN(TestBedrockReply)
#include "tst_bedrock_reply.moc"

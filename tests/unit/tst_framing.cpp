// Framing: the incremental SSE decoder, the JSON sequence splitter (NDJSON, chunk
// recordings, pretty bodies) and framing detection. Every decoder is fed each input whole,
// split in two at every byte position, and byte by byte; all must give the same events.

#include "wire/ndjson.h"
#include "wire/reply.h"
#include "wire/sse.h"

#include <QTest>

#include <string>
#include <vector>

using tw::wire::JsonSequenceDecoder;
using tw::wire::SseDecoder;
using tw::wire::SseEvent;

namespace {

struct Collected : SseDecoder::Sink {
    std::vector<std::string> events; // "name|data|multiline"
    void onEvent(const SseEvent& e) override { events.push_back(std::string(e.event) + "|" + std::string(e.data) + (e.multiline ? "|m" : "")); }
};

struct Values : JsonSequenceDecoder::Sink {
    std::vector<std::string> items; // "v:<text>" or "l:<text>"
    void onValue(std::string_view text) override { items.push_back("v:" + std::string(text)); }
    void onLine(std::string_view text) override { items.push_back("l:" + std::string(text)); }
};

std::vector<std::string> sseChunks(const std::vector<std::string_view>& chunks)
{
    SseDecoder d;
    Collected c;
    for (std::string_view chunk : chunks)
        d.feed(chunk, c);
    d.finish(c);
    return c.events;
}

std::vector<std::string> seqChunks(const std::vector<std::string_view>& chunks)
{
    JsonSequenceDecoder d;
    Values v;
    for (std::string_view chunk : chunks)
        d.feed(chunk, v);
    d.finish(v);
    return v.items;
}

// Runs `decode` on the input whole, in two pieces at every position, and byte by byte.
template <class Decode> void checkEverySplit(std::string_view input, const std::vector<std::string>& expected, Decode decode)
{
    QCOMPARE(decode({input}), expected);
    for (std::size_t i = 0; i <= input.size(); ++i) {
        const auto got = decode({input.substr(0, i), input.substr(i)});
        if (got != expected)
            QFAIL(qPrintable(QStringLiteral("split at byte %1 differs").arg(i)));
    }
    std::vector<std::string_view> bytes;
    for (std::size_t i = 0; i < input.size(); ++i)
        bytes.push_back(input.substr(i, 1));
    QCOMPARE(decode(bytes), expected);
}

using Events = std::vector<std::string>;

} // namespace

class TestFraming : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sse_data();
    void sse();
    void sseDataViewsSurviveChunkEnds();
    void sseManyLoneCrLinesInOneChunk();
    void sseLongDataLinesStreamIntoTheEvent();
    void jsonSequence_data();
    void jsonSequence();
    void detect_data();
    void detect();
    void describe_data();
    void describe();
};

void TestFraming::sse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char* name, std::string_view in, const Events& ev) {
        QStringList l;
        for (const auto& e : ev)
            l << QString::fromUtf8(e.data(), qsizetype(e.size()));
        QTest::newRow(name) << QByteArray(in.data(), qsizetype(in.size())) << l;
    };
    row("data_only", "data: {\"a\":1}\n\ndata: [DONE]\n\n", {"|{\"a\":1}", "|[DONE]"});
    row("named_events", "event: ping\ndata: {}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
        {"ping|{}", "message_stop|{\"type\":\"message_stop\"}"});
    row("multi_line_data", "data: a\ndata: b\ndata:c\n\n", {"|a\nb\nc|m"});
    row("no_space_after_colon", "data:{\"x\":2}\n\n", {"|{\"x\":2}"});
    row("only_one_space_stripped", "data:  two\n\n", {"| two"});
    row("comments_and_keepalives", ": OPENROUTER PROCESSING\n\n: another\ndata: x\n\n", {"|x"});
    row("id_and_retry_ignored", "id: 7\nretry: 1000\ndata: x\n\n", {"|x"});
    row("crlf", "event: e\r\ndata: x\r\n\r\ndata: y\r\n\r\n", {"e|x", "|y"});
    row("lone_cr", "data: x\r\rdata: y\r\r", {"|x", "|y"});
    row("mixed_line_ends", "data: a\r\n\ndata: b\n\r\n", {"|a", "|b"});
    row("pending_event_at_end", "data: x\n\ndata: y\n", {"|x", "|y"});
    row("last_line_without_newline", "event: e\ndata: {\"z\":1}", {"e|{\"z\":1}"});
    row("pasted_lines", "data: {\"a\":1}\ndata: {\"b\":2}\ndata: [DONE]", {"|{\"a\":1}\n{\"b\":2}\n[DONE]|m"});
    row("event_name_reset_after_dispatch", "event: one\ndata: 1\n\ndata: 2\n\n", {"one|1", "|2"});
    row("event_without_data_dropped", "event: lonely\n\ndata: x\n\n", {"|x"});
    row("empty_data_line_dispatches", "data:\n\n", {"|"});
    row("field_without_colon", "data\n\n", {"|"});
    row("bom",
        "\xEF\xBB\xBF"
        "data: x\n\n",
        {"|x"});
    row("utf8_payload", "data: {\"t\":\"Zürich ☀ 🚀\"}\n\n", {"|{\"t\":\"Zürich ☀ 🚀\"}"});
    row("blank_lines_before", "\n\n\ndata: x\n\n", {"|x"});
}

void TestFraming::sse()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    Events want;
    for (const QString& s : expected)
        want.push_back(s.toStdString());
    checkEverySplit(std::string_view(input.constData(), std::size_t(input.size())), want, sseChunks);
}

void TestFraming::sseDataViewsSurviveChunkEnds()
{
    // An event whose data lies in one chunk and whose blank line comes in the next must not
    // point into the first chunk's (since reused) memory.
    SseDecoder d;
    Collected c;
    std::string chunk = "event: name\ndata: payload-one\n";
    d.feed(chunk, c);
    std::fill(chunk.begin(), chunk.end(), 'X');
    std::string next = "\n";
    d.feed(next, c);
    d.finish(c);
    QCOMPARE(c.events, Events{"name|payload-one"});
}

void TestFraming::sseManyLoneCrLinesInOneChunk()
{
    // Regression (fuzz_framing): lines ended by a lone CR each searched the rest of the chunk
    // for an LF, so a large chunk of them took quadratic time (a 1 MB reply: seconds; 10 MB:
    // minutes). Hand-written stream: 50,000 CR-only events, then one CRLF event at the very
    // end (the only LF, far from the lines before it).
    std::string stream;
    const int n = 50000;
    for (int i = 0; i < n; ++i)
        stream += "data: " + std::to_string(i) + "\r\r";
    stream += "event: last\r\ndata: end\r\n\r\n";
    const Events got = sseChunks({stream});
    QCOMPARE(got.size(), std::size_t(n + 1));
    QCOMPARE(got.front(), std::string("|0"));
    QCOMPARE(got[std::size_t(n - 1)], "|" + std::to_string(n - 1));
    QCOMPARE(got.back(), std::string("last|end"));
    // Cut in two far from any line end, the same events.
    const std::size_t half = stream.size() / 2 + 3;
    QCOMPARE(sseChunks({std::string_view(stream).substr(0, half), std::string_view(stream).substr(half)}), got);
}

void TestFraming::sseLongDataLinesStreamIntoTheEvent()
{
    // A data line longer than a chunk goes into the event's data as it arrives (it was held
    // whole, then copied: a 250 MiB event took three times its size). The events are the same
    // however the stream is cut: long lines with and without the space after the colon, a
    // long line after a short one of the same event, CRLF and lone CR line ends (the CR last
    // in one chunk, its LF first in the next), a long line that is not data, and a stream
    // that ends inside a long data line.
    std::string big(20000, 'x');
    for (std::size_t i = 0; i < big.size(); i += 97)
        big[i] = char('a' + i % 26);
    const std::string stream = "event: one\r\ndata: " + big + "\r\n\r\n" // CRLF
        + "data:" + big + "\r\r" // no space, lone CR
        + "data: short\ndata: " + big + "\n\n" // multi-line
        + "id: " + big + "\ndata: after\n\n" // a long field that is not data
        + "data: " + big.substr(0, 9000); // cut short: finish() ends it
    const Events got = sseChunks({stream});
    const Events want{"one|" + big, "|" + big, "|short\n" + big + "|m", "|after", "|" + big.substr(0, 9000)};
    QCOMPARE(got, want);
    for (std::size_t size : {1U, 7U, 4095U, 4096U, 4097U, 5000U, 65536U}) {
        std::vector<std::string_view> chunks;
        for (std::size_t at = 0; at < stream.size(); at += size)
            chunks.push_back(std::string_view(stream).substr(at, size));
        QCOMPARE(sseChunks(chunks), want);
    }
    // Every cut around the long line's start and the CR/LF pairs.
    for (std::size_t cut : {std::size_t(4100), stream.find('\r'), stream.find('\r') + 1, stream.find("\r\r") + 1, stream.size() - 1}) {
        const std::string_view sv(stream);
        QCOMPARE(sseChunks({sv.substr(0, cut), sv.substr(cut, 4097), sv.substr(std::min(sv.size(), cut + 4097))}), want);
    }
}

void TestFraming::jsonSequence_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char* name, std::string_view in, const Events& ev) {
        QStringList l;
        for (const auto& e : ev)
            l << QString::fromUtf8(e.data(), qsizetype(e.size()));
        QTest::newRow(name) << QByteArray(in.data(), qsizetype(in.size())) << l;
    };
    row("ndjson", "{\"a\":1}\n{\"b\":[1,2]}\n", {"v:{\"a\":1}", "v:{\"b\":[1,2]}"});
    row("no_final_newline", "{\"a\":1}\n{\"b\":2}", {"v:{\"a\":1}", "v:{\"b\":2}"});
    row("pretty_body", "{\n  \"a\": {\n    \"b\": [1, 2]\n  }\n}\n", {"v:{\n  \"a\": {\n    \"b\": [1, 2]\n  }\n}"});
    row("concatenated", "{\"a\":1}{\"b\":2}[3]", {"v:{\"a\":1}", "v:{\"b\":2}", "v:[3]"});
    row("braces_in_strings", "{\"s\":\"}{][\\\"}\"}\n", {"v:{\"s\":\"}{][\\\"}\"}"});
    row("escaped_backslash_before_quote", "{\"s\":\"a\\\\\"}\n{\"t\":1}", {"v:{\"s\":\"a\\\\\"}", "v:{\"t\":1}"});
    row("junk_lines", "data: [DONE]\n{\"a\":1}\n  garbage  \n", {"l:data: [DONE]", "v:{\"a\":1}", "l:garbage"});
    row("crlf_lines", "{\"a\":1}\r\n{\"b\":2}\r\n", {"v:{\"a\":1}", "v:{\"b\":2}"});
    row("utf8", "{\"t\":\"Köln 🚀\"}\n", {"v:{\"t\":\"Köln 🚀\"}"});
    row("truncated_value", "{\"a\":1}\n{\"b\":", {"v:{\"a\":1}", "l:{\"b\":"});
    row("bom", "\xEF\xBB\xBF{\"a\":1}", {"v:{\"a\":1}"});
    row("blank", "  \n\n", {});
    // Longer than the splitter's 64-byte blocks: escapes, backslash runs and brackets inside
    // strings across block edges, a backslash outside a string (no escape there), and
    // nesting deeper than one block's brackets.
    const std::string pad(70, 'x');
    const std::string longEscapes = "{\"s\":\"" + pad + "\\\"}{][\\\\\\\"" + pad + "\"}";
    row("long_escapes", longEscapes + "\n{\"t\":1}", {"v:" + longEscapes, "v:{\"t\":1}"});
    const std::string runs = "{\"a\":\"" + std::string(50, 'x') + "\\\\\\\\\\\\\\\"" + std::string(60, 'y') + "\\\\\\\\\"}";
    row("backslash_runs", runs + "\n[1]", {"v:" + runs, "v:[1]"});
    const std::string outside = "{\\\"a\": \"x\\\"y\", \"pad\": \"" + pad + "\"}";
    row("backslash_outside_string", outside + " {\"b\":2}", {"v:" + outside, "v:{\"b\":2}"});
    const std::string quoted = "[\\\"" + pad + "]" + pad + "\"]";
    row("backslash_before_opening_quote", quoted + "\n{}", {"v:" + quoted, "v:{}"});
    std::string deep;
    for (int i = 0; i < 40; ++i)
        deep += "[\"" + std::string(std::size_t(i % 7), 'p') + "\",";
    deep += "0" + std::string(40, ']');
    row("deep", deep + "\n" + deep, {"v:" + deep, "v:" + deep});
}

void TestFraming::jsonSequence()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    Events want;
    for (const QString& s : expected)
        want.push_back(s.toStdString());
    checkEverySplit(std::string_view(input.constData(), std::size_t(input.size())), want, seqChunks);
}

void TestFraming::detect_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<QString>("expected"); // framing name, or "undecided"
    QTest::newRow("object") << QByteArray("{\"a\":1}") << QStringLiteral("json");
    QTest::newRow("array") << QByteArray("  [1]") << QStringLiteral("json");
    QTest::newRow("data") << QByteArray("data: {}") << QStringLiteral("sse");
    QTest::newRow("event") << QByteArray("event: x\n") << QStringLiteral("sse");
    QTest::newRow("comment") << QByteArray(": keepalive\n") << QStringLiteral("sse");
    QTest::newRow("id") << QByteArray("id: 1\n") << QStringLiteral("sse");
    QTest::newRow("text") << QByteArray("Sure, <tool_call>") << QStringLiteral("text");
    QTest::newRow("partial_field") << QByteArray("dat") << QStringLiteral("undecided");
    QTest::newRow("only_whitespace") << QByteArray(" \n\t") << QStringLiteral("undecided");
    QTest::newRow("partial_bom") << QByteArray("\xEF\xBB") << QStringLiteral("undecided");
    QTest::newRow("bom_then_object") << QByteArray("\xEF\xBB\xBF{}") << QStringLiteral("json");
    QTest::newRow("word_starting_like_a_field") << QByteArray("database is") << QStringLiteral("text");
}

void TestFraming::detect()
{
    QFETCH(QByteArray, head);
    QFETCH(QString, expected);
    const auto f = tw::wire::detectFraming(std::string_view(head.constData(), std::size_t(head.size())));
    const QString got = f ? QString::fromLatin1(tw::wire::framingName(*f).data()) : QStringLiteral("undecided");
    QCOMPARE(got, expected);
}

void TestFraming::describe_data()
{
    QTest::addColumn<QByteArray>("whole");
    QTest::addColumn<QString>("expected");
    QTest::newRow("json") << QByteArray("{\n \"a\": 1\n}\n") << QStringLiteral("json");
    QTest::newRow("ndjson") << QByteArray("{\"a\":1}\n{\"b\":2}\n") << QStringLiteral("ndjson");
    QTest::newRow("sse") << QByteArray("data: {\"a\":1}\n\ndata: [DONE]\n\n") << QStringLiteral("sse");
    QTest::newRow("sse_lines") << QByteArray("data: {\"a\":1}\ndata: {\"b\":2}\n") << QStringLiteral("sse-lines");
    QTest::newRow("text") << QByteArray("<tool_call>{}</tool_call>") << QStringLiteral("text");
    QTest::newRow("empty") << QByteArray("\n") << QStringLiteral("empty");
}

void TestFraming::describe()
{
    QFETCH(QByteArray, whole);
    QFETCH(QString, expected);
    const std::string_view got = tw::wire::describeFraming(std::string_view(whole.constData(), std::size_t(whole.size())));
    QCOMPARE(QString::fromLatin1(got.data(), qsizetype(got.size())), expected);
}

QTEST_GUILESS_MAIN(TestFraming)
#include "tst_framing.moc"

// The JSON layer's contract (core/json/json.h), each requirement of the foundation issue
// with its own tests, plus the JSONTestSuite-style corpus in tests/data/json/suite.json.

#include "json/json.h"
#include "json/strings.h"

#include <QFile>
#include <QTest>

using namespace tw::json;

namespace {

std::string toStd(const QByteArray& b) { return std::string(b.constData(), static_cast<std::size_t>(b.size())); }

Value mustParse(std::string_view text)
{
    auto r = parse(text);
    if (!r)
        qFatal("unexpected parse error: %s", r.error().toString().c_str());
    return *r;
}

} // namespace

class TestJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keyOrderPreserved();
    void arrayOrderPreserved();
    void numberTextPreserved_data();
    void numberTextPreserved();
    void numberEquality();
    void prettyWriter();
    void prettyRoundTripIsStable();
    void stringEscapes();
    void errorPositions_data();
    void errorPositions();
    void nonBmpColumn();
    void loneSurrogateAtBackslash();
    void controlBytesRejected();
    void longStringsEveryOffset();
    void nulEscapeAccepted();
    void decodeString_data();
    void decodeString();
    void decodeLenient_data();
    void decodeLenient();
    void decodersAgreeWithParser();
    void depthCap();
    void valueBudget_data();
    void valueBudget();
    void duplicateKeys();
    void duplicateKeysNested();
    void valueApi();
    void sharingIsCheap();
    void writersNeverEmitInvalidUtf8_data();
    void writersNeverEmitInvalidUtf8();
    void suite_data();
    void suite();
};

void TestJson::keyOrderPreserved()
{
    const std::string text = R"({"zeta":1,"alpha":{"b":2,"a":[3,{"y":1,"x":2}]},"mid":null})";
    QCOMPARE(compact(mustParse(text)), text);
    Value v = mustParse(text);
    QCOMPARE(v.members()[0].name(), std::string_view("zeta"));
    QCOMPARE(v.members()[2].name(), std::string_view("mid"));
}

void TestJson::arrayOrderPreserved()
{
    const std::string text = R"([3,1,2,"b","a",[true,false,null]])";
    QCOMPARE(compact(mustParse(text)), text);
}

void TestJson::numberTextPreserved_data()
{
    QTest::addColumn<QByteArray>("text");
    for (const char* n : {"1.0", "0.7", "-0", "-0.0", "1e400", "1E+2", "12345678901234567890123456789", "0.30000000000000004", "1.5e-10", "100",
                          "-9223372036854775809", "2.50"})
        QTest::newRow(n) << QByteArray(n);
}

void TestJson::numberTextPreserved()
{
    QFETCH(QByteArray, text);
    const std::string s = toStd(text);
    QCOMPARE(compact(mustParse(s)), s);
    const std::string wrapped = "{\"n\":[" + s + "]}";
    QCOMPARE(compact(mustParse(wrapped)), wrapped);
    QCOMPARE(pretty(mustParse(s)), s);
}

void TestJson::numberEquality()
{
    QVERIFY(mustParse("1.0") == mustParse("1"));
    QVERIFY(mustParse("1e2") == mustParse("100"));
    QVERIFY(!(mustParse("12345678901234567890") == mustParse("12345678901234567891")));
    QVERIFY(!(mustParse("1") == mustParse("true")));
    QVERIFY(!(mustParse("\"42\"") == mustParse("42")));
    QVERIFY(!mustParse("1.0").identical(mustParse("1")));
    QCOMPARE(Value(0.7).numberText(), std::string_view("0.7"));
    QCOMPARE(Value(3.0).numberText(), std::string_view("3"));
    QCOMPARE(Value(42).toInt().value(), 42LL);
    QVERIFY(Value(std::numeric_limits<double>::infinity()).isNull());
}

void TestJson::prettyWriter()
{
    Value v = mustParse(R"({"a":[1,{"b":{}}],"c":[],"d":"x"})");
    const std::string expected = "{\n  \"a\": [\n    1,\n    {\n      \"b\": {}\n    }\n  ],\n  \"c\": [],\n  \"d\": \"x\"\n}";
    QCOMPARE(pretty(v), expected);
}

void TestJson::prettyRoundTripIsStable()
{
    const std::string text = R"({"tools":[{"name":"w","schema":{"type":"object","properties":{"c":{"type":"string"}},"required":["c"]}}],"t":0.5})";
    Value v = mustParse(text);
    const std::string p = pretty(v);
    QCOMPARE(pretty(mustParse(p)), p);
    QCOMPARE(compact(mustParse(p)), text);
}

void TestJson::stringEscapes()
{
    Value v = mustParse(R"(["\"\\\/\b\f\n\r\t\u0001\u00e9\ud83d\ude00 é"])");
    const std::string_view s = v.at(0).str();
    QCOMPARE(s, std::string_view("\"\\/\b\f\n\r\t\x01\xC3\xA9\xF0\x9F\x98\x80 \xC3\xA9"));
    // Writer escapes only what it must; "/" and non-ASCII stay as they are.
    QCOMPARE(compact(v), std::string("[\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0001\xC3\xA9\xF0\x9F\x98\x80 \xC3\xA9\"]"));
}

void TestJson::errorPositions_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("messageStart");
    QTest::newRow("missing_colon") << QByteArray("{\"a\" 1}") << 5 << 1 << 6 << QStringLiteral("expected ':'");
    QTest::newRow("second_line") << QByteArray("{\n  \"a\": tru\n}") << 9 << 2 << 8 << QStringLiteral("invalid literal");
    QTest::newRow("trailing_comma") << QByteArray("[1,2,]") << 5 << 1 << 6 << QStringLiteral("expected a value");
    QTest::newRow("unterminated") << QByteArray("[\"abc") << 1 << 1 << 2 << QStringLiteral("unterminated string");
    QTest::newRow("empty") << QByteArray("  ") << 2 << 1 << 3 << QStringLiteral("empty input");
    QTest::newRow("trailing_content") << QByteArray("{} x") << 3 << 1 << 4 << QStringLiteral("unexpected 'x'");
    QTest::newRow("crlf_lines") << QByteArray("[\r\n1,\r\n@]") << 7 << 3 << 1 << QStringLiteral("expected a value");
    QTest::newRow("leading_zero") << QByteArray("[01]") << 1 << 1 << 2 << QStringLiteral("invalid number");
    QTest::newRow("eof_in_object") << QByteArray("{\"a\":1") << 6 << 1 << 7 << QStringLiteral("unexpected end of input");
}

void TestJson::errorPositions()
{
    QFETCH(QByteArray, text);
    QFETCH(int, offset);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, messageStart);
    auto r = parse(toStd(text));
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().pos.offset), offset);
    QCOMPARE(r.error().pos.line, line);
    QCOMPARE(r.error().pos.column, column);
    QVERIFY2(QString::fromStdString(r.error().message).startsWith(messageStart), r.error().message.c_str());
    QVERIFY(toError(r.error(), "tools file").message.find("tools file: line ") == 0);
}

void TestJson::nonBmpColumn()
{
    // U+1F600 is 4 bytes in UTF-8, 2 UTF-16 units, 1 code point: the column counts 1.
    const std::string text = "{\"e\": \"\xF0\x9F\x98\x80\", \"x\" 1}";
    auto r = parse(text);
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().pos.offset), 18); // the '1' where ':' should be
    QCOMPARE(r.error().pos.line, 1);
    QCOMPARE(r.error().pos.column, 16); // 18 bytes before it, but only 15 code points
}

void TestJson::loneSurrogateAtBackslash()
{
    auto r = parse(R"(["ab\ud800x"])");
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().pos.offset), 4);
    QVERIFY(r.error().message.find("surrogate") != std::string::npos);
    auto r2 = parse(R"(["\udc00"])");
    QVERIFY(!r2.ok());
    QCOMPARE(int(r2.error().pos.offset), 2);
    auto r3 = parse(R"(["\ud800\u0041"])");
    QVERIFY(!r3.ok());
    QCOMPARE(int(r3.error().pos.offset), 2);
}

void TestJson::controlBytesRejected()
{
    for (int c = 0; c < 0x20; ++c) {
        std::string text = "[\"a";
        text.push_back(static_cast<char>(c));
        text += "\"]";
        auto r = parse(text);
        QVERIFY2(!r.ok(), qPrintable(QString::number(c)));
        QCOMPARE(int(r.error().pos.offset), 3);
    }
    QVERIFY(!parse("[\"\xC0\xAF\"]").ok()); // overlong
    QVERIFY(!parse("[\"\xED\xA0\x80\"]").ok()); // encoded surrogate
    QVERIFY(!parse("[\"\xF4\x90\x80\x80\"]").ok()); // above U+10FFFF
    QVERIFY(!parse("[\"\x80\"]").ok()); // lone continuation byte
    QVERIFY(parse("\xEF\xBB\xBF{}").ok()); // a UTF-8 BOM is skipped
}

// The string reader works sixteen bytes at a time and decodes escaped strings through a
// scratch buffer: every special byte at every offset of strings longer than a block, with
// and without an escape before it, must read (or fail) exactly as a byte-by-byte reader.
void TestJson::longStringsEveryOffset()
{
    struct Special {
        const char* raw; // as written in the JSON text
        const char* decoded; // what it reads as
    };
    const Special specials[] = {{"\\n", "\n"},
                                {"\\\"", "\""},
                                {"\\\\", "\\"},
                                {"\\u00e9", "\xC3\xA9"},
                                {"\\ud83d\\ude80", "\xF0\x9F\x9A\x80"},
                                {"\xC3\xA9", "\xC3\xA9"},
                                {"\xE6\x97\xA5", "\xE6\x97\xA5"},
                                {"\xF0\x9F\x9A\x80", "\xF0\x9F\x9A\x80"}};
    for (int len = 0; len <= 70; ++len) {
        for (int pos = 0; pos <= len; ++pos) {
            for (bool escapedBefore : {false, true}) {
                for (const Special& sp : specials) {
                    std::string raw = "[\"", want;
                    if (escapedBefore) {
                        raw += "\\t";
                        want += "\t";
                    }
                    raw += std::string(std::size_t(pos), 'a') + sp.raw + std::string(std::size_t(len - pos), 'b') + "\",1]";
                    want += std::string(std::size_t(pos), 'a') + sp.decoded + std::string(std::size_t(len - pos), 'b');
                    auto r = parse(raw);
                    QVERIFY2(r.ok(), raw.c_str());
                    QCOMPARE(std::string(r->at(0).str()), want);
                    QCOMPARE(r->at(1).numberText(), std::string_view("1"));
                }
                // Failures report the offset of the bad byte, wherever it sits.
                const std::size_t at = (escapedBefore ? 4 : 2) + std::size_t(pos);
                for (const char* bad : {"\x01", "\x80", "\xC0\xAF", "\xED\xA0\x80"}) {
                    std::string raw = escapedBefore ? "[\"\\t" : "[\"";
                    raw += std::string(std::size_t(pos), 'a') + bad + std::string(std::size_t(len - pos), 'b') + "\"]";
                    auto r = parse(raw);
                    QVERIFY(!r.ok());
                    QCOMPARE(r.error().pos.offset, at);
                }
                std::string bad = escapedBefore ? "[\"\\t" : "[\"";
                bad += std::string(std::size_t(pos), 'a') + "\\q" + std::string(std::size_t(len - pos), 'b') + "\"]";
                auto r = parse(bad);
                QVERIFY(!r.ok());
                QCOMPARE(r.error().pos.offset, at);
                QVERIFY(r.error().message.starts_with("invalid escape"));
                // Unterminated: the error points at the opening quote.
                std::string open = escapedBefore ? "[\"\\t" : "[\"";
                open += std::string(std::size_t(pos), 'a');
                auto u = parse(open);
                QVERIFY(!u.ok());
                QCOMPARE(u.error().pos.offset, std::size_t(1));
            }
        }
    }
    // A big escaped string, then small ones: the decoding space is reused and released.
    std::string big = "[\"", want;
    for (int i = 0; i < 100000; ++i) {
        big += "ab\\ncd\\\"\xC3\xA9\\u00e9x";
        want += "ab\ncd\"\xC3\xA9\xC3\xA9x";
    }
    big += "\"]";
    for (int round = 0; round < 2; ++round) {
        auto r = parse(big);
        QVERIFY(r.ok());
        QCOMPARE(std::string(r->at(0).str()), want);
        QCOMPARE(std::string(mustParse("[\"a\\tb\"]").at(0).str()), std::string("a\tb"));
    }
}

void TestJson::nulEscapeAccepted()
{
    Value v = mustParse(R"(["a\u0000b"])");
    QCOMPARE(v.at(0).str().size(), std::size_t(3));
    QCOMPARE(v.at(0).str()[1], '\0');
    QCOMPARE(compact(v), std::string(R"(["a\u0000b"])"));
}

// The string decoder of strings.h: the body of a literal, without its quotes. Each row is
// also decoded with 40 plain bytes before and after it, so that the sixteen-byte paths see it.
void TestJson::decodeString_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("decoded"); // when it decodes
    QTest::addColumn<int>("errorAt"); // -1 when it decodes
    QTest::addColumn<QString>("message");
    auto ok = [](const char* name, const QByteArray& body, const QByteArray& decoded) { QTest::newRow(name) << body << decoded << -1 << QString(); };
    auto bad = [](const char* name, const QByteArray& body, int at, const char* message) {
        QTest::newRow(name) << body << QByteArray() << at << QString::fromUtf8(message);
    };
    ok("empty", "", "");
    ok("plain", "hello", "hello");
    ok("short_escapes", R"(\"\\\/\b\f\n\r\t)", "\"\\/\b\f\n\r\t");
    ok("unicode_escape", R"(caf\u00e9)", "caf\xC3\xA9");
    ok("unicode_escape_upper_hex", R"(\u00C9)", "\xC3\x89");
    ok("surrogate_pair", R"(\ud83d\ude00!)", "\xF0\x9F\x98\x80!");
    ok("nul_escape", QByteArray(R"(a\u0000b)"), QByteArray("a\0b", 3));
    ok("raw_utf8", "\xE6\x97\xA5\xF0\x9F\x9A\x80", "\xE6\x97\xA5\xF0\x9F\x9A\x80");
    bad("invalid_escape", R"(ab\qc)", 2, "invalid escape \\q in string");
    bad("unicode_escape_not_hex", R"(\u12G4)", 0, "invalid \\u escape: expected four hex digits");
    bad("unicode_escape_cut_short", R"(x\u12)", 1, "invalid \\u escape: expected four hex digits");
    bad("lone_high_surrogate", R"(ab\ud800x)", 2, "lone surrogate escape (high surrogate without a low one)");
    bad("high_surrogate_then_other_escape", R"(\ud800\u0041)", 0, "lone surrogate escape (high surrogate without a low one)");
    bad("lone_low_surrogate", R"(\udc00)", 0, "lone surrogate escape (low surrogate without a high one)");
    bad("control_character", "a\tb", 1, "unescaped control character U+0009 in string");
    bad("invalid_utf8", "a\x80", 1, "invalid UTF-8 (byte 0x80) in string");
    bad("overlong_utf8", "\xC0\xAF", 0, "invalid UTF-8 (byte 0xC0) in string");
    bad("encoded_surrogate", "\xED\xA0\x80", 0, "invalid UTF-8 (byte 0xED) in string");
    bad("unescaped_quote", R"(a"b)", 1, "unescaped '\"' in string");
    bad("unescaped_quote_after_escape", R"(\n"b)", 2, "unescaped '\"' in string");
    bad("trailing_backslash", R"(ab\)", 2, "incomplete escape: the string ends with a backslash");
}

void TestJson::decodeString()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, decoded);
    QFETCH(int, errorAt);
    QFETCH(QString, message);
    const std::string pad(40, 'p');
    // Text after a final backslash would be what it escapes: such a row is padded before only.
    const std::string after = body.endsWith('\\') ? std::string() : pad;
    for (bool padded : {false, true}) {
        const std::string in = padded ? pad + toStd(body) + after : toStd(body);
        const auto r = tw::json::decodeString(in);
        if (errorAt < 0) {
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            QCOMPARE(*r, padded ? pad + toStd(decoded) + after : toStd(decoded));
            continue;
        }
        QVERIFY(!r.ok());
        QCOMPARE(r.error().offset, std::size_t(errorAt) + (padded ? pad.size() : 0));
        QCOMPARE(QString::fromStdString(r.error().message), message);
    }
}

// The lenient decoder (what the reply scanners use): never fails, keeps what it cannot decode.
void TestJson::decodeLenient_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("decoded");
    auto row = [](const char* name, const QByteArray& body, const QByteArray& decoded) { QTest::newRow(name) << body << decoded; };
    row("plain", "hello", "hello");
    row("short_escapes", R"(\"\\\/\b\f\n\r\t)", "\"\\/\b\f\n\r\t");
    row("json_in_a_string", R"({\"city\":\"Paris\"})", R"({"city":"Paris"})");
    row("unicode_escape", R"(caf\u00e9)", "caf\xC3\xA9");
    row("surrogate_pair", R"(\ud83d\ude00)", "\xF0\x9F\x98\x80");
    row("lone_high_surrogate_replaced", R"(a\ud800b)",
        "a\xEF\xBF\xBD"
        "b");
    row("high_surrogate_then_other_escape", R"(\ud800\u0041)",
        "\xEF\xBF\xBD"
        "A");
    row("lone_low_surrogate_replaced", R"(\udc00)", "\xEF\xBF\xBD");
    row("invalid_escape_kept", R"(a\qb)", R"(a\qb)");
    row("unicode_escape_not_hex_kept", R"(\u12G4)", R"(\u12G4)");
    row("unicode_escape_cut_short_kept", R"(x\u12)", R"(x\u12)");
    row("trailing_backslash_kept", R"(ab\)", R"(ab\)");
    row("control_character_passes", "a\tb", "a\tb");
    row("invalid_utf8_passes", "a\x80\xC0\xAF", "a\x80\xC0\xAF");
    row("unescaped_quote_kept", R"(a"b\n)", "a\"b\n");
}

void TestJson::decodeLenient()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, decoded);
    const std::string pad(40, 'p');
    for (bool padded : {false, true}) {
        std::string out = "kept:"; // appends
        tw::json::appendDecodedLenient(out, padded ? pad + toStd(body) + pad : toStd(body));
        QCOMPARE(out, "kept:" + (padded ? pad + toStd(decoded) + pad : toStd(decoded)));
    }
}

// The decoders and the parser share one engine: for every special sequence at every offset
// of bodies longer than a block, they decode (or fail) alike.
void TestJson::decodersAgreeWithParser()
{
    const char* specials[] = {"\\n",   "\\\"",     "\\u00e9", "\\ud83d\\ude80", "\xC3\xA9", "\xF0\x9F\x9A\x80", "\\q",
                              "\\u12", "\\ud800x", "\\udc00", "\x01",           "\x80",     "\xED\xA0\x80"};
    for (int len = 0; len <= 50; ++len) {
        for (int pos = 0; pos <= len; ++pos) {
            for (const char* sp : specials) {
                const std::string body = std::string(std::size_t(pos), 'a') + sp + std::string(std::size_t(len - pos), 'b');
                const auto parsed = parse("[\"" + body + "\"]");
                const auto strict = tw::json::decodeString(body);
                QCOMPARE(strict.ok(), parsed.ok());
                if (parsed.ok()) {
                    QCOMPARE(*strict, std::string(parsed->at(0).str()));
                    std::string lenient;
                    tw::json::appendDecodedLenient(lenient, body);
                    QCOMPARE(lenient, *strict); // valid text reads the same either way
                } else {
                    QCOMPARE(strict.error().offset + 2, parsed.error().pos.offset);
                    QCOMPARE(strict.error().message, parsed.error().message);
                }
            }
        }
    }
}

void TestJson::depthCap()
{
    const std::string ok = std::string(512, '[') + std::string(512, ']');
    QVERIFY(parse(ok).ok());
    const std::string deep = std::string(513, '[') + std::string(513, ']');
    auto r = parse(deep);
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().pos.offset), 512);
    QVERIFY(r.error().message.find("512") != std::string::npos);
    // Far deeper than any stack would survive without the cap.
    const std::string huge = std::string(1000000, '[');
    QVERIFY(!parse(huge).ok());
    std::string objs;
    for (int i = 0; i < 100000; ++i)
        objs += "{\"a\":";
    QVERIFY(!parse(objs).ok());
}

void TestJson::valueBudget_data()
{
    // Hand-written inputs. Every array item and object member counts (the root does not);
    // `over` is the byte offset of the first value past the budget, -1 when within it.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("over");
    QTest::newRow("array_within") << QByteArray("[1,2,3]") << 3 << -1;
    QTest::newRow("array_over") << QByteArray("[1,2,3]") << 2 << 5;
    QTest::newRow("scalar_root_free") << QByteArray("\"x\"") << 0 << -1;
    QTest::newRow("empty_containers_free") << QByteArray("[]") << 0 << -1;
    QTest::newRow("member_counts_at_its_key") << QByteArray("{\"a\":1,\"b\":2}") << 1 << 7;
    QTest::newRow("nested_counts_all") << QByteArray("[{\"a\":[0,0]},{}]") << 4 << 13;
    QTest::newRow("nested_within") << QByteArray("[{\"a\":[0,0]},{}]") << 5 << -1;
    QTest::newRow("tiny_values_on_line_2") << QByteArray("[\n0,0,0,0]") << 3 << 8;
}

void TestJson::valueBudget()
{
    QFETCH(QByteArray, text);
    QFETCH(int, budget);
    QFETCH(int, over);
    ParseOptions options;
    options.maxValues = std::size_t(budget);
    const std::string_view sv(text.constData(), std::size_t(text.size()));
    auto r = parse(sv, options);
    QVERIFY(parse(sv).ok()); // unlimited by default
    if (over < 0) {
        QVERIFY(r.ok());
        return;
    }
    QVERIFY(!r.ok());
    QVERIFY(r.error().tooLarge);
    QCOMPARE(int(r.error().pos.offset), over);
    QCOMPARE(r.error().pos.column, over - int(text.lastIndexOf('\n', over)));
    QVERIFY2(r.error().message.find("more than " + std::to_string(budget) + " values") == 0, r.error().message.c_str());
    const tw::Error e = toError(r.error(), "response body");
    QCOMPARE(e.category, std::string("too_large"));
    // A syntax error stays invalid_json.
    auto bad = parse("{]", options);
    QVERIFY(!bad.ok());
    QVERIFY(!bad.error().tooLarge);
    QCOMPARE(toError(bad.error()).category, std::string("invalid_json"));
}

void TestJson::duplicateKeys()
{
    auto r = parseDocument(R"({"a":1,"b":2,"a":3})");
    QVERIFY(r.ok());
    QCOMPARE(compact(r->value), std::string(R"({"a":3,"b":2})"));
    QCOMPARE(r->warnings.size(), std::size_t(1));
    QCOMPARE(r->warnings[0].pointer, std::string("/a"));
    QCOMPARE(int(r->warnings[0].pos.offset), 13);
    QCOMPARE(r->warnings[0].pos.column, 14);
}

void TestJson::duplicateKeysNested()
{
    // Many members (hash path) and a pointer through arrays and escaped tokens.
    std::string text = R"({"tools":[{"x":0},{"a/b":{)";
    for (int i = 0; i < 40; ++i)
        text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    text += R"("k7":"last"}}]})";
    auto r = parseDocument(text);
    QVERIFY(r.ok());
    QCOMPARE(r->warnings.size(), std::size_t(1));
    QCOMPARE(r->warnings[0].pointer, std::string("/tools/1/a~1b/k7"));
    const Value& inner = r->value["tools"].at(1)["a/b"];
    QCOMPARE(inner.size(), std::size_t(40));
    QCOMPARE(inner.members()[7].value.str(), std::string_view("last"));
}

void TestJson::valueApi()
{
    Value o{{"type", "object"}, {"properties", Value::emptyObject()}, {"n", 1}};
    QCOMPARE(compact(o), std::string(R"({"type":"object","properties":{},"n":1})"));
    Value o2 = o.set("type", "array").set("extra", true).remove("n");
    QCOMPARE(compact(o2), std::string(R"({"type":"array","properties":{},"extra":true})"));
    QCOMPARE(compact(o), std::string(R"({"type":"object","properties":{},"n":1})")); // immutable
    QVERIFY(o["missing"].isNull());
    QVERIFY(o.at(3).isNull());
    QCOMPARE(Value("a long string that is not stored inline").str(), std::string_view("a long string that is not stored inline"));
    QVERIFY(Value(std::string_view("a\0b", 3)) == mustParse(R"("a\u0000b")"));
}

void TestJson::sharingIsCheap()
{
    Value big = mustParse(R"({"schema":{"type":"object","properties":{"a":{"type":"string","description":"long enough to live on the heap"}}}})");
    std::vector<Value> copies(1000, big["schema"]);
    QVERIFY(copies.back() == big["schema"]);
    // Same storage: compare the pointers as pointers. QCOMPARE on two char* compares them as
    // C strings, and a string_view's data is not NUL-terminated (ASan: read past the end).
    const void* copy = copies.back()["properties"]["a"]["description"].str().data();
    const void* original = big["schema"]["properties"]["a"]["description"].str().data();
    QCOMPARE(copy, original);
}

void TestJson::suite_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("accept");
    QFile f(QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/json/suite.json"));
    if (!f.open(QIODevice::ReadOnly))
        QFAIL("tests/data/json/suite.json is missing");
    auto doc = parse(toStd(f.readAll()));
    if (!doc)
        QFAIL(doc.error().toString().c_str());
    int n = 0;
    for (const Value& c : doc->items()) {
        const std::string name(c["name"].str());
        const QByteArray bytes = QByteArray::fromHex(QByteArray(c["hex"].str().data(), qsizetype(c["hex"].str().size())));
        QTest::newRow(name.c_str()) << bytes << (c["expect"].str() == "accept");
        ++n;
    }
    if (n < 300)
        QFAIL("the JSON suite must hold at least 300 cases");
}

void TestJson::suite()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, accept);
    auto r = parse(toStd(input));
    if (accept) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        // Whatever we accept we can write and read back to the same value.
        const std::string out = compact(*r);
        auto again = parse(out);
        QVERIFY(again.ok());
        QVERIFY(again->identical(*r));
    } else {
        QVERIFY2(!r.ok(), "accepted invalid input");
        QVERIFY(r.error().pos.offset <= std::size_t(input.size()));
        QVERIFY(r.error().pos.line >= 1 && r.error().pos.column >= 1);
        QVERIFY(!r.error().message.empty());
    }
}

void TestJson::writersNeverEmitInvalidUtf8_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QByteArray>("written"); // the compact JSON string
    QTest::newRow("valid_multibyte") << QByteArray("Z\xC3\xBCrich \xE2\x98\x80") << QByteArray("\"Z\xC3\xBCrich \xE2\x98\x80\"");
    QTest::newRow("lone_continuation") << QByteArray("a\x80"
                                                     "b")
                                       << QByteArray("\"a\xEF\xBF\xBD"
                                                     "b\"");
    QTest::newRow("cut_sequence_at_end") << QByteArray("ab\xE2\x98") << QByteArray("\"ab\xEF\xBF\xBD\xEF\xBF\xBD\"");
    QTest::newRow("overlong_slash") << QByteArray("\xC0\xAF") << QByteArray("\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
    QTest::newRow("surrogate_half") << QByteArray("\xED\xA0\x80") << QByteArray("\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
    QTest::newRow("long_ascii_then_bad") << QByteArray("0123456789abcdef\xFF\"") << QByteArray("\"0123456789abcdef\xEF\xBF\xBD\\\"\"");
}

void TestJson::writersNeverEmitInvalidUtf8()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QByteArray, written);
    const tw::json::Value v{std::string(bytes.constData(), std::size_t(bytes.size()))};
    const std::string out = tw::json::compact(v);
    QCOMPARE(QByteArray(out.data(), qsizetype(out.size())), written);
    // And it reads back as JSON.
    QVERIFY(tw::json::parse(out));
}

QTEST_GUILESS_MAIN(TestJson)
#include "tst_json.moc"

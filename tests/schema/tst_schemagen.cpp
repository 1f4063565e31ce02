// Example values from JSON Schema (core/schema/schemagen.h): one row per keyword family or
// hint, named after the case. Every generated value must validate against its schema, and
// generating twice must give the same value.

#include "json/json.h"
#include "schema/schemagen.h"
#include "schema/validator.h"

#include <QTest>

using namespace tw;
using json::Value;

namespace {

Value parseJson(const QByteArray& text)
{
    auto r = json::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!r)
        qFatal("bad JSON in a test row: %s", r.error().toString().c_str());
    return *r;
}

} // namespace

class TestSchemaGen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void generate_data();
    void generate();
    void deterministicAcrossCalls();
};

void TestSchemaGen::generate_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QByteArray>("expect"); // a JSON value the result must equal; empty = only valid
    auto row = [](const char* name, const char* schema, const char* hint = "", const char* expect = "") {
        QTest::newRow(name) << QByteArray(schema) << QString::fromUtf8(hint) << QByteArray(expect);
    };
    // Types and the schema's own values.
    row("types",
        R"({"type":"object","properties":{"s":{"type":"string"},"i":{"type":"integer"},"n":{"type":"number"},"b":{"type":"boolean"},"z":{"type":"null"}}})",
        "", R"({"s":"example","i":1,"n":1,"b":false,"z":null})");
    row("enum_default", R"({"type":"object","properties":{"u":{"enum":["a","b"],"default":"b"}}})", "", R"({"u":"b"})");
    row("enum_from_text", R"({"type":"object","properties":{"u":{"type":"string","enum":["celsius","fahrenheit"]}}})", "in Fahrenheit please",
        R"({"u":"fahrenheit"})");
    row("const", R"({"type":"object","properties":{"k":{"const":{"x":[1]}}}})", "", R"({"k":{"x":[1]}})");
    row("boolean_schemas", R"({"type":"object","properties":{"yes":true,"no":false},"required":["yes"]})", "", R"({"yes":"example"})");
    // Numbers.
    row("bounds_integer",
        R"({"type":"object","properties":{"a":{"type":"integer","minimum":5,"maximum":9},"b":{"type":"integer","exclusiveMinimum":5},"c":{"type":"integer","maximum":-3}}})",
        "", R"({"a":5,"b":6,"c":-3})");
    row("bounds_number", R"({"type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}}})", "", R"({"x":0.5})");
    row("draft4_exclusive", R"({"type":"object","properties":{"x":{"type":"integer","minimum":3,"exclusiveMinimum":true}}})", "", R"({"x":4})");
    row("multiple_of", R"({"type":"object","properties":{"x":{"type":"integer","minimum":7,"multipleOf":5}}})", "", R"({"x":10})");
    row("numbers_from_text",
        R"({"type":"object","properties":{"minutes":{"type":"integer"},"amount":{"type":"number","exclusiveMinimum":0},"days":{"type":"integer","maximum":7}}})",
        "Pay $12.50 for 30 minutes, over 9 days", R"({"minutes":30,"amount":12.5,"days":1})");
    row("number_default_and_examples",
        R"({"type":"object","properties":{"d":{"type":"integer","default":4},"e":{"type":"number","examples":[2.5]}}})", "", R"({"d":4,"e":2.5})");
    // Strings.
    row("strings", R"({"type":"object","properties":{"short":{"type":"string","maxLength":3},"long":{"type":"string","minLength":12}}})", "",
        R"({"short":"exa","long":"examplexxxxx"})");
    row("formats",
        R"({"type":"object","properties":{"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},"d":{"type":"string","format":"date"},"t":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid"}}})",
        "",
        R"({"e":"user@example.com","u":"https://example.com/","d":"2026-01-15","t":"2026-01-15T09:00:00Z","id":"123e4567-e89b-42d3-a456-426614174000"})");
    row("more_formats",
        R"({"type":"object","properties":{"h":{"type":"string","format":"hostname"},"v4":{"type":"string","format":"ipv4"},"v6":{"type":"string","format":"ipv6"},"p":{"type":"string","format":"duration"},"tm":{"type":"string","format":"time"}}})",
        "", R"({"h":"example.com","v4":"192.0.2.1","v6":"2001:db8::1","p":"PT1H","tm":"09:00:00"})");
    row("patterns",
        R"({"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}-\\d{2,4}$"},"hex":{"type":"string","pattern":"^#(?:[0-9a-fA-F]{3}){1,2}$"},"alt":{"type":"string","pattern":"^(foo|bar)+baz?$"}}})",
        "", R"({"code":"AAA-00","hex":"#000","alt":"foobaz"})");
    row("pattern_negated_class", R"({"type":"object","properties":{"p":{"type":"string","pattern":"^[^a-z0-9]+$"}}})", "", R"({"p":"A"})");
    row("pattern_from_text",
        R"({"type":"object","properties":{"from":{"type":"string","pattern":"^[A-Z]{3}$"},"to":{"type":"string","pattern":"^[A-Z]{3}$"}}})",
        "How much is 120 EUR in USD?", R"({"from":"EUR","to":"USD"})");
    // Hints taken from the message.
    row("hint_place", R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"]})", "What's the weather in San Francisco, CA?",
        R"({"city":"San Francisco"})");
    row("hint_email_url_path", R"({"type":"object","properties":{"email":{"type":"string"},"url":{"type":"string"},"path":{"type":"string"}}})",
        "Send docs/report.pdf to ana@example.com, see https://example.org/x",
        R"({"email":"ana@example.com","url":"https://example.org/x","path":"docs/report.pdf"})");
    row("hint_timezone", R"({"type":"object","properties":{"timezone":{"type":"string"}}})", "What time is it in Asia/Tokyo?",
        R"({"timezone":"Asia/Tokyo"})");
    row("hint_query_and_title", R"({"type":"object","properties":{"query":{"type":"string"},"title":{"type":"string"}}})",
        "Create a calendar event: design review tomorrow at 10:00",
        R"({"query":"Create a calendar event: design review tomorrow at 10:00","title":"design review"})");
    row("hint_date_tomorrow_time", R"({"type":"object","properties":{"start":{"type":"string","format":"date-time"}}})", "Book it tomorrow at 10:00",
        R"({"start":"2026-01-16T10:00:00Z"})");
    row("hint_flag", R"({"type":"object","properties":{"forecast":{"type":"boolean"},"alerts":{"type":"boolean","default":true}}})",
        "Weather with forecast", R"({"forecast":true,"alerts":true})");
    // Arrays and objects.
    row("arrays",
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"minItems":3,"uniqueItems":true},"b":{"type":"array","maxItems":0},"t":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}}})",
        "", R"({"a":[1,2,3],"b":[],"t":["example",1]})");
    row("array_enum_mentions", R"({"type":"object","properties":{"cal":{"type":"array","items":{"enum":["work","personal","all"]}}}})",
        "work and personal", R"({"cal":["work","personal"]})");
    row("nested_required",
        R"({"type":"object","properties":{"o":{"type":"object","properties":{"p":{"type":"object","properties":{"q":{"type":"object","properties":{"r":{"type":"string"}},"required":["r"]}},"required":["q"]}},"required":["p"]}},"required":["o"]})",
        "", R"({"o":{"p":{"q":{"r":"example"}}}})");
    row("optional_depth",
        R"({"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"object","properties":{"d":{"type":"string"}}}}}}}}})",
        "", R"({"a":{"b":{"c":{}}}})");
    row("closed_object_properties",
        R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1})", "",
        R"({"a":"example"})");
    row("open_min_properties", R"({"type":"object","minProperties":2,"additionalProperties":{"type":"integer"}})", "",
        R"({"extra_1":1,"extra_2":1})");
    row("any_of_nullable",
        R"({"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":"integer","minimum":2}]},"b":{"type":["null","string"]}},"required":["a","b"]})",
        "", R"({"a":2,"b":"example"})");
    row("all_of",
        R"({"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer","minimum":1}},"required":["b"]}]})",
        "", R"({"a":"example","b":1})");
    row("gemini_openapi_types",
        R"({"type":"OBJECT","properties":{"city":{"type":"STRING"},"days":{"type":"INTEGER","minimum":1}},"required":["city","days"]})",
        "Weather in Lisbon", R"({"city":"Lisbon","days":1})");
    // References, through the shared resolver.
    row("ref_defs",
        R"({"type":"object","$defs":{"pt":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"]}},"properties":{"a":{"$ref":"#/$defs/pt"},"b":{"type":"array","items":{"$ref":"#/$defs/pt"},"minItems":2}},"required":["a","b"]})",
        "", R"({"a":{"x":1,"y":1},"b":[{"x":1,"y":1},{"x":1,"y":1}]})");
    row("recursive_ref",
        R"({"type":"object","definitions":{"node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/definitions/node"}}},"required":["v"]}},"properties":{"root":{"$ref":"#/definitions/node"}},"required":["root"]})",
        "", R"({"root":{"v":1,"kids":[{"v":1}]}})");
    row("ref_siblings_add_to_target", R"({"$defs":{"n":{"type":"integer"}},"type":"object","properties":{"a":{"$ref":"#/$defs/n","minimum":5}}})", "",
        R"({"a":5})");
    row("ref_chain",
        R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"integer","minimum":3}},"type":"object","properties":{"v":{"$ref":"#/$defs/a"}}})", "",
        R"({"v":3})");
    row("ref_escaped_pointer",
        R"({"$defs":{"a/b":{"const":"slash"},"c~d":{"const":"tilde"}},"type":"object","properties":{"s":{"$ref":"#/$defs/a~1b"},"t":{"$ref":"#/$defs/c~0d"}}})",
        "", R"({"s":"slash","t":"tilde"})");
    row("ref_percent_encoded",
        R"({"$defs":{"a b":{"const":"space"},"100%":{"const":"percent"}},"type":"object","properties":{"s":{"$ref":"#/$defs/a%20b"},"p":{"$ref":"#/$defs/100%25"}}})",
        "", R"({"s":"space","p":"percent"})");
    row("ref_into_array",
        R"({"type":"object","properties":{"t":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer","minimum":7}]},"u":{"$ref":"#/properties/t/prefixItems/1"}}})",
        "", R"({"t":["example",7],"u":7})");
    row("ref_cycle_dropped",
        R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"type":"object","properties":{"v":{"$ref":"#/$defs/a","type":"integer"}}})",
        "", R"({"v":1})");
    row("ref_self_root", R"({"$ref":"#"})", "", R"("example")");
    row("ref_unresolvable_keeps_siblings", R"({"type":"object","properties":{"v":{"$ref":"#/$defs/missing","type":"integer","minimum":2}}})", "",
        R"({"v":2})");
    row("ref_remote_keeps_siblings", R"({"type":"object","properties":{"v":{"$ref":"https://example.com/s.json","type":"boolean"}}})", "",
        R"({"v":false})");
}

void TestSchemaGen::generate()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, hint);
    QFETCH(QByteArray, expect);
    const Value s = parseJson(schema);
    const std::string hintText = hint.toStdString();
    const Value v = schema::generateFromSchema(s, hintText);
    const auto violations = schema::validate(v, s);
    for (const schema::Violation& x : violations)
        qWarning("%s: %s (value %s)", x.pointer.c_str(), x.message.c_str(), json::compact(v).c_str());
    QVERIFY(violations.empty());
    if (!expect.isEmpty())
        QCOMPARE(json::compact(v), json::compact(parseJson(expect)));
    QCOMPARE(json::compact(schema::generateFromSchema(s, hintText)), json::compact(v));
}

void TestSchemaGen::deterministicAcrossCalls()
{
    // Taken hints are used once per call, never across calls: each call starts afresh.
    const Value s = parseJson(
        R"({"type":"object","properties":{"from":{"type":"string","pattern":"^[A-Z]{3}$"},"to":{"type":"string","pattern":"^[A-Z]{3}$"}}})");
    const std::string first = json::compact(schema::generateFromSchema(s, "EUR to USD"));
    QCOMPARE(first, std::string(R"({"from":"EUR","to":"USD"})"));
    QCOMPARE(json::compact(schema::generateFromSchema(s, "EUR to USD")), first);
}

QTEST_GUILESS_MAIN(TestSchemaGen)
#include "tst_schemagen.moc"

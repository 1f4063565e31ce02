// Argument validation against tool schemas: one row per keyword family, named.

#include "json/json.h"
#include "schema/validator.h"

#include <QTest>

using namespace tw;

class TestSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validate_data();
    void validate();
    void deepRecursionIsBounded();
};

void TestSchema::validate_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::addColumn<QByteArray>("instance");
        QTest::addColumn<QString>("expected"); // "" = valid, else "pointer: message start"
        auto row = [](const char* name, const char* s, const char* i, const char* e) {
            QTest::newRow(name) << QByteArray(s) << QByteArray(i) << QString::fromUtf8(e);
        };
        const char* weather = R"({"type":"object","properties":{"city":{"type":"string"},"units":{"type":"string","enum":["c","f"]},"days":{"type":"integer","minimum":0,"maximum":7}},"required":["city"],"additionalProperties":false})";
        row("weather/valid", weather, R"({"city":"Berlin","units":"c","days":3})", "");
        row("weather/missing_required", weather, R"({"units":"c"})", ": missing required property \"city\"");
        row("weather/wrong_type", weather, R"({"city":5})", "/city: expected string, got integer");
        row("weather/enum", weather, R"({"city":"x","units":"kelvin"})", "/units: \"kelvin\" is not one of");
        row("weather/maximum", weather, R"({"city":"x","days":9})", "/days: 9 is greater than the maximum 7");
        row("weather/integer_not_number", weather, R"({"city":"x","days":1.5})", "/days: expected integer, got number");
        row("weather/integer_point_zero_ok", weather, R"({"city":"x","days":2.0})", "");
        row("weather/additional", weather, R"({"city":"x","extra":1})", "/extra: unexpected property");
        row("nested/array_items", R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"e":{"type":"string","format":"email"}},"required":["e"]},"maxItems":2}}})",
            R"({"a":[{"e":"x"},{}]})", "/a/1: missing required property \"e\"");
        row("nested/max_items", R"({"properties":{"a":{"type":"array","maxItems":1}}})", R"({"a":[1,2]})", "/a: more than maxItems 1");
        row("string/pattern", R"({"properties":{"c":{"type":"string","pattern":"^[A-Z]{3}$"}}})", R"({"c":"eur"})", "/c: does not match the pattern");
        row("string/length_codepoints", R"({"properties":{"s":{"type":"string","maxLength":2}}})", R"({"s":"éé"})", "");
        row("number/exclusive", R"({"properties":{"n":{"type":"number","exclusiveMinimum":0}}})", R"({"n":0})", "/n: 0 must be greater than 0");
        row("type_array_nullable", R"({"properties":{"n":{"type":["string","null"]}}})", R"({"n":null})", "");
        row("openapi_nullable", R"({"properties":{"n":{"type":"string","nullable":true}}})", R"({"n":null})", "");
        row("anyOf_none", R"({"properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}}})", R"({"v":true})", "/v: matches none of the anyOf");
        row("oneOf_two", R"({"properties":{"v":{"oneOf":[{"type":"number"},{"type":"integer"}]}}})", R"({"v":1})", "/v: matches more than one");
        row("ref_defs", R"({"$defs":{"pos":{"type":"integer","minimum":1}},"properties":{"p":{"$ref":"#/$defs/pos"}}})", R"({"p":0})", "/p: 0 is less than the minimum 1");
        row("const", R"({"properties":{"k":{"const":"fixed"}}})", R"({"k":"other"})", "/k: expected \"fixed\"");
        row("unknown_keywords_ignored", R"({"type":"object","x-vendor":{"whatever":1},"properties":{"a":{"format":"made-up"}}})", R"({"a":"x"})", "");
        row("escaped_pointer", R"({"properties":{"a/b":{"type":"string"}}})", R"({"a/b":1})", "/a~1b: expected string");
    }

void TestSchema::validate()
    {
        QFETCH(QByteArray, schema);
        QFETCH(QByteArray, instance);
        QFETCH(QString, expected);
        auto s = json::parse(std::string_view(schema.constData(), std::size_t(schema.size())));
        auto i = json::parse(std::string_view(instance.constData(), std::size_t(instance.size())));
        QVERIFY(s.ok() && i.ok());
        const auto v = schema::validate(*i, *s);
        if (expected.isEmpty()) {
            QVERIFY2(v.empty(), v.empty() ? "" : (v[0].pointer + ": " + v[0].message).c_str());
            return;
        }
        QVERIFY(!v.empty());
        const QString got = QString::fromStdString(v[0].pointer + ": " + v[0].message);
        QVERIFY2(got.startsWith(expected), qPrintable(got));
    }

void TestSchema::deepRecursionIsBounded()
    {
        auto s = json::parse(R"({"$ref":"#"})");
        QVERIFY(s.ok());
        (void)schema::validate(json::Value{{"a", 1}}, *s); // a self-referencing schema must terminate
    }


QTEST_GUILESS_MAIN(TestSchema)
#include "tst_schema.moc"

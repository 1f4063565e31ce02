// Argument validation against tool schemas: one row per keyword family, named.

#include "json/json.h"
#include "schema/ecmaregex.h"
#include "schema/number.h"
#include "schema/refresolver.h"
#include "schema/uri.h"
#include "schema/validator.h"

#include <QTest>

using namespace tw;

class TestSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validate_data();
    void validate();
    void deepRecursionIsBounded();
    void refCyclesAreAppliedOnce();
    void resolveRef_data();
    void resolveRef();
    void resolveRefCycleOnTrail();
    void result_data();
    void result();
    void resultJson();
    void validatorIsReusable();
    void patterns_data();
    void patterns();
    void uriResolution_data();
    void uriResolution();
    void decimals_data();
    void decimals();
};

namespace {

json::Value parsed(const QByteArray& text)
{
    auto v = json::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!v)
        qFatal("bad test JSON: %s", v.error().toString().c_str());
    return *v;
}

} // namespace

void TestSchema::validate_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("instance");
    QTest::addColumn<QString>("expected"); // "" = valid, else "pointer: message start"
    auto row = [](const char* name, const char* s, const char* i, const char* e) {
        QTest::newRow(name) << QByteArray(s) << QByteArray(i) << QString::fromUtf8(e);
    };
    const char* weather =
        R"({"type":"object","properties":{"city":{"type":"string"},"units":{"type":"string","enum":["c","f"]},"days":{"type":"integer","minimum":0,"maximum":7}},"required":["city"],"additionalProperties":false})";
    row("weather/valid", weather, R"({"city":"Berlin","units":"c","days":3})", "");
    row("weather/missing_required", weather, R"({"units":"c"})", ": missing required property \"city\"");
    row("weather/wrong_type", weather, R"({"city":5})", "/city: expected string, got integer");
    row("weather/enum", weather, R"({"city":"x","units":"kelvin"})", "/units: \"kelvin\" is not one of");
    row("weather/maximum", weather, R"({"city":"x","days":9})", "/days: 9 is greater than the maximum 7");
    row("weather/integer_not_number", weather, R"({"city":"x","days":1.5})", "/days: expected integer, got number");
    row("weather/integer_point_zero_ok", weather, R"({"city":"x","days":2.0})", "");
    row("weather/additional", weather, R"({"city":"x","extra":1})", "/extra: unexpected property");
    row("nested/array_items",
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"e":{"type":"string","format":"email"}},"required":["e"]},"maxItems":2}}})",
        R"({"a":[{"e":"x"},{}]})", "/a/1: missing required property \"e\"");
    row("nested/max_items", R"({"properties":{"a":{"type":"array","maxItems":1}}})", R"({"a":[1,2]})", "/a: more than maxItems 1");
    row("string/pattern", R"({"properties":{"c":{"type":"string","pattern":"^[A-Z]{3}$"}}})", R"({"c":"eur"})", "/c: does not match the pattern");
    row("string/length_codepoints", R"({"properties":{"s":{"type":"string","maxLength":2}}})", R"({"s":"éé"})", "");
    row("number/exclusive", R"({"properties":{"n":{"type":"number","exclusiveMinimum":0}}})", R"({"n":0})", "/n: 0 must be greater than 0");
    row("type_array_nullable", R"({"properties":{"n":{"type":["string","null"]}}})", R"({"n":null})", "");
    row("openapi_nullable", R"({"properties":{"n":{"type":"string","nullable":true}}})", R"({"n":null})", "");
    row("anyOf_none", R"({"properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}}})", R"({"v":true})", "/v: matches none of the anyOf");
    row("oneOf_two", R"({"properties":{"v":{"oneOf":[{"type":"number"},{"type":"integer"}]}}})", R"({"v":1})", "/v: matches more than one");
    row("ref_defs", R"({"$defs":{"pos":{"type":"integer","minimum":1}},"properties":{"p":{"$ref":"#/$defs/pos"}}})", R"({"p":0})",
        "/p: 0 is less than the minimum 1");
    row("const", R"({"properties":{"k":{"const":"fixed"}}})", R"({"k":"other"})", "/k: expected \"fixed\"");
    row("unknown_keywords_ignored", R"({"type":"object","x-vendor":{"whatever":1},"properties":{"a":{"format":"made-up"}}})", R"({"a":"x"})", "");
    row("escaped_pointer", R"({"properties":{"a/b":{"type":"string"}}})", R"({"a/b":1})", "/a~1b: expected string");
    // References, through the resolver shared with the generator.
    row("ref_escaped_tokens",
        R"({"$defs":{"a/b":{"type":"integer"},"c~d":{"type":"string"}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c~0d"}}})",
        R"({"x":1,"y":2})", "/y: expected string, got integer");
    row("ref_percent_encoded", R"({"$defs":{"a b":{"type":"integer"}},"properties":{"x":{"$ref":"#/$defs/a%20b"}}})", R"({"x":"s"})",
        "/x: expected integer, got string");
    row("ref_chain", R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"maximum":3}},"properties":{"x":{"$ref":"#/$defs/a"}}})", R"({"x":4})",
        "/x: 4 is greater than the maximum 3");
    row("ref_recursive_tree",
        R"({"$defs":{"node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}}}},"$ref":"#/$defs/node"})",
        R"({"v":1,"kids":[{"v":2,"kids":[{"v":"three"}]}]})", "/kids/0/kids/0/v: expected integer, got string");
    row("ref_cycle_keeps_other_keywords",
        R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a","minimum":2}},"properties":{"x":{"$ref":"#/$defs/a"}}})", R"({"x":1})",
        "/x: 1 is less than the minimum 2");
    row("ref_unresolvable_ignored", R"({"properties":{"x":{"$ref":"#/$defs/missing","type":"integer"}}})", R"({"x":1})", "");
    row("ref_remote_ignored", R"({"properties":{"x":{"$ref":"https://example.com/s.json"}}})", R"({"x":1})", "");
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

void TestSchema::refCyclesAreAppliedOnce()
{
    // A schema that reaches itself through $ref (directly, or through allOf) is applied once
    // to an instance: its violations are reported once, not once per lap until a depth cap.
    for (const char* text : {R"({"$ref":"#","type":"string"})", R"({"allOf":[{"$ref":"#"}],"type":"string"})",
                             R"({"$defs":{"a":{"$ref":"#/$defs/b","type":"string"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})"}) {
        auto s = json::parse(text);
        QVERIFY(s.ok());
        const auto v = schema::validate(json::Value(5), *s);
        QVERIFY2(v.size() == 1, text);
        QCOMPARE(v[0].message, std::string("expected string, got integer"));
    }
}

void TestSchema::resolveRef_data()
{
    QTest::addColumn<QString>("ref");
    QTest::addColumn<QByteArray>("target"); // the value it names, or empty when it fails
    QTest::addColumn<int>("kind"); // RefError::Kind when it fails
    QTest::addColumn<QString>("message"); // the error message, when it fails
    auto ok = [](const char* name, const char* ref, const char* target) {
        QTest::newRow(name) << QString::fromUtf8(ref) << QByteArray(target) << -1 << QString();
    };
    auto bad = [](const char* name, const char* ref, schema::RefError::Kind kind, const char* message) {
        QTest::newRow(name) << QString::fromUtf8(ref) << QByteArray() << int(kind) << QString::fromUtf8(message);
    };
    ok("root", "#", R"({"marker":"root"})"); // compared by a member only the root has
    ok("defs", "#/$defs/pos", R"({"type":"integer","minimum":1})");
    ok("definitions", "#/definitions/name", R"({"type":"string"})");
    ok("escape_slash", "#/$defs/a~1b", R"({"const":"slash"})");
    ok("escape_tilde", "#/$defs/c~0d", R"({"const":"tilde"})");
    ok("escape_tilde_then_one", "#/$defs/e~01", R"({"const":"tilde-one"})");
    ok("percent_space", "#/$defs/a%20b", R"({"const":"space"})");
    ok("percent_percent", "#/$defs/100%25", R"({"const":"percent"})");
    ok("percent_slash_splits", "#%2F$defs%2Fpos", R"({"type":"integer","minimum":1})");
    ok("percent_utf8", "#/$defs/caf%C3%A9", R"({"const":"cafe"})");
    ok("array_index", "#/items/1", R"({"type":"boolean"})");
    ok("empty_key", "#/$defs/", R"({"const":"empty"})");
    ok("empty_is_the_document", "", R"({"marker":"root"})"); // RFC 3986: "" is the base URI itself
    ok("anchor", "#here", R"({"$anchor":"here","const":"anchored"})");
    ok("id_of_embedded_resource", "https://example.com/item.json", R"({"$id":"https://example.com/item.json","$defs":{"n":{"type":"number"}}})");
    ok("pointer_in_embedded_resource", "https://example.com/item.json#/$defs/n", R"({"type":"number"})");
    ok("bundled_metaschema", "https://json-schema.org/draft/2020-12/meta/validation#/$defs/nonNegativeInteger", R"({"type":"integer","minimum":0})");
    bad("remote", "other.json#/x", schema::RefError::Kind::Remote,
        "$ref \"other.json#/x\": no schema \"https://toolwire.invalid/other.json\" in this document or the bundled meta-schemas");
    bad("remote_absolute", "https://example.com/s.json", schema::RefError::Kind::Remote,
        "$ref \"https://example.com/s.json\": no schema \"https://example.com/s.json\"");
    bad("anchor_in_data", "#nowhere", schema::RefError::Kind::Missing, "$ref \"#nowhere\": no $anchor \"nowhere\"");
    bad("id_in_data", "https://example.com/data.json", schema::RefError::Kind::Remote, "$ref \"https://example.com/data.json\": no schema");
    bad("missing_anchor", "#pos", schema::RefError::Kind::Missing, "$ref \"#pos\": no $anchor \"pos\" in this schema");
    bad("bad_percent", "#/$defs/a%2", schema::RefError::Kind::Malformed, "$ref \"#/$defs/a%2\": bad percent-escape");
    bad("bad_percent_hex", "#/$defs/a%zz", schema::RefError::Kind::Malformed, "$ref \"#/$defs/a%zz\": bad percent-escape");
    bad("bad_tilde", "#/$defs/a~2", schema::RefError::Kind::Malformed, "$ref \"#/$defs/a~2\": bad escape in \"a~2\"");
    bad("trailing_tilde", "#/$defs/a~", schema::RefError::Kind::Malformed, "$ref \"#/$defs/a~\": bad escape");
    bad("missing_member", "#/$defs/pont", schema::RefError::Kind::Missing, "$ref \"#/$defs/pont\": no member \"pont\" in /$defs");
    bad("missing_at_root", "#/nope", schema::RefError::Kind::Missing, "$ref \"#/nope\": no member \"nope\" in the root");
    bad("index_past_end", "#/items/2", schema::RefError::Kind::Missing, "$ref \"#/items/2\": index 2 is past the end of /items (2 items)");
    bad("index_leading_zero", "#/items/01", schema::RefError::Kind::Missing, "$ref \"#/items/01\": \"01\" is not an array index (in /items)");
    bad("index_dash", "#/items/-", schema::RefError::Kind::Missing, "$ref \"#/items/-\": \"-\" is not an array index");
    bad("through_scalar", "#/$defs/pos/type/x", schema::RefError::Kind::Missing,
        "$ref \"#/$defs/pos/type/x\": /$defs/pos/type holds a string, not an object or array");
}

void TestSchema::resolveRef()
{
    QFETCH(QString, ref);
    QFETCH(QByteArray, target);
    QFETCH(int, kind);
    QFETCH(QString, message);
    const auto root = json::parse(
        R"({"marker":"root","$defs":{"pos":{"type":"integer","minimum":1},"a/b":{"const":"slash"},"c~d":{"const":"tilde"},)"
        R"("e~1":{"const":"tilde-one"},"a b":{"const":"space"},"100%":{"const":"percent"},"caf\u00e9":{"const":"cafe"},"":{"const":"empty"},)"
        R"("here":{"$anchor":"here","const":"anchored"},"item":{"$id":"https://example.com/item.json","$defs":{"n":{"type":"number"}}}},)"
        // An "$anchor" and an "$id" outside any schema keyword are data: they name nothing.
        R"("data":{"$anchor":"nowhere","$id":"https://example.com/data.json"},)"
        R"("definitions":{"name":{"type":"string"}},"items":[{"type":"string"},{"type":"boolean"}]})");
    QVERIFY(root.ok());
    const schema::RefResolver refs(*root);
    const std::string r = ref.toStdString();
    const auto got = refs.resolve(r);
    if (kind < 0) {
        QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
        const auto want = json::parse(std::string_view(target.constData(), std::size_t(target.size())));
        QVERIFY(want.ok());
        if (want->contains("marker"))
            QCOMPARE((*got)->find("marker")->str(), std::string_view("root"));
        else
            QCOMPARE(json::compact(**got), json::compact(*want));
        return;
    }
    QVERIFY(!got.ok());
    QCOMPARE(int(got.error().kind), kind);
    QVERIFY2(QString::fromStdString(got.error().message).startsWith(message), got.error().message.c_str());
}

void TestSchema::resolveRefCycleOnTrail()
{
    const auto root = json::parse(R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}})");
    QVERIFY(root.ok());
    const schema::RefResolver refs(*root);
    auto a = refs.resolve("#/$defs/a");
    QVERIFY(a.ok());
    const schema::RefTrail first{*a, nullptr};
    auto b = refs.resolve((*a)->find("$ref")->str(), &first);
    QVERIFY(b.ok());
    const schema::RefTrail second{*b, &first};
    auto again = refs.resolve((*b)->find("$ref")->str(), &second);
    QVERIFY(!again.ok());
    QCOMPARE(int(again.error().kind), int(schema::RefError::Kind::Cycle));
    QCOMPARE(again.error().message, std::string("$ref \"#/$defs/a\": a cycle: following it leads back to itself"));
    QVERIFY(refs.resolve("#/$defs/a").ok()); // without the trail it is just a reference
}

void TestSchema::result_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("instance");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("violation"); // "pointer keywordLocation: message start" of the first, or ""
    QTest::addColumn<QString>("unsupported"); // the unsupported keywords, comma-separated
    auto row = [](const char* name, const char* s, const char* i, bool valid, const char* violation, const char* unsupported) {
        QTest::newRow(name) << QByteArray(s) << QByteArray(i) << valid << QString::fromUtf8(violation) << QString::fromUtf8(unsupported);
    };
    row("keyword_location_through_ref", R"({"properties":{"d":{"$ref":"#/$defs/n"}},"$defs":{"n":{"maximum":3}}})", R"({"d":4})", false,
        "/d /properties/d/$ref/maximum: 4 is greater than the maximum 3", "");
    row("remote_ref_is_unsupported", R"({"properties":{"x":{"$ref":"https://example.com/s.json"}}})", R"({"x":1})", false, "", "$ref");
    row("dangling_ref_is_unsupported", R"({"$ref":"#/$defs/missing"})", "1", false, "", "$ref");
    row("unknown_dialect_is_unsupported", R"({"$schema":"https://example.com/my-dialect","type":"integer"})", "1", false, "", "$schema");
    row("recursive_ref_is_unsupported", R"({"$recursiveRef":"#"})", "1", false, "", "$recursiveRef");
    row("bad_pattern_is_unsupported", R"({"pattern":"(unclosed"})", R"("x")", false, "", "pattern");
    row("bad_pattern_property_is_no_guess", R"({"patternProperties":{"(unclosed":true},"additionalProperties":false})", R"({"x":1})", false, "",
        "patternProperties");
    row("format_is_an_annotation", R"({"type":"string","format":"email"})", R"("not an address")", true, "", "");
    row("draft07_ref_overrides_siblings",
        R"({"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"i":{"type":"integer"}},"$ref":"#/definitions/i","type":"string"})",
        "5", true, "", "");
    row("draft2020_ref_has_siblings", R"({"$defs":{"i":{"type":"integer"}},"$ref":"#/$defs/i","type":"string"})", "5", false,
        " /type: expected string, got integer", "");
    row("anchor_ref", R"({"$defs":{"p":{"$anchor":"positive","exclusiveMinimum":0}},"$ref":"#positive"})", "0", false,
        " /$ref/exclusiveMinimum: 0 must be greater than 0", "");
    row("id_ref", R"({"$id":"https://example.com/root.json","$defs":{"s":{"$id":"str.json","type":"string"}},"items":{"$ref":"str.json"}})",
        R"(["a",2])", false, "/1 /items/$ref/type: expected string, got integer", "");
    row("bundled_metaschema", R"({"$ref":"https://json-schema.org/draft/2020-12/schema"})", R"({"type":"object","minLength":-1})", false, "", "");
    row("bundled_metaschema_valid", R"({"$ref":"https://json-schema.org/draft/2020-12/schema"})",
        R"({"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}})", true, "", "");
    row("big_integers_exact", R"({"const":9007199254740993})", "9007199254740992", false, " /const: expected 9007199254740993", "");
    row("integer_spelt_as_float", R"({"type":"integer","enum":[1]})", "1.0", true, "", "");
    row("multiple_of_decimal", R"({"multipleOf":0.0001})", "0.0075", true, "", "");
    row("maximum_beyond_int64", R"({"maximum":18446744073709551615})", "18446744073709551616", false, " /maximum: 18446744073709551616 is greater",
        "");
    row("unevaluated_properties", R"({"properties":{"a":true},"allOf":[{"properties":{"b":true}}],"unevaluatedProperties":false})",
        R"({"a":1,"b":2,"c":3})", false, "/c /unevaluatedProperties: unexpected property (unevaluatedProperties is false)", "");
    row("unevaluated_items", R"({"prefixItems":[true],"unevaluatedItems":false})", "[1,2]", false,
        "/1 /unevaluatedItems: item not allowed (unevaluatedItems is false)", "");
    row("contains_bounds", R"({"contains":{"type":"integer"},"minContains":2})", R"([1,"a"])", false,
        " /contains: only 1 items match contains (minContains 2)", "");
    row("dependent_required", R"({"dependentRequired":{"card":["billing"]}})", R"({"card":1})", false,
        " /dependentRequired: missing property \"billing\" (required when \"card\" is present)", "");
    row("property_names", R"({"propertyNames":{"maxLength":3}})", R"({"long_name":1})", false,
        " /propertyNames: property name \"long_name\" does not match propertyNames", "");
    row("false_subschema", R"({"properties":{"gone":false}})", R"({"gone":1})", false, "/gone /properties/gone: the schema is false", "");
    // The root's "$dynamicAnchor" is the outermost in scope: nested nodes are held to the strict
    // root, not to the tree schema a static $ref would reach.
    row("dynamic_ref",
        R"({"$id":"https://example.com/strict","$dynamicAnchor":"node","$ref":"tree","unevaluatedProperties":false,)"
        R"("$defs":{"tree":{"$id":"tree","$dynamicAnchor":"node","properties":{"kids":{"items":{"$dynamicRef":"#node"}}}}}})",
        R"({"kids":[{"kids":[],"extra":1}]})", false,
        "/kids/0/extra /$ref/properties/kids/items/$dynamicRef/unevaluatedProperties: unexpected property", "");
}

void TestSchema::result()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, instance);
    QFETCH(bool, valid);
    QFETCH(QString, violation);
    QFETCH(QString, unsupported);
    const json::Value s = parsed(schema);
    const schema::ValidationResult r = schema::Validator(s).validate(parsed(instance));
    QString got;
    for (const schema::Violation& v : r.violations)
        got += QString::fromStdString(v.pointer + " " + v.keywordLocation + ": " + v.message) + QLatin1Char('\n');
    QCOMPARE(r.valid, valid);
    if (violation.isEmpty())
        QVERIFY2(r.violations.empty() || !valid, qPrintable(got));
    else
        QVERIFY2(got.startsWith(violation), qPrintable(got));
    QStringList names;
    for (const std::string& k : r.unsupportedKeywords())
        names << QString::fromStdString(k);
    QCOMPARE(names.join(QLatin1Char(',')), unsupported);
    for (const schema::Unsupported& u : r.unsupported)
        QVERIFY2(!u.message.empty() && !u.keywordLocation.empty(), u.keyword.c_str());
}

void TestSchema::resultJson()
{
    const json::Value s = parsed(R"({"properties":{"a":{"type":"string"},"b":{"$ref":"other.json"}}})");
    const auto r = schema::Validator(s).validate(parsed(R"({"a":1,"b":2})"));
    QCOMPARE(json::compact(schema::toJson(r)),
             std::string(R"({"valid":false,"violations":[{"path":"/a","message":"expected string, got integer"}],"unsupported":["$ref"]})"));
    QCOMPARE(json::compact(schema::toJson(schema::Validator(s).validate(parsed(R"({"a":"x","b":2})")))),
             std::string(R"({"valid":false,"violations":[],"unsupported":["$ref"]})"));
    // A reference nothing reaches is not in play.
    QCOMPARE(json::compact(schema::toJson(schema::Validator(s).validate(parsed(R"({"a":"x"})")))),
             std::string(R"({"valid":true,"violations":[],"unsupported":[]})"));
    QCOMPARE(json::compact(schema::toJson(schema::Validator(parsed("true")).validate(parsed("1")))),
             std::string(R"({"valid":true,"violations":[],"unsupported":[]})"));
}

void TestSchema::validatorIsReusable()
{
    // One prepared schema, many instances: each result stands alone.
    const json::Value s = parsed(R"({"type":"object","required":["n"],"properties":{"n":{"type":"integer","minimum":1}}})");
    const schema::Validator v(s);
    QVERIFY(v.validate(parsed(R"({"n":2})")).valid);
    QCOMPARE(v.validate(parsed(R"({"n":0})")).violations.size(), std::size_t(1));
    QCOMPARE(v.validate(parsed(R"({})")).violations.at(0).message, std::string("missing required property \"n\""));
    QVERIFY(v.validate(parsed(R"({"n":3})")).valid);
}

void TestSchema::patterns_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matches");
    auto row = [](const char* name, const char* p, const char* t, bool m) {
        QTest::newRow(name) << QString::fromUtf8(p) << QString::fromUtf8(t) << m;
    };
    row("unanchored", "b", "abc", true);
    row("dollar_is_end_of_input", "^abc$", "abc\n", false);
    row("dot_excludes_line_terminators", "^.$", "\n", false);
    row("dot_is_a_code_point", "^.$", "\xF0\x9F\x98\x80", true); // U+1F600, two UTF-16 units
    row("s_is_unicode_space", "^\\s$", "\xC2\xA0", true); // U+00A0
    row("d_is_ascii", "^\\d$", "\xD9\xA3", false); // U+0663 ARABIC-INDIC DIGIT THREE
    row("w_is_ascii", "^\\w$", "\xC3\xA9", false);
    row("u_escape", "^\\u00e9$", "\xC3\xA9", true);
    row("surrogate_pair_escape", "^\\uD83D\\uDE00$", "\xF0\x9F\x98\x80", true);
    row("any_class", "^[^]$", "\n", true);
    row("empty_class", "[]", "a", false);
    row("bracket_in_class", "^[[a]+$", "[a[", true);
    row("unicode_property_long_name", "^\\p{Letter}+$", "\xCF\x80", true);
    row("unicode_property_script", "^\\p{Script=Greek}$", "\xCF\x80", true);
    row("escaped_slash", "^a\\/b$", "a/b", true);
}

void TestSchema::patterns()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, matches);
    const std::string p = pattern.toStdString();
    const QRegularExpression* re = schema::compiledPattern(p);
    QVERIFY2(re, schema::ecmaToPcre(p).c_str());
    QCOMPARE(schema::searchMatches(*re, text.toStdString()), matches);
}

void TestSchema::uriResolution_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("ref");
    QTest::addColumn<QString>("resolved");
    auto row = [](const char* name, const char* b, const char* r, const char* out) {
        QTest::newRow(name) << QString::fromUtf8(b) << QString::fromUtf8(r) << QString::fromUtf8(out);
    };
    // RFC 3986 5.4's examples, and the shapes schema identifiers take.
    const char* rfc = "http://a/b/c/d;p?q";
    row("rfc_sibling", rfc, "g", "http://a/b/c/g");
    row("rfc_dot_slash", rfc, "./g", "http://a/b/c/g");
    row("rfc_directory", rfc, "g/", "http://a/b/c/g/");
    row("rfc_absolute_path", rfc, "/g", "http://a/g");
    row("rfc_network_path", rfc, "//g", "http://g");
    row("rfc_query", rfc, "?y", "http://a/b/c/d;p?y");
    row("rfc_fragment", rfc, "#s", "http://a/b/c/d;p?q#s");
    row("rfc_empty", rfc, "", "http://a/b/c/d;p?q");
    row("rfc_parent", rfc, "../g", "http://a/b/g");
    row("rfc_above_root", rfc, "../../../g", "http://a/g");
    row("rfc_other_scheme", rfc, "g:h", "g:h");
    row("urn_fragment", "urn:uuid:deadbeef-1234", "#/$defs/a", "urn:uuid:deadbeef-1234#/$defs/a");
    row("file_uri", "file:///folder/file.json", "other.json", "file:///folder/other.json");
    row("trailing_slash_base", "http://localhost:1234/draft2020-12/", "node", "http://localhost:1234/draft2020-12/node");
}

void TestSchema::uriResolution()
{
    QFETCH(QString, base);
    QFETCH(QString, ref);
    QFETCH(QString, resolved);
    QCOMPARE(QString::fromStdString(schema::uri::resolve(base.toStdString(), ref.toStdString())), resolved);
}

void TestSchema::decimals_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<int>("order"); // sign of compare(a, b)
    QTest::addColumn<bool>("multiple"); // a is a multiple of b
    auto row = [](const char* name, const char* a, const char* b, int order, bool multiple) {
        QTest::newRow(name) << QByteArray(a) << QByteArray(b) << order << multiple;
    };
    row("equal_spellings", "1.0", "1", 0, true);
    row("exponent_spellings", "1e2", "100.000", 0, true);
    row("zero_signs", "-0.0", "0", 0, false); // a divisor must be positive
    row("negative_order", "-2", "-1.5", -1, false);
    row("beyond_double_precision", "9007199254740993", "9007199254740992", 1, false);
    row("small_fraction", "0.0075", "0.0001", 1, true);
    row("float_not_multiple", "0.00751", "0.0001", 1, false);
    row("big_quotient_not_integer", "1e308", "0.123456789", 1, false);
    row("integer_of_tiny_divisor", "12391239123", "1e-8", 1, true);
    row("huge_exponent", "1e5000", "3", 1, false);
    row("huge_exponent_multiple", "1e5000", "2.5", 1, true);
    row("not_multiple_same_exponent", "1.5", "0.2", 1, false);
    row("not_multiple_smaller_exponent", "0.05", "0.1", -1, false);
}

void TestSchema::decimals()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(int, order);
    QFETCH(bool, multiple);
    const schema::Decimal x = schema::Decimal::parse(a.toStdString()), y = schema::Decimal::parse(b.toStdString());
    QCOMPARE(schema::compare(x, y), order);
    QCOMPARE(schema::compare(y, x), -order);
    QCOMPARE(schema::isMultipleOf(x, y), multiple);
}

QTEST_GUILESS_MAIN(TestSchema)
#include "tst_schema.moc"

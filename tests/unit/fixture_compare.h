#pragma once
// The comparison rules of the recorded-fixture expectations (../shared/fixtures/*expected.json),
// shared by tst_fixtures and tst_bedrock_reply: calls (name, undecodable, arguments or
// raw_arguments, id never invented), finish, text, raw_finish, refusal, whether an error came.
// Reports through QTest; the caller checks QTest::currentTestFailed() afterwards.

#include "json/json.h"
#include "wire/reply.h"

#include <QTest>

#include <string>

inline std::string show(const tw::json::Value& v) { return tw::json::compact(v); }

inline void compareWithExpected(const tw::wire::Reply& r, const tw::json::Value& want)
{
    using tw::json::Value;
    const auto calls = want["calls"].items();
    QCOMPARE(r.calls.size(), calls.size());
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const Value& c = calls[i];
        const tw::model::ToolCall& got = r.calls[i];
        QCOMPARE(got.name, std::string(c["name"].str()));
        QCOMPARE(got.argumentsUndecodable, c["undecodable"].toBool());
        if (!got.argumentsUndecodable)
            QVERIFY2(got.arguments == c["arguments"], (show(got.arguments) + " != " + show(c["arguments"])).c_str());
        else
            QVERIFY2(got.rawArguments == c["raw_arguments"], show(got.rawArguments).c_str());
        if (c["id"].isNull())
            QVERIFY2(!got.id, "nothing invents ids");
        else
            QCOMPARE(got.id.value_or(std::string()), std::string(c["id"].str()));
    }
    QCOMPARE(std::string(tw::wire::finishName(r.finish)), std::string(want["finish"].str()));
    QVERIFY2((r.text ? Value(*r.text) : Value()) == want["text"], r.text.value_or("(null)").c_str());
    QVERIFY((r.rawFinish ? Value(*r.rawFinish) : Value()) == want["raw_finish"]);
    QVERIFY((r.refusal ? Value(*r.refusal) : Value()) == want["refusal"]);
    QCOMPARE(r.error.has_value(), !want["error"].isNull());
}

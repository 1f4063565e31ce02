// The recorded provider responses of the shared fixture set (../shared/fixtures, third-party
// recordings kept outside the repository) through the extractor in-process: one row per
// item of expected.json. check.py runs the same set against the built binary (CTest
// fixtures_extract); this test points at the core function when one fails. Skipped when
// the shared folder is not there.

#include "json/json.h"
#include "model/toolcall.h"
#include "wire/reply.h"

#include <QFile>
#include <QTest>

using tw::json::Value;

namespace {

const QString kFixtures = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures");

QByteArray readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

std::string show(const Value& v) { return tw::json::compact(v); }

} // namespace

class TestFixtures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void extract_data();
    void extract();
};

void TestFixtures::extract_data()
{
    QTest::addColumn<QByteArray>("item");
    const QByteArray bytes = readFile(kFixtures + QStringLiteral("/expected.json"));
    if (bytes.isEmpty()) {
        QTest::newRow("fixtures-absent") << QByteArray();
        return;
    }
    auto doc = tw::json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY2(doc.ok(), "expected.json does not parse");
    for (const Value& item : (*doc)["items"].items()) {
        const std::string text = tw::json::compact(item);
        QTest::newRow(std::string(item["file"].str()).c_str()) << QByteArray(text.data(), qsizetype(text.size()));
    }
}

void TestFixtures::extract()
{
    QFETCH(QByteArray, item);
    if (item.isEmpty())
        QSKIP("the shared fixtures (" TOOLWIRE_SHARED_DIR "/fixtures) are not there; nothing to check");
    const Value want = *tw::json::parse(std::string_view(item.constData(), std::size_t(item.size())));
    const QString path = kFixtures + QLatin1Char('/') + QString::fromUtf8(want["file"].str().data(), qsizetype(want["file"].str().size()));
    const QByteArray payload = readFile(path);
    QVERIFY2(!payload.isEmpty(), qPrintable(path));

    const auto w = tw::wire::fromName(want["wire"].str());
    QVERIFY(w);
    const tw::wire::Reply r = tw::wire::readReply(std::string_view(payload.constData(), std::size_t(payload.size())), w);

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
    const Value serverTools(r.serverTools);
    QVERIFY2(serverTools == want["server_tools"], show(serverTools).c_str());
}

QTEST_GUILESS_MAIN(TestFixtures)
#include "tst_fixtures.moc"

// The recorded provider responses of the shared fixture set (../shared/fixtures, third-party
// recordings kept outside the repository) through the extractor in-process: one row per
// item of expected.json. check.py runs the same set against the built binary (CTest
// fixtures_extract); this test points at the core function when one fails. Skipped when
// the shared folder is not there.

#include "fixture_compare.h"
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

    compareWithExpected(r, want);
    if (QTest::currentTestFailed())
        return;
    const Value serverTools(r.serverTools);
    QVERIFY2(serverTools == want["server_tools"], show(serverTools).c_str());
}

QTEST_GUILESS_MAIN(TestFixtures)
#include "tst_fixtures.moc"

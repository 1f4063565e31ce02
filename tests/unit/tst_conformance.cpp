// The conformance corpus (tests/data/conformance, copied from the project's corpus) as a
// data-driven test: one row per case id. 100% must pass.

#include "conformance/compare.h"
#include "json/json.h"

#include <QDir>
#include <QFile>
#include <QTest>

using tw::json::Value;

class TestConformance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void corpus_data();
    void corpus();
};

void TestConformance::corpus_data()
{
    QTest::addColumn<QByteArray>("kase");
    const QDir dir(QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/conformance"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    int n = 0;
    for (const QString& name : files) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        auto doc = tw::json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY2(doc.ok(), qPrintable(name));
        for (const Value& c : (*doc)["cases"].items()) {
            const std::string id(c["id"].str());
            const std::string text = tw::json::compact(c);
            QTest::newRow(id.c_str()) << QByteArray(text.data(), qsizetype(text.size()));
            ++n;
        }
    }
    QVERIFY(n >= 900);
}

void TestConformance::corpus()
{
    QFETCH(QByteArray, kase);
    auto c = tw::json::parse(std::string_view(kase.constData(), std::size_t(kase.size())));
    QVERIFY(c.ok());
    const auto outcome = tw::conformance::runCase(*c);
    if (!outcome.passed) {
        const std::string msg = "at " + (outcome.mismatch->path.empty() ? std::string("/") : outcome.mismatch->path) + ": expected " +
            tw::json::compact(outcome.mismatch->expected) + ", got " + tw::json::compact(outcome.mismatch->actual);
        QFAIL(msg.c_str());
    }
}

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"

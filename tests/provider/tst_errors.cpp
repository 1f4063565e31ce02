// Provider error bodies: the recorded ones in ../shared/fixtures/errors (read from there,
// never copied), plus shapes written here.

#include "json/json.h"
#include "provider/errors.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace tw;

namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
std::string_view view(const QByteArray& b) { return {b.constData(), std::size_t(b.size())}; }
} // namespace

class TestErrors : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recorded_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("expected");
        const QString dir = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures/errors");
        const QByteArray manifest = readAll(dir + QStringLiteral("/expected.json"));
        if (manifest.isEmpty())
            QSKIP("../shared/fixtures/errors is absent: the recorded error bodies are not part of this repository");
        auto doc = json::parse(view(manifest));
        QVERIFY(doc.ok());
        for (const json::Value& item : (*doc)["items"].items()) {
            const std::string file(item["file"].str());
            QTest::newRow(file.c_str()) << dir + QLatin1Char('/') + QString::fromStdString(file) << QByteArray::fromStdString(json::compact(item));
        }
    }
    void recorded()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, expected);
        auto exp = *json::parse(view(expected));
        const QByteArray body = readAll(file);
        QVERIFY(!body.isEmpty());
        auto e = provider::parseProviderError(int(*exp["http_status"].toInt()), view(body));
        QVERIFY(e.has_value());
        QVERIFY2(e->type == exp["type"], json::compact(e->type).c_str());
        QVERIFY2(e->code == exp["code"], json::compact(e->code).c_str());
        QCOMPARE(QString::fromStdString(e->message), QString::fromStdString(std::string(exp["message"].str())));
        for (const char* extra : {"param", "request_id", "failed_generation", "metadata", "retry_delay"}) {
            if (!exp.contains(extra))
                continue;
            const json::Value out = provider::toJson(*e);
            const json::Value got = out.contains(extra) ? out[extra] : json::Value();
            QVERIFY2(got == exp[extra], extra);
        }
    }
    void ownShapes()
    {
        auto a = provider::parseProviderError(404, "{\"error\":\"model llama9 not found, try pulling it first\"}");
        QVERIFY(a && a->message.find("llama9") != std::string::npos);
        QVERIFY(!provider::parseProviderError(500, "<html>Bad gateway</html>"));
        QVERIFY(!provider::parseProviderError(200, R"({"choices":[]})"));
    }
};

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"

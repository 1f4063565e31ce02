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
    // Bedrock (AWS restJson): the body holds only the message; the type and the request id
    // are response headers, which the manifest records (x_amzn_errortype, request_id).
    void recordedWithHeaders_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("expected");
        const QString dir = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures/errors");
        const QByteArray manifest = readAll(dir + QStringLiteral("/bedrock-expected.json"));
        if (manifest.isEmpty())
            QSKIP("../shared/fixtures/errors/bedrock-expected.json is absent: the recorded error bodies are not part of this repository");
        auto doc = json::parse(view(manifest));
        QVERIFY(doc.ok());
        QVERIFY((*doc)["items"].size() > 0);
        for (const json::Value& item : (*doc)["items"].items()) {
            const std::string file(item["file"].str());
            QTest::newRow(file.c_str()) << dir + QLatin1Char('/') + QString::fromStdString(file) << QByteArray::fromStdString(json::compact(item));
        }
    }
    void recordedWithHeaders()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, expected);
        auto exp = *json::parse(view(expected));
        const QByteArray body = readAll(file);
        QVERIFY(!body.isEmpty());
        net::HeaderList headers{{"Content-Type", "application/json"}};
        if (exp["x_amzn_errortype"].isString())
            headers.append({"x-amzn-ErrorType", QByteArray::fromStdString(std::string(exp["x_amzn_errortype"].str()))});
        if (exp["request_id"].isString())
            headers.append({"x-amzn-RequestId", QByteArray::fromStdString(std::string(exp["request_id"].str()))});
        auto e = provider::parseProviderError(int(*exp["http_status"].toInt()), view(body), headers);
        QVERIFY(e.has_value());
        QVERIFY2(e->type == exp["type"], json::compact(e->type).c_str());
        QVERIFY2(e->code == exp["code"], json::compact(e->code).c_str());
        QCOMPARE(QString::fromStdString(e->message), QString::fromStdString(std::string(exp["message"].str())));
        if (exp.contains("request_id"))
            QVERIFY2(provider::toJson(*e)["request_id"] == exp["request_id"], json::compact(provider::toJson(*e)).c_str());
        // Without the headers the body alone still gives the message (and no type).
        auto bare = provider::parseProviderError(int(*exp["http_status"].toInt()), view(body));
        QVERIFY(bare && bare->type.isNull());
        QCOMPARE(QString::fromStdString(bare->message), QString::fromStdString(std::string(exp["message"].str())));
    }

    void errorTypeHeader_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("headerName");
        QTest::addColumn<QByteArray>("headerValue");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("message");
        QTest::newRow("header_with_namespace_url") << QByteArray(R"({"message":"bad model"})") << QByteArray("x-amzn-ErrorType")
                                                   << QByteArray("ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/")
                                                   << "ValidationException"
                                                   << "bad model";
        QTest::newRow("header_with_shape_id") << QByteArray(R"({"message":"slow down"})") << QByteArray("X-Amzn-Errortype")
                                              << QByteArray("aws.protocoltests.restjson#ThrottlingException:http://x/") << "ThrottlingException"
                                              << "slow down";
        QTest::newRow("capital_Message") << QByteArray(R"({"Message":"Unexpected value type in payload"})") << QByteArray("x-amzn-ErrorType")
                                         << QByteArray("ValidationException") << "ValidationException"
                                         << "Unexpected value type in payload";
        // (Not a raw string: moc takes a '#' inside one for a directive.)
        QTest::newRow("body___type") << QByteArray("{\"__type\":\"com.amazon.coral#AccessDeniedException\",\"message\":\"no access\"}")
                                     << QByteArray() << QByteArray() << "AccessDeniedException"
                                     << "no access";
        QTest::newRow("body_code") << QByteArray(R"({"code":"ModelNotReadyException","message":"warming up"})") << QByteArray() << QByteArray()
                                   << "ModelNotReadyException"
                                   << "warming up";
        QTest::newRow("header_beats_body_code") << QByteArray(R"({"code":"Other","message":"m"})") << QByteArray("x-amzn-errortype")
                                                << QByteArray("InternalServerException") << "InternalServerException"
                                                << "m";
        QTest::newRow("header_and_no_json_body") << QByteArray("<html>Service Unavailable</html>") << QByteArray("x-amzn-ErrorType")
                                                 << QByteArray("ServiceUnavailableException:") << "ServiceUnavailableException"
                                                 << "";
        QTest::newRow("header_and_empty_body") << QByteArray() << QByteArray("x-amzn-ErrorType") << QByteArray("AccessDeniedException")
                                               << "AccessDeniedException"
                                               << "";
        // The other wires' bodies name their own type; a stray header does not replace it.
        QTest::newRow("body_type_kept") << QByteArray(R"({"error":{"type":"invalid_request_error","message":"x"}})") << QByteArray("x-amzn-ErrorType")
                                        << QByteArray("ValidationException") << "invalid_request_error"
                                        << "x";
    }
    void errorTypeHeader()
    {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, headerName);
        QFETCH(QByteArray, headerValue);
        QFETCH(QString, type);
        QFETCH(QString, message);
        net::HeaderList headers{{"Content-Type", "application/json"}};
        if (!headerName.isEmpty())
            headers.append({headerName, headerValue});
        auto e = provider::parseProviderError(400, view(body), headers);
        QVERIFY(e.has_value());
        QCOMPARE(QString::fromUtf8(e->type.str()), type);
        QVERIFY(e->type.isString());
        QCOMPARE(QString::fromStdString(e->message), message);
        QCOMPARE(e->httpStatus, 400);
    }

    void awsErrorTypeNames()
    {
        QCOMPARE(provider::awsErrorTypeName("ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/"),
                 std::string("ValidationException"));
        QCOMPARE(provider::awsErrorTypeName("aws.ns#FooError"), std::string("FooError"));
        QCOMPARE(provider::awsErrorTypeName("aws.ns#FooError:http://a#b"), std::string("FooError"));
        QCOMPARE(provider::awsErrorTypeName(" ThrottlingException "), std::string("ThrottlingException"));
        QCOMPARE(provider::awsErrorTypeName(""), std::string());
    }

    void ownShapes()
    {
        auto a = provider::parseProviderError(404, "{\"error\":\"model llama9 not found, try pulling it first\"}");
        QVERIFY(a && a->message.find("llama9") != std::string::npos);
        QVERIFY(!provider::parseProviderError(500, "<html>Bad gateway</html>"));
        QVERIFY(!provider::parseProviderError(200, R"({"choices":[]})"));
        // Headers that say nothing about an error change nothing.
        QVERIFY(!provider::parseProviderError(500, "<html>Bad gateway</html>", {{"x-amzn-RequestId", "r-1"}}));
    }
};

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"

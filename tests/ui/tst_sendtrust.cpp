// Issue 15, finding 1, in the window: Send on a project whose own profile would send a key
// to an origin the user has not allowed asks first (naming the variable and the origin) and
// sends nothing until answered; Allow once sends this time only; Always for this project is
// remembered outside the project; the Request dock shows where the key goes (origin and
// variable, never the value) and whether that is trusted, and Forget revokes. The project is
// hand-written; the provider is a loopback server the test starts.

#include "controllers/requestactions.h"
#include "controllers/sendcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "json/json.h"
#include "net/httpserver.h"
#include "projectdocument.h"
#include "provider/trust.h"
#include "services.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const QByteArray kKey = "sk-window-trust-0123456789abcdef";
constexpr const char* kVar = "TW_WINDOW_TRUST_KEY";

// A hand-written stranger's project: its own profile sends kVar to `baseUrl`.
std::string strangerProject(const std::string& baseUrl)
{
    const Value auth{{"scheme", "bearer"}, {"env", Value(std::vector<Value>{Value(kVar)})}};
    const Value profile{{"id", "echo"}, {"wire", "openai"}, {"base_url", baseUrl + "/v1"}, {"path", "/chat/completions"}, {"auth", auth}};
    const Value preset{
        {"name", "echo"}, {"profile", "echo"}, {"model", "m"}, {"messages", Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}})}};
    return json::pretty(Value{{"format", 2},
                              {"name", "stranger"},
                              {"tools", Value::array()},
                              {"profiles", Value(std::vector<Value>{profile})},
                              {"presets", Value(std::vector<Value>{preset})}}) +
        "\n";
}

} // namespace

class TestSendTrust : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("TOOLWIRE_TRUST_FILE", m_dir.filePath(QStringLiteral("trust.json")).toUtf8());
        qputenv(kVar, kKey);
    }

    void sendAsksBeforeTheKeyGoes()
    {
        int requests = 0;
        QByteArray auth;
        net::HttpServer server([&](const net::HttpRequest& q, net::HttpResponder* out) {
            ++requests;
            auth = q.header("Authorization");
            const Value reply{{"id", "c"},
                              {"object", "chat.completion"},
                              {"choices",
                               Value(std::vector<Value>{
                                   Value{{"index", 0}, {"message", Value{{"role", "assistant"}, {"content", "ok"}}}, {"finish_reason", "stop"}}})}};
            out->send(200, "application/json", QByteArray::fromStdString(json::compact(reply)));
        });
        QVERIFY(server.listen());
        const QString path = m_dir.filePath(QStringLiteral("stranger.toolwire"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray::fromStdString(strangerProject(server.baseUrl().toStdString())));
        }

        ui::ServiceHost host;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(path).ok());
        QWidget window;
        ui::ToolEditingController tools(&doc);
        ui::WirePreviewController preview(&doc, &tools, host.services());
        auto* presets = new ui::PresetEditor(&doc, host.services().keys, nullptr, &window);
        auto* response = new ui::ResponseView(&doc, &window);
        ui::SendController sender(&doc, host.services());
        ui::RequestActions actions(&sender, &preview, presets, response, &window);
        std::vector<provider::KeyDestination> asked;
        ui::RequestActions::Consent answer = ui::RequestActions::Consent::Cancel;
        actions.setConsentAsker([&](const provider::KeyDestination& d) {
            asked.push_back(d);
            return answer;
        });
        QLabel* where = presets->keySourceLabel();
        const QString origin = QString::fromLatin1(server.baseUrl());

        // The dock says where the key goes, and that it is not trusted yet; never the key.
        QTRY_VERIFY(where->text().contains(QString::fromLatin1(kVar)));
        QVERIFY(where->text().contains(origin));
        QVERIFY(where->text().contains(QStringLiteral("not trusted")));
        QVERIFY(!where->text().contains(QString::fromLatin1(kKey)));
        QVERIFY(!presets->forgetConsentButton()->isVisibleTo(presets));

        // Cancel: asked once, nothing sent.
        int finished = 0;
        connect(&sender, &ui::SendController::finished, this, [&] { ++finished; });
        actions.sendAction()->trigger();
        QTRY_COMPARE(asked.size(), std::size_t(1));
        QCOMPARE(asked[0].sourceText(), std::string(kVar));
        QCOMPARE(asked[0].origin, origin.toStdString());
        QCOMPARE(asked[0].project, provider::canonicalProjectPath(path));
        QCOMPARE(requests, 0);
        QVERIFY(actions.sendAction()->isEnabled());

        // Allow once: sent with the key, and asked again next time.
        answer = ui::RequestActions::Consent::Once;
        actions.sendAction()->trigger();
        QTRY_COMPARE(finished, 1);
        QCOMPARE(requests, 1);
        QCOMPARE(auth, "Bearer " + kKey);
        QCOMPARE(asked.size(), std::size_t(2));
        answer = ui::RequestActions::Consent::Cancel;
        actions.sendAction()->trigger();
        QTRY_COMPARE(asked.size(), std::size_t(3));
        QCOMPARE(requests, 1);

        // Always for this project: remembered, shown, and no question the next time.
        answer = ui::RequestActions::Consent::Always;
        actions.sendAction()->trigger();
        QTRY_COMPARE(finished, 2);
        QCOMPARE(asked.size(), std::size_t(4));
        QTRY_VERIFY(where->text().contains(QStringLiteral("allowed for this project")));
        QVERIFY(presets->forgetConsentButton()->isVisibleTo(presets));
        actions.sendAction()->trigger();
        QTRY_COMPARE(finished, 3);
        QCOMPARE(asked.size(), std::size_t(4));
        QCOMPARE(requests, 3);

        // Forget: asked again.
        presets->forgetConsentButton()->click();
        QTRY_VERIFY(where->text().contains(QStringLiteral("not trusted")));
        answer = ui::RequestActions::Consent::Cancel;
        actions.sendAction()->trigger();
        QTRY_COMPARE(asked.size(), std::size_t(5));
        QCOMPARE(requests, 3);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSendTrust)
#include "tst_sendtrust.moc"

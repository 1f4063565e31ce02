// Issue 15, "a project from a stranger never runs a command without asking", in the window:
// a stdio target that is one of the project's mcp_servers commands starts only after the
// user answers (Allow once, Always for this project, Cancel); Always is remembered in the
// consent store outside the project and an edit of the server asks again; a command the
// user typed that the project does not hold is the user's own and starts without a word.
// The dialog itself is answered offscreen. The projects are hand-written.

#include "controllers/mcptransport.h"
#include "json/json.h"
#include "project/project.h"
#include "provider/trust.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tw;
using json::Value;

namespace {

// Hand-written: a stranger's project with one stdio server and one HTTP server.
project::Project strangerProject(const std::string& script = "server.js")
{
    project::Project p;
    const Value stdio{{"name", "files"}, {"command", "node"}, {"args", Value(std::vector<Value>{Value(script)})}};
    const Value http{{"name", "search"}, {"url", "http://127.0.0.1:9/mcp"}};
    p.mcpServers = Value(std::vector<Value>{stdio, http});
    return p;
}

} // namespace

class TestCommandTrust : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_project;
    int m_asked = 0;
    ui::CommandConsent m_answer = ui::CommandConsent::Cancel;
    std::string m_askedCommand;

    void answerWith(ui::CommandConsent answer)
    {
        m_answer = answer;
        ui::setCommandConsentAsker([this](const provider::ProjectCommand& c) {
            ++m_asked;
            m_askedCommand = c.commandLine;
            return m_answer;
        });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("TOOLWIRE_TRUST_FILE", m_dir.filePath(QStringLiteral("trust.json")).toUtf8());
        m_project = m_dir.filePath(QStringLiteral("stranger.toolwire"));
        QFile f(m_project);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{}\n"); // only its path matters here: the consent is keyed by it
    }

    void init()
    {
        QFile::remove(m_dir.filePath(QStringLiteral("trust.json")));
        m_asked = 0;
        m_askedCommand.clear();
    }

    void cleanupTestCase() { ui::setCommandConsentAsker({}); }

    void cancelRefusesNamingTheFlag()
    {
        answerWith(ui::CommandConsent::Cancel);
        const auto r = ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js"));
        QVERIFY(!r);
        QCOMPARE(r.error().category, std::string("untrusted_command"));
        QVERIFY2(r.error().message.find("--trust-project") != std::string::npos, r.error().message.c_str());
        QVERIFY2(r.error().message.find("node server.js") != std::string::npos, r.error().message.c_str());
        QCOMPARE(m_asked, 1);
        QCOMPARE(m_askedCommand, std::string("node server.js"));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("trust.json"))));
    }

    void allowOnceIsNotRemembered()
    {
        answerWith(ui::CommandConsent::Once);
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js")).ok());
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js")).ok());
        QCOMPARE(m_asked, 2); // asked each time
    }

    void alwaysIsRememberedUntilAnEdit()
    {
        answerWith(ui::CommandConsent::Always);
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js")).ok());
        QCOMPARE(m_asked, 1);
        const auto stored = provider::ConsentStore().list();
        QVERIFY(stored);
        QCOMPARE(stored->size(), std::size_t(1));
        QCOMPARE(stored->front().kind, std::string("command"));
        QCOMPARE(stored->front().subject, std::string("files"));
        answerWith(ui::CommandConsent::Cancel);
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js")).ok());
        QCOMPARE(m_asked, 1); // remembered: not asked again
        // An edit of the server's configuration asks again (and Cancel refuses).
        QVERIFY(!ui::confirmProjectCommand(strangerProject("other.js"), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node other.js")));
        QCOMPARE(m_asked, 2);
    }

    void usersOwnCommandIsNotAsked()
    {
        answerWith(ui::CommandConsent::Cancel);
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node mine.js")).ok());
        // An HTTP endpoint runs nothing here.
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Http, QStringLiteral("http://127.0.0.1:9/mcp")).ok());
        QCOMPARE(m_asked, 0);
    }

    void theDialogAsksInPlainWords()
    {
        ui::setCommandConsentAsker({}); // the real dialog, answered offscreen
        QString shown;
        bool enabledAlways = false;
        QTimer::singleShot(0, this, [&] {
            for (QWidget* w : QApplication::topLevelWidgets()) {
                auto* box = qobject_cast<QMessageBox*>(w);
                if (!box || !box->isVisible())
                    continue;
                shown = box->text() + QLatin1Char('\n') + box->informativeText();
                for (QAbstractButton* b : box->buttons()) {
                    if (b->text() == QLatin1String("Always for this project"))
                        enabledAlways = b->isEnabled();
                }
                for (QAbstractButton* b : box->buttons())
                    if (b->text() == QLatin1String("Allow once"))
                        b->click();
            }
        });
        QVERIFY(ui::confirmProjectCommand(strangerProject(), m_project, ui::McpTransportKind::Stdio, QStringLiteral("node server.js")).ok());
        QVERIFY2(shown.contains(QLatin1String("Run node server.js?")), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("\"files\"")), qPrintable(shown));
        QVERIFY(enabledAlways);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("trust.json")))); // once: not remembered
    }
};

QTEST_MAIN(TestCommandTrust)
#include "tst_commandtrust.moc"

// File › Import and Export in the window, offscreen: every format the core importer reads is
// detected and named (the inputs of tests/data/import and a real request body from
// ../shared/fixtures, read in place); the preview lists tools, presets and MCP servers and
// the name conflicts with a choice each; an import is one undo step; a file dropped on the
// window opens the preview; errors name the input and the place; exports never hold a key.

#include "application.h"
#include "controllers/importactions.h"
#include "controllers/importcontroller.h"
#include "dialogs/exportdialog.h"
#include "dialogs/importdialog.h"
#include "json/json.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "services.h"
#include "util/strings.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"
#include "wire/registry.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

using namespace tw;
using Resolution = ui::ImportController::Resolution;

namespace {

QString dataFile(const char* name) { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/import/") + QString::fromLatin1(name); }

QByteArray bytesOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Hand-written: a tool list with one name the example has (a different definition) and one new.
const QByteArray kClashing =
    "{\"tools\": [{\"name\": \"get_weather\", \"description\": \"Imported weather.\", \"inputSchema\": {\"type\": \"object\"}},"
    " {\"name\": \"ping\", \"description\": \"Ping a host.\", \"inputSchema\": {\"type\": \"object\"}}]}";

QStringList topLevelTexts(const QTreeWidget* t)
{
    QStringList out;
    for (int i = 0; i < t->topLevelItemCount(); ++i)
        out << t->topLevelItem(i)->text(0);
    return out;
}

} // namespace

class TestImportUi : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void detectsEveryFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("wire"); // the request's wire tag, "" when none
        QTest::addColumn<QString>("format"); // what the label says besides the wire
        QTest::addColumn<int>("tools");
        QTest::addColumn<int>("presets");
        QTest::addColumn<int>("servers");
        QTest::newRow("request_body/openai") << dataFile("openai-body.json") << "openai"
                                             << "request body" << 2 << 1 << 0;
        QTest::newRow("request_body/anthropic") << dataFile("anthropic-body.json") << "anthropic"
                                                << "request body" << 1 << 1 << 0;
        QTest::newRow("request_body/gemini") << dataFile("gemini-body.json") << "gemini"
                                             << "request body" << 1 << 1 << 0;
        QTest::newRow("request_body/responses") << dataFile("responses-body.json") << "responses"
                                                << "request body" << 1 << 1 << 0;
        QTest::newRow("request_body/ollama") << dataFile("ollama-body.json") << "ollama"
                                             << "request body" << 1 << 1 << 0;
        QTest::newRow("request_body/bedrock") << dataFile("bedrock-body.json") << "bedrock"
                                              << "request body" << 1 << 1 << 0;
        QTest::newRow("tools_list_result") << dataFile("tools-list-result.json") << ""
                                           << "MCP tools/list result" << -1 << 0 << 0;
        QTest::newRow("tools_object") << dataFile("tools-object.json") << ""
                                      << "Tool list {\"tools\": [...]}" << 1 << 0 << 0;
        QTest::newRow("mcp_servers") << dataFile("claude-desktop-mcp.json") << ""
                                     << "MCP configuration (mcpServers)" << 0 << 0 << -1;
        QTest::newRow("vscode_mcp") << dataFile("vscode-mcp.json") << ""
                                    << "MCP configuration (.vscode/mcp.json servers)" << 0 << 0 << -1;
        QTest::newRow("curl/anthropic") << dataFile("anthropic-request.curl") << "anthropic"
                                        << "curl command line" << -1 << 1 << 0;
        QTest::newRow("postman") << dataFile("postman-collection.json") << ""
                                 << "Postman collection v2.1" << -1 << -1 << 0;
        QTest::newRow("har") << dataFile("capture.har") << ""
                             << "HAR log" << -1 << -1 << 0;
    }
    void detectsEveryFormat()
    {
        QFETCH(QString, file);
        QFETCH(QString, wire);
        QFETCH(QString, format);
        QFETCH(int, tools);
        QFETCH(int, presets);
        QFETCH(int, servers);
        ui::ProjectDocument doc;
        ui::ImportController importer(&doc);
        auto plan = importer.prepareFile(file);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QVERIFY2(plan->format.contains(format), qPrintable(plan->format));
        if (!wire.isEmpty())
            QVERIFY2(plan->format.contains(toQString(wire::findDialect(toStdString(wire))->label)), qPrintable(plan->format));
        const project::Project& p = plan->imported.project;
        if (tools >= 0)
            QCOMPARE(int(p.tools.size()), tools);
        else
            QVERIFY(!p.tools.empty() || !p.presets.empty());
        if (presets >= 0)
            QCOMPARE(int(p.presets.size()), presets);
        const int n = p.mcpServers.isArray() ? int(p.mcpServers.size()) : 0;
        if (servers >= 0)
            QCOMPARE(n, servers);
        else
            QVERIFY(n > 0);
        QVERIFY(plan->conflicts.empty()); // an empty project has no names to clash with
    }

    void realRequestBodyFromTheFixtures()
    {
        const QString path = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures/requests/openai/request-tool-result-roundtrip.json");
        if (!QFile::exists(path))
            QSKIP("../shared/fixtures/requests is not there");
        ui::ProjectDocument doc;
        ui::ImportController importer(&doc);
        auto plan = importer.prepareFile(path);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QCOMPARE(plan->format, ui::ImportController::tr("%1 request body").arg(toQString(wire::findDialect("openai")->label)));
        QCOMPARE(plan->imported.project.presets.size(), std::size_t(1));
        QVERIFY(plan->imported.project.presets.front().messages.size() >= 2); // the conversation came along
        auto applied = importer.apply(*plan);
        QVERIFY(applied.ok());
        QCOMPARE(doc.project().presets.size(), std::size_t(1));
        QCOMPARE(doc.project().presets.front().profile, plan->imported.project.presets.front().profile);
    }

    void conflictsHaveChoicesAndImportIsOneUndoStep_data()
    {
        QTest::addColumn<int>("resolution");
        QTest::addColumn<QString>("description"); // of get_weather afterwards
        QTest::addColumn<bool>("renamed");
        QTest::newRow("replace") << int(Resolution::Replace) << "Imported weather." << false;
        QTest::newRow("keep") << int(Resolution::KeepExisting) << "" << false;
        QTest::newRow("rename") << int(Resolution::Rename) << "" << true;
    }
    void conflictsHaveChoicesAndImportIsOneUndoStep()
    {
        QFETCH(int, resolution);
        QFETCH(QString, description);
        QFETCH(bool, renamed);
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        const project::Project before = doc.project();
        const std::string oldDescription((*before.findTool("get_weather"))["description"].str());
        ui::ImportController importer(&doc);
        auto plan = importer.prepare(kClashing, QStringLiteral("clash.json"));
        QVERIFY(plan.ok());
        QCOMPARE(plan->conflicts.size(), std::size_t(1));
        QCOMPARE(plan->conflicts[0].name, std::string("get_weather"));
        QCOMPARE(plan->conflicts[0].renamed, std::string("get_weather_2"));
        QVERIFY(!plan->conflicts[0].identical);
        plan->conflicts[0].resolution = Resolution(resolution);
        const int steps = doc.undoStack()->count();
        auto line = importer.apply(*plan);
        QVERIFY(line.ok());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY2(doc.undoStack()->undoText().contains(QStringLiteral("clash.json")), qPrintable(doc.undoStack()->undoText()));
        const project::Project& after = doc.project();
        QVERIFY(after.findTool("ping"));
        QCOMPARE(toQString((*after.findTool("get_weather"))["description"].str()), description.isEmpty() ? toQString(oldDescription) : description);
        QCOMPARE(after.findTool("get_weather_2") != nullptr, renamed);
        QCOMPARE(after.tools.size(), before.tools.size() + (renamed ? 2 : 1));
        QCOMPARE(after.presets, before.presets); // a tool list brings no preset
        doc.undoStack()->undo();
        QVERIFY(doc.project() == before);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QVERIFY(doc.project().findTool("ping"));
    }

    void renamedToolIsWhatTheImportedPresetSends()
    {
        // A request body whose tool clashes: imported under a new name, its preset follows.
        ui::ProjectDocument doc;
        ui::ImportController importer(&doc);
        auto first = importer.prepareFile(dataFile("openai-body.json"));
        QVERIFY(first.ok());
        QVERIFY(importer.apply(*first).ok());
        auto second = importer.prepareFile(dataFile("openai-body.json"));
        QVERIFY(second.ok());
        QCOMPARE(second->conflicts.size(), first->imported.project.tools.size());
        std::vector<std::string> renamed;
        for (auto& c : second->conflicts) {
            QVERIFY(c.identical);
            QCOMPARE(c.resolution, Resolution::KeepExisting); // the same definition: nothing to replace
            c.resolution = Resolution::Rename;
            renamed.push_back(c.renamed);
        }
        QVERIFY(importer.apply(*second).ok());
        const project::Project& p = doc.project();
        QCOMPARE(p.presets.size(), std::size_t(2));
        QVERIFY(p.presets[1].name != p.presets[0].name);
        QVERIFY(p.presets[1].tools.has_value());
        QCOMPARE(*p.presets[1].tools, renamed);
        QCOMPARE(p.tools.size(), 2 * renamed.size());
    }

    void errorsNameTheInputAndThePlace()
    {
        ui::ProjectDocument doc;
        ui::ImportController importer(&doc);
        // Hand-written: a tool whose schema is a number.
        auto bad = importer.prepare("{\"tools\": [{\"name\": \"a\", \"description\": \"x\", \"input_schema\": 5}]}", QStringLiteral("bad.json"));
        QVERIFY(!bad.ok());
        const QString said = ui::ImportController::describe(bad.error(), QStringLiteral("bad.json"));
        QVERIFY2(said.contains(QStringLiteral("bad.json")) && said.contains(QStringLiteral("/tools/0")), qPrintable(said));
        QVERIFY(ui::ImportController::looksImportable(bad.error()));
        // Broken JSON: the line and column.
        auto broken = importer.prepare("{\"tools\": [\n{\"name\": \"a\",\n", QStringLiteral("broken.json"));
        QVERIFY(!broken.ok());
        const QString where = ui::ImportController::describe(broken.error(), QStringLiteral("broken.json"));
        QVERIFY2(where.contains(QStringLiteral("broken.json")) && where.contains(QStringLiteral("3")), qPrintable(where));
        // Something else entirely: not for the import preview.
        auto other = importer.prepare("{\"hello\": \"world\"}", QStringLiteral("x.json"));
        QVERIFY(!other.ok());
        QVERIFY(!ui::ImportController::looksImportable(other.error()));
        QVERIFY(!importer.prepare("   \n", QStringLiteral("empty.json")).ok());
    }

    void windowImportsFromMenuClipboardAndDrop()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        ui::ImportActions* actions = w.importActions();
        // The menu has the entries.
        QStringList fileMenu;
        for (QAction* a : w.menuBar()->actions().first()->menu()->actions())
            fileMenu << a->text();
        QVERIFY(fileMenu.contains(actions->importAction()->text()));
        QVERIFY(fileMenu.contains(actions->importClipboardAction()->text()));
        QVERIFY(fileMenu.contains(actions->exportAction()->text()));
        QVERIFY(!actions->importAction()->shortcut().isEmpty());

        // A request body from a file: previewed, then imported as one step.
        const std::size_t presets = doc.project().presets.size();
        ui::ImportDialog* d = actions->importFile(dataFile("anthropic-body.json"));
        QVERIFY(d->isVisible());
        QVERIFY2(d->headline().contains(toQString(wire::findDialect("anthropic")->label)), qPrintable(d->headline()));
        const QStringList sections = topLevelTexts(d->contents());
        QVERIFY2(sections.filter(QStringLiteral("Tools")).size() == 1 && sections.filter(QStringLiteral("Presets")).size() == 1,
                 qPrintable(sections.join(QStringLiteral(" | "))));
        QVERIFY(d->importButton()->isEnabled());
        QTest::mouseClick(d->importButton(), Qt::LeftButton);
        QVERIFY(!d->isVisible());
        QCOMPARE(doc.project().presets.size(), presets + 1);
        QCOMPARE(w.presetEditor()->currentPreset() >= 0, true);

        // The clipboard, with a name conflict chosen in the dialog.
        QApplication::clipboard()->setText(QString::fromUtf8(kClashing));
        d = actions->importClipboard();
        QVERIFY(d->plan().has_value());
        QCOMPARE(d->plan()->conflicts.size(), std::size_t(1));
        d->setResolution("get_weather", Resolution::Rename);
        QVERIFY(d->importNow());
        QVERIFY(doc.project().findTool("get_weather_2"));
        QVERIFY(doc.project().findTool("ping"));
        doc.undoStack()->undo();
        QVERIFY(!doc.project().findTool("ping"));

        // A dropped tool list opens the preview; a dropped response still goes to the inspector.
        QTemporaryDir dir;
        const QString tools = dir.filePath(QStringLiteral("dropped-tools.json"));
        QFile f(tools);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kClashing);
        f.close();
        d->hide();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(tools)});
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        static_cast<QObject&>(w).event(&drop); // as a drag from another application ends
        QVERIFY2(d->isVisible(), qPrintable(w.responseView()->summary() + QStringLiteral(" / ") + d->errorText()));
        QVERIFY2(d->headline().contains(QStringLiteral("dropped-tools.json")), qPrintable(d->headline()));
        d->hide();
        const QString reply = dir.filePath(QStringLiteral("reply.json"));
        QFile r(reply);
        QVERIFY(r.open(QIODevice::WriteOnly));
        // Hand-written: a Chat Completions response, not an importable input.
        r.write("{\"id\": \"c\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": "
                "\"hi\"}, \"finish_reason\": \"stop\"}]}");
        r.close();
        QMimeData replyMime;
        replyMime.setUrls({QUrl::fromLocalFile(reply)});
        QDropEvent replyDrop(QPointF(10, 10), Qt::CopyAction, &replyMime, Qt::LeftButton, Qt::NoModifier);
        static_cast<QObject&>(w).event(&replyDrop);
        QVERIFY(!d->isVisible());
        QVERIFY2(w.responseView()->summary().contains(QStringLiteral("reply.json")), qPrintable(w.responseView()->summary()));

        // An input that cannot be imported: the dialog says what and where, nothing to apply.
        d = actions->importBytes("{\"tools\": [{\"name\": \"a\", \"description\": \"x\", \"input_schema\": 5}]}", QStringLiteral("pasted.json"));
        QVERIFY(!d->errorText().isEmpty());
        QVERIFY2(d->errorText().contains(QStringLiteral("/tools/0")), qPrintable(d->errorText()));
        QVERIFY(!d->importButton()->isEnabled());
    }

    void exportsEveryFormatWithoutTheKey_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("contains");
        QTest::newRow("curl") << "curl"
                              << "curl";
        QTest::newRow("python") << "python"
                                << "requests";
        QTest::newRow("js") << "js"
                            << "fetch(";
        QTest::newRow("postman") << "postman"
                                 << "schema.getpostman.com";
        QTest::newRow("json") << "json"
                              << "\"body\"";
        QTest::newRow("tools") << "tools"
                               << "get_weather";
    }
    void exportsEveryFormatWithoutTheKey()
    {
        QFETCH(QString, format);
        QFETCH(QString, contains);
        const QByteArray key = "sk-export-ui-secret-0123456789";
        qputenv("OPENAI_API_KEY", key);
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        ui::ExportDialog d(&doc, 0);
        d.setFormat(format);
        d.setWire(QStringLiteral("openai"));
        QVERIFY2(d.errorText().isEmpty(), qPrintable(d.errorText()));
        const QString text = d.text();
        QVERIFY2(text.contains(contains), qPrintable(text.left(400)));
        QVERIFY(!text.contains(QString::fromLatin1(key)));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("export.txt"));
        QVERIFY(d.saveTo(out));
        QCOMPARE(bytesOf(out), text.toUtf8());
        qunsetenv("OPENAI_API_KEY");
    }

    // A mock preset has no address outside the window: its export goes to the provider of
    // its wire, and the dialog says so (until a base URL is typed).
    void mockPresetExportSaysWhereItGoes()
    {
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        ui::ExportDialog d(&doc, 1); // Plan a meeting (Anthropic wire, mock, streaming)
        d.setFormat(QStringLiteral("curl"));
        QVERIFY2(d.noteText().contains(QStringLiteral("built-in mock")), qPrintable(d.noteText()));
        QVERIFY2(d.noteText().contains(QStringLiteral("(Anthropic: its default model")), qPrintable(d.noteText()));
        QVERIFY(d.text().contains(QStringLiteral("api.anthropic.com")));
        // A base URL: for a mock server there, which the note says (the model and the key
        // header change with it).
        d.setBaseUrl(QStringLiteral("http://127.0.0.1:9/v1"));
        QVERIFY2(d.noteText().contains(QStringLiteral("mock server there")), qPrintable(d.noteText()));
        QVERIFY(d.text().contains(QStringLiteral("127.0.0.1:9")));
        d.setBaseUrl(QString());
        d.setFormat(QStringLiteral("tools")); // no address in it: nothing to say
        QVERIFY(d.noteText().isEmpty());
        d.setFormat(QStringLiteral("postman")); // every preset: the example's are all mock presets
        QVERIFY2(d.noteText().contains(QStringLiteral("4 preset")), qPrintable(d.noteText()));
    }

    void exportErrorIsShown()
    {
        ui::ProjectDocument doc; // no presets
        ui::ExportDialog d(&doc, 0);
        QVERIFY(!d.errorText().isEmpty());
        QVERIFY(d.text().isEmpty());
    }
};

QTEST_MAIN(TestImportUi)
#include "tst_importui.moc"

// The allowed-tools choice in the window, offscreen: with a subset checked, "Keep the full
// tool list (allowed tools)" makes the choice ToolChoice::among (the tool list unchanged)
// instead of the allow-list filter; the edit lands in the project as keep_tool_list, the
// wire tabs send the allowed-tools choice with every tool, and Undo takes it back.

#include "application.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "project/requestinput.h"
#include "provider/request.h"
#include "services.h"
#include "widgets/choiceeditor.h"
#include "wire/wire.h"

#include <QCheckBox>
#include <QComboBox>
#include <QListWidget>
#include <QTest>

using namespace tw;

namespace {

QCheckBox* checkBox(ui::ChoiceEditor* e, const QString& startsWith)
{
    for (QCheckBox* c : e->findChildren<QCheckBox*>())
        if (c->text().startsWith(startsWith))
            return c;
    return nullptr;
}

} // namespace

class TestChoiceEditor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Picking "tool — force one tool" with no tool picked changed nothing (no undo step, the
    // wires still sent auto): the first tool is forced, one undoable edit.
    void forcingAToolPicksOne()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QCOMPARE(doc.project().choice.type, std::string("auto"));
        QComboBox* mode = nullptr;
        for (QComboBox* c : w.choiceEditor()->findChildren<QComboBox*>())
            if (c->findData(QStringLiteral("tool")) >= 0)
                mode = c;
        QVERIFY(mode);
        const int before = doc.undoStack()->count();
        mode->setCurrentIndex(mode->findData(QStringLiteral("tool")));
        QCOMPARE(doc.project().choice.type, std::string("tool"));
        QCOMPARE(doc.project().choice.name, std::string(doc.project().tools[0]["name"].str()));
        QCOMPARE(doc.undoStack()->count(), before + 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.project().choice.type, std::string("auto"));
    }

    void keepToolListIsAnUndoableEdit()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QVERIFY2(doc.project().tools.size() >= 2, "the example project needs two tools");
        ui::ChoiceEditor* e = w.choiceEditor();
        QCheckBox* restrict = checkBox(e, QStringLiteral("Send only"));
        QCheckBox* keep = checkBox(e, QStringLiteral("Keep the full tool list"));
        auto* list = e->findChild<QListWidget*>();
        QVERIFY(restrict && keep && list);
        QVERIFY(!keep->isEnabled()); // no subset yet

        restrict->setChecked(true);
        list->item(0)->setCheckState(Qt::Checked);
        QVERIFY(keep->isEnabled());
        QVERIFY(!doc.project().choice.keepToolList); // the allow-list filter so far
        const int before = doc.undoStack()->count();
        keep->setChecked(true);
        const project::ChoiceSetting& c = doc.project().choice;
        QVERIFY(c.keepToolList);
        QVERIFY(c.allowedTools && c.allowedTools->size() == 1);
        QCOMPARE(doc.undoStack()->count(), before + 1);

        // What the OpenAI tab sends: every tool, and the allowed-tools choice over the subset.
        project::Preset preset = doc.project().presets.at(0);
        preset.choice.reset();
        preset.tools.reset();
        auto in = project::requestInput(doc.project(), preset);
        QVERIFY(in.ok());
        in->wire = wire::Wire::OpenAI;
        auto built = provider::buildRequest(*in, std::nullopt, true);
        QVERIFY2(built.ok(), built ? "" : built.error().message.c_str());
        QCOMPARE(built->body["tools"].size(), doc.project().tools.size());
        QCOMPARE(built->body["tool_choice"]["type"].str(), std::string_view("allowed_tools"));

        // Forcing a tool has no allowed-tools form: the box is off and the choice filters.
        auto* mode = e->findChildren<QComboBox*>().value(0);
        QVERIFY(mode);
        mode->setCurrentIndex(mode->findData(QStringLiteral("none")));
        QVERIFY(!keep->isEnabled());
        QVERIFY(!doc.project().choice.keepToolList);
        doc.undoStack()->undo(); // back to auto among the subset
        QVERIFY(doc.project().choice.keepToolList);
        QVERIFY(keep->isChecked());
        doc.undoStack()->undo(); // back to the filter
        QVERIFY(!doc.project().choice.keepToolList);
        QVERIFY(!keep->isChecked());
    }
};

QTEST_MAIN(TestChoiceEditor)
#include "tst_choiceeditor.moc"

// The tool editor's fields panel, offscreen: a custom tool gets a grammar editor whose text
// edits the tool's format; MCP hints and provider fields edit the tool as one undo step each
// and a tool without them stays as it was; the strict line says where the schema is not
// strict-compatible, and its fix makes it so. The tools are hand-written.

#include "controllers/tooleditingcontroller.h"
#include "dialogs/fixpreviewdialog.h"
#include "json/json.h"
#include "lint/strict.h"
#include "projectdocument.h"
#include "widgets/tooleditorpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>

using namespace tw;

namespace {

json::Value J(std::string_view text)
{
    auto r = json::parse(text);
    if (!r)
        qFatal("bad test JSON: %s", r.error().toString().c_str());
    return *r;
}

// Hand-written: an open schema (not strict-compatible under Structured Outputs) and a
// regex-constrained custom tool.
const char* kOpen = "{\"name\":\"get_weather\",\"description\":\"Weather\",\"input_schema\":{\"type\":\"object\",\"properties\":{\"city\":{"
                    "\"type\":\"string\"}},\"required\":[\"city\"]}}";
const char* kCustom = "{\"type\":\"custom\",\"name\":\"pick_date\",\"description\":\"A date\",\"format\":{\"type\":\"grammar\",\"syntax\":"
                      "\"regex\",\"definition\":\"\\\\d{4}-\\\\d{2}-\\\\d{2}\"}}";

struct Editor {
    ui::ProjectDocument doc;
    ui::ToolEditingController tools{&doc};
    ui::ToolEditorPane pane{&doc, &tools};
    explicit Editor(std::vector<json::Value> list)
    {
        project::Project p;
        p.name = "fields";
        p.tools = std::move(list);
        doc.reset(std::move(p), QString());
        tools.selectRow(0);
    }
    const json::Value& tool() const { return doc.project().tools[0]; }
};

} // namespace

class TestToolFields : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void customToolShowsTheGrammar()
    {
        Editor e({J(kCustom)});
        ui::ToolFieldsPanel* f = e.pane.fieldsPanel();
        QVERIFY(f->grammarShown());
        QCOMPARE(f->grammarEditor()->toPlainText(), QStringLiteral("\\d{4}-\\d{2}-\\d{2}"));
        f->grammarEditor()->setPlainText(QStringLiteral("\\d{4}"));
        QCOMPARE(std::string(e.tool()["format"]["definition"].str()), std::string("\\d{4}"));
        QCOMPARE(std::string(e.tool()["format"]["syntax"].str()), std::string("regex"));
        // The wrap switch is a member of the tool.
        const auto boxes = f->findChildren<QCheckBox*>();
        for (QCheckBox* b : boxes)
            if (b->text().contains(QStringLiteral("as a function")))
                b->setChecked(true);
        QVERIFY(e.tool()["wrap_as_function"].toBool());
        QVERIFY(f->strictText().contains(QStringLiteral("does not apply")));
    }

    void fieldsEditTheToolAndNothingElse()
    {
        Editor e({J(kOpen)});
        const std::string before = json::compact(e.tool());
        ui::ToolFieldsPanel* f = e.pane.fieldsPanel();
        QVERIFY(!f->grammarShown());
        QCOMPARE(json::compact(e.tool()), before); // showing changes nothing
        QCheckBox* readOnly = nullptr;
        for (QCheckBox* b : f->findChildren<QCheckBox*>())
            if (b->text() == QStringLiteral("read-only"))
                readOnly = b;
        QVERIFY(readOnly);
        QCOMPARE(readOnly->checkState(), Qt::PartiallyChecked);
        readOnly->setCheckState(Qt::Checked);
        QCOMPARE(json::compact(e.tool()["annotations"]), std::string("{\"readOnlyHint\":true}"));
        readOnly->setCheckState(Qt::PartiallyChecked);
        QCOMPARE(json::compact(e.tool()), before); // unset again: the member goes
        QComboBox* cache = nullptr;
        for (QComboBox* c : f->findChildren<QComboBox*>())
            if (c->count() == 3 && c->itemText(0).contains(QStringLiteral("cache")))
                cache = c;
        QVERIFY(cache);
        cache->setCurrentIndex(2);
        QCOMPARE(json::compact(e.tool()["cache_control"]), std::string("{\"type\":\"ephemeral\",\"ttl\":\"1h\"}"));
    }

    void strictLineAndFix()
    {
        Editor e({J(kOpen)});
        ui::ToolFieldsPanel* f = e.pane.fieldsPanel();
        QVERIFY2(f->strictText().contains(QStringLiteral("Not strict-compatible")), qPrintable(f->strictText()));
        QVERIFY(!lint::strictCompatible(e.tool()["input_schema"], "structured-outputs"));
        QVERIFY(f->strictFixButton()->isVisibleTo(f));
        // Fixes come one problem at a time; a few clicks reach a compatible schema.
        for (int i = 0; i < 5 && f->strictFixButton()->isVisibleTo(f); ++i) {
            f->strictFixButton()->click();
            // Each fix is previewed first; Apply takes it.
            for (ui::FixPreviewDialog* d : e.pane.findChildren<ui::FixPreviewDialog*>())
                if (d->isVisible())
                    QVERIFY(d->apply());
        }
        QVERIFY2(lint::strictCompatible(e.tool()["input_schema"], "structured-outputs"), json::compact(e.tool()).c_str());
        QVERIFY2(!f->strictText().contains(QStringLiteral("Not strict-compatible")), qPrintable(f->strictText()));
    }
};

QTEST_MAIN(TestToolFields)
#include "tst_toolfields.moc"

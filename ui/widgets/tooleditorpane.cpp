#include "widgets/tooleditorpane.h"

#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"

#include <QCheckBox>
#include <QLabel>
#include <QVBoxLayout>

namespace tw::ui {

ToolEditorPane::ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_tools(tools)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_wholeList = new QCheckBox(tr("Edit the whole tool list as one document"), this);
    m_wholeList->setContentsMargins(6, 2, 6, 0);
    layout->addWidget(m_wholeList);
    m_editor = new JsonEditor(this);
    layout->addWidget(m_editor, 1);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setContentsMargins(6, 2, 6, 4);
    layout->addWidget(m_hint);

    connect(m_wholeList, &QCheckBox::toggled, this, &ToolEditorPane::load);
    connect(m_editor, &QsciScintilla::textChanged, this, &ToolEditorPane::onTextChanged);
    connect(m_tools, &ToolEditingController::rowSelected, this, &ToolEditorPane::load);
    connect(m_doc, &ProjectDocument::toolChanged, this, [this](int row) {
        if (m_loading)
            return;
        if (m_wholeList->isChecked()) {
            load(); // an undo/redo changed one entry of the list on show
            return;
        }
        if (row != m_tools->currentRow())
            return;
        // An undo/redo changed the tool under the editor: show it.
        const std::string text = json::pretty(m_doc->project().tools[size_t(row)]);
        if (m_editor->utf8Text() != qb(text)) {
            m_loading = true;
            m_editor->setTextKeepingView(qs(text));
            m_loading = false;
        }
    });
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this] {
        if (!m_loading)
            load(); // undo/redo of a whole-list edit
    });
}

bool ToolEditorPane::wholeList() const { return m_wholeList->isChecked(); }

void ToolEditorPane::load()
{
    m_loading = true;
    m_editor->clearError();
    m_hint->clear();
    const int row = m_tools->currentRow();
    if (m_wholeList->isChecked()) {
        m_editor->setReadOnly(false);
        m_editor->setTextKeepingView(qs(json::pretty(json::Value(m_doc->project().tools))));
    } else if (row < 0) {
        m_editor->setText(QString());
        m_editor->setReadOnly(true);
    } else {
        m_editor->setReadOnly(false);
        m_editor->setText(qs(json::pretty(m_doc->project().tools[size_t(row)])));
    }
    m_loading = false;
}

void ToolEditorPane::onTextChanged()
{
    if (m_loading || (m_tools->currentRow() < 0 && !m_wholeList->isChecked()))
        return;
    m_loading = true;
    const auto problem = m_tools->applyEdit(m_editor->utf8View(), m_wholeList->isChecked());
    m_loading = false;
    if (!problem) {
        m_editor->clearError();
        m_hint->clear();
        return;
    }
    if (problem->offset)
        m_editor->markError(qsizetype(*problem->offset));
    else
        m_editor->clearError();
    m_hint->setText(problem->hint);
}

} // namespace tw::ui

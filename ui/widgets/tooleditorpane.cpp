#include "widgets/tooleditorpane.h"

#include "controllers/tooldrafts.h"
#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/descriptionfield.h"
#include "widgets/jsoneditor.h"

#include <QCheckBox>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
// A document of at most two lines and more bytes than this is shown pretty-printed: one
// line of megabytes is drawn as nothing (and edited as nothing).
constexpr std::size_t kOneLineLimit = 64 * 1024;
constexpr std::string_view kTools = "tools";
constexpr std::string_view kDescription = "description";
constexpr std::string_view kName = "name";

bool isBlank(const char* text, int length)
{
    for (int i = 0; i < length; ++i)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
            return false;
    return true;
}
} // namespace

ToolEditorPane::ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent) : QWidget(parent), m_doc(doc), m_tools(tools)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_wholeList = new QCheckBox(tr("Edit the whole tool list as one document"), this);
    m_wholeList->setContentsMargins(6, 2, 6, 0);
    layout->addWidget(m_wholeList);
    m_description = new DescriptionField(this);
    layout->addWidget(m_description);
    m_editor = new JsonEditor(this);
    m_editor->setWrapMode(QsciScintilla::WrapWord);
    m_editor->setWrapIndentMode(QsciScintilla::WrapIndentIndented);
    m_editor->setWrapVisualFlags(QsciScintilla::WrapFlagByBorder);
    layout->addWidget(m_editor, 1);
    // Under the editor, where the hint is: appearing while typing must not move the text.
    m_draftBanner = new Banner(this);
    m_draftBanner->setAction(tr("Revert"), tr("Drop the draft and show the last valid version"));
    layout->addWidget(m_draftBanner);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_hint->setContentsMargins(6, 2, 6, 4);
    m_hint->hide();
    layout->addWidget(m_hint);

    connect(m_wholeList, &QCheckBox::toggled, this, &ToolEditorPane::load);
    connect(m_draftBanner, &Banner::actionTriggered, this, &ToolEditorPane::revertDraft);
    // The change itself (not textChanged, which QScintilla emits from the same notification,
    // before or after this one): its size tells typing from a paste.
    connect(m_editor, &QsciScintillaBase::SCN_MODIFIED, this,
            [this](int, int type, const char* text, int length, int, int, int, int, int, int) { onModified(type, text, length); });
    connect(m_description, &DescriptionField::descriptionEdited, this, [this](const QString& text) {
        if (!m_loading && !m_wholeList->isChecked())
            m_tools->setDescription(m_tools->currentRow(), text);
    });
    connect(m_tools, &ToolEditingController::rowSelected, this, &ToolEditorPane::load);
    connect(m_tools->drafts(), &ToolDrafts::changed, this, [this](int row) {
        if (row == draftRow())
            showDraftState();
    });
    connect(m_doc, &ProjectDocument::toolChanged, this, [this](int row) {
        if (m_loading)
            return;
        if (m_wholeList->isChecked()) {
            if (!m_tools->drafts()->at(ToolDrafts::kWholeList))
                load(); // an undo/redo (or the description field) changed one entry of the list on show
            return;
        }
        if (row != m_tools->currentRow())
            return;
        showDescription();
        if (m_tools->drafts()->at(row))
            return; // the draft stays what the editor shows
        // An undo/redo or the description field changed the tool under the editor: show it.
        const std::string text = json::pretty(m_doc->project().tools[size_t(row)]);
        if (m_editor->utf8Text() != toByteArray(text)) {
            m_loading = true;
            m_editor->setTextKeepingView(toQString(text));
            m_loading = false;
        }
    });
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this] {
        if (!m_loading && !m_tools->drafts()->at(ToolDrafts::kWholeList))
            load(); // undo/redo of a whole-list edit
    });
}

bool ToolEditorPane::wholeList() const { return m_wholeList->isChecked(); }
void ToolEditorPane::setWholeList(bool on) { m_wholeList->setChecked(on); }
QString ToolEditorPane::hintText() const { return m_hint->isHidden() ? m_draftBanner->text() : m_hint->text(); }
QString ToolEditorPane::draftBannerText() const { return m_draftBanner->text(); }
int ToolEditorPane::draftRow() const { return m_wholeList->isChecked() ? ToolDrafts::kWholeList : m_tools->currentRow(); }
bool ToolEditorPane::hasDraft() const { return m_tools->drafts()->at(draftRow()) != nullptr; }

void ToolEditorPane::setUndoActions(QAction* undo, QAction* redo) { m_editor->setDocumentUndo(undo, redo); }

void ToolEditorPane::revertDraft()
{
    m_tools->drafts()->discard(draftRow());
    load();
}

void ToolEditorPane::load()
{
    m_loading = true;
    m_editor->clearError();
    setHint({});
    const int row = m_tools->currentRow();
    const ToolDrafts::Draft* draft = m_tools->drafts()->at(draftRow());
    if (m_wholeList->isChecked()) {
        m_editor->setReadOnly(false);
        m_editor->setTextKeepingView(draft ? draft->text : toQString(json::pretty(json::Value(m_doc->project().tools))));
    } else if (row < 0) {
        m_editor->setText(QString());
        m_editor->setReadOnly(true);
    } else {
        m_editor->setReadOnly(false);
        m_editor->setText(draft ? draft->text : toQString(json::pretty(m_doc->project().tools[size_t(row)])));
    }
    m_loading = false;
    showDescription();
    showDraftState();
}

void ToolEditorPane::showDescription()
{
    const int row = m_tools->currentRow();
    const bool show = !m_wholeList->isChecked() && row >= 0 && row < int(m_doc->project().tools.size());
    m_description->setVisible(show);
    if (!show)
        return;
    const json::Value& tool = m_doc->project().tools[size_t(row)];
    const bool draft = m_tools->drafts()->at(row) != nullptr;
    m_loading = true;
    m_description->showTool(toQString(tool[kName].str()), toQString(tool[kDescription].str()), !draft,
                            tr("The JSON below has a draft that does not parse: fix it (or Revert) to edit the description here."));
    m_loading = false;
}

void ToolEditorPane::showDraftState()
{
    const ToolDrafts::Draft* draft = m_tools->drafts()->at(draftRow());
    if (draft) {
        m_draftBanner->showMessage(Banner::Kind::Warning, tr("Draft, not applied. %1").arg(draft->problem));
        m_draftBanner->setToolTip(tr("The wire tabs and the saved file keep the last valid version of this tool; the draft "
                                     "stays here when you switch tools, until it parses or you Revert it."));
        if (draft->offset)
            m_editor->markError(qsizetype(*draft->offset), draft->problem);
        else
            m_editor->clearError();
        setHint({}); // the banner says it
    } else {
        m_draftBanner->showMessage(Banner::Kind::Warning, QString());
    }
    Q_EMIT draftStateChanged(draft != nullptr);
}

void ToolEditorPane::onModified(int type, const char* text, int length)
{
    constexpr int kInsert = 0x1, kDelete = 0x2; // SC_MOD_INSERTTEXT, SC_MOD_DELETETEXT
    if (!(type & (kInsert | kDelete)))
        return;
    // One character typed or deleted, or the indentation auto-indent adds, is typing; a
    // paste, a cut, a selection typed over is a step of its own.
    m_changeIsTyping = length <= 1 || ((type & kInsert) && text && isBlank(text, length));
    m_changeInserted = (type & kInsert) != 0;
    onTextChanged();
}

void ToolEditorPane::onTextChanged()
{
    if (m_loading || (m_tools->currentRow() < 0 && !m_wholeList->isChecked()))
        return;
    const auto kind = m_changeIsTyping ? ProjectDocument::EditKind::Typing : ProjectDocument::EditKind::Change;
    QString step;
    const int row = m_tools->currentRow();
    if (!m_changeIsTyping && !m_wholeList->isChecked() && row >= 0 && row < int(m_doc->project().tools.size())) {
        const QString name = toQString(m_doc->project().tools[size_t(row)][kName].str());
        step = m_changeInserted ? tr("Paste into %1").arg(name) : tr("Delete in %1").arg(name);
    }
    m_changeIsTyping = true;
    m_loading = true;
    const std::string_view text = m_editor->utf8View();
    const auto problem = m_tools->applyEdit(text, m_wholeList->isChecked(), kind, step);
    m_loading = false;
    showDescription();
    // One huge line (a pasted export), or a list given as {"tools": [...]}: shown as the list,
    // pretty, once the edit is done (Scintilla must not be changed from inside its change).
    const bool oneHugeLine = text.size() > kOneLineLimit && m_editor->lines() <= 2;
    if (!m_reformatQueued && (oneHugeLine || (!problem && !m_tools->lastEditNote().isEmpty()))) {
        m_reformatQueued = true;
        QTimer::singleShot(0, this, &ToolEditorPane::reformatIfOneLine);
    }
    if (!problem) {
        m_editor->clearError();
        setHint(m_tools->lastEditNote());
        return;
    }
    // showDraftState() (through the drafts' change signal) placed the squiggle and the banner.
    if (!hasDraft()) {
        if (problem->offset)
            m_editor->markError(qsizetype(*problem->offset), problem->hint);
        else
            m_editor->clearError();
        setHint(problem->hint);
    }
}

void ToolEditorPane::reformatIfOneLine()
{
    m_reformatQueued = false;
    auto parsed = json::parse(m_editor->utf8View());
    if (!parsed)
        return; // not JSON: the wrapped line stays as typed, with its squiggle
    json::Value shown = *parsed;
    if (m_wholeList->isChecked() && parsed->isObject() && (*parsed)[kTools].isArray())
        shown = (*parsed)[kTools];
    const QString note = m_hint->text();
    m_loading = true;
    m_editor->setText(toQString(json::pretty(shown)));
    m_editor->setCursorPosition(0, 0);
    m_editor->setFirstVisibleLine(0);
    m_loading = false;
    setHint(note);
}

void ToolEditorPane::setHint(const QString& text)
{
    m_hint->setText(text);
    m_hint->setVisible(!text.isEmpty());
}

void ToolEditorPane::showOffset(std::size_t offset)
{
    m_editor->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, static_cast<unsigned long>(offset));
    m_editor->setFocus();
}

} // namespace tw::ui

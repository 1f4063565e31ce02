#include "widgets/tooleditorpane.h"

#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/fixpreviewdialog.h"
#include "json/json.h"
#include "lint/pointer.h"
#include "lint/strict.h"
#include "lint/toollint.h"
#include "model/tool.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/registry.h"
#include "widgets/banner.h"
#include "widgets/descriptionfield.h"
#include "widgets/jsoneditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

namespace {
// A document of at most two lines and more bytes than this is shown pretty-printed: one
// line of megabytes is drawn as nothing (and edited as nothing).
constexpr std::size_t kOneLineLimit = 64 * 1024;
constexpr std::string_view kTools = "tools";
constexpr std::string_view kDescription = "description";
constexpr std::string_view kName = "name";
constexpr int kEditorMinLines = 4;

bool isBlank(const char* text, int length)
{
    for (int i = 0; i < length; ++i)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
            return false;
    return true;
}
// A scroll area as wide as its form at the least (the form wraps, it never scrolls sideways)
// and only as high as a scroll area must be: the dock gives it what it can spare.
class FormScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize minimumSizeHint() const override
    {
        const QSize base = QScrollArea::minimumSizeHint();
        if (!widget())
            return base;
        const int width = widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth();
        return {std::max(base.width(), width), base.height()};
    }
};

} // namespace

// ---- the fields panel ------------------------------------------------------------------

namespace {

namespace tk = model::toolkeys;
constexpr std::string_view kTitle = "title";
constexpr std::string_view kAnnotations = "annotations";
constexpr std::string_view kOutputSchema = "outputSchema";
constexpr std::string_view kIcons = "icons";
constexpr std::string_view kMeta = "_meta";
constexpr std::string_view kDeferLoading = "defer_loading";
constexpr std::string_view kEagerStreaming = "eager_input_streaming";
constexpr std::string_view kCacheControl = "cache_control";
constexpr std::string_view kInputExamples = "input_examples";
constexpr std::string_view kAllowedCallers = "allowed_callers";
constexpr std::string_view kTtl = "ttl";
constexpr std::string_view kEphemeral = "ephemeral";
constexpr std::string_view kProperties = "properties";
// MCP's annotation hints and the defaults that apply when one is absent (MCP 2025-11-25).
constexpr std::string_view kHintKeys[4] = {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"};
constexpr bool kHintDefaults[4] = {false, true, false, true};

QString joined(const QStringList& l) { return l.join(QStringLiteral(", ")); }

// The labels of the wires whose capability `has` holds.
template <typename Pred> QStringList wiresWhere(Pred has)
{
    QStringList out;
    for (const wire::Dialect* d : wire::dialects())
        if (has(*d))
            out << toQString(d->label);
    return out;
}

QStringList wiresSending(std::string_view member)
{
    return wiresWhere(
        [&](const wire::Dialect& d) { return std::find(d.caps.toolFields.begin(), d.caps.toolFields.end(), member) != d.caps.toolFields.end(); });
}

int checkState(const json::Value& v) { return v.isBool() ? (v.toBool() ? Qt::Checked : Qt::Unchecked) : Qt::PartiallyChecked; }

json::Value fromState(int state)
{
    if (state == Qt::PartiallyChecked)
        return json::Value();
    return json::Value(state == Qt::Checked);
}

} // namespace

ToolFieldsPanel::ToolFieldsPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(2);
    m_kind = new QLabel(this);
    m_kind->setWordWrap(true);
    m_kind->setTextFormat(Qt::PlainText);
    layout->addWidget(m_kind);

    // A custom tool: its input format and grammar, in place of a schema.
    m_customRow = new QWidget(this);
    auto* custom = new QVBoxLayout(m_customRow);
    custom->setContentsMargins(0, 0, 0, 0);
    auto* formatRow = new QHBoxLayout;
    formatRow->addWidget(new QLabel(tr("Input:"), m_customRow));
    m_format = new QComboBox(m_customRow);
    m_format->addItem(tr("free-form text"));
    m_format->addItem(tr("Lark grammar"));
    m_format->addItem(tr("regular expression"));
    formatRow->addWidget(m_format, 1);
    custom->addLayout(formatRow);
    // Its own line: the dock is narrow (the rows here must never widen the window).
    m_wrap = new QCheckBox(tr("Send as a function on other wires"), m_customRow);
    m_wrap->setToolTip(tr("Wires without custom tools leave this tool out, unless it goes out as a function whose one argument "
                          "\"input\" holds the text (wrap_as_function). The grammar is then not enforced."));
    custom->addWidget(m_wrap);
    m_grammar = new QPlainTextEdit(m_customRow);
    m_grammar->setPlaceholderText(tr("The grammar the input must match"));
    m_grammar->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_grammar->setMaximumHeight(m_grammar->fontMetrics().lineSpacing() * 7);
    custom->addWidget(m_grammar);
    layout->addWidget(m_customRow);

    // MCP fields: the title and the four hints (partially checked: not set, the default applies).
    auto* mcpRow = new QHBoxLayout;
    mcpRow->addWidget(new QLabel(tr("Title:"), this));
    m_title = new QLineEdit(this);
    m_title->setPlaceholderText(tr("display name (MCP title)"));
    mcpRow->addWidget(m_title, 1);
    layout->addLayout(mcpRow);
    // The hints two by two, so the panel fits the narrowest dock.
    auto* hintGrid = new QGridLayout;
    hintGrid->setContentsMargins(0, 0, 0, 0);
    hintGrid->setVerticalSpacing(0);
    const QString hintLabels[4] = {tr("read-only"), tr("destructive"), tr("idempotent"), tr("open world")};
    for (int i = 0; i < 4; ++i) {
        m_hints[i] = new QCheckBox(hintLabels[i], this);
        m_hints[i]->setTristate(true);
        m_hints[i]->setToolTip(tr("annotations.%1; partially checked: not set (the default, %2, applies). Hints are untrusted "
                                  "unless the server is.")
                                   .arg(toQString(kHintKeys[i]), kHintDefaults[i] ? tr("true") : tr("false")));
        hintGrid->addWidget(m_hints[i], i / 2, i % 2);
    }
    layout->addLayout(hintGrid);

    // Provider tool fields.
    auto* providerRow = new QHBoxLayout;
    m_deferLoading = new QCheckBox(toQString(kDeferLoading), this);
    m_deferLoading->setTristate(true);
    m_eagerStreaming = new QCheckBox(toQString(kEagerStreaming), this);
    m_eagerStreaming->setTristate(true);
    m_eagerStreaming->setToolTip(tr("true streams the input unbuffered: fragments may be invalid JSON, and a token limit can cut it"));
    m_cache = new QComboBox(this);
    m_cache->addItem(tr("no cache hint"));
    m_cache->addItem(tr("cache hint, 5 minutes"));
    m_cache->addItem(tr("cache hint, 1 hour"));
    providerRow->addWidget(m_deferLoading);
    providerRow->addWidget(m_eagerStreaming);
    providerRow->addStretch(1);
    layout->addLayout(providerRow);
    layout->addWidget(m_cache);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    auto* strictRow = new QHBoxLayout;
    m_strict = new QLabel(this);
    m_strict->setWordWrap(true);
    m_strict->setTextFormat(Qt::PlainText);
    m_strict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    strictRow->addWidget(m_strict, 1);
    m_strictFix = new QPushButton(tr("Apply fix…"), this);
    m_strictFix->setToolTip(tr("Preview the fix, then apply it as one undoable step"));
    strictRow->addWidget(m_strictFix);
    layout->addLayout(strictRow);

    connect(m_format, &QComboBox::currentIndexChanged, this, [this](int) { editFormat(false); });
    connect(m_grammar, &QPlainTextEdit::textChanged, this, [this] { editFormat(true); });
    connect(m_wrap, &QCheckBox::toggled, this, [this](bool on) {
        setMember(tk::kWrapAsFunction, on ? json::Value(true) : json::Value(), on ? tr("Wrap as a function") : tr("Do not wrap as a function"));
    });
    connect(m_title, &QLineEdit::textEdited, this, [this](const QString& text) {
        setMember(kTitle, text.isEmpty() ? json::Value() : json::Value(toStdString(text)), tr("Edit the title"), true);
    });
    for (int i = 0; i < 4; ++i)
        connect(m_hints[i], &QCheckBox::stateChanged, this, [this, i](int state) { setHint(kHintKeys[i], state); });
    connect(m_deferLoading, &QCheckBox::stateChanged, this,
            [this](int state) { setMember(kDeferLoading, fromState(state), tr("Set defer_loading")); });
    connect(m_eagerStreaming, &QCheckBox::stateChanged, this,
            [this](int state) { setMember(kEagerStreaming, fromState(state), tr("Set eager_input_streaming")); });
    connect(m_cache, &QComboBox::currentIndexChanged, this, [this](int index) {
        json::Value v;
        if (index == 1)
            v = json::Value{{tk::kType, kEphemeral}};
        else if (index == 2)
            v = json::Value{{tk::kType, kEphemeral}, {kTtl, "1h"}};
        setMember(kCacheControl, std::move(v), tr("Set the cache hint"));
    });
    connect(m_strictFix, &QPushButton::clicked, this, &ToolFieldsPanel::applyStrictFix);
}

QString ToolFieldsPanel::strictText() const { return m_strict->text(); }
QString ToolFieldsPanel::summaryText() const { return m_summary->text(); }
bool ToolFieldsPanel::grammarShown() const { return !m_customRow->isHidden() && !m_grammar->isHidden(); }

void ToolFieldsPanel::showTool(const json::Value& tool, bool editable)
{
    m_loading = true;
    m_tool = tool;
    setEnabled(editable);
    auto parsed = tool.isObject() ? wire::parseTool(tool) : Result<std::optional<model::Tool>>(std::optional<model::Tool>());
    const bool custom = parsed && *parsed && (*parsed)->isCustom();
    setVisible(parsed && *parsed);
    if (!parsed || !*parsed) {
        m_loading = false;
        return;
    }
    const model::Tool& t = **parsed;

    m_customRow->setVisible(custom);
    if (custom) {
        const QStringList where = wiresWhere([](const wire::Dialect& d) { return d.caps.customTools; });
        m_kind->setText(tr("Custom tool: free-form text input, called with a string (sent as such on %1).").arg(joined(where)));
        const std::string_view syntax = t.grammarSyntax();
        m_format->setCurrentIndex(syntax == tk::kLark ? 1 : syntax == tk::kRegex ? 2 : 0);
        m_grammar->setVisible(!syntax.empty());
        const QString def = toQString(t.grammarDefinition());
        if (m_grammar->toPlainText() != def)
            m_grammar->setPlainText(def);
        m_wrap->setChecked(t.wrapAsFunction());
    } else {
        m_kind->setText(tr("Function tool: JSON input, checked against the schema below."));
    }

    const json::Value& title = tool[kTitle];
    if (m_title->text() != toQString(title.str()))
        m_title->setText(toQString(title.str()));
    for (int i = 0; i < 4; ++i)
        m_hints[i]->setCheckState(Qt::CheckState(checkState(tool[kAnnotations][kHintKeys[i]])));
    m_deferLoading->setCheckState(Qt::CheckState(checkState(tool[kDeferLoading])));
    m_eagerStreaming->setCheckState(Qt::CheckState(checkState(tool[kEagerStreaming])));
    const json::Value& cache = tool[kCacheControl];
    m_cache->setCurrentIndex(cache.isNull() ? 0 : cache[kTtl].str() == "1h" ? 2 : 1);

    // What is there beyond the editable fields, and who sends the provider fields.
    QStringList parts;
    if (const json::Value& os = tool[kOutputSchema]; !os.isNull())
        parts << tr("outputSchema: %1").arg(os[kProperties].isObject() ? tr("%n properties", nullptr, int(os[kProperties].size())) : tr("set"));
    if (const json::Value& icons = tool[kIcons]; icons.isArray())
        parts << tr("icons: %1").arg(icons.size());
    if (const json::Value& meta = tool[kMeta]; meta.isObject())
        parts << tr("_meta: %n keys", nullptr, int(meta.size()));
    if (const json::Value& ex = tool[kInputExamples]; ex.isArray())
        parts << tr("input_examples: %1").arg(ex.size());
    if (const json::Value& callers = tool[kAllowedCallers]; callers.isArray()) {
        QStringList names;
        for (const json::Value& c : callers.items())
            names << toQString(c.str());
        parts << tr("allowed_callers: %1").arg(joined(names));
    }
    const QStringList senders = wiresSending(kDeferLoading);
    QString summary = parts.join(QStringLiteral(" · "));
    if (!senders.isEmpty())
        summary += (summary.isEmpty() ? QString() : QStringLiteral(" — ")) +
            tr("provider tool fields are sent on %1; MCP fields on no wire (the loss report lists them)").arg(joined(senders));
    m_summary->setText(summary);

    // Strict compatibility on each wire with a strict switch, and the first fix.
    m_fixPatch = json::Value();
    m_strictFix->hide();
    if (custom) {
        m_strict->setText(tr("Strict mode does not apply: the input is text."));
    } else {
        QStringList ok, not_;
        QString why, fix;
        const auto located = lint::locateTool(lint::ToolRef{tool, std::string()});
        for (const wire::Dialect* d : wire::dialects()) {
            if (d->caps.strictProfile.empty() || d->caps.toolStrictPointer.empty())
                continue;
            std::string reason;
            if (lint::strictCompatible(t.inputSchema(), d->caps.strictProfile, &reason)) {
                ok << toQString(d->label);
                continue;
            }
            not_ << toQString(d->label);
            if (why.isEmpty())
                why = toQString(reason);
            if (m_fixPatch.isNull() && located && !located->schemaPath.empty())
                for (const lint::Finding& f : lint::strictFindings(*d, t.inputSchema(), located->schemaPath, t.name()))
                    if (f.fix) {
                        m_fixPatch = f.fix->patch;
                        m_fixDescription = toQString(f.fix->description);
                        fix = m_fixDescription;
                        break;
                    }
        }
        QString text;
        if (!ok.isEmpty())
            text = tr("Strict-compatible on %1.").arg(joined(ok));
        if (!not_.isEmpty())
            text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Not strict-compatible on %1: %2.").arg(joined(not_), why) +
                (fix.isEmpty() ? QString() : QStringLiteral(" ") + tr("Fix: %1.").arg(fix));
        m_strict->setText(text);
        m_strictFix->setVisible(!m_fixPatch.isNull());
    }
    m_loading = false;
}

void ToolFieldsPanel::edit(const json::Value& tool, const QString& step, bool typing)
{
    if (m_loading || !m_tool.isObject())
        return;
    m_tool = tool;
    Q_EMIT toolEdited(tool, step, typing);
}

void ToolFieldsPanel::setMember(std::string_view key, json::Value value, const QString& step, bool typing)
{
    if (m_loading || !m_tool.isObject())
        return;
    edit(value.isNull() ? m_tool.remove(key) : m_tool.set(key, std::move(value)), step, typing);
}

void ToolFieldsPanel::setHint(std::string_view hint, int state)
{
    if (m_loading || !m_tool.isObject())
        return;
    const json::Value& a = m_tool[kAnnotations];
    json::Value annotations = a.isObject() ? a : json::Value::emptyObject();
    const json::Value v = fromState(state);
    annotations = v.isNull() ? annotations.remove(hint) : annotations.set(hint, v);
    setMember(kAnnotations, annotations.empty() ? json::Value() : annotations, tr("Set %1").arg(toQString(hint)));
}

void ToolFieldsPanel::editFormat(bool typing)
{
    if (m_loading || !m_tool.isObject())
        return;
    const int index = m_format->currentIndex();
    m_grammar->setVisible(index > 0);
    json::Value format;
    if (index > 0)
        format = json::Value{
            {tk::kType, tk::kGrammar}, {tk::kSyntax, index == 1 ? tk::kLark : tk::kRegex}, {tk::kDefinition, toStdString(m_grammar->toPlainText())}};
    setMember(tk::kFormat, std::move(format), typing ? tr("Edit the grammar") : tr("Change the input format"), typing);
}

void ToolFieldsPanel::applyStrictFix()
{
    if (m_fixPatch.isNull() || !m_tool.isObject())
        return;
    Q_EMIT fixRequested(lint::Fix{toStdString(m_fixDescription), m_fixPatch});
}

// ---- the pane ----------------------------------------------------------------------------

ToolEditorPane::ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent) : QWidget(parent), m_doc(doc), m_tools(tools)
{
    // The form scrolls inside the dock: what it shows (the fields, a draft banner, a hint)
    // never raises the dock's minimum height, so the docks above and below keep their room (a
    // draft banner at 1280×720 squeezed the tool list to three rows).
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_scroll = new FormScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("toolEditorScroll"));
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* body = new QWidget(m_scroll);
    m_scroll->setWidget(body);
    outer->addWidget(m_scroll);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_wholeList = new QCheckBox(tr("Edit all tools as one document"), this);
    m_wholeList->setContentsMargins(6, 2, 6, 0);
    layout->addWidget(m_wholeList);
    m_description = new DescriptionField(this);
    layout->addWidget(m_description);
    // The tool's other fields fold away: a 720 px screen has no height to spare for them, and
    // the JSON below holds them too. A custom tool opens them (its grammar is edited there).
    m_fieldsToggle = new QToolButton(this);
    m_fieldsToggle->setObjectName(QStringLiteral("toolFieldsToggle"));
    m_fieldsToggle->setText(tr("Fields: title, hints, provider options, strict"));
    m_fieldsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_fieldsToggle->setAutoRaise(true);
    m_fieldsToggle->setCheckable(true);
    m_fieldsToggle->setArrowType(Qt::RightArrow);
    m_fieldsToggle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    layout->addWidget(m_fieldsToggle);
    m_fields = new ToolFieldsPanel(this);
    m_fields->hide();
    layout->addWidget(m_fields);
    connect(m_fieldsToggle, &QToolButton::toggled, this, [this](bool open) {
        m_fieldsToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_fields->setVisible(open);
    });
    m_editor = new JsonEditor(this);
    m_editor->setWrapMode(QsciScintilla::WrapWord);
    m_editor->setWrapIndentMode(QsciScintilla::WrapIndentIndented);
    m_editor->setWrapVisualFlags(QsciScintilla::WrapFlagByBorder);
    // Four lines at the least; the form scrolls when the dock is lower than that.
    m_editor->setMinimumHeight(m_editor->fontMetrics().lineSpacing() * kEditorMinLines + 8);
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
    connect(m_fields, &ToolFieldsPanel::toolEdited, this, [this](const json::Value& tool, const QString& step, bool typing) {
        const int row = m_tools->currentRow();
        if (m_wholeList->isChecked() || row < 0 || row >= int(m_doc->project().tools.size()) || m_tools->drafts()->at(row))
            return;
        m_doc->replaceTool(row, tool, typing ? ProjectDocument::EditKind::Typing : ProjectDocument::EditKind::Change, step);
    });
    // The strict fix goes the way of every fix: its patch made the project's, a preview, one step.
    connect(m_fields, &ToolFieldsPanel::fixRequested, this, [this](const lint::Fix& fix) {
        const int row = m_tools->currentRow();
        if (m_wholeList->isChecked() || row < 0 || row >= int(m_doc->project().tools.size()) || m_tools->drafts()->at(row))
            return;
        std::vector<json::Value> ops;
        for (const json::Value& op : fix.patch.items())
            ops.push_back(op.set("path", "/tools/" + std::to_string(row) + op["path"].toStdString()));
        FixPreviewDialog::preview(m_doc, lint::Fix{fix.description, json::Value::array(std::move(ops))}, window());
    });
    connect(m_tools, &ToolEditingController::rowSelected, this, [this] { load(); });
    connect(m_tools->drafts(), &Drafts::changed, this, [this](int row) {
        if (row == draftRow())
            showDraftState();
    });
    connect(m_doc, &ProjectDocument::toolChanged, this, [this](int row) {
        if (m_loading)
            return;
        if (m_wholeList->isChecked()) {
            if (!m_tools->drafts()->at(Drafts::kWholeList))
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
        if (!m_loading && !m_tools->drafts()->at(Drafts::kWholeList))
            load(true); // undo/redo of a whole-list edit
    });
}

bool ToolEditorPane::wholeList() const { return m_wholeList->isChecked(); }
void ToolEditorPane::setWholeList(bool on) { m_wholeList->setChecked(on); }
QString ToolEditorPane::hintText() const { return m_hint->isHidden() ? m_draftBanner->text() : m_hint->text(); }
QString ToolEditorPane::draftBannerText() const { return m_draftBanner->text(); }
int ToolEditorPane::draftRow() const { return m_wholeList->isChecked() ? Drafts::kWholeList : m_tools->currentRow(); }
bool ToolEditorPane::hasDraft() const { return m_tools->drafts()->at(draftRow()) != nullptr; }

void ToolEditorPane::setUndoActions(QAction* undo, QAction* redo) { m_editor->setDocumentUndo(undo, redo); }

void ToolEditorPane::revertDraft()
{
    m_tools->drafts()->discard(draftRow());
    load();
}

void ToolEditorPane::load(bool keepView)
{
    m_loading = true;
    m_editor->clearError();
    setHint({});
    const int row = m_tools->currentRow();
    const Drafts::Draft* draft = m_tools->drafts()->at(draftRow());
    if (m_wholeList->isChecked()) {
        m_editor->setReadOnly(false);
        m_editor->setTextKeepingView(draft ? draft->text : toQString(json::pretty(json::Value(m_doc->project().tools))));
    } else if (row < 0) {
        m_editor->setText(QString());
        m_editor->setReadOnly(true);
    } else {
        m_editor->setReadOnly(false);
        const QString text = draft ? draft->text : toQString(json::pretty(m_doc->project().tools[size_t(row)]));
        // The same tool again (the list replaced under it: an undo of a step that replaced the
        // whole project, a rename that took its mock script along): where the reader was
        // stays. Another tool: its top.
        if (keepView)
            m_editor->setTextKeepingView(text);
        else
            m_editor->setText(text);
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
    if (!show) {
        m_fields->showTool(json::Value(), false);
        m_fieldsToggle->hide();
        return;
    }
    const json::Value& tool = m_doc->project().tools[size_t(row)];
    const bool draft = m_tools->drafts()->at(row) != nullptr;
    m_fields->showTool(tool, !draft);
    const bool hasFields = !m_fields->isHidden(); // the panel hides itself for a tool it cannot show
    if (tool["type"].isString() && tool["type"].str() == "custom")
        m_fieldsToggle->setChecked(true);
    m_fieldsToggle->setVisible(hasFields);
    m_fields->setVisible(hasFields && m_fieldsToggle->isChecked());
    m_loading = true;
    m_description->showTool(toQString(tool[kName].str()), toQString(tool[kDescription].str()), !draft,
                            tr("The JSON below has a draft that does not parse: fix it (or Revert) to edit the description here."));
    m_loading = false;
}

void ToolEditorPane::showDraftState()
{
    const Drafts::Draft* draft = m_tools->drafts()->at(draftRow());
    if (draft) {
        const bool appears = m_draftBanner->isHidden();
        // The problem's first clause (where and what); its explanation is in the tooltip: the
        // dock is narrow, and a six-line banner pushed the line being typed out of view.
        const qsizetype dash = draft->problem.indexOf(QStringLiteral(" — "));
        m_draftBanner->showMessage(Banner::Kind::Warning, tr("Draft, not applied. %1").arg(dash > 0 ? draft->problem.left(dash) : draft->problem));
        m_draftBanner->setToolTip(draft->problem + QStringLiteral("\n\n") +
                                  tr("The wire tabs and the saved file keep the last valid version of this tool; the draft "
                                     "stays here when you switch tools, until it parses or you Revert it."));
        // Below the editor, in a form that may be higher than the dock: brought into view
        // (once laid out) when it appears, so its Revert is in sight, and then the line being
        // edited, which wins when both do not fit.
        if (appears)
            QTimer::singleShot(0, this, &ToolEditorPane::revealDraftBanner);
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

void ToolEditorPane::revealDraftBanner()
{
    if (m_draftBanner->isHidden())
        return;
    m_scroll->ensureWidgetVisible(m_draftBanner, 0, 0);
    const auto pos = m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS);
    const int y = int(m_editor->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, pos));
    const int line = m_editor->fontMetrics().lineSpacing();
    const QPoint at = m_editor->viewport()->mapTo(m_scroll->widget(), QPoint(0, std::max(0, y)));
    m_scroll->ensureVisible(at.x(), at.y() + line / 2, 0, line);
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

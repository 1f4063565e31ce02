#include "controllers/problemscontroller.h"

#include "project/expect.h"

#include "background.h"
#include "choicenotes.h"
#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "json/json.h"
#include "jsontext.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"
#include "wires.h"

#include <QFile>
#include <QFileInfo>
#include <QTimer>

namespace tw::ui {

namespace {
constexpr qint64 kMaxShownFile = 16 * 1024 * 1024; // a bigger "project" is shown by its message only
constexpr int kLintPauseMs = 250; // lint runs this long after the last change
} // namespace

ProblemsController::ProblemsController(ProjectDocument* doc, ToolEditingController* tools, QObject* parent)
    : QObject(parent), m_doc(doc), m_tools(tools), m_model(new ProblemsModel(this)), m_lintTimer(new QTimer(this))
{
    m_lintTimer->setSingleShot(true);
    m_lintTimer->setInterval(kLintPauseMs);
    connect(m_lintTimer, &QTimer::timeout, this, &ProblemsController::relintSoon);
    connect(m_tools, &ToolEditingController::toolsChanged, this, &ProblemsController::refresh);
    connect(m_tools->drafts(), &Drafts::changed, this, &ProblemsController::refresh);
    connect(m_tools->drafts(), &Drafts::messagesChanged, this, &ProblemsController::refresh);
    connect(m_tools->drafts(), &Drafts::reset, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::choiceChanged, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::presetChanged, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::membersReplaced, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_file.reset(); // a project opened: the one that did not is history
        m_lintRows.clear(); // the last project's findings point into it: gone until the lint of this one
        refresh();
    });
    refresh();
}

Problem ProblemsController::problemForFile(const QString& path, const Error& error)
{
    Problem p;
    p.kind = Problem::Kind::ProjectFile;
    p.path = path;
    p.where = QFileInfo(path).fileName();
    QString message = toQString(error.message);
    // Core says "<path>: <pointer>: <what>"; the panel has the file in its own column.
    const QString prefix = path + QStringLiteral(": ");
    if (message.startsWith(prefix))
        message = message.mid(prefix.size());
    p.message = message;
    QFile f(path);
    if (f.size() > kMaxShownFile || !f.open(QIODevice::ReadOnly))
        return p;
    p.text = f.readAll();
    const std::string_view text(p.text.constData(), std::size_t(p.text.size()));
    auto parsed = json::parse(text);
    if (!parsed) {
        const json::ParseError& e = parsed.error();
        p.offset = e.pos.offset;
        p.message = describeParseError(text, e, tr("A Toolwire project is a JSON object: {\"format\": …, \"tools\": […], …}."));
    } else if (!error.path.empty()) {
        p.offset = locatePointer(text, error.path);
    } else {
        p.offset = 0;
    }
    if (p.offset) {
        const TextPosition pos = positionOf(text, *p.offset);
        p.line = pos.line;
        p.column = pos.column;
    }
    return p;
}

void ProblemsController::setFileProblem(const QString& path, const Error& error)
{
    m_file = problemForFile(path, error);
    refresh();
}

namespace {
std::vector<lint::Finding> lintEveryWire(const project::Project& p)
{
    std::vector<lint::Finding> all;
    for (wire::Wire w : shownWires()) {
        WireReport r = wireReport(p, -1, w);
        all.insert(all.end(), r.findings.begin(), r.findings.end());
    }
    return lint::merge(std::move(all));
}
} // namespace

void ProblemsController::relint()
{
    m_lintTimer->stop();
    ++m_lintTicket; // a worker's older result is dropped
    applyLint(lintEveryWire(m_doc->project()));
}

void ProblemsController::relintSoon()
{
    if (reportsAreCheap(m_doc->project())) {
        relint();
        return;
    }
    // A large project is linted on a worker thread (seconds for 1000 tools on seven wires);
    // the window stays responsive and the badges follow.
    const quint64 ticket = ++m_lintTicket;
    runInBackground(
        this, [p = m_doc->project()] { return lintEveryWire(p); },
        [this, ticket](const std::vector<lint::Finding>& findings) {
            if (ticket == m_lintTicket)
                applyLint(findings);
        });
}

void ProblemsController::applyLint(std::vector<lint::Finding> findings)
{
    m_lint = std::move(findings);
    m_tools->listModel()->setBadges(toolBadges());
    // The errors and warnings are rows of the panel (the info and loss lines stay in the wire tabs).
    m_lintRows.clear();
    const auto& tools = m_doc->project().tools;
    for (const lint::Finding& f : m_lint) {
        if (f.severity == lint::Severity::Info)
            continue;
        Problem p;
        p.kind = Problem::Kind::Lint;
        p.error = f.severity == lint::Severity::Error;
        p.pointer = f.path;
        p.row = toolRowOf(f.path);
        if (p.row >= int(tools.size()))
            p.row = -1;
        if (!f.tool.isNull())
            p.where = toQString(f.tool.isString() ? f.tool.toStdString() : json::compact(f.tool));
        else if (f.path.starts_with("/tool_choice"))
            p.where = tr("Tool choice");
        else if (p.row >= 0)
            p.where = toQString(tools[size_t(p.row)]["name"].isString() ? tools[size_t(p.row)]["name"].toStdString()
                                                                        : json::compact(tools[size_t(p.row)]["name"]));
        else
            p.where = tr("Project");
        QStringList wires;
        for (wire::Wire w : f.wires)
            wires << toQString(wire::label(w));
        p.wires = wires.join(QStringLiteral(", "));
        p.message = toQString(f.message);
        p.fix = f.fix;
        m_lintRows.push_back(std::move(p));
    }
    rebuildRows();
    Q_EMIT lintChanged();
}

int ProblemsController::toolRowOf(std::string_view pointer) { return indexUnder(pointer, "/tools/"); }

int ProblemsController::presetOf(std::string_view pointer) { return indexUnder(pointer, "/presets/"); }

int ProblemsController::indexUnder(std::string_view pointer, std::string_view prefix)
{
    if (!pointer.starts_with(prefix))
        return -1;
    const std::string_view rest = pointer.substr(prefix.size());
    const std::string_view digits = rest.substr(0, rest.find('/'));
    if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits.front() == '0'))
        return -1;
    int row = 0;
    for (char c : digits) {
        if (c < '0' || c > '9')
            return -1;
        row = row * 10 + (c - '0');
    }
    return row;
}

QList<ToolListModel::Badge> ProblemsController::toolBadges() const
{
    QList<ToolListModel::Badge> out(qsizetype(m_doc->project().tools.size()));
    for (const lint::Finding& f : m_lint) {
        if (f.severity == lint::Severity::Info)
            continue;
        const int row = toolRowOf(f.path);
        if (row < 0 || row >= out.size())
            continue;
        ToolListModel::Badge& b = out[row];
        const int severity = f.severity == lint::Severity::Error ? 0 : 1;
        (severity == 0 ? b.errors : b.warnings) += 1;
        if (b.severity < 0 || severity < b.severity) {
            b.severity = severity;
            b.first = toQString(f.message);
        }
    }
    return out;
}

void ProblemsController::markToolFindings(JsonEditor* editor, int row) const
{
    if (!editor)
        return;
    std::vector<JsonEditor::FindingMark> marks;
    const std::string prefix = "/tools/" + std::to_string(row);
    if (row >= 0) {
        const std::string_view text = editor->utf8View();
        for (const lint::Finding& f : m_lint) {
            if (f.severity == lint::Severity::Info || !(f.path == prefix || f.path.starts_with(prefix + "/")))
                continue;
            if (auto at = locatePointer(text, std::string_view(f.path).substr(prefix.size())))
                marks.push_back({qsizetype(*at), f.severity == lint::Severity::Error, toQString(f.message)});
        }
    }
    editor->setFindingMarks(marks);
}

void ProblemsController::refresh()
{
    m_lintTimer->start();
    rebuildRows();
}

void ProblemsController::rebuildRows()
{
    std::vector<Problem> out;
    if (m_file)
        out.push_back(*m_file);
    const auto& tools = m_doc->project().tools;
    const Drafts* drafts = m_tools->drafts();
    if (const Drafts::Draft* d = drafts->at(Drafts::kWholeList)) {
        Problem p;
        p.kind = Problem::Kind::ToolList;
        p.where = tr("Tool list (draft)");
        p.message = d->problem;
        p.offset = d->offset;
        out.push_back(std::move(p));
    }
    auto draftRow = [&out](Problem::Kind kind, int row, const QString& where, const Drafts::Draft& d) {
        Problem p;
        p.kind = kind;
        p.row = row;
        p.where = where;
        p.message = d.problem;
        p.offset = d.offset;
        if (d.offset) {
            const QByteArray utf8 = d.text.toUtf8();
            const TextPosition pos = positionOf(std::string_view(utf8.constData(), std::size_t(utf8.size())), *d.offset);
            p.line = pos.line;
            p.column = pos.column;
        }
        out.push_back(std::move(p));
    };
    for (int row = 0; row < int(tools.size()); ++row)
        if (const Drafts::Draft* d = drafts->at(row))
            draftRow(Problem::Kind::Tool, row, tr("%1 (draft)").arg(toQString(tools[size_t(row)]["name"].str())), *d);
    const auto& presets = m_doc->project().presets;
    for (const auto& [at, d] : drafts->allMessages())
        if (at < int(presets.size()))
            draftRow(Problem::Kind::Messages, at, tr("Messages of %1 (draft)").arg(toQString(presets[size_t(at)].name)), d);
    if (const auto& e = m_tools->toolsError()) {
        Problem p;
        p.kind = Problem::Kind::Tool;
        p.row = m_tools->toolsErrorRow();
        p.where = p.row >= 0 && p.row < int(tools.size()) ? toQString(tools[size_t(p.row)]["name"].str()) : tr("Tools");
        p.message = toQString(e->message);
        out.push_back(std::move(p));
    }
    if (const QString choice = choiceProblem(m_doc->project()); !choice.isEmpty()) {
        Problem p;
        p.kind = Problem::Kind::Choice;
        p.where = tr("Tool choice");
        p.message = choice;
        out.push_back(std::move(p));
    }
    // Names of tools the project does not have, where expectations and mock scripts use
    // them: a tool renamed in its JSON (a rename in the list takes them along) or removed.
    for (const project::ToolNameUse& use : project::unknownToolNames(m_doc->project())) {
        Problem p;
        p.kind = Problem::Kind::Lint;
        p.pointer = use.path;
        const int preset = presetOf(use.path);
        if (preset >= 0 && preset < int(presets.size())) {
            p.where = toQString(presets[size_t(preset)].name);
            p.message = tr("The expectations name tool \"%1\", which the project does not have (renamed or removed?): the check "
                           "cannot pass as written")
                            .arg(toQString(use.name));
        } else {
            p.where = tr("Mock MCP scripts");
            p.message = tr("A mock script for tool \"%1\", which the project does not have (renamed or removed?): no call reaches it")
                            .arg(toQString(use.name));
        }
        out.push_back(std::move(p));
    }
    // The lint's rows (made once per lint, not per keystroke). Until the lint after an edit
    // arrives, they are those of the last lint.
    out.insert(out.end(), m_lintRows.begin(), m_lintRows.end());
    const int before = m_model->rowCount();
    m_model->setProblems(std::move(out));
    if (before != m_model->rowCount())
        Q_EMIT countChanged(m_model->rowCount());
}

} // namespace tw::ui

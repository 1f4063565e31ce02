#include "controllers/problemscontroller.h"

#include "choicenotes.h"
#include "controllers/tooldrafts.h"
#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "jsontext.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QFile>
#include <QFileInfo>

namespace tw::ui {

namespace {
constexpr qint64 kMaxShownFile = 16 * 1024 * 1024; // a bigger "project" is shown by its message only
}

ProblemsController::ProblemsController(ProjectDocument* doc, ToolEditingController* tools, QObject* parent)
    : QObject(parent), m_doc(doc), m_tools(tools), m_model(new ProblemsModel(this))
{
    connect(m_tools, &ToolEditingController::toolsChanged, this, &ProblemsController::refresh);
    connect(m_tools->drafts(), &ToolDrafts::changed, this, &ProblemsController::refresh);
    connect(m_tools->drafts(), &ToolDrafts::reset, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::choiceChanged, this, &ProblemsController::refresh);
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_file.reset(); // a project opened: the one that did not is history
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

void ProblemsController::refresh()
{
    std::vector<Problem> out;
    if (m_file)
        out.push_back(*m_file);
    const auto& tools = m_doc->project().tools;
    const ToolDrafts* drafts = m_tools->drafts();
    if (const ToolDrafts::Draft* d = drafts->at(ToolDrafts::kWholeList)) {
        Problem p;
        p.kind = Problem::Kind::ToolList;
        p.where = tr("Tool list (draft)");
        p.message = d->problem;
        p.offset = d->offset;
        out.push_back(std::move(p));
    }
    for (int row = 0; row < int(tools.size()); ++row) {
        if (const ToolDrafts::Draft* d = drafts->at(row)) {
            Problem p;
            p.kind = Problem::Kind::Tool;
            p.row = row;
            p.where = tr("%1 (draft)").arg(toQString(tools[size_t(row)]["name"].str()));
            p.message = d->problem;
            p.offset = d->offset;
            if (d->offset) {
                const QByteArray utf8 = d->text.toUtf8();
                const TextPosition pos = positionOf(std::string_view(utf8.constData(), std::size_t(utf8.size())), *d->offset);
                p.line = pos.line;
                p.column = pos.column;
            }
            out.push_back(std::move(p));
        }
    }
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
    const int before = m_model->rowCount();
    m_model->setProblems(std::move(out));
    if (before != m_model->rowCount())
        Q_EMIT countChanged(m_model->rowCount());
}

} // namespace tw::ui

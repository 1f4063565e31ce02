#include "projectdocument.h"

#include "application.h"
#include "project/layout.h"
#include "util/strings.h"

#include <QFile>

#include <QFileInfo>
#include <QUndoCommand>

#include <algorithm>

namespace tw::ui {

namespace {

enum CommandId {
    ReplaceToolId = 1,
    SetPresetId = 2,
    ReplaceAllToolsId = 3
};
using EditKind = ProjectDocument::EditKind;

// A step that absorbs the typing that follows it: same target, both typing, and no pause
// longer than the document's typing pause between the end of one keystroke's work (the wire
// tabs redrawn) and the next keystroke, so a slow redraw never splits a word.
template <class Self> class GroupedEdit : public QUndoCommand {
public:
    GroupedEdit(ProjectDocument* doc, EditKind kind, const QString& text) : m_doc(doc), m_kind(kind), m_createdAt(doc->nowMs()), m_doneAt(m_createdAt)
    {
        setText(text);
    }

protected:
    bool absorbs(const Self& o) const
    {
        return m_kind == EditKind::Typing && o.m_kind == EditKind::Typing && o.m_createdAt - m_doneAt <= m_doc->typingPause();
    }
    void done() { m_doneAt = m_doc->nowMs(); } // after redo(), and after absorbing a keystroke

    ProjectDocument* m_doc; // not owned
    EditKind m_kind;
    qint64 m_createdAt;
    qint64 m_doneAt;
};

class ReplaceTool : public GroupedEdit<ReplaceTool> {
public:
    ReplaceTool(ProjectDocument* doc, int index, json::Value before, json::Value after, EditKind kind, const QString& text)
        : GroupedEdit(doc, kind, text), m_index(index), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    int id() const override { return ReplaceToolId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const ReplaceTool*>(other);
        if (o->m_index != m_index || !absorbs(*o))
            return false;
        m_after = o->m_after;
        done();
        setObsolete(m_after.identical(m_before)); // typed and typed back: nothing to undo
        return true;
    }
    void redo() override
    {
        m_doc->applyToolReplace(m_index, m_after);
        done();
    }
    void undo() override { m_doc->applyToolReplace(m_index, m_before); }

private:
    friend class GroupedEdit<ReplaceTool>;
    int m_index;
    json::Value m_before, m_after;
};

class InsertTool : public QUndoCommand {
public:
    InsertTool(ProjectDocument* doc, int index, json::Value tool, bool inverse, const QString& text)
        : m_doc(doc), m_index(index), m_tool(std::move(tool)), m_inverse(inverse)
    {
        setText(text);
    }
    void redo() override { m_inverse ? m_doc->applyToolRemove(m_index) : m_doc->applyToolInsert(m_index, m_tool); }
    void undo() override { m_inverse ? m_doc->applyToolInsert(m_index, m_tool) : m_doc->applyToolRemove(m_index); }

private:
    ProjectDocument* m_doc; // not owned
    int m_index;
    json::Value m_tool;
    bool m_inverse;
};

class MoveTool : public QUndoCommand {
public:
    MoveTool(ProjectDocument* doc, int from, int to, const QString& text) : m_doc(doc), m_from(from), m_to(to) { setText(text); }
    void redo() override { m_doc->applyToolMove(m_from, m_to); }
    void undo() override { m_doc->applyToolMove(m_to, m_from); }

private:
    ProjectDocument* m_doc; // not owned
    int m_from, m_to;
};

class SetChoice : public QUndoCommand {
public:
    SetChoice(ProjectDocument* doc, project::ChoiceSetting before, project::ChoiceSetting after, const QString& text)
        : m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(text);
    }
    void redo() override { m_doc->applyChoice(m_after); }
    void undo() override { m_doc->applyChoice(m_before); }

private:
    ProjectDocument* m_doc; // not owned
    project::ChoiceSetting m_before, m_after;
};

class SetPreset : public GroupedEdit<SetPreset> {
public:
    SetPreset(ProjectDocument* doc, int index, project::Preset before, project::Preset after, EditKind kind, const QString& text)
        : GroupedEdit(doc, kind, text), m_index(index), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    int id() const override { return SetPresetId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const SetPreset*>(other);
        if (o->m_index != m_index || !absorbs(*o))
            return false;
        m_after = o->m_after;
        done();
        setObsolete(m_after == m_before);
        return true;
    }
    void redo() override
    {
        m_doc->applyPreset(m_index, m_after);
        done();
    }
    void undo() override { m_doc->applyPreset(m_index, m_before); }

private:
    friend class GroupedEdit<SetPreset>;
    int m_index;
    project::Preset m_before, m_after;
};

class ReplaceAllTools : public GroupedEdit<ReplaceAllTools> {
public:
    ReplaceAllTools(ProjectDocument* doc, std::vector<json::Value> before, std::vector<json::Value> after, EditKind kind, const QString& text)
        : GroupedEdit(doc, kind, text), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    int id() const override { return ReplaceAllToolsId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const ReplaceAllTools*>(other);
        if (!absorbs(*o))
            return false;
        m_after = o->m_after;
        done();
        return true;
    }
    void redo() override
    {
        m_doc->applyAllTools(m_after);
        done();
    }
    void undo() override { m_doc->applyAllTools(m_before); }

private:
    friend class GroupedEdit<ReplaceAllTools>;
    std::vector<json::Value> m_before, m_after;
};

class ReplaceProject : public QUndoCommand {
public:
    ReplaceProject(ProjectDocument* doc, project::Project before, project::Project after, const QString& text)
        : m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(text);
    }
    void redo() override { m_doc->applyProject(m_after); }
    void undo() override { m_doc->applyProject(m_before); }

private:
    ProjectDocument* m_doc; // not owned
    project::Project m_before, m_after;
};

} // namespace

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent)
{
    m_clock.start();
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

QString ProjectDocument::displayName() const
{
    if (!m_project.name.empty())
        return toQString(m_project.name);
    if (!m_path.isEmpty())
        return QFileInfo(m_path).completeBaseName();
    return QStringLiteral("Untitled");
}

Result<ProjectDocument::Read> ProjectDocument::read(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    QByteArray bytes = f.readAll();
    auto p = project::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())), toStdString(path));
    if (!p)
        return p.error();
    return Read{std::move(p).value(), std::move(bytes)};
}

Result<void> ProjectDocument::open(const QString& path, Result<Read> read)
{
    if (!read)
        return read.error();
    // A bundled (resource) project has no file to save back to.
    reset(std::move(read->project), path.startsWith(QLatin1Char(':')) ? QString() : path, std::move(read->bytes));
    m_source = path;
    return {};
}

bool ProjectDocument::holdsExample() const
{
    const QString example = QString::fromLatin1(kExampleProject);
    if (m_source == example)
        return true;
    static const QByteArray bundled = [&example] {
        QFile f(example);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    return !m_source.isEmpty() && !bundled.isEmpty() && m_baseText == bundled;
}

std::string ProjectDocument::currentText() const
{
    return project::writeKeepingLayout(m_project, std::string_view(m_baseText.constData(), std::size_t(m_baseText.size())));
}

Result<void> ProjectDocument::save(const QString& path)
{
    const std::string text = currentText();
    auto r = project::writeIfChanged(text, path);
    if (!r)
        return r;
    m_path = path;
    m_source = path;
    m_baseText = QByteArray(text.data(), qsizetype(text.size()));
    m_diskText = m_baseText;
    m_undo.setClean();
    return {};
}

void ProjectDocument::reset(project::Project p, const QString& path, QByteArray text)
{
    m_project = std::move(p);
    m_path = path;
    m_source = path;
    m_diskText = path.isEmpty() ? QByteArray() : text;
    m_baseText = std::move(text);
    m_undo.clear();
    Q_EMIT projectReset();
    Q_EMIT modifiedChanged(false);
}

void ProjectDocument::restore(project::Project p)
{
    // Unsaved from the start: the file's version is what Save would replace.
    m_project = std::move(p);
    m_undo.clear();
    Q_EMIT projectReset();
    m_undo.resetClean();
}

QString ProjectDocument::toolName(int index) const
{
    if (index < 0 || index >= int(m_project.tools.size()))
        return {};
    return toQString(m_project.tools[size_t(index)]["name"].str());
}

void ProjectDocument::replaceTool(int index, json::Value tool, EditKind kind, const QString& step)
{
    if (index < 0 || index >= int(m_project.tools.size()) || m_project.tools[size_t(index)].identical(tool))
        return;
    const QString text = !step.isEmpty() ? step
        : kind == EditKind::Typing       ? tr("Typing in %1").arg(toolName(index))
                                         : tr("Edit %1").arg(toolName(index));
    m_undo.push(new ReplaceTool(this, index, m_project.tools[size_t(index)], std::move(tool), kind, text));
}

void ProjectDocument::insertTool(int index, json::Value tool, const QString& step)
{
    index = std::clamp(index, 0, int(m_project.tools.size()));
    const QString text = step.isEmpty() ? tr("Add tool %1").arg(toQString(tool["name"].str())) : step;
    m_undo.push(new InsertTool(this, index, std::move(tool), false, text));
}

void ProjectDocument::removeTool(int index)
{
    if (index < 0 || index >= int(m_project.tools.size()))
        return;
    m_undo.push(new InsertTool(this, index, m_project.tools[size_t(index)], true, tr("Delete tool %1").arg(toolName(index))));
}

void ProjectDocument::moveTool(int from, int to)
{
    const int n = int(m_project.tools.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    m_undo.push(new MoveTool(this, from, to, tr("Move tool %1").arg(toolName(from))));
}

void ProjectDocument::setChoice(const project::ChoiceSetting& choice)
{
    if (choice == m_project.choice)
        return;
    m_undo.push(new SetChoice(this, m_project.choice, choice, tr("Change tool choice")));
}

void ProjectDocument::setPreset(int index, const project::Preset& preset, EditKind kind)
{
    if (index < 0 || index >= int(m_project.presets.size()) || m_project.presets[size_t(index)] == preset)
        return;
    const QString name = toQString(m_project.presets[size_t(index)].name);
    m_undo.push(new SetPreset(this, index, m_project.presets[size_t(index)], preset, kind, tr("Edit preset %1").arg(name)));
}

void ProjectDocument::applyPreset(int index, const project::Preset& preset)
{
    m_project.presets[size_t(index)] = preset;
    Q_EMIT presetChanged(index);
}

void ProjectDocument::replaceAllTools(std::vector<json::Value> tools, EditKind kind)
{
    const auto& cur = m_project.tools;
    bool same = cur.size() == tools.size();
    for (std::size_t i = 0; same && i < tools.size(); ++i)
        same = cur[i].identical(tools[i]);
    if (!same)
        m_undo.push(new ReplaceAllTools(this, cur, std::move(tools), kind,
                                        kind == EditKind::Typing ? tr("Typing in the tool list") : tr("Edit the tool list")));
}

void ProjectDocument::replaceProject(project::Project p, const QString& step)
{
    if (p == m_project)
        return;
    m_undo.push(new ReplaceProject(this, m_project, std::move(p), step));
}

void ProjectDocument::applyProject(const project::Project& p)
{
    // Only what changed says so: a step that leaves the tools alone (the mock scripts of a
    // rename) must not reset the tool list, whose views then lose their place.
    const bool tools = p.tools.size() != m_project.tools.size() ||
        !std::equal(p.tools.begin(), p.tools.end(), m_project.tools.begin(),
                    [](const json::Value& a, const json::Value& b) { return a.identical(b); });
    const bool choice = !(p.choice == m_project.choice);
    m_project = p;
    if (tools)
        Q_EMIT toolsReplaced();
    if (choice)
        Q_EMIT choiceChanged();
    Q_EMIT membersReplaced();
}

void ProjectDocument::applyAllTools(const std::vector<json::Value>& tools)
{
    m_project.tools = tools;
    Q_EMIT toolsReplaced();
}

void ProjectDocument::applyToolReplace(int index, const json::Value& tool)
{
    m_project.tools[size_t(index)] = tool;
    Q_EMIT toolChanged(index);
}

void ProjectDocument::applyToolInsert(int index, const json::Value& tool)
{
    m_project.tools.insert(m_project.tools.begin() + index, tool);
    Q_EMIT toolInserted(index);
}

void ProjectDocument::applyToolRemove(int index)
{
    m_project.tools.erase(m_project.tools.begin() + index);
    Q_EMIT toolRemoved(index);
}

void ProjectDocument::applyToolMove(int from, int to)
{
    json::Value t = m_project.tools[size_t(from)];
    m_project.tools.erase(m_project.tools.begin() + from);
    m_project.tools.insert(m_project.tools.begin() + to, t);
    Q_EMIT toolMoved(from, to);
}

void ProjectDocument::applyChoice(const project::ChoiceSetting& choice)
{
    m_project.choice = choice;
    Q_EMIT choiceChanged();
}

} // namespace tw::ui

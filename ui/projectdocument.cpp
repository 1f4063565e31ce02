#include "projectdocument.h"

#include "util/strings.h"

#include <QFileInfo>
#include <QUndoCommand>

namespace tw::ui {

namespace {

enum CommandId { ReplaceToolId = 1, SetPresetId = 2, ReplaceAllToolsId = 3 };

class ReplaceTool : public QUndoCommand {
public:
    ReplaceTool(ProjectDocument* doc, int index, json::Value before, json::Value after)
        : m_doc(doc), m_index(index), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(QStringLiteral("Edit tool"));
    }
    int id() const override { return ReplaceToolId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const ReplaceTool*>(other);
        if (o->m_index != m_index)
            return false;
        m_after = o->m_after;
        return true;
    }
    void redo() override { m_doc->applyToolReplace(m_index, m_after); }
    void undo() override { m_doc->applyToolReplace(m_index, m_before); }

private:
    ProjectDocument* m_doc; // not owned
    int m_index;
    json::Value m_before, m_after;
};

class InsertTool : public QUndoCommand {
public:
    InsertTool(ProjectDocument* doc, int index, json::Value tool, bool inverse)
        : m_doc(doc), m_index(index), m_tool(std::move(tool)), m_inverse(inverse)
    {
        setText(inverse ? QStringLiteral("Delete tool") : QStringLiteral("Add tool"));
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
    MoveTool(ProjectDocument* doc, int from, int to) : m_doc(doc), m_from(from), m_to(to) { setText(QStringLiteral("Move tool")); }
    void redo() override { m_doc->applyToolMove(m_from, m_to); }
    void undo() override { m_doc->applyToolMove(m_to, m_from); }

private:
    ProjectDocument* m_doc; // not owned
    int m_from, m_to;
};

class SetChoice : public QUndoCommand {
public:
    SetChoice(ProjectDocument* doc, project::ChoiceSetting before, project::ChoiceSetting after)
        : m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(QStringLiteral("Change tool choice"));
    }
    void redo() override { m_doc->applyChoice(m_after); }
    void undo() override { m_doc->applyChoice(m_before); }

private:
    ProjectDocument* m_doc; // not owned
    project::ChoiceSetting m_before, m_after;
};

class SetPreset : public QUndoCommand {
public:
    SetPreset(ProjectDocument* doc, int index, project::Preset before, project::Preset after)
        : m_doc(doc), m_index(index), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(QStringLiteral("Edit request preset"));
    }
    int id() const override { return SetPresetId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const SetPreset*>(other);
        if (o->m_index != m_index)
            return false;
        m_after = o->m_after; // typing in a field is one edit
        return true;
    }
    void redo() override { m_doc->applyPreset(m_index, m_after); }
    void undo() override { m_doc->applyPreset(m_index, m_before); }

private:
    ProjectDocument* m_doc; // not owned
    int m_index;
    project::Preset m_before, m_after;
};

class ReplaceAllTools : public QUndoCommand {
public:
    ReplaceAllTools(ProjectDocument* doc, std::vector<json::Value> before, std::vector<json::Value> after)
        : m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(QStringLiteral("Edit tool list"));
    }
    int id() const override { return ReplaceAllToolsId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        m_after = static_cast<const ReplaceAllTools*>(other)->m_after;
        return true;
    }
    void redo() override { m_doc->applyAllTools(m_after); }
    void undo() override { m_doc->applyAllTools(m_before); }

private:
    ProjectDocument* m_doc; // not owned
    std::vector<json::Value> m_before, m_after;
};

} // namespace

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent)
{
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

QString ProjectDocument::displayName() const
{
    if (!m_project.name.empty())
        return qs(m_project.name);
    if (!m_path.isEmpty())
        return QFileInfo(m_path).completeBaseName();
    return QStringLiteral("Untitled");
}

Result<void> ProjectDocument::load(const QString& path)
{
    auto p = project::load(path);
    if (!p)
        return p.error();
    // A bundled (resource) project has no file to save back to.
    reset(std::move(p).value(), path.startsWith(QLatin1Char(':')) ? QString() : path);
    return {};
}

Result<void> ProjectDocument::save(const QString& path)
{
    auto r = project::save(m_project, path);
    if (!r)
        return r;
    m_path = path;
    m_undo.setClean();
    return {};
}

void ProjectDocument::reset(project::Project p, const QString& path)
{
    m_project = std::move(p);
    m_path = path;
    m_undo.clear();
    Q_EMIT projectReset();
    Q_EMIT modifiedChanged(false);
}

void ProjectDocument::replaceTool(int index, json::Value tool)
{
    if (index < 0 || index >= int(m_project.tools.size()) || m_project.tools[size_t(index)].identical(tool))
        return;
    m_undo.push(new ReplaceTool(this, index, m_project.tools[size_t(index)], std::move(tool)));
}

void ProjectDocument::insertTool(int index, json::Value tool)
{
    index = std::clamp(index, 0, int(m_project.tools.size()));
    m_undo.push(new InsertTool(this, index, std::move(tool), false));
}

void ProjectDocument::removeTool(int index)
{
    if (index < 0 || index >= int(m_project.tools.size()))
        return;
    m_undo.push(new InsertTool(this, index, m_project.tools[size_t(index)], true));
}

void ProjectDocument::moveTool(int from, int to)
{
    const int n = int(m_project.tools.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    m_undo.push(new MoveTool(this, from, to));
}

void ProjectDocument::setChoice(const project::ChoiceSetting& choice)
{
    if (choice == m_project.choice)
        return;
    m_undo.push(new SetChoice(this, m_project.choice, choice));
}

void ProjectDocument::setPreset(int index, const project::Preset& preset)
{
    if (index < 0 || index >= int(m_project.presets.size()) || m_project.presets[size_t(index)] == preset)
        return;
    m_undo.push(new SetPreset(this, index, m_project.presets[size_t(index)], preset));
}

void ProjectDocument::applyPreset(int index, const project::Preset& preset)
{
    m_project.presets[size_t(index)] = preset;
    Q_EMIT presetChanged(index);
}

void ProjectDocument::replaceAllTools(std::vector<json::Value> tools)
{
    const auto& cur = m_project.tools;
    bool same = cur.size() == tools.size();
    for (std::size_t i = 0; same && i < tools.size(); ++i)
        same = cur[i].identical(tools[i]);
    if (!same)
        m_undo.push(new ReplaceAllTools(this, cur, std::move(tools)));
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

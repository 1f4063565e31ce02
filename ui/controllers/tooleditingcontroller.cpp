#include "controllers/tooleditingcontroller.h"

#include "project/expect.h"

#include "controllers/drafts.h"
#include "json/json.h"
#include "jsontext.h"
#include "models/toollistmodel.h"
#include "util/strings.h"
#include "wire/common_request.h"

#include <algorithm>
#include <string>

namespace tw::ui {

namespace {
constexpr std::string_view kName = "name";
constexpr std::string_view kTools = "tools";

bool isNamedTool(const json::Value& v) { return v.isObject() && v[kName].isString() && !v[kName].str().empty(); }
} // namespace

ToolEditingController::ToolEditingController(ProjectDocument* doc, QObject* parent)
    : QObject(parent),
      m_doc(doc),
      m_drafts(new Drafts(doc, this)),
      m_model(new ToolListModel(doc, m_drafts, this)) // connected first: see listModel()
{
    m_model->setRenameHandler([this](int row, const QString& name) {
        const QString why = renameTool(row, name);
        if (!why.isEmpty())
            Q_EMIT statusMessage(why);
        return why.isEmpty();
    });
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        reparseAll();
        afterChange();
        selectRow(m_doc->project().tools.empty() ? -1 : 0);
    });
    connect(m_doc, &ProjectDocument::toolChanged, this, [this](int row) {
        reparseRow(row);
        afterChange();
    });
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this] {
        reparseChanged();
        afterChange();
        // The editor keeps showing the list; a row past the end is the last one now.
        m_row = std::min(m_row, int(m_doc->project().tools.size()) - 1);
    });
    connect(m_doc, &ProjectDocument::toolInserted, this, [this](int row) {
        reparseAll();
        afterChange();
        selectRow(row);
    });
    connect(m_doc, &ProjectDocument::toolRemoved, this, [this](int row) {
        reparseAll();
        afterChange();
        const int n = int(m_doc->project().tools.size());
        selectRow(n == 0 ? -1 : std::min(row, n - 1));
    });
    connect(m_doc, &ProjectDocument::toolMoved, this, [this](int, int to) {
        reparseAll();
        afterChange();
        selectRow(to);
    });
    reparseAll();
    afterChange();
}

void ToolEditingController::selectRow(int row)
{
    m_row = row;
    Q_EMIT rowSelected(row);
}

void ToolEditingController::afterChange()
{
    QStringList names;
    names.reserve(qsizetype(m_doc->project().tools.size()));
    for (const json::Value& t : m_doc->project().tools)
        names << toQString(t[kName].str());
    if (names != m_names) {
        m_names = names;
        Q_EMIT namesChanged(m_names);
    }
    Q_EMIT toolsChanged();
}

void ToolEditingController::reparseAll()
{
    m_parsed.clear();
    m_toolsError.reset();
    m_toolsErrorRow = -1;
    const auto& tools = m_doc->project().tools;
    m_parsed.reserve(tools.size());
    for (std::size_t i = 0; i < tools.size(); ++i) {
        auto t = wire::parseTool(tools[i]);
        if (!t || !*t) {
            Error e = t ? makeError("not_a_tool", "not a tool definition") : t.error();
            e.message =
                "tool " + std::to_string(i + 1) + " (" + std::string(tools[i][kName].str()) + "): " + (e.message.empty() ? e.category : e.message);
            m_toolsError = e;
            m_toolsErrorRow = int(i);
            m_parsed.clear();
            return;
        }
        m_parsed.push_back(std::move(**t));
    }
    m_parsedFrom = tools;
}

void ToolEditingController::reparseChanged()
{
    const auto& tools = m_doc->project().tools;
    if (m_toolsError || tools.size() != m_parsedFrom.size() || tools.size() != m_parsed.size()) {
        reparseAll();
        return;
    }
    for (std::size_t i = 0; i < tools.size(); ++i) {
        if (tools[i].identical(m_parsedFrom[i]))
            continue; // values are shared subtrees: unchanged entries compare fast
        auto t = wire::parseTool(tools[i]);
        if (!t || !*t) {
            reparseAll();
            return;
        }
        m_parsed[i] = std::move(**t);
        m_parsedFrom[i] = tools[i];
    }
}

void ToolEditingController::reparseRow(int row)
{
    const auto& tools = m_doc->project().tools;
    if (m_toolsError || m_parsed.size() != tools.size() || row < 0 || row >= int(tools.size())) {
        reparseAll();
        return;
    }
    auto t = wire::parseTool(tools[size_t(row)]);
    if (!t || !*t) {
        reparseAll(); // records the error with its tool
        return;
    }
    m_parsed[size_t(row)] = std::move(**t);
    m_parsedFrom[size_t(row)] = tools[size_t(row)];
}

std::optional<ToolEditingController::EditProblem> ToolEditingController::applyEdit(std::string_view text, bool wholeList,
                                                                                   ProjectDocument::EditKind kind, const QString& step)
{
    m_note.clear();
    const int row = wholeList ? Drafts::kWholeList : m_row;
    auto refuse = [&](EditProblem p) {
        if (wholeList || (m_row >= 0 && m_row < int(m_doc->project().tools.size())))
            m_drafts->set(row, Drafts::Draft{QString::fromUtf8(text.data(), qsizetype(text.size())), p.hint, p.offset});
        return std::optional<EditProblem>(std::move(p));
    };
    auto parsed = json::parse(text);
    if (!parsed) {
        const json::ParseError& e = parsed.error();
        const QString expected = wholeList ? tr("The whole list is a JSON array of tools: [{\"name\": …}, …].")
                                           : tr("A tool is a JSON object: {\"name\": …, \"description\": …, \"input_schema\": {…}}.");
        return refuse(EditProblem{describeParseError(text, e, expected), e.pos.offset});
    }
    if (wholeList) {
        const json::Value* list = &*parsed;
        // The shape tool listings come in (an MCP tools/list result, many exports).
        if (parsed->isObject() && (*parsed)[kTools].isArray()) {
            list = &(*parsed)[kTools];
            m_note = tr("Read the \"tools\" array of this object (%n tool(s)).", nullptr, int(list->size()));
        }
        if (!list->isArray())
            return refuse(EditProblem{tr("The whole list is a JSON array of tools, or an object with a \"tools\" array."), std::nullopt});
        std::size_t i = 0;
        for (const json::Value& t : list->items()) {
            ++i;
            if (!isNamedTool(t))
                return refuse(EditProblem{tr("Tool %1 needs a non-empty string \"name\".").arg(i), std::nullopt});
        }
        m_drafts->discard(row);
        m_doc->replaceAllTools(std::vector<json::Value>(list->items().begin(), list->items().end()), kind);
        return std::nullopt;
    }
    if (m_row < 0 || m_row >= int(m_doc->project().tools.size()))
        return EditProblem{tr("Select a tool to edit, or add one."), std::nullopt};
    if (!isNamedTool(*parsed))
        return refuse(EditProblem{tr("A tool is an object with a non-empty string \"name\"."), std::nullopt});
    m_drafts->discard(row);
    m_doc->replaceTool(m_row, *parsed, kind, step);
    return std::nullopt;
}

void ToolEditingController::setDescription(int row, const QString& text)
{
    const auto& tools = m_doc->project().tools;
    if (row < 0 || row >= int(tools.size()) || m_drafts->at(row))
        return;
    const json::Value& t = tools[size_t(row)];
    m_doc->replaceTool(row, t.set("description", toStdString(text)), ProjectDocument::EditKind::Typing,
                       tr("Edit the description of %1").arg(toQString(t[kName].str())));
}

void ToolEditingController::addTool()
{
    int n = 1;
    std::string name = "new_tool";
    while (m_doc->project().findTool(name))
        name = "new_tool_" + std::to_string(++n);
    json::Value tool{{"name", name},
                     {"description", "Describe when the model should call this tool."},
                     {"input_schema", json::Value{{"type", "object"}, {"properties", json::Value::emptyObject()}}}};
    m_doc->insertTool(m_row < 0 ? int(m_doc->project().tools.size()) : m_row + 1, tool);
}

void ToolEditingController::duplicateTool()
{
    if (m_row < 0)
        return;
    const json::Value& t = m_doc->project().tools[size_t(m_row)];
    std::string name = std::string(t[kName].str()) + "_copy";
    while (m_doc->project().findTool(name))
        name += "_copy";
    m_doc->insertTool(m_row + 1, t.set("name", name), tr("Duplicate tool %1").arg(toQString(t[kName].str())));
}

QString ToolEditingController::renameTool(int row, const QString& newName)
{
    const auto& tools = m_doc->project().tools;
    if (row < 0 || row >= int(tools.size()))
        return tr("No such tool");
    const std::string name = toStdString(newName.trimmed());
    const std::string old(tools[size_t(row)][kName].str());
    if (name.empty())
        return tr("A tool needs a name");
    if (name == old)
        return {};
    if (m_doc->project().findTool(name))
        return tr("A tool named \"%1\" exists already").arg(toQString(name));
    if (m_drafts->at(row))
        return tr("%1 has a draft that does not parse: fix or discard it first").arg(toQString(old));
    // Everything that names the tool follows it, in the same step.
    auto renamed = [&](std::vector<std::string> names) {
        for (std::string& n : names)
            if (n == old)
                n = name;
        return names;
    };
    m_doc->beginStep(tr("Rename tool %1 to %2").arg(toQString(old), toQString(name)));
    m_doc->replaceTool(row, tools[size_t(row)].set("name", name));
    project::ChoiceSetting choice = m_doc->project().choice;
    if (choice.name == old)
        choice.name = name;
    if (choice.allowedTools)
        choice.allowedTools = renamed(*choice.allowedTools);
    m_doc->setChoice(choice);
    const auto& presets = m_doc->project().presets;
    for (std::size_t i = 0; i < presets.size(); ++i) {
        project::Preset p = presets[i];
        if (p.choice && p.choice->name == old)
            p.choice->name = name;
        if (p.choice && p.choice->allowedTools)
            p.choice->allowedTools = renamed(*p.choice->allowedTools);
        if (p.tools)
            p.tools = renamed(*p.tools);
        // Its expectations too: a check of the old name could only fail (`toolwire run`).
        p.expect = project::renameToolIn(p.expect, old, name);
        m_doc->setPreset(int(i), p, ProjectDocument::EditKind::Change);
    }
    // And the mock MCP script for it: under the old name, no call reached it.
    if (m_doc->project().mockTools.find(old)) {
        project::Project p = m_doc->project();
        json::ObjectBuilder scripts; // the same members in the same order, one renamed
        for (const json::Member& m : p.mockTools.members())
            scripts.set(m.name() == old ? std::string_view(name) : m.name(), m.value);
        p.mockTools = std::move(scripts).build();
        m_doc->replaceProject(std::move(p), tr("Rename tool %1 to %2").arg(toQString(old), toQString(name)));
    }
    m_doc->endStep();
    return {};
}

void ToolEditingController::deleteTool()
{
    if (m_row >= 0)
        m_doc->removeTool(m_row);
}

ToolEditingController::ImportCount ToolEditingController::importTools(std::vector<json::Value> tools, const QString& source)
{
    ImportCount count;
    std::vector<json::Value> fresh;
    for (json::Value& t : tools) {
        bool taken = m_doc->project().findTool(t[kName].str()) != nullptr;
        for (const json::Value& f : fresh)
            taken = taken || f[kName].str() == t[kName].str();
        if (taken)
            ++count.skipped;
        else
            fresh.push_back(std::move(t));
    }
    count.added = int(fresh.size());
    if (fresh.empty())
        return count;
    m_doc->beginStep(source.isEmpty() ? tr("Import %n tool(s)", nullptr, count.added)
                                      : tr("Import %n tool(s) from %1", nullptr, count.added).arg(source));
    for (json::Value& t : fresh)
        m_doc->insertTool(int(m_doc->project().tools.size()), std::move(t));
    m_doc->endStep();
    return count;
}

} // namespace tw::ui

#include "controllers/tooleditingcontroller.h"

#include "json/json.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "wire/common_request.h"

#include <algorithm>
#include <string>

namespace tw::ui {

namespace {
constexpr std::string_view kName = "name";

bool isNamedTool(const json::Value& v) { return v.isObject() && v[kName].isString() && !v[kName].str().empty(); }
} // namespace

ToolEditingController::ToolEditingController(ProjectDocument* doc, QObject* parent)
    : QObject(parent), m_doc(doc), m_model(new ToolListModel(doc, this)) // connected first: see listModel()
{
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
        names << qs(t[kName].str());
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
    const auto& tools = m_doc->project().tools;
    m_parsed.reserve(tools.size());
    for (std::size_t i = 0; i < tools.size(); ++i) {
        auto t = wire::parseTool(tools[i]);
        if (!t || !*t) {
            Error e = t ? makeError("not_a_tool", "not a tool definition") : t.error();
            e.message = "tool " + std::to_string(i + 1) + " (" + std::string(tools[i][kName].str()) + "): " +
                        (e.message.empty() ? e.category : e.message);
            m_toolsError = e;
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

std::optional<ToolEditingController::EditProblem> ToolEditingController::applyEdit(std::string_view text, bool wholeList)
{
    auto parsed = json::parse(text);
    if (!parsed) {
        const json::ParseError& e = parsed.error();
        return EditProblem{tr("Line %1, column %2: %3").arg(e.pos.line).arg(e.pos.column).arg(qs(e.message)), e.pos.offset};
    }
    if (wholeList) {
        if (!parsed->isArray())
            return EditProblem{tr("The whole list is a JSON array of tools."), std::nullopt};
        std::size_t i = 0;
        for (const json::Value& t : parsed->items()) {
            ++i;
            if (!isNamedTool(t))
                return EditProblem{tr("Tool %1 needs a non-empty string \"name\".").arg(i), std::nullopt};
        }
        m_doc->replaceAllTools(std::vector<json::Value>(parsed->items().begin(), parsed->items().end()));
        return std::nullopt;
    }
    if (!isNamedTool(*parsed))
        return EditProblem{tr("A tool is an object with a non-empty string \"name\"."), std::nullopt};
    if (m_row < 0 || m_row >= int(m_doc->project().tools.size()))
        return EditProblem{tr("Select a tool to edit, or add one."), std::nullopt};
    m_doc->replaceTool(m_row, *parsed);
    return std::nullopt;
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
    m_doc->insertTool(m_row + 1, t.set("name", name));
}

void ToolEditingController::deleteTool()
{
    if (m_row >= 0)
        m_doc->removeTool(m_row);
}

ToolEditingController::ImportCount ToolEditingController::importTools(std::vector<json::Value> tools)
{
    ImportCount count;
    for (json::Value& t : tools) {
        if (m_doc->project().findTool(t[kName].str())) {
            ++count.skipped;
            continue;
        }
        m_doc->insertTool(int(m_doc->project().tools.size()), std::move(t));
        ++count.added;
    }
    return count;
}

} // namespace tw::ui

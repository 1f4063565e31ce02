#include "controllers/wirepreviewcontroller.h"

#include "lint/rules.h"
#include "lint/toollint.h"
#include "project/requestinput.h"

#include "choicenotes.h"
#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "projectdocument.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "util/linediff.h"
#include "util/strings.h"
#include "wire/preview.h"
#include "wire/registry.h"

namespace tw::ui {

namespace {
// Where a copied request needs a key: never the key itself.
constexpr const char* kKeyPlaceholder = "KEY-PLACEHOLDER-NOT-A-KEY";
// The user turn of a request built only to be checked.
constexpr std::string_view kCheckMessage = "(the request a send would build)";
} // namespace

WireReport wireReport(const project::Project& p, int preset, wire::Wire w)
{
    WireReport out;
    const wire::Dialect& d = wire::dialect(w);
    provider::RequestInput in;
    std::string presetPath;
    if (preset >= 0 && preset < int(p.presets.size())) {
        auto r = project::requestInput(p, p.presets[std::size_t(preset)]);
        if (r) {
            in = std::move(*r);
            presetPath = "/presets/" + std::to_string(preset);
            in.choicePath = p.presets[std::size_t(preset)].choice ? presetPath + "/tool_choice" : std::string("/tool_choice");
            in.requestPath = presetPath;
        }
    }
    // The tools the request carries: a preset's own list (each at its place in the project
    // file), or every tool of the project. Checking every tool for a preset that sends two
    // reported findings and tokens of tools its request does not hold.
    std::vector<lint::ToolRef> refs;
    std::vector<tokens::MeterTool> meterTools;
    const auto add = [&](const json::Value& tool, std::size_t at) {
        refs.push_back({tool, "/tools/" + std::to_string(at)});
        meterTools.push_back({tool, refs.back().path});
    };
    if (!presetPath.empty() && p.presets[std::size_t(preset)].tools) {
        for (const std::string& name : *p.presets[std::size_t(preset)].tools)
            if (const json::Value* tool = p.findTool(name)) // each found: requestInput built
                add(*tool, std::size_t(tool - p.tools.data()));
    } else {
        for (std::size_t i = 0; i < p.tools.size(); ++i)
            add(p.tools[i], i);
    }
    lint::SortedTools sorted = lint::sortTools(d, refs);
    out.findings = std::move(sorted.findings);
    out.loss = std::move(sorted.loss);
    if (presetPath.empty()) {
        in.profile = provider::profileForWire(w);
        in.choice = p.choice;
        in.choicePath = "/tool_choice";
        in.messages = json::Value(std::vector<json::Value>{json::Value{{"role", "user"}, {"content", kCheckMessage}}});
        in.maxTokens = 1024;
        in.lowerOn = project::lowerOn(p); // requestInput sets it for a preset
    }
    if (!in.profile.isMock() && in.profile.wire != w) {
        in.profile = provider::profileForWire(w);
        in.model.clear();
        in.baseUrl.clear();
        in.urlVars.clear();
    }
    in.wire = w;
    if (in.model.empty())
        in.model = in.profile.defaultModel;
    in.tools.clear();
    in.toolPaths.clear();
    for (const lint::ToolRef& r : sorted.functions) {
        in.tools.push_back(r.tool);
        in.toolPaths.push_back(r.path);
    }
    const std::string model = in.model;
    auto built = provider::buildRequest(in, std::nullopt, true);
    if (built) {
        out.findings.insert(out.findings.end(), built->findings.begin(), built->findings.end());
        out.loss.insert(out.loss.end(), built->loss.begin(), built->loss.end());
    } else {
        out.findings.push_back(lint::makeFinding("request.invalid", d, {{"detail", built.error().message}}, json::Value(), presetPath));
    }
    out.findings = lint::merge(std::move(out.findings));
    out.loss = lint::merge(std::move(out.loss));

    auto counted = tokens::estimate(w, meterTools);
    if (counted) {
        counted->costs = tokens::costs(w, counted->total, model);
        out.tokens = std::move(*counted);
    } else {
        out.tokenError = toQString(counted.error().message);
    }
    return out;
}

WirePreviewController::WirePreviewController(ProjectDocument* doc, const ToolEditingController* tools, const Services& services, QObject* parent)
    : QObject(parent), m_doc(doc), m_tools(tools), m_services(services)
{
}

std::optional<json::Value> WirePreviewController::wholeRequest(std::size_t index) const
{
    // The body of the current preset on this wire, exactly as Send would build it.
    const auto& p = m_doc->project();
    if (m_preset < 0 || m_preset >= int(p.presets.size()))
        return std::nullopt;
    auto in = project::requestInput(p, p.presets[size_t(m_preset)]);
    if (!in)
        return std::nullopt;
    in->wire = shownWires()[index];
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    auto built = provider::buildRequest(*in, std::nullopt, true);
    if (!built)
        return std::nullopt;
    return std::move(built->body);
}

Result<WirePreviewController::Rendered, QString> WirePreviewController::render(std::size_t index, bool whole) const
{
    if (index >= shownWires().size())
        return tr("No such wire");
    const wire::Wire w = shownWires()[index];
    auto rendered = [w](const json::Value& v) {
        const auto prompt = wire::toolPromptIn(w, v); // nullopt at once on a wire without one
        return Rendered{json::pretty(v), prompt ? toQString(*prompt) : QString()};
    };
    if (whole) {
        // Why a preset builds no request is said where it is fixed: the Request dock, Send.
        auto body = wholeRequest(index);
        if (!body)
            return tr("No whole request to show");
        return rendered(*body);
    }
    if (const auto& error = m_tools->toolsError())
        return toQString(error->message);
    const auto& setting = m_doc->project().choice;
    auto choice = wire::choiceFromSetting(setting);
    if (!choice)
        return toQString(choice.error().message);
    auto fields = wire::requestToolFields(w, m_tools->parsedTools(), *choice, setting.allowedTools);
    if (!fields)
        return toQString(fields.error().message.empty() ? fields.error().category : fields.error().message);
    return rendered(*fields);
}

WirePreviewController::ChoiceNote WirePreviewController::choiceNote(std::size_t index) const
{
    const auto& p = m_doc->project();
    if (QString problem = choiceProblem(p); !problem.isEmpty())
        return {problem, true};
    return {wireChoiceNote(p, index), false};
}

QString WirePreviewController::diff(std::size_t index, const std::string& shown, DiffTarget target, bool whole) const
{
    std::string other, otherName;
    switch (target.kind) {
    case DiffTarget::Kind::None: return {};
    case DiffTarget::Kind::LastSent:
        if (m_lastSent.isNull())
            return tr("Nothing has been sent yet: Send (Ctrl+Enter) first.");
        other = json::pretty(m_lastSent);
        otherName = "last sent request body";
        break;
    case DiffTarget::Kind::Wire: {
        auto t = render(target.wire, whole);
        if (!t)
            return t.error();
        other = std::move(t->text);
        otherName = toStdString(wireLabel(target.wire));
        break;
    }
    }
    const util::LineDiff d = util::diffLines(other, shown);
    return toQString(util::unifiedDiff(d, otherName, toStdString(wireLabel(index))));
}

Result<std::string, QString> WirePreviewController::exportRequest(ExportFormat format) const
{
    const auto& p = m_doc->project();
    if (m_preset < 0 || m_preset >= int(p.presets.size()))
        return QString();
    auto in = project::requestInput(p, p.presets[size_t(m_preset)]);
    if (!in)
        return toQString(in.error().message);
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    if (in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:") {
        if (provider::MockProvider* mock = startedMock(m_services))
            in->baseUrl = toStdString(mock->baseUrl(in->wire.value_or(in->profile.wire)));
    }
    const std::optional<std::string> placeholder = in->profile.auth.scheme == "none" ? std::nullopt : std::optional<std::string>(kKeyPlaceholder);
    auto built = provider::buildRequest(*in, placeholder, true);
    if (!built)
        return toQString(built.error().message);
    return format == ExportFormat::Curl ? provider::curlCommand(*built) : provider::rawHttpText(*built);
}

WireReport WirePreviewController::report(std::size_t index, bool whole) const
{
    if (index >= shownWires().size())
        return {};
    return wireReport(m_doc->project(), whole ? m_preset : -1, shownWires()[index]);
}

std::function<WireReport()> WirePreviewController::reportJob(std::size_t index, bool whole) const
{
    if (index >= shownWires().size())
        return [] { return WireReport{}; };
    return [p = m_doc->project(), preset = whole ? m_preset : -1, w = shownWires()[index]] { return wireReport(p, preset, w); };
}

bool WirePreviewController::reportIsCheap() const { return reportsAreCheap(m_doc->project()); }

bool reportsAreCheap(const project::Project& p)
{
    constexpr std::size_t kCheapTools = 64; // the example has 7; 1000 took seconds per wire
    return p.tools.size() <= kCheapTools;
}

} // namespace tw::ui

#include "controllers/historycontroller.h"

#include "controllers/importcontroller.h"
#include "controllers/loopcontroller.h"
#include "controllers/sendcontroller.h"
#include "json/json.h"
#include "project/runner.h"
#include "projectdocument.h"
#include "provider/keys.h"
#include "provider/profile.h"
#include "util/strings.h"
#include "wire/reply.h"
#include "wire/wire.h"

namespace tw::ui {

namespace {

constexpr int kNoteMs = 8000;
constexpr std::string_view kBody = "body";
constexpr std::string_view kHeaders = "headers";
constexpr std::string_view kName = "name";
constexpr std::string_view kWire = "wire";
constexpr std::string_view kStatus = "status";
constexpr std::string_view kRaw = "raw";
constexpr std::string_view kTools = "tools";
constexpr std::string_view kCalled = "called";
constexpr std::string_view kFinish = "finish";
constexpr std::string_view kMockProfile = "mock";

std::vector<provider::Profile> ownProfiles(const project::Project& p)
{
    std::vector<provider::Profile> own;
    for (const json::Value& v : p.profiles.items())
        if (auto pr = provider::profileFromJson(v))
            own.push_back(*pr);
    return own;
}

QStringList envSecrets(const project::Project& p, const std::string& profile)
{
    QStringList out;
    const std::vector<provider::Profile> own = ownProfiles(p); // findProfile points into it
    if (const provider::Profile* pr = provider::findProfile(profile, own))
        if (auto key = provider::keyFromEnvironment(*pr).key; key && !key->empty())
            out << toQString(*key);
    return out;
}

// The entry's request read back as an import plan: its tools, and one preset.
Result<ImportController::Plan> planOf(ProjectDocument* doc, const history::Entry& e, const QString& source)
{
    const json::Value& body = e.request[kBody];
    if (!body.isObject())
        return makeError("malformed_input", "history entry " + std::to_string(e.id) + " has no JSON request body");
    const std::string text = json::compact(body);
    ImportController importer(doc);
    auto plan = importer.prepare(QByteArray(text.data(), qsizetype(text.size())), source);
    if (!plan)
        return plan.error();
    if (plan->imported.project.presets.empty())
        return makeError("malformed_input", "history entry " + std::to_string(e.id) + ": the request body is no provider request");
    for (auto& c : plan->conflicts)
        c.resolution = ImportController::Resolution::KeepExisting; // the project's definitions stay
    return plan;
}

} // namespace

HistoryController::HistoryController(ProjectDocument* doc, const Services& services, std::function<int()> currentPreset, QObject* parent)
    : QObject(parent), m_doc(doc), m_services(services), m_currentPreset(std::move(currentPreset))
{
}

HistoryController::~HistoryController() = default;

history::Store* HistoryController::store(std::optional<Error>* error)
{
    const QString path = history::Store::defaultPath();
    if (m_store && m_storePath == path)
        return m_store.get();
    m_store.reset();
    auto opened = history::Store::open(path);
    if (!opened) {
        if (error)
            *error = opened.error();
        return nullptr;
    }
    m_store = std::move(*opened);
    m_storePath = path;
    return m_store.get();
}

QString HistoryController::databasePath() const { return history::Store::defaultPath(); }

void HistoryController::recordFrom(const SendController* send, const LoopController* loops)
{
    connect(send, &SendController::finished, this, [this](const provider::Exchange& x) { record({x}); });
    connect(loops, &LoopController::finished, this, [this](const loop::Outcome& o) {
        std::vector<provider::Exchange> sent;
        for (const loop::Round& r : o.rounds)
            sent.push_back(r.exchange);
        record(sent);
    });
}

void HistoryController::record(const std::vector<provider::Exchange>& exchanges)
{
    const project::Project& p = m_doc->project();
    const int index = m_currentPreset ? m_currentPreset() : -1;
    std::string preset, profile, model;
    if (index >= 0 && index < int(p.presets.size())) {
        preset = p.presets[size_t(index)].name;
        profile = p.presets[size_t(index)].profile;
        model = p.presets[size_t(index)].model;
    }
    recordFor(exchanges, preset, profile, model);
}

void HistoryController::recordFor(const std::vector<provider::Exchange>& exchanges, const std::string& preset, const std::string& profile,
                                  const std::string& model)
{
    if (exchanges.empty() || !enabled())
        return;
    std::optional<Error> failure;
    history::Store* s = store(&failure);
    if (!s) {
        Q_EMIT statusMessage(tr("Sent, but not kept in the history: %1").arg(toQString(failure->message)), kNoteMs);
        return;
    }
    history::Context c;
    c.source = "window";
    c.project = toStdString(m_doc->filePath());
    c.preset = preset;
    c.profile = profile;
    c.secrets = envSecrets(m_doc->project(), profile);
    for (const provider::Exchange& x : exchanges) {
        // The model sent, as the body says (the preset's may be empty: the profile's default).
        c.model = x.requestBody["model"].isString() ? std::string(x.requestBody["model"].str()) : model;
        if (auto added = s->add(history::fromExchange(x, c), c.secrets); !added) {
            Q_EMIT statusMessage(tr("Sent, but not kept in the history: %1").arg(toQString(added.error().message)), kNoteMs);
            return;
        }
    }
    Q_EMIT recorded();
}

Result<std::vector<history::Entry>> HistoryController::search(const history::Query& q)
{
    std::optional<Error> failure;
    history::Store* s = store(&failure);
    if (!s)
        return *failure;
    return s->search(q);
}

Result<std::optional<history::Entry>> HistoryController::entry(long long id)
{
    std::optional<Error> failure;
    history::Store* s = store(&failure);
    if (!s)
        return *failure;
    return s->get(id);
}

Result<long long> HistoryController::prune(int maxAgeDays, qint64 maxBytes)
{
    std::optional<Error> failure;
    history::Store* s = store(&failure);
    if (!s)
        return *failure;
    auto removed = s->prune(maxAgeDays, 0);
    if (!removed || maxBytes < 0)
        return removed;
    auto bySize = s->pruneToSize(maxBytes);
    if (!bySize)
        return bySize.error();
    return *removed + *bySize;
}

Result<qint64> HistoryController::storedBytes()
{
    std::optional<Error> failure;
    history::Store* s = store(&failure);
    if (!s)
        return *failure;
    return s->storedBytes();
}

provider::Exchange HistoryController::toExchange(const history::Entry& e)
{
    provider::Exchange x;
    x.method = e.method;
    x.url = e.url;
    for (const json::Member& h : e.request[kHeaders].members())
        x.requestHeaders.append({toByteArray(h.name()), toByteArray(h.value.isString() ? h.value.str() : json::compact(h.value))});
    x.requestBody = e.request[kBody];
    x.status = e.status;
    x.raw = e.response;
    const std::string_view bytes(x.raw.constData(), std::size_t(x.raw.size()));
    x.events = provider::eventsOf(bytes);
    x.stream = x.events.size() > 0;
    x.wire = wire::fromName(e.wire);
    x.reply = wire::readReply(bytes, x.wire);
    if (auto doc = json::parse(bytes))
        x.document = *doc;
    if (!e.error.empty())
        x.error = makeError("history", e.error);
    return x;
}

Result<project::Project> HistoryController::withRecording(const history::Entry& e) const
{
    if (QString::fromUtf8(e.response).toUtf8() != e.response)
        return makeError("malformed_input",
                         "history entry " + std::to_string(e.id) +
                             ": the response is binary (an event stream) and cannot be kept as a recorded response in the project");
    auto plan = planOf(m_doc, e, tr("history entry %1").arg(e.id));
    if (!plan)
        return plan.error();
    project::Preset& preset = plan->imported.project.presets.front();
    preset.name =
        "Recorded #" + std::to_string(e.id) + " (" + (e.profile.empty() ? e.wire : e.profile) + (e.model.empty() ? "" : ", " + e.model) + ")";
    preset.profile = std::string(kMockProfile);
    preset.wire = e.wire;
    preset.baseUrl.clear();
    preset.urlVars = json::Value();
    json::ObjectBuilder recording;
    if (!e.wire.empty())
        recording.append(kWire, json::Value(e.wire));
    if (e.status)
        recording.append(kStatus, json::Value(e.status));
    recording.append(kRaw, json::Value(toStdString(e.response)));
    preset.extra.push_back(json::Member(project::kRecordedResponse, std::move(recording).build()));
    // What it answered becomes what it must keep answering.
    std::vector<json::Value> called;
    for (const json::Value& c : e.calls.items())
        if (std::find_if(called.begin(), called.end(), [&](const json::Value& v) { return v.str() == c[kName].str(); }) == called.end())
            called.emplace_back(c[kName].str());
    if (!called.empty())
        preset.expect = json::Value{{kTools, json::Value{{kCalled, json::Value(std::move(called))}}}};
    else if (!e.finish.empty())
        preset.expect = json::Value{{kFinish, json::Value(e.finish)}};
    ImportController importer(m_doc);
    return importer.merged(*plan);
}

Result<QString> HistoryController::saveAsRecording(const history::Entry& e)
{
    auto p = withRecording(e);
    if (!p)
        return p.error();
    const std::string name = p->presets.back().name;
    m_doc->replaceProject(std::move(*p), tr("Save history entry %1 as a recorded response").arg(e.id));
    return tr("Saved history entry %1 as the preset \"%2\": it replays the recorded response offline").arg(e.id).arg(toQString(name));
}

bool HistoryController::isResending() const { return m_runner && m_runner->isRunning(); }

Result<void> HistoryController::resend(const history::Entry& e)
{
    if (isResending())
        return makeError("busy", "a request from the history is on its way");
    auto plan = planOf(m_doc, e, tr("history entry %1").arg(e.id));
    if (!plan)
        return plan.error();
    project::Preset& preset = plan->imported.project.presets.front();
    const auto own = ownProfiles(m_doc->project());
    if (!e.profile.empty() && provider::findProfile(e.profile, own)) {
        preset.profile = e.profile;
        const provider::Profile* pr = provider::findProfile(e.profile, own);
        preset.wire = pr->isMock() ? e.wire : std::string();
    }
    preset.name = "Resent #" + std::to_string(e.id);
    ImportController importer(m_doc);
    auto temp = importer.merged(*plan);
    if (!temp)
        return temp.error();
    m_runner = std::make_unique<project::PresetRunner>(m_services.network);
    const project::Preset sent = temp->presets.back();
    connect(m_runner.get(), &project::PresetRunner::finished, this, [this, sent](const project::RunResult& r) {
        recordFor(r.exchanges, sent.name, r.profile, r.model);
        if (!r.exchanges.empty())
            Q_EMIT resent(r.exchanges.back());
        else if (r.observation.error)
            Q_EMIT statusMessage(tr("Re-send failed: %1").arg(toQString(r.observation.error->message)), kNoteMs);
    });
    m_runner->start(*temp, sent, {});
    return {};
}

} // namespace tw::ui

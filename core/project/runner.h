#pragma once
// Running a preset as a test: one request, or the whole tool loop when its expectations say
// "mode": "loop" (the project's mock MCP tools answer the calls), then what was observed
// for expect.h to check. The mock profile is served by a built-in mock provider the runner
// owns (scripted with the project's "mock_provider" before every run, so runs are
// independent); other profiles go to the provider with the key the caller resolves.
//
// A job: start() → requestFinished()* → finished(result), exactly once per start; cancel()
// ends a run early (finished with a "stopped" error). One run at a time per runner.

#include "json/value.h"
#include "project/expect.h"
#include "project/project.h"
#include "provider/exchange.h"
#include "provider/profile.h"
#include "provider/request.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QNetworkAccessManager;

namespace tw::provider {
class MockProvider;
class ProviderCall;
} // namespace tw::provider
namespace tw::mcp {
class Client;
}
namespace tw::loop {
class LiveLoop;
struct Outcome;
} // namespace tw::loop

namespace tw::project {

// A preset's own recorded response: an optional "recorded_response" member holding a canned
// reply in the mock provider's JSON form (provider/mockprovider.h, cannedReplyFromJson), e.g.
// a response saved from the history. When the preset runs on the mock, it answers the
// preset's first request, ahead of the project's "mock_provider" script; other presets never
// see it. The project keeps the member verbatim (an unknown preset member).
inline constexpr std::string_view kRecordedResponse = "recorded_response";

// The mock script a preset runs with: the project's, with the preset's recorded response
// (if any) queued first.
json::Value mockScriptFor(const Project& p, const Preset& preset);

struct RunOptions {
    // Another provider profile for every preset ("" keeps the preset's). A profile other
    // than the mock speaks its own wire; a model written for the old profile's default
    // becomes the new profile's default.
    std::string profile;
    std::string baseUrl; // instead of the preset's ("" keeps it; "mock:" is the built-in mock; typed: the user's consent)
    std::string project; // the project file's canonical path, for remembered consent (provider/trust.h)
    bool trustProject = false; // --trust-project: the project's keys may go where its profiles say
    // The key for a profile; null: the profile's environment variables.
    std::function<std::optional<std::string>(const provider::Profile&)> key;
};

// The preset as it will be sent with these options: the request input (profile, wire,
// base URL and model overrides applied). Errors: requestInput's.
Result<provider::RequestInput> runInput(const Project& p, const Preset& preset, const RunOptions& o);

struct RunResult {
    Observation observation;
    std::vector<provider::Exchange> exchanges; // every request sent, in order (keys redacted)
    QStringList secrets; // to scrub from anything shown
    qint64 elapsedMs = 0;
    bool loop = false; // ran as a tool loop
    std::string profile; // the profile and model it ran with
    std::string model;
};

class PresetRunner : public QObject {
    Q_OBJECT
public:
    // nam is not owned and must outlive the runner.
    explicit PresetRunner(QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~PresetRunner() override;

    // The project is copied; a second start() while running is ignored.
    void start(const Project& project, const Preset& preset, const RunOptions& options);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void requestFinished(const tw::provider::Exchange& exchange);
    void finished(const tw::project::RunResult& result);

private:
    void startRequest(const provider::RequestInput& in);
    void startLoop(provider::RequestInput in);
    void finishWith(std::optional<Error> error);
    void finishLoop(const loop::Outcome& o);

    QNetworkAccessManager* m_nam; // not owned
    std::unique_ptr<provider::MockProvider> m_mock;
    std::unique_ptr<provider::ProviderCall> m_call;
    std::unique_ptr<mcp::Client> m_client;
    std::unique_ptr<loop::LiveLoop> m_loop;
    Project m_project;
    std::optional<std::string> m_key;
    bool m_running = false;
    QElapsedTimer m_clock;
    RunResult m_result;
};

} // namespace tw::project

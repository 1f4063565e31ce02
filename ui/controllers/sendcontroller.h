#pragma once
// Sends the current preset: resolves the key (environment, then keyring, asynchronously),
// builds the request through core, starts the built-in mock provider when the profile is
// the mock, and runs a ProviderCall. One request at a time; cancel() at any time. The
// window shows progress from the signals; nothing here blocks.
// A key the project would send to an origin it is not trusted for (provider/trust.h) is not
// sent: consentNeeded() asks the window, which sends again with the user's answer.
//
// The call itself runs off the GUI thread (issue 15: a 100 MB stream held the window for
// half a minute): the key, the consent and the request are settled here, then a worker on
// the controller's own thread, with its own QNetworkAccessManager, receives the reply,
// decodes the stream and assembles the calls. The window gets what changed as LiveUpdates,
// at most one every kLiveIntervalMs and never more than one waiting: a window busy
// elsewhere gets fewer, larger updates, not a queue of them. The exchange at the end is the
// ProviderCall's, the same as on any thread.

#include "provider/exchange.h"
#include "provider/request.h"
#include "provider/trust.h"
#include "services.h"

#include <QObject>

#include <memory>

class QThread;

namespace tw::ui {

class ProjectDocument;
class SendWorker;

// What arrived since the previous update of the same send.
struct LiveUpdate {
    provider::EventLog events; // the events kept since the previous update, in order
    std::size_t omitted = 0; // events the exchange's log did not keep, in all so far
    // The calls: when callsChanged, the reply now has callCount calls, and `calls` holds
    // those from number firstCall on (the ones before are as the previous update left them).
    bool callsChanged = false;
    std::size_t firstCall = 0;
    std::size_t callCount = 0;
    std::vector<model::ToolCall> calls;
    // The text: textAdded follows what came before, or replaces it all when textReplaced.
    std::string textAdded;
    bool textReplaced = false;

    bool hasEvents() const { return !events.empty() || omitted > 0; }
    bool hasProgress() const { return callsChanged || textReplaced || !textAdded.empty(); }
};

inline constexpr int kLiveIntervalMs = 50;

class SendController : public QObject {
    Q_OBJECT
public:
    // doc is not owned; the services (network, keys, the mock provider) are shared.
    SendController(ProjectDocument* doc, const Services& services, QObject* parent = nullptr);
    // Waits for the worker (a call still running is dropped, never finished).
    ~SendController() override;

    // allowOnce: the user consented to this send's key destination ("Allow once").
    void send(int presetIndex, bool allowOnce = false);
    // Remembers "always for this project" for the destination (the consent store, outside
    // the project); the next send() goes without asking.
    Result<void> allowAlways(const provider::KeyDestination& where);
    // Stops the send; finished() follows (with the "cancelled" error) once the worker has
    // stopped the call.
    void cancel();
    bool isBusy() const { return m_busy; }
    // The shared in-process mock provider, listening and loaded with the project's mock
    // script on first use (and again when a project opens); nullptr when it cannot listen.
    provider::MockProvider* mockProvider();

Q_SIGNALS:
    void started(const tw::provider::Exchange& request);
    // Live, batched: events arrived (the update's events); calls or text changed (its calls
    // and text). Both come from the same update, events first.
    void eventReceived(const tw::ui::LiveUpdate& update);
    void progressed(const tw::ui::LiveUpdate& update);
    void finished(const tw::provider::Exchange& exchange);
    void failed(const QString& message); // before anything was sent (no key, bad preset)
    // Nothing was sent: the key would go where the user has not allowed yet.
    void consentNeeded(int presetIndex, const tw::provider::KeyDestination& where);
    void busyChanged(bool busy);

private:
    void setBusy(bool b);
    void go(const provider::RequestInput& in, const std::optional<std::string>& key);

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    bool m_mockScripted = false; // the mock holds the project's script for Send's use
    std::unique_ptr<QThread> m_thread; // the workers' thread, started on the first send
    SendWorker* m_worker = nullptr; // lives on m_thread; deleted there (deleteLater)
    bool m_busy = false;
    int m_generation = 0; // ignores key lookups that a cancel made stale
};

} // namespace tw::ui

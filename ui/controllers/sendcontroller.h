#pragma once
// Sends the current preset: resolves the key (environment, then keyring, asynchronously),
// builds the request through core, starts the built-in mock provider when the profile is
// the mock, and runs a ProviderCall. One request at a time; cancel() at any time. The
// window shows progress from the signals; nothing here blocks.
// A key the project would send to an origin it is not trusted for (provider/trust.h) is not
// sent: consentNeeded() asks the window, which sends again with the user's answer.

#include "provider/call.h"
#include "provider/exchange.h"
#include "provider/trust.h"
#include "services.h"

#include <QObject>

#include <memory>

namespace tw::ui {

class ProjectDocument;

class SendController : public QObject {
    Q_OBJECT
public:
    // doc is not owned; the services (network, keys, the mock provider) are shared.
    SendController(ProjectDocument* doc, const Services& services, QObject* parent = nullptr);
    ~SendController() override;

    // allowOnce: the user consented to this send's key destination ("Allow once").
    void send(int presetIndex, bool allowOnce = false);
    // Remembers "always for this project" for the destination (the consent store, outside
    // the project); the next send() goes without asking.
    Result<void> allowAlways(const provider::KeyDestination& where);
    void cancel();
    bool isBusy() const { return m_busy; }
    // The shared in-process mock provider, listening and loaded with the project's mock
    // script on first use (and again when a project opens); nullptr when it cannot listen.
    provider::MockProvider* mockProvider();

Q_SIGNALS:
    void started(const tw::provider::Exchange& request);
    void eventReceived(const tw::provider::RecordedEvent& event);
    void progressed(const std::vector<tw::model::ToolCall>& calls, const QString& text);
    void finished(const tw::provider::Exchange& exchange);
    void failed(const QString& message); // before anything was sent (no key, bad preset)
    // Nothing was sent: the key would go where the user has not allowed yet.
    void consentNeeded(int presetIndex, const tw::provider::KeyDestination& where);
    void busyChanged(bool busy);

private:
    void setBusy(bool b);
    void go(provider::RequestInput in, std::optional<std::string> key);

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    bool m_mockScripted = false; // the mock holds the project's script for Send's use
    std::unique_ptr<provider::ProviderCall> m_call;
    bool m_busy = false;
    int m_generation = 0; // ignores key lookups that a cancel made stale
};

} // namespace tw::ui

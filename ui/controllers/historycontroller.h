#pragma once
// The request history for the window (core/history): records what the window sends (Send
// and every round of the tool loop, source "window"; nothing when TOOLWIRE_HISTORY=off),
// finds entries by provider, model, tool name and text, re-opens one as an exchange for the
// response inspector, re-sends one, saves one into the project as a preset with its
// recorded response (replayed offline by the mock provider, checked by `toolwire run`), and
// prunes by age and size. The database opens on first use; failures are status lines
// (history is a record, never a reason for a send to fail).

#include "history/store.h"
#include "project/project.h"
#include "provider/exchange.h"
#include "result.h"
#include "services.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace tw::project {
class PresetRunner;
}

namespace tw::ui {

class LoopController;
class ProjectDocument;
class SendController;

class HistoryController : public QObject {
    Q_OBJECT
public:
    // doc is not owned; the services are shared. `currentPreset` names the preset a window
    // send belongs to (the Request dock's).
    HistoryController(ProjectDocument* doc, const Services& services, std::function<int()> currentPreset, QObject* parent = nullptr);
    ~HistoryController() override;

    static bool enabled() { return history::Store::enabled(); }
    // Records exchanges sent from the window for the current preset.
    void record(const std::vector<provider::Exchange>& exchanges);
    // Records what `send` sends and every round of the loops `loops` runs (neither owned).
    void recordFrom(const SendController* send, const LoopController* loops);

    Result<std::vector<history::Entry>> search(const history::Query& q);
    Result<std::optional<history::Entry>> entry(long long id);
    // Age first (0: any age), then size (negative: any size). Returns how many went.
    Result<long long> prune(int maxAgeDays, qint64 maxBytes);
    Result<qint64> storedBytes();
    QString databasePath() const;

    // The entry as the response inspector shows an exchange: the request (redacted) and the
    // response bytes, read again by the entry's wire.
    static provider::Exchange toExchange(const history::Entry& e);
    // The project with the entry saved as a new preset on the mock profile whose recorded
    // response is the entry's (project::kRecordedResponse), with expectations from what it
    // answered (the tools called, else its finish), so `toolwire run` replays it offline as a
    // regression check. Tools the project has already keep the project's definition.
    // Errors: a response that is not text (a binary event stream), a body the importer
    // cannot read.
    Result<project::Project> withRecording(const history::Entry& e) const;
    // Adds it as one undo step; returns the status line.
    Result<QString> saveAsRecording(const history::Entry& e);
    // Sends the entry's request again (its body read back into a preset on its profile; the
    // key from the environment); finished by resent().
    Result<void> resend(const history::Entry& e);
    bool isResending() const;
    // Records exchanges of a named preset (a run from the window).
    void recordFor(const std::vector<provider::Exchange>& exchanges, const std::string& preset, const std::string& profile, const std::string& model);

Q_SIGNALS:
    void recorded(); // new entries are in the database
    void resent(const tw::provider::Exchange& exchange);
    void statusMessage(const QString& message, int ms);

private:
    history::Store* store(std::optional<Error>* error = nullptr);

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    std::function<int()> m_currentPreset;
    std::unique_ptr<history::Store> m_store;
    QString m_storePath;
    std::unique_ptr<project::PresetRunner> m_runner;
};

} // namespace tw::ui

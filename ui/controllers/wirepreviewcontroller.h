#pragma once
// What the wire tabs show, computed from the project and nothing else: each wire's tool
// fields for the parsed tools and the tool choice, or the whole request body of the current
// preset (the same builder Send uses: what you see is what is sent); the unified diff of a
// tab against another wire or the last request sent; and the current preset's request as a
// curl command or raw HTTP for the clipboard. No widgets: the views ask, this answers.

#include "json/value.h"
#include "lint/finding.h"
#include "result.h"
#include "tokens/meter.h"
#include "services.h"
#include "wires.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tw::project {
struct Project;
}

namespace tw::ui {

class ProjectDocument;
class ToolEditingController;

// What one wire says about the project before anything is sent: the lint findings (errors
// and warnings: the tool rules and the pre-flight of the request body against the
// provider's published schema), the loss report (info) and the token meter's estimate.
// Paths point into the project file; Finding::bodyPath into the request body.
struct WireReport {
    std::vector<lint::Finding> findings;
    std::vector<lint::Finding> loss;
    std::optional<tokens::WireTokens> tokens; // nullopt: the meter could not count (tokenError)
    QString tokenError;
};

// The report for preset `preset` of `p` on wire `w`: its request, with the tools it sends
// (a preset index out of range: the project's tools and choice in one plain request, as
// `toolwire lint` builds it), the same checks `toolwire lint` and `toolwire tokens` run.
WireReport wireReport(const project::Project& p, int preset, wire::Wire w);

// Whether the reports of `p` are cheap enough to compute on the GUI thread as the user types.
// A large project (hundreds of tools: every report builds and pre-flights the whole request
// body against the provider's schema) is reported from a worker thread instead, so the
// window paints and edits at once and the findings follow (the values are immutable and
// shared through atomic counts, so a copy of the project is safe to read on any thread).
bool reportsAreCheap(const project::Project& p);

class WirePreviewController : public QObject {
    Q_OBJECT
public:
    enum class ExportFormat {
        Curl,
        RawHttp
    };

    // doc and tools are not owned; services.mock gives Copy as curl the mock's real URL.
    WirePreviewController(ProjectDocument* doc, const ToolEditingController* tools, const Services& services, QObject* parent = nullptr);

    // The preset whole-request views and exports use (the Request dock's current one).
    void setPreset(int index) { m_preset = index; }
    int preset() const { return m_preset; }
    // The body of the request Send sent last, for "diff vs last sent" (null: none yet).
    void setLastSent(json::Value body) { m_lastSent = std::move(body); }

    // What a tab shows for wire `index` (into shownWires()): the pretty JSON and, on a wire
    // that writes the tools into the system prompt (Hermes), that prompt as the model reads
    // it (empty elsewhere), taken from the value before it is printed.
    struct Rendered {
        std::string text;
        QString prompt;
    };
    // The error says why there is nothing to show (a tool that does not parse, a choice
    // naming no tool, ...).
    Result<Rendered, QString> render(std::size_t index, bool wholeRequest) const;
    // What wire `index` does not express of the tool choice (empty: all of it); `error`
    // when the choice cannot work on any wire.
    struct ChoiceNote {
        QString text;
        bool error = false;
    };
    ChoiceNote choiceNote(std::size_t index) const;
    // The unified diff from `target` to `shown` (what wire `index` shows), or a line saying
    // why there is nothing to compare with.
    QString diff(std::size_t index, const std::string& shown, DiffTarget target, bool wholeRequest) const;
    // The current preset's request with the key as an environment-variable reference (curl)
    // or redacted (raw HTTP): the clipboard never holds a key. An empty error: no preset.
    Result<std::string, QString> exportRequest(ExportFormat format) const;
    // What wire `index` reports about what its tab shows (wireReport above): the current
    // preset's request (`wholeRequest`), or the project's tools and choice.
    WireReport report(std::size_t index, bool wholeRequest) const;
    // The same computation as a self-contained job (a copy of the project), for a worker thread.
    std::function<WireReport()> reportJob(std::size_t index, bool wholeRequest) const;
    bool reportIsCheap() const; // reportsAreCheap(the current project)

private:
    std::optional<json::Value> wholeRequest(std::size_t index) const;

    ProjectDocument* m_doc; // not owned
    const ToolEditingController* m_tools; // not owned
    Services m_services;
    int m_preset = 0;
    json::Value m_lastSent;
};

} // namespace tw::ui

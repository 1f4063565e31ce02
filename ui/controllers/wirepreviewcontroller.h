#pragma once
// What the wire tabs show, computed from the project and nothing else: each wire's tool
// fields for the parsed tools and the tool choice, or the whole request body of the current
// preset (the same builder Send uses: what you see is what is sent); the unified diff of a
// tab against another wire or the last request sent; and the current preset's request as a
// curl command or raw HTTP for the clipboard. No widgets: the views ask, this answers.

#include "json/value.h"
#include "result.h"
#include "services.h"
#include "wires.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>

namespace tw::ui {

class ProjectDocument;
class ToolEditingController;

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

    // The pretty JSON a tab shows for wire `index` (into shownWires()); the error says why
    // there is nothing to show (a tool that does not parse, a choice naming no tool, ...).
    Result<std::string, QString> render(std::size_t index, bool wholeRequest) const;
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

private:
    std::optional<std::string> wholeRequest(std::size_t index) const;

    ProjectDocument* m_doc; // not owned
    const ToolEditingController* m_tools; // not owned
    Services m_services;
    int m_preset = 0;
    json::Value m_lastSent;
};

} // namespace tw::ui

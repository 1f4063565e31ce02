#pragma once
// File › Import… (a file), Import from Clipboard, Export…, and files dropped on the window:
// the actions and the dialogs behind them. An input is read by the ImportController and
// shown in the import preview (ImportDialog), which applies it as one undo step; the export
// dialog exports the Request dock's preset. Outcomes are status lines.

#include "services.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace tw::ui {

class ExportDialog;
class ImportController;
class ImportDialog;
class McpImportDialog;
class ProjectDocument;
class ToolEditingController;

class ImportActions : public QObject {
    Q_OBJECT
public:
    // doc not owned; `currentPreset` says which preset Export starts with; the actions and
    // dialogs are children of `window`.
    ImportActions(ProjectDocument* doc, std::function<int()> currentPreset, QWidget* window);

    QAction* importAction() const { return m_import; }
    QAction* importClipboardAction() const { return m_clipboard; }
    QAction* exportAction() const { return m_export; }
    void addTo(QMenu* file) const;
    ImportController* controller() const { return m_controller; }

    // The preview of an input (or its error), shown and returned.
    ImportDialog* importBytes(const QByteArray& bytes, const QString& source);
    ImportDialog* importFile(const QString& path);
    ImportDialog* importClipboard();
    // A file dropped on the window: shown in the import preview when it is something the
    // importer reads (or nearly: its error then); false when it is not, for the caller to
    // hand it elsewhere (the response inspector).
    bool offerDroppedFile(const QString& path);
    // What is dropped on the window (its first URL, a local file): a project opens with
    // `openProject`; what the importer reads is previewed (offerDroppedFile); anything else
    // goes to `inspect` (the response inspector, to be extracted). False: nothing to take.
    bool takeDrop(const QMimeData* data, const std::function<void(const QString&)>& openProject,
                  const std::function<void(const QByteArray&, const QString&)>& inspect);
    ExportDialog* showExport();
    // The MCP import dialog (the tool list's Import… button), created on first use and
    // shown; the tools it imports go through `tools` (not owned).
    McpImportDialog* showMcpImport(const Services& services, ToolEditingController* tools);
    ImportDialog* dialog() const { return m_dialog; } // the last one shown

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);

private:
    ImportDialog* present();

    ProjectDocument* m_doc; // not owned
    std::function<int()> m_currentPreset;
    QWidget* m_window; // not owned
    ImportController* m_controller; // child
    ImportDialog* m_dialog = nullptr; // child, reused
    McpImportDialog* m_mcp = nullptr; // child of the window, created on first use
    QAction* m_import;
    QAction* m_clipboard;
    QAction* m_export;
};

} // namespace tw::ui

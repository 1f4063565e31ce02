#pragma once
// File › Import… (a file), Import from Clipboard, Export…, and files dropped on the window:
// the actions and the dialogs behind them. An input is read by the ImportController and
// shown in the import preview (ImportDialog), which applies it as one undo step; the export
// dialog exports the Request dock's preset. Outcomes are status lines.

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace tw::ui {

class ExportDialog;
class ImportController;
class ImportDialog;
class ProjectDocument;

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
    ExportDialog* showExport();
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
    QAction* m_import;
    QAction* m_clipboard;
    QAction* m_export;
};

} // namespace tw::ui

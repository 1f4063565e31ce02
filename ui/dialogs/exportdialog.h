#pragma once
// File › Export…: one preset (or, for Postman, every preset) in any format the core exports
// (project/io/exporter.h): the request as JSON, a curl command line, a Python `requests` or
// JavaScript `fetch` snippet, a Postman collection v2.1, or the tools in a wire's shape —
// for the preset's wire or another, at the profile's address or another base URL. The text
// is previewed as it changes; Copy puts it on the clipboard, Save… writes a file. Keys never
// appear: the export names the environment variable.

#include "project/io/exporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tw::ui {

class ProjectDocument;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // doc not owned; `preset` is the one picked first (the Request dock's).
    ExportDialog(ProjectDocument* doc, int preset, QWidget* parent = nullptr);

    // Picks by the format's command-line name (curl, python, js, postman, json, tools) and a
    // wire tag ("" the preset's).
    void setFormat(const QString& name);
    void setWire(const QString& tag);
    void setBaseUrl(const QString& url);
    void setPreset(int index);
    QString text() const; // the export as previewed; empty when it failed
    QString errorText() const;
    // Where a mock preset's export goes, and why (empty: no mock preset is exported, or only
    // its tools).
    QString noteText() const;
    void copyToClipboard();
    bool saveTo(const QString& path);

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);

private:
    void refresh();
    void showMockNote(project::io::ExportFormat format, const project::io::ExportOptions& options);

    ProjectDocument* m_doc; // not owned
    QComboBox* m_preset;
    QComboBox* m_format;
    QComboBox* m_wire;
    QLineEdit* m_baseUrl;
    QCheckBox* m_allPresets;
    QPlainTextEdit* m_preview;
    QLabel* m_error;
    QLabel* m_note;
};

} // namespace tw::ui

#pragma once
// The import preview (File › Import…, Import from Clipboard, a dropped file): the detected
// format and the source, what will come in — tools (new, or the project has one by that
// name), the preset with its profile, MCP servers, the importer's notes — and one choice per
// name conflict (replace the project's tool, keep it, or import under a new name). Import
// applies it as one undo step through the ImportController; an input that cannot be imported
// shows its error here (what and where), with nothing to apply.

#include "controllers/importcontroller.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace tw::ui {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    // controller not owned.
    ImportDialog(ImportController* controller, QWidget* parent = nullptr);

    void showPlan(ImportController::Plan plan);
    void showError(const QString& message);

    const std::optional<ImportController::Plan>& plan() const { return m_plan; }
    QTreeWidget* contents() const { return m_tree; }
    QString headline() const;
    QString errorText() const;
    // The choice for the conflict of this tool name (the combo box in its row).
    void setResolution(const std::string& name, ImportController::Resolution r);
    QPushButton* importButton() const { return m_import; }
    // The Import button: applies the plan; the dialog closes when it is applied.
    bool importNow();

Q_SIGNALS:
    void imported(const QString& statusLine);

private:
    ImportController* m_controller; // not owned
    std::optional<ImportController::Plan> m_plan;
    QLabel* m_headline;
    QLabel* m_error;
    QTreeWidget* m_tree;
    QPushButton* m_import;
    std::vector<std::pair<std::string, QComboBox*>> m_choices;
};

} // namespace tw::ui

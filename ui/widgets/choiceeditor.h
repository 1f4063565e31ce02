#pragma once
// The tool-choice policy: auto / any / none / one named tool, plus the optional allow-list
// (the agentscope form: it filters the tools sent and must contain a forced tool).

#include "project/project.h"

#include <QWidget>

class QComboBox;
class QListWidget;
class QCheckBox;

namespace tw::ui {

class ChoiceEditor : public QWidget {
    Q_OBJECT
public:
    explicit ChoiceEditor(QWidget* parent = nullptr);

    void setToolNames(const QStringList& names);
    void setChoice(const project::ChoiceSetting& choice);
    project::ChoiceSetting choice() const;

Q_SIGNALS:
    void choiceEdited(const project::ChoiceSetting& choice);

private:
    void emitEdited();
    void syncEnabled();

    QComboBox* m_mode;      // owned by this widget
    QComboBox* m_tool;      // owned by this widget
    QCheckBox* m_restrict;  // owned by this widget
    QListWidget* m_allowed; // owned by this widget
    bool m_updating = false;
};

} // namespace tw::ui

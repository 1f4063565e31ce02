#pragma once
// The tool-choice policy: auto / any / none / one named tool, plus the optional allow-list
// (the agentscope form: it filters the tools sent and must contain a forced tool). A banner
// under it says when the choice cannot work (the forced tool left the list: it stays in
// the picker, marked) and which wires cannot express it. With "Keep the full tool list" the
// subset is the allowed-tools choice instead (model::ChoiceSetting::keepToolList: the model
// chooses among the subset while every tool is sent; auto and any only).

#include "project/project.h"

#include <QWidget>

class QComboBox;
class QListWidget;
class QCheckBox;

namespace tw::ui {

class Banner;

class ChoiceEditor : public QWidget {
    Q_OBJECT
public:
    explicit ChoiceEditor(QWidget* parent = nullptr);

    void setToolNames(const QStringList& names);
    void setChoice(const project::ChoiceSetting& choice);
    project::ChoiceSetting choice() const;
    // `problem`: why the choice cannot work (an error); `wires`: the labels of wires that
    // cannot express it (a warning). Both empty: no banner.
    void showNotes(const QString& problem, const QStringList& wires);
    QString notesText() const;

Q_SIGNALS:
    void choiceEdited(const project::ChoiceSetting& choice);

private:
    void emitEdited();
    void syncEnabled();

    QComboBox* m_mode; // owned by this widget
    QComboBox* m_tool; // owned by this widget
    QCheckBox* m_restrict; // owned by this widget
    QListWidget* m_allowed; // owned by this widget
    QCheckBox* m_keep; // owned by this widget
    Banner* m_notes; // owned by this widget
    bool m_updating = false;
};

} // namespace tw::ui

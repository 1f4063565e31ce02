#include "widgets/choiceeditor.h"

#include "util/strings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QListWidget>
#include <QVBoxLayout>

namespace tw::ui {

ChoiceEditor::ChoiceEditor(QWidget* parent) : QWidget(parent)
{
    auto* outer = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    outer->addLayout(form);
    outer->addStretch(1);
    m_mode = new QComboBox(this);
    m_mode->addItem(tr("auto — the model decides"), QStringLiteral("auto"));
    m_mode->addItem(tr("any — must call some tool"), QStringLiteral("any"));
    m_mode->addItem(tr("none — no tool calls"), QStringLiteral("none"));
    m_mode->addItem(tr("tool — force one tool"), QStringLiteral("tool"));
    form->addRow(tr("Policy"), m_mode);
    m_tool = new QComboBox(this);
    form->addRow(tr("Forced tool"), m_tool);
    m_restrict = new QCheckBox(tr("Send only these tools"), this);
    form->addRow(m_restrict);
    m_allowed = new QListWidget(this);
    m_allowed->setMaximumHeight(120);
    form->addRow(m_allowed);

    for (QComboBox* c : {m_mode, m_tool}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ChoiceEditor::emitEdited);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &ChoiceEditor::emitEdited);
    connect(m_restrict, &QCheckBox::toggled, this, &ChoiceEditor::emitEdited);
    connect(m_allowed, &QListWidget::itemChanged, this, &ChoiceEditor::emitEdited);
    syncEnabled();
}

void ChoiceEditor::setToolNames(const QStringList& names)
{
    const project::ChoiceSetting current = choice();
    m_updating = true;
    m_tool->clear();
    m_tool->addItems(names);
    m_allowed->clear();
    for (const QString& n : names) {
        auto* item = new QListWidgetItem(n, m_allowed);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    m_updating = false;
    setChoice(current);
}

void ChoiceEditor::setChoice(const project::ChoiceSetting& c)
{
    m_updating = true;
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(qs(c.type))));
    m_tool->setCurrentIndex(m_tool->findText(qs(c.name)));
    m_restrict->setChecked(c.allowedTools.has_value());
    for (int i = 0; i < m_allowed->count(); ++i) {
        QListWidgetItem* item = m_allowed->item(i);
        bool on = false;
        if (c.allowedTools)
            for (const std::string& n : *c.allowedTools)
                on = on || qs(n) == item->text();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_updating = false;
    syncEnabled();
}

project::ChoiceSetting ChoiceEditor::choice() const
{
    project::ChoiceSetting c;
    c.type = ss(m_mode->currentData().toString());
    if (c.type == "tool")
        c.name = ss(m_tool->currentText());
    if (m_restrict->isChecked()) {
        std::vector<std::string> names;
        for (int i = 0; i < m_allowed->count(); ++i)
            if (m_allowed->item(i)->checkState() == Qt::Checked)
                names.push_back(ss(m_allowed->item(i)->text()));
        c.allowedTools = std::move(names);
    }
    return c;
}

void ChoiceEditor::syncEnabled()
{
    m_tool->setEnabled(m_mode->currentData().toString() == QLatin1String("tool"));
    m_allowed->setEnabled(m_restrict->isChecked());
}

void ChoiceEditor::emitEdited()
{
    syncEnabled();
    if (m_updating)
        return;
    if (choice().type == "tool" && choice().name.empty())
        return; // wait until a tool is picked
    Q_EMIT choiceEdited(choice());
}

} // namespace tw::ui

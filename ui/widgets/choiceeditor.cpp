#include "widgets/choiceeditor.h"

#include "util/strings.h"
#include "widgets/banner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QApplication>
#include <QListWidget>
#include <QStyle>
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
    // One line each: laid out without measuring every name (a 1000-tool project's list was
    // ~4% of the start, at the first show).
    m_allowed->setUniformItemSizes(true);
    m_allowed->setMaximumHeight(120);
    m_allowed->setMinimumHeight(m_allowed->fontMetrics().lineSpacing() * 2 + 6); // shrinks on a small screen
    form->addRow(m_allowed);
    m_keep = new QCheckBox(tr("Keep the full tool list (allowed tools)"), this);
    m_keep->setToolTip(tr("Send every tool and let the model choose only among the checked ones, "
                          "instead of sending only those (keeps the prompt cache; auto and any only)"));
    form->addRow(m_keep);
    m_notes = new Banner(this);
    outer->insertWidget(1, m_notes);

    for (QComboBox* c : {m_mode, m_tool}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ChoiceEditor::emitEdited);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &ChoiceEditor::emitEdited);
    connect(m_restrict, &QCheckBox::toggled, this, &ChoiceEditor::emitEdited);
    connect(m_allowed, &QListWidget::itemChanged, this, &ChoiceEditor::emitEdited);
    connect(m_keep, &QCheckBox::toggled, this, &ChoiceEditor::emitEdited);
    syncEnabled();
}

void ChoiceEditor::setToolNames(const QStringList& names)
{
    const project::ChoiceSetting current = choice();
    m_updating = true;
    m_tool->clear();
    m_tool->addItems(names);
    m_allowed->clear();
    // Each item is made whole before it goes in: set on an item in the list, its flags and
    // check state would each be a change the list announces (a 1000-tool project opens
    // with 2000 fewer signals).
    for (const QString& n : names) {
        auto* item = new QListWidgetItem(n);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        m_allowed->addItem(item);
    }
    m_updating = false;
    setChoice(current);
}

void ChoiceEditor::setChoice(const project::ChoiceSetting& c)
{
    m_updating = true;
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(toQString(c.type))));
    // A forced tool that left the list stays visible, marked, rather than a blank picker.
    for (int i = m_tool->count() - 1; i >= 0; --i)
        if (m_tool->itemData(i).toBool())
            m_tool->removeItem(i);
    if (c.type == "tool" && !c.name.empty() && m_tool->findText(toQString(c.name)) < 0) {
        m_tool->addItem(QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning), toQString(c.name), true);
        m_tool->setItemData(m_tool->count() - 1, tr("Not in the tool list"), Qt::ToolTipRole);
    }
    m_tool->setCurrentIndex(m_tool->findText(toQString(c.name)));
    m_restrict->setChecked(c.allowedTools.has_value());
    m_keep->setChecked(c.allowedTools.has_value() && c.keepToolList);
    for (int i = 0; i < m_allowed->count(); ++i) {
        QListWidgetItem* item = m_allowed->item(i);
        bool on = false;
        if (c.allowedTools)
            for (const std::string& n : *c.allowedTools)
                on = on || toQString(n) == item->text();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_updating = false;
    syncEnabled();
}

project::ChoiceSetting ChoiceEditor::choice() const
{
    project::ChoiceSetting c;
    c.type = toStdString(m_mode->currentData().toString());
    if (c.type == "tool")
        c.name = toStdString(m_tool->currentText());
    if (m_restrict->isChecked()) {
        std::vector<std::string> names;
        for (int i = 0; i < m_allowed->count(); ++i)
            if (m_allowed->item(i)->checkState() == Qt::Checked)
                names.push_back(toStdString(m_allowed->item(i)->text()));
        c.allowedTools = std::move(names);
        c.keepToolList = m_keep->isChecked() && (c.type == "auto" || c.type == "any");
    }
    return c;
}

void ChoiceEditor::showNotes(const QString& problem, const QStringList& wires)
{
    if (!problem.isEmpty())
        m_notes->showMessage(Banner::Kind::Error, problem);
    else if (!wires.isEmpty())
        m_notes->showMessage(Banner::Kind::Warning,
                             tr("Not expressed on %1: see those tabs for what is sent instead.").arg(wires.join(QStringLiteral(", "))));
    else
        m_notes->showMessage(Banner::Kind::Info, QString());
}

QString ChoiceEditor::notesText() const { return m_notes->text(); }

void ChoiceEditor::syncEnabled()
{
    m_tool->setEnabled(m_mode->currentData().toString() == QLatin1String("tool"));
    m_allowed->setEnabled(m_restrict->isChecked());
    const QString mode = m_mode->currentData().toString();
    m_keep->setEnabled(m_restrict->isChecked() && (mode == QLatin1String("auto") || mode == QLatin1String("any")));
}

void ChoiceEditor::emitEdited()
{
    syncEnabled();
    if (m_updating)
        return;
    if (choice().type == "tool" && choice().name.empty()) {
        // "Force one tool" with none picked changed nothing anyone could see (no undo step,
        // the wires still sent auto): the first tool is picked, which the user can change.
        if (m_tool->count() > 0)
            m_tool->setCurrentIndex(0); // edited again, with a name
        else
            m_notes->showMessage(Banner::Kind::Error, tr("There is no tool to force: add one to the tool list first."));
        return;
    }
    Q_EMIT choiceEdited(choice());
}

} // namespace tw::ui

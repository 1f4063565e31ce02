#include "dialogs/importdialog.h"

#include "util/strings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
using Resolution = ImportController::Resolution;
constexpr std::string_view kName = "name";
constexpr std::string_view kCommand = "command";
constexpr std::string_view kUrl = "url";
} // namespace

ImportDialog::ImportDialog(ImportController* controller, QWidget* parent) : QDialog(parent), m_controller(controller)
{
    setWindowTitle(tr("Import"));
    auto* layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #c03030;"));
    m_error->hide();
    layout->addWidget(m_error);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("What"), tr("Details")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->setRootIsDecorated(true);
    layout->addWidget(m_tree, 1);
    auto* buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_import, &QPushButton::clicked, this, [this] { importNow(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 440);
}

QString ImportDialog::headline() const { return m_headline->text(); }
QString ImportDialog::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }

void ImportDialog::showError(const QString& message)
{
    m_plan.reset();
    m_choices.clear();
    m_tree->clear();
    m_tree->hide();
    m_headline->setText(tr("Nothing can be imported from this input."));
    m_error->setText(message);
    m_error->show();
    m_import->setEnabled(false);
}

void ImportDialog::showPlan(ImportController::Plan plan)
{
    m_plan = std::move(plan);
    m_choices.clear();
    m_tree->clear();
    m_tree->show();
    m_error->hide();
    const project::Project& p = m_plan->imported.project;
    m_headline->setText(tr("Detected: <b>%1</b> — %2").arg(m_plan->format.toHtmlEscaped(), m_plan->source.toHtmlEscaped()));

    auto section = [this](const QString& title) {
        auto* item = new QTreeWidgetItem(m_tree, {title});
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setExpanded(true);
        return item;
    };
    if (!p.tools.empty()) {
        QTreeWidgetItem* tools = section(tr("Tools (%1)").arg(p.tools.size()));
        for (const json::Value& t : p.tools) {
            const std::string name(t[kName].str());
            auto c = std::find_if(m_plan->conflicts.begin(), m_plan->conflicts.end(), [&](const auto& x) { return x.name == name; });
            auto* row = new QTreeWidgetItem(tools, {toQString(name)});
            if (c == m_plan->conflicts.end()) {
                row->setText(1, tr("new"));
                continue;
            }
            // A conflict: the choice sits in the row.
            auto* choice = new QComboBox(m_tree);
            choice->addItem(tr("Replace the project's tool"), int(Resolution::Replace));
            choice->addItem(tr("Keep the project's tool"), int(Resolution::KeepExisting));
            choice->addItem(tr("Import as \"%1\"").arg(toQString(c->renamed)), int(Resolution::Rename));
            choice->setCurrentIndex(choice->findData(int(c->resolution)));
            choice->setToolTip(c->identical ? tr("The project has the same definition under this name")
                                            : tr("The project has a different tool named \"%1\"").arg(toQString(name)));
            m_tree->setItemWidget(row, 1, choice);
            row->setToolTip(0, choice->toolTip());
            m_choices.emplace_back(name, choice);
            connect(choice, &QComboBox::currentIndexChanged, this, [this, name, choice] {
                for (auto& x : m_plan->conflicts)
                    if (x.name == name)
                        x.resolution = Resolution(choice->currentData().toInt());
            });
        }
    }
    if (!p.presets.empty()) {
        QTreeWidgetItem* presets = section(tr("Presets (%1)").arg(p.presets.size()));
        for (const project::Preset& pr : p.presets) {
            QString detail = tr("profile %1").arg(toQString(pr.profile));
            if (!pr.model.empty())
                detail += tr(", model %1").arg(toQString(pr.model));
            if (!pr.baseUrl.empty())
                detail += tr(", %1").arg(toQString(pr.baseUrl));
            detail += tr(", %n message(s)", nullptr, int(pr.messages.size()));
            new QTreeWidgetItem(presets, {toQString(pr.name), detail});
        }
    }
    if (p.mcpServers.isArray() && p.mcpServers.size() > 0) {
        QTreeWidgetItem* servers = section(tr("MCP servers (%1)").arg(p.mcpServers.size()));
        for (const json::Value& s : p.mcpServers.items())
            new QTreeWidgetItem(servers, {toQString(s[kName].str()), s.contains(kUrl) ? toQString(s[kUrl].str()) : toQString(s[kCommand].str())});
    }
    if (!m_plan->conflicts.empty())
        section(tr("%n tool name(s) the project has already: choose in the tool rows above", nullptr, int(m_plan->conflicts.size())));
    if (!m_plan->imported.notes.empty()) {
        QTreeWidgetItem* notes = section(tr("Notes (%1)").arg(m_plan->imported.notes.size()));
        for (const std::string& n : m_plan->imported.notes) {
            auto* row = new QTreeWidgetItem(notes, {toQString(n)});
            row->setFirstColumnSpanned(true);
        }
    }
    m_import->setEnabled(true);
}

void ImportDialog::setResolution(const std::string& name, ImportController::Resolution r)
{
    for (auto& [n, combo] : m_choices)
        if (n == name)
            combo->setCurrentIndex(combo->findData(int(r)));
}

bool ImportDialog::importNow()
{
    if (!m_plan)
        return false;
    auto done = m_controller->apply(*m_plan);
    if (!done) {
        m_error->setText(ImportController::describe(done.error(), m_plan->source));
        m_error->show();
        return false;
    }
    Q_EMIT imported(*done);
    accept();
    return true;
}

} // namespace tw::ui

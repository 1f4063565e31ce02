#include "dialogs/welcomedialog.h"

#include "wires.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
QLabel* paragraph(const QString& html, QWidget* parent)
{
    auto* l = new QLabel(html, parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    l->setMinimumWidth(200);
    return l;
}
} // namespace

WelcomeDialog::WelcomeDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Welcome to Toolwire"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(paragraph(tr("<h2>Welcome to Toolwire</h2><p>Write a tool once — name, description, JSON Schema — and see "
                                   "how every provider spells it, send it, and read back the calls. Everything works offline."
                                   "</p>"),
                                this));
    QStringList labels;
    for (std::size_t i = 0; i < shownWires().size(); ++i)
        labels << wireLabel(i);
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(18);
    grid->addWidget(paragraph(tr("<h3>Left: your project</h3><p><b>Tools</b>: the list (double-click or F2 renames). "
                                 "<b>Tool editor</b>: the description and the JSON of the selected tool; an edit that does "
                                 "not parse is kept as a draft. <b>Tool choice</b>: how the model must use the tools.</p>"),
                              this),
                    0, 0);
    grid->addWidget(paragraph(tr("<h3>Centre: every wire, live</h3><p>One tab per wire (%1), redrawn as you type: exactly "
                                 "the bytes that would be sent. Compare two wires, or a tab with the last request sent.</p>")
                                  .arg(labels.join(QStringLiteral(", ")).toHtmlEscaped()),
                              this),
                    0, 1);
    grid->addWidget(paragraph(tr("<h3>Right: what goes out and comes back</h3><p><b>Request</b>: the preset Send and the loop run. "
                                 "<b>Response</b>: Send (Ctrl+Enter) to the built-in mock "
                                 "provider or a real one, or paste any provider's reply; the calls are extracted and checked "
                                 "against their schemas. <b>Tool loop</b>: run the preset's tool calls to the final answer (F5).</p>"),
                              this),
                    0, 2);
    layout->addLayout(grid);
    layout->addWidget(paragraph(tr("<p>Problems (files that do not load, drafts, a forced tool that left the list) are listed "
                                   "under View › Problems. Help › Keyboard Shortcuts (F1) lists every key.</p>"),
                                this));
    auto* buttons = new QDialogButtonBox(this);
    m_example = buttons->addButton(tr("Open the Example"), QDialogButtonBox::AcceptRole);
    m_example->setObjectName(QStringLiteral("welcomeExample"));
    m_example->setDefault(true);
    buttons->addButton(tr("Close"), QDialogButtonBox::RejectRole);
    connect(m_example, &QPushButton::clicked, this, [this] {
        if (!m_exampleOpen)
            Q_EMIT openExampleRequested();
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(760);
    adjustSize();
}

void WelcomeDialog::setExampleOpen(bool open)
{
    m_exampleOpen = open;
    m_example->setText(open ? tr("Explore the Example") : tr("Open the Example"));
    m_example->setToolTip(open ? tr("The example project is open: close this and try it") : tr("Open the bundled example project"));
}

} // namespace tw::ui

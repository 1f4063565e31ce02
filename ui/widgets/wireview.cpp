#include "widgets/wireview.h"

#include "widgets/jsoneditor.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace tw::ui {

WireView::WireView(const QString& wireLabel, QWidget* parent) : QWidget(parent), m_wireLabel(wireLabel)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    m_status = new QLabel(this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_status, 1);
    m_whole = new QCheckBox(tr("Whole request"), this);
    m_whole->setToolTip(tr("Show the whole request body of the current preset, exactly as it would be sent"));
    connect(m_whole, &QCheckBox::toggled, this, &WireView::modeChanged);
    bar->addWidget(m_whole);
    auto* copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy this wire's JSON to the clipboard"));
    connect(copy, &QToolButton::clicked, this, [this] { QApplication::clipboard()->setText(content()); });
    bar->addWidget(copy);
    auto* save = new QToolButton(this);
    save->setText(tr("Save…"));
    save->setToolTip(tr("Save this wire's JSON to a file"));
    connect(save, &QToolButton::clicked, this, &WireView::saveToFile);
    bar->addWidget(save);
    layout->addLayout(bar);

    m_view = new JsonEditor(this);
    m_view->setReadOnly(true);
    layout->addWidget(m_view, 1);
}

void WireView::showContent(const QString& text)
{
    if (m_view->text() != text)
        m_view->setTextKeepingView(text);
    m_status->setText(tr("%1 — %n line(s)", nullptr, m_view->lines()).arg(m_wireLabel));
    m_status->setStyleSheet(QString());
}

void WireView::showError(const QString& message)
{
    m_status->setText(message);
    m_status->setStyleSheet(QStringLiteral("color: palette(highlighted-text); background: #b03030; padding: 2px 6px;"));
}

QString WireView::content() const { return m_view->text(); }
bool WireView::showsWholeRequest() const { return m_whole->isChecked(); }

void WireView::saveToFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save %1 JSON").arg(m_wireLabel), QString(),
                                                      tr("JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content().toUtf8());
    else
        showError(tr("Could not save %1: %2").arg(path, f.errorString()));
}

} // namespace tw::ui

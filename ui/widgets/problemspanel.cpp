#include "widgets/problemspanel.h"

#include "models/problemsmodel.h"
#include "widgets/jsoneditor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tw::ui {

ProblemsPanel::ProblemsPanel(ProblemsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_view = new QTableView(split);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setMinimumWidth(200);
    m_fileBox = new QWidget(split);
    auto* fileLayout = new QVBoxLayout(m_fileBox);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    m_fileCaption = new QLabel(m_fileBox);
    m_fileCaption->setTextFormat(Qt::PlainText);
    m_fileCaption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_reopen = new QPushButton(tr("Open Again"), m_fileBox);
    m_reopen->setToolTip(tr("Read the file again (after fixing it in another editor)"));
    bar->addWidget(m_fileCaption, 1);
    bar->addWidget(m_reopen);
    fileLayout->addLayout(bar);
    m_file = new JsonEditor(m_fileBox);
    m_file->setReadOnly(true);
    m_file->setWrapMode(QsciScintilla::WrapWord);
    fileLayout->addWidget(m_file, 1);
    m_fileBox->hide();
    split->addWidget(m_view);
    split->addWidget(m_fileBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split);

    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& idx) { activate(idx.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& idx) {
        if (const Problem* p = m_model->problemAt(idx.row()); p && p->kind == Problem::Kind::ProjectFile)
            showFile(*p);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->resizeColumnToContents(ProblemsModel::Where);
        m_view->resizeColumnToContents(ProblemsModel::Location);
        const Problem* first = m_model->problemAt(0);
        if (first && first->kind == Problem::Kind::ProjectFile) {
            showFile(*first);
        } else {
            m_fileBox->hide();
            m_filePath.clear();
        }
    });
    connect(m_reopen, &QPushButton::clicked, this, [this] {
        if (!m_filePath.isEmpty())
            Q_EMIT reopenRequested(m_filePath);
    });
}

void ProblemsPanel::activate(int row)
{
    const Problem* p = m_model->problemAt(row);
    if (!p)
        return;
    m_view->selectRow(row);
    if (p->kind == Problem::Kind::ProjectFile) {
        showFile(*p);
        m_file->setFocus();
        return;
    }
    Q_EMIT jumpRequested(*p);
}

void ProblemsPanel::showFile(const Problem& p)
{
    m_filePath = p.path;
    m_fileCaption->setText(p.line > 0 ? tr("%1 — line %2, column %3").arg(p.path).arg(p.line).arg(p.column) : p.path);
    if (m_file->utf8Text() != p.text)
        m_file->setText(QString::fromUtf8(p.text));
    if (p.offset) {
        m_file->markError(qsizetype(*p.offset), p.message);
        m_file->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, static_cast<unsigned long>(*p.offset));
        m_file->ensureLineVisible(std::max(0, p.line - 1));
    } else {
        m_file->clearError();
    }
    m_fileBox->show();
}

} // namespace tw::ui

#include "widgets/problemspanel.h"

#include "models/problemsmodel.h"
#include "widgets/jsoneditor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QPointer>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

ProblemsPanel::ProblemsPanel(ProblemsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* listBox = new QWidget(split);
    auto* listLayout = new QVBoxLayout(listBox);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(2);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    m_counts = new QLabel(listBox);
    m_counts->setTextFormat(Qt::PlainText);
    m_counts->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_counts, 1);
    m_fix = new QPushButton(tr("Apply fix…"), listBox);
    m_fix->setObjectName(QStringLiteral("problemsApplyFix"));
    m_fix->setToolTip(tr("Preview the selected finding's fix, then apply it as one undoable step"));
    m_fix->setEnabled(false);
    top->addWidget(m_fix);
    listLayout->addLayout(top);
    m_view = new QTableView(listBox);
    listLayout->addWidget(m_view, 1);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
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
    m_file = Lazy<JsonEditor>(m_fileBox, [](QWidget* parent) {
        auto* e = new JsonEditor(parent);
        e->setReadOnly(true);
        e->setWrapMode(QsciScintilla::WrapWord);
        return e;
    });
    fileLayout->addWidget(m_file.placeholder(), 1);
    m_fileBox->hide();
    split->addWidget(listBox);
    split->addWidget(m_fileBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split);

    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& idx) { activate(idx.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& idx) {
        if (const Problem* p = m_model->problemAt(idx.row()); p && p->kind == Problem::Kind::ProjectFile)
            showFile(*p);
        showCurrent();
    });
    connect(m_fix, &QPushButton::clicked, this, [this] { requestFix(m_view->currentIndex().row()); });
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex idx = m_view->indexAt(at);
        const Problem* p = m_model->problemAt(idx.row());
        if (!p)
            return;
        QMenu menu(this);
        QAction* go = menu.addAction(tr("Go to"));
        QAction* fix = menu.addAction(tr("Apply fix…"));
        fix->setEnabled(p->fix.has_value());
        const int row = idx.row();
        QAction* chosen = menu.exec(m_view->viewport()->mapToGlobal(at));
        if (chosen == go)
            activate(row);
        else if (chosen == fix)
            requestFix(row);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // Columns sized to their contents once, on the first rows: later resets keep what the user set.
        if (m_model->rowCount() > 0 && !m_sized) {
            m_sized = true;
            m_view->resizeColumnToContents(ProblemsModel::Where);
            m_view->resizeColumnToContents(ProblemsModel::Wires);
            m_view->resizeColumnToContents(ProblemsModel::Location);
            const int cap = std::max(120, m_view->width() / 4);
            for (int c : {int(ProblemsModel::Where), int(ProblemsModel::Wires), int(ProblemsModel::Location)})
                m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), cap));
        }
        showCurrent();
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

JsonEditor* ProblemsPanel::fileView() const { return m_file.get(); }

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

void ProblemsPanel::requestFix(int row)
{
    const Problem* p = m_model->problemAt(row);
    if (p && p->fix)
        Q_EMIT fixRequested(*p->fix);
}

void ProblemsPanel::showCurrent()
{
    const Problem* current = m_model->problemAt(m_view->currentIndex().row());
    m_fix->setEnabled(current && current->fix);
    const int errors = m_model->errorCount();
    const int warnings = m_model->rowCount() - errors;
    int fixes = 0;
    for (int i = 0; i < m_model->rowCount(); ++i)
        fixes += m_model->problemAt(i)->fix ? 1 : 0;
    // Only the counts there are: "2 warnings", not "0 errors, 2 warnings".
    QStringList counts;
    if (errors > 0)
        counts << tr("%n error(s)", nullptr, errors);
    if (warnings > 0 || errors == 0)
        counts << tr("%n warning(s)", nullptr, warnings);
    QString text = m_model->rowCount() == 0 ? tr("No problems") : counts.join(QStringLiteral(", "));
    if (fixes > 0)
        text += tr(" — %n with a fix", nullptr, fixes);
    m_counts->setText(text);
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
    } else {
        m_file->clearError();
    }
    m_fileBox->show();
    // The bad line near the top with a few lines of context above it — once the view has its
    // size: built or shown just now, it is laid out on the next turn of the event loop (the
    // line was scrolled out of sight under its own message).
    const int line = std::max(0, p.line - 1);
    const auto reveal = [view = QPointer<JsonEditor>(m_file.get()), line] {
        if (!view)
            return;
        const long shown = view->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, static_cast<unsigned long>(line));
        view->setFirstVisibleLine(int(std::max(0L, shown - 3)));
    };
    reveal();
    QTimer::singleShot(0, m_file.get(), reveal);
}

} // namespace tw::ui

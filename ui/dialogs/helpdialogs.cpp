#include "dialogs/helpdialogs.h"

#include "widgets/jsoneditor.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QMainWindow>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tw::ui {

namespace {

QDialog* framed(QWidget* parent, const QString& title, QWidget* body, QSize size)
{
    auto* d = new QDialog(parent);
    d->setWindowTitle(title);
    d->setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(d);
    body->setParent(d);
    layout->addWidget(body, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, d);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::reject);
    layout->addWidget(buttons);
    d->resize(size);
    return d;
}

QString plain(QString text) { return text.remove(QLatin1Char('&')).replace(QStringLiteral("…"), QString()); }

void addRow(QTableWidget* t, const QString& where, const QString& what, const QString& keys)
{
    const int row = t->rowCount();
    t->insertRow(row);
    t->setItem(row, 0, new QTableWidgetItem(where));
    t->setItem(row, 1, new QTableWidgetItem(keys));
    t->setItem(row, 2, new QTableWidgetItem(what));
}

void addMenu(QTableWidget* t, QMenu* menu, const QString& where)
{
    for (QAction* a : menu->actions()) {
        if (a->menu()) {
            addMenu(t, a->menu(), where + QStringLiteral(" › ") + plain(a->menu()->title()));
            continue;
        }
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        addRow(t, where, plain(a->text()), keys.join(QStringLiteral(", ")));
    }
}

} // namespace

QDialog* createShortcutsDialog(QWidget* window)
{
    auto* table = new QTableWidget(0, 3);
    table->setHorizontalHeaderLabels({QObject::tr("Where"), QObject::tr("Keys"), QObject::tr("What")});
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setWordWrap(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    if (auto* main = qobject_cast<QMainWindow*>(window))
        for (QAction* m : main->menuBar()->actions())
            if (m->menu())
                addMenu(table, m->menu(), plain(m->menu()->title()));
    // What the JSON editors keep for themselves (movement, selection, word deletes, zoom).
    addRow(table, QObject::tr("JSON editors"), QObject::tr("Leave the editor (Tab indents in it)"),
           QKeySequence(Qt::CTRL | Qt::Key_Tab).toString(QKeySequence::NativeText) + QStringLiteral(", ") +
               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab).toString(QKeySequence::NativeText));
    JsonEditor probe;
    for (QsciCommand* c : probe.standardCommands()->commands()) {
        QStringList keys;
        for (int k : {c->key(), c->alternateKey()})
            if (k)
                keys << QKeySequence(k).toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            addRow(table, QObject::tr("JSON editors"), c->description(), keys.join(QStringLiteral(", ")));
    }
    table->resizeColumnToContents(0);
    table->resizeColumnToContents(1);
    table->horizontalHeader()->setStretchLastSection(true);
    return framed(window, QObject::tr("Keyboard Shortcuts"), table, QSize(640, 560));
}

QDialog* createDocsDialog(QWidget* parent)
{
    auto* browser = new QTextBrowser;
    browser->setOpenExternalLinks(true);
    QFile f(QStringLiteral(":/README.md"));
    QString text = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QObject::tr("The README is not bundled.");
    // The pictures live next to the README in the source tree, not in the application.
    static const QRegularExpression linkedImage(QStringLiteral("\\[!\\[[^\\]]*\\]\\([^)]*\\)\\]\\([^)]*\\)"));
    static const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\([^)]*\\)"));
    text.remove(linkedImage);
    text.remove(image);
    browser->setMarkdown(text);
    return framed(parent, QObject::tr("Toolwire Documentation"), browser, QSize(820, 640));
}

} // namespace tw::ui

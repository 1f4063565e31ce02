#include "controllers/problemsnavigator.h"

#include "controllers/problemscontroller.h"
#include "controllers/projectfiles.h"
#include "controllers/tooleditingcontroller.h"
#include "widgets/problemspanel.h"
#include "widgets/tooleditorpane.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

namespace tw::ui {

namespace {
void bringUp(QMainWindow* window, const char* name)
{
    if (auto* d = window->findChild<QDockWidget*>(QString::fromLatin1(name))) {
        d->show();
        d->raise();
    }
}
} // namespace

ProblemsNavigator::ProblemsNavigator(QMainWindow* window, ProblemsController* problems, ProblemsPanel* panel, ProjectFiles* files,
                                     ToolEditingController* tools, ToolEditorPane* editor)
    : QObject(window), m_window(window), m_tools(tools), m_editor(editor)
{
    m_button = new QToolButton(window->statusBar());
    m_button->setAutoRaise(true);
    m_button->setIcon(window->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_button->setToolTip(tr("Show the problems (View › Problems)"));
    m_button->hide();
    window->statusBar()->addPermanentWidget(m_button);

    // A file that did not load comes up at once; the rest wait behind the button.
    connect(files, &ProjectFiles::loadFailed, this, [this, problems](const QString& path, const Error& e) {
        problems->setFileProblem(path, e);
        showProblems();
    });
    connect(problems, &ProblemsController::countChanged, this, [this](int n) {
        m_button->setText(tr("%n problem(s)", nullptr, n));
        m_button->setVisible(n > 0);
    });
    connect(m_button, &QToolButton::clicked, this, &ProblemsNavigator::showProblems);
    connect(panel, &ProblemsPanel::jumpRequested, this, &ProblemsNavigator::jumpTo);
    connect(panel, &ProblemsPanel::reopenRequested, files, &ProjectFiles::openWithConfirm);
}

void ProblemsNavigator::showProblems() { bringUp(m_window, "ProblemsDock"); }

void ProblemsNavigator::jumpTo(const Problem& p)
{
    switch (p.kind) {
    case Problem::Kind::ProjectFile: break; // shown in the panel itself
    case Problem::Kind::Choice: bringUp(m_window, "ChoiceDock"); break;
    case Problem::Kind::ToolList:
    case Problem::Kind::Tool:
        bringUp(m_window, "EditorDock");
        m_editor->setWholeList(p.kind == Problem::Kind::ToolList);
        if (p.kind == Problem::Kind::Tool && p.row >= 0)
            m_tools->selectRow(p.row);
        m_editor->showOffset(p.offset.value_or(0));
        break;
    }
}

} // namespace tw::ui

#include "controllers/problemsnavigator.h"

#include "controllers/docks.h"
#include "controllers/problemscontroller.h"
#include "controllers/projectfiles.h"
#include "controllers/tooleditingcontroller.h"
#include "jsontext.h"
#include "lint/pointer.h"
#include "widgets/jsoneditor.h"
#include "widgets/preseteditor.h"
#include "widgets/problemspanel.h"
#include "widgets/tooleditorpane.h"
#include "widgets/lazy.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

namespace tw::ui {

namespace {
void bringUp(QMainWindow* window, const char* name) { bringUpDock(window, QString::fromLatin1(name)); }
// Where the JSON value that starts at `at` ends (one past its last byte): a string, an
// object or array with what it holds, or a literal.
std::size_t valueEnd(std::string_view text, std::size_t at)
{
    if (at >= text.size())
        return at;
    const char first = text[at];
    if (first == '"' || first == '{' || first == '[') {
        int depth = 0;
        bool inString = false;
        for (std::size_t i = at; i < text.size(); ++i) {
            const char c = text[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"') {
                    inString = false;
                    if (depth == 0)
                        return i + 1;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
        }
        return text.size();
    }
    std::size_t i = at;
    while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && text[i] != '\n' && text[i] != ' ')
        ++i;
    return i;
}
} // namespace

ProblemsNavigator::ProblemsNavigator(QMainWindow* window, ProblemsController* problems, ProblemsPanel* panel, ProjectFiles* files,
                                     ToolEditingController* tools, ToolEditorPane* editor, PresetEditor* presets)
    : QObject(window), m_window(window), m_tools(tools), m_editor(editor), m_presets(presets)
{
    m_button = new QToolButton(window->statusBar());
    m_button->setAutoRaise(true);
    m_button->setIcon(lazyStandardIcon(QStyle::SP_MessageBoxWarning));
    m_button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_button->setToolTip(tr("Show the problems (View › Problems)"));
    m_button->hide();
    window->statusBar()->addPermanentWidget(m_button);

    // A file that did not load comes up at once; the rest wait behind the button.
    // At its full height: the file's text is shown there at the bad line, which a quarter of
    // the window (bringUpDock's size for a bottom dock) left out of sight.
    connect(files, &ProjectFiles::loadFailed, this, [this, problems](const QString& path, const Error& e) {
        problems->setFileProblem(path, e);
        if (auto* d = m_window->findChild<QDockWidget*>(QStringLiteral("ProblemsDock"))) {
            d->show();
            d->raise();
        }
    });
    // The count, with the icon of the worst: an error's when there is one (the button kept a
    // warning's while Send was refused for an error).
    auto showCount = [this, problems] {
        const int n = problems->model()->rowCount();
        const bool errors = problems->model()->errorCount() > 0;
        m_button->setText(tr("%n problem(s)", nullptr, n));
        m_button->setIcon(lazyStandardIcon(errors ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));
        m_button->setProperty("errors", errors);
        m_button->setVisible(n > 0);
    };
    connect(problems, &ProblemsController::countChanged, this, showCount);
    connect(problems->model(), &QAbstractItemModel::modelReset, this, showCount);
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
    case Problem::Kind::Messages:
        bringUp(m_window, "RequestDock");
        if (p.row != m_presets->currentPreset())
            m_presets->setCurrentPreset(p.row);
        m_presets->showMessagesProblem();
        break;
    case Problem::Kind::Lint: selectPointer(p); break;
    }
}

void ProblemsNavigator::selectPointer(const Problem& p)
{
    if (p.row < 0) {
        if (p.pointer.starts_with("/tool_choice")) {
            bringUp(m_window, "ChoiceDock");
        } else if (const int preset = ProblemsController::presetOf(p.pointer); preset >= 0) {
            bringUp(m_window, "RequestDock");
            if (preset != m_presets->currentPreset())
                m_presets->setCurrentPreset(preset);
        } else if (p.pointer.starts_with("/mock_tools")) {
            bringUp(m_window, "LoopDock");
        }
        return;
    }
    bringUp(m_window, "EditorDock");
    m_editor->setWholeList(false);
    m_tools->selectRow(p.row);
    // The editor shows the tool's JSON (pretty, as the project holds it): the finding's
    // pointer below the tool names the place to select. A draft may not hold it: its start then.
    JsonEditor* editor = m_editor->editor();
    const std::string prefix = "/tools/" + std::to_string(p.row);
    const std::string_view text = editor->utf8View();
    const auto at = lint::isWithin(p.pointer, prefix) ? locatePointer(text, lint::below(p.pointer, prefix)) : std::nullopt;
    if (!at) {
        m_editor->showOffset(0);
        return;
    }
    const std::size_t end = valueEnd(text, *at);
    m_editor->showOffset(*at);
    editor->SendScintilla(QsciScintillaBase::SCI_SETSEL, static_cast<unsigned long>(*at), static_cast<long>(end));
    editor->SendScintilla(QsciScintillaBase::SCI_SCROLLCARET);
}

} // namespace tw::ui

#include "shortcuts.h"

#include <vector>

namespace tw::ui::shortcuts {

namespace {

struct Row {
    Id id;
    QList<QKeySequence> keys;
};

const std::vector<Row>& table()
{
    static const std::vector<Row> rows = {
        {Id::NewProject, {QKeySequence(Qt::CTRL | Qt::Key_N)}},
        {Id::Open, {QKeySequence(Qt::CTRL | Qt::Key_O)}},
        {Id::Save, {QKeySequence(Qt::CTRL | Qt::Key_S)}},
        {Id::SaveAs, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}},
        {Id::Quit, {QKeySequence(Qt::CTRL | Qt::Key_Q)}},
        {Id::Undo, {QKeySequence(Qt::CTRL | Qt::Key_Z)}},
        {Id::Redo, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}},
        {Id::Cut, {QKeySequence(Qt::CTRL | Qt::Key_X)}},
        {Id::Copy, {QKeySequence(Qt::CTRL | Qt::Key_C)}},
        {Id::Paste, {QKeySequence(Qt::CTRL | Qt::Key_V)}},
        {Id::SelectAll, {QKeySequence(Qt::CTRL | Qt::Key_A)}},
        {Id::NewTool, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}},
        {Id::DuplicateTool, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D)}},
        {Id::RenameTool, {QKeySequence(Qt::Key_F2)}},
        {Id::PasteResponse, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V)}},
        {Id::Find, {QKeySequence(Qt::CTRL | Qt::Key_F)}},
        {Id::FilterTools, {QKeySequence(Qt::CTRL | Qt::Key_L)}},
        {Id::Send, {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}},
        {Id::Cancel, {QKeySequence(Qt::CTRL | Qt::Key_Period)}},
        {Id::RunLoop, {QKeySequence(Qt::Key_F5)}},
        {Id::StepLoop, {QKeySequence(Qt::Key_F10)}},
        {Id::StopLoop, {QKeySequence(Qt::SHIFT | Qt::Key_F5)}},
        {Id::Problems, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)}},
        {Id::KeyboardShortcuts, {QKeySequence(Qt::Key_F1)}},
        {Id::Import, {QKeySequence(Qt::CTRL | Qt::Key_I)}},
        {Id::Export, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)}},
        {Id::History, {QKeySequence(Qt::CTRL | Qt::Key_H)}},
        {Id::RunAllPresets, {QKeySequence(Qt::CTRL | Qt::Key_F5)}},
        // The right column's tabs, in their order (as Qt Creator's Alt+digit output panes).
        {Id::RequestDock, {QKeySequence(Qt::ALT | Qt::Key_1)}},
        {Id::ResponseDock, {QKeySequence(Qt::ALT | Qt::Key_2)}},
        {Id::LoopDock, {QKeySequence(Qt::ALT | Qt::Key_3)}},
    };
    return rows;
}

} // namespace

QList<QKeySequence> keys(Id id)
{
    for (const Row& r : table())
        if (r.id == id)
            return r.keys;
    return {};
}

QList<QKeySequence> wireTabKeys(int index)
{
    if (index < 0 || index >= 9)
        return {};
    return {QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + index))};
}

const QList<QKeySequence>& all()
{
    static const QList<QKeySequence> every = [] {
        QList<QKeySequence> out;
        for (const Row& r : table())
            out += r.keys;
        for (int i = 0; i < 9; ++i)
            out += wireTabKeys(i);
        return out;
    }();
    return every;
}

bool isWindowKey(int key)
{
    if (key == 0)
        return false;
    const QKeySequence k(key);
    for (const QKeySequence& s : all())
        if (s == k)
            return true;
    return false;
}

} // namespace tw::ui::shortcuts

#include "dialogs/fixpreviewdialog.h"

#include "json/json.h"
#include "lint/lower.h"
#include "projectdocument.h"
#include "util/linediff.h"
#include "util/strings.h"
#include "widgets/diffview.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace tw::ui {

namespace {

constexpr std::string_view kTools = "tools";

std::string toolName(const json::Value& tool)
{
    const json::Value& n = tool["name"];
    return n.isString() ? n.toStdString() : json::compact(n);
}

// What names tool `from` follows it to `to` (as ToolEditingController::renameTool does).
void renameReferences(project::Project& p, const std::string& from, const std::string& to)
{
    auto follow = [&](std::vector<std::string>& names) {
        for (std::string& n : names)
            if (n == from)
                n = to;
    };
    auto followChoice = [&](project::ChoiceSetting& c) {
        if (c.name == from)
            c.name = to;
        if (c.allowedTools)
            follow(*c.allowedTools);
    };
    followChoice(p.choice);
    for (project::Preset& preset : p.presets) {
        if (preset.choice)
            followChoice(*preset.choice);
        if (preset.tools)
            follow(*preset.tools);
    }
    if (p.mockTools.isObject() && p.mockTools.contains(from) && !p.mockTools.contains(to)) {
        std::vector<json::Member> members;
        for (const json::Member& m : p.mockTools.members())
            members.emplace_back(m.name() == from ? std::string_view(to) : m.name(), m.value);
        p.mockTools = json::Value::object(std::move(members));
    }
}

void appendDiff(std::string& out, const json::Value& before, const json::Value& after, const std::string& name)
{
    const std::string a = before.isNull() ? std::string() : json::pretty(before) + "\n";
    const std::string b = after.isNull() ? std::string() : json::pretty(after) + "\n";
    const util::LineDiff d = util::diffLines(a, b);
    if (d.tooLarge) {
        out += "--- " + name + " (before)\n+++ " + name + " (after)\n@@ too many lines differ to show @@\n";
        return;
    }
    out += util::unifiedDiff(d, name + " (before)", name + " (after)");
    if (!out.empty() && out.back() != '\n')
        out += '\n';
}

} // namespace

Result<project::Project, QString> projectWithFix(const project::Project& p, const lint::Fix& fix)
{
    auto patched = lint::applyPatch(project::toJson(p), fix.patch);
    if (!patched)
        return QObject::tr("The fix no longer applies: %1").arg(toQString(patched.error().message));
    auto parsed = project::parse(json::pretty(*patched), "project");
    if (!parsed)
        return QObject::tr("The fix would leave no valid project: %1").arg(toQString(parsed.error().message));
    project::Project out = std::move(*parsed);
    // A rename: what names the tool follows it, unless the patch saw to that already.
    if (out.tools.size() == p.tools.size()) {
        std::set<std::string> names;
        for (const json::Value& t : out.tools)
            names.insert(toolName(t));
        for (std::size_t i = 0; i < p.tools.size(); ++i) {
            const std::string from = toolName(p.tools[i]);
            const std::string to = toolName(out.tools[i]);
            if (from != to && !names.contains(from) && p.tools[i]["name"].isString() && out.tools[i]["name"].isString())
                renameReferences(out, from, to);
        }
    }
    return out;
}

QString fixStepName(const lint::Fix& fix) { return QObject::tr("Fix: %1").arg(toQString(fix.description)); }

QString fixDiff(const project::Project& before, const project::Project& after)
{
    const json::Value a = project::toJson(before);
    const json::Value b = project::toJson(after);
    std::string out;
    if (before.tools.size() == after.tools.size()) {
        for (std::size_t i = 0; i < before.tools.size(); ++i)
            if (!(before.tools[i] == after.tools[i]))
                appendDiff(out, before.tools[i], after.tools[i], "tools/" + std::to_string(i) + " " + toolName(before.tools[i]));
    } else {
        appendDiff(out, a[kTools], b[kTools], std::string(kTools));
    }
    // Every other member that changed (the tool choice, presets, mock tools, ...), in file order.
    std::vector<std::string> keys;
    for (const json::Value* doc : {&a, &b})
        for (const json::Member& m : doc->members())
            if (m.name() != kTools && std::find(keys.begin(), keys.end(), m.name()) == keys.end())
                keys.emplace_back(m.name());
    for (const std::string& k : keys)
        if (!(a[k] == b[k]))
            appendDiff(out, a[k], b[k], k);
    return toQString(out);
}

QString applyFix(ProjectDocument* doc, const lint::Fix& fix)
{
    auto next = projectWithFix(doc->project(), fix);
    if (!next)
        return next.error();
    if (*next == doc->project())
        return QObject::tr("The fix changes nothing: the project has it already.");
    doc->replaceProject(std::move(*next), fixStepName(fix));
    return QString();
}

FixPreviewDialog::FixPreviewDialog(ProjectDocument* doc, lint::Fix fix, QWidget* parent) : QDialog(parent), m_doc(doc), m_fix(std::move(fix))
{
    setObjectName(QStringLiteral("FixPreviewDialog"));
    setWindowTitle(tr("Apply fix"));
    auto* layout = new QVBoxLayout(this);
    auto* what = new QLabel(fixStepName(m_fix), this);
    what->setObjectName(QStringLiteral("fixDescription"));
    what->setWordWrap(true);
    what->setTextFormat(Qt::PlainText);
    QFont bold = what->font();
    bold.setBold(true);
    what->setFont(bold);
    layout->addWidget(what);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    m_diff = new DiffView(this);
    m_diff->setObjectName(QStringLiteral("fixDiff"));
    layout->addWidget(m_diff, 1);
    auto* buttons = new QDialogButtonBox(this);
    m_apply = buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(m_apply, &QPushButton::clicked, this, &FixPreviewDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    const auto after = projectWithFix(m_doc->project(), m_fix);
    if (!after) {
        m_summary->setText(after.error());
        m_apply->setEnabled(false);
    } else {
        const QString diff = fixDiff(m_doc->project(), *after);
        m_diff->showDiff(diff);
        m_summary->setText(diff.isEmpty() ? tr("The fix changes nothing: the project has it already.")
                                          : tr("Apply makes this change as one step (Edit › Undo takes it back)."));
        m_apply->setEnabled(!diff.isEmpty());
    }
    m_apply->setDefault(true);
    resize(640, 420);
}

FixPreviewDialog* FixPreviewDialog::preview(ProjectDocument* doc, const lint::Fix& fix, QWidget* parent)
{
    auto* d = new FixPreviewDialog(doc, fix, parent);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
    return d;
}

QString FixPreviewDialog::diffText() const { return m_diff->toPlainText(); }
QString FixPreviewDialog::summary() const { return m_summary->text(); }

bool FixPreviewDialog::apply()
{
    // The project may have changed since the preview opened: the fix is applied to it as it is now.
    const QString error = applyFix(m_doc, m_fix);
    if (!error.isEmpty()) {
        m_summary->setText(error);
        m_apply->setEnabled(false);
        return false;
    }
    Q_EMIT applied(fixStepName(m_fix));
    accept();
    return true;
}

} // namespace tw::ui

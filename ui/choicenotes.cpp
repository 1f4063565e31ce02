#include "choicenotes.h"

#include "util/strings.h"
#include "wire/registry.h"
#include "wires.h"

#include <QCoreApplication>

#include <algorithm>

namespace tw::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("tw::ui::ChoiceNotes", text); }

bool hasTool(const project::Project& p, const std::string& name) { return p.findTool(name) != nullptr; }

} // namespace

QString choiceProblem(const project::Project& p)
{
    const model::ChoiceSetting& c = p.choice;
    if (c.type == "tool") {
        if (c.name.empty())
            return tr("Pick the tool to force.");
        if (!hasTool(p, c.name))
            return tr("The forced tool “%1” is not in the tool list (removed or renamed): no wire can force it, and "
                      "requests fail until you pick another tool or another policy.")
                .arg(toQString(c.name));
        if (c.allowedTools && std::find(c.allowedTools->begin(), c.allowedTools->end(), c.name) == c.allowedTools->end())
            return tr("The forced tool “%1” is not among “Send only these tools”: it would not be sent.").arg(toQString(c.name));
    }
    if (c.allowedTools) {
        QStringList missing;
        int present = 0;
        for (const std::string& n : *c.allowedTools) {
            if (hasTool(p, n))
                ++present;
            else
                missing << QStringLiteral("“%1”").arg(toQString(n));
        }
        if (!p.tools.empty() && present == 0)
            return tr("No tool is checked under “Send only these tools”: requests carry no tools at all.");
        if (!missing.isEmpty())
            return tr("%1 under “Send only these tools” %2 not in the tool list.")
                .arg(missing.join(QStringLiteral(", ")), missing.size() == 1 ? tr("is") : tr("are"));
    }
    return {};
}

QString wireChoiceNote(const project::Project& p, std::size_t index)
{
    if (index >= shownWires().size())
        return {};
    if (QString problem = choiceProblem(p); !problem.isEmpty())
        return problem;
    const wire::Dialect& d = wire::dialect(shownWires()[index]);
    const wire::Capabilities& caps = d.caps;
    const QString label = toQString(d.label);
    const model::ChoiceSetting& c = p.choice;
    if (c.type == "tool" && (!caps.choiceField || !caps.namedChoice)) {
        QString note = caps.choiceField ? tr("%1 cannot force one tool: “%2” is not forced in what this tab sends, so the model may answer "
                                             "without calling it.")
                                        : tr("%1 has no tool-choice field: the forced tool “%2” is not in what this tab sends, so the model "
                                             "may answer without calling it.");
        note = note.arg(label, toQString(c.name));
        if (caps.structuredOutput)
            note += QLatin1Char(' ') +
                tr("Send and the loop ask for its arguments as structured output instead when the "
                   "profile cannot force tools (the reply reads back as a synthetic call).");
        return note;
    }
    if (c.type == "any" && (!caps.choiceField || !caps.anyChoice))
        return tr("%1 cannot require a tool call (“any”): the model may answer in text.").arg(label);
    if (c.type == "none" && (!caps.choiceField || !caps.noneChoice))
        return tr("%1 cannot forbid tool calls while sending tools (“none”): see below for what it sends instead.").arg(label);
    return {};
}

QStringList wiresMissingTheChoice(const project::Project& p)
{
    QStringList out;
    for (std::size_t i = 0; i < shownWires().size(); ++i)
        if (!wireChoiceNote(p, i).isEmpty())
            out << wireLabel(i);
    return out;
}

} // namespace tw::ui

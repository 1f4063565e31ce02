#include "controllers/runcontroller.h"

#include "controllers/historycontroller.h"
#include "models/runresultsmodel.h"
#include "project/runner.h"
#include "project/runreport.h"
#include "projectdocument.h"

#include <QTimer>

namespace tw::ui {

RunController::RunController(ProjectDocument* doc, const Services& services, HistoryController* history, QObject* parent)
    : QObject(parent), m_doc(doc), m_services(services), m_history(history), m_results(new RunResultsModel(this))
{
}

RunController::~RunController() = default;

void RunController::setRunning(bool on)
{
    if (m_running == on)
        return;
    m_running = on;
    Q_EMIT runningChanged(on);
}

void RunController::runAll()
{
    if (m_running)
        return;
    m_project = std::make_unique<project::Project>(m_doc->project());
    m_presets = m_project->presets;
    std::vector<std::string> names;
    for (const project::Preset& p : m_presets)
        names.push_back(p.name);
    m_results->setPresets(names);
    if (!m_runner) {
        m_runner = std::make_unique<project::PresetRunner>(m_services.network);
        connect(m_runner.get(), &project::PresetRunner::finished, this, &RunController::onFinished);
    }
    m_row = -1;
    m_stopping = false;
    setRunning(true);
    Q_EMIT started(int(m_presets.size()));
    next();
}

void RunController::next()
{
    ++m_row;
    if (m_stopping || m_row >= int(m_presets.size())) {
        setRunning(false);
        Q_EMIT finished(m_results->passedCount(), m_results->failedCount());
        return;
    }
    m_results->setRunning(m_row);
    m_runner->start(*m_project, m_presets[size_t(m_row)], {});
}

void RunController::onFinished(const project::RunResult& r)
{
    const project::Preset& preset = m_presets[size_t(m_row)];
    if (m_history)
        m_history->recordFor(r.exchanges, preset.name, r.profile, r.model);
    project::PresetReport report;
    report.name = preset.name;
    report.add(r, preset.expect, *m_project);
    const bool passed = report.passed();
    m_results->setResult(m_row, std::move(report), r.exchanges.empty() ? std::nullopt : std::optional<provider::Exchange>(r.exchanges.back()));
    Q_EMIT presetFinished(m_row, passed);
    // The next preset once the runner has finished delivering this one.
    QTimer::singleShot(0, this, &RunController::next);
}

void RunController::stop()
{
    if (!m_running)
        return;
    m_stopping = true;
    m_runner->cancel();
}

} // namespace tw::ui

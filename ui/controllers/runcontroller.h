#pragma once
// "Run All Presets" in the window: every preset of the project, one after the other, as
// `toolwire run` runs them (project/runner.h: one request or the tool loop, the mock profile
// on a mock provider the runner owns, keys from the environment), each checked against its
// expectations into a PresetReport shown row by row (RunResultsModel). Runs are recorded in
// the history like window sends. One run of all at a time; stop() ends it after the current
// preset's request is cancelled.

#include "project/project.h"
#include "services.h"

#include <QObject>

#include <memory>
#include <vector>

namespace tw::project {
class PresetRunner;
struct RunResult;
} // namespace tw::project

namespace tw::ui {

class HistoryController;
class ProjectDocument;
class RunResultsModel;

class RunController : public QObject {
    Q_OBJECT
public:
    // doc and history (may be null) are not owned; the services are shared.
    RunController(ProjectDocument* doc, const Services& services, HistoryController* history, QObject* parent = nullptr);
    ~RunController() override;

    void runAll();
    void stop();
    bool isRunning() const { return m_running; }
    RunResultsModel* results() const { return m_results; }

Q_SIGNALS:
    void started(int presets);
    void presetFinished(int row, bool passed);
    void finished(int passed, int failed);
    void runningChanged(bool running);

private:
    void next();
    void onFinished(const project::RunResult& r);
    void setRunning(bool on);

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    HistoryController* m_history; // not owned, may be null
    RunResultsModel* m_results; // child
    std::unique_ptr<project::PresetRunner> m_runner;
    bool m_running = false;
    bool m_stopping = false;
    int m_row = -1;
    std::vector<project::Preset> m_presets; // the presets as the run started
    std::unique_ptr<project::Project> m_project; // the project as the run started
};

} // namespace tw::ui

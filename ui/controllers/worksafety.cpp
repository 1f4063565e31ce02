#include "controllers/worksafety.h"

#include "controllers/autosave.h"
#include "controllers/diskwatch.h"
#include "controllers/docks.h"
#include "controllers/projectfiles.h"

#include <QMainWindow>
#include <QStatusBar>

namespace tw::ui {

WorkSafety installWorkSafety(QMainWindow* window, ProjectDocument* doc, ProjectFiles* files, Drafts* drafts, Banner* fileBanner)
{
    auto status = [window](const QString& message, int ms) { window->statusBar()->showMessage(message, ms); };
    auto* autosave = new Autosave(doc, files, window, window);
    autosave->setObjectName(QStringLiteral("autosave"));
    autosave->setDrafts(drafts);
    QObject::connect(autosave, &Autosave::statusMessage, window, status);
    auto* diskWatch = new DiskWatch(doc, fileBanner, window, window);
    diskWatch->setObjectName(QStringLiteral("diskWatch"));
    QObject::connect(diskWatch, &DiskWatch::statusMessage, window, status);
    QObject::connect(files, &ProjectFiles::loadFailed, diskWatch, &DiskWatch::showLoadError);
    QObject::connect(diskWatch, &DiskWatch::showProblemsRequested, window, [window] { bringUpDock(window, QStringLiteral("ProblemsDock")); });
    return {autosave, diskWatch};
}

} // namespace tw::ui

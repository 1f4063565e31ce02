#pragma once
// Never lose work: the window's autosave and recovery (Autosave, object name "autosave") and
// its watch on the project file as others change it (DiskWatch, object name "diskWatch",
// showing its strip in `fileBanner` over the wire tabs). Both are children of `window`;
// their status lines go to its status bar, a file that did not open is shown in the strip,
// and the strip's "show the problems" brings up the Problems dock.

class QMainWindow;

namespace tw::ui {

class Autosave;
class Banner;
class DiskWatch;
class ProjectDocument;
class ProjectFiles;
class Drafts;

struct WorkSafety {
    Autosave* autosave = nullptr; // child of the window
    DiskWatch* diskWatch = nullptr; // child of the window
};

// doc, files, drafts and fileBanner are not owned; drafts that do not parse are autosaved too.
WorkSafety installWorkSafety(QMainWindow* window, ProjectDocument* doc, ProjectFiles* files, Drafts* drafts, Banner* fileBanner);

} // namespace tw::ui

#pragma once
// File › Import for the window: reads a file, the clipboard or a dropped file through the
// core importer (project/io/importer.h: the kind is detected from the content), describes
// what it found — the detected format named for people, the tools, preset and MCP servers it
// brings, the tools whose names the project has already — and applies it as one named step
// on the document's undo stack, with the user's choice for each name conflict. Nothing here
// shows a widget: the import dialog presents a Plan and hands it back.

#include "project/io/importer.h"
#include "result.h"

#include <QObject>
#include <QString>

#include <string>
#include <vector>

namespace tw::ui {

class ProjectDocument;

class ImportController : public QObject {
    Q_OBJECT
public:
    // What to do with an imported tool whose name the project has already.
    enum class Resolution {
        Replace, // the imported tool replaces the project's
        KeepExisting, // the project's stays; the imported one is left out
        Rename, // the imported one comes in under a new name (renamed)
    };
    struct Conflict {
        std::string name; // the name both have
        std::string renamed; // the free name Rename uses ("get_weather_2")
        bool identical = false; // the two definitions are the same
        Resolution resolution = Resolution::Replace;
    };
    struct Plan {
        QString source; // "weather.json", "the clipboard"
        QString format; // the detected format, for people ("<wire label> request body")
        project::io::ImportResult imported;
        std::vector<Conflict> conflicts;
    };

    explicit ImportController(ProjectDocument* doc, QObject* parent = nullptr); // doc not owned

    // Reads the input and plans the import into the open project. Errors name the source,
    // what is wrong and where (line:column, JSON pointer): describe() words them.
    Result<Plan> prepare(const QByteArray& bytes, const QString& source) const;
    Result<Plan> prepareFile(const QString& path) const;
    // The project with the plan applied, checked the way a saved file is read; `notes`
    // receives what was replaced or renamed. Errors: the project check's.
    Result<project::Project> merged(const Plan& plan, std::vector<std::string>* notes = nullptr) const;
    // Applies the plan as one undo step ("Import … from …"); returns the status line.
    Result<QString> apply(const Plan& plan);

    // "source: message (at /tools/3/name)" — the error as the window shows it.
    static QString describe(const Error& e, const QString& source);
    // Whether an input the importer refused is worth showing as an import error (it looked
    // like one of its formats) rather than handing it to the response inspector.
    static bool looksImportable(const Error& e);

private:
    ProjectDocument* m_doc; // not owned
};

} // namespace tw::ui

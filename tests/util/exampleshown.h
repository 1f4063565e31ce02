#pragma once
// The window on the example project, shown, without settings: as a user first sees it.
// For the window's tests (toolwire_ui). Include as "../util/exampleshown.h".

#include "application.h" // kExampleProject
#include "mainwindow.h"
#include "projectdocument.h"
#include "services.h"

#include <QTest>

namespace tw::test {

struct ExampleShown {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};
    bool ready()
    {
        if (!w.openProject(QString::fromLatin1(ui::kExampleProject)))
            return false;
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return false;
        QTest::qWait(20); // the first layout passes after the expose
        return true;
    }
};

} // namespace tw::test
